import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState } from "../../src/index.js";
import { MIN_MODELS_TO_RALLY, rallyViolation, unitRallyViolation } from "../../src/rules/whn/morale/rally.js";
import { atStep, battalion, battle, deepFreeze, leader, play, regiment, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

function scene(order: "DISORDERED" | "FLEEING", over: object = {}, extra: Partial<Parameters<typeof battle>[1]> = {}): BattleState {
  return atStep(battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 270, order, ...over }), ENEMY], extra), "fr", "rally");
}

const rally = (over: object = {}) => ({ type: "morale/rally", unit: "fr-1", ...over });

/** The whole refusal, nothing more and nothing less. */
function refusal(s: BattleState, action: unknown): unknown {
  deepFreeze(s);
  const r = apply(withScriptedDice(s, [1, 1]), action);
  expect(r.ok).toBe(false);
  return r.ok ? null : r.violation;
}

describe("morA: morale/rally (rally.ts)", () => {
  it("CORE-RALLY-2: the floor is 5 models", () => {
    expect(MIN_MODELS_TO_RALLY).toBe(5);
  });

  it("WHN-RALLY-2, WHN-RALLY-3: a DISORDERED unit's pass, every event in full", () => {
    const r = play(scene("DISORDERED"), [2, 3], rally());
    const evs = r.events.filter((e) => e.type === "morale/rallyTest" || e.type === "unit/rallied").map((e) => ({ ...e, seq: 0 }));
    expect(evs).toEqual([
      { type: "morale/rallyTest", rule: "WHN-RALLY-2", unit: "fr-1", order: "DISORDERED", dice: [2, 3], total: 5, target: 5, passed: true, leadersNear: [], seq: 0, gameTurn: 1 },
      { type: "unit/rallied", rule: "WHN-RALLY-3", unit: "fr-1", from: "DISORDERED", formation: "ATTACK_COLUMN", facing: 270, seq: 0, gameTurn: 1 },
    ]);
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "GOOD", flags: { rallied: true, ralliedFromFleeing: false } });
  });

  it("WHN-RALLY-4: a DISORDERED unit one over its target fails, event in full, state unchanged", () => {
    const s = scene("DISORDERED");
    const r = play(s, [3, 3], rally());
    const evs = r.events.filter((e) => e.type === "morale/rallyTest" || e.type === "unit/rallyFailed").map((e) => ({ ...e, seq: 0 }));
    expect(evs).toEqual([
      { type: "morale/rallyTest", rule: "WHN-RALLY-2", unit: "fr-1", order: "DISORDERED", dice: [3, 3], total: 6, target: 5, passed: false, leadersNear: [], seq: 0, gameTurn: 1 },
      { type: "unit/rallyFailed", rule: "WHN-RALLY-4", unit: "fr-1", order: "DISORDERED", seq: 0, gameTurn: 1 },
    ]);
    expect(unit(r.state, "fr-1")).toEqual(unit(s, "fr-1"));
  });

  it("CORE-RALLY-1, CORE-RALLY-4: a FLEEING unit passes on its full Ld; the rallied event names CORE-RALLY-4 and the reformed shape", () => {
    const r = play(scene("FLEEING"), [3, 3], rally({ reform: { formation: "LINE", files: 12, facing: 90 } }));
    const evs = r.events.filter((e) => e.type === "morale/rallyTest" || e.type === "unit/rallied").map((e) => ({ ...e, seq: 0 }));
    expect(evs).toEqual([
      { type: "morale/rallyTest", rule: "CORE-RALLY-1", unit: "fr-1", order: "FLEEING", dice: [3, 3], total: 6, target: 6, passed: true, leadersNear: [], seq: 0, gameTurn: 1 },
      { type: "unit/rallied", rule: "CORE-RALLY-4", unit: "fr-1", from: "FLEEING", formation: "LINE", facing: 90, seq: 0, gameTurn: 1 },
    ]);
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "GOOD", formation: "LINE", files: 12, facing: 90, flags: { rallied: true, ralliedFromFleeing: true } });
  });

  it("CORE-RALLY-4: a FLEEING unit that fails keeps its shape even when a reform was asked", () => {
    const s = scene("FLEEING");
    const r = play(s, [4, 3], rally({ reform: { formation: "LINE", files: 12 } }));
    expect(unit(r.state, "fr-1")).toEqual(unit(s, "fr-1"));
  });

  it("CORE-RALLY-1: a rallied unit's joined character is GOOD again", () => {
    const s = scene("FLEEING", {}, { characters: [leader("ney", "fr", { joinedTo: "fr-1", position: { x: 36, y: 24 }, order: "FLEEING" })] as never });
    const r = play(s, [1, 1], rally());
    expect((r.state.characters["ney" as never] as { order: string }).order).toBe("GOOD");
  });

  it("WHN-RALLY-1: refusals in full — wrong step, not rallyable, already tested", () => {
    const s = scene("DISORDERED");
    expect(refusal({ ...s, turn: { ...s.turn, step: "remaining" } }, rally())).toEqual({ code: "morale/wrong_step", rule: "CORE-TURN-2", step: "remaining", allowed: "rally" });
    const good = atStep(battle([battalion("fr-1", "fr"), ENEMY]), "fr", "rally");
    expect(refusal(good, rally())).toEqual({ code: "morale/not_rallyable", rule: "WHN-RALLY-1", unit: "fr-1", order: "GOOD" });
    const once = play(s, [6, 6], rally());
    expect(refusal(once.state, rally())).toEqual({ code: "morale/already_tested", rule: "WHN-RALLY-1", unit: "fr-1" });
  });

  it("CORE-RALLY-2, CORE-RALLY-3: refusals in full — 4 fleeing models, a failed start-of-turn test", () => {
    expect(refusal(scene("FLEEING", { figures: 4, formation: "LINE", files: 2 }), rally())).toEqual({ code: "morale/too_few_models", rule: "CORE-RALLY-2", unit: "fr-1", models: 4, min: 5 });
    expect(play(scene("FLEEING", { figures: 5, formation: "LINE", files: 3 }), [1, 1], rally()).state.units["fr-1" as never]).toMatchObject({ order: "GOOD" });
    const s = scene("DISORDERED");
    const barred = { ...s, units: { ...s.units, "fr-1": { ...unit(s, "fr-1"), flags: { ...unit(s, "fr-1").flags, failedStartPanic: true } } } } as BattleState;
    expect(refusal(barred, rally())).toEqual({ code: "morale/failed_start_panic", rule: "CORE-RALLY-3", unit: "fr-1" });
    expect(unitRallyViolation(barred, unit(barred, "fr-1"))).toEqual({ code: "morale/failed_start_panic", rule: "CORE-RALLY-3", unit: "fr-1" });
  });

  it("CORE-RALLY-4: refusals in full — reform of a DISORDERED unit, a formation of another troop type, too many files", () => {
    expect(refusal(scene("DISORDERED"), rally({ reform: { facing: 90 } }))).toEqual({ code: "morale/reform_not_allowed", rule: "CORE-RALLY-4", unit: "fr-1", order: "DISORDERED" });
    expect(refusal(scene("FLEEING"), rally({ reform: { formation: "CAV_LINE" } }))).toEqual({
      code: "morale/bad_formation",
      rule: "CORE-RALLY-4",
      unit: "fr-1",
      formation: "CAV_LINE",
      allowed: ["MARCH_COLUMN", "ATTACK_COLUMN", "LINE", "SQUARE", "OPEN_ORDER"],
    });
    expect(refusal(scene("FLEEING"), rally({ reform: { formation: "OPEN_ORDER" } }))).toMatchObject({ code: "morale/bad_formation", formation: "OPEN_ORDER" });
    expect(refusal(scene("FLEEING"), rally({ reform: { files: 25 } }))).toEqual({ code: "morale/bad_formation", rule: "CORE-RALLY-4", unit: "fr-1", files: 25, figures: 24 });
    const cav = atStep(battle([regiment("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 270, order: "FLEEING" }), ENEMY]), "fr", "rally");
    expect(refusal(cav, rally({ reform: { formation: "LINE" } }))).toEqual({ code: "morale/bad_formation", rule: "CORE-RALLY-4", unit: "fr-1", formation: "LINE", allowed: ["CAV_COLUMN", "CAV_LINE"] });
  });

  it("CORE-RALLY-4: under the core rules the reform is a block (or skirmish order), never a Napoleonic LINE", () => {
    const core = { ...scene("FLEEING"), ruleset: "core" } as BattleState;
    expect(refusal(core, rally({ reform: { formation: "LINE" } }))).toEqual({ code: "morale/bad_formation", rule: "CORE-RALLY-4", unit: "fr-1", formation: "LINE", allowed: ["BLOCK", "OPEN_ORDER"] });
  });

  it("WHN-RALLY-1: rallyViolation names a DISORDERED enemy unit in full, and a GOOD own unit", () => {
    const s = scene("DISORDERED");
    expect(rallyViolation(s, { ...unit(s, "gb-1"), order: "DISORDERED" })).toEqual({ code: "morale/not_your_unit", rule: "WHN-RALLY-1", unit: "gb-1", side: "gb" });
    expect(rallyViolation(s, undefined)).toEqual({ code: "morale/unknown_unit", rule: "WHN-RALLY-1", unit: null });
  });
});
