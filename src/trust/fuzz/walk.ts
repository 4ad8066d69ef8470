/**
 * Legal-play walks: whole battles played only with actions the engine lists as legal, by a mix of
 * the random, greedy and search bots, with the whole invariant catalogue checked after every step.
 * Where the probing fuzzer mostly sends refused inputs, a walk goes deep into battles (routs,
 * pursuits, squares, rallies) where breaches of the catalogue hide. Pure and deterministic.
 */
import type { BattleState } from "../../state/battle.js";
import type { Action } from "../../engine/actions.js";
import type { ApplyResult } from "../../engine/apply.js";
import { FusilladeError } from "../../engine/violation.js";
import { formatViolation } from "../../engine/format.js";
import { playAction, playApplied, startBattle } from "../../battle/game.js";
import { newRecord, type BattleRecord } from "../../battle/record.js";
import { randomBot } from "../../bots/random.js";
import { greedyBot } from "../../bots/greedy.js";
import { searchBot } from "../../bots/mcts.js";
import { mixSeed } from "../../bots/rng.js";
import { decider, type Bot, type BotContext } from "../../bots/types.js";
import { checkState, checkStep, invariantCount } from "../catalogue.js";
import type { Breach } from "../invariants/types.js";
import { Rng } from "./rng.js";
import { replayVerdict, shrinkRecord, type ReplayVerdict } from "./shrink.js";
import type { FuzzBattle } from "./scenarios.js";

/** The bots a walk mixes. */
export type WalkBot = "random" | "greedy" | "search";

/** Options of {@link walkBattle}. */
export interface WalkOptions {
  /** Stop after this many decisions even if the battle is not over (default 600). */
  readonly maxDecisions?: number;
  /** Relative weights of the bots drawn for each side (default random 6, greedy 3, search 1). */
  readonly mix?: { readonly [K in WalkBot]: number };
  /** Budgets handed to the greedy and search bots (default 6 and 3: the walk wants breadth, not strength). */
  readonly budgets?: { readonly greedy: number; readonly search: number };
  /**
   * Run the invariants of `full` cost (schema, JSON round trip, whole-table overlap: linear in the
   * whole state) after every this many steps and on the last state; the others run after every
   * step. Default 1: the whole catalogue after every step.
   */
  readonly fullEvery?: number;
}

/** What broke in a walk: the first breach or exception, at which decision, and the record reaching it. */
export interface WalkFailure {
  /** `breach:<invariant>`, `exception:<typed|untyped>`, `refused:<code>` (a bot's listed action refused) or `stuck:<phase>` (nothing legal, battle not over). */
  readonly signature: string;
  readonly message: string;
  readonly step: number;
  readonly breaches: readonly Breach[];
  /** The battle's actions up to and including the failing one. */
  readonly record: BattleRecord;
}

/** What one walk did. */
export interface WalkReport {
  readonly name: string;
  /** The bots of the sides, in side order. */
  readonly bots: readonly WalkBot[];
  readonly steps: number;
  /** Invariant checks run (every invariant of the catalogue that applies, after every step). */
  readonly checks: number;
  readonly stopped: "finished" | "maxDecisions" | "failed";
  readonly failure: WalkFailure | null;
}

const DEFAULT_MIX = { random: 6, greedy: 3, search: 1 } as const;

function pickBot(rng: Rng, mix: { readonly [K in WalkBot]: number }): WalkBot {
  const kinds = ["random", "greedy", "search"] as const;
  let x = rng.real(0, kinds.reduce((t, k) => t + mix[k], 0));
  for (const k of kinds) {
    x -= mix[k];
    if (x < 0) return k;
  }
  return "random";
}

function errorMessage(e: unknown): { typed: boolean; message: string } {
  return { typed: e instanceof FusilladeError, message: e instanceof Error ? e.message : String(e) };
}

/**
 * Plays one battle with legal actions only, checking the whole catalogue (full cost) after every
 * step; stops at the first failure. `seed` picks the bots and seeds their choices.
 * @example
 * const r = walkBattle(campaignBattle(3, 5), 5);
 * if (r.failure !== null) console.log(r.failure.signature, r.failure.record.actions.length);
 */
export function walkBattle(battle: FuzzBattle, seed: number, options: WalkOptions = {}): WalkReport {
  const maxDecisions = options.maxDecisions ?? 600;
  const budgets = options.budgets ?? { greedy: 6, search: 3 };
  const { setup, victory, name } = battle;
  const rng = new Rng(seed);
  const started = startBattle(setup, victory);
  const sides = setup.sides.map((s) => s.id);
  const kinds = sides.map(() => pickBot(rng, options.mix ?? DEFAULT_MIX));
  const actions: Action[] = [];
  const report = (steps: number, checks: number, stopped: WalkReport["stopped"], failure: WalkFailure | null): WalkReport => ({ name, bots: kinds, steps, checks, stopped, failure });
  const fail = (signature: string, message: string, step: number, breaches: readonly Breach[], last: Action | null): WalkFailure => ({
    signature,
    message,
    step,
    breaches,
    record: { ...newRecord(setup, victory), actions: last === null ? [...actions] : [...actions, last] },
  });
  if (!started.ok) return report(0, 0, "failed", fail("setup:refused", started.error.issues[0]?.message ?? "", -1, [], null));
  let state: BattleState = started.value;
  let checks = invariantCount(state.ruleset, "state");
  const first = checkState(state);
  if (first.length > 0) return report(0, checks, "failed", fail(`breach:${first[0]?.invariant ?? ""}`, first[0]?.message ?? "", -1, first, null));
  const context: BotContext = {
    victory,
    posture: Object.fromEntries(sides.map((id, i) => [id, i === 0 ? "attack" : "defend"])),
  };
  const bots = new Map<string, { bot: Bot; budget: number }>();
  sides.forEach((id, i) => {
    const k = kinds[i] ?? "random";
    bots.set(id, k === "random" ? { bot: randomBot, budget: 0 } : k === "greedy" ? { bot: greedyBot(context), budget: budgets.greedy } : { bot: searchBot(context), budget: budgets.search });
  });
  const fullEvery = Math.max(1, Math.floor(options.fullEvery ?? 1));
  let step = 0;
  for (; step < maxDecisions && state.turn.phase !== "finished"; step++) {
    const side = decider(state) ?? state.turn.activeSide;
    const who = bots.get(side) ?? { bot: randomBot, budget: 0 };
    const botSeed = mixSeed(seed, step);
    let action: Action | null = null;
    let r: ApplyResult;
    const stuck = (): WalkReport => report(step, checks, "failed", fail(`stuck:${state.turn.phase}`, `no legal action at ${state.turn.phase}/${state.turn.step ?? "-"} with ${state.pending.length} pending decision(s)`, step, [], null));
    try {
      if (who.bot.decide !== undefined) {
        const d = who.bot.decide(state, botSeed, who.budget);
        if (d === null) return stuck();
        action = d.action;
        r = playApplied(state, d, victory);
      } else {
        action = who.bot(state, botSeed, who.budget);
        r = playAction(state, action, victory, true);
      }
    } catch (e) {
      // The greedy and search bots throw a typed misuse error on a state with no legal action.
      if (action === null && e instanceof FusilladeError && e.code === "engine/misuse") return stuck();
      const t = errorMessage(e);
      return report(step, checks, "failed", fail(`exception:${t.typed ? "typed" : "untyped"}`, t.message, step, [], action));
    }
    if (!r.ok) return report(step, checks, "failed", fail(`refused:${r.violation.code}`, formatViolation(r.violation), step, [], action));
    const cost = (step + 1) % fullEvery === 0 || r.state.turn.phase === "finished" || step + 1 === maxDecisions ? "all" : "cheap";
    const breaches = checkStep(state, action, r.state, r.events, { cost });
    checks += invariantCount(state.ruleset, "both", { cost });
    if (breaches.length > 0) return report(step + 1, checks, "failed", fail(`breach:${breaches[0]?.invariant ?? ""}`, breaches[0]?.message ?? "", step, breaches, action));
    actions.push(action);
    state = r.state;
  }
  return report(step, checks, state.turn.phase === "finished" ? "finished" : "maxDecisions", null);
}

/** A shrunk walk failure: the smallest record found that still fails the same way, and its verdict. */
export interface ShrunkWalk {
  readonly record: BattleRecord;
  readonly verdict: ReplayVerdict | null;
  readonly replays: number;
}

/**
 * Shrinks a walk's failing record: cuts it after the failing action (the shortest prefix that still
 * breaks), tries dropping actions (chunks, then single ones) while the replay fails the same way, and
 * leaves out actions the shortened battle refuses, so the result replays action for action.
 * @example
 * const small = shrinkWalk(report.failure.record); // save small.record as JSON
 */
export function shrinkWalk(record: BattleRecord, budget = 300): ShrunkWalk {
  const shrunk = shrinkRecord({ setup: record.setup, victory: record.victory, actions: record.actions }, budget);
  if (shrunk.verdict === null) return { record, verdict: null, replays: shrunk.replays };
  // Keep only the actions that apply in the shortened battle (a refused action changes nothing).
  const kept: Action[] = [];
  const started = startBattle(record.setup, record.victory);
  if (started.ok) {
    let s = started.value;
    for (const a of shrunk.record.actions) {
      const r = playAction(s, a, record.victory, false);
      if (!r.ok) continue;
      kept.push(a as Action);
      s = r.state;
    }
  }
  const out = { ...newRecord(record.setup, record.victory), actions: kept };
  const verdict = replayVerdict(out);
  return verdict !== null ? { record: out, verdict, replays: shrunk.replays + 1 } : { record: { ...newRecord(record.setup, record.victory), actions: shrunk.record.actions as Action[] }, verdict: shrunk.verdict, replays: shrunk.replays + 1 };
}
