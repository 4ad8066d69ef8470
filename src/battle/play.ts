/**
 * Self-play: `playBattle` plays a scenario to the end with one bot a side and returns the result,
 * the record (setup, victory rules, actions: replayable) and the battle's events (its history, which
 * the state does not keep).
 */
import type { BattleEvent, BattleResult, BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "../engine/actions.js";
import type { ApplyResult } from "../engine/apply.js";
import { formatInputError, formatViolation } from "../engine/format.js";
import { FusilladeError } from "../engine/violation.js";
import { decidingSide, drawUnlessForced, legalActions } from "../engine/decisions.js";
import type { Scenario } from "../scenarios/format.js";
import { scenarioSetup } from "../scenarios/load.js";
import type { Bot, BotContext } from "../bots/types.js";
import { randomBot } from "../bots/random.js";
import { greedyBot } from "../bots/greedy.js";
import { searchBot } from "../bots/mcts.js";
import { botRng, mixSeed } from "../bots/rng.js";
import { beginPreparedWithEvents, prepareBattle, type PreparedBattle } from "../engine/create.js";
import { registerAllRulesets } from "../engine/all.js";
import { playAction, playApplied } from "./game.js";
import { advance } from "../engine/advance.js";
import { newRecord, type BattleRecord } from "./record.js";
import { badArg, keyArg, objectArg, optionsArg, readingArg, seedArg } from "../engine/args.js";

/** Forced steps played in a row before a bot is asked anyway (`advance`'s default cap). */
const FORCED_CAP = 1000;

/** The one action of a forced step. */
const ADVANCE: Action = { type: "turn/advance" };

/** Bots by name, built for the scenario: `random`, `greedy` or `search`. */
export type BotName = "random" | "greedy" | "search";

/** Default budgets by bot name (greedy: forward-model applications; search: playouts). */
export const DEFAULT_BUDGETS: { readonly [K in BotName]: number } = { random: 0, greedy: 24, search: 24 };

/** Options of {@link playBattle}. */
export interface PlayOptions {
  /** Stop after this many decisions even if the battle is not over (default 5000). */
  readonly maxDecisions?: number;
  /** Budget handed to every bot (default: per bot name, else 24). */
  readonly budget?: number;
  /** Called after every decision (for progress reports). */
  readonly onDecision?: (state: BattleState, action: Action, index: number) => void;
  /**
   * Play forced steps automatically (default true): whenever `turn/advance` is the only legal
   * action, it is applied without asking a bot ({@link advance}), so every counted decision is a
   * real choice. The record still lists every action, auto-advances included.
   */
  readonly autoAdvance?: boolean;
}

/** How a self-played battle went. */
export interface BattleOutcome {
  readonly scenario: string;
  readonly seed: number;
  /** The result, or null if the decision cap stopped play first. */
  readonly result: BattleResult | null;
  readonly state: BattleState;
  readonly record: BattleRecord;
  /** Every event of the battle, in order (`log[i].seq === i`): the opening's, then each decision's. */
  readonly log: readonly BattleEvent[];
  /** Decisions the bots made (real choices when `autoAdvance` is on). */
  readonly decisions: number;
  /** Forced `turn/advance` steps played automatically (in the record too). */
  readonly autoAdvanced: number;
  /** `finished`: the battle ended; `maxDecisions`: the cap stopped it; `stuck`: a decision had no legal answer (a rules module lists none). */
  readonly stopped: "finished" | "maxDecisions" | "stuck";
}

/**
 * Scenarios validated for play, by scenario object: a study plays many battles of one scenario, and
 * each differs only in its seed (scenarios are immutable values, so the key stays valid).
 */
const prepared = new WeakMap<Scenario, PreparedBattle>();

/** The first state of a scenario's battle with a seed: `startBattle(scenarioSetup(scenario, seed), scenario.victory)`, its setup validated once per scenario. */
function beginScenario(scenario: Scenario, seed: number): { state: BattleState; events: BattleEvent[] } {
  registerAllRulesets(); // whole-battle helpers play every ruleset
  let battle = prepared.get(scenario);
  if (battle === undefined) {
    const p = prepareBattle({ ...scenarioSetup(scenario, seed), victory: scenario.victory });
    if (!p.ok) throw new FusilladeError("engine/misuse", `fusillade: scenario "${scenario.id}" does not create a battle:\n${formatInputError(p.error)}`);
    battle = p.value.battle;
    prepared.set(scenario, battle);
  }
  return beginPreparedWithEvents(battle, seed);
}

/** The bot context of a scenario: its victory rules and each army's posture. */
export function scenarioContext(s: Scenario): BotContext {
  objectArg("scenarioContext", "s", s);
  return readingArg("scenarioContext", "s", () => ({ victory: s.victory, posture: Object.fromEntries(s.sides.map((side) => [side.id, side.posture])) }));
}

/** A bot by name, for a scenario. */
export function namedBot(name: BotName, s: Scenario): Bot {
  keyArg("namedBot", "name", DEFAULT_BUDGETS, name);
  if (name === "random") return randomBot;
  return name === "greedy" ? greedyBot(scenarioContext(s)) : searchBot(scenarioContext(s));
}

/**
 * Plays a scenario to the end: each decision goes to the bot of the deciding side, seeded from the
 * battle seed and the decision number, so the same scenario, bots and seed always play the same
 * battle. Forced steps (`turn/advance` as the only legal action) are played automatically unless
 * `autoAdvance` is false; the record lists them with the bots' actions, so it replays exactly. Bots are given per side id, or as a pair in the scenario's side order.
 * @example
 * const out = playBattle(builtinScenario("quatre-bras"), ["greedy", "greedy"], 7);
 * console.log(out.result?.winner, out.result?.reason);
 */
export function playBattle(
  scenario: Scenario,
  bots: readonly [Bot | BotName, Bot | BotName] | { readonly [side: string]: Bot | BotName },
  seed: number,
  optionsInput: PlayOptions = {},
): BattleOutcome {
  const api = "playBattle";
  objectArg(api, "scenario", scenario);
  if (typeof bots !== "object" || bots === null) throw badArg(api, "bots", "a pair or a record of bots", bots);
  seedArg(api, "seed", seed);
  const options = optionsArg(api, "options", optionsInput) ?? {};
  const maxDecisions = options.maxDecisions ?? 5000;
  const bySide = new Map<string, { bot: Bot; budget: number }>();
  readingArg(api, "scenario or bots", () => {
    const pair = Array.isArray(bots) ? (bots as readonly [Bot | BotName, Bot | BotName]) : scenario.sides.map((s) => (bots as { [k: string]: Bot | BotName })[s.id]);
    scenario.sides.forEach((side, i) => {
      const b = pair[i];
      if (b === undefined) throw new FusilladeError("engine/misuse", `fusillade: playBattle needs a bot for side "${side.id}"`);
      if (typeof b === "string" ? !Object.hasOwn(DEFAULT_BUDGETS, b) : typeof b !== "function") throw badArg(api, `the bot of side "${side.id}"`, "random, greedy, search or a bot function", b);
      const budget = options.budget ?? (typeof b === "string" ? DEFAULT_BUDGETS[b] : 24);
      bySide.set(side.id, { bot: typeof b === "string" ? namedBot(b, scenario) : b, budget });
    });
  });
  const setup = scenarioSetup(scenario, seed);
  const actions: Action[] = [];
  const opening = beginScenario(scenario, seed);
  const log: BattleEvent[] = opening.events;
  let autoAdvanced = 0;
  const step = (s: BattleState, a: Action): ApplyResult => playAction(s, a, scenario.victory, true);
  /** Plays the forced steps from `s` (when auto-advance is on), recording them. */
  const skipForced = (s: BattleState, maxSteps = FORCED_CAP): BattleState => {
    if (options.autoAdvance === false) return s;
    const adv = advance(s, { step, maxSteps });
    if (adv.stopped === "refused") throw new FusilladeError("engine/internal", `fusillade: a forced turn/advance was refused: ${adv.violation === undefined ? "" : formatViolation(adv.violation)}`);
    for (const a of adv.actions) actions.push(a);
    for (const e of adv.events) log.push(e);
    autoAdvanced += adv.actions.length;
    return adv.state;
  };
  const fuse = options.autoAdvance !== false;
  let forcedRun = 0;
  let decisions = 0;
  let stuck = false;
  // The state the loop is at: `advanced` once its forced steps are played (the bot's turn).
  let state = opening.state;
  let advanced = false;
  while (state.turn.phase !== "finished" && decisions < maxDecisions) {
    const side = decidingSide(state) as SideId;
    const who = bySide.get(side);
    const decide = who?.bot.decide;
    let action: Action;
    let r: ApplyResult;
    if (!advanced && forcedRun >= FORCED_CAP) advanced = true; // as `advance` stops at its cap: the bot is asked
    if (!advanced && fuse && who?.bot === randomBot) {
      // The random bot draws before auto-advance's test (see `drawUnlessForced`): a forced step is
      // played as `skipForced` plays it, and the same bot is asked again at the next state.
      const d = drawUnlessForced(state, botRng(mixSeed(seed, decisions)));
      if (d === "forced") {
        const f = step(state, ADVANCE);
        if (!f.ok) throw new FusilladeError("engine/internal", `fusillade: a forced turn/advance was refused: ${formatViolation(f.violation)}`);
        state = f.state;
        for (const e of f.events) log.push(e);
        actions.push(ADVANCE);
        autoAdvanced += 1;
        forcedRun += 1;
        continue;
      }
      if (d === null) {
        stuck = true;
        break;
      }
      action = d.action;
      r = playApplied(state, d, scenario.victory);
    } else if (!advanced) {
      const before = actions.length;
      state = skipForced(state, FORCED_CAP - forcedRun);
      forcedRun += actions.length - before;
      advanced = true;
      continue;
    } else if (who !== undefined && decide !== undefined) {
      // The bot applied its choice to make it: judge that result rather than applying it again.
      const d = decide(state, mixSeed(seed, decisions), who.budget);
      if (d === null) {
        stuck = true;
        break;
      }
      action = d.action;
      r = playApplied(state, d, scenario.victory);
    } else {
      if (legalActions(state).length === 0) {
        stuck = true;
        break;
      }
      if (who === undefined) throw new FusilladeError("engine/misuse", `fusillade: no bot for side "${side}"`);
      action = who.bot(state, mixSeed(seed, decisions), who.budget);
      r = playAction(state, action, scenario.victory, true);
    }
    if (!r.ok) throw new FusilladeError("engine/internal", `fusillade: the bot of "${side}" chose an illegal action ${JSON.stringify(action)}: ${formatViolation(r.violation)}`);
    state = r.state;
    for (const e of r.events) log.push(e);
    actions.push(action);
    options.onDecision?.(state, action, decisions);
    decisions += 1;
    advanced = false;
    forcedRun = 0;
  }
  if (!advanced) state = skipForced(state);
  return {
    scenario: scenario.id,
    seed,
    result: state.result,
    state,
    // The record is built once at the end (a copy per decision made play quadratic in its length).
    record: { ...newRecord(setup, scenario.victory), actions },
    log,
    decisions,
    autoAdvanced,
    stopped: state.turn.phase === "finished" ? "finished" : stuck ? "stuck" : "maxDecisions",
  };
}
