/**
 * What a bot is: a pure function of (state, seed, budget) returning one legal action for the side
 * that must decide. Bots never read the battle's own dice: any look-ahead runs on re-seeded copies.
 */
import type { EngineEvent } from "../events/catalogue.js";
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "../engine/actions.js";
import type { VictorySpec } from "../scenarios/format.js";
import type { FnfEvalWeights } from "./evaluateFnf.js";
import { adopt } from "../engine/owned.js";
import { badArg, objectArg, readingArg } from "../engine/args.js";
import type { WhnEvalWeights } from "./evaluate.js";

/**
 * A bot: given the state, a seed for its own choices and a budget (forward-model applications for
 * the greedy bot, playouts for the search bot), returns a legal action for the deciding side.
 * A bot that applies its action anyway to choose it (the random bot's lazy draw) may also offer
 * `decide`: the same choice with what applying it gave, which `playBattle` and `playSetup` use so
 * the action is not applied twice.
 */
export type Bot = ((state: BattleState, seed: number, budget: number) => Action) & {
  /** The action `bot(state, seed, budget)` returns, already applied to `state`; null when nothing is legal. */
  readonly decide?: (state: BattleState, seed: number, budget: number) => BotDecision | null;
};

/** A bot's choice with what applying it to the state gave (`applyTrusted`'s next state and events). */
export interface BotDecision {
  readonly action: Action;
  readonly state: BattleState;
  readonly events: readonly EngineEvent[];
}

/** What a bot may know of the scenario: its victory rules and each side's posture. */
export interface BotContext {
  readonly victory: VictorySpec | null;
  readonly posture: { readonly [side: string]: "attack" | "defend" };
  /** Weights of the FnF evaluation (default: {@link FNF_EVAL_WEIGHTS}); self-play tuning sets them. */
  readonly fnfWeights?: FnfEvalWeights;
  /** Weights of the WHN/CORE evaluation (default: {@link EVAL_WEIGHTS}); self-play tuning sets them. */
  readonly whnWeights?: WhnEvalWeights;
}

/** A context with no victory rules: the first side attacks, the other defends. */
export function defaultContext(input: BattleState): BotContext {
  const state = adopt(input);
  const posture: { [side: string]: "attack" | "defend" } = {};
  for (const id of Object.keys(state.sides)) posture[id] = id === state.turn.firstSide ? "attack" : "defend";
  return { victory: null, posture };
}

/** The deciding side of a state (null once the battle is over). */
export function decider(input: BattleState): SideId | null {
  const state = adopt(input);
  if (state.turn.phase === "finished") return null;
  return state.pending[0]?.side ?? state.turn.activeSide;
}

/**
 * The boundary of the evaluation functions (`evaluate`, `evaluateFnf`, `whnFeatures`,
 * `fnfFeatures`): the state adopted, `side` a string, `ctx` (and `weights`, when given) objects;
 * `f` runs on the adopted state, and a raw error while it reads `ctx` or `weights` becomes
 * `engine/misuse`. The bots' inner loops call the unchecked functions instead.
 */
export function withEvalArgs<T>(api: string, state: BattleState, side: SideId, ctx: BotContext, f: (s: BattleState) => T, weights?: object): T {
  const s = adopt(state);
  if (typeof side !== "string") throw badArg(api, "side", "a side id", side);
  objectArg(api, "ctx", ctx);
  if (weights !== undefined) objectArg(api, "weights", weights);
  return readingArg(api, weights === undefined ? "ctx" : "ctx or weights", () => f(s));
}
