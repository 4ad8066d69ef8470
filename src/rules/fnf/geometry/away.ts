import type { TerrainFeature } from "./feature.js";
import type { OrientedRect, Polygon, Vec2 } from "./prims.js";
import { EPSILON, addScaled, convexHull, polygonDistance, rectCorners, rectsOverlap, rotate, scale, translateRect } from "./prims.js";
import type { Pricing } from "./pricing.js";
import { pathCost } from "./pricing.js";
import { basesDistance } from "./measure.js";
import { featuresOf } from "./terrain.js";

/** What stands around a unit moving away (FNF-GEO-9). */
export interface AwayWorld {
  readonly terrain: readonly TerrainFeature[];
  readonly table: { readonly width: number; readonly height: number };
  /** Enemy bases that block (those not in contact with the mover at the start). */
  readonly enemies: readonly OrientedRect[];
  /** Friendly bases: passed through, but the mover may not end on them. */
  readonly friends: readonly OrientedRect[];
}

/** How far a move away goes (FNF-GEO-9). */
export type AwayLength =
  | { readonly kind: "fixed"; readonly length: number }
  | { readonly kind: "priced"; readonly allowance: number; readonly pricing: Pricing }
  | { readonly kind: "beyond"; readonly from: readonly OrientedRect[]; readonly range: number; readonly max: number | null };

/** The outcome of a move away. */
export interface AwayResult {
  readonly offset: Vec2;
  readonly direction: Vec2;
  readonly distance: number;
  readonly stoppedBy: "none" | "enemy" | "terrain";
  readonly offTable: boolean;
}

/** Rotations tried when the way is blocked, in order (AMB-92). */
export const AWAY_ROTATIONS = [0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90] as const;

const moved = (bases: readonly OrientedRect[], d: Vec2, s: number): OrientedRect[] => bases.map((b) => translateRect(b, scale(d, s)));

/** Longest distance along `d` whose priced cost fits the allowance (FNF-MOVE-2). */
export function pricedReach(bases: readonly OrientedRect[], d: Vec2, allowance: number, pricing: Pricing, terrain: readonly TerrainFeature[]): number {
  const cost = (s: number): number => Math.max(...bases.map((b) => pathCost(terrain, [b.center, addScaled(b.center, d, s)], pricing)));
  let lo = 0;
  let hi = allowance * Math.max(1, pricing.rate.road);
  if (cost(hi) <= allowance + 1e-9) return hi;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (cost(mid) <= allowance + 1e-9) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Shortest distance along `d` after which every base is more than `range` from `from` (capped). */
export function reachBeyond(bases: readonly OrientedRect[], d: Vec2, from: readonly OrientedRect[], range: number, cap: number): number {
  const clear = (s: number): boolean => basesDistance(moved(bases, d, s), from) > range + EPSILON;
  if (clear(0)) return 0;
  const step = 0.1;
  let prev = 0;
  for (let s = step; s <= cap + step; s += step) {
    const t = Math.min(s, cap);
    if (clear(t)) {
      let lo = prev;
      let hi = t;
      for (let i = 0; i < 30; i++) {
        const mid = (lo + hi) / 2;
        if (clear(mid)) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    prev = t;
    if (t >= cap) break;
  }
  return cap;
}

/** What the footprint swept along `d` for `s` first meets (FNF-GEO-9). */
function sweepHits(bases: readonly OrientedRect[], d: Vec2, s: number, world: AwayWorld, impassable: readonly Polygon[]): "none" | "enemy" | "terrain" {
  if (s <= 0) return "none";
  const hulls = bases.map((b) => convexHull([...rectCorners(b), ...rectCorners(translateRect(b, scale(d, s)))]));
  if (hulls.some((h) => world.enemies.some((e) => polygonDistance(h, rectCorners(e)) <= EPSILON))) return "enemy";
  if (hulls.some((h) => impassable.some((p) => polygonDistance(h, p) <= 0))) return "terrain";
  return "none";
}

/** The length a move away wants along a direction. */
function wanted(bases: readonly OrientedRect[], d: Vec2, length: AwayLength, world: AwayWorld): number {
  switch (length.kind) {
    case "fixed":
      return length.length;
    case "priced":
      return pricedReach(bases, d, length.allowance, length.pricing, world.terrain);
    case "beyond":
      return reachBeyond(bases, d, length.from, length.range, length.max ?? 500);
  }
}

/**
 * Moves bases directly away along `e`, keeping formation and facing (FNF-GEO-9): rotated ±15°…±90°
 * when blocked, else stopped 0.5" short; friends passed through; off the table when any part would
 * cross the edge (AMB-92).
 */
export function moveAway(bases: readonly OrientedRect[], e: Vec2, length: AwayLength, world: AwayWorld): AwayResult {
  const impassable = featuresOf(world.terrain, ["impassable"]).map((f) => f.polygon);
  let dir = e;
  let s = 0;
  let stoppedBy: AwayResult["stoppedBy"] = "none";
  let found = false;
  for (const deg of AWAY_ROTATIONS) {
    const d = rotate(e, deg);
    const want = wanted(bases, d, length, world);
    if (sweepHits(bases, d, want, world, impassable) === "none") {
      [dir, s, found] = [d, want, true];
      break;
    }
  }
  if (!found) {
    const want = wanted(bases, e, length, world);
    let lo = 0;
    let hi = want;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (sweepHits(bases, e, mid, world, impassable) === "none") lo = mid;
      else hi = mid;
    }
    stoppedBy = sweepHits(bases, e, hi, world, impassable);
    s = Math.max(0, lo - 0.5);
  }
  const others = [...world.friends, ...world.enemies];
  const overlapsAt = (t: number): boolean => moved(bases, dir, t).some((b) => others.some((o) => rectsOverlap(b, o)));
  if (s > 0 && stoppedBy === "none" && overlapsAt(s)) {
    let t = s;
    while (overlapsAt(t) && t < s + 200) t += 0.05;
    s = t + EPSILON;
  }
  const end = moved(bases, dir, s);
  const { width, height } = world.table;
  const offTable = end.some((b) => rectCorners(b).some((c) => c.x < -EPSILON || c.y < -EPSILON || c.x > width + EPSILON || c.y > height + EPSILON));
  return { offset: scale(dir, s), direction: dir, distance: s, stoppedBy, offTable };
}
