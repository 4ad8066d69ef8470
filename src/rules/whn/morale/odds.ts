/**
 * Exact odds of the morale tests (CORE-GEN-3 with WHN-LEAD-3): passing a Leadership test as
 * modified, and each order-state outcome of a Panic test (WHN-PANIC-3) or a rally test (WHN-RALLY).
 */
import type { BattleState } from "../../../state/battle.js";
import type { OrderState, Unit } from "../../../state/unit.js";
import { clampLd } from "../tables.js";
import { effectiveLeadership, leadershipPassChance } from "../leadership.js";
import { canPanic } from "./panic.js";
import { unitRallyViolation } from "./rally.js";
import { traitsOf } from "../../traits.js";

/** Probability of each order state after a test. */
export type OrderOdds = { readonly [S in OrderState]: number };

/** Odds of a Panic test's results and of the order state it leaves. */
export interface PanicOdds {
  /** The Leadership tested (WHN-PANIC-4). */
  readonly target: number;
  readonly notTested: number;
  readonly passed: number;
  readonly disordered: number;
  readonly fled: number;
  readonly order: OrderOdds;
}

/** Odds of a rally test (0 when the unit may not take one). */
export interface RallyOdds {
  readonly target: number;
  readonly allowed: boolean;
  readonly rallied: number;
  readonly failed: number;
  readonly order: OrderOdds;
}

const only = (s: OrderState): OrderOdds => ({ GOOD: s === "GOOD" ? 1 : 0, DISORDERED: s === "DISORDERED" ? 1 : 0, FLEEING: s === "FLEEING" ? 1 : 0 });

/**
 * Chance of passing a unit's Leadership test with the test's own modifier (e.g. −margin for a Break
 * test): WHN-LEAD-3's value, then the modifier, then CORE-GEN-2's cap of 10.
 */
export function leadershipOdds(state: BattleState, u: Unit, modifier = 0): number {
  return leadershipPassChance(clampLd(effectiveLeadership(state, u).value + modifier));
}

/**
 * Exact odds of a Panic test (WHN-PANIC-3): a GOOD unit passes or is DISORDERED; a DISORDERED one
 * passes or flees; a FLEEING or removed unit is not tested.
 * @example panicOdds(state, unit).fled // 0 for a GOOD unit
 */
export function panicOdds(state: BattleState, u: Unit): PanicOdds {
  const target = effectiveLeadership(state, u).value;
  if (!canPanic(u)) return { target, notTested: 1, passed: 0, disordered: 0, fled: 0, order: only(u.order) };
  const p = leadershipPassChance(target);
  if (u.order === "GOOD" && traitsOf(state).disorderBeforeFlight) return { target, notTested: 0, passed: p, disordered: 1 - p, fled: 0, order: { GOOD: p, DISORDERED: 1 - p, FLEEING: 0 } };
  // A DISORDERED unit (WHN-PANIC-3), or any unit under the core rules (CORE-PANIC-1), flees on a fail.
  return { target, notTested: 0, passed: p, disordered: 0, fled: 1 - p, order: { GOOD: u.order === "GOOD" ? p : 0, DISORDERED: u.order === "DISORDERED" ? p : 0, FLEEING: 1 - p } };
}

/**
 * Exact odds of a rally test (CORE-RALLY-1, WHN-RALLY-2…4): passing makes the unit GOOD; failing
 * leaves it as it was. Units that may not test (CORE-RALLY-2, CORE-RALLY-3) keep their state.
 */
export function rallyOdds(state: BattleState, u: Unit): RallyOdds {
  const target = effectiveLeadership(state, u).value;
  if (unitRallyViolation(state, u) !== null) return { target, allowed: false, rallied: 0, failed: 0, order: only(u.order) };
  const p = leadershipPassChance(target);
  const stay = u.order;
  return {
    target,
    allowed: true,
    rallied: p,
    failed: 1 - p,
    order: { GOOD: p, DISORDERED: stay === "DISORDERED" ? 1 - p : 0, FLEEING: stay === "FLEEING" ? 1 - p : 0 },
  };
}
