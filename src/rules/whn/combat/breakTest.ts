/**
 * Break tests (CORE-BREAK-1…4, WHN-BREAK-1, WHN-BREAK-3): each unit of the losing side rolls 2D6
 * against its Leadership (WHN-LEAD-3) minus the margin. WHN: passing means falling back
 * DISORDERED; failing means breaking (its standard is lost, CORE-BREAK-3 / CORE-STD-4) and
 * fleeing — except cavalry beaten by a square, which flow past it instead.
 */
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { effectiveLeadership, leadershipTest } from "../leadership.js";
import { getUnit, withUnit } from "../unit.js";
import { battleStandardNear } from "../../core/leadership.js";
import { emit, type Recorder } from "./recorder.js";
import { traitsOf } from "../../traits.js";

/** What a losing unit does after its test. */
export type BreakOutcome = "fallBack" | "broke" | "flowPast" | "held";

/** The verdict of one unit's Break test. */
export interface BreakVerdict {
  readonly unit: UnitId;
  readonly outcome: BreakOutcome;
  /** The enemy it lost to: the one with most models in contact (CORE-FLEE-3, WHN-BREAK-2). */
  readonly from: UnitId;
}

/** Whether a unit breaks without a test (CORE-BREAK-4, `core.autoBreakBelowQuarter`, AMB-01). */
export function breaksWithoutTest(state: BattleState, u: Unit): boolean {
  return state.options.core.autoBreakBelowQuarter && u.figures <= u.startingFigures / 4;
}

/**
 * Takes a unit's Break test (CORE-BREAK-1/2, WHN-BREAK-1/3) and applies its immediate effects: a
 * unit that passes, or cavalry that flow past a square, becomes DISORDERED; a unit that breaks
 * loses its standard to `from` (CORE-BREAK-3, CORE-STD-4). Moves come later in the phase.
 */
export function breakTest(state: BattleState, r: Recorder, unit: UnitId, margin: number, from: UnitId, onlySquares: boolean): { state: BattleState; verdict: BreakVerdict } {
  const u = getUnit(state, unit) as Unit;
  let passed: boolean;
  if (breaksWithoutTest(state, u)) {
    passed = false;
    emit(r, "combat/breakTest", "CORE-BREAK-4", { unit, margin, auto: true, figures: u.figures, startingFigures: u.startingFigures, passed });
  } else {
    const ld = effectiveLeadership(state, u);
    const roll = leadershipTest(r.ctx.dice, ld.value - margin);
    passed = roll.passed;
    emit(r, "combat/breakTest", "CORE-BREAK-1", { unit, margin, dice: [...roll.dice], total: roll.total, leadership: ld.value, target: roll.target, passed, leadersNear: [...ld.leadersNear] });
    // CORE-BSB-1: a battle standard within 12" re-rolls a failed Break test. A unit takes at most
    // one Break test per player turn, so "once per turn" needs no memory.
    const bsb = passed ? null : battleStandardNear(state, u);
    if (bsb !== null) {
      const again = leadershipTest(r.ctx.dice, ld.value - margin);
      passed = again.passed;
      emit(r, "combat/breakTest", "CORE-BSB-1", { unit, margin, dice: [...again.dice], total: again.total, leadership: ld.value, target: again.target, passed, leadersNear: [...ld.leadersNear], battleStandard: bsb.id });
    }
  }
  if (passed && traitsOf(state).loserHolds) {
    // CORE-BREAK-1: under the core rules a unit that holds stays in the fight, in good order.
    return { state, verdict: { unit, outcome: "held", from } };
  }
  if (passed) {
    emit(r, "unit/disordered", "WHN-BREAK-1", { unit, cause: "fallBack" });
    return { state: withUnit(state, { ...u, order: "DISORDERED" }), verdict: { unit, outcome: "fallBack", from } };
  }
  if (u.troopType === "cavalry" && onlySquares) {
    emit(r, "unit/disordered", "WHN-BREAK-3", { unit, cause: "flowPast" });
    return { state: withUnit(state, { ...u, order: "DISORDERED" }), verdict: { unit, outcome: "flowPast", from } };
  }
  emit(r, "combat/broke", "CORE-BREAK-1", { unit, from });
  return { state: loseStandard(state, r, u, from), verdict: { unit, outcome: "broke", from } };
}

/** A broken or destroyed unit's standard goes to the enemy (CORE-BREAK-3, CORE-STD-4). */
export function loseStandard(state: BattleState, r: Recorder, u: Unit, to: UnitId): BattleState {
  if (!u.command.standard || u.standardLost) return state;
  emit(r, "combat/standardCaptured", "CORE-STD-4", { unit: u.id, by: to });
  let s = withUnit(state, { ...u, command: { ...u.command, standard: false }, standardLost: true });
  const taker = getUnit(s, to);
  if (taker !== undefined) s = withUnit(s, { ...taker, standardsCaptured: [...taker.standardsCaptured, u.id] });
  return s;
}
