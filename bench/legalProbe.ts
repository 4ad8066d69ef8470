/**
 * Probe of the legal-action listing (issue 17/22 speed): `legalActions` over every decision state
 * of random-bot bench battles (p50/p99/max, on fresh copies so no per-state cache helps), and at
 * the setup limits. Usage (after `node bench/build.mjs`):
 *   node [--cpu-prof --cpu-prof-dir=DIR] bench/.out/legalProbe.js [battles|limits|both] [n]
 *   node bench/.out/legalProbe.js loop <reps> [step] [setup]   (median listing of the first state at that movement step)
 *   node bench/.out/legalProbe.js lists <decisions> <runs> [limits|big<figures>|loose<figures>]   (hashes of every listing)
 *   node bench/.out/legalProbe.js big <figures> <decisions> [loose]   (64 units of that many figures)
 */
import { legalActions } from "../src/index.js";
import { playBattle } from "../src/battle/index.js";
import type { BattleState } from "../src/state/battle.js";
import { now } from "./harness.js";
import { benchScenario } from "./scenes.js";
import { limitBattle, limitSetup } from "./worstCase.js";
import { createBattle } from "../src/index.js";
import { applyTrusted } from "../src/engine/apply.js";
import { sampleLegalAction } from "../src/engine/decisions.js";
import { botRng } from "../src/bots/index.js";
import { canonicalJson, fnv1a64, stateHash } from "../src/trust/hash.js";
import { infantryBattalion } from "../src/presets/builders.js";
import type { BattleSetup } from "../src/state/setup.js";
import { limitFigures } from "./legal.js";

/** Percentile of sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/** legalActions over every decision state of `battles` random-bot bench battles: sorted ms. */
export function legalOverBattles(battles: number, firstSeed = 1): { ms: number[]; states: number; battleMs: number } {
  const scenario = benchScenario();
  const ms: number[] = [];
  let battleMs = 0;
  for (let seed = firstSeed; seed < firstSeed + battles; seed++) {
    const states: BattleState[] = [];
    const t = now("cpu");
    playBattle(scenario, ["random", "random"], seed, { onDecision: (s) => void states.push(s) });
    battleMs += now("cpu") - t;
    for (const s of states) {
      const a = now("cpu");
      legalActions({ ...s });
      ms.push(now("cpu") - a);
    }
  }
  ms.sort((a, b) => a - b);
  return { ms, states: ms.length, battleMs };
}

const isMain = process.argv[1]?.endsWith("legalProbe.js") === true || process.argv[1]?.endsWith("legalProbe.ts") === true;
if (isMain) {
  const what = process.argv[2] ?? "both";
  const n = Number(process.argv[3] ?? 20);
  if (what === "battles" || what === "both") {
    const r = legalOverBattles(n);
    console.log(`battles ${n}: ${(n / (r.battleMs / 1000)).toFixed(1)} battles/s; legalActions over ${r.states} states: p50 ${percentile(r.ms, 0.5).toFixed(2)} p99 ${percentile(r.ms, 0.99).toFixed(2)} max ${percentile(r.ms, 1).toFixed(2)} ms`);
  }
  if (what === "limits" || what === "both") {
    const t = now("cpu");
    const b = limitBattle(what === "limits" ? n : 60);
    console.log(`limits: legal ${b.legalMs.toFixed(1)} ms at ${b.legalAt}; apply ${b.applyMs.toFixed(1)} ms at ${b.applyAt}; ${b.decisions} decisions in ${((now("cpu") - t) / 1000).toFixed(1)} s`);
  }
}

/** Repeats legalActions on the slowest limit state (turn 1 remaining moves), for a profile. */
export function limitRemainingLoop(reps: number, step = "remaining", setup: BattleSetup = limitSetup()): number {
  const r = createBattle(setup);
  if (!r.ok) throw new Error("limit setup refused");
  let s: BattleState = r.value;
  for (let i = 0; i < 20 && !(s.turn.phase === "movement" && s.turn.step === step); i++) {
    const x = applyTrusted(s, { type: "turn/advance" });
    if (!x.ok) break;
    s = x.state;
  }
  const ms: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = now("cpu");
    legalActions({ ...s });
    ms.push(now("cpu") - t);
  }
  ms.sort((a, b) => a - b);
  return percentile(ms, 0.5);
}
/** The slowest 1 % of `legalActions` calls over bench battles, by phase/step and listed count. */
export function worstStates(battles: number): void {
  const scenario = benchScenario();
  const rows: { ms: number; where: string }[] = [];
  for (let seed = 1; seed <= battles; seed++) {
    const states: BattleState[] = [];
    playBattle(scenario, ["random", "random"], seed, { onDecision: (s) => void states.push(s) });
    for (const s of states) {
      const a = now("cpu");
      const n = legalActions({ ...s }).length;
      const ms = now("cpu") - a;
      const active = Object.values(s.units).filter((u) => u.side === s.turn.activeSide).length;
      rows.push({ ms, where: `${s.turn.phase}/${s.turn.step ?? "-"}${s.pending.length > 0 ? `+${s.pending[0]?.kind}` : ""} listed ${n} units ${active}` });
    }
  }
  rows.sort((x, y) => y.ms - x.ms);
  const top = rows.slice(0, Math.max(1, Math.ceil(rows.length / 100)));
  console.log(`${rows.length} states; p99 ${(rows[top.length - 1] as { ms: number }).ms.toFixed(2)} ms`);
  for (const r of top) console.log(`${r.ms.toFixed(2).padStart(8)} ms  ${r.where}`);
}
if (isMain && process.argv[2] === "worst") worstStates(Number(process.argv[3] ?? 30));
if (isMain && process.argv[2] === "loop") console.log(`limit ${process.argv[4] ?? "remaining"}: median ${limitRemainingLoop(Number(process.argv[3] ?? 10), process.argv[4], namedSetup(process.argv[5])).toFixed(1)} ms`);

/**
 * The full `legalActions` list of every decision state of the limit battle, hashed (order
 * included), for `runs` bot seeds of `decisions` decisions each: one line per run. Printed before
 * and after a change to the listing, the lines must be equal (play and listings bit-identical).
 */
export function limitLists(decisions: number, runs: number, setup: BattleSetup = limitSetup()): string[] {
  const out: string[] = [];
  for (let run = 0; run < runs; run++) {
    const r = createBattle(setup);
    if (!r.ok) throw new Error("limit setup refused");
    let s: BattleState = r.value;
    const rng = botRng(100 + run);
    let h = "";
    let k = 0;
    for (; k < decisions && s.turn.phase !== "finished"; k++) {
      const list = legalActions({ ...s });
      h = fnv1a64(h + canonicalJson(list));
      const advance = s.pending.length === 0 && rng.int(3) === 0 ? applyTrusted(s, { type: "turn/advance" }) : null;
      const pick = advance !== null && advance.ok ? { state: advance.state } : sampleLegalAction(s, rng);
      if (pick === null) break;
      s = pick.state;
    }
    out.push(`run ${run}: ${k} decisions, ${s.turn.gameTurn}:${s.turn.phase}/${s.turn.step ?? "-"} lists ${h} state ${stateHash(s)}`);
  }
  return out;
}
/** The setup a probe mode names: `limits` (default), `big<figures>` or `loose<figures>` ({@link bigSetup}). */
function namedSetup(name: string | undefined): BattleSetup {
  if (name === undefined || name === "limits") return limitSetup();
  const m = /^(big|loose)(\d+)$/.exec(name);
  if (m === null) throw new Error(`unknown setup ${name}`);
  return bigSetup(Number(m[2]), m[1] === "loose");
}
if (isMain && process.argv[2] === "lists") for (const l of limitLists(Number(process.argv[3] ?? 100), Number(process.argv[4] ?? 3), namedSetup(process.argv[5]))) console.log(l);

/**
 * The setup limits with the largest units: 64 units of `figures` figures each (attack columns, or
 * with `loose` every fourth unit rifles in open order), no terrain, on a table sized to hold them. For checking that a single call stays bounded when every unit is as big as allowed.
 */
export function bigSetup(figures: number, loose: boolean): BattleSetup {
  const perSide = 32;
  const cols = 8;
  // Attack columns at least as deep as wide (WHN-FORM-3); rifles in open order in two ranks (WHN-SKIRM-2).
  let files = 1;
  while ((files + 1) * (files + 1) <= figures) files++;
  const ranks = Math.ceil(figures / files);
  const w = files * 0.8 + 6;
  const d = ranks * 0.8 + 10;
  const width = 20 + cols * w;
  const height = 40 + 2 * 4 * d;
  const units = [];
  for (const side of ["fr", "gb"] as const) {
    for (let i = 0; i < perSide; i++) {
      const x = 10 + w / 2 + (i % cols) * w;
      const row = Math.floor(i / cols);
      const y = side === "fr" ? 10 + ranks * 0.8 + row * d : height - 10 - ranks * 0.8 - row * d;
      const common = { nation: side === "fr" ? "french" : "british", id: `${side}-${i}`, side, at: { x, y }, facing: side === "fr" ? 90 : 270, figures } as const;
      units.push(loose && i % 4 === 1 ? infantryBattalion({ ...common, kind: "rifles", formation: "OPEN_ORDER", files: Math.ceil(figures / 2) }) : infantryBattalion({ ...common, formation: "ATTACK_COLUMN", files }));
    }
  }
  return { seed: 7, sides: [{ id: "fr", name: "France" }, { id: "gb", name: "Britain" }], table: { width, height }, maxTurns: 3, units, terrain: [] };
}
if (isMain && process.argv[2] === "big") {
  const figures = Number(process.argv[3] ?? 1000);
  const setup = bigSetup(figures, process.argv[5] === "loose");
  const n = Number(process.argv[4] ?? 60);
  limitBattle(n, setup, 11);
  const b = limitFigures(n, 3, 23, setup);
  console.log(`big (${figures} figures a unit${process.argv[5] === "loose" ? ", rifles in open order" : ""}): slowest decision by its median of 3 plays: legal ${b.legal.toFixed(1)} ms at ${b.legalAt}; apply ${b.apply.toFixed(1)} ms at ${b.applyAt}; single calls up to ${b.rawLegal.toFixed(1)} / ${b.rawApply.toFixed(1)} ms; ${b.decisions} decisions`);
}
