/**
 * The random bot: a uniform choice among the legal actions, drawn with the bot's own seed by the
 * engine's lazy `sampleLegalAction` (candidates are checked only as they are drawn, so a choice
 * costs a few dry runs rather than the whole listing).
 */
import type { BattleState } from "../state/battle.js";
import type { Action } from "../engine/actions.js";
import { sampleLegalAction } from "../engine/decisions.js";
import { FusilladeError } from "../engine/violation.js";
import { botRng } from "./rng.js";
import { seedArg } from "../engine/args.js";
import type { BotDecision } from "./types.js";

/** The random bot's choice, applied (null when nothing is legal). */
function decide(state: BattleState, seed: number, _budget = 0): BotDecision | null {
  return sampleLegalAction(state, botRng(seedArg("randomBot", "seed", seed)));
}

/** The random bot's type: a {@link Bot} whose budget may be left out, with `decide`. */
export type RandomBot = ((state: BattleState, seed: number, budget?: number) => Action) & { readonly decide: (state: BattleState, seed: number, budget?: number) => BotDecision | null };

/**
 * Picks one of the legal actions uniformly at random (the budget is not used). Its `decide` gives
 * the same choice already applied.
 * @example
 * const action = randomBot(state, 7, 0);
 * const applied = randomBot.decide(state, 7, 0); // { action, state, events } | null
 */
export const randomBot: RandomBot = Object.assign(
  (state: BattleState, seed: number, budget = 0): Action => {
    const pick = decide(state, seed, budget);
    if (pick === null) throw new FusilladeError("engine/misuse", "fusillade: randomBot called on a state with no legal action (is the battle over?)");
    return pick.action;
  },
  { decide },
);
