/**
 * The rest of situation.ts: a square's faces (WHN-SHOOT-10, CORE-GEO-15), picking out characters
 * (CORE-LOS-1), units as cover and the unit that catches the misses (HR-COVER-1…3), and the core
 * rules' readings (CORE-RALLY-4, CORE-SHOOT-4). Refusals compared complete.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { battalion, fire, leader, patchUnit, play, shooterSetup, shootingBattle, targetSetup, unit, duel } from "../fixtures/shooting.js";
import { legal, read, refusal } from "../fixtures/shtA.js";

const square = () =>
  shootingBattle([
    shooterSetup({ formation: "SQUARE", figures: 16, files: 4, initialVolleyUsed: true }),
    targetSetup(10),
    battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 48, y: 8 }, facing: 180, command: {} }),
    battalion("gb-3", "gb", { figures: 5, files: 5, light: true, formation: "LINE", position: { x: 45, y: 16 }, facing: 270, command: {} }),
  ]);
const core = (s: BattleState): BattleState => ({ ...s, ruleset: "core" }) as BattleState;

describe("a square's faces (WHN-SHOOT-10, CORE-GEO-15)", () => {
  it("WHN-SHOOT-10: unasked, the face toward the target fires a quarter of the square", () => {
    const s = legal(read(square(), "fr-1", "gb-1"));
    expect(s.face).toBe(0);
    expect(s.firers).toEqual({ count: 4, rule: "WHN-SHOOT-10" });
    expect(legal(read(square(), "fr-1", "gb-2")).face).toBe(1);
    expect(legal(read(square(), "fr-1", "gb-2", { face: 1 })).face).toBe(1);
  });

  it("CORE-GEO-15: an asked face that cannot see the target is refused with the face given", () => {
    expect(refusal(read(square(), "fr-1", "gb-1", { face: 1 }))).toEqual({ code: "shooting/not_in_arc", rule: "CORE-GEO-15", unit: "fr-1", target: "gb-1", face: 1 });
    expect(refusal(read(square(), "fr-1", "gb-1", { face: 2 }))).toEqual({ code: "shooting/not_in_arc", rule: "CORE-GEO-15", unit: "fr-1", target: "gb-1", face: 2 });
  });

  it("WHN-SHOOT-10: a face that fired is refused when asked; another target may not be shot by two faces", () => {
    const a = play(square(), fire("fr-1", "gb-1"), [1, 1, 1, 1]).state;
    expect(refusal(read(a, "fr-1", "gb-1"))).toEqual({ code: "shooting/target_already_shot_by_square", rule: "WHN-SHOOT-10", unit: "fr-1", target: "gb-1" });
    const b = play(square(), fire("fr-1", "gb-3", 0), [1, 1, 1, 1]).state;
    expect(refusal(read(b, "fr-1", "gb-1", { face: 0 }))).toEqual({ code: "shooting/face_already_fired", rule: "WHN-SHOOT-10", unit: "fr-1", face: 0 });
    // Unasked, with the only face that sees gb-1 used: refused, naming that face.
    expect(refusal(read(b, "fr-1", "gb-1"))).toEqual({ code: "shooting/face_already_fired", rule: "WHN-SHOOT-10", unit: "fr-1", face: 0 });
  });

  it("WHN-SHOOT-10: the flag `shot` does not stop a square; stand and shoot ignores the faces fired", () => {
    const a = play(square(), fire("fr-1", "gb-3", 0), [1, 1, 1, 1]).state;
    expect(unit(a, "fr-1").flags.shot).toBe(true);
    expect(legal(read(a, "fr-1", "gb-2")).face).toBe(1);
    expect(legal(read(a, "fr-1", "gb-3", { standAndShoot: true, face: 0 })).face).toBe(0);
  });

  it("WHN-SHOOT-10: a square's remembered reading is dropped once the phase's fires change", () => {
    const s = square();
    expect(read(s, "fr-1", "gb-1").ok).toBe(true);
    const fired = { ...s, facts: { ...s.facts, shots: [...s.facts.shots, { shooter: "fr-1", target: "gb-1", face: 0 }] } } as BattleState;
    expect(fired.units).toBe(s.units);
    expect(refusal(read(fired, "fr-1", "gb-1")).code).toBe("shooting/target_already_shot_by_square");
  });
});

describe("picking out characters (CORE-LOS-1)", () => {
  const withNey = (extra: Parameters<typeof shootingBattle>[0] = []) =>
    shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(10), ...extra], { characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270 })] });

  it("CORE-LOS-1: a joined character whose unit is not the closest enemy is refused, naming the closer one", () => {
    const closer = battalion("gb-2", "gb", { figures: 4, files: 4, light: true, formation: "LINE", position: { x: 26, y: 16 }, facing: 270, command: {} });
    expect(refusal(read(withNey([closer]), "fr-1", "ney"))).toEqual({ code: "shooting/character_not_exposed", rule: "CORE-LOS-1", character: "ney", closer: "gb-2" });
  });

  it("CORE-LOS-1: a joined character's unit must face the shooters; the side it shows is named", () => {
    const s = withNey();
    const turned = patchUnit(s, "gb-1", { facing: 0, position: { x: 34, y: 20 } } as never);
    expect(refusal(read(turned, "fr-1", "ney"))).toEqual({ code: "shooting/character_not_exposed", rule: "CORE-LOS-1", character: "ney", side: "right" });
  });

  it("CORE-LOS-1: a joined character facing the shooters, his unit the closest, may be picked out", () => {
    const s = legal(read(withNey(), "fr-1", "ney"));
    expect(s.target).toMatchObject({ kind: "joinedCharacter", unit: { id: "gb-1" }, character: { id: "ney" } });
    expect(s.characterScores).toEqual({ woundNeed: 4, saveNeed: null });
    expect(s.toHit.modifiers).toEqual([{ key: "longRange", value: -1, rule: "WHN-SHOOT-3" }]);
    // An enemy farther off does not matter.
    const far = battalion("gb-2", "gb", { figures: 4, files: 4, light: true, formation: "LINE", position: { x: 20, y: 30 }, facing: 270, command: {} });
    expect(read(withNey([far]), "fr-1", "ney").ok).toBe(true);
  });

  it("CORE-LOS-1: a lone character must be the closest visible enemy; one behind the shooters does not count", () => {
    const wel = leader("wel", "gb", { position: { x: 44, y: 18 }, facing: 270 });
    const nearer = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(6)], { characters: [wel] });
    expect(refusal(read(nearer, "fr-1", "wel"))).toEqual({ code: "shooting/character_not_closest", rule: "CORE-LOS-1", character: "wel", closer: "gb-1" });
    // An enemy nearer but behind the shooters (out of their arc) is not a visible enemy.
    const behind = battalion("gb-2", "gb", { figures: 4, files: 4, light: true, formation: "LINE", position: { x: 36, y: 4 }, facing: 90, command: {} });
    const hidden = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(20), behind], { characters: [leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 })] });
    const s = legal(read(hidden, "fr-1", "wel"));
    expect(s.target).toMatchObject({ kind: "loneCharacter", character: { id: "wel" } });
    expect(s.toHit.modifiers).toContainEqual({ key: "loneCharacter", value: -1, rule: "CORE-LOS-1" });
  });

  it("CORE-LOS-1: another lone enemy character nearer than the target is a closer enemy", () => {
    const wel = leader("wel", "gb", { position: { x: 36, y: 20 }, facing: 270 });
    const hill = leader("hill", "gb", { position: { x: 38, y: 16 }, facing: 270 });
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(20)], { characters: [wel, hill] });
    expect(refusal(read(s, "fr-1", "wel"))).toEqual({ code: "shooting/character_not_closest", rule: "CORE-LOS-1", character: "wel", closer: "hill" });
    expect(read(s, "fr-1", "hill").ok).toBe(true);
  });
});

describe("units as cover (HR-COVER-1, HR-COVER-2, HR-COVER-3)", () => {
  const screenUnit = battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 36, y: 15 }, facing: 270, command: {} });
  const screened = (extra: Parameters<typeof shootingBattle>[0] = [], shooter = {}) =>
    shootingBattle([shooterSetup({ initialVolleyUsed: true, ...shooter }), targetSetup(10), screenUnit, ...extra], { options: { hr: { cover: true } } } as never);

  it("HR-COVER-3: behind a unit in the way the target has hard cover; the unit catches the misses at the score without it", () => {
    const s = legal(read(screened(), "fr-1", "gb-1"));
    expect(s.cover).toEqual({ terrain: "none", units: "hard", screening: ["gb-2"] });
    expect(s.toHit.need).toBe(7);
    expect(s.screen?.unit.id).toBe("gb-2");
    expect(s.screen?.need).toBe(5);
    expect(s.screen?.scores).toEqual({ woundNeed: 4, saveNeed: null });
  });

  it("HR-COVER-2: against bows the cover is soft and nothing is caught", () => {
    const s = legal(read(screened([], { equipment: { missile: "bow", melee: "handWeapon" } }), "fr-1", "gb-1"));
    expect(s.cover).toEqual({ terrain: "none", units: "soft", screening: ["gb-2"] });
    expect(s.screen).toBeNull();
  });

  it("HR-COVER-3: of two units in the way, the one nearest the shooter catches the misses; a disordered one at T −1", () => {
    const second = battalion("gb-3", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 36, y: 18 }, facing: 270, command: {}, order: "DISORDERED" });
    const s = legal(read(screened([second]), "fr-1", "gb-1"));
    expect(s.cover.screening).toEqual(["gb-2", "gb-3"]);
    expect(s.screen?.unit.id).toBe("gb-2");
    const firstDis = shootingBattle(
      [shooterSetup({ initialVolleyUsed: true }), targetSetup(10), { ...screenUnit, order: "DISORDERED" } as never],
      { options: { hr: { cover: true } } } as never,
    );
    expect(legal(read(firstDis, "fr-1", "gb-1")).screen?.scores).toEqual({ woundNeed: 3, saveNeed: null });
  });
});

describe("the core rules' reading (CORE-RALLY-4, CORE-SHOOT-4)", () => {
  it("CORE-RALLY-4: under the core rules a unit that rallied this turn may not shoot", () => {
    const s = core(duel(10));
    const rallied = patchUnit(s, "fr-1", { flags: { ...unit(s, "fr-1").flags, rallied: true } });
    expect(refusal(read(rallied, "fr-1", "gb-1"))).toEqual({ code: "shooting/rallied", rule: "CORE-RALLY-4", unit: "fr-1" });
    expect(read(s, "fr-1", "gb-1").ok).toBe(true);
  });

  it("CORE-SHOOT-4: the core modifiers: long range −1, no initial volley", () => {
    expect(legal(read(core(duel(10)), "fr-1", "gb-1")).toHit).toEqual({ bs: 3, need: 5, modifiers: [{ key: "longRange", value: -1, rule: "CORE-SHOOT-4" }] });
    expect(legal(read(core(duel(8)), "fr-1", "gb-1")).toHit).toEqual({ bs: 3, need: 4, modifiers: [] });
  });
});
