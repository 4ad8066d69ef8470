/**
 * volley.ts as a whole: the sampled dice path (to-hit with its follow-up die, wounds, saves, the
 * Panic test) read die by die from a script, the kills from unsaved wounds on multi-wound models, and
 * the exact odds of casualties and of each Panic outcome.
 */
import { describe, expect, it } from "vitest";
import { roller, scriptedDice, type Dice } from "../../src/dice/index.js";
import { casualtyOdds, killsFrom, pUnsavedPerShot, rollAtLeast, rollHits, sampleVolley, volleyOdds, type VolleySpec } from "../../src/rules/whn/shooting/volley.js";

/** Dice that deal `d6` in order; the sentinel 2 after them shows how many were read. */
const dice = (d6: readonly number[]): Dice => roller(scriptedDice([...d6, 2, 2, 2, 2]));
const next = (d: Dice) => d.d6();

const SPEC: VolleySpec = { shots: 4, need: 4, woundNeed: 4, saveNeed: 5, W: 1, woundsTaken: 0, figures: 10, panic: { trigger: 1, ld: 7, disordered: false } };

describe("sampled dice (CORE-SHOOT-3, CORE-WOUND-1, CORE-SAVE-1)", () => {
  it("CORE-SHOOT-3: each die at or above the need hits; no follow-up below 7", () => {
    const d = dice([4, 3, 6, 1]);
    expect(rollHits(d, 4, 4)).toBe(2);
    expect(next(d)).toBe(2);
    const one = dice([1, 2]);
    expect(rollHits(one, 2, 1)).toBe(1);
  });

  it("CORE-SHOOT-3: a need of 7 takes a 6 then 4+, the follow-up rolled right after its 6 only", () => {
    const d = dice([6, 4, 5, 6, 3, 6, 6]);
    expect(rollHits(d, 4, 7)).toBe(2);
    expect(next(d)).toBe(2);
    const nine = dice([6, 5, 6, 6]);
    expect(rollHits(nine, 2, 9)).toBe(1);
  });

  it("CORE-SHOOT-3: a need of 10 or more never hits and rolls nothing", () => {
    const d = dice([6, 6]);
    expect(rollHits(d, 2, 10)).toBe(0);
    expect(next(d)).toBe(6);
  });

  it("CORE-WOUND-1: rolls one die per try, counts those at or above the need; a null need rolls none", () => {
    const d = dice([3, 4, 5]);
    expect(rollAtLeast(d, 3, 4)).toBe(2);
    expect(next(d)).toBe(2);
    const none = dice([6]);
    expect(rollAtLeast(none, 3, null)).toBe(0);
    expect(next(none)).toBe(6);
  });
});

describe("kills from unsaved wounds (CORE-SAVE-2)", () => {
  it("CORE-SAVE-2: whole models fall as their wounds fill; the rest stay on the wounded model", () => {
    expect(killsFrom(3, 2, 1, 5)).toEqual({ casualties: 2, woundsTaken: 0 });
    expect(killsFrom(2, 2, 1, 5)).toEqual({ casualties: 1, woundsTaken: 1 });
    expect(killsFrom(1, 3, 0, 5)).toEqual({ casualties: 0, woundsTaken: 1 });
    expect(killsFrom(3, 1, 0, 4)).toEqual({ casualties: 3, woundsTaken: 0 });
  });

  it("CORE-SHOOT-5: losses beyond the last model are lost with the unit", () => {
    expect(killsFrom(4, 1, 0, 4)).toEqual({ casualties: 4, woundsTaken: 0 });
    expect(killsFrom(9, 2, 1, 4)).toEqual({ casualties: 4, woundsTaken: 0 });
  });
});

describe("one sampled volley (WHN-PANIC-2, WHN-PANIC-3)", () => {
  it("WHN-PANIC-3: hits, wounds, saves, then a failed test disorders a GOOD unit", () => {
    const d = dice([4, 5, 1, 6, 4, 3, 6, 5, 1, 4, 4]);
    expect(sampleVolley(d, SPEC)).toEqual({ hits: 3, wounds: 2, unsaved: 1, casualties: 1, woundsTaken: 0, panic: "disordered" });
    expect(next(d)).toBe(2);
  });

  it("WHN-PANIC-3: a failed test routs a unit already disordered; 7 on Ld 7 passes", () => {
    const roll = [4, 5, 1, 6, 4, 3, 6, 5, 1];
    expect(sampleVolley(dice([...roll, 4, 4]), { ...SPEC, panic: { trigger: 1, ld: 7, disordered: true } }).panic).toBe("fled");
    expect(sampleVolley(dice([...roll, 3, 4]), SPEC).panic).toBe("passed");
  });

  it("WHN-PANIC-2: below the trigger, or with no test due, no Panic dice are rolled", () => {
    const roll = [4, 5, 1, 6, 4, 3, 6, 5, 1];
    const below = dice([...roll, 6]);
    expect(sampleVolley(below, { ...SPEC, panic: { trigger: 2, ld: 7, disordered: false } })).toEqual({ hits: 3, wounds: 2, unsaved: 1, casualties: 1, woundsTaken: 0, panic: "notTested" });
    expect(next(below)).toBe(6);
    const none = dice([...roll, 6]);
    expect(sampleVolley(none, { ...SPEC, panic: null }).panic).toBe("notTested");
    expect(next(none)).toBe(6);
  });

  it("CORE-SHOOT-5: a unit wiped out is destroyed and rolls no test", () => {
    const d = dice([4, 5, 1, 6, 4, 3, 6, 5, 1, 6]);
    expect(sampleVolley(d, { ...SPEC, figures: 1 })).toEqual({ hits: 3, wounds: 2, unsaved: 1, casualties: 1, woundsTaken: 0, panic: "destroyed" });
    expect(next(d)).toBe(6);
  });

  it("CORE-SHOOT-5: a body of no models is never 'destroyed' by a volley", () => {
    expect(sampleVolley(dice([]), { ...SPEC, shots: 0, figures: 0 })).toEqual({ hits: 0, wounds: 0, unsaved: 0, casualties: 0, woundsTaken: 0, panic: "notTested" });
  });

  it("CORE-SAVE-2: wounds on a W2 body carry over to its wounded model", () => {
    const d = dice([4, 1, 1, 1, 4, 1]);
    expect(sampleVolley(d, { ...SPEC, W: 2, woundsTaken: 0 })).toEqual({ hits: 1, wounds: 1, unsaved: 1, casualties: 0, woundsTaken: 1, panic: "notTested" });
  });
});

describe("exact odds (CORE-SHOOT-3, WHN-PANIC-2)", () => {
  it("CORE-SAVE-1: the chance one shot lands an unsaved wound", () => {
    expect(pUnsavedPerShot({ need: 4, woundNeed: 4, saveNeed: 5 })).toBeCloseTo(1 / 6, 12);
    expect(pUnsavedPerShot({ need: 4, woundNeed: 4, saveNeed: null })).toBeCloseTo(1 / 4, 12);
    expect(pUnsavedPerShot({ need: 4, woundNeed: null, saveNeed: 5 })).toBe(0);
    expect(pUnsavedPerShot({ need: 7, woundNeed: 2, saveNeed: 6 })).toBeCloseTo((1 / 12) * (5 / 6) * (5 / 6), 12);
  });

  it("WHN-PANIC-2: two shots of 1/4 on ten models, test on the first loss at Ld 7", () => {
    const o = casualtyOdds(2, 0.5, 0.25, { W: 1, woundsTaken: 0, figures: 10 }, { trigger: 1, ld: 7, disordered: false });
    expect(o.hits.mean()).toBeCloseTo(1, 12);
    expect(o.unsaved.pEqual(2)).toBeCloseTo(1 / 16, 12);
    expect(o.casualties.pEqual(0)).toBeCloseTo(9 / 16, 12);
    expect(o.pPanicTest).toBeCloseTo(7 / 16, 12);
    expect(o.panic.notTested).toBeCloseTo(9 / 16, 12);
    expect(o.panic.passed).toBeCloseTo((7 / 16) * (21 / 36), 12);
    expect(o.panic.disordered).toBeCloseTo((7 / 16) * (15 / 36), 12);
    expect(o.panic.fled).toBe(0);
    expect(o.panic.destroyed).toBe(0);
  });

  it("WHN-PANIC-3: a disordered unit's failed test is flight; a threshold of two needs both shots", () => {
    const o = casualtyOdds(2, 0.5, 0.25, { W: 1, woundsTaken: 0, figures: 10 }, { trigger: 2, ld: 7, disordered: true });
    expect(o.pPanicTest).toBeCloseTo(1 / 16, 12);
    expect(o.panic.fled).toBeCloseTo((1 / 16) * (15 / 36), 12);
    expect(o.panic.disordered).toBe(0);
    expect(o.panic.notTested).toBeCloseTo(15 / 16, 12);
  });

  it("CORE-SHOOT-5: a one-model body is destroyed by any loss and then never tests", () => {
    const o = casualtyOdds(2, 0.5, 0.25, { W: 1, woundsTaken: 0, figures: 1 }, { trigger: 1, ld: 7, disordered: false });
    expect(o.panic.destroyed).toBeCloseTo(7 / 16, 12);
    expect(o.pPanicTest).toBe(0);
    expect(o.panic.notTested).toBeCloseTo(9 / 16, 12);
    expect(o.panic.passed).toBe(0);
  });

  it("WHN-PANIC-2: with no test due, all that is not destruction is 'not tested'", () => {
    const o = casualtyOdds(2, 0.5, 0.25, { W: 1, woundsTaken: 0, figures: 10 }, null);
    expect(o.pPanicTest).toBe(0);
    expect(o.panic).toEqual({ notTested: 1, passed: 0, disordered: 0, fled: 0, destroyed: 0 });
    const empty = casualtyOdds(2, 0.5, 0.25, { W: 1, woundsTaken: 0, figures: 0 }, null);
    expect(empty.panic.destroyed).toBe(0);
    expect(empty.panic.notTested).toBe(1);
  });

  it("CORE-SAVE-2: a W2 body with a wounded model loses one model per two wounds, the first on one", () => {
    const o = casualtyOdds(2, 1, 1, { W: 2, woundsTaken: 1, figures: 5 }, null);
    expect(o.casualties.pEqual(1)).toBe(1);
  });

  it("CORE-SHOOT-3: volleyOdds reads the spec's shots, need, scores, body and Panic", () => {
    const o = volleyOdds(SPEC);
    expect(o.hits.mean()).toBeCloseTo(2, 12);
    expect(o.unsaved.mean()).toBeCloseTo(4 / 6, 12);
    expect(o.pPanicTest).toBeCloseTo(1 - (5 / 6) ** 4, 12);
    expect(o.panic.passed).toBeCloseTo((1 - (5 / 6) ** 4) * (21 / 36), 12);
  });
});
