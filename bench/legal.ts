/**
 * The legal-action figures of issues 17 and 22 (speed): `legalActionsP99Ms` over every decision
 * state of random-bot bench battles, and the worst-case rows at the setup limits
 * (`legalActionsAtLimitsMs`, `applyAtLimitsMs`). Each is also given in units of the hand-written
 * baseline volley measured in the same run (bench/baseline.ts), so runs on loaded or different
 * machines compare: "p99 = N baseline volleys". The limit figures are the slowest decision by its
 * median over three plays of the same battle (see {@link limitFigures}).
 */
import { makeBaselineVolley } from "./baseline.js";
import type { Figure } from "./figures.js";
import { measure } from "./harness.js";
import { bigSetup, legalOverBattles, percentile } from "./legalProbe.js";
import { limitBattle, limitSetup } from "./worstCase.js";
import { createBattle, legalActions } from "../src/index.js";
import { applyTrusted } from "../src/engine/apply.js";
import { sampleLegalAction } from "../src/engine/decisions.js";
import { botRng } from "../src/bots/index.js";
import type { BattleState } from "../src/state/battle.js";
import type { BattleSetup } from "../src/state/setup.js";
import { now } from "./harness.js";

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

/** One play of the limit battle: per decision, where it was and what its listing and its apply cost (CPU ms). */
interface LimitPlay {
  readonly where: string[];
  readonly legalMs: number[];
  readonly applyMs: number[];
}

/**
 * The limit battle played as bench/worstCase.ts's `limitBattle` plays it (random legal actions,
 * `turn/advance` a third of the time; every listing timed on a fresh copy of the state, before the
 * bot draws from it), recording every call rather than only the slowest.
 */
export function playLimit(decisions: number, botSeed: number, setup: BattleSetup = limitSetup()): LimitPlay {
  const r = createBattle(setup);
  if (!r.ok) throw new Error("bench: the limit setup is refused");
  let s: BattleState = r.value;
  const rng = botRng(botSeed);
  for (let i = 0; i < 3; i++) legalActions({ ...s });
  const out: LimitPlay = { where: [], legalMs: [], applyMs: [] };
  for (let k = 0; k < decisions && s.turn.phase !== "finished"; k++) {
    const where = `${s.turn.gameTurn}:${s.turn.phase}${s.turn.step === null ? "" : `/${s.turn.step}`}`;
    const t0 = now("cpu");
    const n = legalActions({ ...s }).length;
    out.legalMs.push(now("cpu") - t0);
    const advance = s.pending.length === 0 && rng.int(3) === 0 ? applyTrusted(s, { type: "turn/advance" }) : null;
    const pick = advance !== null && advance.ok ? { action: { type: "turn/advance" } as const, state: advance.state } : sampleLegalAction(s, rng);
    if (pick === null) break;
    const t1 = now("cpu");
    applyTrusted(s, pick.action);
    out.applyMs.push(now("cpu") - t1);
    out.where.push(`${where} (${n} actions; then ${pick.action.type})`);
    s = pick.state;
  }
  return out;
}

/**
 * The slowest decision of the limit battle by its typical cost: the same battle (same bot seed, so
 * the same states) played `runs` times, each decision's listing and apply taken as the median of
 * its runs, then the largest median. A single call's time on a loaded machine also holds whatever
 * else the core did meanwhile (a garbage collection, another process's cache traffic), and the
 * slowest single call of ~100 picks that noise up: the median per state keeps the engine's cost.
 * The slowest single call is kept in the figure's spread.
 */
export function limitFigures(decisions: number, runs: number, botSeed: number, setup: BattleSetup = limitSetup()): { legal: number; legalAt: string; apply: number; applyAt: string; rawLegal: number; rawApply: number; decisions: number } {
  const plays = Array.from({ length: runs }, () => playLimit(decisions, botSeed, setup));
  const first = plays[0] as LimitPlay;
  const med = (xs: number[]): number => {
    const a = [...xs].sort((x, y) => x - y);
    return a[Math.floor((a.length - 1) / 2)] as number;
  };
  let out = { legal: 0, legalAt: "", apply: 0, applyAt: "", rawLegal: 0, rawApply: 0, decisions: first.where.length };
  for (let k = 0; k < first.where.length; k++) {
    const l = med(plays.map((p) => p.legalMs[k] ?? 0));
    const a = med(plays.map((p) => p.applyMs[k] ?? 0));
    if (l > out.legal) out = { ...out, legal: l, legalAt: first.where[k] as string };
    if (a > out.apply) out = { ...out, apply: a, applyAt: first.where[k] as string };
  }
  for (const p of plays) {
    out.rawLegal = Math.max(out.rawLegal, ...p.legalMs);
    out.rawApply = Math.max(out.rawApply, ...p.applyMs);
  }
  return out;
}

/**
 * The legal-action figures: `battles` bench battles for the p99; at the limits, a first pass in a
 * cold process (bench/worstCase.ts's `limitBattle`, bot seed 11), then two limit battles (lines
 * and woods; attack columns) with bot seed 23, each played three times, and the slowest decision
 * of either by its median ({@link limitFigures}).
 */
export function legalFigures(battles: number, decisions: number): Figure[] {
  const base = baselineVolleyMs();
  const inBase = (ms: number): string => `${Math.round(ms / base).toLocaleString("en")} baseline volleys`;
  const over = legalOverBattles(battles, 101);
  const p99 = percentile(over.ms, 0.99);
  const cold = limitBattle(decisions, limitSetup(), 11);
  // Two limit battles: lines and cavalry between 64 woods (the issue's row), and 64 attack columns
  // on open ground (they may march: ~930 candidates in a remaining step, the most of any setup tried).
  const lines = limitFigures(decisions, 3, 23);
  const columns = limitFigures(decisions, 3, 23, bigSetup(24, false));
  const warm = columns.legal > lines.legal ? { ...columns, legalAt: `${columns.legalAt}, columns` } : { ...lines, legalAt: `${lines.legalAt}, lines and woods` };
  const other = columns.legal > lines.legal ? `lines and woods ${r1(lines.legal)}` : `columns ${r1(columns.legal)}`;
  const applyWarm = columns.apply > lines.apply ? { ...columns, applyAt: `${columns.applyAt}, columns` } : lines;
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
      value: r1(warm.legal),
      unit: "ms",
      spread: `${other}; slowest single call ${r1(Math.max(lines.rawLegal, columns.rawLegal))}; first pass ${r1(cold.legalMs)} at ${cold.legalAt}`,
      note: `slowest of ${lines.decisions} + ${columns.decisions} decisions by the median of 3 plays (64 units), at ${warm.legalAt}; = ${inBase(warm.legal)}; goal ≤ 50`,
    },
    {
      key: "applyAtLimitsMs",
      label: "one apply at the setup limits (worst)",
      value: r1(applyWarm.apply),
      unit: "ms",
      spread: `slowest single call ${r1(Math.max(lines.rawApply, columns.rawApply))}; first pass ${r1(cold.applyMs)}`,
      note: `at ${applyWarm.applyAt}; = ${inBase(applyWarm.apply)}; goal ≤ 50`,
    },
  ];
}
