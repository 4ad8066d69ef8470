import { describe, expect, it } from "vitest";
import { apply, withScriptedDice, type BattleState } from "../../src/index.js";
import { centreOf } from "../../src/rules/whn/morale/flee.js";
import { battalion, battle, beforeStartOf, atStep, character, leader, play, types, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

/** Battalions of 24 that may have lost models: their column stands as it was (WHN-FORM-9). */
const DEPLETED = { startingFigures: 24 };

/** fr-1 with a fleeing friend fr-2 beside it (2.9" apart); the French turn about to begin. */
function scene(frOver: object = {}, fleeOver: object = {}, extra: Parameters<typeof battalion>[] = []): BattleState {
  const s = battle(
    [
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, ...DEPLETED, ...frOver }),
      battalion("fr-2", "fr", { position: { x: 42, y: 24 }, facing: 90, order: "FLEEING", ...DEPLETED, ...fleeOver }),
      ...extra.map(([id, side, over]) => battalion(id, side, { ...DEPLETED, ...over })),
      ENEMY,
    ],
    { firstSide: "gb" },
  );
  return beforeStartOf(s, "fr");
}

const advance = { type: "turn/advance" };

describe("start-of-turn Panic tests", () => {
  it("CORE-PANIC-3: a unit with a fleeing friend within 4\" tests at the start of its turn; failing, it is DISORDERED (WHN-PANIC-3)", () => {
    const r = play(scene(), [4, 3], advance);
    const test = r.events.find((e) => e.type === "morale/panicTest");
    expect(test).toMatchObject({ rule: "CORE-PANIC-3", unit: "fr-1", dice: [4, 3], target: 6, passed: false });
    expect(r.events.find((e) => e.type === "unit/disordered")).toMatchObject({ rule: "WHN-PANIC-3", unit: "fr-1" });
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "DISORDERED", flags: { failedStartPanic: true } });
  });

  it("WHN-PANIC-3: a DISORDERED unit failing at the start of its turn is FLEEING with its joined character; its flee move waits", () => {
    const s = beforeStartOf(
      battle(
        [
          battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, order: "DISORDERED" }),
          battalion("fr-2", "fr", { position: { x: 42, y: 24 }, facing: 90, order: "FLEEING" }),
          ENEMY,
        ],
        { firstSide: "gb", characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 } })] },
      ),
      "fr",
    );
    const r = play(s, [6, 6, 3, 3, 3, 3], advance);
    expect(types(r.events)).toEqual(["turn/phaseStarted", "morale/panicTest", "unit/mustFlee"]);
    expect(r.events[1]).toMatchObject({ unit: "fr-1", target: 7, passed: false, order: "DISORDERED" });
    expect(r.events[2]).toMatchObject({ rule: "WHN-PANIC-3", unit: "fr-1" });
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "FLEEING", position: unit(s, "fr-1").position, facing: 90 });
    expect(character(r.state, "ney")).toMatchObject({ order: "FLEEING", joinedTo: "fr-1" });
  });

  it("CORE-PANIC-3: passing changes nothing", () => {
    const r = play(scene(), [3, 3], advance);
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "GOOD", flags: { failedStartPanic: false } });
  });

  it("CORE-PANIC-3: a 12-model unit need not test for one fleeing 6, but must for two (2:1 by CORE-GEN-7)", () => {
    const one = play(scene({ figures: 12 }, { figures: 6 }), [], advance);
    expect(one.events.find((e) => e.type === "morale/panicExempt")).toMatchObject({ rule: "CORE-PANIC-3", unit: "fr-1", models: 12, fleeingModels: 6 });
    expect(types(one.events)).not.toContain("morale/panicTest");
    const two = play(
      scene({ figures: 12 }, { figures: 6 }, [["fr-3", "fr", { position: { x: 30, y: 24 }, facing: 90, figures: 6, order: "FLEEING" }]]),
      [1, 1],
      advance,
    );
    expect(two.events.filter((e) => e.type === "morale/panicTest")).toHaveLength(1);
    expect(two.events.find((e) => e.type === "morale/panicTest")).toMatchObject({ unit: "fr-1", passed: true });
  });

  it("CORE-PANIC-3: fleeing friends more than 4\" away cause no test", () => {
    const r = play(scene({}, { position: { x: 48, y: 24 } }), [], advance);
    expect(types(r.events)).not.toContain("morale/panicTest");
  });

  it("CORE-PANIC-3: a DISORDERED unit that fails is marked FLEEING, moves in the compulsory step, and may not rally (CORE-RALLY-3)", () => {
    const r = play(scene({ order: "DISORDERED" }), [5, 5], advance);
    expect(types(r.events)).toContain("unit/mustFlee");
    const fr1 = unit(r.state, "fr-1");
    expect(fr1).toMatchObject({ order: "FLEEING", position: { x: 36, y: 24 }, flags: { failedStartPanic: true } });
    const rally = apply(withScriptedDice(atStep(r.state, "fr", "rally"), [1, 1]), { type: "morale/rally", unit: "fr-1" });
    expect(rally.ok).toBe(false);
    if (!rally.ok) expect(rally.violation).toMatchObject({ code: "morale/failed_start_panic", rule: "CORE-RALLY-3" });
    // Compulsory step: fr-1 (failed test) and fr-2 (already fleeing) both flee, fr-1 first by id.
    const c = play(atStep(r.state, "fr", "rally"), [1, 2, 3, 3], advance);
    const fled = c.events.filter((e) => e.type === "unit/fled");
    expect(fled.map((e) => [e["unit"], e.rule, e["roll"]])).toEqual([
      ["fr-1", "CORE-PANIC-3", 3],
      ["fr-2", "CORE-FLEE-6", 6],
    ]);
  });

  it("CORE-PANIC-9: a fleeing skirmisher panics only skirmishers", () => {
    // 16 skirmishers in two open ranks (no 2:1 exemption against 24 or 16), placed so none overlap.
    const lights = { light: true, formation: "OPEN_ORDER", files: 8, figures: 16 };
    const formed = play(scene({ position: { x: 34, y: 24 } }, lights), [], advance);
    expect(types(formed.events)).not.toContain("morale/panicTest");
    const skirm = play(scene({ ...lights, position: { x: 30, y: 24 } }, lights), [6, 6], advance);
    expect(skirm.events.find((e) => e.type === "morale/panicTest")).toMatchObject({ unit: "fr-1", rule: "CORE-PANIC-3" });
  });

  it("CORE-PANIC-2: when several units test for one event, the General's unit tests first", () => {
    const s = battle(
      [
        battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
        battalion("fr-2", "fr", { position: { x: 42, y: 24 }, facing: 90, order: "FLEEING" }),
        battalion("fr-3", "fr", { position: { x: 48, y: 24 }, facing: 90 }),
        ENEMY,
      ],
      { firstSide: "gb", characters: [leader("nap", "fr", { isGeneral: true, joinedTo: "fr-3", position: { x: 48, y: 23.6 } })] },
    );
    const r = play(beforeStartOf(s, "fr"), [1, 1, 1, 1], advance);
    expect(r.events.filter((e) => e.type === "morale/panicTest").map((e) => e["unit"])).toEqual(["fr-3", "fr-1"]);
  });

  it("CORE-FLEE-6: a fleeing unit that did not rally flees again in the compulsory step, fresh 2D6 away from the nearest enemy", () => {
    const s = atStep(scene(), "fr", "rally");
    const before = unit(s, "fr-2");
    const r = play(s, [2, 2], advance);
    expect(r.events.find((e) => e.type === "unit/fled")).toMatchObject({ rule: "CORE-FLEE-6", unit: "fr-2", from: "gb-1", roll: 4 });
    const after = unit(r.state, "fr-2");
    const [a, b] = [centreOf(before), centreOf(unit(s, "gb-1"))];
    expect(after.facing).toBeCloseTo((Math.atan2(a.y - b.y, a.x - b.x) * 180) / Math.PI + 360, 9);
    expect(after.position.y).toBeLessThan(before.position.y);
  });

  it("CORE-FLEE-6: a unit that already fled this turn does not flee twice", () => {
    const s = atStep(scene(), "fr", "rally");
    const moved = { ...s, units: { ...s.units, "fr-2": { ...unit(s, "fr-2"), flags: { ...unit(s, "fr-2").flags, moved: true } } } } as BattleState;
    const r = play(moved, [], advance);
    expect(types(r.events)).not.toContain("unit/fled");
  });
});
