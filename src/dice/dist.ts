/**
 * Exact discrete distributions over numeric outcomes. Every odds function is built
 * from these: a resolution that can be sampled with `Dice` also has an exact
 * distribution, and tests hold the two against each other.
 *
 * Probabilities are plain doubles, so "exact" means exact up to rounding (well
 * within 1e-12 for anything the rules build). Equal outcomes are merged (compared
 * with `===`, so -0 and 0 are one outcome) and zero-probability outcomes dropped.
 */

import {
  DENSE_SPAN_LIMIT,
  QUANTILE_SLACK,
  SUM_TOLERANCE,
  addMass,
  binomialMasses,
  checkCount,
  MAX_DICE,
  checkOutcome,
  checkProbability,
} from "./dist-support.js";
import { badArg, fnArg, kindOf } from "../engine/args.js";
import { FusilladeError } from "../engine/violation.js";

/** The key only this module holds: `new Dist(...)` from outside is refused. */
const INTERNAL: unique symbol = Symbol("Dist");

function misuse(message: string): FusilladeError {
  return new FusilladeError("engine/misuse", message);
}

/** Whether `v` is a {@link Dist}; false for a Proxy whose getPrototypeOf trap throws. */
function isDist(v: unknown): v is Dist {
  try {
    return v instanceof Dist;
  } catch {
    return false;
  }
}

/** Refuses an argument that is not a {@link Dist}. */
function distArg(api: string, v: unknown): void {
  if (!isDist(v)) throw badArg(api, "other", "a Dist", v);
}

/** An iterable's iterator, or a typed refusal (a Proxy or a throwing getter included). */
function iterableArg<T>(api: string, v: Iterable<T>): Iterable<T> {
  let it: unknown;
  try {
    it = v !== null && v !== undefined ? (v as { [Symbol.iterator]?: unknown })[Symbol.iterator] : undefined;
  } catch (e) {
    throw badArg(api, "entries", "an iterable of [outcome, probability] pairs", v, e);
  }
  if (typeof it !== "function") throw badArg(api, "entries", "an iterable of [outcome, probability] pairs", v);
  return v;
}

/** An immutable discrete probability distribution over finite numbers. */
export class Dist {
  /** Outcomes, strictly ascending. */
  private readonly xs: readonly number[];
  /** Probabilities of `xs`, each > 0. */
  private readonly ps: readonly number[];
  /** True when every outcome is an integer (enables dense convolution). */
  private readonly integral: boolean;

  private constructor(xs: readonly number[], ps: readonly number[], key?: typeof INTERNAL) {
    if (key !== INTERNAL) throw misuse("Dist: build a distribution with its static constructors (Dist.constant, Dist.uniform, Dist.fromEntries, …), not with new");
    this.xs = Object.freeze(xs);
    this.ps = Object.freeze(ps);
    this.integral = xs.every(Number.isInteger);
  }

  /** Internal: wraps already sorted, merged, positive arrays. */
  private static of(xs: number[], ps: number[]): Dist {
    return new Dist(xs, ps, INTERNAL);
  }

  /** Internal: sorts accumulated mass per outcome, dropping zero-probability outcomes. */
  private static fromMass(mass: Map<number, number>): Dist {
    const xs = Array.from(mass.keys()).filter((x) => (mass.get(x) ?? 0) > 0);
    xs.sort((a, b) => a - b);
    return new Dist(xs, xs.map((x) => mass.get(x) ?? 0), INTERNAL);
  }

  // ---------------------------------------------------------------- constructors

  /** The distribution that is always `x`. */
  static constant(x: number): Dist {
    checkOutcome(x, "Dist.constant");
    return new Dist([x === 0 ? 0 : x], [1], INTERNAL);
  }

  /** Each listed value equally likely (repeated values accumulate weight). */
  static uniform(values: readonly number[]): Dist {
    if (!Array.isArray(values)) throw badArg("Dist.uniform", "values", "an array of finite numbers", values);
    if (values.length === 0) throw misuse("Dist.uniform: needs at least one value");
    const mass = new Map<number, number>();
    const p = 1 / values.length;
    for (const x of values) {
      checkOutcome(x, "Dist.uniform");
      addMass(mass, x, p);
    }
    return Dist.fromMass(mass);
  }

  /** One D6: 1..6, each 1/6. */
  static d6(): Dist {
    return D6;
  }

  /** One D3 (a D6 read 1-2→1, 3-4→2, 5-6→3): 1..3, each 1/3. */
  static d3(): Dist {
    return D3;
  }

  /** The sum of `n` D6 (constant 0 for n = 0). */
  static nd6(n: number): Dist {
    checkCount(n, "Dist.nd6", MAX_DICE);
    let cached = ND6_CACHE.get(n);
    if (cached === undefined) {
      cached = D6.sumOf(n);
      if (n <= 64) ND6_CACHE.set(n, cached);
    }
    return cached;
  }

  /**
   * A distribution from `[outcome, probability]` pairs. Probabilities must be ≥ 0
   * and sum to 1 within 1e-9 (they are then renormalised); repeated outcomes merge.
   */
  static fromEntries(entries: Iterable<readonly [number, number]>): Dist {
    const mass = new Map<number, number>();
    let sum = 0;
    for (const entry of iterableArg("Dist.fromEntries", entries)) {
      if (!Array.isArray(entry)) throw badArg("Dist.fromEntries", "each entry", "an [outcome, probability] pair", entry);
      const [x, p] = entry as readonly unknown[] as readonly [number, number];
      checkOutcome(x, "Dist.fromEntries");
      if (typeof p !== "number" || !(p >= 0) || !Number.isFinite(p)) {
        throw misuse(`Dist.fromEntries: probability of ${x} must be a finite number ≥ 0, got ${kindOf(p)}`);
      }
      addMass(mass, x, p);
      sum += p;
    }
    if (!(Math.abs(sum - 1) <= SUM_TOLERANCE)) {
      throw misuse(`Dist.fromEntries: probabilities must sum to 1 (±${SUM_TOLERANCE}), got ${sum}`);
    }
    if (sum !== 1) for (const [x, p] of mass) mass.set(x, p / sum);
    return Dist.fromMass(mass);
  }

  /** 1 with probability `p`, else 0. */
  static bernoulli(p: number): Dist {
    checkProbability(p, "Dist.bernoulli");
    return Dist.fromMass(new Map([[0, 1 - p], [1, p]]));
  }

  /**
   * The number of successes in `n` independent trials of chance `p`: exact and
   * stable for n in the hundreds (ratio recurrence from the mode, see
   * `binomialMasses`); tail terms below the smallest double vanish.
   */
  static binomial(n: number, p: number): Dist {
    checkCount(n, "Dist.binomial");
    checkProbability(p, "Dist.binomial");
    if (n === 0 || p === 0) return Dist.constant(0);
    if (p === 1) return Dist.constant(n);
    const masses = binomialMasses(n, p);
    const xs: number[] = [];
    const ps: number[] = [];
    for (let k = 0; k <= n; k++) {
      const pk = masses[k] as number;
      if (pk > 0) {
        xs.push(k);
        ps.push(pk);
      }
    }
    return Dist.of(xs, ps);
  }

  // ----------------------------------------------------------------- transforms

  /** The distribution of `f(X)`; outcomes mapping to the same value merge. */
  map(f: (x: number) => number): Dist {
    fnArg("Dist.map", "f", f);
    const mass = new Map<number, number>();
    for (let i = 0; i < this.xs.length; i++) {
      const y = f(this.xs[i] as number);
      checkOutcome(y, "Dist.map");
      addMass(mass, y, this.ps[i] as number);
    }
    return Dist.fromMass(mass);
  }

  /** Conditional composition: draw X, then draw from `f(X)` (flatMap). */
  chain(f: (x: number) => Dist): Dist {
    fnArg("Dist.chain", "f", f);
    const mass = new Map<number, number>();
    for (let i = 0; i < this.xs.length; i++) {
      const p = this.ps[i] as number;
      const next = f(this.xs[i] as number);
      if (!isDist(next)) throw misuse("Dist.chain: the callback must return a Dist");
      for (let j = 0; j < next.xs.length; j++) addMass(mass, next.xs[j] as number, p * (next.ps[j] as number));
    }
    return Dist.fromMass(mass);
  }

  /** The distribution of X + Y for independent X (this) and Y (`other`). */
  add(other: Dist): Dist {
    distArg("Dist.add", other);
    if (this.integral && other.integral) {
      const lo = (this.xs[0] as number) + (other.xs[0] as number);
      const span = this.max() - this.min() + other.max() - other.min() + 1;
      if (span <= DENSE_SPAN_LIMIT) return this.addDense(other, lo, span);
    }
    const mass = new Map<number, number>();
    for (let i = 0; i < this.xs.length; i++) {
      const x = this.xs[i] as number;
      const p = this.ps[i] as number;
      for (let j = 0; j < other.xs.length; j++) addMass(mass, x + (other.xs[j] as number), p * (other.ps[j] as number));
    }
    return Dist.fromMass(mass);
  }

  private addDense(other: Dist, lo: number, span: number): Dist {
    const acc = new Float64Array(span);
    for (let i = 0; i < this.xs.length; i++) {
      const base = (this.xs[i] as number) - lo;
      const p = this.ps[i] as number;
      for (let j = 0; j < other.xs.length; j++) {
        const k = base + (other.xs[j] as number);
        acc[k] = (acc[k] as number) + p * (other.ps[j] as number);
      }
    }
    const xs: number[] = [];
    const ps: number[] = [];
    for (let k = 0; k < span; k++) {
      const pk = acc[k] as number;
      if (pk > 0) {
        xs.push(lo + k);
        ps.push(pk);
      }
    }
    return Dist.of(xs, ps);
  }

  /** Alias of {@link Dist.add}: the convolution of two independent distributions. */
  convolve(other: Dist): Dist {
    return this.add(other);
  }

  /** The sum of `n` independent copies (constant 0 for n = 0), by repeated doubling. */
  sumOf(n: number): Dist {
    checkCount(n, "Dist.sumOf", MAX_DICE);
    let result: Dist | undefined;
    let power: Dist = this;
    for (let k = n; k > 0; k = Math.floor(k / 2)) {
      if (k % 2 === 1) result = result === undefined ? power : result.add(power);
      if (k > 1) power = power.add(power);
    }
    return result ?? Dist.constant(0);
  }

  // ------------------------------------------------------------------- queries

  /** Number of outcomes with non-zero probability. */
  get size(): number {
    return this.xs.length;
  }

  /** `[outcome, probability]` pairs, ascending by outcome. */
  entries(): ReadonlyArray<readonly [number, number]> {
    return this.xs.map((x, i) => [x, this.ps[i] as number] as const);
  }

  /** The outcomes with non-zero probability, ascending. */
  support(): readonly number[] {
    return this.xs;
  }

  /** The sum of all probabilities (1 up to rounding). */
  total(): number {
    let sum = 0;
    for (const p of this.ps) sum += p;
    return sum;
  }

  /** The smallest possible outcome. */
  min(): number {
    return this.xs[0] as number;
  }

  /** The largest possible outcome. */
  max(): number {
    return this.xs[this.xs.length - 1] as number;
  }

  /** Index of the first outcome ≥ x (binary search). */
  private lowerBound(x: number): number {
    let lo = 0, hi = this.xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.xs[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first outcome > x. */
  private upperBound(x: number): number {
    let lo = 0, hi = this.xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.xs[mid] as number) <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sum of ps[from..to), summed directly: never 1 − complement, which would lose small tails. */
  private massBetween(from: number, to: number): number {
    let sum = 0;
    for (let i = from; i < to; i++) sum += this.ps[i] as number;
    return sum;
  }

  /** P(X ≤ x). */
  pAtMost(x: number): number {
    return this.massBetween(0, this.upperBound(x));
  }

  /** P(X < x). */
  pLess(x: number): number {
    return this.massBetween(0, this.lowerBound(x));
  }

  /** P(X ≥ x). */
  pAtLeast(x: number): number {
    return this.massBetween(this.lowerBound(x), this.xs.length);
  }

  /** P(X > x). */
  pGreater(x: number): number {
    return this.massBetween(this.upperBound(x), this.xs.length);
  }

  /** P(X = x). */
  pEqual(x: number): number {
    const i = this.lowerBound(x);
    return this.xs[i] === x ? (this.ps[i] as number) : 0;
  }

  /** P(pred(X)): the total probability of the outcomes satisfying `pred`. */
  probabilityOf(pred: (x: number) => boolean): number {
    fnArg("Dist.probabilityOf", "pred", pred);
    let sum = 0;
    for (let i = 0; i < this.xs.length; i++) if (pred(this.xs[i] as number)) sum += this.ps[i] as number;
    return sum;
  }

  /**
   * For X = this and an independent Y = `other`: P(X < Y), P(X = Y), P(X > Y).
   * One merge pass over both sorted supports.
   */
  compare(other: Dist): { readonly less: number; readonly equal: number; readonly greater: number } {
    distArg("Dist.compare", other);
    const ys = other.xs, qs = other.ps;
    const m = ys.length;
    // Suffix sums of Y so that P(Y > x) is a sum of the tail itself, not 1 − head.
    const tail = new Float64Array(m + 1);
    for (let j = m - 1; j >= 0; j--) tail[j] = (tail[j + 1] as number) + (qs[j] as number);
    let less = 0, equal = 0, greater = 0;
    let below = 0; // P(Y < x) so far
    let j = 0;
    for (let i = 0; i < this.xs.length; i++) {
      const x = this.xs[i] as number;
      const p = this.ps[i] as number;
      while (j < m && (ys[j] as number) < x) below += qs[j++] as number;
      const eq = j < m && ys[j] === x ? (qs[j] as number) : 0;
      const above = tail[eq > 0 ? j + 1 : j] as number;
      less += p * above;
      equal += p * eq;
      greater += p * below;
    }
    return { less, equal, greater };
  }

  /** E[X]. */
  mean(): number {
    let sum = 0;
    for (let i = 0; i < this.xs.length; i++) sum += (this.xs[i] as number) * (this.ps[i] as number);
    return sum;
  }

  /** Var[X] = E[(X − E[X])²], computed around the mean for stability. */
  variance(): number {
    const mu = this.mean();
    let sum = 0;
    for (let i = 0; i < this.xs.length; i++) {
      const d = (this.xs[i] as number) - mu;
      sum += d * d * (this.ps[i] as number);
    }
    return sum;
  }

  /** The smallest outcome x with P(X ≤ x) ≥ q (within 1e-12), for q in [0, 1]. */
  quantile(q: number): number {
    checkProbability(q, "Dist.quantile");
    let cum = 0;
    for (let i = 0; i < this.xs.length; i++) {
      cum += this.ps[i] as number;
      if (cum >= q - QUANTILE_SLACK) return this.xs[i] as number;
    }
    return this.max();
  }

  /** `[x, P(X ≥ x)]` for every outcome x, ascending: "what are my chances of at least x?". */
  atLeastCurve(): ReadonlyArray<readonly [number, number]> {
    const n = this.xs.length;
    const out = new Array<readonly [number, number]>(n);
    let tail = 0;
    for (let i = n - 1; i >= 0; i--) {
      tail += this.ps[i] as number;
      out[i] = [this.xs[i] as number, tail] as const;
    }
    return out;
  }
}

const D6 = /* @__PURE__ */ Dist.uniform([1, 2, 3, 4, 5, 6]);
const D3 = /* @__PURE__ */ Dist.uniform([1, 2, 3]);
const ND6_CACHE = new Map<number, Dist>();
