/**
 * An outside check of `loadState`: it shares no list of "bad states" with the invariant catalogue.
 * States reached by legal play (the fuzz battles: every built-in scenario of both rulesets, random
 * WHN, CORE and FnF setups) have one field changed at random — a leaf under a unit, a character,
 * the turn, a pending decision, an FnF unit or leader, or the dice — to a value drawn from what the
 * same key holds elsewhere in the state, the schema's enums, the battle's ids, or a nearby number.
 * A mutated state that `parseState` accepts must be playable: something is listed unless the
 * battle is over, every listed action (a sample) applies without throwing, and each result loads.
 */
import { applyUnknown, legalActions, parseState, saveState, FusilladeError, type BattleState } from "../../src/index.js";
import { DECISION_KINDS, MOVEMENT_STEPS, PHASES } from "../../src/state/battle.js";
import { FORMATIONS } from "../../src/state/unit.js";
import { Rng } from "../../src/trust/fuzz/rng.js";
import { createBattle } from "../../src/index.js";
import { sampleLegalAction } from "../../src/engine/decisions.js";
import { campaignBattle } from "../../src/trust/index.js";

type Json = any;
type Path = (string | number)[];

/** The parts of a state whose fields are changed, weighted by how often each is picked. */
const ROOTS: readonly [string, number, (s: Json) => Path[]][] = [
  ["unit", 6, (s) => Object.keys(s.units).map((id) => ["units", id])],
  ["character", 2, (s) => Object.keys(s.characters).map((id) => ["characters", id])],
  ["turn", 2, () => [["turn"]]],
  ["pending", 2, (s) => s.pending.map((_: unknown, i: number) => ["pending", i])],
  ["pending list", 1, () => [["pending"]]],
  ["combat", 1, (s) => Object.keys(s.combats).map((id) => ["combats", id])],
  ["fnf unit", 4, (s) => (s.fnf === null ? [] : Object.keys(s.fnf.units).map((id) => ["fnf", "units", id]))],
  ["fnf leader", 2, (s) => (s.fnf === null ? [] : Object.keys(s.fnf.leaders).map((id) => ["fnf", "leaders", id]))],
  ["fnf melee", 1, (s) => (s.fnf === null ? [] : Object.keys(s.fnf.melees ?? {}).map((id) => ["fnf", "melees", id]))],
  ["dice", 1, () => [["dice"]]],
  ["facts", 1, () => [["facts"]]],
];

/** Enums of the state format, offered for a string leaf whatever its key. */
const ENUMS: readonly string[] = [...PHASES, ...MOVEMENT_STEPS, ...DECISION_KINDS, ...FORMATIONS, "GOOD", "DISORDERED", "FLEEING", "SHAKEN"];

function get(s: Json, path: Path): Json {
  let v = s;
  for (const k of path) v = v?.[k];
  return v;
}

/** Every leaf (and every array or null) under a value, with its path. */
function leaves(v: Json, path: Path, out: Path[], depth = 0): void {
  if (depth > 6) return;
  if (v === null || typeof v !== "object") return void out.push(path);
  if (Array.isArray(v)) {
    out.push(path);
    v.forEach((x, i) => leaves(x, [...path, i], out, depth + 1));
    return;
  }
  for (const k of Object.keys(v)) leaves(v[k], [...path, k], out, depth + 1);
}

/** Values the same key holds anywhere in a value (a pool of plausible replacements). */
function valuesOfKey(v: Json, key: string | number, out: Json[], depth = 0): void {
  if (v === null || typeof v !== "object" || depth > 8 || out.length > 200) return;
  for (const [k, x] of Object.entries(v)) {
    if (k === key && (x === null || typeof x !== "object" || Array.isArray(x))) out.push(x);
    valuesOfKey(x, key, out, depth + 1);
  }
}

/** The battle's ids: sides, units, characters, combats, FnF units and leaders. */
function ids(s: Json): string[] {
  return [...Object.keys(s.sides), ...Object.keys(s.units), ...Object.keys(s.characters), ...Object.keys(s.combats), ...(s.fnf === null ? [] : [...Object.keys(s.fnf.units), ...Object.keys(s.fnf.leaders)])];
}

/** A replacement for a leaf value. */
function replacement(s: Json, key: string | number, old: Json, rng: Rng): Json {
  const pool: Json[] = [];
  valuesOfKey(s, key, pool);
  const r = rng.int(10);
  if (r < 4 && pool.length > 0) return structuredClone(rng.pick(pool));
  if (typeof old === "boolean") return !old;
  if (typeof old === "number") {
    switch (rng.int(6)) {
      case 0: return 0;
      case 1: return old + (rng.chance(0.5) ? 1 : -1);
      case 2: return Math.round(old * rng.real(0, 3) * 100) / 100;
      case 3: return -old;
      case 4: return old + rng.real(-30, 30);
      default: return rng.int(100);
    }
  }
  if (Array.isArray(old)) {
    if (old.length > 0 && rng.chance(0.5)) return old.filter((_, i) => i !== rng.int(old.length));
    return [...old, structuredClone(old[0] ?? rng.pick(ids(s)) ?? null)];
  }
  if (r < 6) return rng.pick(ids(s)) ?? null;
  if (r < 8) return rng.pick(ENUMS) ?? null;
  if (old === null) return rng.pick(ids(s)) ?? 0;
  return null;
}

/** A mutated copy of a saved state and a line saying what changed, or null when nothing could be changed. */
export function mutateOneField(state: BattleState, rng: Rng): { json: Json; what: string } | null {
  const s: Json = JSON.parse(saveState(state));
  const roots = ROOTS.flatMap(([name, w, find]) => find(s).map((p) => [name, w, p] as const));
  if (roots.length === 0) return null;
  const total = roots.reduce((a, [, w]) => a + w, 0);
  let x = rng.real(0, total);
  let root = roots[0]!;
  for (const r of roots) if ((x -= r[1]) <= 0) { root = r; break; }
  const found: Path[] = [];
  leaves(get(s, root[2]), root[2], found);
  const path = rng.pick(found);
  if (path === undefined || path.length === 0) return null;
  const key = path[path.length - 1]!;
  const parent = get(s, path.slice(0, -1));
  const old = parent[key];
  let now = replacement(s, key, old, rng);
  for (let k = 0; k < 8 && JSON.stringify(now) === JSON.stringify(old); k++) now = replacement(s, key, old, rng);
  parent[key] = now;
  return { json: s, what: `${path.join(".")}: ${JSON.stringify(old)} → ${JSON.stringify(now)}` };
}

/** What the check found for one mutated state. */
export type Verdict =
  | { readonly kind: "refused" }
  | { readonly kind: "playable"; readonly listed: number; readonly applied: number }
  | { readonly kind: "failed"; readonly why: string };

/** The engine calls the check makes (replaced in its own test, to show it can fail). */
export interface Engine {
  readonly legalActions: (s: BattleState) => readonly unknown[];
  readonly applyUnknown: typeof applyUnknown;
}
const ENGINE: Engine = { legalActions, applyUnknown };

/** Runs a thunk, turning a throw into a message. */
function attempt<T>(f: () => T): T | { thrown: string } {
  try {
    return f();
  } catch (e) {
    return { thrown: `${e instanceof FusilladeError ? `FusilladeError ${e.code}` : e instanceof Error ? e.name : "throw"}: ${e instanceof Error ? e.message.slice(0, 300) : String(e)}` };
  }
}
const threw = (v: unknown): v is { thrown: string } => v !== null && typeof v === "object" && "thrown" in (v as object) && Object.keys(v as object).length === 1;

/** The outside check of one mutated state: up to `sample` listed actions applied to it, then `playOn` random listed steps played on from it. */
export function checkMutated(json: Json, sample: number, rng: Rng, playOn = 0, engine: Engine = ENGINE): Verdict {
  const { legalActions, applyUnknown } = engine;
  const parsed = attempt(() => parseState(json));
  if (threw(parsed)) return { kind: "failed", why: `parseState threw: ${parsed.thrown}` };
  if (!parsed.ok) return { kind: "refused" };
  const s = parsed.value;
  const listed = attempt(() => legalActions(s));
  if (threw(listed)) return { kind: "failed", why: `legalActions threw: ${listed.thrown}` };
  if (s.turn.phase === "finished") return listed.length === 0 ? { kind: "playable", listed: 0, applied: 0 } : { kind: "failed", why: `a finished battle lists ${listed.length} actions` };
  if (listed.length === 0) return { kind: "failed", why: `stuck: nothing listed in ${s.turn.phase}${s.turn.step === null ? "" : `/${s.turn.step}`} with ${s.pending.length} pending` };
  const picks = listed.length <= sample ? listed : Array.from({ length: sample }, () => listed[rng.int(listed.length)]!);
  let applied = 0;
  for (const a of picks) {
    const r = attempt(() => applyUnknown(s, a));
    if (threw(r)) return { kind: "failed", why: `apply ${JSON.stringify(a)} threw: ${r.thrown}` };
    if (!r.ok) return { kind: "failed", why: `listed ${JSON.stringify(a)} refused: ${r.violation.code}` };
    applied++;
    const back = attempt(() => parseState(JSON.parse(saveState(r.state))));
    if (threw(back)) return { kind: "failed", why: `the state after ${JSON.stringify(a)} threw on load: ${back.thrown}` };
    if (!back.ok) return { kind: "failed", why: `the state after ${JSON.stringify(a)} does not load: ${back.error.issues.map((i) => `${i.invariant ?? i.code} at ${i.path.join(".")}: ${i.message}`).join("; ").slice(0, 400)}` };
  }
  // Then play on from the edited state: an edit may only bite a few steps later.
  let cur = s;
  for (let k = 0; k < playOn && cur.turn.phase !== "finished"; k++) {
    const next = attempt(() => legalActions(cur));
    if (threw(next)) return { kind: "failed", why: `legalActions threw ${k + 1} steps on: ${next.thrown}` };
    if (next.length === 0) return { kind: "failed", why: `stuck ${k + 1} steps on: nothing listed in ${cur.turn.phase}${cur.turn.step === null ? "" : `/${cur.turn.step}`} with ${cur.pending.length} pending` };
    const a = next[rng.int(next.length)]!;
    const r = attempt(() => applyUnknown(cur, a));
    if (threw(r)) return { kind: "failed", why: `apply ${JSON.stringify(a)} ${k + 1} steps on threw: ${r.thrown}` };
    if (!r.ok) return { kind: "failed", why: `listed ${JSON.stringify(a)} ${k + 1} steps on refused: ${r.violation.code}` };
    const back = attempt(() => parseState(JSON.parse(saveState(r.state))));
    if (threw(back)) return { kind: "failed", why: `the state ${k + 1} steps on threw on load: ${back.thrown}` };
    if (!back.ok) return { kind: "failed", why: `the state ${k + 1} steps on (after ${JSON.stringify(a)}) does not load: ${back.error.issues.map((i) => `${i.invariant ?? i.code} at ${i.path.join(".")}: ${i.message}`).join("; ").slice(0, 400)}` };
    cur = r.state;
    applied++;
  }
  return { kind: "playable", listed: listed.length, applied };
}

/**
 * A pool of states reached by random legal play: `n` of them from the first `battles` campaign
 * battles, favouring the deep ones (a decision pending, a close combat or an FnF melee on), with a
 * few plain and finished ones.
 */
export function playedPool(n: number, battles: number, seed: number): BattleState[] {
  const rng = new Rng(seed);
  const out: BattleState[] = [];
  for (let i = 0; out.length < n && i < n * 4; i++) {
    const b = campaignBattle(i % battles, seed + i);
    const r = createBattle(b.victory === null ? b.setup : { ...b.setup, victory: b.victory });
    if (!r.ok) continue;
    const deep: BattleState[] = [];
    const plain: BattleState[] = [];
    let s = r.value;
    for (let k = 0; k < 400 && s.turn.phase !== "finished"; k++) {
      const pick = sampleLegalAction(s, { int: (m: number) => rng.int(m) });
      if (pick === null) break;
      s = pick.state;
      const fnfMelees = s.fnf === null ? 0 : Object.keys(s.fnf.melees ?? {}).length;
      (s.pending.length > 0 || Object.keys(s.combats).length > 0 || fnfMelees > 0 ? deep : plain).push(s);
    }
    for (let k = 0; k < 3 && deep.length > 0; k++) out.push(deep[rng.int(deep.length)]!);
    if (plain.length > 0) out.push(plain[rng.int(plain.length)]!);
    if (rng.chance(0.2)) out.push(s);
  }
  return out.slice(0, n);
}
