import { describe, expect, it } from "vitest";
import { applyUnknown as apply, combatId, unitId, type BattleState } from "../../src/index.js";
import { duel, refuse, unit, fire, patchUnit, shootingBattle, shooterSetup, targetSetup, battalion, deepFreeze, play } from "../fixtures/shooting.js";

function engage(s: BattleState, a: string, b: string): BattleState {
  const id = combatId("c1-1");
  return { ...s, combats: { [id]: { id, units: [unitId(a), unitId(b)], chargers: [], lastWinner: null, rounds: 0, squareness: {} } } };
}

function refusesUnchanged(s: BattleState, action: unknown) {
  const frozen = deepFreeze(s);
  const before = JSON.stringify(frozen);
  const v = refuse(frozen, action);
  expect(JSON.stringify(frozen)).toBe(before);
  return v;
}

describe("illegal shooting returns a violation and changes nothing", () => {
  it("WHN-SHOOT-3: a target beyond the weapon's extreme range is out of range (max and actual given)", () => {
    const v = refusesUnchanged(duel(30), fire("fr-1", "gb-1"));
    expect(v).toMatchObject({ code: "shooting/out_of_range", rule: "WHN-SHOOT-3", max: 24 });
    expect(v["actual"]).toBeCloseTo(30, 9);
  });

  it("CORE-GEO-16: a unit in the way blocks line of sight", () => {
    const s = shootingBattle([shooterSetup(), targetSetup(10), battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 36, y: 15 }, facing: 270 })]);
    const v = refusesUnchanged(s, fire("fr-1", "gb-1"));
    expect(v).toMatchObject({ code: "shooting/no_line_of_sight", rule: "CORE-GEO-16", blockedBy: ["gb-2"] });
  });

  it("CORE-GEO-16: terrain tagged blocksLos blocks line of sight", () => {
    const wood = { id: "wood", kind: "woods", polygon: [{ x: 30, y: 14 }, { x: 42, y: 14 }, { x: 42, y: 16 }, { x: 30, y: 16 }], tags: { blocksLos: true } };
    const v = refusesUnchanged(duel(10, {}, {}, { terrain: [wood] }), fire("fr-1", "gb-1"));
    expect(v).toMatchObject({ code: "shooting/no_line_of_sight", rule: "CORE-GEO-16", blockedBy: ["wood"] });
  });

  it("WHN-SHOOT-8: a unit that marched may not shoot; the option lets a MARCH_COLUMN fire after marching (AMB-21)", () => {
    const s = duel(10, { formation: "MARCH_COLUMN", files: 2 });
    const marched = patchUnit(s, "fr-1", { flags: { ...unit(s, "fr-1").flags, marched: true, moved: true } });
    expect(refusesUnchanged(marched, fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/marched", rule: "WHN-SHOOT-8" });
    const opt: BattleState = { ...marched, options: { ...marched.options, whn: { ...marched.options.whn, marchColumnFiresAfterMarch: true } } };
    const r = play(opt, fire("fr-1", "gb-1"), [1, 1]);
    expect(unit(r.state, "fr-1").flags.shot).toBe(true);
  });

  it("CORE-SHOOT-1: a fleeing unit, an engaged unit, a unit without missiles, or one that already shot may not shoot", () => {
    expect(refusesUnchanged(duel(10, { order: "FLEEING" }), fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/fleeing", rule: "CORE-SHOOT-1" });
    const withFoe = shootingBattle([shooterSetup(), targetSetup(10), battalion("gb-2", "gb", { position: { x: 10, y: 10 } })]);
    expect(refusesUnchanged(engage(withFoe, "fr-1", "gb-2"), fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/engaged", rule: "CORE-SHOOT-1" });
    expect(refusesUnchanged(duel(10, { equipment: { missile: null, melee: "handWeapon" } }), fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/no_missile_weapon" });
    const shot = patchUnit(duel(10), "fr-1", { flags: { ...unit(duel(10), "fr-1").flags, shot: true } });
    expect(refusesUnchanged(shot, fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/already_shot", rule: "CORE-SHOOT-1" });
  });

  it("CORE-SHOOT-1: a target engaged in close combat may not be shot at", () => {
    const s = shootingBattle([shooterSetup(), targetSetup(10), battalion("fr-2", "fr", { position: { x: 10, y: 10 } })]);
    expect(refusesUnchanged(engage(s, "fr-2", "gb-1"), fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/target_engaged", rule: "CORE-SHOOT-1", target: "gb-1" });
  });

  it("CORE-SHOOT-1: only the active player's units shoot, at enemies in their arc (CORE-GEO-15)", () => {
    expect(refusesUnchanged(duel(10), fire("gb-1", "fr-1"))).toMatchObject({ code: "action/not_your_turn", rule: "CORE-TURN-2" });
    const behind = duel(10, { facing: 270, position: { x: 36, y: 10 - 20 / 25.4 * 2 } });
    expect(refusesUnchanged(behind, fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/not_in_arc", rule: "CORE-GEO-15" });
    const s = shootingBattle([shooterSetup(), targetSetup(10), battalion("fr-2", "fr", { position: { x: 36, y: 30 }, facing: 270 })]);
    expect(refusesUnchanged(s, fire("fr-1", "fr-2"))).toMatchObject({ code: "shooting/not_an_enemy" });
  });

  it("CORE-CHRG-8: a unit that charged may not shoot; CORE-CHRG-6: nor one that failed its charge", () => {
    const s = duel(10);
    const f = unit(s, "fr-1").flags;
    expect(refusesUnchanged(patchUnit(s, "fr-1", { flags: { ...f, charged: true } }), fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/charged", rule: "CORE-CHRG-8" });
    expect(refusesUnchanged(patchUnit(s, "fr-1", { flags: { ...f, failedCharge: true } }), fire("fr-1", "gb-1"))).toMatchObject({ code: "shooting/failed_charge", rule: "CORE-CHRG-6" });
  });

  it("CORE-TURN-2: shooting outside the shooting phase is refused by the engine", () => {
    const s = duel(10);
    const r = apply({ ...s, turn: { ...s.turn, phase: "movement", step: "remaining" } }, fire("fr-1", "gb-1"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe("action/wrong_phase");
  });

  it("a violation's message names the values (formatViolation)", async () => {
    const { formatViolation } = await import("../../src/index.js");
    const v = refuse(duel(30), fire("fr-1", "gb-1"));
    expect(formatViolation(v)).toContain("24");
  });
});
