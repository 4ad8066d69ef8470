/**
 * Shared helpers of the fallback legal-action listers: the units of the deciding side and the
 * `isLegal` filter every listed candidate goes through.
 */
import type { BattleState } from "../../state/battle.js";
import type { Unit } from "../../state/unit.js";
import type { Action } from "../../engine/actions.js";
import { applyOwned } from "../../engine/apply.js";
import { seedDice } from "../../dice/index.js";

/** Dice used only for legality checks, so a listing never depends on the battle's own dice. */
const CHECK_DICE = seedDice(0);

/** The side whose decision it is: the top of the decision stack, else the active side. */
export function decidingSideOf(state: BattleState): Unit["side"] {
  return state.pending[0]?.side ?? state.turn.activeSide;
}

/** The deciding side's units still in play, in id order (the order of `state.units`). */
export function decidingUnits(state: BattleState): Unit[] {
  const side = decidingSideOf(state);
  return Object.values(state.units).filter((u) => u.side === side && u.removed === null && u.figures > 0 && u.mergedInto === null);
}

/**
 * Whether an action applies without a violation: a dry run through the engine on a copy with fixed
 * dice (legality never depends on what the battle's dice will roll, and scripted dice are not used up).
 */
export function applies(state: BattleState, action: Action): boolean {
  return applyOwned({ ...state, dice: CHECK_DICE }, action).ok;
}

/** The candidates that apply without a violation, in order. */
export function keepLegal(state: BattleState, candidates: readonly Action[]): Action[] {
  return candidates.filter((a) => applies(state, a));
}
