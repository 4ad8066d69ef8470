import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState } from "../../src/index.js";
import { centreOf } from "../../src/rules/whn/morale/flee.js";
import { rallyViolation } from "../../src/rules/whn/morale/rally.js";
import { mayMoveVoluntarily, shootingBsModifier, stationaryReason } from "../../src/rules/whn/morale/disorder.js";
import { atStep, battalion, battle, character, deepFreeze, leader, play, types, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

function scene(order: "DISORDERED" | "FLEEING", over: object = {}, extra: Partial<Parameters<typeof battle>[1]> = {}): BattleState {
  return atStep(battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 270, order, startingFigures: 24, ...over }), ENEMY], extra), "fr", "rally");
}

const rally = (over: object = {}) => ({ type: "morale/rally", unit: "fr-1", ...over });

function refused(s: BattleState, action: unknown, code: string, rule: string, details: object = {}): void {
  deepFreeze(s);
  const r = apply(withScriptedDice(s, [1, 1]), action);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.violation).toMatchObject({ ...details, code, rule });
}

describe("morale/rally", () => {
  it("WHN-RALLY-1: a DISORDERED unit of the active player may take a rally test; passing it is GOOD and rallied (WHN-RALLY-3)", () => {
    const r = play(scene("DISORDERED"), [2, 3], rally());
    expect(r.events[0]).toMatchObject({ type: "morale/rallyTest", rule: "WHN-RALLY-2", dice: [2, 3], target: 5, passed: true });
    expect(r.events[1]).toMatchObject({ type: "unit/rallied", rule: "WHN-RALLY-3", from: "DISORDERED" });
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "GOOD", flags: { rallied: true, ralliedFromFleeing: false } });
  });

  it("WHN-RALLY-2: the rally test uses WHN-LEAD-3's value, with the −1 for disorder", () => {
    const r = play(scene("DISORDERED"), [3, 3], rally());
    expect(r.events[0]).toMatchObject({ total: 6, target: 5, passed: false });
    const led = play(scene("DISORDERED", {}, { characters: [leader("ney", "fr", { position: { x: 44, y: 20 } })] }), [3, 3], rally());
    expect(led.events[0]).toMatchObject({ total: 6, target: 6, passed: true, leadersNear: ["ney"] });
  });

  it("WHN-RALLY-4: a DISORDERED unit that fails stays DISORDERED and stationary (WHN-DIS-4)", () => {
    const r = play(scene("DISORDERED"), [4, 4], rally());
    expect(types(r.events)).toEqual(["morale/rallyTest", "unit/rallyFailed"]);
    expect(r.events[1]).toMatchObject({ rule: "WHN-RALLY-4" });
    const u = unit(r.state, "fr-1");
    expect(u.order).toBe("DISORDERED");
    expect(stationaryReason(u, r.state.options)).toEqual({ reason: "disordered", rule: "WHN-DIS-4" });
  });

  it("WHN-RALLY-1: a DISORDERED unit of any size may rally", () => {
    const r = play(scene("DISORDERED", { figures: 3 }), [1, 1], rally());
    expect(unit(r.state, "fr-1").order).toBe("GOOD");
  });

  it("CORE-RALLY-1: a FLEEING unit tests on its Ld without the disorder −1 (AMB-101); passing, it stops fleeing with its joined character", () => {
    const s = scene("FLEEING", {}, { characters: [leader("ney", "fr", { joinedTo: "fr-1", order: "FLEEING", profile: { M: 4, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 5 } })] });
    const r = play(s, [3, 3], rally());
    expect(r.events[0]).toMatchObject({ rule: "CORE-RALLY-1", target: 6, passed: true });
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "GOOD", flags: { rallied: true, ralliedFromFleeing: true } });
    expect(character(r.state, "ney").order).toBe("GOOD");
  });

  it("CORE-RALLY-1: a FLEEING unit that fails flees again in the compulsory step (WHN-RALLY-4)", () => {
    const r = play(scene("FLEEING"), [4, 4], rally());
    expect(unit(r.state, "fr-1").order).toBe("FLEEING");
    const c = play(r.state, [1, 1], { type: "turn/advance" });
    expect(c.events.find((e) => e.type === "unit/fled")).toMatchObject({ rule: "CORE-FLEE-6", unit: "fr-1", roll: 2 });
  });

  it("CORE-RALLY-2: a FLEEING unit of fewer than 5 models cannot rally", () => {
    refused(scene("FLEEING", { figures: 4 }), rally(), "morale/too_few_models", "CORE-RALLY-2", { unit: "fr-1", models: 4, min: 5 });
  });

  it("CORE-RALLY-2: a joined character counts towards the five models (CORE-GEN-7)", () => {
    const s = scene("FLEEING", { figures: 4 }, { characters: [leader("ney", "fr", { joinedTo: "fr-1", order: "FLEEING" })] });
    expect(play(s, [1, 1], rally()).events[0]).toMatchObject({ type: "morale/rallyTest", passed: true });
  });

  it("CORE-RALLY-3: a unit that failed a start-of-turn Panic test may not rally", () => {
    const s = scene("DISORDERED");
    const barred = { ...s, units: { ...s.units, "fr-1": { ...unit(s, "fr-1"), flags: { ...unit(s, "fr-1").flags, failedStartPanic: true } } } } as BattleState;
    refused(barred, rally(), "morale/failed_start_panic", "CORE-RALLY-3", { unit: "fr-1" });
  });

  it("CORE-RALLY-4: a unit rallied from FLEEING is rearranged about its centre for free and may not move", () => {
    const s = scene("FLEEING");
    const c0 = centreOf(unit(s, "fr-1"));
    const r = play(s, [1, 1], rally({ reform: { formation: "LINE", files: 12, facing: 90 } }));
    const u = unit(r.state, "fr-1");
    expect(u).toMatchObject({ formation: "LINE", files: 12, facing: 90 });
    const c1 = centreOf(u);
    expect(c1.x).toBeCloseTo(c0.x, 9);
    expect(c1.y).toBeCloseTo(c0.y, 9);
    expect(stationaryReason(u, r.state.options)).toEqual({ reason: "ralliedFromFleeing", rule: "CORE-RALLY-4" });
  });

  it("CORE-RALLY-4: only a unit rallying from FLEEING is reformed, and only into its troop type's formations", () => {
    refused(scene("DISORDERED"), rally({ reform: { facing: 0 } }), "morale/reform_not_allowed", "CORE-RALLY-4", { unit: "fr-1", order: "DISORDERED" });
    const infantry = ["MARCH_COLUMN", "ATTACK_COLUMN", "LINE", "SQUARE", "OPEN_ORDER"];
    refused(scene("FLEEING"), rally({ reform: { formation: "CAV_LINE" } }), "morale/bad_formation", "CORE-RALLY-4", { unit: "fr-1", formation: "CAV_LINE", allowed: infantry });
  });

  it("WHN-RALLY-3: a rallied unit shoots at BS −1 this turn; rallied from disorder it may move unless the option forbids (AMB-33)", () => {
    const r = play(scene("DISORDERED"), [1, 1], rally());
    const u = unit(r.state, "fr-1");
    expect(shootingBsModifier(u)).toBe(-1);
    expect(mayMoveVoluntarily(u, r.state.options)).toBe(true);
    const strict = { ...r.state.options, whn: { ...r.state.options.whn, rallyFromDisorderMayMove: false } };
    expect(stationaryReason(u, strict)).toEqual({ reason: "ralliedFromDisorder", rule: "WHN-RALLY-3" });
  });

  it("WHN-RALLY-1: only in the rally step, only the active player's FLEEING or DISORDERED units, once a turn", () => {
    refused({ ...scene("DISORDERED"), turn: { ...scene("DISORDERED").turn, step: "remaining" } }, rally(), "morale/wrong_step", "CORE-TURN-2", { step: "remaining", allowed: "rally" });
    refused(scene("DISORDERED"), rally({ unit: "gb-1" }), "action/not_your_turn", "CORE-TURN-2");
    expect(apply(scene("DISORDERED"), rally({ unit: "nobody" }))).toMatchObject({ ok: false, violation: { code: "action/unknown_unit" } });
    const good = atStep(battle([battalion("fr-1", "fr"), ENEMY]), "fr", "rally");
    refused(good, rally(), "morale/not_rallyable", "WHN-RALLY-1", { unit: "fr-1", order: "GOOD" });
    const once = play(scene("DISORDERED"), [6, 6], rally());
    refused(once.state, rally(), "morale/already_tested", "WHN-RALLY-1", { unit: "fr-1" });
  });

  it("CORE-RALLY-4: a reform that would cross the table edge is refused; only light infantry may reform into OPEN_ORDER", () => {
    const edge = scene("FLEEING", { position: { x: 4, y: 24 } });
    refused(edge, rally({ reform: { formation: "LINE", files: 24 } }), "morale/reform_off_table", "CORE-RALLY-4", { unit: "fr-1" });
    expect(unit(play(edge, [1, 1], rally({ reform: { formation: "LINE", files: 8 } })).state, "fr-1").formation).toBe("LINE");
    refused(scene("FLEEING"), rally({ reform: { formation: "OPEN_ORDER" } }), "morale/bad_formation", "CORE-RALLY-4", { unit: "fr-1", formation: "OPEN_ORDER" });
    const light = play(scene("FLEEING", { light: true }), [1, 1], rally({ reform: { formation: "OPEN_ORDER" } }));
    expect(unit(light.state, "fr-1")).toMatchObject({ order: "GOOD", formation: "OPEN_ORDER" });
  });

  it("WHN-RALLY-1: rallyViolation, as the legal-action listers call it, names unknown, removed and enemy units", () => {
    const s = scene("DISORDERED");
    expect(rallyViolation(s, undefined)).toMatchObject({ code: "morale/unknown_unit", rule: "WHN-RALLY-1", unit: null });
    const gone = { ...unit(s, "fr-1"), removed: { reason: "destroyed" as const, gameTurn: 1 } };
    expect(rallyViolation(s, gone)).toMatchObject({ code: "morale/unknown_unit", rule: "WHN-RALLY-1", unit: "fr-1" });
    expect(rallyViolation(s, { ...unit(s, "gb-1"), order: "DISORDERED" })).toMatchObject({ code: "morale/not_your_unit", rule: "WHN-RALLY-1", unit: "gb-1", side: "gb" });
    expect(rallyViolation(s, unit(s, "fr-1"))).toBeNull();
  });

  it("WHN-RALLY-4: the failure event names the unit and its order; CORE-RALLY-1: a rider's rally leaves other characters alone", () => {
    const failed = play(scene("DISORDERED"), [6, 6], rally());
    expect(failed.events[1]).toMatchObject({ type: "unit/rallyFailed", unit: "fr-1", order: "DISORDERED" });
    const s = scene("FLEEING", {}, {
      characters: [leader("ney", "fr", { joinedTo: "fr-1", order: "FLEEING", position: { x: 36, y: 24 } }), leader("soult", "fr", { position: { x: 60, y: 10 } })],
    });
    const r = play(s, [1, 1], rally());
    expect(character(r.state, "ney").order).toBe("GOOD");
    expect(r.state.characters).toHaveProperty("soult");
    expect(character(r.state, "soult")).toEqual(character(s, "soult"));
  });

  it("WHN-RALLY-1: one unit's rally test bars neither another unit's test nor its own in a later turn", () => {
    const two = atStep(
      battle([
        battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 270, order: "DISORDERED" }),
        battalion("fr-2", "fr", { position: { x: 12, y: 24 }, facing: 270, order: "DISORDERED" }),
        ENEMY,
      ]),
      "fr",
      "rally",
    );
    const first = play(two, [6, 6], rally());
    expect(unit(first.state, "fr-1").order).toBe("DISORDERED");
    expect(first.state.facts.turn).toMatchObject({ gameTurn: two.turn.gameTurn, rallied: ["fr-1"] });
    const second = play(first.state, [1, 1], rally({ unit: "fr-2" }));
    expect(types(second.events)).toEqual(["morale/rallyTest", "unit/rallied"]);
    expect(unit(second.state, "fr-2").order).toBe("GOOD");
    // The same memory, left over from an earlier game turn, no longer bars fr-1.
    const later = { ...first.state, turn: { ...first.state.turn, gameTurn: first.state.turn.gameTurn + 1 } } as BattleState;
    const again = play(later, [1, 1], rally());
    expect(unit(again.state, "fr-1").order).toBe("GOOD");
  });

  it("CORE-RALLY-4: the reform may not overlap another unit, nor have more files than figures", () => {
    // A friend 8" to the side: the 4-file column clears it, a 24-file line about the same centre would not.
    const s = scene("FLEEING");
    const near = atStep(
      battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 270, order: "FLEEING" }), battalion("fr-2", "fr", { position: { x: 44, y: 24 }, facing: 270 }), ENEMY]),
      "fr",
      "rally",
    );
    refused(near, rally({ reform: { formation: "LINE", files: 24 } }), "morale/reform_overlaps", "CORE-RALLY-4", { unit: "fr-1", other: "fr-2" });
    const figures = unit(s, "fr-1").figures;
    refused(s, rally({ reform: { formation: "LINE", files: figures + 1 } }), "morale/bad_formation", "CORE-RALLY-4", { unit: "fr-1", files: figures + 1, figures });
    const r = play(s, [1, 1], rally({ reform: { formation: "LINE", files: figures } }));
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "GOOD", formation: "LINE", files: figures });
  });
});
