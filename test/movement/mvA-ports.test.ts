/**
 * The movement phase's calls into morale and combat (src/rules/whn/movement/ports.ts): who may
 * pursue at once a unit that fled its combat on a flank charge's Panic test (CORE-PANIC-4,
 * CORE-PANIC-10, CORE-PURS-1), with the decisions it opens in full.
 */
import { describe, expect, it } from "vitest";
import { combatId, unitId, withScriptedDice, type BattleState } from "../../src/index.js";
import { battleOf, fr, gb, gbCav, ofType, patch, run, toStep, unitOf } from "../fixtures/movement.js";
import { step } from "../fixtures/artillery.js";
import { destroyedFleeingPanic } from "../../src/rules/whn/movement/ports.js";

/**
 * fr-1 (attack column, DISORDERED, x 34.43–37.57, y 7.28–12) fights gb-1 (a line touching its front)
 * and gb-3 (two files touching its left flank, facing east); gb won the last round. gb-2's hussars
 * stand off fr-1's right flank and charge it. Britain moves.
 */
function flanked(over: { gb3?: Record<string, unknown>; combat?: Record<string, unknown> } = {}): BattleState {
  const s = toStep(
    battleOf(
      [
        fr("fr-1", 36, 12, { order: "DISORDERED" }),
        gb("gb-1", 36, 12, { figures: 20, files: 10 }),
        gb("gb-3", 36 - 2 * (20 / 25.4), 9.5, { facing: 0, files: 2, figures: 4 }),
        gbCav("gb-2", 44, 9.6, { facing: 180 }),
      ],
      { firstSide: "gb" },
    ),
    "declareCharges",
  );
  const c1 = { id: combatId("c1"), units: [unitId("fr-1"), unitId("gb-1"), unitId("gb-3")], chargers: [], squareness: {}, lastWinner: "gb", rounds: 1, ...over.combat };
  const t = { ...s, combats: { c1 } } as BattleState;
  return over.gb3 === undefined ? t : patch(t, "gb-3", over.gb3);
}
const declare = { type: "movement/declareCharge", unit: "gb-2", target: "fr-1" };
const restraint = (unit: string) => ({ kind: "restraint", side: "gb", unit, targets: ["fr-1"], rule: "CORE-PANIC-10" });

describe("mvA: pursuit of a unit that fled a flank charge's Panic test (CORE-PANIC-10)", () => {
  it("CORE-PANIC-10: every winner left fighting nobody gets its own restraint decision, in the combat's order", () => {
    const r = run(withScriptedDice(flanked(), [6, 6, 3, 4]), declare);
    expect(ofType(r.events, "unit/fled")).toHaveLength(1);
    expect(r.state.pending).toEqual([restraint("gb-1"), restraint("gb-3")]);
  });

  it("CORE-PANIC-4: a target that passes its Panic test does not flee, and nobody is offered a pursuit", () => {
    const r = run(withScriptedDice(flanked(), [1, 1, 3, 4]), declare);
    expect(ofType(r.events, "unit/fled")).toEqual([]);
    expect(unitOf(r.state, "fr-1").order).toBe("DISORDERED");
    expect(r.state.pending).toEqual([]);
  });

  it("CORE-PURS-1: a fleeing winner, a winner in square and a winner out of play may not pursue", () => {
    for (const gb3 of [{ order: "FLEEING" }, { formation: "SQUARE" }, { removed: { reason: "destroyed", gameTurn: 1 } }]) {
      const r = run(withScriptedDice(flanked({ gb3 }), [6, 6, 3, 4]), declare);
      expect(r.state.pending).toEqual([restraint("gb-1")]);
    }
  });

  it("CORE-PANIC-4: a flank charge in reach on a unit in no combat takes no Panic test and opens no pursuit", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 44, 9.6, { facing: 180 })], { firstSide: "gb" }), "declareCharges");
    const r = run(withScriptedDice(s, [6, 6, 3, 4]), declare);
    expect(ofType(r.events, "charge/declared")[0]).toMatchObject({ unit: "gb-2", target: "fr-1", face: "right", inReach: true });
    expect([ofType(r.events, "morale/panicTest"), ofType(r.events, "unit/fled")]).toEqual([[], []]);
    expect(unitOf(r.state, "fr-1").order).toBe(unitOf(s, "fr-1").order);
    expect(r.state.pending.filter((d) => d.kind === "restraint")).toEqual([]);
  });

  it("CORE-PANIC-10: with no round fought yet, or the fleeing side the last winner, nobody pursues", () => {
    for (const combat of [{ rounds: 0, lastWinner: null }, { lastWinner: "fr" }]) {
      const r = run(withScriptedDice(flanked({ combat }), [6, 6, 3, 4]), declare);
      expect(ofType(r.events, "unit/fled")).toHaveLength(1);
      expect(r.state.pending).toEqual([]);
    }
  });
});

describe("mvA: Panic for fleeing friends destroyed by chargers (CORE-PANIC-6)", () => {
  // fr-1 (13 models) was fleeing and has just been destroyed 2" from fr-2 (24 models: fewer than twice 13).
  const scene = () => {
    const s = battleOf([fr("fr-1", 20, 24, { figures: 13 }), fr("fr-2", 20, 20), gb("gb-1", 50, 44)]);
    return patch(s, "fr-1", { order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 } });
  };

  it("CORE-PANIC-6: a friend within 4\" of a destroyed fleeing unit tests (4 + 3 over Ld 6: disordered)", () => {
    const r = step(scene(), (s, ctx) => destroyedFleeingPanic(s, ctx, [unitId("fr-1")]), [4, 3]);
    const tests = ofType(r.events, "morale/panicTest");
    expect(tests.map((e) => [e.rule, e["unit"], e["passed"]])).toEqual([["CORE-PANIC-6", "fr-2", false]]);
    expect(unitOf(r.state, "fr-2").order).toBe("DISORDERED");
  });

  it("CORE-PANIC-6: with nobody destroyed there is no test and the state is the one given", () => {
    const s = scene();
    const r = step(s, (st, ctx) => {
      const out = destroyedFleeingPanic(st, ctx, []);
      expect(out).toBe(st);
      return out;
    }, [4, 3]);
    expect(r.events.filter((e) => e.type.startsWith("morale/"))).toEqual([]);
  });
});
