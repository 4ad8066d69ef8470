/**
 * The bots' evaluations (issue 22): linear in their named features, antisymmetric between the
 * sides, and the self-play weights keep the common-sense order the tuning script imposes.
 */
import { describe, expect, it } from "vitest";
import { createBattle } from "../../src/index.js";
import { evaluate, evaluateFnf, whnFeatures, fnfFeatures, EVAL_WEIGHTS, FNF_EVAL_WEIGHTS, WHN_FEATURES, FNF_FEATURES, HAND_WHN_WEIGHTS } from "../../src/bots/index.js";
import { playBattle, scenarioContext } from "../../src/battle/play.js";
import { builtinScenario } from "../../src/scenarios/builtin.js";
import { fnfScenario } from "../../src/rules/fnf/index.js";
import type { BattleState } from "../../src/state/battle.js";
import type { SideId } from "../../src/state/ids.js";

const fr = "fr" as SideId;
const gb = "gb" as SideId;

describe("bot evaluations", () => {
  it("WHN: the score is the weighted sum of the features, and one side's gain is the other's loss", () => {
    const sc = builtinScenario("quatre-bras");
    const ctx = scenarioContext(sc);
    const seen: BattleState[] = [];
    playBattle(sc, ["greedy", "greedy"], 5, { maxDecisions: 40, onDecision: (s, _a, i) => void (i % 8 === 0 && seen.push(s)) });
    expect(seen.length).toBeGreaterThan(2);
    for (const s of seen) {
      const f = whnFeatures(s, fr, ctx);
      expect(evaluate(s, fr, ctx)).toBeCloseTo(WHN_FEATURES.reduce((v, k) => v + EVAL_WEIGHTS[k] * f[k], 0), 9);
      expect(evaluate(s, fr, ctx)).toBeCloseTo(-evaluate(s, gb, ctx), 9);
      // Weights carried by the context are the ones used.
      const hand = { ...ctx, whnWeights: HAND_WHN_WEIGHTS };
      expect(evaluate(s, fr, hand)).toBeCloseTo(WHN_FEATURES.reduce((v, k) => v + HAND_WHN_WEIGHTS[k] * f[k], 0), 9);
    }
    // Losing figures is bad for the side that loses them.
    const s = seen[0] as BattleState;
    const unit = Object.values(s.units).find((u) => u.side === "fr" && u.figures > 2);
    if (unit === undefined) throw new Error("no French unit with figures to lose");
    const hurt = { ...s, units: { ...s.units, [unit.id]: { ...unit, figures: 1 } } } as BattleState;
    expect(evaluate(hurt, fr, ctx)).toBeLessThan(evaluate(s, fr, ctx));
  });

  it("FNF-TURN-1: the FnF score is the weighted sum of its features and antisymmetric", () => {
    const r = createBattle(fnfScenario("coa1811", 2));
    if (!r.ok) throw new Error("no battle");
    const ctx = { victory: null, posture: { fr: "attack", al: "defend" } } as const;
    const f = fnfFeatures(r.value, fr, ctx);
    expect(evaluateFnf(r.value, fr, ctx)).toBeCloseTo(FNF_FEATURES.reduce((v, k) => v + FNF_EVAL_WEIGHTS[k] * f[k], 0), 9);
    expect(evaluateFnf(r.value, fr, ctx)).toBeCloseTo(-evaluateFnf(r.value, "al" as SideId, ctx), 9);
  });

  it("the self-play weights keep the common-sense order: formed ≥ disordered ≥ fleeing, penalties never bonuses", () => {
    const w = EVAL_WEIGHTS;
    for (const v of Object.values(w)) expect(Number.isFinite(v)).toBe(true);
    expect(w.foot).toBeGreaterThan(0);
    expect(w.foot).toBeGreaterThanOrEqual(w.footDisordered);
    expect(w.footDisordered).toBeGreaterThanOrEqual(w.footFleeing);
    expect(w.cavalry).toBeGreaterThanOrEqual(w.cavalryDisordered);
    expect(w.cavalryDisordered).toBeGreaterThanOrEqual(w.cavalryFleeing);
    const g = FNF_EVAL_WEIGHTS;
    for (const v of Object.values(g)) expect(Number.isFinite(v)).toBe(true);
    for (const k of ["disordered", "spent", "lowAmmo", "silenced", "leaderLost"] as const) expect(g[k]).toBeLessThanOrEqual(0);
    for (const k of ["infantry", "cavalry", "battery", "fresh", "leader"] as const) expect(g[k]).toBeGreaterThanOrEqual(0);
  });
});
