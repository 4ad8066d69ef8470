/**
 * The flight of a roundshot or shell (WHN-ART-9, WHN-ART-12, CORE-GEO-30, CORE-GEO-32): to-hit,
 * artillery die, scatter, bounce, and the models on the bounce line or under the burst. Sampled
 * with the dice, or enumerated over every die face and a quadrature of the scatter angle.
 */
import type { Dice } from "../../../dice/index.js";
import { rollToHit, toHitChance } from "../../../dice/index.js";
import { unitCentre } from "../../../geometry/layout.js";
import type { PlacedUnit } from "../../../geometry/sight.js";
import { pointSegmentDistance } from "../../../geometry/polygon.js";
import { roundshotHits, roundshotSegment, scatter, templateTouches } from "../../../geometry/templates.js";
import type { Vec2 } from "../../../geometry/vec.js";
import { dist, dot, sub } from "../../../geometry/vec.js";
import { hypot, tieKey } from "../../../math/index.js";

/** Where a ball came down, or why it did nothing. */
export type Flight =
  | { readonly kind: "dud"; readonly onTarget: boolean; readonly misfireAt: "hit" | "scatter" | "bounce" }
  | {
      readonly kind: "lands";
      readonly onTarget: boolean;
      readonly landing: Vec2;
      readonly bounce: number;
      /** The miss's artillery-die distance and scatter die (null on a hit). */
      readonly scatter: { readonly distance: number; readonly face: "HIT" | "ARROW"; readonly angle: number | null } | null;
    };

/**
 * Rolls a ball's flight (WHN-ART-9): the to-hit die (and its follow-up if needed), then the
 * artillery die (MISFIRE: a dud); on a miss the scatter die is rolled only if that die was not a
 * MISFIRE, and then the artillery die again for the bounce (MISFIRE: a dud).
 */
export function rollFlight(dice: Dice, need: number, aim: Vec2): Flight {
  const onTarget = rollToHit(dice, need);
  const first = dice.artillery();
  if (onTarget) return first === "MISFIRE" ? { kind: "dud", onTarget, misfireAt: "hit" } : { kind: "lands", onTarget, landing: aim, bounce: first, scatter: null };
  if (first === "MISFIRE") return { kind: "dud", onTarget, misfireAt: "scatter" };
  const face = dice.scatter();
  const landing = face.kind === "HIT" ? aim : scatter(aim, first, face.angle);
  const bounce = dice.artillery();
  const sc = { distance: first, face: face.kind, angle: face.kind === "ARROW" ? face.angle : null };
  if (bounce === "MISFIRE") return { kind: "dud", onTarget, misfireAt: "bounce" };
  return { kind: "lands", onTarget, landing, bounce, scatter: sc };
}

/** One possible landing with its probability. */
export interface Landing {
  readonly p: number;
  readonly landing: Vec2;
  readonly bounce: number;
}

/** Every landing of a ball and the chance of a dud (they sum to 1). */
export interface FlightOutcomes {
  readonly pHit: number;
  readonly pDud: number;
  readonly landings: readonly Landing[];
}

const DISTANCES = [2, 4, 6, 8, 10] as const;

/**
 * Enumerates a ball's flight (WHN-ART-9, CORE-GEO-30): every artillery and scatter die face
 * exactly; the arrow's angle φ, uniform on [0°, 360°), by the midpoint rule on `cells` equal cells
 * (φ_i = (i + ½)·360°/cells, weight 1/cells each). Hits are piecewise constant in φ, so the error
 * is at most one cell's weight at each φ where the set of bases crossed changes.
 */
export function flightOutcomes(need: number, aim: Vec2, cells: number): FlightOutcomes {
  const pHit = toHitChance(need);
  const sixth = 1 / 6;
  const landings: Landing[] = [];
  // Landing on the aim point: a hit (then the bounce die), or a miss whose scatter die shows HIT.
  const pAim = pHit * sixth + (1 - pHit) * (5 / 6) * (2 / 6) * sixth;
  for (const b of DISTANCES) landings.push({ p: pAim, landing: aim, bounce: b });
  const pArrowCell = ((1 - pHit) * sixth * (4 / 6) * sixth) / cells;
  for (const d of DISTANCES) {
    for (let i = 0; i < cells; i++) {
      const phi = ((i + 0.5) * 360) / cells;
      const landing = scatter(aim, d, phi);
      for (const b of DISTANCES) landings.push({ p: pArrowCell, landing, bounce: b });
    }
  }
  const pDud = pHit * sixth + (1 - pHit) * sixth + (1 - pHit) * (5 / 6) * sixth;
  return { pHit, pDud, landings };
}

/** A unit laid out for hit tests, with a bounding circle to skip it quickly. */
export interface Target extends PlacedUnit {
  readonly centre: Vec2;
  readonly radius: number;
}

/** Lays out bodies once for many hit tests. */
export function targetsOf(placed: readonly PlacedUnit[]): Target[] {
  return placed.map((p) => {
    const centre = unitCentre(p.layout);
    let radius = 0;
    for (const r of p.layout.footprint) radius = Math.max(radius, dist(centre, r.center) + hypot(r.halfWidth, r.halfDepth));
    return { ...p, centre, radius };
  });
}

/** Hits on one unit from a ball, in the order the ball meets the units. */
export interface LineHit {
  readonly id: string;
  readonly hits: number;
  readonly models: readonly number[];
}

/**
 * The units a bounce line meets and how many of their models it hits (CORE-GEO-32, WHN-ART-9): the
 * segment from the landing point `bounce` inches on, directly away from the muzzle; a square loses
 * min(4, models); a gun is one hit. Sorted by where the line meets them.
 */
export function bounceLine(muzzle: Vec2, aim: Vec2, landing: Vec2, bounce: number): { from: Vec2; to: Vec2 } {
  return roundshotSegment(muzzle, landing, bounce, sub(aim, muzzle));
}

/** The hits of a bounce segment on the targets, ordered along the line (CORE-GEO-32). */
export function lineHits(seg: { from: Vec2; to: Vec2 }, targets: readonly Target[]): LineHit[] {
  const near = targets.filter((t) => pointSegmentDistance(t.centre, seg.from, seg.to) <= t.radius + 1e-6);
  if (near.length === 0) return [];
  const u = sub(seg.to, seg.from);
  const along = (t: Target, models: readonly number[]): number =>
    Math.min(...models.map((i) => dot(sub((t.layout.models[i] ?? t.layout.models[0])?.rect.center ?? t.centre, seg.from), u)));
  return roundshotHits(seg, near)
    .map((h) => ({ h, t: tieKey(along(near.find((n) => n.id === h.id) as Target, h.models)) }))
    .sort((a, b) => a.t - b.t || (a.h.id < b.h.id ? -1 : 1))
    .map(({ h }) => ({ id: h.id, hits: h.hits, models: h.models }));
}

/** Models of each unit a burst template touches (CORE-GEO-29), nearest units first. */
export function burstHits(centre: Vec2, diameter: number, targets: readonly Target[]): LineHit[] {
  const out: { hit: LineHit; d: number }[] = [];
  for (const t of targets) {
    if (dist(t.centre, centre) > t.radius + diameter / 2 + 1e-6) continue;
    const models = t.layout.models.filter((m) => templateTouches(centre, diameter, m.rect)).map((m) => m.index);
    if (models.length > 0) out.push({ hit: { id: t.id, hits: models.length, models }, d: tieKey(dist(t.centre, centre)) });
  }
  return out.sort((a, b) => a.d - b.d || (a.hit.id < b.hit.id ? -1 : 1)).map((x) => x.hit);
}
