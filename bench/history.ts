/**
 * What a battle's length costs (issue 20): the saved state's size at the start and at the end of a
 * Quatre Bras battle between greedy bots, and the time `applyTrusted` takes early (around decision
 * 10) and late (around decision 200) in that same battle. The state keeps no history, so neither
 * should grow with the battle: targets end ≤ 1.25 × start, late ≤ 1.5 × early.
 */
import { applyTrusted } from "../src/engine/apply.js";
import { saveState } from "../src/engine/create.js";
import { playBattle } from "../src/battle/index.js";
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

/** A played battle: the state each decision was made in (and the final one), the actions and events. */
function played(bots: "greedy" | "random", seed: number): { before: BattleState[]; actions: readonly Action[]; final: BattleState; note: string } {
  const scenario = builtinScenario("quatre-bras");
  const states: BattleState[] = [playBattle(scenario, [bots, bots], seed, { maxDecisions: 0 }).state];
  const t = now("cpu");
  const out = playBattle(scenario, [bots, bots], seed, { onDecision: (s) => void states.push(s) });
  const seconds = (now("cpu") - t) / 1000;
  return {
    before: states,
    actions: out.record.actions,
    final: out.state,
    note: `Quatre Bras, ${bots} bots, seed ${seed}: ${out.decisions} decisions (${out.stopped}), ${out.log.length} events, ${seconds.toFixed(1)} CPU s`,
  };
}

/**
 * State size at the start and end of the greedy Quatre Bras battle of issue 20 (seed 3: 12 794 →
 * 74 840 B while the state carried its log), and apply time early and late in a random-bot Quatre
 * Bras battle long enough to reach decision 200 (greedy battles end before it).
 */
export function historyFigures(quick: boolean): Figure[] {
  const greedy = played("greedy", 3);
  const start = saveState(greedy.before[0] as BattleState).length;
  const end = saveState(greedy.final).length;
  const long = played("random", 19);
  const repeat = quick ? 3 : 7;
  const early = applyMicros(long.before, long.actions, 10, repeat);
  const late = applyMicros(long.before, long.actions, 200, repeat);
  return [
    { key: "stateBytesStart", label: "saved state at the battle's start", value: start, unit: "B", spread: "", note: greedy.note },
    { key: "stateBytesEnd", label: "saved state at the battle's end", value: end, unit: "B", spread: "", note: `${fmt(end / start)} × the start; goal ≤ 1.25 ×` },
    { key: "applyEarlyUs", label: "applyTrusted around decision 10", value: round3(early), unit: "µs", spread: "", note: `${long.note}; median over decisions ${10 - WINDOW}…${10 + WINDOW}, best of ${repeat}` },
    { key: "applyLateUs", label: "applyTrusted around decision 200", value: round3(late), unit: "µs", spread: "", note: `same battle, decisions ${200 - WINDOW}…${200 + WINDOW}` },
    { key: "applyLateRatio", label: "apply cost, decision 200 / decision 10", value: round3(late / early), unit: "×", spread: "", note: "goal ≤ 1.5 ×" },
  ];
}
