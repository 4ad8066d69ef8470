import { describe, expect, it } from "vitest";
import { duel, play, refuse, unit, character, event, fire, shootingBattle, shooterSetup, targetSetup, battalion, leader } from "../fixtures/shooting.js";

const square = () =>
  shootingBattle([
    shooterSetup({ formation: "SQUARE", figures: 16, files: 4, initialVolleyUsed: true }),
    targetSetup(10),
    battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 48, y: 8 }, facing: 180, command: {} }),
    battalion("gb-3", "gb", { figures: 5, files: 5, light: true, formation: "LINE", position: { x: 45, y: 16 }, facing: 270, command: {} }),
  ]);

describe("squares (WHN-SHOOT-10)", () => {
  it("WHN-SHOOT-10: each face fires a quarter of the square at its own target", () => {
    const a = play(square(), fire("fr-1", "gb-1"), [1, 1, 1, 1]);
    expect(event(a.events, "shooting/fired")).toMatchObject({ face: 0, firers: 4, firersRule: "WHN-SHOOT-10" });
    const b = play(a.state, fire("fr-1", "gb-2", 1), [1, 1, 1, 1]);
    expect(event(b.events, "shooting/fired")).toMatchObject({ face: 1, firers: 4, target: "gb-2" });
  });

  it("WHN-SHOOT-10: a face fires once a phase, and no target is fired at by two faces", () => {
    const a = play(square(), fire("fr-1", "gb-3", 0), [1, 1, 1, 1]);
    expect(refuse(a.state, fire("fr-1", "gb-3", 1))).toMatchObject({ code: "shooting/target_already_shot_by_square", rule: "WHN-SHOOT-10" });
    expect(refuse(a.state, fire("fr-1", "gb-1", 0))).toMatchObject({ code: "shooting/face_already_fired", rule: "WHN-SHOOT-10" });
    expect(refuse(square(), fire("fr-1", "gb-1", 1))).toMatchObject({ code: "shooting/not_in_arc", rule: "CORE-GEO-15" });
  });
});

describe("characters (CORE-LOS-1, CORE-LOS-2)", () => {
  const withNey = (gap: number, extra: Parameters<typeof shootingBattle>[0] = []) =>
    shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(gap), ...extra], { characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 10 + gap }, facing: 270 })] });

  it("CORE-LOS-2: a hit on a picked-out joined character goes to him on a 1 and to his unit on 2–6 (\"Look out, sir\")", () => {
    // 6 shots need 5: two hits; Look out sir 1 (him) and 3 (the unit); wounds 5 and 6; no saves.
    const r = play(withNey(10), fire("fr-1", "ney"), [6, 6, 1, 1, 1, 1, 1, 3, 5, 6, 2, 2]);
    expect(event(r.events, "shooting/lookOutSir")).toMatchObject({ rule: "CORE-LOS-2", rolls: [1, 3], characterHits: 1 });
    expect(character(r.state, "ney").woundsTaken).toBe(1);
    expect(unit(r.state, "gb-1").figures).toBe(9);
    // The unit's Panic test uses the joined leader's Ld 8 (CORE-CHAR-4): 2 + 2 passes.
    expect(event(r.events, "morale/panicTest")).toMatchObject({ target: 8, passed: true });
  });

  it("CORE-LOS-1: a joined character may be picked out only if his unit is the closest enemy and faces the shooters", () => {
    const closer = battalion("gb-2", "gb", { figures: 4, files: 4, light: true, formation: "LINE", position: { x: 26, y: 16 }, facing: 270, command: {} });
    expect(refuse(withNey(10, [closer]), fire("fr-1", "ney"))).toMatchObject({ code: "shooting/character_not_exposed", rule: "CORE-LOS-1", closer: "gb-2" });
    const s = withNey(10);
    const turned = { ...s, units: { ...s.units, "gb-1": { ...unit(s, "gb-1"), facing: 0, position: { x: 34, y: 20 } } } } as typeof s;
    expect(refuse(turned, fire("fr-1", "ney"))).toMatchObject({ code: "shooting/character_not_exposed", rule: "CORE-LOS-1" });
  });

  it("CORE-LOS-1: a lone character is shot at −1 and only when he is the closest visible enemy (AMB-105)", () => {
    const wel = leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 });
    const s = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(12)], { characters: [wel] });
    // 6 shots at 8" (close, need 4) −1 → 5: hits 5, 6; wounds 4, 4 → two wounds kill his W2.
    const r = play(s, fire("fr-1", "wel"), [5, 6, 1, 1, 1, 1, 4, 4]);
    expect(event(r.events, "shooting/fired")).toMatchObject({ need: 5, modifiers: [{ key: "loneCharacter", value: -1, rule: "CORE-LOS-1" }] });
    expect(character(r.state, "wel").removed).toMatchObject({ reason: "destroyed" });
    const aside = leader("wel", "gb", { position: { x: 44, y: 18 }, facing: 270 });
    const nearer = shootingBattle([shooterSetup({ initialVolleyUsed: true }), targetSetup(6)], { characters: [aside] });
    expect(refuse(nearer, fire("fr-1", "wel"))).toMatchObject({ code: "shooting/character_not_closest", rule: "CORE-LOS-1", closer: "gb-1" });
  });
});

describe("duel sanity", () => {
  it("WHN-SHOOT-1: every firing model fires exactly one to-hit roll", () => {
    const r = play(duel(10), fire("fr-1", "gb-1"), [1, 1, 1, 1, 1, 1]);
    expect(event(r.events, "shooting/hits")).toMatchObject({ rolls: 6, hits: 0 });
  });
});
