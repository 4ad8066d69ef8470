import { describe, expect, it } from "vitest";
import { roller, seedDice, forkDice, type Dist } from "../../src/index.js";
import { odds, oddsSampler, combatInput, twoUnitTable, UnitParamsSchema, volleyExperiment, normalQuantile, type OddsQuestion } from "../../src/analysis/index.js";
import { breakTestExperiment, leadershipExperiment } from "../../src/analysis/experiments/whn.js";
import type { UnitId } from "../../src/state/ids.js";

const N = 20_000;

/** Holds an exact distribution against N samples: every outcome within a 99.9 % bound (Bonferroni over outcomes). */
function expectAgrees(dist: Dist, sample: () => number): void {
  const counts = new Map<number, number>();
  for (let i = 0; i < N; i++) {
    const x = sample();
    counts.set(x, (counts.get(x) ?? 0) + 1);
  }
  const z = normalQuantile(1 - 0.001 / (2 * Math.max(1, dist.size)));
  for (const [x, p] of dist.entries()) {
    const got = (counts.get(x) ?? 0) / N;
    const bound = z * Math.sqrt((p * (1 - p)) / N) + 1 / N;
    expect(Math.abs(got - p), `outcome ${x}: sampled ${got}, exact ${p}`).toBeLessThanOrEqual(bound);
  }
  for (const x of counts.keys()) expect(dist.pEqual(x), `sampled outcome ${x} has exact probability 0`).toBeGreaterThan(0);
}

function check(q: OddsQuestion, seed: number): ReturnType<typeof odds> {
  const a = odds(q);
  expect(a.dist.total()).toBeCloseTo(1, 12);
  const dice = roller(forkDice(seedDice(seed), 0));
  const s = oddsSampler(q);
  expectAgrees(a.dist, () => s(dice));
  return a;
}

const volleyParams = volleyExperiment.params.parse({ range: 10 });

describe("odds(): exact distributions against 20 000 sampled resolutions (99.9 % bound)", () => {
  it("CORE-GEN-3: a Leadership test", () => {
    const a = check({ kind: "leadership", ld: 7 }, 1);
    expect(a.events["passed"]).toBeCloseTo(21 / 36, 12);
    expect(a.mean).toBeCloseTo(7, 12);
    expect(a.quantiles.p50).toBe(7);
  });
  it("CORE-GEN-2, WHN-LEAD-3: an effective Ld above 10 answers as 10, then the test's modifier applies; below 2 never passes", () => {
    expect(odds({ kind: "leadership", ld: 12 }).events["passed"]).toBe(odds({ kind: "leadership", ld: 10 }).events["passed"]);
    expect(odds({ kind: "leadership", ld: 12 }).events["passed"]).toBeCloseTo(33 / 36, 15);
    expect(odds({ kind: "leadership", ld: 12, modifier: -2 }).events["passed"]).toBe(odds({ kind: "leadership", ld: 8 }).events["passed"]);
    expect(odds({ kind: "leadership", ld: 1 }).events["passed"]).toBe(0);
    expect(odds({ kind: "breakTest", ld: 14, margin: 3 }).events["broke"]).toBe(odds({ kind: "breakTest", ld: 10, margin: 3 }).events["broke"]);
    expect(odds({ kind: "panic", ld: 11 }).events["disordered"]).toBeCloseTo(3 / 36, 15);
    expect(odds({ kind: "rally", ld: 13 }).events["rallied"]).toBeCloseTo(33 / 36, 15);
    expect(() => odds({ kind: "leadership", ld: 7.5 })).toThrow(RangeError);
    check({ kind: "panic", ld: 12 }, 6);
  });
  it("CORE-GEN-2, WHN-LEAD-3: the whn/leadership and whn/breakTest experiments cap Ld at 10 as the odds do (sampler and exact agree)", () => {
    // 2D6 of 11 (5 + 6): passes on Ld 12 uncapped, fails on the capped 10; the Break test at margin 0 likewise.
    const scripted = () => { const xs = [5, 6]; return { d6: () => xs.shift() ?? 1 } as never; };
    const lt = leadershipExperiment.prepare(leadershipExperiment.params.parse({ ld: 12 }));
    expect(leadershipExperiment.run(scripted(), lt)).toEqual({ total: 11, passed: false });
    expect(leadershipExperiment.exact!(lt)["passed"]!.pEqual(1)).toBeCloseTo(33 / 36, 15);
    const bt = breakTestExperiment.prepare(breakTestExperiment.params.parse({ ld: 12, margin: 0 }));
    expect(breakTestExperiment.run(scripted(), bt)).toEqual({ broke: true });
    expect(breakTestExperiment.exact!(bt)["broke"]!.pEqual(1)).toBeCloseTo(3 / 36, 15);
  });
  it("CORE-BREAK-1: a Break test at Ld 8, margin 2", () => {
    const a = check({ kind: "breakTest", ld: 8, margin: 2 }, 2);
    expect(a.events["broke"]).toBeCloseTo(21 / 36, 12);
    expect(odds({ kind: "breakTest", ld: 8, margin: 2, autoBreak: true }).events["broke"]).toBe(1);
  });
  it("WHN-PANIC-3: a Panic test of a disordered unit", () => {
    const a = check({ kind: "panic", ld: 6, disordered: true }, 3);
    expect(a.labels).toEqual(["passed", "fled"]);
    expect(a.events["fled"]).toBeCloseTo(21 / 36, 12);
  });
  it("CORE-RALLY-2: a rally test; a fleeing unit under 5 models cannot rally", () => {
    check({ kind: "rally", ld: 8, fleeing: true, models: 12 }, 4);
    expect(odds({ kind: "rally", ld: 8, fleeing: true, models: 4 }).events["rallied"]).toBe(0);
  });
  it("CORE-SHOOT-3: a musket volley on plain numbers", () => {
    const spec = volleyExperiment.prepare(volleyParams);
    const a = check({ kind: "volley", spec }, 5);
    expect(a.mean).toBeGreaterThan(0);
    expect(a.atLeast[0]?.[1]).toBeCloseTo(1, 12);
  });
  it("WHN-SHOOT-9: a shooting read from a battle state", () => {
    const state = twoUnitTable(UnitParamsSchema.parse({ formation: "LINE", files: 12 }), UnitParamsSchema.parse({ formation: "ATTACK_COLUMN", files: 4 }), 10, {});
    const a = check({ kind: "shooting", state, request: { shooter: "a" as UnitId, target: "b" as UnitId } }, 6);
    expect(a.mean).toBeCloseTo(odds({ kind: "volley", spec: volleyExperiment.prepare(volleyParams) }).mean, 12);
  });
  it("CORE-CR-1: one close-combat round (signed margin)", () => {
    const d = combatInput({ a: UnitParamsSchema.parse({ formation: "ATTACK_COLUMN", files: 4 }), b: UnitParamsSchema.parse({ formation: "LINE", files: 12 }), charger: "a", maxRounds: 12, options: {} } as Parameters<typeof combatInput>[0]);
    const a = check({ kind: "combatRound", input: d.round }, 7);
    expect((a.events["sideAWins"] ?? 0) + (a.events["draw"] ?? 0) + (a.events["sideBWins"] ?? 0)).toBeCloseTo(1, 12);
  });
  it("CORE-BREAK-1: close combat fought to a decision (absorbing chain)", () => {
    const d = combatInput({ a: UnitParamsSchema.parse({ formation: "LINE", files: 8, figures: 16 }), b: UnitParamsSchema.parse({ formation: "LINE", files: 8, figures: 16 }), charger: "none", maxRounds: 12, options: {} } as Parameters<typeof combatInput>[0]);
    const a = check({ kind: "combatToDecision", input: d }, 8);
    expect(a.events["meanRounds"]).toBeGreaterThanOrEqual(1);
  });
  it("FNF-FIRE-6: an FnF fire roll", () => {
    const a = check({ kind: "fnfFire", points: 10, modifier: 1 }, 9);
    // 10 points: Lively 5, Telling 8, Deadly 11; +1 → P(Telling) = P(2D6 ∈ 7..9) = 15/36.
    expect(a.events["TELLING"]).toBeCloseTo(15 / 36, 12);
    expect(odds({ kind: "fnfFire", points: 0 }).events["DESULTORY"]).toBeCloseTo(1, 12);
  });
  it("FNF-MEL-5: an FnF melee", () => {
    const a = check({ kind: "fnfMelee", attacker: 2, defender: 1 }, 10);
    expect(a.mean).toBeCloseTo(1, 12);
    expect(Object.values(a.events).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });
});
