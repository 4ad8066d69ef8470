/**
 * Matches between bots on the built-in scenarios of both rulesets, with sides swapped: what the
 * `fusillade tournament` command, the self-play weight tuning and the bench's `searchWinRate` play.
 * Pure: a time budget reads the clock the caller passes in ({@link MatchBotSpec.clock}).
 */
import type { BattleState } from "../state/battle.js";
import type { Action } from "../engine/actions.js";
import { playBattle, scenarioContext } from "../battle/play.js";
import { playSetup } from "../battle/playSetup.js";
import { builtinScenario, BUILTIN_SCENARIO_IDS } from "../scenarios/builtin.js";
import { fnfScenario, FNF_SCENARIOS, type FnfScenarioName } from "../rules/fnf/scenarios.js";
import { FusilladeError } from "../engine/violation.js";
import { badArg, intArg, objectArg, readingArg } from "../engine/args.js";
import { randomBot } from "./random.js";
import { greedyBot } from "./greedy.js";
import { searchBot, type SearchOptions } from "./mcts.js";
import { mixSeed } from "./rng.js";
import type { Bot, BotContext } from "./types.js";
import type { FnfEvalWeights } from "./evaluateFnf.js";
import type { WhnEvalWeights } from "./evaluate.js";

/** A bot kind a match can field. */
export type MatchBotKind = "random" | "greedy" | "search";

/** One contestant: a bot kind and its budget. */
export interface MatchBotSpec {
  readonly kind: MatchBotKind;
  /** Greedy: forward-model applications; search: most playouts a decision (default 24 / 400 with a time budget, else 64). */
  readonly budget?: number;
  /** Search: wall-clock milliseconds a decision, read from `clock` (both needed; the playout cap still holds). */
  readonly timeMs?: number;
  /** A clock in milliseconds (e.g. `performance.now`), for `timeMs`. */
  readonly clock?: () => number;
  /** Search: tuning of the search bot (candidates, horizon…); `timeMs`/`clock` above take precedence. */
  readonly search?: SearchOptions;
  /** FnF evaluation weights (default: the tuned ones). */
  readonly fnfWeights?: FnfEvalWeights;
  /** WHN/CORE evaluation weights (default: the tuned ones). */
  readonly whnWeights?: WhnEvalWeights;
  /** A label for tables (default: the kind). */
  readonly label?: string;
}

/** A scenario of either ruleset: `whn:<built-in id>` or `fnf:<FnF scenario name>`. */
export type MatchScenario = `whn:${string}` | `fnf:${string}`;

/** Every built-in scenario of both rulesets. */
export function builtinMatchScenarios(): MatchScenario[] {
  return [...BUILTIN_SCENARIO_IDS.map((id): MatchScenario => `whn:${id}`), ...Object.keys(FNF_SCENARIOS).map((n): MatchScenario => `fnf:${n}`)];
}

/** Default budgets by bot kind. */
export const MATCH_BUDGETS: { readonly [K in MatchBotKind]: number } = { random: 0, greedy: 24, search: 64 };

function build(spec: MatchBotSpec, ctx: BotContext): Bot {
  const context: BotContext = { ...ctx, ...(spec.fnfWeights === undefined ? {} : { fnfWeights: spec.fnfWeights }), ...(spec.whnWeights === undefined ? {} : { whnWeights: spec.whnWeights }) };
  const budget = spec.budget ?? (spec.kind === "search" && spec.timeMs !== undefined ? 400 : MATCH_BUDGETS[spec.kind]);
  if (spec.kind === "random") return randomBot;
  const inner = spec.kind === "greedy" ? greedyBot(context) : searchBot(context, spec.timeMs !== undefined && spec.clock !== undefined ? { ...spec.search, timeMs: spec.timeMs, clock: spec.clock } : (spec.search ?? {}));
  return (s: BattleState, seed: number): Action => inner(s, seed, budget);
}

/** How one battle of a match went, from the first contestant's seat. */
export interface MatchGame {
  readonly scenario: MatchScenario;
  readonly seed: number;
  /** Which contestant (0 or 1) played the scenario's first side. */
  readonly firstSeat: 0 | 1;
  /** The winning contestant, or null for a draw (no winner, or stopped by the cap). */
  readonly winner: 0 | 1 | null;
  readonly decisions: number;
  readonly reason: string;
}

/** Options of {@link playMatchGame}. */
export interface MatchGameOptions {
  /** FnF battles: turns (default 8, the scenario's). */
  readonly fnfTurns?: number;
  /** Cap on decisions (default 3000). */
  readonly maxDecisions?: number;
}

/**
 * Plays one battle between two contestants; `firstSeat` is the contestant that takes the
 * scenario's first side.
 * @example
 * const g = playMatchGame("whn:quatre-bras", [{ kind: "search" }, { kind: "greedy" }], 7, 0);
 */
export function playMatchGame(scenario: MatchScenario, bots: readonly [MatchBotSpec, MatchBotSpec], seed: number, firstSeat: 0 | 1, options: MatchGameOptions = {}): MatchGame {
  const api = "playMatchGame";
  if (typeof scenario !== "string") throw badArg(api, "scenario", '"whn:<id>" or "fnf:<name>"', scenario);
  intArg(api, "seed", seed, 0, Number.MAX_SAFE_INTEGER);
  if (firstSeat !== 0 && firstSeat !== 1) throw badArg(api, "firstSeat", "0 or 1", firstSeat);
  const { maxDecisions, fnfTurns } = readingArg(api, "options", () => {
    const o = objectArg(api, "options", options);
    return { maxDecisions: intArg(api, "options.maxDecisions", o["maxDecisions"] ?? 3000, 0, Number.MAX_SAFE_INTEGER), fnfTurns: intArg(api, "options.fnfTurns", o["fnfTurns"] ?? 8, 1, 10_000) };
  });
  readingArg(api, "bots", () => {
    if (!Array.isArray(bots) || bots.length !== 2) throw badArg(api, "bots", "a pair of bot specs", bots);
    bots.forEach((b, i) => {
      const spec = objectArg(api, `bots[${i}]`, b);
      if (spec["kind"] !== "random" && spec["kind"] !== "greedy" && spec["kind"] !== "search") throw badArg(api, `bots[${i}].kind`, '"random", "greedy" or "search"', spec["kind"]);
      if (spec["budget"] !== undefined) intArg(api, `bots[${i}].budget`, spec["budget"], 0, Number.MAX_SAFE_INTEGER);
    });
  });
  const [ruleset, name] = scenario.split(":") as ["whn" | "fnf", string];
  const seats = firstSeat === 0 ? [bots[0], bots[1]] : [bots[1], bots[0]];
  let winnerSide: string | null;
  let sides: string[];
  let decisions: number;
  let reason: string;
  if (ruleset === "whn") {
    const sc = builtinScenario(name as (typeof BUILTIN_SCENARIO_IDS)[number]);
    const ctx = scenarioContext(sc);
    const out = playBattle(sc, [build(seats[0] as MatchBotSpec, ctx), build(seats[1] as MatchBotSpec, ctx)], seed, { maxDecisions });
    sides = sc.sides.map((s) => s.id);
    winnerSide = out.result?.winner ?? null;
    decisions = out.decisions;
    reason = out.result?.reason ?? out.stopped;
  } else if (ruleset === "fnf" && name !== undefined && Object.hasOwn(FNF_SCENARIOS, name)) {
    const setup = fnfScenario(name as FnfScenarioName, seed, fnfTurns);
    sides = setup.sides.map((s) => s.id as string);
    // FnF has no scenario victory rules: the side that loses fewer bases wins; the first side attacks.
    const ctx: BotContext = { victory: null, posture: { [sides[0] as string]: "attack", [sides[1] as string]: "defend" } };
    const pair = [build(seats[0] as MatchBotSpec, ctx), build(seats[1] as MatchBotSpec, ctx)] as const;
    const out = playSetup(setup, pair, seed, { maxDecisions });
    winnerSide = out.result?.winner ?? null;
    decisions = out.decisions;
    reason = out.result?.reason ?? out.stopped;
  } else throw new FusilladeError("engine/misuse", `fusillade: unknown match scenario "${scenario}"`);
  const seat = winnerSide === null ? -1 : sides.indexOf(winnerSide);
  const winner = seat < 0 ? null : ((seat === 0 ? firstSeat : 1 - firstSeat) as 0 | 1);
  return { scenario, seed, firstSeat, winner, decisions, reason };
}

/** The tally of a match: wins of each contestant and draws. */
export interface MatchTally {
  readonly games: readonly MatchGame[];
  readonly wins: readonly [number, number];
  readonly draws: number;
}

/**
 * Plays `pairs` seeds of a scenario, each twice with sides swapped.
 * @example
 * const t = playMatch("fnf:coa1811", [{ kind: "greedy" }, { kind: "random" }], 1, 2);
 */
export function playMatch(scenario: MatchScenario, bots: readonly [MatchBotSpec, MatchBotSpec], seed: number, pairs: number, options: MatchGameOptions & { readonly onGame?: (g: MatchGame) => void } = {}): MatchTally {
  const games: MatchGame[] = [];
  for (let i = 0; i < pairs; i++) {
    const s = mixSeed(seed, i) % 1_000_000_007;
    for (const seat of [0, 1] as const) {
      const g = playMatchGame(scenario, bots, s, seat, options);
      games.push(g);
      options.onGame?.(g);
    }
  }
  const wins: [number, number] = [games.filter((g) => g.winner === 0).length, games.filter((g) => g.winner === 1).length];
  return { games, wins, draws: games.length - wins[0] - wins[1] };
}
