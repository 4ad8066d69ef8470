import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ARTILLERY_DIE_FACES,
  BASE_SIZES,
  FIRE_DIAMETER,
  SCATTER_DIE_FACES,
  TEMPLATE_DIAMETERS,
  aimPoint,
  arrowAngle,
  basesUnderTemplate,
  fireTouches,
  layoutUnit,
  rectDistance,
  roundshotHits,
  roundshotSegment,
  scatter,
  segmentHitsBase,
  segmentSegmentDistance,
  rectCorners,
  spreadFire,
  startFire,
  templateTouches,
  unitCentre,
  vec,
} from "../../src/geometry/index.js";
import type { OrientedRect, Vec2 } from "../../src/geometry/index.js";

const W = 20 / 25.4;
const foot = BASE_SIZES.foot;
const block = layoutUnit({ kind: "block", files: 4, count: 8, base: foot }, { p: vec(0, 0), facing: 90 });

/** Closed segment–rectangle distance, for cross-checking the half-open rule. */
const segmentRectGap = (a: Vec2, b: Vec2, r: OrientedRect): number => {
  const c = rectCorners(r);
  const probe: OrientedRect = { center: a, halfWidth: 0, halfDepth: 0, facing: 0 };
  if (rectDistance(probe, r) === 0) return 0;
  return Math.min(...c.map((p, i) => segmentSegmentDistance(a, b, p, c[(i + 1) % 4] as Vec2)));
};

describe("templates, scatter and roundshot", () => {
  it("CORE-GEO-29: a template touches a base when centre-to-rectangle distance ≤ D/2", () => {
    const base: OrientedRect = { center: vec(0, 0), halfWidth: 0.5, halfDepth: 0.5, facing: 90 };
    expect(TEMPLATE_DIAMETERS.volley).toBe(5);
    expect(templateTouches(vec(3, 0), 5, base)).toBe(true);
    expect(templateTouches(vec(3.0015, 0), 5, base)).toBe(false);
    expect(templateTouches(vec(0.5 + 0.75 / Math.SQRT2, 0.5 + 0.75 / Math.SQRT2), 1.5, base)).toBe(true);
    expect(basesUnderTemplate(vec(0, 0.502), 1, block.models.map((m) => m.rect))).toEqual([]);
    expect(basesUnderTemplate(vec(0, -W), 1, block.models.map((m) => m.rect))).toEqual([1, 2, 5, 6]);
  });

  it("CORE-GEO-30: dice faces, and scatter moves C by s along φ", () => {
    expect(ARTILLERY_DIE_FACES).toEqual([2, 4, 6, 8, 10, "MISFIRE"]);
    expect(SCATTER_DIE_FACES.filter((f) => f === "ARROW")).toHaveLength(4);
    expect(arrowAngle(0.25)).toBe(90);
    const p = scatter(vec(10, 10), 4, 90);
    expect(p.x).toBeCloseTo(10, 12);
    expect(p.y).toBeCloseTo(14, 12);
    const q = scatter(vec(0, 0), 2, 225);
    expect(q.x).toBeCloseTo(-Math.SQRT2, 12);
  });

  it("CORE-GEO-32: the aim point is where the muzzle-to-centre line enters the footprint", () => {
    const p0 = aimPoint(vec(10, 20), block.footprint, unitCentre(block));
    // Line from (10, 20) to (0, −W) meets the front edge y = 0 at x = 10·W/(20+W).
    expect(p0.y).toBeCloseTo(0, 12);
    expect(p0.x).toBeCloseTo((10 * W) / (20 + W), 12);
  });

  it("CORE-GEO-32: a roundshot along a shared edge hits one base per rank, not both", () => {
    const muzzle = vec(0, 20);
    const p0 = aimPoint(muzzle, block.footprint, unitCentre(block));
    expect(p0.x).toBeCloseTo(0, 12);
    const seg = roundshotSegment(muzzle, p0, 3);
    expect(seg.to.y).toBeCloseTo(-3, 12);
    // Files 1 and 2 share the edge x = 0; the half-open rule gives it to file 2 (its left edge).
    const hits = roundshotHits(seg, [{ id: "u", layout: block }]);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.hits).toBe(2);
    const hitFiles = (hits[0]?.models ?? []).map((i) => block.models[i]?.file);
    expect(hitFiles).toEqual([2, 2]);
  });

  it("CORE-GEO-32: each model is hit once; a square met at all loses min(4, models)", () => {
    const diagonal = { from: vec(-2 * W - 1, 1), to: vec(2 * W + 1, -2 * W - 1) };
    const hits = roundshotHits(diagonal, [{ id: "u", layout: block }]);
    const models = hits[0]?.models ?? [];
    expect(new Set(models).size).toBe(models.length);
    const square = layoutUnit({ kind: "square", count: 24, base: foot }, { p: vec(20, 0), facing: 90 });
    const grazing = { from: vec(20 - 2.7559055, 5), to: vec(20 - 2.7559055, -1) };
    expect(roundshotHits(grazing, [{ id: "sq", layout: square }])[0]?.hits).toBe(4);
    const small = layoutUnit({ kind: "square", count: 4, base: foot }, { p: vec(20, 0), facing: 90 });
    expect(roundshotHits({ from: vec(20, 5), to: vec(20, -5) }, [{ id: "sq", layout: small }])[0]?.hits).toBe(4);
    expect(roundshotHits({ from: vec(30, 5), to: vec(30, -5) }, [{ id: "sq", layout: square }])).toEqual([]);
  });

  it("CORE-GEO-32: a bounce line never hits a base it does not cross (property)", () => {
    const coord = fc.double({ min: -4, max: 4, noNaN: true });
    fc.assert(
      fc.property(coord, coord, coord, coord, (ax, ay, bx, by) => {
        const a = vec(ax, ay - 1);
        const b = vec(bx, by - 1);
        for (const m of block.models) {
          if (segmentHitsBase(a, b, m.rect)) expect(segmentRectGap(a, b, m.rect)).toBeLessThan(1e-9);
          // A segment whose midpoint is well inside a base always hits it.
          const mid = vec((a.x + b.x) / 2, (a.y + b.y) / 2);
          const inner: OrientedRect = { ...m.rect, halfWidth: m.rect.halfWidth - 1e-6, halfDepth: m.rect.halfDepth - 1e-6 };
          if (segmentRectGap(mid, mid, inner) === 0) expect(segmentHitsBase(a, b, m.rect)).toBe(true);
        }
        const hits = roundshotHits({ from: a, to: b }, [{ id: "u", layout: block }]);
        const listed = hits[0]?.models ?? [];
        expect(new Set(listed).size).toBe(listed.length);
      }),
      { seed: 32, numRuns: 400 },
    );
  });

  it("CORE-GEO-33: a fire spreads by a 2\" circle 2\" downwind of its newest circle", () => {
    expect(FIRE_DIAMETER).toBe(2);
    let fire = startFire(vec(10, 10));
    fire = spreadFire(fire, 0);
    fire = spreadFire(fire, 90);
    expect(fire).toHaveLength(3);
    expect(fire[2]?.x).toBeCloseTo(12, 12);
    expect(fire[2]?.y).toBeCloseTo(12, 12);
    const base: OrientedRect = { center: vec(12, 13.4), halfWidth: 0.5, halfDepth: 0.5, facing: 90 };
    expect(fireTouches(fire, base)).toBe(true);
    expect(fireTouches(fire, { ...base, center: vec(12, 13.6) })).toBe(false);
  });
});
