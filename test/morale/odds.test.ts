import { describe, expect, it } from "vitest";
import { panicOdds, rallyOdds, leadershipOdds } from "../../src/rules/whn/morale/odds.js";
import { battalion, battle, leader, patchUnit, unit } from "../fixtures/morale.js";

const s0 = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270 })]);
const P = (n: number) => [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36][n]! / 36;

describe("exact morale odds", () => {
  it("WHN-PANIC-3: a GOOD unit's Panic test either passes or disorders; a DISORDERED one passes or flees", () => {
    expect(panicOdds(s0, unit(s0, "fr-1"))).toMatchObject({ target: 6, passed: P(6), disordered: 1 - P(6), fled: 0, order: { GOOD: P(6), DISORDERED: 1 - P(6), FLEEING: 0 } });
    const d = patchUnit(s0, "fr-1", { order: "DISORDERED" });
    expect(panicOdds(d, unit(d, "fr-1"))).toMatchObject({ target: 5, passed: P(5), disordered: 0, fled: 1 - P(5), order: { DISORDERED: P(5), FLEEING: 1 - P(5) } });
    const f = patchUnit(s0, "fr-1", { order: "FLEEING" });
    expect(panicOdds(f, unit(f, "fr-1"))).toMatchObject({ notTested: 1, order: { FLEEING: 1 } });
  });

  it("WHN-PANIC-4: the odds use WHN-LEAD-3's value (a leader near: +1)", () => {
    const s = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 })], { characters: [leader("ney", "fr", { position: { x: 40, y: 30 } })] });
    expect(panicOdds(s, unit(s, "fr-1")).passed).toBeCloseTo(P(7), 15);
  });

  it("WHN-RALLY-2: rally odds for DISORDERED (with −1) and FLEEING (without, AMB-101); CORE-RALLY-2 small fleeing units cannot rally", () => {
    const d = patchUnit(s0, "fr-1", { order: "DISORDERED" });
    expect(rallyOdds(d, unit(d, "fr-1"))).toMatchObject({ allowed: true, target: 5, rallied: P(5), order: { GOOD: P(5), DISORDERED: 1 - P(5), FLEEING: 0 } });
    const f = patchUnit(s0, "fr-1", { order: "FLEEING" });
    expect(rallyOdds(f, unit(f, "fr-1"))).toMatchObject({ allowed: true, target: 6, rallied: P(6), order: { FLEEING: 1 - P(6) } });
    const small = patchUnit(s0, "fr-1", { order: "FLEEING", figures: 4 });
    expect(rallyOdds(small, unit(small, "fr-1"))).toMatchObject({ allowed: false, rallied: 0, order: { FLEEING: 1 } });
  });

  it("CORE-GEN-3: the pass chance of a Leadership test as modified (a Break test's −margin)", () => {
    expect(leadershipOdds(s0, unit(s0, "fr-1"))).toBeCloseTo(P(6), 15);
    expect(leadershipOdds(s0, unit(s0, "fr-1"), -2)).toBeCloseTo(P(4), 15);
    expect(leadershipOdds(s0, unit(s0, "fr-1"), -6)).toBe(0);
  });
});
