/**
 * Interval estimates for Monte Carlo tallies: Wilson score intervals for proportions and Student t
 * (normal for large n) intervals for means. Plain numbers only; deterministic for the same inputs.
 */
import { ln, tanDeg } from "../math/index.js";

/** A two-sided interval with its point estimate. */
export interface Interval {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  /** (high − low) / 2. */
  readonly halfWidth: number;
}

function checkLevel(level: number, api: string): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`${api}: the confidence level must be in (0, 1), got ${String(level)}`);
}

/**
 * The standard normal quantile Φ⁻¹(p) (Acklam's rational approximation: relative error below
 * 1.2e-9 over (0, 1), ample for interval widths).
 * @example
 * normalQuantile(0.975) // 1.959963984540054
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${String(p)}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const at = (xs: number[], i: number): number => xs[i] as number;
  const lo = 0.02425;
  let x: number;
  if (p < lo) {
    const q = Math.sqrt(-2 * ln(p));
    x = (((((at(c, 0) * q + at(c, 1)) * q + at(c, 2)) * q + at(c, 3)) * q + at(c, 4)) * q + at(c, 5)) / ((((at(d, 0) * q + at(d, 1)) * q + at(d, 2)) * q + at(d, 3)) * q + 1);
  } else if (p <= 1 - lo) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((at(a, 0) * r + at(a, 1)) * r + at(a, 2)) * r + at(a, 3)) * r + at(a, 4)) * r + at(a, 5)) * q) / (((((at(b, 0) * r + at(b, 1)) * r + at(b, 2)) * r + at(b, 3)) * r + at(b, 4)) * r + 1);
  } else {
    const q = Math.sqrt(-2 * ln(1 - p));
    x = -(((((at(c, 0) * q + at(c, 1)) * q + at(c, 2)) * q + at(c, 3)) * q + at(c, 4)) * q + at(c, 5)) / ((((at(d, 0) * q + at(d, 1)) * q + at(d, 2)) * q + at(d, 3)) * q + 1);
  }
  return x;
}

/**
 * The Student t quantile for `df` degrees of freedom (Hill's 1970 expansion about the normal
 * quantile; within 1e-4 of tables for df ≥ 3, exact closed forms for df 1 and 2).
 * @example
 * tQuantile(0.975, 10) // ≈ 2.228
 */
export function tQuantile(p: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`tQuantile: df must be positive, got ${String(df)}`);
  if (df === 1) return tanDeg(180 * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  const z = normalQuantile(p);
  if (df > 1e7) return z;
  const z2 = z * z;
  const g1 = (z2 + 1) * z / 4;
  const g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
  const g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
  const g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
  return z + g1 / df + g2 / (df * df) + g3 / (df * df * df) + g4 / (df * df * df * df);
}

/**
 * The Wilson score interval for a proportion of `k` successes in `n` trials.
 * @example
 * wilsonInterval(50, 100, 0.95) // { estimate: 0.5, low: ≈0.404, high: ≈0.596, … }
 */
export function wilsonInterval(k: number, n: number, level = 0.95): Interval {
  checkLevel(level, "wilsonInterval");
  if (n <= 0) return { estimate: Number.NaN, low: 0, high: 1, halfWidth: 0.5 };
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = k / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  const low = k <= 0 ? 0 : Math.max(0, centre - half);
  const high = k >= n ? 1 : Math.min(1, centre + half);
  return { estimate: p, low, high, halfWidth: (high - low) / 2 };
}

/**
 * A t interval for a mean from the count, sum and sum of squares of a sample.
 * @example
 * meanInterval(100, 250, 900, 0.95).estimate // 2.5
 */
export function meanInterval(n: number, sum: number, sumSq: number, level = 0.95): Interval & { readonly sd: number } {
  checkLevel(level, "meanInterval");
  if (n <= 0) return { estimate: Number.NaN, low: Number.NaN, high: Number.NaN, halfWidth: Number.POSITIVE_INFINITY, sd: Number.NaN };
  const mean = sum / n;
  if (n === 1) return { estimate: mean, low: Number.NEGATIVE_INFINITY, high: Number.POSITIVE_INFINITY, halfWidth: Number.POSITIVE_INFINITY, sd: Number.NaN };
  const variance = Math.max(0, sampleVariance(n, sum, sumSq));
  const sd = Math.sqrt(variance);
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * (sd / Math.sqrt(n));
  return { estimate: mean, low: mean - half, high: mean + half, halfWidth: half, sd };
}

/**
 * The sample variance (n − 1 denominator) from a count, sum and sum of squares. Integer inputs
 * (the tallies') are combined exactly with BigInt before the one division, so nothing cancels.
 */
export function sampleVariance(n: number, sum: number, sumSq: number): number {
  if (n < 2) return Number.NaN;
  if (Number.isSafeInteger(sum) && Number.isSafeInteger(sumSq)) {
    const num = BigInt(n) * BigInt(sumSq) - BigInt(sum) * BigInt(sum);
    return Number(num) / (n * (n - 1));
  }
  return (sumSq - (sum * sum) / n) / (n - 1);
}
