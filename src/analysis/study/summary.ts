/**
 * Summaries of metric tallies: means with t intervals, proportions with Wilson intervals, shares of
 * each category, and the histogram quantiles. Pure functions of the integer tallies, so the same
 * tally always prints the same digits.
 */
import { meanInterval, wilsonInterval } from "../stats.js";
import { histogramQuantile, type MetricTally } from "../tally.js";

/** Summary of a numeric metric. */
export interface NumberSummary {
  readonly kind: "number";
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
  readonly min: number;
  readonly median: number;
  readonly max: number;
  readonly hist: Readonly<Record<string, number>>;
}

/** Summary of a yes/no metric. */
export interface BooleanSummary {
  readonly kind: "boolean";
  readonly n: number;
  readonly k: number;
  readonly p: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
}

/** Summary of a categorical metric: each category's share with its Wilson interval. */
export interface CategorySummary {
  readonly kind: "category";
  readonly n: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly shares: Readonly<Record<string, { readonly p: number; readonly low: number; readonly high: number }>>;
}

/** Summary of one metric. */
export type MetricSummary = NumberSummary | BooleanSummary | CategorySummary;

/** Rounds to 12 significant digits, so printed summaries do not show float noise. */
export function tidy(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(12)) : x;
}

/**
 * Summarises a metric tally at a confidence level.
 * @example
 * summarize({ kind: "boolean", n: 100, k: 30 }, 0.95) // { p: 0.3, low: ≈0.219, high: ≈0.396, … }
 */
export function summarize(m: MetricTally, confidence: number): MetricSummary {
  if (m.kind === "boolean") {
    const w = wilsonInterval(m.k, m.n, confidence);
    return { kind: "boolean", n: m.n, k: m.k, p: tidy(w.estimate), low: tidy(w.low), high: tidy(w.high), halfWidth: tidy(w.halfWidth) };
  }
  if (m.kind === "category") {
    const shares: Record<string, { p: number; low: number; high: number }> = {};
    for (const [c, k] of Object.entries(m.counts)) {
      const w = wilsonInterval(k, m.n, confidence);
      shares[c] = { p: tidy(w.estimate), low: tidy(w.low), high: tidy(w.high) };
    }
    return { kind: "category", n: m.n, counts: m.counts, shares };
  }
  const i = meanInterval(m.n, m.sum, m.sumSq, confidence);
  const keys = Object.keys(m.hist).map(Number);
  return {
    kind: "number",
    n: m.n,
    mean: tidy(i.estimate),
    sd: tidy(i.sd),
    low: tidy(i.low),
    high: tidy(i.high),
    halfWidth: tidy(i.halfWidth),
    min: keys.length === 0 ? Number.NaN : Math.min(...keys),
    median: histogramQuantile(m.hist, 0.5),
    max: keys.length === 0 ? Number.NaN : Math.max(...keys),
    hist: m.hist,
  };
}

/** The half-width of a metric's interval (the widest category's, for a categorical metric). */
export function metricHalfWidth(m: MetricTally, confidence: number): number {
  if (m.kind === "boolean") return wilsonInterval(m.k, m.n, confidence).halfWidth;
  if (m.kind === "number") return meanInterval(m.n, m.sum, m.sumSq, confidence).halfWidth;
  let worst = 0;
  for (const k of Object.values(m.counts)) worst = Math.max(worst, wilsonInterval(k, m.n, confidence).halfWidth);
  return worst;
}
