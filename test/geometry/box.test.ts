/**
 * The broad-phase box kernel (src/geometry/box.ts) against the three checks it replaced, kept here
 * word for word as its contract: terrain lookups (`terrainNear`), sight and cover
 * (`boxMissesPolygon`) and FnF pricing (`featureNearSegment`) must answer bit for bit as before.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxAround, boxNear, boxUnion, cachedBoxAround } from "../../src/geometry/box.js";
import { terrainNear, type TerrainFeature } from "../../src/geometry/terrain.js";
import type { Vec2 } from "../../src/geometry/vec.js";
import { featureNearSegment, featuresNearSegment } from "../../src/rules/fnf/geometry/terrain.js";
import type { TerrainFeature as FnfFeature } from "../../src/rules/fnf/geometry/feature.js";

// Coordinates that often coincide or sit a hair apart, so touching boxes and rounding edges come up.
const coord = fc.oneof(
  fc.constantFrom(0, -0),
  fc.double({ min: -30, max: 30, noNaN: true }),
  fc.integer({ min: -4, max: 4 }),
  fc.constantFrom(1e-6, -1e-6, 1 + 1e-6, 0.1 + 0.2, 2 - 1e-6, 3.000001, -0.000001),
);
const point = fc.record({ x: coord, y: coord });
const points = fc.array(point, { maxLength: 6 });

// --- the old code, as it stood before the kernel ---------------------------------------------

/** src/geometry/terrain.ts: the box of a feature's polygon and polyline together. */
function oldFeatureBox(t: { polygon: readonly Vec2[]; polyline?: readonly Vec2[] | undefined }): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of t.polygon) {
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  for (const p of t.polyline ?? []) {
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  return { x0, y0, x1, y1 };
}

/** src/geometry/terrain.ts `terrainNear`'s test of one feature. */
function oldTerrainNear(t: { polygon: readonly Vec2[]; polyline?: readonly Vec2[] }, x: number, y: number, r: number): boolean {
  const rr = (r + 1e-6) * (r + 1e-6);
  const b = oldFeatureBox(t);
  const dx = x < b.x0 ? b.x0 - x : x > b.x1 ? x - b.x1 : 0;
  const dy = y < b.y0 ? b.y0 - y : y > b.y1 ? y - b.y1 : 0;
  return dx * dx + dy * dy <= rr;
}

/** src/geometry/sight.ts `boxMissesPolygon`. */
function oldBoxMissesPolygon(x0: number, y0: number, x1: number, y1: number, poly: readonly Vec2[]): boolean {
  const b = oldFeatureBox({ polygon: poly });
  const S = 1e-6;
  return x1 < b.x0 - S || x0 > b.x1 + S || y1 < b.y0 - S || y0 > b.y1 + S;
}

/** src/rules/fnf/geometry/terrain.ts `featureNearSegment`. */
function oldFeatureNearSegment(f: { polygon: readonly Vec2[]; polyline?: readonly Vec2[] | undefined; width?: number | undefined }, a: Vec2, b: Vec2): boolean {
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  const boxNearOld = (pts: readonly Vec2[], grow: number): boolean => {
    const bx = oldFeatureBox({ polygon: pts });
    return bx.x0 - grow <= maxX && minX <= bx.x1 + grow && bx.y0 - grow <= maxY && minY <= bx.y1 + grow;
  };
  if (f.polygon.length >= 3 && boxNearOld(f.polygon, 1e-6)) return true;
  return f.polyline !== undefined && f.polyline.length > 0 && boxNearOld(f.polyline, (f.width ?? 1) / 2 + 1e-6);
}

const RUNS = { seed: 31, numRuns: 3000 };

describe("broad-phase boxes", () => {
  it("CORE-GEO-31: a feature's box is the union of its polygon's and its polyline's, as one pass over both gave", () => {
    fc.assert(
      fc.property(points, fc.option(points, { nil: undefined }), (polygon, polyline) => {
        const old = oldFeatureBox(polyline === undefined ? { polygon } : { polygon, polyline });
        expect(boxUnion(boxAround(polygon), boxAround(polyline ?? []))).toEqual(old);
        expect(cachedBoxAround(polygon)).toEqual(boxAround(polygon));
      }),
      RUNS,
    );
  });

  it("CORE-GEO-31: terrainNear, on the kernel's boxes, keeps or drops a feature as before", () => {
    fc.assert(
      fc.property(points, point, fc.double({ min: 0, max: 20, noNaN: true }), (polygon, p, r) => {
        const old = oldTerrainNear({ polygon }, p.x, p.y, r);
        const feature: TerrainFeature = { id: "f", kind: "woods", polygon, tags: {} };
        expect(terrainNear([feature], p.x, p.y, r).length === 1).toBe(old);
      }),
      RUNS,
    );
  });

  it("CORE-GEO-16: a query box near a polygon's box (sight's broad phase) answers as before", () => {
    fc.assert(
      fc.property(points, point, point, (polygon, a, b) => {
        const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
        const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
        expect(!boxNear(cachedBoxAround(polygon), x0, y0, x1, y1, 1e-6)).toBe(oldBoxMissesPolygon(x0, y0, x1, y1, polygon));
      }),
      RUNS,
    );
  });

  it("FNF-GEO-6: a segment near a feature's area or strip (FnF pricing's broad phase) answers as before", () => {
    fc.assert(
      fc.property(points, fc.option(points, { nil: undefined }), fc.option(fc.double({ min: 0, max: 4, noNaN: true }), { nil: undefined }), point, point, (polygon, polyline, width, a, b) => {
        const f: FnfFeature = { id: "f", kind: "hedge", polygon, tags: {}, ...(polyline === undefined ? {} : { polyline }), ...(width === undefined ? {} : { width }) };
        const old = oldFeatureNearSegment(f, a, b);
        expect(featureNearSegment(f, a, b)).toBe(old);
        expect(featuresNearSegment([f], a, b).length === 1).toBe(old);
      }),
      RUNS,
    );
  });
});
