/**
 * The result document of a study: provenance, one entry per cell (its coordinates, complete params
 * with the rules options, metric summaries and exact values where the experiment has them), and
 * flat rows for tables and CSV. A pure function of the plan, the merged tallies and the injected
 * engine identity and run facts (the core reads no clock).
 */
import type { Tally } from "../tally.js";
import type { Plan } from "./plan.js";
import { metricKey, preparedFor } from "./plan.js";
import type { RunOutcome, StopReason } from "./schedule.js";
import type { Study } from "./schema.js";
import { summarize, tidy, type MetricSummary } from "./summary.js";

/** Who ran the study: injected by the adapter (the CLI reads package.json). */
export interface EngineInfo {
  readonly name: string;
  readonly version: string;
}

/** Facts about one run that differ between runs (left out with `--no-timing`). */
export interface RunInfo {
  readonly wallTimeMs: number;
  readonly workers: number;
  readonly shards?: number;
}

/** Exact value of a metric where the experiment can compute it. */
export interface ExactValue {
  readonly mean: number;
  /** `[outcome, probability]` pairs, for distributions of at most 200 outcomes. */
  readonly dist?: ReadonlyArray<readonly [number, number]>;
}

/** One cell of a study result. */
export interface CellResult {
  readonly index: number;
  readonly coords: Readonly<Record<string, unknown>>;
  readonly n: number;
  readonly stoppedBy: StopReason;
  /** Complete params per variant, rules options included. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly metrics: Readonly<Record<string, MetricSummary>>;
  readonly exact: Readonly<Record<string, ExactValue>>;
}

/** The result of a study, written as JSON. */
export interface StudyResult {
  readonly format: "fusillade/study-result@1";
  readonly name: string;
  readonly title: string | null;
  readonly provenance: {
    readonly engine: EngineInfo;
    readonly experiment: string;
    readonly seed: number | string;
    readonly confidence: number;
    readonly chunk: number;
    readonly n: number | null;
    readonly stop: Study["stop"] | null;
    readonly streams: string;
    readonly study: Study;
  };
  /** False when the run was interrupted: the cells hold what was done. */
  readonly complete: boolean;
  readonly cells: readonly CellResult[];
  readonly run?: RunInfo;
}

/** One printable row: a cell, a metric (or a category of one), its estimate and interval. */
export interface StudyRow {
  readonly cell: number;
  readonly coords: Readonly<Record<string, unknown>>;
  readonly metric: string;
  readonly n: number;
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly exact: number | null;
}

/** How sample streams are derived, stated in every result. */
export const STREAMS_NOTE = "sample i of every cell and variant rolls forkDice(seedDice(seed), i)";

function exactValues(plan: Plan, cell: number): Record<string, ExactValue> {
  const out: Record<string, ExactValue> = {};
  const exact = plan.experiment.exact;
  if (exact === undefined || !plan.study.exact) return out;
  for (const v of plan.variants) {
    const dists = exact(preparedFor(plan, cell, v));
    for (const k of Object.keys(dists).sort()) {
      const d = dists[k];
      if (d === undefined) continue;
      out[metricKey(plan, v, k)] = d.size <= 200 ? { mean: tidy(d.mean()), dist: d.entries().map(([x, p]) => [x, tidy(p)] as const) } : { mean: tidy(d.mean()) };
    }
  }
  // Paired differences: the exact mean of B − A is the difference of the exact means.
  const first = plan.variants[0] as string;
  for (const v of plan.variants.slice(1)) {
    for (const key of Object.keys(out)) {
      if (!key.startsWith(`${first}:`)) continue;
      const k = key.slice(first.length + 1);
      const b = out[`${v}:${k}`];
      const a = out[key];
      if (a !== undefined && b !== undefined) out[`${v}-${first}:${k}`] = { mean: tidy(b.mean - a.mean) };
    }
  }
  return sortedRecord(out);
}

function summaries(t: Tally, confidence: number): Record<string, MetricSummary> {
  const out: Record<string, MetricSummary> = {};
  for (const k of Object.keys(t.metrics).sort()) out[k] = summarize(t.metrics[k] as Tally["metrics"][string], confidence);
  return out;
}

/**
 * Builds the result document.
 * @example
 * const doc = studyResult(plan, outcome, { name: "fusillade", version: "0.1.0" });
 * JSON.stringify(doc, null, 2);
 */
export function studyResult(plan: Plan, outcome: RunOutcome, engine: EngineInfo, run?: RunInfo): StudyResult {
  const s = plan.study;
  const doc: StudyResult = {
    format: "fusillade/study-result@1",
    name: s.name,
    title: s.title ?? null,
    provenance: { engine, experiment: s.experiment, seed: s.seed, confidence: s.confidence, chunk: s.chunk, n: s.n ?? null, stop: s.stop ?? null, streams: STREAMS_NOTE, study: s },
    complete: !outcome.interrupted,
    cells: plan.cells.map((c, i) => {
      const r = outcome.cells[i];
      const tally = r?.tally ?? { n: 0, metrics: {} };
      return {
        index: c.index,
        coords: c.coords,
        n: tally.n,
        stoppedBy: r?.reason ?? "interrupted",
        params: c.params,
        metrics: summaries(tally, s.confidence),
        exact: exactValues(plan, i),
      };
    }),
  };
  return run === undefined ? doc : { ...doc, run };
}

/**
 * Flattens a result into rows: one per metric (a category gives one row per value, as
 * `result=fled`); numbers report their mean, yes/no metrics their proportion.
 */
export function studyRows(doc: StudyResult): StudyRow[] {
  const rows: StudyRow[] = [];
  for (const c of doc.cells) {
    for (const [key, m] of Object.entries(c.metrics)) {
      const exact = c.exact[key]?.mean ?? null;
      if (m.kind === "number") rows.push({ cell: c.index, coords: c.coords, metric: key, n: m.n, estimate: m.mean, low: m.low, high: m.high, exact });
      else if (m.kind === "boolean") rows.push({ cell: c.index, coords: c.coords, metric: key, n: m.n, estimate: m.p, low: m.low, high: m.high, exact });
      else for (const [cat, s] of Object.entries(m.shares)) rows.push({ cell: c.index, coords: c.coords, metric: `${key}=${cat}`, n: m.n, estimate: s.p, low: s.low, high: s.high, exact: null });
    }
  }
  return rows;
}

function sortedRecord<T>(r: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(r).sort()) out[k] = r[k] as T;
  return out;
}
