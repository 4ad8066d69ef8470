/**
 * Calls into the other phases that the movement phase needs, kept in one file so the coupling is
 * visible: stand and shoot is resolved by the shooting module (CORE-CHRG-3); the Panic triggers of
 * charges (CORE-PANIC-4, CORE-PANIC-6) belong to the morale module, the pursuit a panicked flight
 * allows (CORE-PANIC-10) to the combat module.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import { resolveShooting } from "../shooting/resolve.js";
import { mayPursuePanicked, panicForDestroyedFleeing, panicForFlankCharge } from "../morale/triggers.js";
import { combatOfUnit, foesOf } from "../combat/disengage.js";
import { mayEverPursue } from "../combat/pursuit.js";
import { getUnit, inPlay } from "../unit.js";
import type { Quadrant } from "../../../geometry/arcs.js";

/** Stand and shoot at the first charger (CORE-CHRG-3): shooting's resolver with its −1. */
export function standAndShoot(state: BattleState, ctx: ActionContext, shooter: UnitId, target: UnitId): Outcome {
  return resolveShooting(state, ctx, { shooter, target, standAndShoot: true });
}

/**
 * The flank/rear charge Panic test of an engaged target (CORE-PANIC-4), once found in reach. A
 * target that flees from its combat may be pursued at once by the enemies that won that combat's
 * last round (CORE-PANIC-10): each one that now fights nobody else gets a restraint decision.
 */
export function flankChargePanic(state: BattleState, ctx: ActionContext, target: UnitId, charger: UnitId, face: Quadrant): BattleState {
  const combat = combatOfUnit(state, target);
  const out = panicForFlankCharge(state, ctx, target, charger, face);
  if (out.result !== "fled" || combat === undefined) return out.state;
  const decisions: Decision[] = [];
  for (const id of combat.units) {
    const u = getUnit(out.state, id);
    if (u === undefined || !inPlay(u) || u.order === "FLEEING" || !mayPursuePanicked(combat, u) || !mayEverPursue(u)) continue;
    if (foesOf(out.state, u).length === 0) decisions.push({ kind: "restraint", side: u.side, unit: u.id, targets: [target], rule: "CORE-PANIC-10" });
  }
  return decisions.length === 0 ? out.state : { ...out.state, pending: [...out.state.pending, ...decisions] };
}

/** Panic for fleeing friends destroyed by chargers, once all charge moves are made (CORE-PANIC-6). */
export function destroyedFleeingPanic(state: BattleState, ctx: ActionContext, destroyed: readonly UnitId[]): BattleState {
  return destroyed.length === 0 ? state : panicForDestroyedFleeing(state, ctx, destroyed).state;
}
