/**
 * Charge declarations (src/rules/whn/movement/declare.ts): every refusal of `movement/declareCharge`
 * asserted whole (code, rule, details), the listing's quick check agreeing with each, and the whole
 * `charge/declared` event (face, distance, move, reach, path length, wheel).
 */
import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import { chargeDistance, declarations, legalMovementActions } from "../../src/rules/whn/movement/index.js";
import { declarationApplies, declareCharge } from "../../src/rules/whn/movement/declare.js";
import { roller, seedDice } from "../../src/dice/index.js";
import { own } from "../../src/engine/owned.js";
import { gun } from "../fixtures/artillery.js";
import { battleOf, declare, fr, gb, gbCav, must, patch, refused, run, toStep, unitOf } from "../fixtures/movement.js";

/** British hussars (gb-2, M 8) 14" in front of a French attack column (fr-1); Britain declares. */
const hussars = (extra: Parameters<typeof battleOf>[0] = [], over: Record<string, unknown> = {}): BattleState =>
  toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26), ...extra], { firstSide: "gb", ...over }), "declareCharges");

/** The declarations the listing offers a unit. */
const offered = (s: BattleState, id: string) => legalMovementActions(s, id as UnitId);

/** An event without its sequence number. */
const bare = (e: object): object => {
  const { seq: _seq, ...rest } = e as { seq?: number };
  return rest;
};

describe("movement/declareCharge refusals (CORE-CHRG-1, WHN-CHRG-5, CORE-TURN-2)", () => {
  it("CORE-CHRG-1: a declaration outside the declare step is refused naming the step", () => {
    const s = toStep(hussars(), "remaining");
    expect(refused(s, declare("gb-2", "fr-1"))).toEqual({ code: "movement/wrong_step", rule: "CORE-CHRG-1", step: "remaining", allowed: ["declareCharges"] });
    expect(offered(s, "gb-2").some((a) => a.type === "movement/declareCharge")).toBe(false);
  });

  it("CORE-TURN-2: an unknown charger, a charger of the other side and an unknown target are refused", () => {
    const s = hussars();
    // The engine's boundary refuses unknown ids before the handler runs…
    expect(refused(s, declare("nobody", "fr-1"))).toEqual({ code: "action/unknown_unit", rule: null, unit: "nobody" });
    expect(refused(s, declare("fr-1", "gb-2"))).toEqual({ code: "action/not_your_turn", rule: "CORE-TURN-2", unit: "fr-1", side: "fr", deciding: "gb" });
    // …and the handler itself answers the same questions with its own codes.
    const direct = (st: BattleState, unit: string, target: string) => {
      const out = declareCharge(st, { type: "movement/declareCharge", unit: unit as UnitId, target: target as UnitId }, { dice: roller(seedDice(0)), options: st.options, emit: () => undefined });
      return out.ok ? null : out.violation;
    };
    expect(direct(s, "nobody", "fr-1")).toEqual({ code: "movement/unknown_unit", rule: null, unit: "nobody" });
    expect(direct(s, "gb-2", "nobody")).toEqual({ code: "movement/unknown_unit", rule: null, unit: "nobody" });
    expect(direct(s, "fr-1", "gb-2")).toEqual({ code: "movement/not_your_unit", rule: "CORE-TURN-2", unit: "fr-1", side: "fr", active: "gb" });
    // A target removed from play is unknown too.
    const gone = { ...s, units: { ...s.units, "fr-1": { ...unitOf(s, "fr-1"), removed: "destroyed" } } } as BattleState;
    expect(direct(gone, "gb-2", "fr-1")).toEqual({ code: "movement/unknown_unit", rule: null, unit: "fr-1" });
    expect(direct(s, "gb-2", "fr-1")).toBeNull();
    // The listing's quick check agrees: none of these is offered.
    expect(declarationApplies(s, { type: "movement/declareCharge", unit: "nobody" as UnitId, target: "fr-1" as UnitId })).toBe(false);
    expect(declarationApplies(s, { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "nobody" as UnitId })).toBe(false);
    expect(declarationApplies(s, { type: "movement/declareCharge", unit: "fr-1" as UnitId, target: "gb-2" as UnitId })).toBe(false);
    expect(declarationApplies(gone, { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "fr-1" as UnitId })).toBe(false);
    expect(declarationApplies(s, { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "fr-1" as UnitId })).toBe(true);
    const later = toStep(s, "remaining");
    expect(declarationApplies(later, { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "fr-1" as UnitId })).toBe(false);
  });

  it("CORE-CHRG-1: a unit may not charge a unit of its own side", () => {
    const s = hussars([gb("gb-1", 60, 30)]);
    expect(refused(s, declare("gb-2", "gb-1"))).toEqual({ code: "movement/not_an_enemy", rule: "CORE-CHRG-1", unit: "gb-2", target: "gb-1" });
    expect(offered(s, "gb-2")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-1" }]);
    expect(declarationApplies(s, { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "gb-1" as UnitId })).toBe(false);
    expect(declarationApplies({ ...s }, { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "gb-1" as UnitId })).toBe(false);
  });

  it("CORE-CHRG-1 / WHN-CHRG-5: a fleeing or disordered charger may not charge; each refusal names its own rule", () => {
    const s = hussars();
    const fleeing = patch(s, "gb-2", { order: "FLEEING" });
    expect(refused(fleeing, declare("gb-2", "fr-1"))).toEqual({ code: "movement/charger_fleeing", rule: "CORE-CHRG-1", unit: "gb-2" });
    expect(offered(fleeing, "gb-2")).toEqual([]);
    const disordered = patch(s, "gb-2", { order: "DISORDERED" });
    expect(refused(disordered, declare("gb-2", "fr-1"))).toEqual({ code: "movement/charger_disordered", rule: "WHN-CHRG-5", unit: "gb-2" });
    expect(offered(disordered, "gb-2")).toEqual([]);
    // The same unit in good order may charge.
    expect(offered(s, "gb-2")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-1" }]);
    // The listing's fast path (a state the engine built) answers the same.
    const d = { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "fr-1" as UnitId } as const;
    expect(declarationApplies(own(fleeing), d)).toBe(false);
    expect(declarationApplies(own(disordered), d)).toBe(false);
    expect(declarationApplies(own(patch(s, "gb-2", { formation: "SQUARE", files: 6 })), d)).toBe(false);
    expect(declarationApplies(own(patch(s, "gb-2", { flags: { ...unitOf(s, "gb-2").flags, declaredCharge: true } })), d)).toBe(false);
    expect(declarationApplies(own(patch(s, "gb-2", { order: "GOOD" })), d)).toBe(true);
  });

  it("WHN-CHRG-5: a square may not charge", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12, { formation: "SQUARE", files: 6 }), gb("gb-1", 36, 20)]), "declareCharges");
    expect(refused(s, declare("fr-1", "gb-1"))).toEqual({ code: "movement/square_may_not_charge", rule: "WHN-CHRG-5", unit: "fr-1" });
    expect(offered(s, "fr-1")).toEqual([]);
    // The column it was may.
    const col = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 20)]), "declareCharges");
    expect(offered(col, "fr-1")).toEqual([{ type: "movement/declareCharge", unit: "fr-1", target: "gb-1" }]);
  });

  it("CORE-CHRG-1: a gun may not declare a charge", () => {
    const s = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 10 } }), gb("gb-1", 36, 20)]), "declareCharges");
    expect(refused(s, declare("fr-g", "gb-1"))).toEqual({ code: "movement/may_not_charge", rule: "CORE-CHRG-1", unit: "fr-g", formation: "UNLIMBERED" });
    expect(offered(s, "fr-g")).toEqual([]);
  });

  it("CORE-CHRG-1: a unit declares one charge a phase", () => {
    const s = must(hussars([fr("fr-3", 48, 14)]), declare("gb-2", "fr-1"));
    expect(unitOf(s, "gb-2").flags.declaredCharge).toBe(true);
    expect(declarations(s)).toHaveLength(1);
    expect(refused(s, declare("gb-2", "fr-1"))).toEqual({ code: "movement/already_declared", rule: "CORE-CHRG-1", unit: "gb-2" });
    expect(refused(s, declare("gb-2", "fr-3"))).toEqual({ code: "movement/already_declared", rule: "CORE-CHRG-1", unit: "gb-2" });
    expect(offered(s, "gb-2")).toEqual([]);
  });

  it("CORE-CHRG-1: an engaged unit may not declare a charge (touching an enemy counts)", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 12), gb("gb-3", 60, 30)]), "declareCharges");
    expect(refused(s, declare("fr-1", "gb-3"))).toEqual({ code: "movement/charger_engaged", rule: "CORE-CHRG-1", unit: "fr-1" });
    expect(offered(s, "fr-1")).toEqual([]);
    // Off its own table copy (a state the engine did not build) the answer is the same.
    expect(offered({ ...s }, "fr-1")).toEqual([]);
  });

  it("CORE-CHRG-1: the target must be in the charger's front arc", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26, { facing: 90 })], { firstSide: "gb" }), "declareCharges");
    expect(refused(s, declare("gb-2", "fr-1"))).toEqual({ code: "movement/target_not_in_arc", rule: "CORE-CHRG-1", unit: "gb-2", target: "fr-1" });
    expect(offered(s, "gb-2")).toEqual([]);
    expect(offered({ ...s }, "gb-2")).toEqual([]);
  });

  it("CORE-CHRG-1: the charger must see its target; the refusal names the unit in the way", () => {
    const s = hussars([fr("fr-2", 36, 19, { formation: "LINE", files: 12 })]);
    expect(refused(s, declare("gb-2", "fr-1"))).toEqual({ code: "movement/no_line_of_sight", rule: "CORE-CHRG-1", unit: "gb-2", target: "fr-1", blockers: ["fr-2"] });
    // The line in the way may itself be charged.
    expect(offered(s, "gb-2")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-2" }]);
    expect(offered({ ...s }, "gb-2")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-2" }]);
    // The same battle without the line: the column is seen (the listing measures sight again for new units).
    expect(offered(hussars(), "gb-2")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-1" }]);
  });
});

describe("the listing's sight field follows the state (CORE-GEO-16, CORE-CHRG-1)", () => {
  const d = { type: "movement/declareCharge", unit: "gb-2" as UnitId, target: "fr-1" as UnitId } as const;
  const wall = { id: "wall", kind: "wall", polygon: [{ x: 30, y: 18 }, { x: 42, y: 18 }, { x: 42, y: 19 }, { x: 30, y: 19 }], tags: { blocksLos: true } };

  it("CORE-GEO-16: the same units with a sight-blocking feature added: the target is no longer seen", () => {
    const s = hussars();
    expect(declarationApplies(s, d)).toBe(true);
    const walled = own({ ...s, terrain: [...s.terrain, wall] } as BattleState);
    expect(walled.units).toBe(s.units);
    expect(declarationApplies(walled, d)).toBe(false);
    expect(refused(walled, declare("gb-2", "fr-1"))).toEqual({ code: "movement/no_line_of_sight", rule: "CORE-CHRG-1", unit: "gb-2", target: "fr-1", blockers: ["wall"] });
    expect(declarationApplies(s, d)).toBe(true);
  });

  it("CORE-GEO-16: the same terrain with a unit moved in the way, then out of it: sight follows the units", () => {
    const s = hussars([fr("fr-2", 10, 19, { formation: "LINE", files: 12 })]);
    expect(declarationApplies(s, d)).toBe(true);
    const inWay = own({ ...s, units: { ...s.units, "fr-2": { ...unitOf(s, "fr-2"), position: { x: 36, y: 19 } } } } as BattleState);
    expect(inWay.terrain).toBe(s.terrain);
    expect(declarationApplies(inWay, d)).toBe(false);
    expect(declarationApplies(s, d)).toBe(true);
  });
});

describe("the charged face (CORE-CHRG-4, HR-FLANK-1)", () => {
  // fr-1 is engaged to its front by gb-1; hussars gb-2 stand off its right front corner.
  const units = [fr("fr-1", 36, 12), gb("gb-1", 36, 12, { figures: 8, files: 4 }), gbCav("gb-2", 40, 16, { facing: 225 })];
  const off = () => toStep(battleOf(units, { firstSide: "gb" }), "declareCharges");
  const on = () => toStep(battleOf(units, { firstSide: "gb", options: { hr: { flankChargeEngaged: true } } }), "declareCharges");

  it("CORE-CHRG-4: without the house rule only the natural face may be named; naming it is the same as naming none", () => {
    const s = off();
    expect(refused(s, declare("gb-2", "fr-1", "right"))).toEqual({ code: "movement/face_not_allowed", rule: "CORE-CHRG-4", unit: "gb-2", face: "right", natural: "front" });
    expect(refused(s, declare("gb-2", "fr-1", "rear"))).toEqual({ code: "movement/face_not_allowed", rule: "CORE-CHRG-4", unit: "gb-2", face: "rear", natural: "front" });
    const named = run(s, declare("gb-2", "fr-1", "front"));
    const plain = run(s, declare("gb-2", "fr-1"));
    expect(named.events.map(bare)).toEqual(plain.events.map(bare));
    expect(offered(s, "gb-2")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-1" }]);
  });

  it("HR-FLANK-1: an enemy standing off the front corner (not touching the front edge) does not make the target engaged to its front", () => {
    const s = toStep(
      battleOf([fr("fr-1", 36, 12), gb("gb-1", 38, 12.5, { facing: 180, formation: "ATTACK_COLUMN", files: 4 }), gbCav("gb-2", 36, 26)], {
        firstSide: "gb",
        options: { hr: { flankChargeEngaged: true } },
      }),
      "declareCharges",
    );
    expect(refused(s, declare("gb-2", "fr-1", "left"))).toEqual({ code: "movement/face_not_allowed", rule: "HR-FLANK-1", unit: "gb-2", face: "left", natural: "front" });
    expect(refused(s, declare("gb-2", "fr-1", "right"))).toEqual({ code: "movement/face_not_allowed", rule: "HR-FLANK-1", unit: "gb-2", face: "right", natural: "front" });
    expect(run(s, declare("gb-2", "fr-1")).events.map(bare)).toEqual([
      { type: "charge/declared", rule: "CORE-CHRG-1", gameTurn: 1, unit: "gb-2", target: "fr-1", face: "front", distance: 14, move: 8, inReach: true, pathLength: 14, wheel: 0 },
    ]);
    expect(offered(s, "gb-2").filter((a) => a.type === "movement/declareCharge" && a.target === "fr-1")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-1" }]);
  });

  it("CORE-CHRG-1 / WHN-MOVE-4: the declared event carries the face, the distance, M, whether it reaches, the path and the wheel", () => {
    const r = run(off(), declare("gb-2", "fr-1"));
    expect(r.events).toHaveLength(1);
    const e = bare(r.events[0] as object) as Record<string, number>;
    expect(e).toEqual({
      type: "charge/declared",
      rule: "CORE-CHRG-1",
      gameTurn: 1,
      unit: "gb-2",
      target: "fr-1",
      face: "front",
      distance: e["distance"],
      move: 8,
      inReach: true,
      pathLength: e["pathLength"],
      wheel: 45,
    });
    expect(e["distance"]).toBeCloseTo(4.5433, 3);
    expect(e["pathLength"]).toBeCloseTo(4.6778, 3);
    // No Panic test for a frontal charge of an engaged unit (CORE-PANIC-4).
    expect(unitOf(r.state, "fr-1").order).toBe("GOOD");
    expect(unitOf(r.state, "gb-2").flags.declaredCharge).toBe(true);
    expect(unitOf(r.state, "fr-1").flags.declaredCharge).toBe(false);
  });

  it("HR-FLANK-1: with the house rule a flank of a unit engaged to its front may be named; not its rear", () => {
    const s = on();
    expect(refused(s, declare("gb-2", "fr-1", "rear"))).toEqual({ code: "movement/face_not_allowed", rule: "HR-FLANK-1", unit: "gb-2", face: "rear", natural: "front" });
    expect(offered(s, "gb-2")).toEqual([
      { type: "movement/declareCharge", unit: "gb-2", target: "fr-1" },
      { type: "movement/declareCharge", unit: "gb-2", target: "fr-1", face: "left" },
      { type: "movement/declareCharge", unit: "gb-2", target: "fr-1", face: "right" },
    ]);
    const r = run(withScriptedDice(s, [1, 1]), declare("gb-2", "fr-1", "right"));
    expect(bare(r.events[0] as object)).toEqual({
      type: "charge/declared",
      rule: "HR-FLANK-1",
      gameTurn: 1,
      unit: "gb-2",
      target: "fr-1",
      face: "right",
      distance: (r.events[0] as unknown as { distance: number }).distance,
      move: 8,
      inReach: true,
      pathLength: (r.events[0] as unknown as { pathLength: number }).pathLength,
      wheel: -45,
    });
    // In reach on a flank: the engaged target tests at once (CORE-PANIC-4), here passing on 2.
    expect(r.events[1]).toMatchObject({ type: "morale/panicTest", rule: "CORE-PANIC-4", unit: "fr-1", passed: true });
  });

  it("WHN-MOVE-4: a cavalry line may wheel at most 45°: the far (left) flank needs 135° and is out of reach, so no Panic test", () => {
    const r = run(on(), declare("gb-2", "fr-1", "left"));
    expect(r.events).toHaveLength(1);
    expect(bare(r.events[0] as object)).toMatchObject({ type: "charge/declared", rule: "HR-FLANK-1", face: "left", inReach: false, wheel: 135, move: 8 });
    expect((r.events[0] as unknown as { pathLength: number }).pathLength).toBeLessThan(chargeDistance(r.state, unitOf(r.state, "gb-2")));
    expect(unitOf(r.state, "fr-1").order).toBe("GOOD");
  });

  it("WHN-MOVE-4: the limit holds both ways: from the other side the far (right) flank needs 135° the other way and is out of reach", () => {
    const mirrored = [fr("fr-1", 36, 12), gb("gb-1", 36, 12, { figures: 8, files: 4 }), gbCav("gb-2", 32, 16, { facing: 315 })];
    const s = toStep(battleOf(mirrored, { firstSide: "gb", options: { hr: { flankChargeEngaged: true } } }), "declareCharges");
    const r = run(s, declare("gb-2", "fr-1", "right"));
    expect(r.events).toHaveLength(1);
    expect(bare(r.events[0] as object)).toMatchObject({ type: "charge/declared", rule: "HR-FLANK-1", face: "right", inReach: false, wheel: -135, move: 8 });
    const front = run(s, declare("gb-2", "fr-1"));
    expect(bare(front.events[0] as object)).toMatchObject({ type: "charge/declared", rule: "CORE-CHRG-1", face: "front", inReach: true, wheel: -45 });
  });

  it("WHN-MOVE-4: a cavalry column has no wheel limit: the same 135° flank charge reaches and the target tests", () => {
    const col = [fr("fr-1", 36, 12), gb("gb-1", 36, 12, { figures: 8, files: 4 }), gbCav("gb-2", 40, 16, { facing: 225, formation: "CAV_COLUMN", files: 3 })];
    const s = toStep(battleOf(col, { firstSide: "gb", options: { hr: { flankChargeEngaged: true } } }), "declareCharges");
    const r = run(withScriptedDice(s, [6, 6]), declare("gb-2", "fr-1", "left"));
    expect(bare(r.events[0] as object)).toMatchObject({ type: "charge/declared", rule: "HR-FLANK-1", face: "left", inReach: true, wheel: 135 });
    expect(r.events[1]).toMatchObject({ type: "morale/panicTest", rule: "CORE-PANIC-4", unit: "fr-1", passed: false, dice: [6, 6] });
  });

  it("HR-FLANK-1: a flank may be named only when the target is engaged to its front, and never on a square", () => {
    const free = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 40, 20, { facing: 225 })], { firstSide: "gb", options: { hr: { flankChargeEngaged: true } } }), "declareCharges");
    expect(refused(free, declare("gb-2", "fr-1", "right"))).toEqual({ code: "movement/face_not_allowed", rule: "HR-FLANK-1", unit: "gb-2", face: "right", natural: "front" });
    expect(refused(free, declare("gb-2", "fr-1", "left"))).toEqual({ code: "movement/face_not_allowed", rule: "HR-FLANK-1", unit: "gb-2", face: "left", natural: "front" });
    expect(offered(free, "gb-2")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-1" }]);
    const sq = toStep(
      battleOf([fr("fr-1", 36, 12, { formation: "SQUARE", files: 6 }), gb("gb-1", 36, 12, { figures: 8, files: 4 }), gbCav("gb-2", 42, 18, { facing: 225 })], {
        firstSide: "gb",
        options: { hr: { flankChargeEngaged: true } },
      }),
      "declareCharges",
    );
    expect(refused(sq, declare("gb-2", "fr-1", "right"))).toEqual({ code: "movement/face_not_allowed", rule: "HR-FLANK-1", unit: "gb-2", face: "right", natural: "front" });
    expect(offered(sq, "gb-2").filter((a) => a.type === "movement/declareCharge" && a.target === "fr-1")).toEqual([{ type: "movement/declareCharge", unit: "gb-2", target: "fr-1" }]);
  });
});

describe("charge distance (CORE-MOVE-3)", () => {
  it("CORE-MOVE-3: the charge distance is twice M: 16\" for hussars, 8\" for the column", () => {
    const s = hussars();
    expect(chargeDistance(s, unitOf(s, "gb-2"))).toBe(16);
    expect(chargeDistance(s, unitOf(s, "fr-1"))).toBe(8);
  });

  it("CORE-CHRG-6: a declaration out of reach is made all the same, marked out of reach, with its distance", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 18), gb("gb-3", 36, 30, { facing: 270 })]), "declareCharges");
    const near = run(s, declare("fr-1", "gb-1"));
    expect(near.events.map(bare)).toEqual([
      { type: "charge/declared", rule: "CORE-CHRG-1", gameTurn: 1, unit: "fr-1", target: "gb-1", face: "front", distance: 6, move: 4, inReach: true, pathLength: 6, wheel: 0 },
    ]);
    const far = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-3", 36, 20.5, { facing: 270 })]), "declareCharges");
    expect(run(far, declare("fr-1", "gb-3")).events.map(bare)).toEqual([
      { type: "charge/declared", rule: "CORE-CHRG-1", gameTurn: 1, unit: "fr-1", target: "gb-3", face: "front", distance: 8.5, move: 4, inReach: false, pathLength: 8.5, wheel: 0 },
    ]);
    const exact = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-3", 36, 20, { facing: 270 })]), "declareCharges");
    expect(run(exact, declare("fr-1", "gb-3")).events.map(bare)).toEqual([
      { type: "charge/declared", rule: "CORE-CHRG-1", gameTurn: 1, unit: "fr-1", target: "gb-3", face: "front", distance: 8, move: 4, inReach: true, pathLength: 8, wheel: 0 },
    ]);
  });
});
