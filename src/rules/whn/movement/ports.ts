/**
 * Calls into the other phases that the movement phase needs, kept in one file so the coupling is
 * visible: stand and shoot is resolved by the shooting module (CORE-CHRG-3); the Panic triggers of
 * charges (CORE-PANIC-4, CORE-PANIC-6) belong to the morale module.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import { resolveShooting } from "../shooting/resolve.js";
import { panicForDestroyedFleeing, panicForFlankCharge } from "../morale/triggers.js";
import type { Quadrant } from "../../../geometry/arcs.js";

/** Stand and shoot at the first charger (CORE-CHRG-3): shooting's resolver with its −1. */
export function standAndShoot(state: BattleState, ctx: ActionContext, shooter: UnitId, target: UnitId): Outcome {
  return resolveShooting(state, ctx, { shooter, target, standAndShoot: true });
}

/** The flank/rear charge Panic test of an engaged target (CORE-PANIC-4), once found in reach. */
export function flankChargePanic(state: BattleState, ctx: ActionContext, target: UnitId, charger: UnitId, face: Quadrant): BattleState {
  return panicForFlankCharge(state, ctx, target, charger, face).state;
}

/** Panic for fleeing friends destroyed by chargers, once all charge moves are made (CORE-PANIC-6). */
export function destroyedFleeingPanic(state: BattleState, ctx: ActionContext, destroyed: readonly UnitId[]): BattleState {
  return destroyed.length === 0 ? state : panicForDestroyedFleeing(state, ctx, destroyed).state;
}
