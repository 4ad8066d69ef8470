/**
 * Moving away: direction (CORE-GEO-25), flee paths (CORE-GEO-26), pursuit (CORE-GEO-27) and the
 * table edge (CORE-GEO-28).
 */
import type { Polygon } from "./polygon.js";
import { polygonsWithin } from "./polygon.js";
import type { Footprint, OrientedRect } from "./rect.js";
import { footprintDistance, rectCorners, rectPolygon, rectsOverlap } from "./rect.js";
import { firstApproach, firstClearTravel, footprintAt, rotateFootprint, sweptHulls } from "./sweep.js";
import type { TerrainFeature } from "./terrain.js";
import type { Vec2 } from "./vec.js";
import { EPSILON, angleDiff, angleOf, forward, inContact, lt, normalize, rotate, scale, sub } from "./vec.js";

/** The playing area [0, width] × [0, height] (CORE-GEO-2). */
export interface Table {
  readonly width: number;
  readonly height: number;
}

/** The default 72" × 48" table (CORE-GEO-2). */
export const DEFAULT_TABLE: Table = { width: 72, height: 48 };

/** How far short of an obstruction a blocked flee or pursuit stops (CORE-GEO-26, CORE-GEO-27). */
export const STOP_SHORT = 0.5;

/** Flee search order: 0, +15, −15, … +90, −90 degrees (CORE-GEO-26). */
export const FLEE_SEARCH_ANGLES: readonly number[] = [0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90];

/**
 * "Directly away" from X: unit(centre(self) − centre(X)), or the unit's rear −f when the centres
 * coincide (CORE-GEO-25).
 */
export const directionAway = (self: Vec2, from: Vec2, selfFacing: number): Vec2 => {
  const d = sub(self, from);
  return d.x === 0 && d.y === 0 ? scale(forward(selfFacing), -1) : normalize(d);
};

/** A unit's id and footprint, for path checks. */
export interface PlacedFootprint {
  readonly id: string;
  readonly footprint: Footprint;
}

/** What stands around a fleeing unit (CORE-GEO-26). */
export interface FleeSurroundings {
  readonly enemies: readonly PlacedFootprint[];
  readonly friends: readonly PlacedFootprint[];
  readonly terrain: readonly TerrainFeature[];
  readonly table?: Table;
}

/** Result of a flee (or fall back) move (CORE-GEO-26, CORE-GEO-28). */
export type FleeOutcome =
  | { readonly kind: "destroyed"; readonly rule: "CORE-GEO-26" }
  | {
      readonly kind: "moved";
      /** Direction travelled (e, or e turned by `searchAngle`). */
      readonly direction: Vec2;
      readonly searchAngle: number;
      readonly facing: number;
      readonly travelled: number;
      readonly footprint: OrientedRect[];
      /** Stopped 0.5" short of impassable terrain (or an enemy) because no direction was clear. */
      readonly stoppedShort: boolean;
      /** Friends whose footprint the swept area crossed. */
      readonly passedThrough: readonly string[];
      /** Any part crossed a table edge: the unit leaves play (CORE-GEO-28). */
      readonly leftTable: boolean;
    };

/** True when any corner of a footprint lies beyond a table edge by more than ε (CORE-GEO-28). */
export const crossesTableEdge = (fp: Footprint, table: Table = DEFAULT_TABLE): boolean =>
  fp.some((r) => rectCorners(r).some((c) => lt(c.x, 0) || lt(c.y, 0) || lt(table.width, c.x) || lt(table.height, c.y)));

/**
 * A move leaves the table when any part of the footprint crosses an edge during it (CORE-GEO-28);
 * the swept hull's extreme points are the start and end corners, so those two suffice.
 */
export const leavesTable = (start: Footprint, end: Footprint, table: Table = DEFAULT_TABLE): boolean =>
  crossesTableEdge(start, table) || crossesTableEdge(end, table);

/**
 * How far a footprint may travel along `dir` (a unit vector), up to `distance`, and stay wholly on
 * the table: moves that do not leave play (fall backs, flowing past a square, disengaging) stop at
 * the edge as they stop at any other obstruction. Zero when a part is already at or past the edge
 * it heads for.
 * @example travelOnTable(fp, { x: 0, y: 1 }, 6, { width: 72, height: 48 }) // 6, or less near the edge
 */
export const travelOnTable = (fp: Footprint, dir: Vec2, distance: number, table: Table = DEFAULT_TABLE): number => {
  let s = distance;
  for (const r of fp) {
    for (const c of rectCorners(r)) {
      if (dir.x > EPSILON) s = Math.min(s, (table.width - c.x) / dir.x);
      else if (dir.x < -EPSILON) s = Math.min(s, c.x / -dir.x);
      if (dir.y > EPSILON) s = Math.min(s, (table.height - c.y) / dir.y);
      else if (dir.y < -EPSILON) s = Math.min(s, c.y / -dir.y);
    }
  }
  return Math.max(0, s);
};

/**
 * Flees (or, with `keepFacing`, falls back) `distance` along `e` (CORE-GEO-26): the footprint turns
 * about `centre` to face its direction, the swept area is tested against enemies and impassable
 * terrain, the ±15° … ±90° search is made, and friends are passed through. Enemies already in
 * contact with the unit at the start (those it flees from) never block; the sweep starts 2ε along the
 * path so terrain merely touching the start position does not block either.
 * @example fleeMove(unit.footprint, centre, 90, e, 7, { enemies, friends, terrain: [] })
 */
export const fleeMove = (
  footprint: Footprint,
  centre: Vec2,
  facing: number,
  e: Vec2,
  distance: number,
  around: FleeSurroundings,
  options: { readonly keepFacing?: boolean } = {},
): FleeOutcome => {
  const table = around.table ?? DEFAULT_TABLE;
  const enemies = around.enemies.filter((u) => !inContact(footprintDistance(footprint, u.footprint)));
  const enemyPolys: Polygon[] = enemies.flatMap((u) => u.footprint.map(rectPolygon));
  const impassable: Polygon[] = around.terrain.filter((t) => t.tags.impassable === true).map((t) => t.polygon);
  const nudge = 2 * EPSILON;

  const baseHeading = angleOf(e);
  const turnedFor = (angle: number): { fp: OrientedRect[]; heading: number } => {
    const heading = options.keepFacing === true ? facing : baseHeading + angle;
    return { fp: rotateFootprint(footprint, centre, angleDiff(facing, heading)), heading };
  };
  const touchesAny = (hulls: Polygon[], polys: Polygon[]): boolean =>
    hulls.some((h) => polys.some((p) => polygonsWithin(h, p, EPSILON)));

  let enemyClearExists = false;
  let chosen: { dir: Vec2; angle: number } | null = null;
  for (const angle of FLEE_SEARCH_ANGLES) {
    const dir = rotate(e, angle);
    const { fp } = turnedFor(angle);
    const hulls = sweptHulls(footprintAt(fp, dir, nudge), scale(dir, Math.max(0, distance - nudge)));
    if (touchesAny(hulls, enemyPolys)) continue;
    enemyClearExists = true;
    if (touchesAny(hulls, impassable)) continue;
    chosen = { dir, angle };
    break;
  }
  if (!enemyClearExists) return { kind: "destroyed", rule: "CORE-GEO-26" };

  const dir = chosen?.dir ?? e;
  const { fp: turned, heading } = turnedFor(chosen?.angle ?? 0);
  let travelled = distance;
  if (chosen === null) {
    const hit = firstApproach(footprintAt(turned, dir, nudge), dir, Math.max(0, distance - nudge), [...impassable, ...enemyPolys], STOP_SHORT);
    travelled = hit === null ? distance : hit === 0 ? 0 : hit + nudge;
  }
  const friendRects = around.friends.flatMap((u) => u.footprint);
  const allRects = [...friendRects, ...around.enemies.flatMap((u) => u.footprint)];
  const end0 = footprintAt(turned, dir, travelled);
  // Friends are passed through, and so are enemies it was touching as it set off (those it flees
  // from): ending on any of them, it carries on to the first spot clear of every unit.
  if (end0.some((r) => allRects.some((f) => rectsOverlap(r, f)))) travelled = firstClearTravel(turned, dir, travelled, allRects);
  const end = footprintAt(turned, dir, travelled);
  const hulls = sweptHulls(turned, scale(dir, travelled));
  const passedThrough = around.friends
    .filter((u) => u.footprint.some((r) => hulls.some((h) => polygonsWithin(h, rectPolygon(r), 0))))
    .map((u) => u.id);
  return {
    kind: "moved",
    direction: dir,
    searchAngle: chosen?.angle ?? 0,
    facing: heading,
    travelled,
    footprint: end,
    stoppedShort: chosen === null,
    passedThrough,
    leftTable: leavesTable(turned, end, table),
  };
};

/** Result of a pursuit move (CORE-GEO-27). */
export interface PursuitOutcome {
  readonly footprint: OrientedRect[];
  readonly facing: number;
  readonly travelled: number;
  readonly stoppedShort: boolean;
}

/**
 * Pursues `distance` along the quarry's flee direction `e`, turned to face it about `centre`. A
 * quarry that was not caught (a non-empty `quarry` footprint) is never reached: a pursuer that would
 * end on it, touching it or less than 0.5" from it stops 0.5" short of it instead (CORE-PURS-4,
 * CORE-GEO-27).
 * @example pursuitMove(fp, centre, 90, north, 7, quarryFp).travelled // 6.5 when the quarry's rear is 7" ahead
 */
export const pursuitMove = (footprint: Footprint, centre: Vec2, facing: number, e: Vec2, distance: number, quarry: Footprint): PursuitOutcome => {
  const heading = angleOf(e);
  const turned = rotateFootprint(footprint, centre, angleDiff(facing, heading));
  const stop = stopShortOfQuarry(turned, e, distance, quarry);
  return { footprint: footprintAt(turned, e, stop), facing: heading, travelled: stop, stoppedShort: stop < distance };
};

/** Travel along `dir` up to `distance` that ends at least 0.5" from the quarry (CORE-PURS-4). */
const stopShortOfQuarry = (fp: Footprint, dir: Vec2, distance: number, quarry: Footprint): number => {
  if (quarry.length === 0) return distance;
  const clear = stopClearOf(fp, dir, distance, [quarry]);
  if (!lt(footprintDistance(footprintAt(fp, dir, clear), quarry), STOP_SHORT)) return clear;
  const at = firstApproach(fp, dir, clear, quarry.map(rectPolygon), STOP_SHORT);
  return at === null ? clear : Math.max(0, Math.min(clear, at));
};

/**
 * How far a footprint moving `travelled` along `dir` may go without ending on another unit: while
 * its end position overlaps some of `others`, it stops 0.5" short of the first of them it meets on
 * the way (CORE-GEO-27 for a pursuer's quarry; CORE-MOVE-4, CORE-GEO-18 for any other unit a pursuer
 * passes). Returns `travelled` when the end is already clear.
 * @example stopClearOf(fp, north, 12, [friend.footprint, fleeingEnemy.footprint]) // 7.5
 */
export const stopClearOf = (fp: Footprint, dir: Vec2, travelled: number, others: readonly Footprint[]): number => {
  let s = travelled;
  for (;;) {
    const end = footprintAt(fp, dir, s);
    const hit = others.filter((o) => end.some((r) => o.some((q) => rectsOverlap(r, q))));
    if (hit.length === 0 || s <= 0) return s;
    const stop = Math.max(0, Math.min(s, firstApproach(fp, dir, s, hit.flatMap((o) => o.map(rectPolygon)), STOP_SHORT) ?? 0));
    if (stop >= s) return 0;
    s = stop;
  }
};
