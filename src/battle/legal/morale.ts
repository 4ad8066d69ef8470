/**
 * Fallback lister of the WHN morale module's rally step (the module declares no `legal` yet).
 *
 * Discretisation: one `morale/rally` per FLEEING or DISORDERED unit of the active side
 * (CORE-RALLY-1, WHN-RALLY-1), without the optional free reform of CORE-RALLY-4 (the unit keeps
 * its formation and facing). Every candidate is checked with the engine.
 */
import { type BattleState, isFigureScale } from "../../state/battle.js";
import type { Action } from "../../engine/actions.js";
import { listLegal, type CandidateListing } from "../../engine/module.js";
import { applies, decidingUnits } from "./common.js";

/** The rally candidates of the active side, unchecked. */
export function moraleCandidates(state: BattleState): Action[] {
  if (!isFigureScale(state.ruleset) || state.turn.phase !== "movement" || state.turn.step !== "rally" || state.pending.length > 0) return [];
  const out: Action[] = [];
  for (const u of decidingUnits(state)) {
    if (u.order === "FLEEING" || u.order === "DISORDERED") out.push({ type: "morale/rally", unit: u.id });
  }
  return out;
}

/** The rally listing: the candidates above, each checked with the engine. */
export const MORALE_LISTING: CandidateListing<Action> = { candidates: moraleCandidates, check: applies };

/** The rally tests the active side may take now (each checked with the engine). */
export function moraleLegal(state: BattleState): Action[] {
  return listLegal(state, MORALE_LISTING);
}
