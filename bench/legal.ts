/**
 * The legal-action figures of issues 17 and 22 (speed): `legalActionsP99Ms` over every decision
 * state of random-bot bench battles, and the worst-case rows at the setup limits
 * (`legalActionsAtLimitsMs`, `applyAtLimitsMs`). Each is also given in units of the hand-written
 * baseline volley measured in the same run (bench/baseline.ts), so runs on loaded or different
 * machines compare: "p99 = N baseline volleys".
 */
import { makeBaselineVolley } from "./baseline.js";
import type { Figure } from "./figures.js";
import { measure } from "./harness.js";
import { legalOverBattles, percentile } from "./legalProbe.js";
import { limitBattle, limitSetup } from "./worstCase.js";

/** Milliseconds one baseline volley takes in this run (median of short samples). */
export function baselineVolleyMs(): number {
  const v = makeBaselineVolley(5);
  let sink = 0;
  const m = measure("baseline", 1, () => {
    sink += v();
  }, { warmupMs: 150, sampleMs: 100, samples: 5 });
  return sink < 0 ? NaN : 1000 / m.perSec;
}

const r1 = (x: number): number => Math.round(x * 10) / 10;
const r2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * The legal-action figures: `battles` bench battles for the p99; the limit battle played for
 * `decisions` decisions twice (a warm-up run with another bot seed, then the measured run, so the
 * figure is the engine's steady state rather than the JIT's first pass), cold figures in the notes.
 */
export function legalFigures(battles: number, decisions: number): Figure[] {
  const base = baselineVolleyMs();
  const inBase = (ms: number): string => `${Math.round(ms / base).toLocaleString("en")} baseline volleys`;
  const over = legalOverBattles(battles, 101);
  const p99 = percentile(over.ms, 0.99);
  const cold = limitBattle(decisions, limitSetup(), 11);
  const warm = limitBattle(decisions, limitSetup(), 23);
  return [
    {
      key: "legalActionsP99Ms",
      label: "legalActions p99 over bench battle states",
      value: r2(p99),
      unit: "ms",
      spread: `p50 ${r2(percentile(over.ms, 0.5))}, max ${r2(percentile(over.ms, 1))} (n=${over.states})`,
      note: `${battles} random-bot battles, every decision state, fresh copies; = ${inBase(p99)}; goal ≤ 10`,
    },
    {
      key: "legalActionsAtLimitsMs",
      label: "legalActions at the setup limits (worst)",
      value: r1(warm.legalMs),
      unit: "ms",
      spread: `first pass ${r1(cold.legalMs)} at ${cold.legalAt}`,
      note: `slowest of ${warm.decisions} decisions (64 units, 64 woods), at ${warm.legalAt}; = ${inBase(warm.legalMs)}; goal ≤ 50`,
    },
    {
      key: "applyAtLimitsMs",
      label: "one apply at the setup limits (worst)",
      value: r1(warm.applyMs),
      unit: "ms",
      spread: `first pass ${r1(cold.applyMs)}`,
      note: `at ${warm.applyAt}; = ${inBase(warm.applyMs)}; goal ≤ 50`,
    },
  ];
}
