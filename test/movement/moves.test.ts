import { describe, expect, it } from "vitest";
import { chargeDistance } from "../../src/rules/whn/movement/index.js";
import { battleOf, fr, frCav, gb, gbCav, must, patch, refused, run, toStep, unitOf } from "../fixtures/movement.js";

const fwd = (unit: string, distance: number) => ({ type: "movement/move", unit, path: [{ kind: "forward", distance }] }) as const;
const marchFwd = (unit: string, distance: number) => ({ type: "movement/march", unit, path: [{ kind: "forward", distance }] }) as const;
const wheel = (unit: string, degrees: number, pivot: "left" | "right" = "left") => ({ type: "movement/move", unit, path: [{ kind: "wheel", degrees, pivot }] }) as const;
const far = (over: Parameters<typeof fr>[3] = {}) => toStep(battleOf([fr("fr-1", 36, 10, over), gb("gb-1", 36, 44)]), "remaining");

describe("moves (CORE-MOVE)", () => {
  it("CORE-MOVE-1: a unit moves up to M forward; a turn in place costs a quarter of M", () => {
    const s = far();
    expect(unitOf(must(s, fwd("fr-1", 4)), "fr-1").position).toEqual({ x: 36, y: 14 });
    expect(refused(s, fwd("fr-1", 4.01))).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-1", cost: 4.01, allowance: 4 });
    const turned = run(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "turn", degrees: 180 }, { kind: "forward", distance: 3 }] });
    expect(turned.events[0]).toMatchObject({ type: "unit/moved", cost: 4, turns: 1 });
    expect(unitOf(turned.state, "fr-1").facing).toBe(270);
    expect(refused(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "turn", degrees: 90 }, { kind: "forward", distance: 3.1 }] })).toMatchObject({ code: "movement/too_far" });
  });

  it("CORE-MOVE-2: a march is up to 2×M, refused with unfleeing enemy within 8\"", () => {
    const cav = toStep(battleOf([frCav("fr-c", 36, 10, { formation: "CAV_COLUMN", files: 3 }), gb("gb-1", 36, 44)]), "remaining");
    expect(run(cav, marchFwd("fr-c", 16)).events[0]).toMatchObject({ type: "unit/marched", rule: "CORE-MOVE-2", allowance: 16 });
    expect(refused(cav, marchFwd("fr-c", 16.1))).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-2" });
    const near = toStep(battleOf([frCav("fr-c", 36, 10, { formation: "CAV_COLUMN", files: 3 }), gb("gb-1", 50, 10)]), "remaining");
    expect(refused(near, marchFwd("fr-c", 4))).toMatchObject({ code: "movement/enemy_within_8", rule: "CORE-MOVE-2", enemies: ["gb-1"] });
    const fleeing = patch(near, "gb-1", { order: "FLEEING" });
    expect(unitOf(must(fleeing, marchFwd("fr-c", 4)), "fr-c").flags.marched).toBe(true);
  });

  it("CORE-MOVE-3: the charge distance is 2×M", () => {
    const s = battleOf([fr("fr-1", 36, 10), frCav("fr-c", 10, 10)]);
    expect(chargeDistance(s, unitOf(s, "fr-1"))).toBe(8);
    expect(chargeDistance(s, unitOf(s, "fr-c"))).toBe(16);
  });

  it("CORE-MOVE-4: no move within 1\" of an enemy, nor through another unit; engaged units stay", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), fr("fr-2", 36, 15.2, { files: 4 }), gb("gb-1", 20, 14.5)]), "remaining");
    expect(refused(s, fwd("fr-1", 3))).toMatchObject({ code: "movement/through_unit", rule: "CORE-MOVE-4", other: "fr-2" });
    const s2 = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 14.5)]), "remaining");
    expect(refused(s2, fwd("fr-1", 4))).toMatchObject({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", enemy: "gb-1" });
    expect(unitOf(must(s2, fwd("fr-1", 3.4)), "fr-1").position.y).toBeCloseTo(13.4, 9);
    const engaged = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 10)]), "remaining");
    expect(refused(engaged, fwd("fr-1", 1))).toMatchObject({ code: "movement/engaged", rule: "CORE-MOVE-4" });
  });

  it("CORE-MOVE-5: difficult ground costs double; impassable ground cannot be entered", () => {
    const wood = { id: "wood", kind: "woods", polygon: [{ x: 30, y: 12 }, { x: 42, y: 12 }, { x: 42, y: 30 }, { x: 30, y: 30 }], tags: { difficult: true } };
    const s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)], { terrain: [wood] }), "remaining");
    const r = run(s, fwd("fr-1", 3));
    expect(r.events[0]).toMatchObject({ type: "unit/moved", surcharge: 1, cost: 4 });
    expect(refused(s, fwd("fr-1", 3.1))).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-5" });
    const rock = { ...wood, id: "rock", tags: { impassable: true } };
    const s2 = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)], { terrain: [rock] }), "remaining");
    expect(refused(s2, fwd("fr-1", 3))).toMatchObject({ code: "movement/impassable", rule: "CORE-MOVE-5" });
  });

});

describe("WHN moves (WHN-MOVE)", () => {
  it("WHN-MOVE-1: a march column marches 3×M but not within 8\" of enemy", () => {
    const s = far({ formation: "MARCH_COLUMN", files: 3 });
    expect(run(s, marchFwd("fr-1", 12)).events[0]).toMatchObject({ rule: "WHN-MOVE-1", allowance: 12 });
    const near = toStep(battleOf([fr("fr-1", 36, 10, { formation: "MARCH_COLUMN", files: 3 }), gb("gb-1", 36, 17)]), "remaining");
    expect(refused(near, marchFwd("fr-1", 2))).toMatchObject({ code: "movement/enemy_within_8", rule: "WHN-MOVE-1" });
  });

  it("WHN-MOVE-2: an attack column marches 2×M even with enemy within 8\"", () => {
    const near = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 20, 12)]), "remaining");
    const r = run(near, marchFwd("fr-1", 8));
    expect(r.events[0]).toMatchObject({ type: "unit/marched", rule: "WHN-MOVE-2", allowance: 8 });
  });

  it("WHN-MOVE-3: a line may not march", () => {
    const s = far({ formation: "LINE", files: 12 });
    expect(refused(s, marchFwd("fr-1", 4))).toMatchObject({ code: "movement/may_not_march", rule: "WHN-MOVE-3" });
  });

  it("WHN-MOVE-4: a line wheels at most 45° in a phase, in one wheel or several; a column any amount", () => {
    const line = far({ formation: "LINE", figures: 8, files: 4 });
    expect(refused(line, wheel("fr-1", 46))).toMatchObject({ code: "movement/wheel_limit", rule: "WHN-MOVE-4", limit: 45 });
    const once = must(line, wheel("fr-1", 30));
    expect(refused(once, wheel("fr-1", 20, "right"))).toMatchObject({ code: "movement/wheel_limit", wheel: 50 });
    const col = far({ formation: "MARCH_COLUMN", files: 2 });
    expect(unitOf(must(col, wheel("fr-1", 90)), "fr-1").facing).toBe(180);
  });

  it("WHN-MOVE-5: a square moves M/2 in any direction without turning", () => {
    const s = far({ formation: "SQUARE" });
    const r = run(s, { type: "movement/moveTo", unit: "fr-1", to: { x: 34, y: 10 } });
    expect(r.events[0]).toMatchObject({ type: "unit/moved", rule: "WHN-MOVE-5", cost: 2, allowance: 2 });
    expect(unitOf(r.state, "fr-1").facing).toBe(90);
    expect(refused(s, { type: "movement/moveTo", unit: "fr-1", to: { x: 36, y: 12.1 } })).toMatchObject({ code: "movement/too_far" });
    expect(refused(s, fwd("fr-1", 1))).toMatchObject({ code: "movement/free_mover", rule: "WHN-MOVE-5" });
    expect(refused(s, { type: "movement/moveTo", unit: "fr-1", to: { x: 36, y: 11 }, march: true })).toMatchObject({ rule: "WHN-MOVE-5" });
  });

  it("WHN-MOVE-6: a disordered unit that has not rallied stays put", () => {
    const s = patch(far(), "fr-1", { order: "DISORDERED" });
    expect(refused(s, fwd("fr-1", 1))).toMatchObject({ code: "movement/disordered", rule: "WHN-MOVE-6" });
    expect(refused(s, { type: "movement/changeFormation", unit: "fr-1", formation: "LINE", files: 12 })).toMatchObject({ rule: "WHN-MOVE-6" });
  });

  it("WHN-MOVE-7: extended-order models move one by one in any direction, each within the allowance", () => {
    let s = far({ light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", files: 6 });
    s = patch(s, "fr-1", {
      models: Array.from({ length: 24 }, (_, i) => ({ x: 30 + (i % 6) * 1.6, y: 6 + Math.floor(i / 6) * 1.6, facing: 90 })),
    });
    const models = (unitOf(s, "fr-1").models ?? []).map((m) => ({ x: m.x + 3, y: m.y, facing: 0 }));
    const r = run(s, { type: "movement/moveTo", unit: "fr-1", models });
    expect(r.events[0]).toMatchObject({ type: "unit/moved", rule: "WHN-MOVE-7", longest: 3 });
    expect(unitOf(r.state, "fr-1").models?.[0]).toEqual({ x: 33, y: 6, facing: 0 });
    const tooFar = models.map((m, i) => (i === 0 ? { ...m, x: m.x + 1.1 } : m));
    expect(refused(s, { type: "movement/moveTo", unit: "fr-1", models: tooFar })).toMatchObject({ code: "movement/too_far", rule: "WHN-MOVE-7" });
  });
});

describe("guards", () => {
  it("moves are refused outside the remaining-moves step and for the other side's units", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)]), "declareCharges");
    expect(refused(s, fwd("fr-1", 1))).toMatchObject({ code: "movement/wrong_step" });
    expect(refused(toStep(s, "remaining"), fwd("gb-1", 1))).toMatchObject({ code: "action/not_your_turn" });
    expect(refused(toStep(s, "remaining"), fwd("nobody", 1))).toMatchObject({ code: "action/unknown_unit" });
  });
  it("a cavalry regiment keeps to the cavalry formations", () => {
    const s = toStep(battleOf([gbCav("gb-2", 36, 30), fr("fr-1", 10, 10)], { firstSide: "gb" }), "remaining");
    expect(refused(s, { type: "movement/changeFormation", unit: "gb-2", formation: "SQUARE" })).toMatchObject({ rule: "WHN-FORM-1" });
  });
});
