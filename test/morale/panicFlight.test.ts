import { describe, expect, it } from "vitest";
import { combatId, unitId, withScriptedDice, type BattleState } from "../../src/index.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { battleOf, fr, gb, gbCav, ofType, run, toStep, unitOf } from "../fixtures/movement.js";

/**
 * fr-1 (attack column, DISORDERED) fights gb-1 (line) to its front; gb won the last round. gb-2
 * (hussars) stands off fr-1's right flank and is about to charge it. Britain moves.
 */
function flankedColumn(combat: { lastWinner: string | null; rounds: number } = { lastWinner: "gb", rounds: 1 }): BattleState {
  const s = toStep(battleOf([fr("fr-1", 36, 12, { order: "DISORDERED" }), gb("gb-1", 36, 12, { figures: 20, files: 10 }), gbCav("gb-2", 44, 9.6, { facing: 180 })], { firstSide: "gb" }), "declareCharges");
  const c1 = { id: combatId("c1"), units: [unitId("fr-1"), unitId("gb-1")], chargers: [], squareness: {}, ...combat };
  return { ...s, combats: { c1 } } as BattleState;
}
const declare = { type: "movement/declareCharge", unit: "gb-2", target: "fr-1" };

describe("fleeing from a failed Panic test", () => {
  it("CORE-FLEE-3, CORE-PANIC-4: a unit that fails the flank-charge Panic test flees directly away from the nearest enemy, not the charger", () => {
    // Panic 6+6 fails; flee 3+4 = 7.
    const r = run(withScriptedDice(flankedColumn(), [6, 6, 3, 4]), declare);
    expect(ofType(r.events, "charge/declared")[0]).toMatchObject({ face: "right", inReach: true });
    expect(ofType(r.events, "morale/panicTest")[0]).toMatchObject({ rule: "CORE-PANIC-4", unit: "fr-1", passed: false });
    // gb-1 touches fr-1's front: it is the nearest enemy, so fr-1 runs south, away from it (the charger is east).
    expect(ofType(r.events, "unit/fled")[0]).toMatchObject({ unit: "fr-1", from: "gb-1", roll: 7, distance: 7, facing: 270 });
    const fled = unitOf(r.state, "fr-1");
    expect(fled.order).toBe("FLEEING");
    expect(fled.facing).toBe(270);
    // Turned about its centre and moved 7" south: its new front edge is its depth (6 ranks of 20 mm) + 7" south of 12.
    expect(fled.position.x).toBeCloseTo(36, 9);
    expect(fled.position.y).toBeCloseTo(12 - (6 * 20) / 25.4 - 7, 9);
  });

  it("CORE-PANIC-10: the enemy that won the last round may pursue at once; an equal roll stops 0.5\" short (CORE-PURS-4)", () => {
    const r = run(withScriptedDice(flankedColumn(), [6, 6, 3, 4]), declare);
    expect(r.state.pending).toEqual([{ kind: "restraint", side: "gb", unit: "gb-1", targets: ["fr-1"], rule: "CORE-PANIC-10" }]);
    const p = run(withScriptedDice(r.state, [4, 3]), { type: "combat/restrain", unit: "gb-1", pursue: true });
    expect(ofType(p.events, "combat/pursuit")[0]).toMatchObject({ unit: "gb-1", quarry: "fr-1", roll: 7, fleeRoll: 7, caught: false });
    expect(ofType(p.events, "combat/pursued")[0]!["distance"]).toBeCloseTo(6.5, 6);
    expect(unitOf(p.state, "gb-1").facing).toBe(270);
    expect(footprintDistance(footprintOf(unitOf(p.state, "gb-1")), footprintOf(unitOf(p.state, "fr-1")))).toBeCloseTo(0.5, 6);
    expect(p.state.pending).toEqual([]);
    expect(p.state.combats).toEqual({});
  });

  it("CORE-PANIC-10: a higher pursuit roll catches and destroys the panicked unit", () => {
    const r = run(withScriptedDice(flankedColumn(), [6, 6, 3, 4]), declare);
    const p = run(withScriptedDice(r.state, [5, 5]), { type: "combat/restrain", unit: "gb-1", pursue: true });
    expect(ofType(p.events, "combat/pursuit")[0]).toMatchObject({ roll: 10, fleeRoll: 7, caught: true });
    expect(unitOf(p.state, "fr-1").removed?.reason).toBe("destroyed");
    expect(ofType(p.events, "combat/pursued")[0]).toMatchObject({ distance: 10 });
  });

  it("CORE-PANIC-10: no pursuit when the enemy lost the last round or no round was fought yet", () => {
    for (const combat of [{ lastWinner: "fr", rounds: 1 }, { lastWinner: null, rounds: 0 }]) {
      const r = run(withScriptedDice(flankedColumn(combat), [6, 6, 3, 4]), declare);
      expect(ofType(r.events, "unit/fled")).toHaveLength(1);
      expect(r.state.pending).toEqual([]);
    }
  });

  it("CORE-PANIC-10: a winner still fighting another enemy may not pursue (CORE-PURS-1)", () => {
    // fr-2 faces south onto gb-1's rear edge (y = 12 + 2 ranks of 20 mm), in the same combat.
    const s = toStep(
      battleOf([fr("fr-1", 36, 12, { order: "DISORDERED" }), gb("gb-1", 36, 12, { figures: 20, files: 10 }), fr("fr-2", 36, 12 + 40 / 25.4, { facing: 270 }), gbCav("gb-2", 44, 9.6, { facing: 180 })], { firstSide: "gb" }),
      "declareCharges",
    );
    const c1 = { id: combatId("c1"), units: [unitId("fr-1"), unitId("gb-1"), unitId("fr-2")], chargers: [], squareness: {}, lastWinner: "gb", rounds: 1 };
    const r = run(withScriptedDice({ ...s, combats: { c1 } } as BattleState, [6, 6, 3, 4]), declare);
    expect(ofType(r.events, "unit/fled")[0]).toMatchObject({ unit: "fr-1", from: "gb-1" });
    expect(r.state.pending).toEqual([]);
  });
});
