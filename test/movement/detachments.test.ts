import { describe, expect, it } from "vitest";
import { withScriptedDice } from "../../src/index.js";
import { parentOf } from "../../src/rules/whn/movement/detachments.js";
import { panicGroup } from "../../src/rules/whn/shooting/panic.js";
import { isVeteranLights } from "../../src/rules/whn/shooting/modifiers.js";
import { panicsUnit } from "../../src/rules/whn/morale/index.js";
import { battleOf, create, fr, gb, gbCav, must, ofType, refused, run, toStep, unitOf } from "../fixtures/movement.js";

const det = (x: number, y: number) => fr("fr-d", x, y, { light: true, figures: 6, startingFigures: 6, files: 6, formation: "LINE", detachmentOf: "fr-1", command: {} });

describe("detachments (WHN-DET)", () => {
  it("WHN-DET-1: a detachment is its own unit tied to its parent", () => {
    const s = battleOf([fr("fr-1", 36, 12), det(43, 12)]);
    expect(parentOf(s, unitOf(s, "fr-d"))?.id).toBe("fr-1");
    expect(parentOf(s, unitOf(s, "fr-1"))).toBeNull();
  });

  it("WHN-DET-2: a detachment may not move beyond one move of its parent; out of range it must come back", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), det(43, 12), gb("gb-1", 36, 44)]), "remaining");
    const away = { type: "movement/move", unit: "fr-d", path: [{ kind: "turn", degrees: -90 }, { kind: "forward", distance: 2.5 }] } as const;
    expect(refused(s, away)).toMatchObject({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", parent: "fr-1" });
    const far = toStep(battleOf([fr("fr-1", 36, 12), det(52, 12), gb("gb-1", 36, 44)]), "rally");
    const r = run(far, { type: "turn/advance" });
    expect(ofType(r.events, "unit/detachmentReturned")[0]).toMatchObject({ rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1" });
    expect(unitOf(r.state, "fr-d").position.x).toBeCloseTo(48, 6);
  });

  it("WHN-DET-3: a detachment takes its Panic tests with its parent, on the parent's Leadership", () => {
    const s = battleOf([fr("fr-1", 36, 12), det(43, 12)]);
    const g = panicGroup(s, unitOf(s, "fr-d"));
    expect(g.lead.id).toBe("fr-1");
    expect(g.members.map((m) => m.id).sort()).toEqual(["fr-1", "fr-d"]);
  });

  it("WHN-DET-4: a charged detachment falls back behind its parent; the charge carries on to the parent", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), det(43, 12), gbCav("gb-2", 43, 26)], { firstSide: "gb" }), "declareCharges");
    let t = must(must(s, { type: "movement/declareCharge", unit: "gb-2", target: "fr-d" }), { type: "turn/advance" });
    const r = run(t, { type: "movement/respond", unit: "fr-d", response: "fallBackBehindParent" });
    expect(ofType(r.events, "unit/fellBack")[0]).toMatchObject({ rule: "WHN-DET-4", parent: "fr-1" });
    expect(unitOf(r.state, "fr-d").position.x).toBeCloseTo(36, 9);
    expect(unitOf(r.state, "fr-d").position.y).toBeCloseTo(12 - 6 * 0.7874015748, 6);
    t = toStep(r.state, "chargeMoves");
    const c = run(t, { type: "movement/chargeMove", unit: "gb-2" });
    expect(ofType(c.events, "charge/redirected")[0]).toMatchObject({ rule: "WHN-DET-4", from: "fr-d", to: "fr-1" });
    expect(ofType(c.events, "charge/contact")[0]).toMatchObject({ target: "fr-1" });
  });
});

describe("skirmishers in combat and morale", () => {
  it("WHN-SKIRM-4: an extended-order unit charged is drawn up as a single rank for the combat", () => {
    const x = fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {},
      models: Array.from({ length: 6 }, (_, i) => ({ x: 33 + i * 1.6, y: 11.6, facing: 90 })) });
    const s = toStep(battleOf([x, gbCav("gb-2", 36, 24)], { firstSide: "gb" }), "declareCharges");
    let t = must(must(s, { type: "movement/declareCharge", unit: "gb-2", target: "fr-x" }), { type: "turn/advance" });
    t = toStep(must(t, { type: "movement/respond", unit: "fr-x", response: "hold" }), "chargeMoves");
    const r = run(t, { type: "movement/chargeMove", unit: "gb-2" });
    expect(ofType(r.events, "unit/singleRank")[0]).toMatchObject({ rule: "WHN-SKIRM-4", unit: "fr-x" });
    const ys = (unitOf(r.state, "fr-x").models ?? []).map((m) => m.y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(1e-9);
    expect(ofType(r.events, "charge/contact")).toHaveLength(1);
  });

  it("WHN-SKIRM-5: veteran light troops skirmishing count as veteran skirmishers for shooting", () => {
    expect(isVeteranLights("VETERAN", true, "OPEN_ORDER", false)).toBe(true);
    expect(isVeteranLights("VETERAN", true, "LINE", false)).toBe(false);
  });

  it("WHN-SKIRM-6: skirmishers cause Panic only in other skirmishers", () => {
    const s = battleOf([fr("fr-1", 36, 12), fr("fr-s", 20, 12, { light: true, formation: "OPEN_ORDER", files: 12 })]);
    expect(panicsUnit(unitOf(s, "fr-s"), unitOf(s, "fr-1"))).toBe(false);
    expect(panicsUnit(unitOf(s, "fr-1"), unitOf(s, "fr-s"))).toBe(true);
  });
});

describe("characters", () => {
  it("CORE-MOVE-6: a lone character moves freely and turns at no cost", () => {
    const ney = { id: "ney", side: "fr", name: "Ney", profile: { M: 4, WS: 5, BS: 4, S: 4, T: 4, W: 3, I: 5, A: 3, Ld: 9 }, base: { w: 0.7874, d: 0.7874 }, position: { x: 10, y: 10 }, facing: 90 };
    const s = toStep(create({ seed: 1, sides: [{ id: "fr", name: "F" }, { id: "gb", name: "B" }], units: [fr("fr-1", 36, 10), gb("gb-1", 36, 44)], characters: [ney] }), "remaining");
    const r = run(withScriptedDice(s, []), { type: "morale/moveCharacter", character: "ney", to: { x: 10, y: 6 }, facing: 270 });
    expect(r.state.characters["ney" as keyof typeof r.state.characters]).toMatchObject({ position: { x: 10, y: 6 }, facing: 270 });
  });
});
