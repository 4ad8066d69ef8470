/**
 * What a battle's length costs (issue 20): the saved state's size at the start and at the end of a
 * Quatre Bras battle between greedy bots, and the time `applyTrusted` takes early (around decision
 * 10) and late (its last decisions) in a long random-bot battle. The state keeps no history, so neither
 * should grow with the battle: targets end ≤ 1.25 × start, late ≤ 1.5 × early.
 */
import { applyTrusted } from "../src/engine/apply.js";
import { saveState } from "../src/engine/create.js";
import { playBattle } from "../src/battle/index.js";
import { namedBot } from "../src/battle/play.js";
import type { Bot } from "../src/bots/types.js";
import { builtinScenario } from "../src/scenarios/index.js";
import type { Action } from "../src/engine/actions.js";
import type { BattleState } from "../src/state/battle.js";
import { now } from "./harness.js";
import { fmt, round3, type Figure } from "./figures.js";

/** Decisions around each measuring point whose applies are timed. */
const WINDOW = 10;

/**
 * Median time of one `applyTrusted` over the decisions `at - WINDOW … at + WINDOW` of a battle: each
 * recorded action applied again to the state it was chosen in (`repeat` times, the fastest kept).
 */
function applyMicros(states: readonly BattleState[], actions: readonly Action[], at: number, repeat: number): number {
  const times: number[] = [];
  for (let i = Math.max(0, at - WINDOW); i <= at + WINDOW && i < actions.length; i++) {
    const s = states[i] as BattleState;
    const a = actions[i] as Action;
    let best = Infinity;
    for (let k = 0; k < repeat; k++) {
      const t = now("cpu");
      for (let j = 0; j < 20; j++) applyTrusted(s, a);
      best = Math.min(best, (now("cpu") - t) / 20);
    }
    times.push(best * 1000);
  }
  times.sort((x, y) => x - y);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/**
 * A played battle: the state each decision was made in (read by wrapping the bot, so the forced steps
 * played between decisions are already applied to it), the action chosen there, and the final state.
 */
function played(bots: "greedy" | "random", seed: number): { before: BattleState[]; actions: readonly Action[]; final: BattleState; note: string } {
  const scenario = builtinScenario("quatre-bras");
  const before: BattleState[] = [];
  const actions: Action[] = [];
  const inner = namedBot(bots, scenario);
  const asked = ((s: BattleState, sd: number, budget: number) => (before.push(s), inner(s, sd, budget))) as Bot;
  const decide = inner.decide;
  const bot: Bot = decide === undefined ? asked : Object.assign(asked, { decide: (s: BattleState, sd: number, budget: number) => (before.push(s), decide(s, sd, budget)) });
  const t = now("cpu");
  const out = playBattle(scenario, [bot, bot], seed, { onDecision: (_s, a) => void actions.push(a) });
  const seconds = (now("cpu") - t) / 1000;
  return {
    before: before.slice(0, actions.length),
    actions,
    final: out.state,
    note: `Quatre Bras, ${bots} bots, seed ${seed}: ${out.decisions} decisions (${out.stopped}), ${out.log.length} events, ${seconds.toFixed(1)} CPU s`,
  };
}

/**
 * State size at the start and end of the greedy Quatre Bras battle of issue 20 (seed 3: 12 794 →
 * 74 840 B while the state carried its log), and apply time early and late in a random-bot Quatre
 * Bras battle: the longest of seeds 19…78, timed around decision 10 and around its last decisions
 * (decision 200 when the figure was made on seed 19's 311-decision battle; that battle now ends at
 * decision 51, as victory is judged every turn and forced steps are not decisions).
 */
/** The longest random-bot Quatre Bras battle of seeds 19…78 (the first of equals). */
function longBattle(): ReturnType<typeof played> {
  let best = played("random", 19);
  for (let seed = 20; seed < 79; seed++) {
    const b = played("random", seed);
    if (b.actions.length > best.actions.length) best = b;
  }
  return best;
}

export function historyFigures(quick: boolean): Figure[] {
  const greedy = played("greedy", 3);
  const start = saveState(playBattle(builtinScenario("quatre-bras"), ["greedy", "greedy"], 3, { maxDecisions: 0 }).state).length;
  const end = saveState(greedy.final).length;
  const long = longBattle();
  const repeat = quick ? 3 : 7;
  const early = applyMicros(long.before, long.actions, 10, repeat);
  const lateAt = Math.max(10 + 2 * WINDOW + 1, long.actions.length - WINDOW - 1);
  const late = applyMicros(long.before, long.actions, lateAt, repeat);
  return [
    { key: "stateBytesStart", label: "saved state at the battle's start", value: start, unit: "B", spread: "", note: greedy.note },
    { key: "stateBytesEnd", label: "saved state at the battle's end", value: end, unit: "B", spread: "", note: `${fmt(end / start)} × the start; goal ≤ 1.25 ×` },
    { key: "applyEarlyUs", label: "applyTrusted around decision 10", value: round3(early), unit: "µs", spread: "", note: `${long.note}; median over decisions ${10 - WINDOW}…${10 + WINDOW}, best of ${repeat}` },
    { key: "applyLateUs", label: "applyTrusted late in a long battle", value: round3(late), unit: "µs", spread: "", note: `same battle, decisions ${lateAt - WINDOW}…${lateAt + WINDOW}` },
    { key: "applyLateRatio", label: "apply cost, late / decision 10", value: round3(late / early), unit: "×", spread: "", note: "goal ≤ 1.5 ×" },
  ];
}
