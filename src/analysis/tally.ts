/**
 * Mergeable Monte Carlo tallies. A tally is plain JSON data holding only integers (counts, sums,
 * sums of squares, histograms), so merging is exact, associative and commutative: any split of the
 * same samples merges to the same tally, bit for bit, whatever the order.
 */
import { FusilladeError } from "../engine/violation.js";

/** One sampled resolution: named integer metrics, booleans (proportions) and categories. */
export type OutcomeRecord = Readonly<Record<string, number | boolean | string>>;

/** Tally of an integer metric. */
export interface NumberTally {
  readonly kind: "number";
  readonly n: number;
  readonly sum: number;
  readonly sumSq: number;
  /** Count per value (keys are integers written in decimal). */
  readonly hist: Readonly<Record<string, number>>;
}

/** Tally of a yes/no metric. */
export interface BooleanTally {
  readonly kind: "boolean";
  readonly n: number;
  /** How many were true. */
  readonly k: number;
}

/** Tally of a categorical metric. */
export interface CategoryTally {
  readonly kind: "category";
  readonly n: number;
  readonly counts: Readonly<Record<string, number>>;
}

/** The tally of one metric. */
export type MetricTally = NumberTally | BooleanTally | CategoryTally;

/** The tally of many samples: how many, and one entry per metric. */
export interface Tally {
  readonly n: number;
  readonly metrics: Readonly<Record<string, MetricTally>>;
}

/** The tally of no samples. */
export const EMPTY_TALLY: Tally = Object.freeze({ n: 0, metrics: Object.freeze({}) });

function checkedAdd(a: number, b: number, what: string): number {
  const s = a + b;
  if (!Number.isSafeInteger(s)) throw new FusilladeError("engine/misuse", `tally: ${what} overflowed 2^53; split the study into smaller runs`);
  return s;
}

type MutableMetric =
  | { kind: "number"; n: number; sum: number; sumSq: number; hist: Map<number, number> }
  | { kind: "boolean"; n: number; k: number }
  | { kind: "category"; n: number; counts: Map<string, number> };

/**
 * Accumulates outcome records into a {@link Tally} without allocating per sample beyond the maps.
 * @example
 * const b = new TallyBuilder();
 * b.add({ casualties: 3, panicked: false });
 * b.tally().metrics["casualties"]; // { kind: "number", n: 1, sum: 3, sumSq: 9, hist: { "3": 1 } }
 */
export class TallyBuilder {
  private n = 0;
  private readonly metrics = new Map<string, MutableMetric>();

  /** Adds one sample. Numbers must be safe integers (dice counts); a metric keeps its first kind. */
  add(record: OutcomeRecord): void {
    this.n++;
    for (const key in record) {
      const v = record[key] as number | boolean | string;
      let m = this.metrics.get(key);
      if (typeof v === "number") {
        if (!Number.isSafeInteger(v)) throw new FusilladeError("engine/misuse", `TallyBuilder.add: metric "${key}" must be a safe integer, got ${String(v)}`);
        if (m === undefined) this.metrics.set(key, (m = { kind: "number", n: 0, sum: 0, sumSq: 0, hist: new Map() }));
        if (m.kind !== "number") throw kindError(key, m.kind, "number");
        m.n++;
        m.sum += v;
        m.sumSq += v * v;
        m.hist.set(v, (m.hist.get(v) ?? 0) + 1);
      } else if (typeof v === "boolean") {
        if (m === undefined) this.metrics.set(key, (m = { kind: "boolean", n: 0, k: 0 }));
        if (m.kind !== "boolean") throw kindError(key, m.kind, "boolean");
        m.n++;
        if (v) m.k++;
      } else {
        if (m === undefined) this.metrics.set(key, (m = { kind: "category", n: 0, counts: new Map() }));
        if (m.kind !== "category") throw kindError(key, m.kind, "category");
        m.n++;
        m.counts.set(v, (m.counts.get(v) ?? 0) + 1);
      }
    }
  }

  /** The tally so far, as canonical plain data (keys sorted). */
  tally(): Tally {
    const metrics: Record<string, MetricTally> = {};
    for (const key of [...this.metrics.keys()].sort()) {
      const m = this.metrics.get(key) as MutableMetric;
      if (!Number.isSafeInteger(m.n) || (m.kind === "number" && !(Number.isSafeInteger(m.sum) && Number.isSafeInteger(m.sumSq)))) {
        throw new FusilladeError("engine/misuse", `tally: metric "${key}" overflowed 2^53; split the study into smaller runs`);
      }
      if (m.kind === "number") metrics[key] = { kind: "number", n: m.n, sum: m.sum, sumSq: m.sumSq, hist: sortedNumberRecord(m.hist) };
      else if (m.kind === "boolean") metrics[key] = { kind: "boolean", n: m.n, k: m.k };
      else metrics[key] = { kind: "category", n: m.n, counts: sortedRecord(m.counts) };
    }
    return { n: this.n, metrics };
  }
}

function kindError(key: string, had: string, got: string): FusilladeError {
  return new FusilladeError("engine/misuse", `TallyBuilder.add: metric "${key}" was a ${had} and is now a ${got}`);
}

function sortedNumberRecord(m: ReadonlyMap<number, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of [...m.keys()].sort((a, b) => a - b)) out[String(k)] = m.get(k) as number;
  return out;
}

function sortedRecord(m: ReadonlyMap<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of [...m.keys()].sort()) out[k] = m.get(k) as number;
  return out;
}

function mergeCounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>, numeric: boolean): Record<string, number> {
  const m = new Map<string, number>();
  for (const [k, v] of Object.entries(a)) m.set(k, v);
  for (const [k, v] of Object.entries(b)) m.set(k, checkedAdd(m.get(k) ?? 0, v, "a count"));
  if (!numeric) return sortedRecord(m);
  const byNumber = new Map<number, number>();
  for (const [k, v] of m) byNumber.set(Number(k), v);
  return sortedNumberRecord(byNumber);
}

function mergeMetric(key: string, a: MetricTally, b: MetricTally): MetricTally {
  if (a.kind !== b.kind) throw new FusilladeError("engine/misuse", `mergeTallies: metric "${key}" is a ${a.kind} in one tally and a ${b.kind} in the other`);
  const n = checkedAdd(a.n, b.n, "n");
  if (a.kind === "number" && b.kind === "number") {
    return { kind: "number", n, sum: checkedAdd(a.sum, b.sum, "a sum"), sumSq: checkedAdd(a.sumSq, b.sumSq, "a sum of squares"), hist: mergeCounts(a.hist, b.hist, true) };
  }
  if (a.kind === "boolean" && b.kind === "boolean") return { kind: "boolean", n, k: checkedAdd(a.k, b.k, "a count") };
  if (a.kind === "category" && b.kind === "category") return { kind: "category", n, counts: mergeCounts(a.counts, b.counts, false) };
  throw new FusilladeError("engine/internal", "mergeTallies: unreachable");
}

/**
 * Merges two tallies exactly (integer sums): `merge(a, b)` equals `merge(b, a)` and any grouping.
 * @example
 * mergeTallies(left.tally(), right.tally()).n // left.n + right.n
 */
export function mergeTallies(a: Tally, b: Tally): Tally {
  if (a.n === 0) return b;
  if (b.n === 0) return a;
  const metrics: Record<string, MetricTally> = {};
  for (const key of [...new Set([...Object.keys(a.metrics), ...Object.keys(b.metrics)])].sort()) {
    const x = a.metrics[key];
    const y = b.metrics[key];
    metrics[key] = x === undefined ? (y as MetricTally) : y === undefined ? x : mergeMetric(key, x, y);
  }
  return { n: checkedAdd(a.n, b.n, "n"), metrics };
}

/** Merges any number of tallies (in any order: the result is the same). */
export function mergeAll(tallies: readonly Tally[]): Tally {
  return tallies.reduce(mergeTallies, EMPTY_TALLY);
}

/** The value at cumulative proportion `q` of an integer histogram (the smallest x with F(x) ≥ q). */
export function histogramQuantile(hist: Readonly<Record<string, number>>, q: number): number {
  const entries = Object.entries(hist).map(([k, v]) => [Number(k), v] as const).sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, v]) => s + v, 0);
  let cum = 0;
  for (const [x, c] of entries) {
    cum += c;
    if (cum >= q * total) return x;
  }
  return entries.length === 0 ? Number.NaN : (entries[entries.length - 1] as readonly [number, number])[0];
}
