/**
 * The figures of `npm run bench`, each measured in this process against the same warm JIT: the
 * volley sampled through the library and through the hand-written baseline, the volley through
 * `apply`, exact combat odds, whole random-bot battles (with their decisions, memory and state size).
 */
import { baselineVolleyMs } from "./legal.js";
import { roller, seedDice } from "../src/dice/index.js";
import { apply } from "../src/engine/apply.js";
import { sampleVolley } from "../src/rules/whn/shooting/index.js";
import { combatRoundOdds } from "../src/rules/whn/combat/index.js";
import { playBattle } from "../src/battle/index.js";
import type { BattleState } from "../src/state/battle.js";
import { makeBaselineVolley } from "./baseline.js";
import { measure, now, type Measure, type MeasureOptions } from "./harness.js";
import { benchScenario, combatState, volleySpecOf, volleyState, VOLLEY_ACTION } from "./scenes.js";

/** One row of the table: a key of the BENCH line, its value (null when not measured) and why. */
export interface Figure {
  readonly key: string;
  readonly label: string;
  readonly value: number | null;
  readonly unit: string;
  /** Spread of the samples, already formatted ("" when none). */
  readonly spread: string;
  readonly note: string;
}

/** A figure from a rate measure. */
export function rateFigure(key: string, label: string, m: Measure, note = ""): Figure {
  return { key, label, value: Math.round(m.perSec), unit: "/s", spread: `${fmt(m.min)}–${fmt(m.max)} (n=${m.samples})`, note };
}

/** A figure that could not be measured. */
export function missing(key: string, label: string, unit: string, why: string): Figure {
  return { key, label, value: null, unit, spread: "", note: why };
}

/** Compact number formatting for spreads. */
export function fmt(x: number): string {
  if (Math.abs(x) >= 1e6) return `${(x / 1e6).toFixed(2)}M`;
  if (Math.abs(x) >= 1e4) return `${(x / 1e3).toFixed(0)}k`;
  if (Math.abs(x) >= 100) return x.toFixed(0);
  return x.toPrecision(3);
}

/** The volley sampled by `sampleVolley` on a spec from `volleySpec` (the Monte Carlo path), and the baseline. */
export function volleyFigures(o: MeasureOptions): Figure[] {
  const spec = volleySpecOf(volleyState());
  const dice = roller(seedDice(1815));
  let sink = 0;
  const batch = 1000;
  // Interleave the two so drift of the machine (the other core, turbo) hits both alike.
  const base = makeBaselineVolley(1815);
  const lib = (): void => {
    for (let i = 0; i < batch; i++) sink += sampleVolley(dice, spec).casualties;
  };
  const hand = (): void => {
    for (let i = 0; i < batch; i++) sink += base();
  };
  measure("warm", batch, lib, { ...o, samples: 1 });
  measure("warm", batch, hand, { ...o, samples: 1 });
  const libRates: Measure[] = [];
  const handRates: Measure[] = [];
  for (let r = 0; r < 3; r++) {
    libRates.push(measure("volleySample", batch, lib, { ...o, warmupMs: 50 }));
    handRates.push(measure("volleyBaseline", batch, hand, { ...o, warmupMs: 50 }));
  }
  if (sink === 0.5) console.log(""); // keep the loops observable
  const pick = (ms: Measure[]): Measure => {
    const all = ms.map((m) => m.perSec).sort((a, b) => a - b);
    return { name: ms[0]?.name ?? "", perSec: all[Math.floor(all.length / 2)] ?? 0, min: Math.min(...ms.map((m) => m.min)), max: Math.max(...ms.map((m) => m.max)), samples: ms.reduce((s, m) => s + m.samples, 0) };
  };
  const s = pick(libRates);
  const b = pick(handRates);
  return [
    rateFigure("volleySamplePerSec", "volley, sampleVolley(volleySpec)", s, `${spec.shots} shots need ${spec.need}+/${spec.woundNeed}+, panic at ${spec.panic?.trigger ?? "-"} vs Ld ${spec.panic?.ld ?? "-"}`),
    rateFigure("volleyBaselinePerSec", "volley, hand-written mutable loop", b, "bench/baseline.ts, inline sfc32"),
    { key: "volleyRatio", label: "volley ratio sample / baseline", value: round3(s.perSec / b.perSec), unit: "×", spread: "", note: "goal ≥ 0.5" },
  ];
}

/** The volley as `shooting/fire` through `apply`: parse, checks, immutable commit, events. */
export function applyVolleyFigure(o: MeasureOptions): Figure {
  const base = volleyState();
  let dice = base.dice;
  let events = 0;
  let volleys = 0;
  const batch = 200;
  const m = measure("applyVolley", batch, () => {
    for (let i = 0; i < batch; i++) {
      const r = apply(dice === base.dice ? base : { ...base, dice }, VOLLEY_ACTION);
      if (!r.ok) throw new Error(`bench: the volley was refused: ${JSON.stringify(r.violation)}`);
      dice = r.state.dice; // next volley rolls on: every iteration sees fresh dice
      events += r.events.length;
      volleys++;
    }
  }, o);
  // Events each volley reports (every volley starts from the same base state).
  return rateFigure("applyVolleyPerSec", "volley, apply(state, shooting/fire)", m, `≈${(events / Math.max(1, volleys)).toFixed(1)} events/volley; goal ≥ 100 000`);
}

/** Exact odds of one round of a combat between two 20-figure battalions. */
export function combatOddsFigure(o: MeasureOptions): Figure {
  const { state, combat } = combatState();
  let sink = 0;
  const m = measure("combatOdds", 1, () => {
    sink += combatRoundOdds(state, combat).draw;
  }, { ...o, sampleMs: Math.max(o.sampleMs ?? 250, 300) });
  const r = combatRoundOdds(state, combat);
  const ms = 1000 / m.perSec;
  return { key: "combatOddsMs", label: "combat round odds, 20 v 20", value: round3(ms), unit: "ms", spread: `${(1000 / m.max).toFixed(2)}–${(1000 / m.min).toFixed(2)} ms (n=${m.samples})`, note: `P(a wins) ${r.win[0].toFixed(3)}${sink < 0 ? "" : ""}; goal ≤ 1 ms` };
}

/** What the battle run measured, for the table and for the memory figures. */
export interface BattleRun {
  readonly figures: Figure[];
  /** Mid-battle states kept (one per battle), for the memory figures. */
  readonly midStates: BattleState[];
}

/**
 * Plays random-bot battles of the 8-a-side scenario for about `seconds` (at least `minBattles`),
 * after one short warm-up battle; battles/s and decisions/s are totals over wall time, the spread
 * is per battle. Keeps each battle's state at its middle decision for the memory figures.
 */
export function battleFigures(seconds: number, minBattles: number): BattleRun {
  const scenario = benchScenario();
  playBattle(scenario, ["random", "random"], 999, { maxDecisions: 60 });
  const perBattle: number[] = [];
  const perDecision: number[] = [];
  const midStates: BattleState[] = [];
  let decisions = 0;
  let autoAdvanced = 0;
  let advanceChoices = 0;
  let stopped = "";
  const t0 = now("cpu");
  for (let seed = 1; perBattle.length < minBattles || now("cpu") - t0 < seconds * 1000; seed++) {
    const states: BattleState[] = [];
    const a = now("cpu");
    const out = playBattle(scenario, ["random", "random"], seed, { onDecision: (s) => void states.push(s) });
    const ms = now("cpu") - a;
    perBattle.push(1000 / ms);
    perDecision.push((out.decisions * 1000) / ms);
    decisions += out.decisions;
    autoAdvanced += out.autoAdvanced;
    advanceChoices += out.record.actions.filter((x) => x.type === "turn/advance").length - out.autoAdvanced;
    stopped += out.stopped === "finished" ? "" : `${out.stopped} `;
    const mid = states[Math.floor(states.length / 2)];
    if (mid !== undefined) midStates.push(mid);
  }
  const wall = (now("cpu") - t0) / 1000;
  const n = perBattle.length;
  const spread = (xs: number[]): string => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))} per battle (n=${n})`;
  return {
    midStates,
    figures: [
      { key: "battlesPerSec", label: "WHN battles, random bots, 8 a side", value: round3(n / wall), unit: "/s", spread: spread(perBattle), note: `${n} battles in ${wall.toFixed(1)} CPU s, ${(decisions / n).toFixed(0)} decisions each${stopped === "" ? "" : `; stopped: ${stopped}`}; ≈ ${Math.round((1000 * wall) / n / baselineVolleyMs())} baseline volleys a battle (same run); goal ≥ 300 (long run 1 000)` },
      {
        key: "decisionsPerSec",
        label: "decisions (legalActions + apply)",
        value: Math.round(decisions / wall),
        unit: "/s",
        spread: spread(perDecision),
        note: `real choices only: bot choice, legalActions, applyTrusted, victory judging; forced steps auto-advanced (${(autoAdvanced / n).toFixed(0)} a battle, not counted); ${((100 * advanceChoices) / Math.max(1, decisions)).toFixed(0)} % of the counted decisions chose turn/advance among other actions`,
      },
    ],
  };
}

/** Heap held per battle in flight (mid-battle states kept alive) and the JSON size of one. */
export function memoryFigures(mid: BattleState[]): Figure[] {
  const gc = (globalThis as { gc?: () => void }).gc;
  const sizes = mid.map((s) => JSON.stringify(s).length).sort((a, b) => a - b);
  const stateBytes = sizes[Math.floor(sizes.length / 2)] ?? null;
  const bytes: Figure = stateBytes === null
    ? missing("stateBytes", "JSON size of a mid-battle state", "B", "no battle was played")
    : { key: "stateBytes", label: "JSON size of a mid-battle state", value: stateBytes, unit: "B", spread: `${fmt(sizes[0] ?? 0)}–${fmt(sizes[sizes.length - 1] ?? 0)} (n=${sizes.length})`, note: "median over the battles (the state keeps no history)" };
  if (gc === undefined) return [missing("heapPerBattleKb", "heap per battle in flight", "kB", "run node with --expose-gc (npm run bench does)"), bytes];
  if (mid.length === 0) return [missing("heapPerBattleKb", "heap per battle in flight", "kB", "no battle was played"), bytes];
  // Re-create the states from JSON so they share nothing with each other or with the scenario.
  const copies: unknown[] = [];
  const text = mid.map((s) => JSON.stringify(s));
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const t of text) copies.push(JSON.parse(t));
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  const kb = (after - before) / 1024 / Math.max(1, copies.length);
  return [{ key: "heapPerBattleKb", label: "heap per battle in flight", value: round3(kb), unit: "kB", spread: "", note: `${copies.length} mid-battle states held, heapUsed after GC` }, bytes];
}

/** Rounds to three significant decimals. */
export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
