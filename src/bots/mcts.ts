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
 *    so two candidates are compared under the same dice), then both sides continue with a cheap
 *    policy that still fights (answer a pending decision with its first answer; in a fire phase,
 *    fire a random listed shot; else end the step) to the end of the current player turn (or more, `horizon`), and the leaf
 *    is scored with {@link evaluate}.
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
import { badArg, fnArg, numberArg, objectArg, optionsArg } from "../engine/args.js";
import { reseed } from "../engine/create.js";
import { firstLegalAction, legalActions } from "../engine/decisions.js";
import { FusilladeError } from "../engine/violation.js";
import { judgeOutcome } from "../battle/game.js";
import { evaluateOwned } from "./evaluate.js";
import { bestFollowUp } from "./greedy.js";
import { botRng, mixSeed, shuffled, type BotRng } from "./rng.js";
import { decider, defaultContext, type Bot, type BotContext } from "./types.js";

/** Tuning of the search bot. */
export interface SearchOptions {
  /** Most root candidates searched by playouts (default 6, plus `turn/advance`). */
  readonly candidates?: number;
  /** Player turns a playout runs after the current one ends (default 0: to the end of this player turn). */
  readonly horizon?: number;
  /** Most policy actions in one playout (default 60). */
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

/**
 * The playout policy's action: a pending decision's first answer; a random shot in a fire phase;
 * for an attacking side, a random charge while any is listed (the charges a greedy attacker
 * declares); else the end of the step.
 */
function policy(s: BattleState, ctx: BotContext, rng: BotRng): Action | undefined {
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

/** Plays the policy for both sides to the end of the `horizon`-th player turn after the current one. */
function playout(s: BattleState, ctx: BotContext, maxSteps: number, horizon: number, rng: BotRng): BattleState {
  let turnsLeft = horizon + 1;
  let mark = `${s.turn.gameTurn}:${s.turn.activeSide}`;
  for (let i = 0; i < maxSteps && s.turn.phase !== "finished"; i++) {
    const a = policy(s, ctx, rng);
    if (a === undefined) break;
    let next = step(s, a, ctx);
    if (next === null && a.type === "turn/advance") {
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
  const width = Math.max(1, Math.floor(options.candidates ?? SEARCH_CANDIDATES));
  const horizon = Math.max(0, Math.floor(options.horizon ?? 0));
  const rolloutSteps = options.rolloutSteps ?? 60;
  const tolerance = options.tolerance ?? SEARCH_TOLERANCE;
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
      scored.push({ action: a, prior: bestFollowUp(next, a, me, ctx).value, rank: i, total: 0, count: 0, last: 0 });
    }
    if (scored.length === 0) return (advance[0] ?? rootActions[0]) as Action;
    scored.sort((x, y) => y.prior - x.prior || x.rank - y.rank);

    // 2. The candidates: the best by the prior, and ending the step (the greedy bot's default).
    let alive = scored.slice(0, width);
    const end = scored.find((c) => c.action.type === "turn/advance");
    if (end !== undefined && !alive.includes(end)) alive.push(end);
    if (alive.length === 1) return (alive[0] as Candidate).action;

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
        const v = s === null ? FAILED : evaluateOwned(playout(bestFollowUp(s, c.action, me, ctx).state, ctx, rolloutSteps, horizon, botRng(mixSeed(dice, 0x9a7))), me, ctx);
        c.total += v;
        c.last = v;
        c.count++;
      }
      rounds++;
      if (rounds === nextCut && alive.length > 2) {
        alive = [...alive].sort((x, y) => y.total / y.count - x.total / x.count || y.prior - x.prior || x.rank - y.rank).slice(0, Math.ceil(alive.length / 2));
        nextCut *= 2;
      }
    }
    // Compare the candidates over the rounds all of them completed (a partial round is left out).
    const report = (pick: Candidate): Action => {
      options.onSearch?.({ actions: rootActions.length, scored: scored.length, candidates: Math.min(width, scored.length) + (end !== undefined && scored.indexOf(end) >= width ? 1 : 0), playouts: done, overruled: pick !== scored[0], decision: decisionKind(state) });
      return pick.action;
    };
    if (rounds === 0) return report(scored[0] as Candidate);
    // The best prior among the candidates whose playout mean is within the tolerance of the best.
    const slack = state.pending.length === 0 && (state.turn.phase === "command" || state.turn.phase === "maneuver" || (state.turn.phase === "movement" && state.turn.step === "remaining")) ? tolerance : 0;
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
