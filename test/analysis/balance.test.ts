import { describe, expect, it } from "vitest";
import * as z from "zod";
import { defineExperiment, ExperimentRegistry, parseBalance, runBalance, type BalanceInput } from "../../src/analysis/index.js";

/** A duel whose side a wins with chance `p` (one uniform per sample, so a higher p wins on a superset of samples). */
const duel = defineExperiment({
  name: "test/duel",
  summary: "a wins with chance p, b otherwise",
  params: z.strictObject({ p: z.number().min(0).max(1), figures: z.int().min(0).default(0) }),
  prepare: (x) => x,
  run: (dice, x) => {
    const u = dice.angle() / 360;
    return { aWins: u < x.p, bWins: u >= x.p, figures: x.figures };
  },
});
const registry = new ExperimentRegistry().register(duel);

function balanceOf(input: BalanceInput) {
  const r = parseBalance(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.balance;
}

const toy: BalanceInput = {
  name: "toy",
  experiment: "test/duel",
  seed: 5,
  tolerance: 0.03,
  // a's chance to win is 1 / cost: balanced at cost 2.
  parameters: { cost: { min: 1, max: 10 } },
  matchups: [{ name: "a-side", parameter: "cost", side: "a", set: { p: { $div: [1, "$cost"] } } }],
};

describe("points balancing (runBalance)", () => {
  it("finds the value where the paired score is 50 % within the tolerance at 95 %, with an interval holding the true value", () => {
    const r = runBalance(balanceOf(toy), registry);
    const p = r.parameters[0];
    if (p === undefined) throw new Error("no answer");
    expect(p.status).toBe("ok");
    expect(p.withinTolerance).toBe(true);
    expect(Math.abs(p.estimate.score - 0.5) + p.estimate.halfWidth).toBeLessThanOrEqual(0.03);
    expect(p.low).toBeLessThanOrEqual(2);
    expect(p.high).toBeGreaterThanOrEqual(2);
    expect(p.value).toBeGreaterThan(1.8);
    expect(p.value).toBeLessThan(2.2);
    // Sequential: the candidates far from the answer were sampled less than the answer.
    const far = p.trace.filter((e) => Math.abs(e.value - 2) > 2);
    expect(far.length).toBeGreaterThan(0);
    expect(Math.max(...far.map((e) => e.n))).toBeLessThan(p.estimate.n);
  });

  it("is reproducible to the bit: same file, same seed, same answer; another seed, another sample", () => {
    const a = runBalance(balanceOf(toy), registry);
    const b = runBalance(balanceOf(toy), registry);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = runBalance(balanceOf({ ...toy, seed: 6 }), registry);
    expect(c.parameters[0]?.value).not.toBe(a.parameters[0]?.value);
  });

  it("scores the parameter's side: side b wins with 1 − 1/cost, so it is balanced at 2 too; $round gives figures whose mean is the expression", () => {
    const r = runBalance(balanceOf({ ...toy, matchups: [{ name: "b-side", parameter: "cost", side: "b", set: { p: { $sub: [1, { $div: [1, "$cost"] }] }, figures: { $round: { $div: [7, "$cost"] } } } }] }), registry);
    const p = r.parameters[0];
    expect(p?.status).toBe("ok");
    expect(p?.low).toBeLessThanOrEqual(2);
    expect(p?.high).toBeGreaterThanOrEqual(2);
  });

  it("an answer outside the range is reported as such, not invented", () => {
    const r = runBalance(balanceOf({ ...toy, parameters: { cost: { min: 3, max: 10 } } }), registry);
    expect(r.parameters[0]?.status).toBe("belowRange");
    expect(r.complete).toBe(false);
  });

  it("bad files are refused with paths: unknown parameter, a parameter no match-up scores, min ≥ max", () => {
    const bad = parseBalance({ ...toy, parameters: { cost: { min: 5, max: 5 }, other: { min: 0, max: 1 } }, matchups: [{ name: "m", parameter: "nope", side: "a" }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      const paths = bad.issues.map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(["parameters.cost.min", "matchups[0].parameter", "parameters.other"]));
    }
    expect(() => runBalance(balanceOf({ ...toy, experiment: "nope" }), registry)).toThrow(/unknown experiment/);
  });
});
