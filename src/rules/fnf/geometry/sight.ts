import type { TerrainFeature } from "./feature.js";
import type { OrientedRect, Vec2 } from "./prims.js";
import { EPSILON, closestPointOnRect, dist, dot, forward, rectDistance, right, segmentLengthInPolygon, sub } from "./prims.js";
import { elevationAt, featuresOf } from "./terrain.js";
import { frontEdge } from "./measure.js";
import { tieKey } from "../../../math/index.js";

/** A base that may block sight, with the elevation at its centre. */
export interface SightBlocker {
  readonly rect: OrientedRect;
  readonly elevation: number;
}

/** Length of segment [a, b] inside a rectangle shrunk by ε (its interior), by slab clipping. */
export function lengthThroughRect(a: Vec2, b: Vec2, rect: OrientedRect): number {
  const r = right(rect.facing);
  const f = forward(rect.facing);
  const pa = sub(a, rect.center);
  const pb = sub(b, rect.center);
  const p0 = [dot(pa, r), dot(pa, f)] as const;
  const p1 = [dot(pb, r), dot(pb, f)] as const;
  const half = [rect.halfWidth - EPSILON, rect.halfDepth - EPSILON] as const;
  let t0 = 0;
  let t1 = 1;
  for (let k = 0; k < 2; k++) {
    const s = p0[k] as number;
    const d = (p1[k] as number) - s;
    const h = half[k] as number;
    if (h <= 0) return 0;
    if (Math.abs(d) < 1e-12) {
      if (Math.abs(s) >= h) return 0;
      continue;
    }
    let lo = (-h - s) / d;
    let hi = (h - s) / d;
    if (lo > hi) [lo, hi] = [hi, lo];
    t0 = Math.max(t0, lo);
    t1 = Math.min(t1, hi);
    if (t0 >= t1) return 0;
  }
  return (t1 - t0) * dist(a, b);
}

/** Step for sampling a sight line's elevation profile. */
const STEP = 0.1;

/** Whether one sight line is blocked (FNF-GEO-8 items 1–3). */
export function sightLineBlocked(a: Vec2, b: Vec2, terrain: readonly TerrainFeature[], blockers: readonly SightBlocker[]): boolean {
  const ea = elevationAt(terrain, a);
  const eb = elevationAt(terrain, b);
  for (const x of blockers) if (x.elevation >= Math.max(ea, eb) && lengthThroughRect(a, b, x.rect) > EPSILON) return true;
  let inside = 0;
  for (const f of featuresOf(terrain, ["woods", "buildings"])) if (f.polygon.length >= 3) inside += segmentLengthInPolygon(a, b, f.polygon);
  if (inside > 2 + EPSILON) return true;
  if (featuresOf(terrain, ["hill"]).length > 0) {
    const n = Math.max(1, Math.ceil(dist(a, b) / STEP));
    for (let k = 1; k < n; k++) {
      const p = { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n };
      if (elevationAt(terrain, p) > Math.max(ea, eb)) return true;
    }
  }
  return false;
}

/**
 * Whether a firing base sees a target (FNF-GEO-8): one clear sight line from its front-edge centre
 * to the target's nearest point or to any target base's centre; contact always sees.
 */
export function baseSees(base: OrientedRect, target: readonly OrientedRect[], terrain: readonly TerrainFeature[], blockers: readonly SightBlocker[]): boolean {
  const [fl, fr] = frontEdge(base);
  const origin = { x: (fl.x + fr.x) / 2, y: (fl.y + fr.y) / 2 };
  let nearest: Vec2 | null = null;
  let best = Infinity;
  for (const t of target) {
    const q = closestPointOnRect(origin, t);
    const d = tieKey(dist(origin, q));
    if (d < best) [best, nearest] = [d, q];
  }
  if (nearest === null) return false;
  const ends = [nearest, ...target.map((t) => t.center)];
  if (target.some((t) => rectDistance(base, t) <= EPSILON)) return true;
  return ends.some((e) => !sightLineBlocked(origin, e, terrain, blockers));
}
