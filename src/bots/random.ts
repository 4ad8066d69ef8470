/**
 * The random bot: a uniform choice among `legalActions` (drawn with the bot's own seed).
 */
import type { BattleState } from "../state/battle.js";
import type { Action } from "../engine/actions.js";
import { legalActions } from "../engine/decisions.js";
import { FusilladeError } from "../engine/violation.js";
import { botRng } from "./rng.js";

/**
 * Picks one of the legal actions uniformly at random (the budget is not used).
 * @example
 * const action = randomBot(state, 7, 0);
 */
export function randomBot(state: BattleState, seed: number, _budget = 0): Action {
  const actions = legalActions(state);
  if (actions.length === 0) throw new FusilladeError("engine/misuse", "fusillade: randomBot called on a state with no legal action (is the battle over?)");
  return actions[botRng(seed).int(actions.length)] as Action;
}
