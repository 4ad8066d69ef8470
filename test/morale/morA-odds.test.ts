import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { leadershipOdds, panicOdds, rallyOdds } from "../../src/rules/whn/morale/odds.js";
import { battalion, battle, patchUnit, unit } from "../fixtures/morale.js";

const s0 = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
/** Chance that 2D6 ≤ n. */
const P = (n: number) => [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36][n]! / 36;
const core = (s: BattleState): BattleState => ({ ...s, ruleset: "core" }) as BattleState;
const fr1 = (s: BattleState) => unit(s, "fr-1");

describe("morA: exact morale odds (odds.ts)", () => {
  it("WHN-PANIC-3: a GOOD unit's Panic odds in full: pass or disorder, never flee", () => {
    expect(panicOdds(s0, fr1(s0))).toEqual({ target: 6, notTested: 0, passed: P(6), disordered: 1 - P(6), fled: 0, order: { GOOD: P(6), DISORDERED: 1 - P(6), FLEEING: 0 } });
  });

  it("WHN-PANIC-3: a DISORDERED unit's Panic odds in full: pass (stays DISORDERED) or flee", () => {
    const d = patchUnit(s0, "fr-1", { order: "DISORDERED" });
    expect(panicOdds(d, fr1(d))).toEqual({ target: 5, notTested: 0, passed: P(5), disordered: 0, fled: 1 - P(5), order: { GOOD: 0, DISORDERED: P(5), FLEEING: 1 - P(5) } });
  });

  it("CORE-PANIC-1: under the core rules a GOOD unit that fails flees at once (no disorder step)", () => {
    const s = core(s0);
    expect(panicOdds(s, fr1(s))).toEqual({ target: 6, notTested: 0, passed: P(6), disordered: 0, fled: 1 - P(6), order: { GOOD: P(6), DISORDERED: 0, FLEEING: 1 - P(6) } });
  });

  it("CORE-PANIC-1: a FLEEING or removed unit is not tested and keeps its order state with certainty", () => {
    const f = patchUnit(s0, "fr-1", { order: "FLEEING" });
    expect(panicOdds(f, fr1(f))).toEqual({ target: 6, notTested: 1, passed: 0, disordered: 0, fled: 0, order: { GOOD: 0, DISORDERED: 0, FLEEING: 1 } });
    const gone = patchUnit(s0, "fr-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(panicOdds(gone, fr1(gone))).toEqual({ target: 6, notTested: 1, passed: 0, disordered: 0, fled: 0, order: { GOOD: 1, DISORDERED: 0, FLEEING: 0 } });
    const goneD = patchUnit(s0, "fr-1", { order: "DISORDERED", removed: { reason: "destroyed", gameTurn: 1 } });
    expect(panicOdds(goneD, fr1(goneD)).order).toEqual({ GOOD: 0, DISORDERED: 1, FLEEING: 0 });
  });

  it("WHN-RALLY-2, WHN-RALLY-4: rally odds in full for DISORDERED (−1) and FLEEING (no −1, AMB-101)", () => {
    const d = patchUnit(s0, "fr-1", { order: "DISORDERED" });
    expect(rallyOdds(d, fr1(d))).toEqual({ target: 5, allowed: true, rallied: P(5), failed: 1 - P(5), order: { GOOD: P(5), DISORDERED: 1 - P(5), FLEEING: 0 } });
    const f = patchUnit(s0, "fr-1", { order: "FLEEING" });
    expect(rallyOdds(f, fr1(f))).toEqual({ target: 6, allowed: true, rallied: P(6), failed: 1 - P(6), order: { GOOD: P(6), DISORDERED: 0, FLEEING: 1 - P(6) } });
  });

  it("CORE-RALLY-2: a fleeing unit of 4 models may not rally (odds all zero, stays FLEEING); 5 models may", () => {
    const four = patchUnit(s0, "fr-1", { order: "FLEEING", figures: 4 });
    expect(rallyOdds(four, fr1(four))).toEqual({ target: 6, allowed: false, rallied: 0, failed: 0, order: { GOOD: 0, DISORDERED: 0, FLEEING: 1 } });
    const five = patchUnit(s0, "fr-1", { order: "FLEEING", figures: 5 });
    expect(rallyOdds(five, fr1(five))).toMatchObject({ allowed: true, rallied: P(6) });
  });

  it("WHN-RALLY-1: a GOOD unit has nothing to rally from: not allowed, stays GOOD", () => {
    expect(rallyOdds(s0, fr1(s0))).toEqual({ target: 6, allowed: false, rallied: 0, failed: 0, order: { GOOD: 1, DISORDERED: 0, FLEEING: 0 } });
  });

  it("CORE-GEN-2, CORE-GEN-3: the test's modifier comes before the cap of 10 (Ld 6 +5 tests on 10, not 11)", () => {
    expect(leadershipOdds(s0, fr1(s0), 4)).toBeCloseTo(P(10), 12);
    expect(leadershipOdds(s0, fr1(s0), 5)).toBeCloseTo(P(10), 12);
    expect(leadershipOdds(s0, fr1(s0), -1)).toBeCloseTo(P(5), 12);
    expect(leadershipOdds(s0, fr1(s0))).toBeCloseTo(P(6), 12);
  });
});
