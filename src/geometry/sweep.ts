/**
 * Moving footprints along straight lines: swept areas, overlap intervals and first contact. Used
 * by charges (CORE-GEO-23, CORE-GEO-24), fleeing and pursuit (CORE-GEO-26, CORE-GEO-27).
 */
import type { Polygon } from "./polygon.js";
import { convexHull, polygonDistance, polygonEdges } from "./polygon.js";
import type { Footprint, OrientedRect } from "./rect.js";
import { rectCorners, rotateRect, translateRect } from "./rect.js";
import type { Vec2 } from "./vec.js";
import { EPSILON, dot, forward, right, scale, sub } from "./vec.js";

/** Moves every rectangle of a footprint by a vector. */
export const translateFootprint = (fp: Footprint, by: Vec2): OrientedRect[] => fp.map((r) => translateRect(r, by));

/** Rotates a footprint counter-clockwise by `deg` about a pivot. */
export const rotateFootprint = (fp: Footprint, pivot: Vec2, deg: number): OrientedRect[] => fp.map((r) => rotateRect(r, pivot, deg));

/**
 * Area swept by each rectangle translated by `by`: the convex hull of its start and end corners,
 * exact for a straight translation (CORE-GEO-26).
 */
export const sweptHulls = (fp: Footprint, by: Vec2): Polygon[] =>
  fp.map((r) => convexHull([...rectCorners(r), ...rectCorners(translateRect(r, by))]));

/**
 * Open interval of travel s along unit vector `dir` for which `moving` overlaps `blocker` by more
 * than `slack` (separating-axis projections), or null if it never does. Touching is allowed at both
 * ends.
 */
export const overlapInterval = (
  moving: OrientedRect,
  dir: Vec2,
  blocker: OrientedRect,
  slack: number = EPSILON,
): { lo: number; hi: number } | null => {
  const axes = [forward(moving.facing), right(moving.facing), forward(blocker.facing), right(blocker.facing)];
  const d0 = sub(blocker.center, moving.center);
  let lo = -Infinity;
  let hi = Infinity;
  for (const n of axes) {
    const reach =
      moving.halfWidth * Math.abs(dot(right(moving.facing), n)) +
      moving.halfDepth * Math.abs(dot(forward(moving.facing), n)) +
      blocker.halfWidth * Math.abs(dot(right(blocker.facing), n)) +
      blocker.halfDepth * Math.abs(dot(forward(blocker.facing), n)) -
      slack;
    if (reach <= 0) return null;
    const c = dot(d0, n);
    const k = dot(dir, n);
    if (Math.abs(k) < 1e-12) {
      if (Math.abs(c) >= reach) return null;
      continue;
    }
    const a = (c - reach) / k;
    const b = (c + reach) / k;
    lo = Math.max(lo, Math.min(a, b));
    hi = Math.min(hi, Math.max(a, b));
    if (lo >= hi) return null;
  }
  return { lo, hi };
};

/**
 * Least travel s ≥ `from` at which the footprint is clear of `blockers`, moving along `dir`: each
 * overlapped stretch is left with an ε gap ("first position clear of all units (+ε)", CORE-GEO-26).
 */
export const firstClearTravel = (fp: Footprint, dir: Vec2, from: number, blockers: Footprint): number => {
  const intervals: Array<{ lo: number; hi: number }> = [];
  for (const m of fp) for (const b of blockers) {
    const iv = overlapInterval(m, dir, b, 0);
    if (iv !== null) intervals.push(iv);
  }
  let s = from;
  for (let moved = true; moved; ) {
    moved = false;
    for (const iv of intervals) {
      if (s > iv.lo && s < iv.hi) {
        s = iv.hi + EPSILON;
        moved = true;
      }
    }
  }
  return s;
};

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** Margin of the swept-area broad phase: far above rounding and `NUMERIC_TOL`, far below any measured gap. */
const SWEEP_SLACK = 1e-6;

/** Convex hull of a convex polygon at travel 0 and at travel `max` along `dir`: the area it sweeps. */
const sweptHull = (poly: Polygon, dir: Vec2, max: number): Polygon =>
  convexHull([...poly, ...poly.map((p) => ({ x: p.x + dir.x * max, y: p.y + dir.y * max }))]);

/** Least travel in [0, max] at which a convex moving polygon comes within `gap` of a convex piece. */
const firstApproachConvex = (poly: Polygon, dir: Vec2, max: number, piece: Polygon, gap: number): number | null => {
  const at = (s: number): number => polygonDistance(poly.map((p) => ({ x: p.x + dir.x * s, y: p.y + dir.y * s })), piece);
  // Broad phase: the area swept over the whole travel is farther than the gap (by more than any
  // rounding or the 1e-9 touching slack of `polygonDistance`), so no probe below could come within
  // it and the search would end with null.
  if (polygonDistance(sweptHull(poly, dir, max), piece) > gap + SWEEP_SLACK) return null;
  if (at(0) <= gap) return 0;
  // Distance between convex sets is convex in the travel: find its minimum, then the crossing.
  let a = 0;
  let b = max;
  let x1 = b - GOLDEN * (b - a);
  let x2 = a + GOLDEN * (b - a);
  let f1 = at(x1);
  let f2 = at(x2);
  for (let i = 0; i < 80 && b - a > 1e-12; i++) {
    if (f1 <= gap || f2 <= gap) break;
    if (f1 < f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - GOLDEN * (b - a);
      f1 = at(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + GOLDEN * (b - a);
      f2 = at(x2);
    }
  }
  const found: number | null = f1 <= gap ? x1 : f2 <= gap ? x2 : at(max) <= gap ? max : null;
  if (found === null) return null;
  let hit = found;
  let lo = 0;
  for (let i = 0; i < 80 && hit - lo > 1e-12; i++) {
    const mid: number = (lo + hit) / 2;
    if (at(mid) <= gap) hit = mid;
    else lo = mid;
  }
  return hit;
};

/**
 * Least travel in [0, max] along unit vector `dir` at which the footprint comes within `gap` of any
 * obstacle (rectangles or arbitrary simple polygons), or null if it never does.
 */
export const firstApproach = (
  fp: Footprint,
  dir: Vec2,
  max: number,
  obstacles: readonly Polygon[],
  gap: number,
): number | null => {
  let best: number | null = null;
  for (const rect of fp) {
    const poly = rectCorners(rect);
    for (const obstacle of obstacles) {
      // A non-convex obstacle is met first at its boundary (or at once, if already inside).
      if (!isConvex(obstacle) && polygonDistance(poly, obstacle) <= gap) return 0;
      const pieces: readonly Polygon[] = isConvex(obstacle) ? [obstacle] : polygonEdges(obstacle);
      for (const piece of pieces) {
        const s = firstApproachConvex(poly, dir, best ?? max, piece, gap);
        if (s !== null && (best === null || s < best)) best = s;
      }
    }
  }
  return best;
};

/** True when a polygon is convex (either winding). */
export const isConvex = (poly: Polygon): boolean => {
  const n = poly.length;
  if (n < 4) return true;
  let sign = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i] as Vec2;
    const b = poly[(i + 1) % n] as Vec2;
    const c = poly[(i + 2) % n] as Vec2;
    const z = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (z !== 0) {
      if (sign === 0) sign = Math.sign(z);
      else if (Math.sign(z) !== sign) return false;
    }
  }
  return true;
};

/** The footprint moved by `s` along `dir`. */
export const footprintAt = (fp: Footprint, dir: Vec2, s: number): OrientedRect[] => translateFootprint(fp, scale(dir, s));
