/**
 * Plain 2-D vectors, angles and the tolerant comparisons every other geometry module uses
 * (CORE-GEO-1, CORE-GEO-2). Everything is a function over `{ x, y }` records so the kernel stays
 * allocation-light and serialisable.
 */
import { atan2Deg, cosDeg, hypot, sinDeg } from "../math/index.js";

/** A point or direction on the table, in inches. */
export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

/** Measuring tolerance in inches (CORE-GEO-1). */
export const EPSILON = 0.001;

/** Millimetres in one inch (CORE-GEO-1). */
export const MM_PER_INCH = 25.4;

/** Converts millimetres to inches without rounding (CORE-GEO-1). */
export const mmToInches = (mm: number): number => mm / MM_PER_INCH;

/** Tolerant "a ≤ b" (CORE-GEO-1). */
export const leq = (a: number, b: number): boolean => a <= b + EPSILON;

/** Tolerant strict "a < b" (CORE-GEO-1). */
export const lt = (a: number, b: number): boolean => a < b - EPSILON;

/** True when a distance counts as contact, i.e. `d ≤ ε` (CORE-GEO-1). */
export const inContact = (d: number): boolean => d <= EPSILON;

/** Builds a vector. */
export const vec = (x: number, y: number): Vec2 => ({ x, y });

/** The origin. */
export const ZERO: Vec2 = { x: 0, y: 0 };

/** a + b. */
export const add = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });

/** a − b. */
export const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });

/** k·a. */
export const scale = (a: Vec2, k: number): Vec2 => ({ x: a.x * k, y: a.y * k });

/** a + k·b, the workhorse of "move along a direction". */
export const addScaled = (a: Vec2, b: Vec2, k: number): Vec2 => ({ x: a.x + b.x * k, y: a.y + b.y * k });

/** Dot product. */
export const dot = (a: Vec2, b: Vec2): number => a.x * b.x + a.y * b.y;

/** z-component of the 3-D cross product (positive when b is counter-clockwise of a). */
export const cross = (a: Vec2, b: Vec2): number => a.x * b.y - a.y * b.x;

/** Euclidean length. */
export const len = (a: Vec2): number => hypot(a.x, a.y);

/** Distance between two points. */
export const dist = (a: Vec2, b: Vec2): number => hypot(a.x - b.x, a.y - b.y);

/** Unit vector in the direction of a; the zero vector stays zero. */
export const normalize = (a: Vec2): Vec2 => {
  const l = len(a);
  return l === 0 ? ZERO : { x: a.x / l, y: a.y / l };
};

/** Linear interpolation a + t·(b − a). */
export const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** Degrees to radians. */
export const degToRad = (deg: number): number => (deg * Math.PI) / 180;

/** Radians to degrees. */
export const radToDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Unit vector at angle θ degrees, counter-clockwise from +x. */
export const fromAngle = (deg: number): Vec2 => ({ x: cosDeg(deg), y: sinDeg(deg) });

/** Heading of a vector in degrees, in (−180, 180]. */
export const angleOf = (a: Vec2): number => atan2Deg(a.y, a.x);

/** Rotates a vector counter-clockwise by `deg` degrees about the origin. */
export const rotate = (a: Vec2, deg: number): Vec2 => {
  const c = cosDeg(deg);
  const s = sinDeg(deg);
  return { x: a.x * c - a.y * s, y: a.x * s + a.y * c };
};

/** Rotates point a counter-clockwise by `deg` degrees about `pivot`. */
export const rotateAbout = (a: Vec2, pivot: Vec2, deg: number): Vec2 => add(pivot, rotate(sub(a, pivot), deg));

/** Forward vector f = (cos θ, sin θ) of facing θ (CORE-GEO-2). */
export const forward = (facing: number): Vec2 => fromAngle(facing);

/** Right-hand vector r = (sin θ, −cos θ) of facing θ (CORE-GEO-2). */
export const right = (facing: number): Vec2 => ({ x: sinDeg(facing), y: -cosDeg(facing) });

/** Brings an angle into [0, 360). */
export const normalizeAngle = (deg: number): number => {
  const m = deg % 360;
  return m < 0 ? m + 360 : m === 0 ? 0 : m;
};

/** Signed smallest rotation from angle `from` to angle `to`, in (−180, 180] degrees. */
export const angleDiff = (from: number, to: number): number => {
  const d = normalizeAngle(to - from);
  return d > 180 ? d - 360 : d;
};
