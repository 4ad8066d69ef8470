/**
 * The search bot: Monte Carlo search at the root with determinised chance, guided by the greedy
 * evaluation. Every look-ahead runs on a copy of the state re-seeded from the bot's own seed
 * (`reseed`), so the search never sees the battle's future rolls.
 *
 * 1. **Prior**: each root action (a seeded sample of at most {@link SEARCH_PRIOR_CAP}) is applied
 *    once to a re-seeded copy and scored with {@link evaluate} (an FnF maneuver roll by the best
 *    follow-up it allows), as the greedy bot does.
 * 2. **Candidates**: the best few by the prior, and `turn/advance` when it is listed.
 * 3. **Playouts**: each candidate is played on the same re-seeded copies (common random numbers,
 *    so two candidates are compared under the same dice), then both sides follow the `reply` policy
 *    (answers, shots and charge declarations chosen by a one-ply look; other steps end) to the end
 *    of the enemy's next player turn (`horizon` 1), so the enemy's answer is seen; the leaf is scored
 *    with {@link evaluate} plus `victoryWeight` × how much nearer the side is to one of the
 *    scenario's winning conditions than the enemy (`victoryProgress`).
 * 4. **Sequential halving**: playouts go round by round over the surviving candidates; after rounds
 *    2, 4, 8… the worse half is dropped. Of the survivors whose mean over the completed rounds is
 *    within a tolerance of the best, the best by the prior is chosen: the search keeps the greedy
 *    choice unless the playouts show it loses clearly (the prior decides alone when no round
 *    completed in the time budget).
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "../engine/actions.js";
import { applyTrusted } from "../engine/apply.js";
import { adopt } from "../engine/owned.js";
import { badArg, fnArg, numberArg, objectArg, optionsArg, readingArg } from "../engine/args.js";
import { reseed } from "../engine/create.js";
import { firstLegalAction, legalActions } from "../engine/decisions.js";
import { FusilladeError } from "../engine/violation.js";
import { judgeOutcome } from "../battle/game.js";
import { armyLoss, lostOrFleeing, objectiveHolder, standardsTaken } from "../battle/victory.js";
import { otherSide } from "../engine/sequence.js";
import { exp } from "../math/index.js";
import { evaluateOwned, EVAL_WEIGHTS } from "./evaluate.js";
import { TUNED_LEAF_ODDS } from "./tunedWeights.js";
import { bestFollowUp } from "./greedy.js";
import { botRng, mixSeed, shuffled, type BotRng } from "./rng.js";
import { decider, defaultContext, type Bot, type BotContext } from "./types.js";

/** Tuning of the search bot. */
export interface SearchOptions {
  /** Most root candidates searched by playouts (default 6, plus `turn/advance`). */
  readonly candidates?: number;
  /** Player turns a playout runs after the current one ends (default 1: the enemy's turn is played out too; 0 with the `cheap` policy). */
  readonly horizon?: number;
  /** The playout policy for both sides (default `reply`; see {@link RolloutPolicy}). */
  readonly rollout?: RolloutPolicy;
  /**
   * Weight of the scenario's victory conditions at a playout's leaf (default
   * {@link SEARCH_VICTORY_WEIGHT}): the leaf scores the evaluation plus this times how much nearer
   * the side is to meeting one of its conditions than the enemy is to one of its own (see
   * `victoryProgress`); 0 scores the evaluation alone.
   */
  readonly victoryWeight?: number;
  /**
   * How a playout's leaf is scored (WHN/CORE; FnF leaves are always scored by the evaluation):
   * `linear` (default) the evaluation plus `victoryWeight` × the victory progress difference;
   * `odds` the chance of winning the battle, from a logistic model fitted by self-play
   * ({@link LEAF_ODDS_FEATURES}, weights in `TUNED_LEAF_ODDS`), as 2 × (p − ½) × `victoryWeight`
   * scaled to the evaluation's win value. Unlike the linear leaf it sees which side wins when the
   * turn limit comes (the scenario's `otherwise`) and how near that is, and its averaging over
   * playouts is risk-averse for a side that is winning and risk-seeking for one that is losing.
   * `keeper`: the `odds` leaf for the side that keeps the field at the turn limit (the scenario's
   * `otherwise`), the linear one for its enemy (and for both when the limit gives a draw).
   */
  readonly leaf?: "linear" | "odds" | "keeper";
  /** The reply policy's most options looked at a step (default {@link SEARCH_REPLY_WIDTH}). */
  readonly replyWidth?: number;
  /**
   * Moves inside a playout (`reply` policy only): in a step where units move (WHN's remaining-moves
   * step, an FnF maneuver phase) the side picks, by a one-ply look, the best of ending the step and
   * this many of the listed moves drawn by the playout's generator, as the greedy bot would among
   * them, and goes on until ending the step scores best (default {@link SEARCH_PLAYOUT_MOVES};
   * 0: the step ends at once, as before).
   */
  readonly playoutMoves?: number;
  /** Most policy actions in one playout (default 60, 120 with the `reply` policy). */
  readonly rolloutSteps?: number;
  /**
   * For a maneuver (a move in the movement phase's remaining step, an FnF command or maneuver):
   * how far below the best playout mean a candidate may score and still be picked for its prior
   * (default {@link SEARCH_TOLERANCE}). The search keeps the greedy choice of a move unless the
   * playouts show it is worse than another by more than this, because a short playout cannot see
   * the long-term worth of an approach; 0 picks by the playouts alone. Charges, answers to a
   * decision and fire are always picked by the playouts.
   */
  readonly tolerance?: number;
  /**
   * For any other decision (a charge, an answer to a decision, fire): how far below the best
   * playout mean the greedy choice may score and still be kept (default 0: picked by the playouts).
   */
  readonly answerTolerance?: number;
  /**
   * The decisions searched by playouts, as prefixes of {@link SearchInfo.decision} (e.g.
   * `["movement/declareCharges", "pending:"]`); any other decision takes the prior's best (the
   * greedy choice) without playouts. Default: every decision. For ablations.
   */
  readonly decisions?: readonly string[];
  /**
   * Whether sequential halving keeps the prior's best candidate (the greedy choice) of a maneuver
   * to the end, so that the tolerance above is measured against it whatever the number of
   * playouts. Default false: halving drops it on its playout mean alone, which measured better
   * (docs/guides/writing-a-bot.md, "What the search needed, measured").
   */
  readonly keepPrior?: boolean;
  /**
   * How the playouts pick among the candidates. `mean` (default): sequential halving on the
   * playout means, then the tolerances above. `paired`: the greedy choice (the prior's best) is
   * kept to the end and every other candidate is compared with it round by round on the same
   * dice (paired differences); a candidate overrules it only when its mean difference stays above
   * zero by `confidence` standard errors, over at least three rounds. Picking the best of several
   * noisy means favours whichever was luckiest; the paired test asks for evidence instead.
   */
  readonly pick?: "mean" | "paired";
  /** For `pick: "paired"`: standard errors the mean difference must clear (default {@link SEARCH_CONFIDENCE}). */
  readonly confidence?: number;
  /** Kept for compatibility; the search is flat at the root and ignores it. */
  readonly maxDepth?: number;
  /** Kept for compatibility; sequential halving has no exploration constant. */
  readonly exploration?: number;
  /**
   * Wall-clock milliseconds a decision may take, measured with `clock` (the core reads no clock
   * itself: pass e.g. `performance.now`). The budget argument still caps the playouts, so a test
   * can make the search deterministic by leaving the time budget out.
   */
  readonly timeMs?: number;
  /** The clock for `timeMs`, in milliseconds. */
  readonly clock?: () => number;
  /** Called after each searched decision with what the search did (for tables and tuning). */
  readonly onSearch?: (info: SearchInfo) => void;
}

/** What one searched decision did. */
export interface SearchInfo {
  /** Root actions listed. */
  readonly actions: number;
  /** Root actions scored by the one-ply prior. */
  readonly scored: number;
  /** Candidates the playouts compared. */
  readonly candidates: number;
  /** Playouts run. */
  readonly playouts: number;
  /** Whether the pick differs from the prior's best (the greedy choice). */
  readonly overruled: boolean;
  /** What was decided: `pending:<kind>` for an answer to a decision, else `<phase>` or `<phase>/<step>`. */
  readonly decision: string;
}

/** Most root actions given a one-ply prior (the rest follow in a seeded order). */
export const SEARCH_PRIOR_CAP = 96;

/** Default number of root candidates the playouts compare (besides `turn/advance`). */
export const SEARCH_CANDIDATES = 6;

/** Default {@link SearchOptions.replyWidth}. */
export const SEARCH_REPLY_WIDTH = 4;

/** Default {@link SearchOptions.victoryWeight}. */
export const SEARCH_VICTORY_WEIGHT = 1;

/** Default {@link SearchOptions.playoutMoves}. */
export const SEARCH_PLAYOUT_MOVES = 0;

/** Default {@link SearchOptions.confidence}. */
export const SEARCH_CONFIDENCE = 2;

/** Default {@link SearchOptions.tolerance}. */
export const SEARCH_TOLERANCE = 0.1;

const ADVANCE: Action = { type: "turn/advance" };

/** Actions the playout policy takes in a fire phase. */
const FIRE_TYPES: ReadonlySet<string> = new Set(["shooting/fire", "shooting/volley", "artillery/fire", "fnf/fire"]);

/** Plays an action and the scenario's judging; null if it does not apply in this determinisation. */
function step(s: BattleState, a: Action, ctx: BotContext): BattleState | null {
  const r = applyTrusted(s, a);
  return r.ok ? judgeOutcome(s, r.state, r.events, ctx.victory).state : null;
}

/** Playout policies: `cheap` (first answer, random shot, random charge for an attacker, else end the step) or `reply` (below). */
export type RolloutPolicy = "cheap" | "reply";

/** The cheap playout policy's action (see {@link RolloutPolicy}). */
function cheapPolicy(s: BattleState, ctx: BotContext, rng: BotRng): Action | undefined {
  if (s.pending.length > 0) return firstLegalAction(s);
  const phase = s.turn.phase;
  if (phase === "shooting" || phase === "defensiveFire" || phase === "offensiveFire") {
    const shots = legalActions(s).filter((a) => FIRE_TYPES.has(a.type));
    if (shots.length > 0) return shots[rng.int(shots.length)];
  } else if (phase === "movement" && s.turn.step === "declareCharges" && ctx.posture[s.turn.activeSide] === "attack") {
    const charges = legalActions(s).filter((a) => a.type === "movement/declareCharge");
    if (charges.length > 0) return charges[rng.int(charges.length)];
  }
  return ADVANCE;
}

/** Steps where the reply policy chooses by a one-ply look (the rest end the step, as `cheap` does). */
function replyChoices(s: BattleState): readonly Action[] | null {
  if (s.pending.length > 0) return legalActions(s);
  const phase = s.turn.phase;
  if (phase === "shooting" || phase === "defensiveFire" || phase === "offensiveFire") return legalActions(s).filter((a) => FIRE_TYPES.has(a.type) || a.type === "turn/advance");
  if (phase === "movement" && s.turn.step === "declareCharges") return legalActions(s).filter((a) => a.type === "movement/declareCharge" || a.type === "turn/advance");
  return null;
}

/** Whether units move in this step (WHN's remaining moves, an FnF maneuver phase) and no decision is pending. */
function isMoveStep(s: BattleState): boolean {
  return s.pending.length === 0 && (s.turn.phase === "maneuver" || (s.turn.phase === "movement" && s.turn.step === "remaining"));
}

/**
 * One move of a playout (see {@link SearchOptions.playoutMoves}): ending the step and `width` of the
 * listed moves drawn by the playout's generator are each applied to the same determinised copy and
 * scored for the decider (an FnF maneuver roll by the best follow-up it allows, which is then
 * played); a move must beat ending the step strictly, as with the greedy bot.
 */
function moveStep(s: BattleState, ctx: BotContext, rng: BotRng, width: number): BattleState | null {
  const side = decider(s);
  if (side === null) return null;
  const listed = legalActions(s);
  const others = listed.filter((a) => a.type !== "turn/advance");
  const pool = [...listed.filter((a) => a.type === "turn/advance"), ...(others.length > width ? shuffled(others, rng).slice(0, width) : others)];
  let best: BattleState | null = null;
  let bestValue = -Infinity;
  for (const a of pool) {
    const next = step(s, a, ctx);
    if (next === null) continue;
    const f = bestFollowUp(next, a, side, ctx);
    if (f.value > bestValue + 1e-12) {
      bestValue = f.value;
      best = f.state;
    }
  }
  return best;
}

/**
 * One step of the `reply` policy, for whichever side decides (so a playout shows the enemy's answer
 * too): an answer to a decision, a shot or a charge declaration is chosen by a one-ply look (at most
 * `width` of them, drawn by the playout's generator, each applied to the same determinised copy and
 * scored with the evaluation for the decider; ending the step competes too); any other step ends.
 * Returns the state the pick leads to, or null when nothing applies.
 */
function replyStep(s: BattleState, ctx: BotContext, rng: BotRng, width: number, moves: number): BattleState | null {
  if (moves > 0 && isMoveStep(s)) return moveStep(s, ctx, rng, moves);
  const choices = replyChoices(s);
  if (choices === null || choices.length === 0) return step(s, ADVANCE, ctx);
  if (choices.length === 1) return step(s, choices[0] as Action, ctx);
  const side = decider(s);
  if (side === null) return null;
  const pool = choices.length > width ? shuffled(choices, rng).slice(0, width) : choices;
  let best: BattleState | null = null;
  let bestValue = -Infinity;
  for (const a of pool) {
    const next = step(s, a, ctx);
    if (next === null) continue;
    const v = evaluateOwned(next, side, ctx);
    if (v > bestValue) {
      bestValue = v;
      best = next;
    }
  }
  return best;
}

/** Plays the policy for both sides to the end of the `horizon`-th player turn after the current one. */
function playout(s: BattleState, ctx: BotContext, maxSteps: number, horizon: number, rng: BotRng, rollout: RolloutPolicy, width: number, moves: number): BattleState {
  let turnsLeft = horizon + 1;
  let mark = `${s.turn.gameTurn}:${s.turn.activeSide}`;
  for (let i = 0; i < maxSteps && s.turn.phase !== "finished"; i++) {
    let next: BattleState | null;
    if (rollout === "reply") next = replyStep(s, ctx, rng, width, moves);
    else {
      const a = cheapPolicy(s, ctx, rng);
      if (a === undefined) break;
      next = step(s, a, ctx);
    }
    if (next === null) {
      // The step cannot end yet (something must be resolved first): take the first listed action.
      const first = firstLegalAction(s);
      next = first === undefined ? null : step(s, first, ctx);
    }
    if (next === null) break;
    s = next;
    const now = `${s.turn.gameTurn}:${s.turn.activeSide}`;
    if (now !== mark) {
      mark = now;
      if (--turnsLeft === 0) break;
    }
  }
  return s;
}

/**
 * How near a side is to winning by the scenario's conditions (0 … 1): the best, over the conditions
 * it wins by, of the share already met (enemy units lost or fleeing over the count, standards over
 * the count, enemy army loss over the breaking fraction, the objective held).
 */
export function victoryProgress(s: BattleState, side: SideId, ctx: BotContext): number {
  const spec = ctx.victory;
  if (spec === null) return 0;
  const enemy = otherSide(s, side);
  let best = 0;
  for (const c of spec.conditions) {
    if (c.winner !== side) continue;
    let p = 0;
    if (c.kind === "unitsLost") {
      const pool = Object.values(s.units).filter((u) => u.side === enemy && (c.units === undefined || c.units.includes(u.id)));
      const need = c.count ?? pool.length;
      p = need <= 0 ? 1 : pool.filter((u) => lostOrFleeing(u, s)).length / need;
    } else if (c.kind === "standardsCaptured") p = c.count <= 0 ? 1 : standardsTaken(s, side) / c.count;
    else if (c.kind === "armyBroken") p = c.fraction <= 0 ? 1 : armyLoss(s, enemy) / c.fraction;
    else {
      const o = spec.objectives.find((x) => x.id === c.objective);
      p = o !== undefined && objectiveHolder(s, o) === side ? 1 : 0;
    }
    if (p > best) best = Math.min(1, p);
  }
  return best;
}

/** The features of the `odds` leaf, in {@link LeafOddsWeights} order (each seen from one side; see {@link leafOddsFeatures}). */
export const LEAF_ODDS_FEATURES = ["eval", "progress", "progressSquared", "keepsField", "keepsFieldLate"] as const;

/** Weights of the `odds` leaf: log-odds of winning per unit of each of {@link LEAF_ODDS_FEATURES}. */
export type LeafOddsWeights = { readonly [F in (typeof LEAF_ODDS_FEATURES)[number]]: number };

/**
 * The `odds` leaf's features of a WHN/CORE position for `side` (each antisymmetric: the enemy's
 * view is the negation): the evaluation; the victory progress difference and the difference of
 * its squares (one unit short of a condition is worth more than halfway there); whether the side
 * keeps the field when the turn limit comes with no condition met (+1, −1 for the enemy, 0 for a
 * draw) and that times the share of the game turns already begun.
 */
export function leafOddsFeatures(s: BattleState, side: SideId, ctx: BotContext): Record<(typeof LEAF_ODDS_FEATURES)[number], number> {
  const enemy = otherSide(s, side);
  const mine = victoryProgress(s, side, ctx);
  const theirs = victoryProgress(s, enemy, ctx);
  const otherwise = ctx.victory?.otherwise ?? "draw";
  const keeps = otherwise === side ? 1 : otherwise === enemy ? -1 : 0;
  const late = Math.min(1, (s.turn.gameTurn - 1) / s.turn.maxTurns);
  return { eval: evaluateOwned(s, side, ctx), progress: mine - theirs, progressSquared: mine * mine - theirs * theirs, keepsField: keeps, keepsFieldLate: keeps * late };
}

/** The `odds` leaf: the chance of winning as a value in [−scale, scale] (a finished battle: its result). */
function oddsLeaf(s: BattleState, me: SideId, ctx: BotContext, scale: number): number {
  if (s.result !== null) return s.result.winner === null ? 0 : s.result.winner === me ? scale : -scale;
  const f = leafOddsFeatures(s, me, ctx);
  const w = TUNED_LEAF_ODDS;
  let z = 0;
  for (const k of LEAF_ODDS_FEATURES) z += w[k] * f[k];
  return scale * (2 / (1 + exp(-z)) - 1);
}

/** A playout's leaf: the evaluation, plus `weight` × how much nearer to winning by the scenario's conditions the side is than its enemy. */
function leafValue(s: BattleState, me: SideId, ctx: BotContext, weight: number, leaf: "linear" | "odds" | "keeper"): number {
  if ((leaf === "odds" || (leaf === "keeper" && ctx.victory?.otherwise === me)) && s.ruleset !== "fnf") return oddsLeaf(s, me, ctx, weight * (ctx.whnWeights ?? EVAL_WEIGHTS).win);
  const v = evaluateOwned(s, me, ctx);
  if (weight === 0 || s.result !== null || s.ruleset === "fnf") return v;
  return v + weight * (victoryProgress(s, me, ctx) - victoryProgress(s, otherSide(s, me), ctx));
}

/** What a state asks to decide, for {@link SearchInfo.decision}. */
function decisionKind(s: BattleState): string {
  const p = s.pending[0];
  if (p !== undefined) return `pending:${p.kind}`;
  return s.turn.step === undefined || s.turn.step === null ? s.turn.phase : `${s.turn.phase}/${s.turn.step}`;
}

interface Candidate {
  readonly action: Action;
  /** The one-ply prior. */
  readonly prior: number;
  /** Position in the prior order (ties). */
  readonly rank: number;
  total: number;
  count: number;
  /** The latest playout's value (left out when the last round did not complete). */
  last: number;
  /** Every playout's value, by round (for the paired pick). */
  readonly values: number[];
}

/** Paired differences of `c` against `base` over the rounds both played: their mean, standard error and number. */
function pairedDiff(c: Candidate, base: Candidate): { readonly mean: number; readonly se: number; readonly n: number } {
  const n = Math.min(c.values.length, base.values.length);
  if (n === 0) return { mean: 0, se: Infinity, n };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (c.values[i] as number) - (base.values[i] as number);
  const mean = sum / n;
  if (n < 2) return { mean, se: Infinity, n };
  let sq = 0;
  for (let i = 0; i < n; i++) {
    const d = (c.values[i] as number) - (base.values[i] as number) - mean;
    sq += d * d;
  }
  return { mean, se: Math.sqrt(sq / (n - 1) / n), n };
}

/** The value of a playout whose root action does not apply in its determinisation. */
const FAILED = -10;

/**
 * A search bot for a scenario; the budget is the number of playouts (the most, with a time budget).
 * Without a time budget the choice is a pure function of (state, seed, budget).
 * @example
 * const bot = searchBot({ victory: scenario.victory, posture: { fr: "attack", gb: "defend" } });
 * const action = bot(state, 7, 64);
 */
export function searchBot(context?: BotContext, optionsInput: SearchOptions = {}): Bot {
  // Checked once, when the bot is made: a clock that is not a function would otherwise fail at the first timed decision.
  if (context !== undefined) objectArg("searchBot", "context", context);
  const options = optionsArg("searchBot", "options", optionsInput) ?? {};
  if (options.clock !== undefined) fnArg("searchBot", "options.clock", options.clock);
  if (options.timeMs !== undefined && !(numberArg("searchBot", "options.timeMs", options.timeMs) >= 0)) throw badArg("searchBot", "options.timeMs", "a number ≥ 0", options.timeMs);
  // Copied once: a decision kind is matched against these prefixes at every decision.
  const decisions = options.decisions === undefined ? undefined : readingArg("searchBot", "options.decisions", (): readonly string[] => {
    const d: unknown = options.decisions;
    if (!Array.isArray(d) || !d.every((x) => typeof x === "string")) throw badArg("searchBot", "options.decisions", "an array of strings", d);
    return [...(d as string[])];
  });
  // Every numeric option is a finite number when given (a typo such as a string would otherwise turn
  // into NaN and silently switch the option off or stall the halving).
  const num = (name: string, v: unknown, fallback: number): number => (v === undefined ? fallback : numberArg("searchBot", `options.${name}`, v));
  if (options.rollout !== undefined && options.rollout !== "cheap" && options.rollout !== "reply") throw badArg("searchBot", "options.rollout", '"reply" or "cheap"', options.rollout);
  if (options.keepPrior !== undefined && typeof options.keepPrior !== "boolean") throw badArg("searchBot", "options.keepPrior", "a boolean", options.keepPrior);
  const width = Math.max(1, Math.floor(num("candidates", options.candidates, SEARCH_CANDIDATES)));
  const rollout: RolloutPolicy = options.rollout === "cheap" ? "cheap" : "reply";
  const horizon = Math.max(0, Math.floor(num("horizon", options.horizon, rollout === "reply" ? 1 : 0)));
  const rolloutSteps = num("rolloutSteps", options.rolloutSteps, rollout === "reply" ? 120 : 60);
  const victoryWeight = num("victoryWeight", options.victoryWeight, SEARCH_VICTORY_WEIGHT);
  const replyWidth = Math.max(1, Math.floor(num("replyWidth", options.replyWidth, SEARCH_REPLY_WIDTH)));
  const tolerance = num("tolerance", options.tolerance, SEARCH_TOLERANCE);
  const movesAsked = Math.max(0, Math.floor(num("playoutMoves", options.playoutMoves, SEARCH_PLAYOUT_MOVES)));
  const playoutMoves = rollout === "reply" ? movesAsked : 0;
  const keepPrior = options.keepPrior ?? false;
  if (options.leaf !== undefined && options.leaf !== "linear" && options.leaf !== "odds" && options.leaf !== "keeper") throw badArg("searchBot", "options.leaf", '"linear", "odds" or "keeper"', options.leaf);
  const leaf = options.leaf ?? "linear";
  const answerTolerance = num("answerTolerance", options.answerTolerance, 0);
  if (options.pick !== undefined && options.pick !== "mean" && options.pick !== "paired") throw badArg("searchBot", "options.pick", '"mean" or "paired"', options.pick);
  const paired = options.pick === "paired";
  const confidence = num("confidence", options.confidence, SEARCH_CONFIDENCE);
  return (input: BattleState, seed: number, budget: number): Action => {
    const state = adopt(input);
    const me = decider(state);
    const rootActions = legalActions(state);
    if (me === null || rootActions.length === 0) throw new FusilladeError("engine/misuse", "fusillade: searchBot called on a state with no legal action");
    if (rootActions.length === 1) return rootActions[0] as Action;
    const ctx = context ?? defaultContext(state);
    const rng = botRng(seed);
    const clock = options.clock;
    const started = clock !== undefined && options.timeMs !== undefined ? clock() : 0;
    const deadline = clock !== undefined && options.timeMs !== undefined ? started + options.timeMs : Infinity;
    // The prior may take at most half the time budget: the rest is for the playouts.
    const priorDeadline = deadline === Infinity ? Infinity : started + (deadline - started) / 2;
    const timeUp = (at: number): boolean => at !== Infinity && (clock as () => number)() >= at;

    // 1. The one-ply prior, `turn/advance` first, then a seeded order.
    const advance = rootActions.filter((a) => a.type === "turn/advance");
    const order = [...advance, ...shuffled(rootActions.filter((a) => a.type !== "turn/advance"), rng)].slice(0, SEARCH_PRIOR_CAP);
    const scored: Candidate[] = [];
    for (const [i, a] of order.entries()) {
      if (i > advance.length && timeUp(priorDeadline)) break;
      const copy = reseed(state, mixSeed(seed, 0x5eed + i));
      const next = step(copy, a, ctx);
      if (next === null) continue;
      scored.push({ action: a, prior: bestFollowUp(next, a, me, ctx).value, rank: i, total: 0, count: 0, last: 0, values: [] });
    }
    if (scored.length === 0) return (advance[0] ?? rootActions[0]) as Action;
    scored.sort((x, y) => y.prior - x.prior || x.rank - y.rank);

    // 2. The candidates: the best by the prior, and ending the step (the greedy bot's default).
    let alive = scored.slice(0, width);
    const end = scored.find((c) => c.action.type === "turn/advance");
    if (end !== undefined && !alive.includes(end)) alive.push(end);
    if (alive.length === 1) return (alive[0] as Candidate).action;

    // A maneuver keeps the greedy choice unless the playouts show it worse by more than the tolerance.
    const slack = state.pending.length === 0 && (state.turn.phase === "command" || state.turn.phase === "maneuver" || (state.turn.phase === "movement" && state.turn.step === "remaining")) ? tolerance : answerTolerance;
    const greedyPick = scored[0] as Candidate;
    const kept = slack > 0 && keepPrior && alive.includes(greedyPick) ? greedyPick : null;

    if (decisions !== undefined) {
      const kind = decisionKind(state);
      if (!decisions.some((p) => kind.startsWith(p))) {
        options.onSearch?.({ actions: rootActions.length, scored: scored.length, candidates: 0, playouts: 0, overruled: false, decision: kind });
        return greedyPick.action;
      }
    }

    // 3–4. Rounds of playouts over the surviving candidates, halving after rounds 2, 4, 8…
    const playouts = Math.max(1, Math.floor(budget));
    let done = 0;
    let rounds = 0;
    let nextCut = 2;
    search: while (done < playouts) {
      const dice = mixSeed(seed, rounds);
      for (const c of alive) {
        if (done >= playouts || (done > 0 && timeUp(deadline))) break search;
        const copy = reseed(state, dice);
        const s = step(copy, c.action, ctx);
        done++;
        const v = s === null ? FAILED : leafValue(playout(bestFollowUp(s, c.action, me, ctx).state, ctx, rolloutSteps, horizon, botRng(mixSeed(dice, 0x9a7)), rollout, replyWidth, playoutMoves), me, ctx, victoryWeight, leaf);
        c.total += v;
        c.last = v;
        c.count++;
        c.values.push(v);
      }
      rounds++;
      if (paired && rounds === nextCut && alive.length > 2) {
        // Halve the challengers by their paired mean against the greedy choice, which stays.
        const challengers = alive.filter((c) => c !== greedyPick).sort((x, y) => pairedDiff(y, greedyPick).mean - pairedDiff(x, greedyPick).mean || x.rank - y.rank);
        alive = [greedyPick, ...challengers.slice(0, Math.max(1, Math.floor(challengers.length / 2)))];
        nextCut *= 2;
      } else if (!paired && rounds === nextCut && alive.length > 2) {
        const half = Math.ceil(alive.length / 2);
        const ranked = [...alive].sort((x, y) => y.total / y.count - x.total / x.count || y.prior - x.prior || x.rank - y.rank);
        // The greedy choice of a maneuver stays in (in place of the last survivor) so the tolerance still applies to it.
        alive = kept !== null && ranked.indexOf(kept) >= half ? [...ranked.slice(0, half - 1), kept] : ranked.slice(0, half);
        nextCut *= 2;
      }
    }
    // Compare the candidates over the rounds all of them completed (a partial round is left out).
    const report = (pick: Candidate): Action => {
      options.onSearch?.({ actions: rootActions.length, scored: scored.length, candidates: Math.min(width, scored.length) + (end !== undefined && scored.indexOf(end) >= width ? 1 : 0), playouts: done, overruled: pick !== greedyPick, decision: decisionKind(state) });
      return pick.action;
    };
    if (rounds === 0) return report(scored[0] as Candidate);
    if (paired) {
      // The challenger whose paired lower bound clears zero by the most; else the greedy choice.
      let pick = greedyPick;
      let bestLow = 0;
      for (const c of alive) {
        if (c === greedyPick) continue;
        const d = pairedDiff(c, greedyPick);
        const low = d.mean - confidence * d.se;
        if (d.n >= 3 && low > bestLow) {
          bestLow = low;
          pick = c;
        }
      }
      return report(pick);
    }
    // The best prior among the candidates whose playout mean is within the tolerance of the best.
    const mean = (c: Candidate): number => (c.count > rounds ? c.total - c.last : c.total) / rounds;
    const top = Math.max(...alive.map(mean));
    let pick: Candidate | undefined;
    for (const c of alive) {
      if (mean(c) < top - slack) continue;
      if (pick === undefined || c.prior > pick.prior || (c.prior === pick.prior && c.rank < pick.rank)) pick = c;
    }
    if (pick === undefined) pick = alive[0] as Candidate;
    return report(pick);
  };
}
