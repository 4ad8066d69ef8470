/**
 * Line of sight (CORE-GEO-16) and cover (CORE-GEO-17).
 */
import { unitQuadrant, faceEdge } from "./arcs.js";
import type { UnitLayout } from "./layout.js";
import { pointInPolygon, pointSegmentDistance, segmentLengthInPolygon, type Polygon } from "./polygon.js";
import type { Footprint, OrientedRect } from "./rect.js";
import { closestPointOnFootprint, footprintBounds, footprintDistance, rectPolygon } from "./rect.js";
import type { TerrainFeature } from "./terrain.js";
import { elevationAt } from "./terrain.js";
import type { Vec2 } from "./vec.js";
import { EPSILON } from "./vec.js";
import { tieKey } from "../math/index.js";
import { boxNear, cachedBoxAround } from "./box.js";

/** Another unit on the table, for sight and path checks. */
export interface PlacedUnit {
  readonly id: string;
  readonly layout: UnitLayout;
}

/** Line-of-sight switches; `unitsGiveCover` is house rule HR-COVER-1. */
export interface SightOptions {
  readonly unitsGiveCover?: boolean;
}

/** Outcome of a line-of-sight check (CORE-GEO-16). */
export interface SightResult {
  readonly from: Vec2;
  readonly to: Vec2;
  readonly visible: boolean;
  /** `blocksLos` terrain the line passes through. */
  readonly blockingTerrain: readonly string[];
  /** Units that block the line (empty under HR-COVER-1). */
  readonly blockingUnits: readonly string[];
  /** Units the line passes through that give cover instead (HR-COVER-1 only). */
  readonly screeningUnits: readonly string[];
}

/**
 * Slack of the broad phases below: far above rounding error (a corner on a bounding circle or box
 * edge) and above the point-in-polygon tolerance, far below any distance the rules measure.
 */
const BROAD_SLACK = 1e-6;

/**
 * True when the box [x0, x1] × [y0, y1] lies clear of a polygon's bounding box (by the slack): no
 * point of the box is inside the polygon or on its boundary, so no segment within the box runs
 * through it. False means "maybe": test exactly.
 */
const boxMissesPolygon = (x0: number, y0: number, x1: number, y1: number, poly: Polygon): boolean =>
  !boxNear(cachedBoxAround(poly), x0, y0, x1, y1, BROAD_SLACK);

/** True when segment [a, b] certainly stays outside a polygon (bounding boxes apart). */
const segmentMissesPolygon = (a: Vec2, b: Vec2, poly: Polygon): boolean =>
  boxMissesPolygon(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y), poly);

/** True when segment [a, b] runs through the inside of a footprint for more than ε. */
export const segmentCrossesFootprint = (a: Vec2, b: Vec2, fp: Footprint): boolean =>
  fp.some((r: OrientedRect) => segmentLengthInPolygon(a, b, rectPolygon(r)) > EPSILON);

/** True when segment [a, b] runs through a terrain polygon for more than ε. */
export const segmentCrossesFeature = (a: Vec2, b: Vec2, feature: TerrainFeature): boolean =>
  segmentLengthInPolygon(a, b, feature.polygon) > EPSILON;

/**
 * Where a unit looks from (CORE-GEO-16): its front-edge centre; a square's face toward the target's
 * centre; a loose unit's model nearest the target.
 */
export const sightOrigin = (viewer: UnitLayout, target: Footprint): Vec2 => {
  if (viewer.kind === "block") return viewer.frame.p;
  if (viewer.kind === "square") {
    const n = target.length;
    const c = target.reduce((acc, r) => ({ x: acc.x + r.center.x / n, y: acc.y + r.center.y / n }), { x: 0, y: 0 });
    return faceEdge(viewer.footprint[0] as OrientedRect, unitQuadrant(viewer, c).face).mid;
  }
  let best = viewer.models[0]?.rect.center ?? viewer.frame.p;
  let bestD = Infinity;
  for (const m of viewer.models) {
    const d = tieKey(footprintDistance([m.rect], target));
    if (d < bestD) {
      bestD = d;
      best = m.rect.center;
    }
  }
  return best;
};

/**
 * Line of sight from `viewer` to `target` (CORE-GEO-16): origin to the target's nearest point,
 * blocked by `blocksLos` terrain and by other units lower than the viewer's front-edge centre.
 * @example lineOfSight(a, b, [{ id: "c", layout: c }], terrain, { unitsGiveCover: true }).visible
 */
export const lineOfSight = (
  viewer: UnitLayout,
  target: UnitLayout,
  others: readonly PlacedUnit[],
  terrain: readonly TerrainFeature[],
  options: SightOptions = {},
): SightResult => {
  const from = sightOrigin(viewer, target.footprint);
  const to = closestPointOnFootprint(from, target.footprint);
  const blockingTerrain: string[] = [];
  for (const t of terrain) {
    if (t.tags.blocksLos === true && !segmentMissesPolygon(from, to, t.polygon) && segmentCrossesFeature(from, to, t)) blockingTerrain.push(t.id);
  }
  const viewerHeight = elevationAt(terrain, viewer.frame.p);
  const crossed: string[] = [];
  for (const o of others) {
    if (o.layout === viewer || o.layout === target) continue;
    // Broad phase: a unit whose bounding circle the line passes clear of cannot be crossed.
    const c = footprintBounds(o.layout.footprint);
    if (pointSegmentDistance({ x: c.x, y: c.y }, from, to) > c.r + BROAD_SLACK) continue;
    if (elevationAt(terrain, o.layout.frame.p) >= viewerHeight && segmentCrossesFootprint(from, to, o.layout.footprint)) crossed.push(o.id);
  }
  const unitsGiveCover = options.unitsGiveCover === true;
  const blockingUnits = unitsGiveCover ? [] : crossed;
  return {
    from,
    to,
    visible: blockingTerrain.length === 0 && blockingUnits.length === 0,
    blockingTerrain,
    blockingUnits,
    screeningUnits: unitsGiveCover ? crossed : [],
  };
};

/** Cover grades, worst first (CORE-GEO-17). */
export type CoverGrade = "none" | "soft" | "hard";

/** The better of two cover grades; covers never stack (CORE-GEO-17, HR-COVER-1). */
export const betterCover = (a: CoverGrade, b: CoverGrade): CoverGrade =>
  a === "hard" || b === "hard" ? "hard" : a === "soft" || b === "soft" ? "soft" : "none";

/** Cover of a target as seen from a shooter (CORE-GEO-17). */
export interface CoverResult {
  readonly grade: CoverGrade;
  readonly inCover: boolean;
  /** Each model's own best cover, in footprint order. */
  readonly perModel: readonly CoverGrade[];
  readonly covered: number;
  readonly hard: number;
  readonly total: number;
}

/**
 * Cover of target models from `origin` (the shooter's front-edge centre), CORE-GEO-17: a model is
 * covered when its centre is inside cover or the line to its centre crosses cover; the target is
 * in cover when at least half its models are, hard when at least half are hard-covered.
 */
export const targetCover = (origin: Vec2, models: Footprint, terrain: readonly TerrainFeature[]): CoverResult => {
  // Broad phase on the whole fan of sight lines first: a feature whose bounding box is clear of the
  // box around the origin and every model centre covers no model (each line and centre is in it).
  let x0 = origin.x;
  let y0 = origin.y;
  let x1 = origin.x;
  let y1 = origin.y;
  for (const m of models) {
    const c = m.center;
    if (c.x < x0) x0 = c.x;
    if (c.x > x1) x1 = c.x;
    if (c.y < y0) y0 = c.y;
    if (c.y > y1) y1 = c.y;
  }
  const near = (t: TerrainFeature): boolean => !boxMissesPolygon(x0, y0, x1, y1, t.polygon);
  const hardFeatures = terrain.filter((t) => t.tags.hardCover === true && near(t));
  const softFeatures = terrain.filter((t) => t.tags.softCover === true && near(t));
  if (hardFeatures.length === 0 && softFeatures.length === 0) {
    // No cover anywhere near the lines of fire (an open field): every model is uncovered.
    return { grade: "none", inCover: false, perModel: models.map(() => "none"), covered: 0, hard: 0, total: models.length };
  }
  const covers = (c: Vec2, f: TerrainFeature): boolean =>
    !segmentMissesPolygon(origin, c, f.polygon) && (pointInPolygon(c, f.polygon) || segmentCrossesFeature(origin, c, f));
  const perModel: CoverGrade[] = models.map((m) =>
    hardFeatures.some((f) => covers(m.center, f)) ? "hard" : softFeatures.some((f) => covers(m.center, f)) ? "soft" : "none",
  );
  const total = perModel.length;
  const covered = perModel.filter((g) => g !== "none").length;
  const hard = perModel.filter((g) => g === "hard").length;
  const inCover = total > 0 && 2 * covered >= total;
  const grade: CoverGrade = !inCover ? "none" : 2 * hard >= total ? "hard" : "soft";
  return { grade, inCover, perModel, covered, hard, total };
};
