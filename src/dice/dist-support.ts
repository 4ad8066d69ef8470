/** Validation, constants and numeric kernels behind {@link Dist}. */
import { FusilladeError } from "../engine/violation.js";

/** Tolerance `Dist.fromEntries` allows on the sum of its probabilities before renormalising. */
export const SUM_TOLERANCE = 1e-9;

/** Cumulative probabilities this close to a quantile level count as reaching it. */
export const QUANTILE_SLACK = 1e-12;

/** Largest span of an integer support convolved through a dense array rather than a Map. */
export const DENSE_SPAN_LIMIT = 1 << 20;

/** Throws unless `x` is a finite number (outcomes are finite). */
export function checkOutcome(x: number, api: string): void {
  if (typeof x !== "number" || !Number.isFinite(x)) {
    throw new FusilladeError("engine/misuse", `${api}: outcomes must be finite numbers, got ${shown(x)}`);
  }
}

/** Throws unless `p` is a number in [0, 1]. */
export function checkProbability(p: number, api: string): void {
  if (typeof p !== "number" || !(p >= 0 && p <= 1)) {
    throw new FusilladeError("engine/misuse", `${api}: a probability must be in [0, 1], got ${shown(p)}`);
  }
}

/** Most trials of a binomial (its work is linear in them; a volley of the largest unit is far fewer). */
export const MAX_COUNT = 100_000;

/** Most dice summed by `Dist.nd6` / `Dist.sumOf` (their work grows with the square; the rules roll a handful). */
export const MAX_DICE = 1000;

/** A value for an error message, without printing a huge array or running a Proxy's traps. */
export function shown(x: unknown): string {
  if (typeof x === "number" || typeof x === "boolean" || x === null || x === undefined) return String(x);
  if (typeof x === "string") return x.length > 40 ? `a string of ${x.length} characters` : JSON.stringify(x);
  return typeof x;
}

/** Throws unless `n` is an integer in [0, max]. */
export function checkCount(n: number, api: string, max: number = MAX_COUNT): void {
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new FusilladeError("engine/misuse", `${api}: n must be an integer in [0, ${max}], got ${shown(n)}`);
  }
}

/** Adds probability `p` to outcome `x` in an accumulator. */
export function addMass(mass: Map<number, number>, x: number, p: number): void {
  const key = x === 0 ? 0 : x; // fold -0 into 0
  mass.set(key, (mass.get(key) ?? 0) + p);
}

/**
 * Binomial probabilities P(X = k), k = 0..n, for 0 < p < 1 and n ≥ 1. Built by the
 * ratio recurrence P(k+1)/P(k) = (n−k)/(k+1) · p/(1−p), walking outwards from the
 * mode (scaled to 1) and normalising at the end: nothing overflows, and the
 * relative error stays near n·ε even for n in the hundreds. Terms below the
 * smallest double come out as 0.
 */
export function binomialMasses(n: number, p: number): Float64Array {
  const odds = p / (1 - p);
  const w = new Float64Array(n + 1);
  const mode = Math.min(n, Math.floor((n + 1) * p));
  w[mode] = 1;
  for (let k = mode; k < n; k++) w[k + 1] = (w[k] as number) * ((n - k) / (k + 1)) * odds;
  for (let k = mode; k > 0; k--) w[k - 1] = ((w[k] as number) * (k / (n - k + 1))) / odds;
  let sum = 0;
  for (let k = 0; k <= n; k++) sum += w[k] as number;
  for (let k = 0; k <= n; k++) w[k] = (w[k] as number) / sum;
  return w;
}
