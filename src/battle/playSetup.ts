/**
 * Self-play from a battle setup: `playSetup` plays any `BattleSetup` (WHN or FnF) to the end with one
 * bot a side, without a scenario file or victory rules (the rules' own end-of-battle result stands).
 */
import type { BattleEvent, BattleResult, BattleState } from "../state/battle.js";
import type { BattleSetup } from "../state/setup.js";
import type { Action } from "../engine/actions.js";
import { applyTrusted, type ApplyResult } from "../engine/apply.js";
import { createBattleWithEvents } from "../engine/all.js";
import { legalActions } from "../engine/decisions.js";
import { formatInputError, formatViolation } from "../engine/format.js";
import { FusilladeError } from "../engine/violation.js";
import { adopt } from "../engine/owned.js";
import type { Bot } from "../bots/types.js";
import { mixSeed } from "../bots/rng.js";
import { fnfActingSide } from "../rules/fnf/legal.js";
import { advance } from "../engine/advance.js";

/** Options of {@link playSetup}. */
export interface PlaySetupOptions {
  /** Stop after this many decisions even if the battle is not over (default 5000). */
  readonly maxDecisions?: number;
  /** Budget handed to both bots (default 24). */
  readonly budget?: number;
  /** Called after every decision. */
  readonly onDecision?: (state: BattleState, action: Action, index: number) => void;
  /** Play forced steps (`turn/advance` as the only legal action) without asking a bot (default true). */
  readonly autoAdvance?: boolean;
}

/** How a battle played from a setup went. */
export interface SetupOutcome {
  /** The result, or null if play stopped first. */
  readonly result: BattleResult | null;
  readonly state: BattleState;
  /** Every event of the battle, in order (`log[i].seq === i`): the opening's, then each decision's. */
  readonly log: readonly BattleEvent[];
  /** Decisions the bots made (real choices when `autoAdvance` is on). */
  readonly decisions: number;
  /** Forced `turn/advance` steps played automatically. */
  readonly autoAdvanced: number;
  /** `finished`: the battle ended; `maxDecisions`: the cap stopped it; `stuck`: nothing was legal. */
  readonly stopped: "finished" | "maxDecisions" | "stuck";
}

/**
 * The side whose bot decides now: the top of the decision stack, else the side whose units act in
 * this phase (in FnF defensive fire, the non-phasing side, FNF-FIRE-1; otherwise the active side).
 */
export function actingSide(input: BattleState): string {
  const state = adopt(input);
  const top = state.pending[0];
  if (top !== undefined) return top.side;
  return state.ruleset === "fnf" ? fnfActingSide(state) : state.turn.activeSide;
}

/**
 * Plays a battle setup to the end: `bots` in the setup's side order, each decision seeded from
 * `seed` and the decision number, so the same setup, bots and seed always play the same battle.
 * @example
 * const out = playSetup(fnfScenario("coa1811", 3), [randomBot, randomBot], 3);
 * console.log(out.result?.winner, out.decisions);
 */
export function playSetup(setup: BattleSetup, bots: readonly [Bot, Bot], seed: number, options: PlaySetupOptions = {}): SetupOutcome {
  const maxDecisions = options.maxDecisions ?? 5000;
  const budget = options.budget ?? 24;
  const created = createBattleWithEvents(setup);
  if (!created.ok) throw new FusilladeError("engine/misuse", `fusillade: the setup does not create a battle:\n${formatInputError(created.error)}`);
  let state = created.value.state;
  const log: BattleEvent[] = created.value.events;
  const bySide = new Map<string, Bot>();
  setup.sides.forEach((side, i) => {
    const b = bots[i];
    if (b !== undefined) bySide.set(side.id, b);
  });
  let decisions = 0;
  let autoAdvanced = 0;
  const skipForced = (s: BattleState): BattleState => {
    if (options.autoAdvance === false) return s;
    const adv = advance(s);
    if (adv.stopped === "refused") throw new FusilladeError("engine/internal", "fusillade: a forced turn/advance was refused");
    for (const e of adv.events) log.push(e);
    autoAdvanced += adv.actions.length;
    return adv.state;
  };
  state = skipForced(state);
  let stuck = false;
  while (state.turn.phase !== "finished" && decisions < maxDecisions) {
    const side = actingSide(state);
    const bot = bySide.get(side);
    let action: Action;
    let r: ApplyResult;
    if (bot?.decide !== undefined) {
      // The bot applied its choice to make it: take that result rather than applying it again.
      const d = bot.decide(state, mixSeed(seed, decisions), budget);
      if (d === null) {
        stuck = true;
        break;
      }
      action = d.action;
      r = { ok: true, state: d.state, events: d.events };
    } else {
      if (legalActions(state).length === 0) {
        stuck = true;
        break;
      }
      if (bot === undefined) throw new FusilladeError("engine/misuse", `fusillade: no bot for side "${side}"`);
      action = bot(state, mixSeed(seed, decisions), budget);
      r = applyTrusted(state, action);
    }
    if (!r.ok) throw new FusilladeError("engine/internal", `fusillade: the bot of "${side}" chose an illegal action ${JSON.stringify(action)}: ${formatViolation(r.violation)}`);
    state = r.state;
    for (const e of r.events) log.push(e);
    options.onDecision?.(state, action, decisions);
    decisions += 1;
    state = skipForced(state);
  }
  return { result: state.result, state, log, decisions, autoAdvanced, stopped: state.turn.phase === "finished" ? "finished" : stuck ? "stuck" : "maxDecisions" };
}
