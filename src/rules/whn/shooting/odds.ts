/**
 * Exact odds of a shooting action in a given state: the distribution of casualties on every body
 * the fire can reach, and the chances of the Panic test and of each order-state outcome
 * (WHN-PANIC-2, WHN-PANIC-3). Agrees with the sampled reducer: both read `shotSituation`.
 */
import type { BattleState } from "../../../state/battle.js";
import type { Violation } from "../../../engine/violation.js";
import { toHitChance } from "../../../dice/index.js";
import { getUnit } from "../unit.js";
import { panicSpecFor } from "./panic.js";
import { shotSituation, type BodyScores, type ShotRequest, type Situation } from "./situation.js";
import { casualtyOdds, type VolleyOdds, type VolleySpec } from "./volley.js";

/** Exact odds for one body the fire reaches. */
export interface BodyOdds extends VolleyOdds {
  readonly kind: "unit" | "character";
  readonly id: string;
  /** Chance that one shot lands an unsaved wound on this body. */
  readonly pPerShot: number;
}

/** Exact odds of one shooting action. */
export interface ShootingOdds {
  readonly shots: number;
  readonly need: number;
  readonly pHit: number;
  /** The target unit (the picked-out character's unit, or the lone character). */
  readonly target: BodyOdds;
  /** The picked-out character (CORE-LOS-2); null otherwise. */
  readonly character: BodyOdds | null;
  /** The intervening unit that catches misses (HR-COVER-3); null otherwise. */
  readonly screen: BodyOdds | null;
}

const pOf = (need: number | null): number => (need === null ? 0 : (7 - need) / 6);
const pThrough = (s: BodyScores): number => pOf(s.woundNeed) * (1 - pOf(s.saveNeed));

/** The plain volley spec of fire at a unit, straight from the state (for `sampleVolley`). */
export function volleySpec(state: BattleState, req: ShotRequest): { ok: true; spec: VolleySpec } | { ok: false; violation: Violation } {
  const r = shotSituation(state, req);
  if (!r.ok) return r;
  const s = r.situation;
  if (s.target.kind !== "unit" || s.screen !== null) {
    return { ok: false, violation: { code: "shooting/odds_single_body_only", rule: "CORE-SHOOT-1", target: String(req.target) } };
  }
  const u = s.target.unit;
  return {
    ok: true,
    spec: {
      shots: s.firers.count,
      need: s.toHit.need,
      woundNeed: s.scores.woundNeed,
      saveNeed: s.scores.saveNeed,
      W: u.profile.W,
      woundsTaken: u.woundsTaken,
      figures: u.figures,
      panic: panicSpecFor(state, u),
    },
  };
}

function unitBody(state: BattleState, s: Situation, id: string, pHitBody: number, scores: BodyScores): BodyOdds {
  const u = getUnit(state, id);
  if (u === undefined) throw new RangeError(`shootingOdds: unknown unit "${id}"`);
  const p = pHitBody * pThrough(scores);
  return { kind: "unit", id, pPerShot: p, ...casualtyOdds(s.firers.count, pHitBody, p, { W: u.profile.W, woundsTaken: u.woundsTaken, figures: u.figures }, panicSpecFor(state, u)) };
}

function characterBody(s: Situation, c: { id: string; profile: { W: number }; woundsTaken: number }, pHitBody: number, scores: BodyScores): BodyOdds {
  const p = pHitBody * pThrough(scores);
  return { kind: "character", id: c.id, pPerShot: p, ...casualtyOdds(s.firers.count, pHitBody, p, { W: c.profile.W, woundsTaken: c.woundsTaken, figures: 1 }, null) };
}

/**
 * Exact odds of a shooting (the action `shooting/fire`, or stand and shoot): per body, the
 * distribution of hits, unsaved wounds and casualties, the chance of a Panic test and of each
 * outcome (notTested, passed, disordered, fled, destroyed). Each shot is independent, so every
 * count is binomial; a picked-out character splits the hits 1 : 5 ("Look out, sir", CORE-LOS-2);
 * an intervening unit takes P(n0) − P(n1) of the shots (HR-COVER-3).
 * @example
 * const r = shootingOdds(state, { shooter: unitId("gb-1"), target: unitId("fr-1") });
 * if (r.ok) r.odds.target.casualties.mean();
 */
export function shootingOdds(state: BattleState, req: ShotRequest): { ok: true; odds: ShootingOdds } | { ok: false; violation: Violation } {
  const r = shotSituation(state, req);
  if (!r.ok) return r;
  const s = r.situation;
  const pHit = toHitChance(s.toHit.need);
  const t = s.target;
  let target: BodyOdds;
  let character: BodyOdds | null = null;
  if (t.kind === "loneCharacter") target = characterBody(s, t.character, pHit, s.scores);
  else if (t.kind === "unit") target = unitBody(state, s, t.unit.id, pHit, s.scores);
  else {
    target = unitBody(state, s, t.unit.id, (pHit * 5) / 6, s.scores);
    character = characterBody(s, t.character, pHit / 6, s.characterScores ?? s.scores);
  }
  const screen = s.screen === null ? null : unitBody(state, s, s.screen.unit.id, toHitChance(s.screen.need) - pHit, s.screen.scores);
  return { ok: true, odds: { shots: s.firers.count, need: s.toHit.need, pHit, target, character, screen } };
}
