/**
 * The fast-path grid mode of `npm run fuzz` (issue 18): `npm run fuzz -- --mode fastpaths [--seeds N]
 * [--from i --to j] [--only combat,volley,artillery,kinds]`.
 *
 * Every fast path is held against its ground truth, the engine playing the same situation through
 * `apply` with real dice:
 * - combat (the `whn/combat` grid: formations, files, squareness variants and when it is measured,
 *   outnumbering, chargers a / b / none): the exact chain of `analysis.combatToDecision` and
 *   `odds({ kind: "combatToDecision" })` against combats fought to a decision through `apply`, and
 *   against the state-based chain `whn.combat.combatToDecision` to 1e-9; the exact one-round odds
 *   (`odds({ kind: "combatRound" })`) against the first round `apply` fights; the samplers of the
 *   `whn/combat` and `whn/combatRound` experiments against the same plays;
 * - volley: `odds({ kind: "shooting" })` casualties against `shooting/fire` through `apply`;
 * - artillery: the exact round-shot / canister odds (`specOdds`) against `artillery/fire`;
 * - kinds: every dice-only kind of `odds` (Leadership, Break, Panic, rally, pursuit, FnF maneuver,
 *   fire and melee) against its own sampler `oddsSampler` (those rolls are held against `apply` inside
 *   the combat grid: Break tests and pursuit decide every combat there).
 *
 * The test: each distribution check is a chi-square test, goodness of fit (exact against observed)
 * or homogeneity (a sampler against `apply`), bins pooled in outcome order until each expects ≥ 5;
 * an outcome the exact odds call impossible that happens fails at once. The level of each test is
 * α / (number of tests) (Bonferroni), so the chance that a correct engine fails the whole run
 * (false alarm) is at most α = 0.001.
 */
import { apply } from "../src/engine/apply.js";
import { reseed } from "../src/engine/create.js";
import { roller, seedDice } from "../src/dice/index.js";
import type { BattleState } from "../src/state/battle.js";
import type { UnitId } from "../src/state/ids.js";
import { normalQuantile } from "../src/analysis/stats.js";
import { combatInput, CombatParams, combatState } from "../src/analysis/experiments/whn.js";
import { combatExperiment, combatRoundExperiment } from "../src/analysis/experiments/whn.js";
import { twoUnitTable, UnitParamsSchema, type UnitParams } from "../src/analysis/experiments/table.js";
import { combatToDecision, DECISION_LABELS } from "../src/analysis/combatChain.js";
import { odds, oddsSampler, type OddsQuestion } from "../src/analysis/odds.js";
import { chainGap, combatGrid, playToDecision, type CombatCell } from "../src/trust/fastPaths.js";
import { gunFireSituation, gunFireSpec, specOdds } from "../src/rules/whn/artillery/index.js";
import { battle, gun, line } from "../test/fixtures/artillery.js";

/** Family-wise false-alarm rate of a whole run. */
export const FAMILY_ALPHA = 0.001;

/** Upper-tail chi-square critical value (Wilson–Hilferty; from the normal quantile for 1 degree). */
export function chiSquareCritical(df: number, alpha: number): number {
  if (df <= 0) return 0;
  if (df === 1) return normalQuantile(1 - alpha / 2) ** 2;
  const h = 2 / (9 * df);
  return df * (1 - h + normalQuantile(1 - alpha) * Math.sqrt(h)) ** 3;
}

/** One distribution check: the statistic against its critical value, and the largest deviation in standard errors. */
export interface Check {
  readonly name: string;
  readonly stat: number;
  readonly df: number;
  readonly critical: number;
  /** Largest |observed share − expected| over the outcomes, in standard errors of the share. */
  readonly maxZ: number;
  readonly pass: boolean;
  readonly note?: string;
}

type Counts = ReadonlyMap<number, number>;

function tally(xs: Iterable<number>): Map<number, number> {
  const m = new Map<number, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Bins in outcome order, merged until each holds `min` of `weight`. */
function pool(keys: readonly number[], weight: (k: number) => number, min: number): number[][] {
  const bins: number[][] = [];
  let cur: number[] = [];
  let w = 0;
  for (const k of keys) {
    cur.push(k);
    w += weight(k);
    if (w >= min) {
      bins.push(cur);
      cur = [];
      w = 0;
    }
  }
  if (cur.length > 0) {
    if (bins.length === 0) bins.push(cur);
    else bins[bins.length - 1]!.push(...cur);
  }
  return bins;
}

/** Chi-square goodness of fit of `n` observations against exact chances. */
export function fitExact(name: string, exact: ReadonlyMap<number, number>, observed: Counts, n: number, alpha: number): Check {
  for (const [k, c] of observed) {
    if (c > 0 && !((exact.get(k) ?? 0) > 0)) return { name, stat: Infinity, df: 0, critical: 0, maxZ: Infinity, pass: false, note: `outcome ${k} seen ${c}× but impossible by the exact odds` };
  }
  const keys = [...exact.keys()].filter((k) => (exact.get(k) ?? 0) > 0).sort((a, b) => a - b);
  const bins = pool(keys, (k) => n * (exact.get(k) ?? 0), 5);
  let stat = 0;
  let maxZ = 0;
  for (const bin of bins) {
    const p = bin.reduce((s, k) => s + (exact.get(k) ?? 0), 0);
    const o = bin.reduce((s, k) => s + (observed.get(k) ?? 0), 0);
    const e = n * p;
    if (e > 0) stat += ((o - e) * (o - e)) / e;
    const se = Math.sqrt((p * (1 - p)) / n);
    if (se > 0) maxZ = Math.max(maxZ, Math.abs(o / n - p) / se);
  }
  const df = bins.length - 1;
  const critical = chiSquareCritical(df, alpha);
  return { name, stat, df, critical, maxZ, pass: stat <= critical };
}

/** Chi-square homogeneity of two samples (a sampler against `apply`). */
export function sameDistribution(name: string, a: Counts, na: number, b: Counts, nb: number, alpha: number): Check {
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
  const bins = pool(keys, (k) => ((a.get(k) ?? 0) + (b.get(k) ?? 0)) * Math.min(na, nb) / (na + nb), 5);
  let stat = 0;
  let maxZ = 0;
  for (const bin of bins) {
    const oa = bin.reduce((s, k) => s + (a.get(k) ?? 0), 0);
    const ob = bin.reduce((s, k) => s + (b.get(k) ?? 0), 0);
    const p = (oa + ob) / (na + nb);
    const ea = na * p;
    const eb = nb * p;
    if (ea > 0) stat += ((oa - ea) * (oa - ea)) / ea + ((ob - eb) * (ob - eb)) / eb;
    const se = Math.sqrt(p * (1 - p) * (1 / na + 1 / nb));
    if (se > 0) maxZ = Math.max(maxZ, Math.abs(oa / na - ob / nb) / se);
  }
  const df = bins.length - 1;
  const critical = chiSquareCritical(df, alpha);
  return { name, stat, df, critical, maxZ, pass: stat <= critical };
}

/** An exact identity (two computations of the same odds): largest absolute difference within `tol`. */
function identity(name: string, gap: number, tol: number): Check {
  return { name, stat: gap, df: 0, critical: tol, maxZ: 0, pass: gap <= tol, note: `|Δ| ${gap.toExponential(1)}` };
}

function distMap(d: { entries(): Iterable<readonly [number, number]> }): Map<number, number> {
  return new Map([...d.entries()].map(([k, p]) => [k, p] as [number, number]));
}

/** Checks of one combat grid cell; `alpha` is each distribution test's level. */
export function combatCellChecks(cell: CombatCell, seeds: number, firstSeed: number, alpha: number): Check[] {
  const p = CombatParams.parse(cell);
  const d = combatInput(p);
  const chain = combatToDecision(d).dist;
  const viaOdds = odds({ kind: "combatToDecision", input: d }).dist;
  const round = odds({ kind: "combatRound", input: d.round }).dist;
  const start = combatState(p);
  const results: number[] = [];
  const margins: number[] = [];
  for (let s = 0; s < seeds; s++) {
    const out = playToDecision(start, firstSeed + s, p.maxRounds);
    results.push(out.result);
    margins.push(out.firstMargin);
  }
  const dice = roller(seedDice(firstSeed + 7_777_777));
  const sampled: number[] = [];
  const sampledMargins: number[] = [];
  for (let s = 0; s < seeds; s++) {
    sampled.push(DECISION_LABELS.indexOf(String(combatExperiment.run(dice, d)["result"])));
    sampledMargins.push(Number(combatRoundExperiment.run(dice, d)["margin"]));
  }
  const played = tally(results);
  const playedMargins = tally(margins);
  return [
    identity("chain = state-based chain (1e-9)", chainGap(cell), 1e-9),
    identity("odds(combatToDecision) = chain", Math.max(...DECISION_LABELS.map((_, i) => Math.abs(viaOdds.pEqual(i) - chain.pEqual(i)))), 1e-12),
    fitExact("exact chain v apply", distMap(chain), played, seeds, alpha),
    fitExact("exact round margin v apply's first round", distMap(round), playedMargins, seeds, alpha),
    sameDistribution("whn/combat sampler v apply", tally(sampled), seeds, played, seeds, alpha),
    sameDistribution("whn/combatRound sampler v apply's first round", tally(sampledMargins), seeds, playedMargins, seeds, alpha),
  ];
}

/** One volley situation of the grid. */
export interface VolleyCell {
  readonly firer: UnitParams;
  readonly target: UnitParams;
  readonly range: number;
  readonly options: Record<string, unknown>;
}

/** The volley grid: firer and target formations, ranges, the volley house rule. */
export function volleyGrid(): VolleyCell[] {
  const firers: UnitParams[] = [
    UnitParamsSchema.parse({ figures: 24, files: 12, formation: "LINE" }),
    UnitParamsSchema.parse({ figures: 24, files: 4, formation: "ATTACK_COLUMN" }),
  ];
  const targets: UnitParams[] = [
    UnitParamsSchema.parse({ figures: 24, files: 4, formation: "ATTACK_COLUMN" }),
    UnitParamsSchema.parse({ figures: 24, files: 12, formation: "LINE" }),
    UnitParamsSchema.parse({ figures: 24, files: 6, formation: "SQUARE" }),
  ];
  const out: VolleyCell[] = [];
  for (const firer of firers) for (const target of targets) for (const range of [4, 10, 18]) out.push({ firer, target, range, options: {} });
  return out;
}

/** The state of a volley cell, in side a's shooting phase. */
function volleyState(c: VolleyCell): BattleState {
  const s = twoUnitTable(c.firer, c.target, c.range, c.options as never);
  return { ...s, turn: { ...s.turn, phase: "shooting", step: null } } as BattleState;
}

/** The exact casualties of a volley against `shooting/fire` through `apply`. */
export function volleyCellCheck(c: VolleyCell, seeds: number, firstSeed: number, alpha: number): Check {
  const s = volleyState(c);
  const request = { shooter: "a" as UnitId, target: "b" as UnitId };
  const exact = odds({ kind: "shooting", state: s, request }).dist;
  const before = s.units["b" as UnitId]!.figures;
  const lost: number[] = [];
  for (let k = 0; k < seeds; k++) {
    const r = apply(reseed(s, firstSeed + k), { type: "shooting/fire", shooter: "a", target: "b" });
    if (!r.ok) throw new Error(`volley: ${JSON.stringify(r.violation)}`);
    lost.push(before - r.state.units["b" as UnitId]!.figures);
  }
  return fitExact(`volley casualties v apply (${c.firer.formation} at ${c.target.formation}, ${c.range}")`, distMap(exact), tally(lost), seeds, alpha);
}

/** Artillery situations: a gun with shot at a line with another behind it, and with canister close in. */
export function artilleryGrid(): Array<{ readonly name: string; readonly ammunition: "shot" | "canister"; readonly near: number; readonly far: number }> {
  return [
    { name: "round shot, 2 lines", ammunition: "shot", near: 20, far: 28 },
    { name: "round shot, far line", ammunition: "shot", near: 34, far: 42 },
    { name: "canister, close line", ammunition: "canister", near: 9, far: 30 },
  ];
}

/** The exact gun-fire casualties per unit against `artillery/fire` through `apply`. */
export function artilleryCellChecks(cell: ReturnType<typeof artilleryGrid>[number], seeds: number, firstSeed: number, alpha: number): Check[] {
  const s = battle([gun("fr-art", "fr", { british: true }), line("gb-1", cell.near), line("gb-2", cell.far)]);
  const read = gunFireSituation(s, { unit: "fr-art" as never, target: "gb-1" as never, ammunition: cell.ammunition });
  if (!read.ok) throw new Error(`artillery ${cell.name}: ${JSON.stringify(read.violation)}`);
  const exact = specOdds(gunFireSpec(s, read.situation), 120);
  const lost = new Map<string, number[]>();
  for (let k = 0; k < seeds; k++) {
    const r = apply(reseed(s, firstSeed + k), { type: "artillery/fire", unit: "fr-art", target: "gb-1", ammunition: cell.ammunition });
    if (!r.ok) throw new Error(`artillery ${cell.name}: ${JSON.stringify(r.violation)}`);
    for (const id of ["gb-1", "gb-2"]) lost.set(id, [...(lost.get(id) ?? []), s.units[id as UnitId]!.figures - r.state.units[id as UnitId]!.figures]);
  }
  return exact.units.map((u) => {
    const m = new Map<number, number>();
    for (const [k, p] of u.casualties.entries()) if (p > 0) m.set(k, p);
    // The flight is integrated on a 120-cell grid: the exact masses carry up to ~0.004 of quadrature slack,
    // so they are renormalised and only shares of 5 or more expected seeds are tested.
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    for (const [k, p] of m) m.set(k, p / total);
    return fitExact(`artillery ${cell.name}: ${u.id} casualties v apply`, m, tally(lost.get(u.id) ?? []), seeds, alpha);
  });
}

/** Every dice-only kind of `odds`, over its parameters. */
export function kindQuestions(): OddsQuestion[] {
  const qs: OddsQuestion[] = [];
  for (const ld of [2, 5, 7, 9, 10, 12]) {
    qs.push({ kind: "leadership", ld, modifier: -1 });
    qs.push({ kind: "panic", ld, disordered: ld % 2 === 0 });
    qs.push({ kind: "rally", ld, fleeing: true, models: ld });
    for (const margin of [0, 2, 5]) qs.push({ kind: "breakTest", ld, margin });
  }
  for (const pursuitDice of [2, 3]) for (const fleeDice of [2, 3]) {
    qs.push({ kind: "pursuit", pursuitDice, fleeDice });
    qs.push({ kind: "pursuit", pursuitDice, fleeDice, obstacle: true });
    qs.push({ kind: "pursuit", pursuitDice, fleeDice, obstacleAt: 7 });
  }
  for (const modifier of [-2, 0, 3]) {
    qs.push({ kind: "fnfManeuver", modifier });
    qs.push({ kind: "fnfManeuver", modifier, disordered: true });
    qs.push({ kind: "fnfFire", points: 4 + 3 * (modifier + 2), modifier });
    qs.push({ kind: "fnfMelee", attacker: modifier + 2, defender: 1 });
  }
  return qs;
}

/** A dice-only kind's exact odds against its sampler. */
export function kindCheck(q: OddsQuestion, draws: number, seed: number, alpha: number): Check {
  const exact = odds(q).dist;
  const sample = oddsSampler(q);
  const dice = roller(seedDice(seed));
  const xs: number[] = [];
  for (let i = 0; i < draws; i++) xs.push(sample(dice));
  return fitExact(`odds(${JSON.stringify(q)}) v oddsSampler`, distMap(exact), tally(xs), draws, alpha);
}

/** Runs the mode with the command line's options; returns the exit code. */
export function runFastPaths(arg: (name: string, fallback: number) => number, text: (name: string, fallback: string) => string): number {
  const seeds = arg("seeds", 1000);
  const only = new Set(text("only", "combat,volley,artillery,kinds").split(","));
  const all = combatGrid();
  const from = arg("from", 1);
  const grid = only.has("combat") ? all.slice(from - 1, arg("to", all.length)) : [];
  const volleys = only.has("volley") ? volleyGrid() : [];
  const guns = only.has("artillery") ? artilleryGrid() : [];
  const kinds = only.has("kinds") ? kindQuestions() : [];
  // Distribution tests in the whole grid (4 per combat cell, 1 per volley, 2 per gun situation, 1 per
  // kind), whatever slice this run takes: runs of slices (`--from/--to`, `--only`) share one family.
  const tests = 4 * all.length + volleyGrid().length + 2 * artilleryGrid().length + kindQuestions().length;
  const alpha = FAMILY_ALPHA / Math.max(1, tests);
  console.log(`fast paths: ${grid.length} combat cells, ${volleys.length} volleys, ${guns.length} gun situations, ${kinds.length} dice kinds; ${seeds} seeds a cell; chi-square at ${alpha.toExponential(2)} each (family-wise false alarm ≤ ${FAMILY_ALPHA})`);
  const t0 = performance.now();
  let bad = 0;
  let checks = 0;
  let worst = { z: 0, name: "" };
  let maxGap = 0;
  const report = (label: string, cs: readonly Check[]): void => {
    checks += cs.length;
    for (const c of cs) {
      if (!c.pass) bad++;
      if (c.df > 0 && c.maxZ > worst.z) worst = { z: c.maxZ, name: `${label}: ${c.name}` };
      if (c.name.startsWith("chain = state")) maxGap = Math.max(maxGap, c.stat);
    }
    const failed = cs.filter((c) => !c.pass);
    const z = Math.max(0, ...cs.filter((c) => c.df > 0).map((c) => c.maxZ));
    console.log(`${failed.length === 0 ? "✓" : "✗"} ${label}  (max ${z.toFixed(2)} SE)${failed.map((c) => `\n    ✗ ${c.name}: χ² ${c.stat.toFixed(2)} > ${c.critical.toFixed(2)} (df ${c.df}) ${c.note ?? ""}`).join("")}`);
  };
  grid.forEach((cell, i) => report(`combat ${from + i}/${all.length} ${JSON.stringify(cell)}`, combatCellChecks(cell, seeds, 1 + (from - 1 + i) * seeds, alpha)));
  volleys.forEach((v, i) => report(`volley ${i + 1}/${volleys.length}`, [volleyCellCheck(v, 2 * seeds, 1 + i * 2 * seeds, alpha)]));
  guns.forEach((g, i) => report(`artillery ${i + 1}/${guns.length} ${g.name}`, artilleryCellChecks(g, 2 * seeds, 1 + i * 2 * seeds, alpha)));
  kinds.forEach((q, i) => report(`kind ${i + 1}/${kinds.length} ${q.kind}`, [kindCheck(q, 20 * seeds, 1 + i, alpha)]));
  const secs = (performance.now() - t0) / 1000;
  console.log(`fast paths: ${checks} checks (${tests} distribution tests), ${bad} failed; worst deviation ${worst.z.toFixed(2)} SE (${worst.name}); exact v state-based chain max |Δ| ${maxGap.toExponential(2)}; ${secs.toFixed(0)} s`);
  return bad === 0 ? 0 : 1;
}
