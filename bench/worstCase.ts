/**
 * The worst-case row: a WHN battle at the setup limits (SETUP_LIMITS: 64 units, 64 terrain
 * features) played by random legal actions, timing every `legalActions` (on a fresh copy, so no
 * cache helps) and every `apply`; and the hostile FnF actions that used to take seconds (a far
 * pose, a far leader waypoint, a 50-leg spin). CPU time, max over the run.
 */
import { apply, createBattle, legalActions } from "../src/index.js";
import { applyTrusted, applyUnknown } from "../src/engine/apply.js";
import { sampleLegalAction } from "../src/engine/decisions.js";
import { botRng } from "../src/bots/index.js";
import { infantryBattalion, cavalryRegiment } from "../src/presets/builders.js";
import { SETUP_LIMITS } from "../src/state/limits.js";
import type { BattleState } from "../src/state/battle.js";
import type { BattleSetup } from "../src/state/setup.js";
import { fnfScenario } from "../src/rules/fnf/scenarios.js";
import { now } from "./harness.js";
import { readFileSync } from "node:fs";
import type { Figure } from "./figures.js";

/** A WHN setup at the limits: 32 units a side in ranks 12" apart, 64 small woods between them. */
export function limitSetup(unitCount: number = SETUP_LIMITS.units, woods: number = SETUP_LIMITS.terrainFeatures): BattleSetup {
  const perSide = Math.floor(unitCount / 2);
  const cols = 8;
  const rows = Math.ceil(perSide / cols);
  const width = 20 + cols * 16;
  const height = 30 + 2 * rows * 12;
  const units = [];
  for (const side of ["fr", "gb"] as const) {
    for (let i = 0; i < perSide; i++) {
      const x = 12 + (i % cols) * 16;
      const row = Math.floor(i / cols);
      const y = side === "fr" ? 8 + row * 12 : height - 8 - row * 12;
      const common = { nation: side === "fr" ? "french" : "british", id: `${side}-${i}`, side, at: { x, y }, facing: side === "fr" ? 90 : 270 } as const;
      units.push(i % 4 === 3 ? cavalryRegiment({ ...common, kind: "hussars", formation: "CAV_LINE", figures: 8 }) : infantryBattalion({ ...common, formation: "LINE", figures: 24 }));
    }
  }
  const terrain = Array.from({ length: woods }, (_, i) => {
    const x = 4 + (i % 16) * 9;
    const y = height / 2 - 6 + Math.floor(i / 16) * 3;
    return { id: `wood-${i}`, kind: "woods", polygon: [{ x, y }, { x: x + 2, y }, { x: x + 2, y: y + 2 }, { x, y: y + 2 }], tags: { difficult: true, softCover: true } };
  });
  return { seed: 7, sides: [{ id: "fr", name: "France" }, { id: "gb", name: "Britain" }], table: { width, height }, maxTurns: 3, units, terrain };
}

/** Times one call on the CPU clock, in ms. */
function timed<T>(f: () => T): [T, number] {
  const t = now("cpu");
  const r = f();
  return [r, now("cpu") - t];
}

/**
 * CPU time of this process's main thread alone, in ms (Linux: the first field of its schedstat),
 * or NaN elsewhere. The process's CPU time also holds V8's background threads (optimising
 * compiles, concurrent GC): in a fresh process most of a first big listing's CPU is compiling.
 */
export function mainThreadMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** Plays the limit battle for `decisions` decisions; the slowest legalActions and apply, with where. */
export function limitBattle(decisions: number, setup: BattleSetup = limitSetup(), botSeed = 11, stopBefore?: (s: BattleState) => boolean): { legalMs: number; legalAt: string; applyMs: number; applyAt: string; decisions: number; stoppedAt: BattleState | null } {
  const r = createBattle(setup);
  if (!r.ok) throw new Error(`bench: the limit setup is refused: ${JSON.stringify(r.error.issues.slice(0, 2))}`);
  let s: BattleState = r.value;
  const rng = botRng(botSeed);
  // Warm the listers up (JIT) on the first state, unmeasured.
  for (let i = 0; i < 3; i++) legalActions({ ...s });
  let out = { legalMs: 0, legalAt: "", applyMs: 0, applyAt: "", decisions: 0, stoppedAt: null as BattleState | null };
  for (let k = 0; k < decisions && s.turn.phase !== "finished"; k++) {
    if (stopBefore?.(s) === true) return { ...out, stoppedAt: s };
    const where = `${s.turn.gameTurn}:${s.turn.phase}${s.turn.step === null ? "" : `/${s.turn.step}`}`;
    const m0 = mainThreadMs();
    const [acts, lt] = timed(() => legalActions({ ...s }));
    const main = mainThreadMs() - m0;
    if (lt > out.legalMs) out = { ...out, legalMs: lt, legalAt: `${where} (${acts.length} actions; main thread ${main.toFixed(1)} ms)` };
    // Advance a third of the time when nothing is pending, so the run reaches every phase and step.
    const advance = s.pending.length === 0 && rng.int(3) === 0 ? applyTrusted(s, { type: "turn/advance" }) : null;
    const pick = advance !== null && advance.ok ? { action: { type: "turn/advance" } as const, state: advance.state } : sampleLegalAction(s, rng);
    if (pick === null) break;
    const [, at] = timed(() => applyTrusted(s, pick.action));
    if (at > out.applyMs) out = { ...out, applyMs: at, applyAt: `${where} ${pick.action.type}` };
    s = pick.state;
    out.decisions = k + 1;
  }
  return out;
}

/** The slowest of the hostile FnF actions (far pose, far waypoints, 50-leg spin), each refused or played. */
export function hostileFnfMs(): number {
  const r = createBattle(fnfScenario("coa1811", 3, 4));
  if (!r.ok) throw new Error("bench: coa1811");
  let s = r.value;
  for (let i = 0; i < 6 && s.turn.phase !== "maneuver"; i++) {
    const x = apply(s, { type: "turn/advance" });
    if (!x.ok) break;
    s = x.state;
  }
  const fnf = s.fnf;
  const unit = Object.values(fnf?.units ?? {}).find((u) => u.side === s.turn.activeSide && u.kind === "brigade");
  const leader = Object.values(fnf?.leaders ?? {}).find((l) => l.side === s.turn.activeSide);
  const far = 100_000;
  const actions: unknown[] = [
    { type: "fnf/moveLeader", leader: leader?.id ?? "", to: { x: far, y: far }, via: Array.from({ length: 50 }, (_, i) => ({ x: i % 2 === 0 ? far : -far, y: 0 })) },
    { type: "fnf/move", unit: unit?.id ?? "", path: Array.from({ length: 50 }, (_, i) => ({ x: i % 2 === 0 ? far : -far, y: 10 })) },
    { type: "fnf/move", unit: unit?.id ?? "", path: Array.from({ length: 50 }, (_, i) => ({ x: unit?.position.x ?? 0, y: unit?.position.y ?? 0, facing: i % 2 === 0 ? 3600 : -3600 })) },
  ];
  let worst = 0;
  // Hostile, schema-shaped actions of unknown type: the boundary validates them as apply would.
  for (const a of actions) for (let rep = 0; rep < 3; rep++) worst = Math.max(worst, timed(() => applyUnknown(s, a))[1]);
  return worst;
}

/** The worst-case figures. */
export function worstCaseFigures(decisions: number): Figure[] {
  const b = limitBattle(decisions);
  const h = hostileFnfMs();
  const round = (x: number): number => Math.round(x * 10) / 10;
  return [
    { key: "worstLegalMs", label: `legalActions at the setup limits (${SETUP_LIMITS.units} units, ${SETUP_LIMITS.terrainFeatures} woods)`, value: round(b.legalMs), unit: "ms", spread: "", note: `slowest of ${b.decisions} decisions, at ${b.legalAt}` },
    { key: "worstApplyMs", label: "one apply at the setup limits", value: round(b.applyMs), unit: "ms", spread: "", note: `at ${b.applyAt}` },
    { key: "worstHostileFnfMs", label: "hostile FnF move / leader move / spin", value: round(h), unit: "ms", spread: "", note: "far pose, 50 far waypoints, 50-leg ±3600° spin" },
  ];
}
