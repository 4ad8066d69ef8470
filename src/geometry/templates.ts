/**
 * Circular templates (CORE-GEO-29), scatter (CORE-GEO-30) and roundshot lines (CORE-GEO-32).
 */
import type { PlacedUnit } from "./sight.js";
import { pointSegmentDistance } from "./polygon.js";
import type { Footprint, OrientedRect } from "./rect.js";
import { pointRectDistance, rectCorners } from "./rect.js";
import type { Vec2 } from "./vec.js";
import { addScaled, dist, dot, forward, fromAngle, leq, normalize, right, sub } from "./vec.js";
import { tieKey } from "../math/index.js";

/** Template diameters in inches (CORE-GEO-29). */
export const TEMPLATE_DIAMETERS = {
  volley: 5,
  shellSmall: 1,
  shellMedium: 1.5,
  shellLarge: 2,
  fire: 2,
} as const satisfies Record<string, number>;

/** Faces of the artillery die, equally likely (CORE-GEO-30). */
export const ARTILLERY_DIE_FACES = [2, 4, 6, 8, 10, "MISFIRE"] as const;

/** Faces of the scatter die, equally likely (CORE-GEO-30). */
export const SCATTER_DIE_FACES = ["HIT", "HIT", "ARROW", "ARROW", "ARROW", "ARROW"] as const;

/** A circle template of diameter D touches a base when centre-to-rectangle distance ≤ D/2 (CORE-GEO-29). */
export const templateTouches = (centre: Vec2, diameter: number, base: OrientedRect): boolean =>
  leq(pointRectDistance(centre, base), diameter / 2);

/** Indices of the bases a template touches (CORE-GEO-29). */
export const basesUnderTemplate = (centre: Vec2, diameter: number, bases: Footprint): number[] =>
  bases.flatMap((b, i) => (templateTouches(centre, diameter, b) ? [i] : []));

/** Maps a uniform draw in [0, 1) to an arrow direction in [0°, 360°) (CORE-GEO-30). */
export const arrowAngle = (uniform: number): number => uniform * 360;

/** Scatters point C by s inches in direction φ degrees: C + s·(cos φ, sin φ) (CORE-GEO-30). */
export const scatter = (c: Vec2, s: number, phi: number): Vec2 => addScaled(c, fromAngle(phi), s);

/** Parameter window of segment p(t) = a + t·d inside a rectangle, or null (closed rectangle). */
const clipToRect = (a: Vec2, d: Vec2, rect: OrientedRect): { t0: number; t1: number } | null => {
  let t0 = 0;
  let t1 = 1;
  const rel = sub(a, rect.center);
  for (const [axis, half] of [[right(rect.facing), rect.halfWidth], [forward(rect.facing), rect.halfDepth]] as const) {
    const p = dot(rel, axis);
    const q = dot(d, axis);
    if (Math.abs(q) < 1e-12) {
      if (Math.abs(p) > half) return null;
      continue;
    }
    const ta = (-half - p) / q;
    const tb = (half - p) / q;
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
    if (t0 > t1) return null;
  }
  return { t0, t1 };
};

/**
 * Aim point P0 (CORE-GEO-32): where the segment from the muzzle to the target's centre first enters
 * the footprint; the muzzle itself if already inside; the centre if the line meets no base.
 */
export const aimPoint = (muzzle: Vec2, target: Footprint, targetCentre: Vec2): Vec2 => {
  const d = sub(targetCentre, muzzle);
  let best = Infinity;
  for (const r of target) {
    const w = clipToRect(muzzle, d, r);
    if (w !== null && w.t0 < best) best = w.t0;
  }
  return best === Infinity ? targetCentre : addScaled(muzzle, d, best);
};

/** A roundshot's hit segment [L, L + B·u], u = unit(L − muzzle) (CORE-GEO-32). */
export const roundshotSegment = (muzzle: Vec2, landing: Vec2, bounce: number, fallbackDir?: Vec2): { from: Vec2; to: Vec2 } => {
  let u = normalize(sub(landing, muzzle));
  if (u.x === 0 && u.y === 0 && fallbackDir !== undefined) u = normalize(fallbackDir);
  return { from: landing, to: addScaled(landing, u, bounce) };
};

/** Window of t where lo ≤ p + t·q < hi, as bounds with open/closed flags. */
type Window = { lo: number; loOpen: boolean; hi: number; hiOpen: boolean };

const halfOpenWindow = (p: number, q: number, lo: number, hi: number, scaleLen: number): Window | null => {
  if (Math.abs(q) <= 1e-12 * Math.max(1, scaleLen)) {
    // Running parallel: a line on the low edge belongs here, one on the high edge does not.
    const tol = 1e-9;
    return p >= lo - tol && p < hi - tol ? { lo: -Infinity, loOpen: false, hi: Infinity, hiOpen: false } : null;
  }
  const a = (lo - p) / q;
  const b = (hi - p) / q;
  return q > 0 ? { lo: a, loOpen: false, hi: b, hiOpen: true } : { lo: b, loOpen: true, hi: a, hiOpen: false };
};

/**
 * Does segment [a, b] meet a base taken as the half-open rectangle [u0, u1) × [v0, v1) in its own
 * frame (left and front edges in, right and rear edges out)? (CORE-GEO-32)
 */
export const segmentHitsBase = (a: Vec2, b: Vec2, base: OrientedRect): boolean => {
  const r = right(base.facing);
  const back = forward(base.facing + 180);
  const rel = sub(a, base.center);
  const d = sub(b, a);
  const l = dist(a, b);
  let w: Window = { lo: 0, loOpen: false, hi: 1, hiOpen: false };
  for (const [axis, half] of [[r, base.halfWidth], [back, base.halfDepth]] as const) {
    const c = halfOpenWindow(dot(rel, axis), dot(d, axis), -half, half, l);
    if (c === null) return false;
    if (c.lo > w.lo || (c.lo === w.lo && c.loOpen)) w = { ...w, lo: c.lo, loOpen: c.loOpen };
    if (c.hi < w.hi || (c.hi === w.hi && c.hiOpen)) w = { ...w, hi: c.hi, hiOpen: c.hiOpen };
  }
  return w.lo < w.hi || (w.lo === w.hi && !w.loOpen && !w.hiOpen);
};

/** Hits a roundshot does to one unit (CORE-GEO-32). */
export interface RoundshotHit {
  readonly id: string;
  /** Number of models hit (a square: min(4, models)). */
  readonly hits: number;
  /** Model indices hit: in order along the line; for a square, the models nearest the line. */
  readonly models: readonly number[];
}

/**
 * Resolves a roundshot hit segment against units (CORE-GEO-32): each base met (half-open rule)
 * is hit once; a square met anywhere loses min(4, models).
 * @example roundshotHits(roundshotSegment(mz, p0, 6), [{ id: "u1", layout }])
 */
export const roundshotHits = (segment: { from: Vec2; to: Vec2 }, units: readonly PlacedUnit[]): RoundshotHit[] => {
  const { from, to } = segment;
  const out: RoundshotHit[] = [];
  for (const { id, layout } of units) {
    if (layout.kind === "square") {
      const square = layout.footprint[0] as OrientedRect;
      if (clipToRect(from, sub(to, from), square) === null) continue;
      const n = Math.min(4, layout.models.length);
      const near = layout.models
        .map((m) => ({ i: m.index, d: tieKey(rectSegmentGap(m.rect, from, to)) }))
        .sort((x, y) => x.d - y.d || x.i - y.i)
        .slice(0, n)
        .map((x) => x.i);
      out.push({ id, hits: n, models: near });
      continue;
    }
    const hit = layout.models
      .filter((m) => segmentHitsBase(from, to, m.rect))
      .map((m) => ({ i: m.index, t: dot(sub(m.rect.center, from), sub(to, from)) }))
      .sort((x, y) => x.t - y.t || x.i - y.i)
      .map((x) => x.i);
    if (hit.length > 0) out.push({ id, hits: hit.length, models: hit });
  }
  return out;
};

/** Distance from a segment to a base (used to pick a square's casualties nearest the shot). */
const rectSegmentGap = (rect: OrientedRect, a: Vec2, b: Vec2): number => {
  if (clipToRect(a, sub(b, a), rect) !== null) return 0;
  const c = rectCorners(rect);
  return Math.min(...c.map((p) => pointSegmentDistance(p, a, b)), pointRectDistance(a, rect), pointRectDistance(b, rect));
};
