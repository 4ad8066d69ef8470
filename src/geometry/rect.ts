/**
 * Oriented rectangles (bases and footprints) and the distance / contact / "within" measures built
 * on them (CORE-GEO-10 … CORE-GEO-13).
 */
import type { Frame } from "./frame.js";
import type { Polygon } from "./polygon.js";
import { NUMERIC_TOL, segmentSegmentDistance } from "./polygon.js";
import type { Vec2 } from "./vec.js";
import { EPSILON, addScaled, dist, dot, forward, inContact, leq, right, rotateAbout, sub } from "./vec.js";

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
  const f = forward(rect.facing);
  const r = right(rect.facing);
  const { center: c, halfWidth: hw, halfDepth: hd } = rect;
  const at = (su: number, sf: number): Vec2 => ({ x: c.x + r.x * su * hw + f.x * sf * hd, y: c.y + r.y * su * hw + f.y * sf * hd });
  return [at(-1, 1), at(1, 1), at(1, -1), at(-1, -1)];
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

/** Projection half-extent of a rectangle on a unit axis. */
const radiusOn = (rect: OrientedRect, axis: Vec2): number =>
  rect.halfWidth * Math.abs(dot(right(rect.facing), axis)) + rect.halfDepth * Math.abs(dot(forward(rect.facing), axis));

/**
 * Smallest penetration depth over the four separating axes: negative when separated, 0 when the
 * rectangles only touch, positive when their interiors overlap.
 */
export const rectPenetration = (a: OrientedRect, b: OrientedRect): number => {
  const axes = [forward(a.facing), right(a.facing), forward(b.facing), right(b.facing)];
  const d = sub(b.center, a.center);
  let least = Infinity;
  for (const axis of axes) {
    const depth = radiusOn(a, axis) + radiusOn(b, axis) - Math.abs(dot(d, axis));
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
  const ca = rectCorners(a);
  const cb = rectCorners(b);
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const p = ca[i] as Vec2;
    const q = ca[(i + 1) % 4] as Vec2;
    for (let j = 0; j < 4; j++) {
      const d = segmentSegmentDistance(p, q, cb[j] as Vec2, cb[(j + 1) % 4] as Vec2);
      if (d < best) best = d;
    }
  }
  return best;
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
    const d = dist(p, q);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
};

/** "A is within X inches of B": distance ≤ X with tolerance, exactly X counts (CORE-GEO-11). */
export const isWithin = (a: Footprint, b: Footprint, x: number): boolean => leq(footprintDistance(a, b), x);

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
