import { FusilladeError } from "../../src/engine/violation.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Dist, roller, seedDice } from "../../src/dice/index.js";
import { fcParams } from "./fc-params.js";

const EXACT = 1e-12;

/** A random small distribution over integers −10..30 (normalised weights). */
const distArb = fc
  .array(fc.tuple(fc.integer({ min: -10, max: 30 }), fc.integer({ min: 1, max: 1000 })), { minLength: 1, maxLength: 8 })
  .map((pairs) => {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    return Dist.fromEntries(pairs.map(([x, w]) => [x, w / total] as const));
  });

/** Brute-force P(pred) over the entries. */
function brute(d: Dist, pred: (x: number) => boolean): number {
  return d.entries().reduce((s, [x, p]) => (pred(x) ? s + p : s), 0);
}

/** Same probabilities on the union of supports (outcomes of negligible mass may underflow on one side only). */
function expectSameDist(actual: Dist, expected: Dist, tol = EXACT): void {
  const xs = new Set([...actual.support(), ...expected.support()]);
  for (const x of xs) expect(Math.abs(actual.pEqual(x) - expected.pEqual(x))).toBeLessThanOrEqual(tol);
}

/** k/denominator computed exactly with BigInt, then rounded once to a double (handles tiny values). */
function bigRatio(num: bigint, den: bigint): number {
  const bits = (v: bigint) => v.toString(2).length;
  const shift = Math.max(0, bits(den) - bits(num) + 64);
  const q = Number((num << BigInt(shift)) / den);
  const half = Math.floor(shift / 2);
  return q * 2 ** -half * 2 ** -(shift - half);
}

function choose(n: number, k: number): bigint {
  let c = 1n;
  for (let i = 1; i <= k; i++) c = (c * BigInt(n - k + i)) / BigInt(i);
  return c;
}

describe("Dist constructors", () => {
  it("constant, uniform, d6, d3", () => {
    expect(Dist.constant(3).entries()).toEqual([[3, 1]]);
    expect(Dist.uniform([2, 1, 2]).entries()).toEqual([
      [1, 1 / 3],
      [2, 2 / 3],
    ]);
    expect(Dist.d6().support()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Dist.d3().entries().map(([, p]) => p)).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it("nd6 counts the ways to roll each total", () => {
    const twoD6 = Dist.nd6(2);
    for (let t = 2; t <= 12; t++) expect(twoD6.pEqual(t)).toBeCloseTo((6 - Math.abs(t - 7)) / 36, 15);
    expect(Dist.nd6(3).pEqual(10)).toBeCloseTo(27 / 216, 15);
    expect(Dist.nd6(0).entries()).toEqual([[0, 1]]);
    expect(Dist.nd6(10).min()).toBe(10);
    expect(Dist.nd6(10).max()).toBe(60);
  });

  it("fromEntries merges repeats, drops zeros, renormalises within tolerance", () => {
    const d = Dist.fromEntries([
      [1, 0.25],
      [0, 0],
      [1, 0.25],
      [-0, 0.5 + 1e-10],
    ]);
    expect(d.support()).toEqual([0, 1]);
    expect(Object.is(d.min(), 0)).toBe(true);
    expect(Math.abs(d.total() - 1)).toBeLessThanOrEqual(EXACT);
  });

  it("fromEntries rejects programmer errors", () => {
    expect(() => Dist.fromEntries([[1, 0.5]])).toThrow(FusilladeError);
    expect(() => Dist.fromEntries([[1, -0.5], [2, 1.5]])).toThrow(FusilladeError);
    expect(() => Dist.fromEntries([[Number.NaN, 1]])).toThrow(FusilladeError);
    expect(() => Dist.fromEntries([[1, Number.NaN]])).toThrow(FusilladeError);
    expect(() => Dist.fromEntries([])).toThrow(FusilladeError);
    expect(() => Dist.uniform([])).toThrow(FusilladeError);
    expect(() => Dist.bernoulli(1.2)).toThrow(FusilladeError);
    expect(() => Dist.binomial(-1, 0.5)).toThrow(FusilladeError);
    expect(() => Dist.nd6(2.5)).toThrow(FusilladeError);
    expect(() => Dist.d6().map(() => Infinity)).toThrow(FusilladeError);
  });

  it("bernoulli and binomial edge cases", () => {
    expect(Dist.bernoulli(0).entries()).toEqual([[0, 1]]);
    expect(Dist.bernoulli(1).entries()).toEqual([[1, 1]]);
    expect(Dist.binomial(0, 0.3).entries()).toEqual([[0, 1]]);
    expect(Dist.binomial(7, 1).entries()).toEqual([[7, 1]]);
    expect(Dist.binomial(7, 0).entries()).toEqual([[0, 1]]);
  });

  it("binomial matches the convolution of bernoullis", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p) => {
        expectSameDist(Dist.binomial(n, p), Dist.bernoulli(p).sumOf(n));
      }),
      fcParams(),
    );
  });

  it("binomial is exact against BigInt arithmetic up to n = 500", () => {
    for (const [n, num, den] of [
      [500, 1, 2],
      [500, 1, 6],
      [300, 5, 6],
      [123, 2, 3],
    ] as const) {
      const d = Dist.binomial(n, num / den);
      expect(Math.abs(d.total() - 1)).toBeLessThanOrEqual(EXACT);
      expect(d.mean()).toBeCloseTo((n * num) / den, 9);
      expect(d.variance()).toBeCloseTo((n * num * (den - num)) / den / den, 9);
      for (let k = 0; k <= n; k++) {
        const exact = bigRatio(choose(n, k) * BigInt(num) ** BigInt(k) * BigInt(den - num) ** BigInt(n - k), BigInt(den) ** BigInt(n));
        const got = d.pEqual(k);
        if (exact < 1e-290) expect(got).toBeLessThan(1e-280);
        else expect(Math.abs(got - exact) / exact).toBeLessThan(1e-11);
      }
    }
  });
});

describe("Dist operations", () => {
  it("every Dist sums to 1 within 1e-12", () => {
    fc.assert(
      fc.property(distArb, distArb, fc.integer({ min: 0, max: 12 }), (a, b, n) => {
        const built = [
          a,
          a.add(b),
          a.convolve(b),
          a.sumOf(n),
          a.map((x) => x * x - 3),
          a.map((x) => x / 3),
          a.chain((x) => (x > 5 ? b : Dist.nd6(2))),
          a.map((x) => x / 7).add(b),
          Dist.nd6(n),
          Dist.binomial(n * 40, 0.37),
        ];
        for (const d of built) {
          expect(Math.abs(d.total() - 1)).toBeLessThanOrEqual(EXACT);
          for (const [, p] of d.entries()) expect(p).toBeGreaterThan(0);
          const xs = d.support();
          for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1] as number);
        }
      }),
      fcParams(),
    );
  });

  it("tail probabilities agree with brute force and complement each other", () => {
    fc.assert(
      fc.property(distArb, fc.integer({ min: -12, max: 32 }), (d, x) => {
        expect(d.pAtMost(x)).toBeCloseTo(brute(d, (y) => y <= x), 12);
        expect(d.pAtLeast(x)).toBeCloseTo(brute(d, (y) => y >= x), 12);
        expect(d.pLess(x)).toBeCloseTo(brute(d, (y) => y < x), 12);
        expect(d.pGreater(x)).toBeCloseTo(brute(d, (y) => y > x), 12);
        expect(d.pEqual(x)).toBeCloseTo(brute(d, (y) => y === x), 12);
        expect(d.probabilityOf((y) => y % 2 === 0)).toBeCloseTo(brute(d, (y) => y % 2 === 0), 12);
        expect(d.pAtMost(x) + d.pGreater(x)).toBeCloseTo(1, 12);
        expect(d.pLess(x) + d.pAtLeast(x)).toBeCloseTo(1, 12);
      }),
      fcParams(),
    );
  });

  it("add agrees with chain; mean and variance add over independent sums", () => {
    fc.assert(
      fc.property(distArb, distArb, (a, b) => {
        const sum = a.add(b);
        expectSameDist(sum, a.chain((x) => b.map((y) => x + y)));
        expect(sum.mean()).toBeCloseTo(a.mean() + b.mean(), 9);
        expect(sum.variance()).toBeCloseTo(a.variance() + b.variance(), 9);
      }),
      fcParams(),
    );
  });

  it("sumOf(n) equals n repeated additions", () => {
    fc.assert(
      fc.property(distArb, fc.integer({ min: 0, max: 9 }), (d, n) => {
        let expected = Dist.constant(0);
        for (let i = 0; i < n; i++) expected = expected.add(d);
        expectSameDist(d.sumOf(n), expected, 1e-12);
      }),
      fcParams(50),
    );
  });

  it("compare agrees with the joint brute force", () => {
    fc.assert(
      fc.property(distArb, distArb, (a, b) => {
        const c = a.compare(b);
        let less = 0, equal = 0, greater = 0;
        for (const [x, p] of a.entries())
          for (const [y, q] of b.entries()) {
            if (x < y) less += p * q;
            else if (x === y) equal += p * q;
            else greater += p * q;
          }
        expect(c.less).toBeCloseTo(less, 12);
        expect(c.equal).toBeCloseTo(equal, 12);
        expect(c.greater).toBeCloseTo(greater, 12);
        expect(c.less + c.equal + c.greater).toBeCloseTo(1, 12);
      }),
      fcParams(),
    );
  });

  it("compare of two D6", () => {
    const c = Dist.d6().compare(Dist.d6());
    expect(c.less).toBeCloseTo(15 / 36, 15);
    expect(c.equal).toBeCloseTo(6 / 36, 15);
    expect(c.greater).toBeCloseTo(15 / 36, 15);
  });

  it("quantile is the smallest outcome whose cumulative probability reaches q", () => {
    const twoD6 = Dist.nd6(2);
    expect(twoD6.quantile(0)).toBe(2);
    expect(twoD6.quantile(0.5)).toBe(7);
    expect(twoD6.quantile(21 / 36)).toBe(7); // exactly reached, despite rounding
    expect(twoD6.quantile(1)).toBe(12);
    expect(() => twoD6.quantile(1.5)).toThrow(FusilladeError);
    fc.assert(
      fc.property(distArb, fc.double({ min: 0, max: 1, noNaN: true }), (d, q) => {
        const x = d.quantile(q);
        expect(d.pAtMost(x)).toBeGreaterThanOrEqual(q - 1e-12);
        expect(d.pLess(x)).toBeLessThan(q + 1e-12);
      }),
      fcParams(),
    );
  });

  it("atLeastCurve lists P(X ≥ x) for each outcome", () => {
    fc.assert(
      fc.property(distArb, (d) => {
        const curve = d.atLeastCurve();
        expect(curve.map(([x]) => x)).toEqual(d.support());
        for (const [x, p] of curve) expect(p).toBeCloseTo(d.pAtLeast(x), 12);
        expect(curve[0]?.[1]).toBeCloseTo(1, 12);
      }),
      fcParams(),
    );
  });

  it("mean and variance of nd6", () => {
    expect(Dist.nd6(3).mean()).toBeCloseTo(10.5, 12);
    expect(Dist.nd6(3).variance()).toBeCloseTo(3 * (35 / 12), 12);
  });

  it("map merges outcomes that coincide", () => {
    expect(Dist.d6().map((x) => (x >= 4 ? 1 : 0)).entries()).toEqual([
      [0, 0.5],
      [1, 0.5],
    ]);
  });

  it("non-integer supports convolve too", () => {
    const half = Dist.uniform([0, 0.5]);
    expectSameDist(half.add(half), Dist.fromEntries([[0, 0.25], [0.5, 0.5], [1, 0.25]]));
  });

  it("nd6 agrees with 20 000 sampled rolls within a 99.9 % bound per outcome", () => {
    const n = 20_000;
    for (const dice of [1, 2, 3, 4]) {
      const exact = Dist.nd6(dice);
      const counts = new Map<number, number>();
      const r = roller(seedDice(`nd6-sampling-${dice}`));
      for (let i = 0; i < n; i++) {
        const t = r.nd6(dice);
        counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      for (const t of counts.keys()) expect(exact.pEqual(t)).toBeGreaterThan(0);
      for (const [t, p] of exact.entries()) {
        const observed = (counts.get(t) ?? 0) / n;
        // Normal bound z = 3.29, plus a 1/(2n) continuity allowance for the rare totals.
        expect(Math.abs(observed - p)).toBeLessThanOrEqual(3.29 * Math.sqrt((p * (1 - p)) / n) + 1 / (2 * n));
      }
    }
  });
});
