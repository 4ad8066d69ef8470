/**
 * Oriented rectangles (bases and footprints) and the distance / contact / "within" measures built
 * on them (CORE-GEO-10 … CORE-GEO-13).
 */
import type { Frame } from "./frame.js";
import type { Polygon } from "./polygon.js";
import { NUMERIC_TOL, edgesDistance } from "./polygon.js";
import type { Vec2 } from "./vec.js";
import { EPSILON, addScaled, dist, dot, forward, inContact, leq, right, rotateAbout, sub } from "./vec.js";
import { cosDeg, hypot, sinDeg, tieKey } from "../math/index.js";

/**
 * A rectangle with its own facing: `halfWidth` runs along the right vector r, `halfDepth` along the
 * forward vector f (CORE-GEO-2).
 */
export interface OrientedRect {
  readonly center: Vec2;
  readonly halfWidth: number;
  readonly halfDepth: number;
  readonly facing: number;
}

/** A footprint: one rectangle for a formed unit, one per base for extended order (CORE-GEO-6). */
export type Footprint = readonly OrientedRect[];

/** The rectangle `w` wide and `d` deep whose front-edge centre is the frame's reference point. */
export const rectBehindFrame = (frame: Frame, w: number, d: number): OrientedRect => ({
  center: addScaled(frame.p, forward(frame.facing), -d / 2),
  halfWidth: w / 2,
  halfDepth: d / 2,
  facing: frame.facing,
});

/** The centre of a rectangle's front edge. */
export const rectFrontCenter = (rect: OrientedRect): Vec2 => addScaled(rect.center, forward(rect.facing), rect.halfDepth);

/** The frame (front-edge centre, facing) of a rectangle. */
export const rectFrame = (rect: OrientedRect): Frame => ({ p: rectFrontCenter(rect), facing: rect.facing });

/** Corners in the order front-left, front-right, rear-right, rear-left. */
export const rectCorners = (rect: OrientedRect): [Vec2, Vec2, Vec2, Vec2] => {
  // forward and right written out, and the corner helper inlined: the same operations in the same
  // order (bit-identical) without two vectors and a closure per call (a hot path).
  const fx = cosDeg(rect.facing);
  const fy = sinDeg(rect.facing);
  const rx = fy;
  const ry = -fx;
  const cx = rect.center.x;
  const cy = rect.center.y;
  const hw = rect.halfWidth;
  const hd = rect.halfDepth;
  return [
    { x: cx + rx * -1 * hw + fx * 1 * hd, y: cy + ry * -1 * hw + fy * 1 * hd },
    { x: cx + rx * 1 * hw + fx * 1 * hd, y: cy + ry * 1 * hw + fy * 1 * hd },
    { x: cx + rx * 1 * hw + fx * -1 * hd, y: cy + ry * 1 * hw + fy * -1 * hd },
    { x: cx + rx * -1 * hw + fx * -1 * hd, y: cy + ry * -1 * hw + fy * -1 * hd },
  ];
};

/** Moves a rectangle by a vector. */
export const translateRect = (rect: OrientedRect, by: Vec2): OrientedRect => ({
  ...rect,
  center: { x: rect.center.x + by.x, y: rect.center.y + by.y },
});

/** Rotates a rectangle counter-clockwise by `deg` about a pivot (its facing turns with it). */
export const rotateRect = (rect: OrientedRect, pivot: Vec2, deg: number): OrientedRect => ({
  ...rect,
  center: rotateAbout(rect.center, pivot, deg),
  facing: rect.facing + deg,
});

/** Point relative to the rectangle centre, along r and along f. */
const rectCoords = (rect: OrientedRect, p: Vec2): { a: number; b: number } => {
  const d = sub(p, rect.center);
  return { a: dot(d, right(rect.facing)), b: dot(d, forward(rect.facing)) };
};

/** True when p lies in the closed rectangle. */
export const pointInRect = (p: Vec2, rect: OrientedRect): boolean => {
  const { a, b } = rectCoords(rect, p);
  return Math.abs(a) <= rect.halfWidth + NUMERIC_TOL && Math.abs(b) <= rect.halfDepth + NUMERIC_TOL;
};

/** Nearest point of the (filled) rectangle to p; p itself when inside. */
export const closestPointOnRect = (p: Vec2, rect: OrientedRect): Vec2 => {
  const { a, b } = rectCoords(rect, p);
  const ca = Math.max(-rect.halfWidth, Math.min(rect.halfWidth, a));
  const cb = Math.max(-rect.halfDepth, Math.min(rect.halfDepth, b));
  return addScaled(addScaled(rect.center, right(rect.facing), ca), forward(rect.facing), cb);
};

/** Distance from a point to a filled rectangle (0 inside). */
export const pointRectDistance = (p: Vec2, rect: OrientedRect): number => dist(p, closestPointOnRect(p, rect));

/**
 * Smallest penetration depth over the four separating axes: negative when separated, 0 when the
 * rectangles only touch, positive when their interiors overlap.
 */
export const rectPenetration = (a: OrientedRect, b: OrientedRect): number => {
  // The projection half-extents (|r·axis|·hw + |f·axis|·hd) and `dot` over the axes f(a), r(a), f(b), r(b), written out on plain numbers with
  // the same operations in the same order (bit-identical, no allocation: a hot path of movement).
  const afx = cosDeg(a.facing), afy = sinDeg(a.facing), arx = afy, ary = -afx;
  const bfx = cosDeg(b.facing), bfy = sinDeg(b.facing), brx = bfy, bry = -bfx;
  const dx = b.center.x - a.center.x;
  const dy = b.center.y - a.center.y;
  let least = Infinity;
  for (let i = 0; i < 4; i++) {
    const x = i === 0 ? afx : i === 1 ? arx : i === 2 ? bfx : brx;
    const y = i === 0 ? afy : i === 1 ? ary : i === 2 ? bfy : bry;
    const ra = a.halfWidth * Math.abs(arx * x + ary * y) + a.halfDepth * Math.abs(afx * x + afy * y);
    const rb = b.halfWidth * Math.abs(brx * x + bry * y) + b.halfDepth * Math.abs(bfx * x + bfy * y);
    const depth = ra + rb - Math.abs(dx * x + dy * y);
    if (depth < least) least = depth;
  }
  return least;
};

/** Separating-axis test: true when the closed rectangles share any point (CORE-GEO-10). */
export const rectsIntersect = (a: OrientedRect, b: OrientedRect): boolean => rectPenetration(a, b) >= -NUMERIC_TOL;

/** True when the interiors overlap by more than ε (touching is not overlapping). */
export const rectsOverlap = (a: OrientedRect, b: OrientedRect): boolean => rectPenetration(a, b) > EPSILON;

/**
 * Rectangle–rectangle distance (CORE-GEO-10): 0 when they intersect, else the least of the sixteen
 * edge-to-edge segment distances.
 */
export const rectDistance = (a: OrientedRect, b: OrientedRect): number => {
  if (rectsIntersect(a, b)) return 0;
  // The least `segmentSegmentDistance` over the 16 edge pairs of the corners (bit-identical).
  return edgesDistance(rectCorners(a), rectCorners(b));
};

/** Distance between footprints: the nearest pair of their rectangles (CORE-GEO-10). */
export const footprintDistance = (a: Footprint, b: Footprint): number => {
  let best = Infinity;
  for (const ra of a) for (const rb of b) best = Math.min(best, rectDistance(ra, rb));
  return best;
};

/** Nearest point of a footprint to p (CORE-GEO-16, CORE-GEO-24). */
export const closestPointOnFootprint = (p: Vec2, fp: Footprint): Vec2 => {
  let best: Vec2 = p;
  let bestD = Infinity;
  for (const rect of fp) {
    const q = closestPointOnRect(p, rect);
    const d = tieKey(dist(p, q));
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
};

/** A circle holding every rectangle of a footprint: centre and radius. */
export interface FootprintBounds {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** Bounds already computed, per footprint array (footprints are immutable values). */
const BOUNDS = new WeakMap<Footprint, FootprintBounds>();

/** A circle around a footprint (the mean of its rectangle centres, reaching every corner); cached. */
export const footprintBounds = (fp: Footprint): FootprintBounds => {
  let b = BOUNDS.get(fp);
  if (b !== undefined) return b;
  let x = 0;
  let y = 0;
  for (const rect of fp) {
    x += rect.center.x;
    y += rect.center.y;
  }
  x /= Math.max(1, fp.length);
  y /= Math.max(1, fp.length);
  let r = 0;
  for (const rect of fp) r = Math.max(r, hypot(rect.center.x - x, rect.center.y - y) + hypot(rect.halfWidth, rect.halfDepth));
  b = { x, y, r };
  BOUNDS.set(fp, b);
  return b;
};

/** A circle around several footprints (a path's samples): the mean of their circle centres, reaching all. */
export const sweptBounds = (fps: readonly Footprint[]): FootprintBounds => {
  const circles = fps.map(circleOf);
  let x = 0;
  let y = 0;
  for (const c of circles) {
    x += c.x;
    y += c.y;
  }
  x /= Math.max(1, circles.length);
  y /= Math.max(1, circles.length);
  let r = 0;
  for (const c of circles) r = Math.max(r, hypot(c.x - x, c.y - y) + c.r);
  return { x, y, r };
};

/** True when two bounding circles are more than `x` inches apart (with ε and slack); see {@link footprintsApart}. */
export const boundsApart = (a: FootprintBounds, b: FootprintBounds, x: number): boolean =>
  hypot(a.x - b.x, a.y - b.y) - a.r - b.r > x + EPSILON + APART_SLACK;

/** Slack on {@link footprintsApart}, far above rounding error and far below any rules distance. */
const APART_SLACK = 1e-6;

/**
 * True when the footprints are certainly more than `x` inches apart (with the ε tolerance), by
 * their bounding circles alone: a cheap broad phase before an exact distance. False means "maybe
 * within": measure. Never true when `isWithin(a, b, x)` holds.
 */
export const footprintsApart = (a: Footprint, b: Footprint, x: number): boolean => {
  if (a.length !== 1 || b.length !== 1) return boundsApart(circleOf(a), circleOf(b), x);
  // Two single rectangles (the common case), allocating nothing: `boundsApart` of their
  // circumcircles, decided first on squares where the answer is certain (a circumradius lies
  // between the larger half side and the sum of the half sides; 1e-9 covers rounding), the exact
  // same arithmetic otherwise, so the answer is always `boundsApart`'s.
  const ra = a[0] as OrientedRect;
  const rb = b[0] as OrientedRect;
  const dx = ra.center.x - rb.center.x;
  const dy = ra.center.y - rb.center.y;
  const d2 = dx * dx + dy * dy;
  const t = x + EPSILON + APART_SLACK;
  const far = t + ra.halfWidth + ra.halfDepth + rb.halfWidth + rb.halfDepth + 1e-9;
  if (d2 > far * far) return true;
  const near = t + Math.max(ra.halfWidth, ra.halfDepth) + Math.max(rb.halfWidth, rb.halfDepth) - 1e-9;
  if (near > 0 && d2 < near * near) return false;
  return hypot(dx, dy) - hypot(ra.halfWidth, ra.halfDepth) - hypot(rb.halfWidth, rb.halfDepth) > t;
};

/**
 * The circle of a footprint: a one-rectangle footprint (every formed unit, every movement sample)
 * gets its own circumcircle directly (cheaper than a cache lookup for a fresh array); others are cached.
 */
const circleOf = (fp: Footprint): FootprintBounds => {
  if (fp.length !== 1) return footprintBounds(fp);
  const r = fp[0] as OrientedRect;
  return { x: r.center.x, y: r.center.y, r: hypot(r.halfWidth, r.halfDepth) };
};

/** "A is within X inches of B": distance ≤ X with tolerance, exactly X counts (CORE-GEO-11). */
export const isWithin = (a: Footprint, b: Footprint, x: number): boolean => !footprintsApart(a, b, x) && leq(footprintDistance(a, b), x);

/** "More than X inches": the complement of {@link isWithin} (CORE-GEO-11). */
export const isMoreThan = (a: Footprint, b: Footprint, x: number): boolean => !isWithin(a, b, x);

/** Two bases are in base contact at distance ≤ ε, corners included (CORE-GEO-12). */
export const inBaseContact = (a: OrientedRect, b: OrientedRect): boolean => inContact(rectDistance(a, b));

/** A unit is engaged when any of its models touches any enemy model (CORE-GEO-12). */
export const isEngaged = (models: Footprint, enemyModels: Footprint): boolean =>
  models.some((m) => enemyModels.some((e) => inBaseContact(m, e)));

/** Shooting range: footprint-to-footprint distance, one value for the whole unit (CORE-GEO-13). */
export const unitRange = (shooter: Footprint, target: Footprint): number => footprintDistance(shooter, target);

/** The rectangle as a polygon (front-left, front-right, rear-right, rear-left). */
export const rectPolygon = (rect: OrientedRect): Polygon => rectCorners(rect);
