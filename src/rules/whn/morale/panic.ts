/**
 * The Panic test (CORE-PANIC-1, WHN-PANIC-3, WHN-PANIC-4): a Leadership test on WHN-LEAD-3's value.
 * A GOOD unit that fails becomes DISORDERED and stays put; a DISORDERED unit that fails flees as if
 * broken in close combat; a FLEEING unit is never tested.
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { RuleId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { effectiveLeadership, leadershipTest } from "../leadership.js";
import { getUnit, inPlay, joinedCharacters, withUnit } from "../unit.js";
import { fleeUnit } from "./flee.js";
import { traitsOf } from "../../traits.js";

/** The outcome of one Panic test for a unit. */
export type PanicResult = "notTested" | "passed" | "disordered" | "fled";

/** Why a Panic test is taken. */
export interface PanicCause {
  /** The trigger's rule (CORE-PANIC-3…7, WHN-PANIC-2, …); the `morale/panicTest` event names it. */
  readonly rule: RuleId;
  /** The enemy to flee from if the unit flees; null or absent: the nearest enemy (CORE-FLEE-3). */
  readonly from?: UnitId | null;
  /**
   * Make the flee move at once (default). False after a start-of-turn test and in the close combat
   * phase (WHN-PANIC-3): the unit becomes FLEEING now and its caller moves it later with `fleeUnit`.
   */
  readonly fleeNow?: boolean;
}

/** Whether a unit can take a Panic test at all: in play and not already fleeing (CORE-PANIC-1). */
export function canPanic(u: Unit): boolean {
  return inPlay(u) && u.order !== "FLEEING";
}

/**
 * Sets a unit (and its joined characters) FLEEING without moving it, for flee moves made later in
 * the step (WHN-PANIC-3).
 */
export function markFleeing(state: BattleState, u: Unit, ctx: ActionContext, rule: RuleId): BattleState {
  ctx.emit("unit/mustFlee", rule, { unit: u.id });
  let s = withUnit(state, { ...u, order: "FLEEING" });
  const riders = joinedCharacters(s, u.id);
  if (riders.length > 0) {
    const characters = { ...s.characters };
    for (const c of riders) characters[c.id] = { ...c, order: "FLEEING" };
    s = { ...s, characters };
  }
  return s;
}

/**
 * Takes a Panic test (CORE-PANIC-1 with WHN-PANIC-3/4): 2D6 against the unit's effective
 * Leadership. Failing turns GOOD into DISORDERED, and DISORDERED into a flee (made at once unless
 * `cause.fleeNow` is false). FLEEING or removed units are not tested.
 * @example
 * const { state: next, result } = panicTest(state, unitId("fr-1"), ctx, { rule: "CORE-PANIC-5" });
 */
export function panicTest(
  state: BattleState,
  unit: UnitId,
  ctx: ActionContext,
  cause: PanicCause,
): { state: BattleState; result: PanicResult } {
  const u = getUnit(state, unit);
  if (u === undefined) throw new RangeError(`panicTest: unknown unit "${unit}"`);
  if (!canPanic(u)) return { state, result: "notTested" };
  const ld = effectiveLeadership(state, u);
  const roll = leadershipTest(ctx.dice, ld.value);
  const traits = traitsOf(state);
  ctx.emit("morale/panicTest", cause.rule, {
    unit: u.id,
    test: traits.rules.panicTest,
    dice: [...roll.dice],
    total: roll.total,
    target: roll.target,
    passed: roll.passed,
    order: u.order,
    leadersNear: [...ld.leadersNear],
  });
  if (roll.passed) return { state, result: "passed" };
  // CORE-PANIC-1: under the core rules a failed test always flees (WHN-PANIC-3 adds the disorder step).
  const fleeRule = traits.rules.panicFlight;
  if (u.order === "GOOD" && traits.disorderBeforeFlight) {
    ctx.emit("unit/disordered", "WHN-PANIC-3", { unit: u.id, cause: cause.rule });
    return { state: withUnit(state, { ...u, order: "DISORDERED" }), result: "disordered" };
  }
  if (cause.fleeNow === false) return { state: markFleeing(state, u, ctx, fleeRule), result: "fled" };
  const fled = fleeUnit(state, u.id, ctx, { from: cause.from ?? null, rule: fleeRule });
  return { state: fled.state, result: "fled" };
}
