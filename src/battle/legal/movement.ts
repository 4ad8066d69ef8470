/**
 * Fallback lister of the WHN movement phase, used while the movement module declares no `legal`
 * of its own: it asks the module's `legalMovementActions(state, unit)` (whose bounded
 * discretisation is documented in src/rules/whn/movement/legal.ts) for the units that may act in
 * the current step, and answers a pending charge response for its unit only. That lister already
 * tries every candidate against the module's handlers; the units asked are the deciding side's, so
 * the engine's actor check holds too.
 */
import { type BattleState, isFigureScale } from "../../state/battle.js";
import type { Action } from "../../engine/actions.js";
import { legalMovementActions } from "../../rules/whn/movement/legal.js";
import { decidingUnits } from "./common.js";

/** The movement actions of the deciding side in the current step (each checked with the engine). */
export function movementLegal(state: BattleState): Action[] {
  if (!isFigureScale(state.ruleset) || state.turn.phase !== "movement") return [];
  const top = state.pending[0];
  if (top !== undefined) {
    if (top.kind !== "chargeResponse" || top.unit === null) return [];
    return legalMovementActions(state, top.unit) as Action[];
  }
  const step = state.turn.step;
  if (step !== "declareCharges" && step !== "chargeMoves" && step !== "remaining") return [];
  const out: Action[] = [];
  for (const u of decidingUnits(state)) {
    if (u.order === "FLEEING") continue;
    if (step === "chargeMoves" && !u.flags.declaredCharge) continue;
    out.push(...(legalMovementActions(state, u.id) as Action[]));
  }
  return out;
}
