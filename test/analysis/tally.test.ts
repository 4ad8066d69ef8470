import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TallyBuilder, mergeAll, mergeTallies, wilsonInterval, meanInterval, normalQuantile, tQuantile, summarize, type OutcomeRecord } from "../../src/analysis/index.js";

const record = fc.record({ hits: fc.integer({ min: -50, max: 50 }), fled: fc.boolean(), result: fc.constantFrom("passed", "fled", "disordered") });

function tallyOf(rs: readonly OutcomeRecord[]): ReturnType<TallyBuilder["tally"]> {
  const b = new TallyBuilder();
  for (const r of rs) b.add(r);
  return b.tally();
}

describe("tallies merge exactly", () => {
  it("any split, in any order, merges to the single tally, byte for byte", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 200 }), fc.array(fc.nat(), { maxLength: 6 }), (rs, cuts) => {
        const whole = JSON.stringify(tallyOf(rs));
        const points = [...new Set(cuts.map((c) => c % (rs.length + 1)))].sort((a, b) => a - b);
        const parts: OutcomeRecord[][] = [];
        let from = 0;
        for (const p of [...points, rs.length]) {
          parts.push(rs.slice(from, p));
          from = p;
        }
        const tallies = parts.map(tallyOf);
        expect(JSON.stringify(mergeAll(tallies))).toBe(whole);
        expect(JSON.stringify(mergeAll([...tallies].reverse()))).toBe(whole);
      }),
      { seed: 10, numRuns: 100 },
    );
  });
  it("rejects non-integer numbers and kind changes", () => {
    const b = new TallyBuilder();
    expect(() => b.add({ x: 1.5 })).toThrow(/safe integer/);
    b.add({ y: 1 });
    expect(() => b.add({ y: true })).toThrow(/was a number/);
    expect(() => mergeTallies(tallyOf([{ z: 1 }]), tallyOf([{ z: "a" }]))).toThrow(/number in one tally/);
  });
});

describe("intervals", () => {
  it("normal and t quantiles match tables", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 7);
    expect(normalQuantile(0.0005)).toBeCloseTo(-3.290526731, 7);
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.228, 3);
    expect(tQuantile(0.975, 30)).toBeCloseTo(2.042, 3);
  });
  it("Wilson interval of 50/100 and of 0/10", () => {
    const w = wilsonInterval(50, 100, 0.95);
    expect(w.low).toBeCloseTo(0.4038, 4);
    expect(w.high).toBeCloseTo(0.5962, 4);
    expect(wilsonInterval(0, 10, 0.95).low).toBe(0);
  });
  it("mean interval from integer sums (exact variance)", () => {
    const i = meanInterval(4, 10, 30, 0.95); // 1,2,3,4
    expect(i.estimate).toBe(2.5);
    expect(i.sd).toBeCloseTo(Math.sqrt(5 / 3), 12);
    const s = summarize({ kind: "number", n: 4, sum: 10, sumSq: 30, hist: { "1": 1, "2": 1, "3": 1, "4": 1 } }, 0.95);
    expect(s.kind === "number" && s.median).toBe(2);
  });
});
