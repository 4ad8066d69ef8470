/**
 * Terrain as tagged polygons (CORE-GEO-31): elevation, "on a hill", and lookups by tag.
 */
import type { Polygon } from "./polygon.js";
import { pointInPolygon, polygonEdges, segmentIntersectionParams } from "./polygon.js";
import type { Footprint } from "./rect.js";
import { rectCorners } from "./rect.js";
import type { Vec2 } from "./vec.js";
import { lerp } from "./vec.js";
import { boxAround, boxUnion, type Box } from "./box.js";

/** Flammability class of a terrain feature (CORE-GEO-31). */
export type Flammability = "woods" | "field" | "woodenBuilding" | "stoneBuilding";

/** A terrain feature: an area with tags; linear obstacles also carry a polyline (CORE-GEO-31). */
export type TerrainFeature = {
  id: string;
  kind: string;
  polygon: Vec2[];
  polyline?: Vec2[];
  tags: {
    softCover?: boolean;
    hardCover?: boolean;
    difficult?: boolean;
    veryDifficult?: boolean;
    obstacle?: boolean;
    impassable?: boolean;
    blocksLos?: boolean;
    road?: boolean;
    water?: boolean;
    hill?: number;
    flammability?: "woods" | "field" | "woodenBuilding" | "stoneBuilding";
  };
};

/** A boolean tag name of {@link TerrainFeature}. */
export type TerrainFlag = Exclude<keyof TerrainFeature["tags"], "hill" | "flammability">;

/** Features carrying a boolean tag. */
export const featuresWith = (terrain: readonly TerrainFeature[], tag: TerrainFlag): TerrainFeature[] =>
  terrain.filter((t) => t.tags[tag] === true);

/** Hill features (elevation ≥ 1). */
export const hills = (terrain: readonly TerrainFeature[]): TerrainFeature[] => terrain.filter((t) => (t.tags.hill ?? 0) >= 1);

/** True when X lies inside (or on the edge of) the feature's polygon. */
export const pointInFeature = (x: Vec2, feature: TerrainFeature): boolean => pointInPolygon(x, feature.polygon);

/** Elevation at X: highest hill containing it, 0 if none (CORE-GEO-31). */
export const elevationAt = (terrain: readonly TerrainFeature[], x: Vec2): number => {
  let e = 0;
  for (const t of terrain) {
    const h = t.tags.hill ?? 0;
    if (h > e && pointInPolygon(x, t.polygon)) e = h;
  }
  return e;
};

/** True when X is inside some polygon of the list. */
const inAny = (x: Vec2, polys: readonly Polygon[]): boolean => polys.some((p) => pointInPolygon(x, p));

/**
 * "On a hill" (CORE-GEO-31, HR-HILL-1): the whole footprint lies inside the union of hill polygons.
 * The footprint's outline is checked piecewise between every crossing with a hill edge, so a unit
 * straddling two touching hills counts; a hole enclosed by a ring of hills is not detected.
 */
export const isOnHill = (terrain: readonly TerrainFeature[], footprint: Footprint): boolean => {
  const polys = hills(terrain).map((t) => t.polygon);
  if (polys.length === 0) return false;
  const hillEdges = polys.flatMap((p) => polygonEdges(p));
  for (const rect of footprint) {
    const corners = rectCorners(rect);
    for (let i = 0; i < 4; i++) {
      const a = corners[i] as Vec2;
      const b = corners[(i + 1) % 4] as Vec2;
      const ts = [0, 1];
      for (const [c, d] of hillEdges) {
        const hit = segmentIntersectionParams(a, b, c, d);
        if (hit !== null) ts.push(hit.s);
      }
      ts.sort((x, y) => x - y);
      if (!inAny(a, polys)) return false;
      for (let k = 0; k + 1 < ts.length; k++) {
        const t0 = ts[k] as number;
        const t1 = ts[k + 1] as number;
        if (t1 > t0 && !inAny(lerp(a, b, (t0 + t1) / 2), polys)) return false;
      }
    }
  }
  return true;
};

/** Boxes already computed, per feature object (features are immutable values inside the engine's own states). */
const BOXES = new WeakMap<TerrainFeature, Box>();

/** The box around a feature (its polygon and any polyline); cached. */
function boxOf(t: TerrainFeature): Box {
  let b = BOXES.get(t);
  if (b !== undefined) return b;
  b = t.polyline === undefined ? boxAround(t.polygon) : boxUnion(boxAround(t.polygon), boxAround(t.polyline));
  BOXES.set(t, b);
  return b;
}

/**
 * The features that may come within `r` inches of the point (x, y) (a broad phase: every feature
 * whose box is farther is left out, so tests on what is left give the same answers as on the whole
 * list for any shape inside that circle). Order is kept. The whole list when nothing is left out.
 */
export const terrainNear = (terrain: readonly TerrainFeature[], x: number, y: number, r: number): readonly TerrainFeature[] => {
  let out: TerrainFeature[] | null = null;
  // A millionth of an inch of slack, so rounding in the exact distances never disagrees with the box.
  const rr = (r + 1e-6) * (r + 1e-6);
  for (let i = 0; i < terrain.length; i++) {
    const t = terrain[i] as TerrainFeature;
    const b = boxOf(t);
    const dx = x < b.x0 ? b.x0 - x : x > b.x1 ? x - b.x1 : 0;
    const dy = y < b.y0 ? b.y0 - y : y > b.y1 ? y - b.y1 : 0;
    const near = dx * dx + dy * dy <= rr;
    if (near && out !== null) out.push(t);
    else if (!near && out === null) out = terrain.slice(0, i);
  }
  return out ?? terrain;
};
