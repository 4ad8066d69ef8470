import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState } from "../../src/index.js";
import { characterMoveLeft, leaveViolation } from "../../src/rules/whn/morale/characters.js";
import { atStep, battalion, battle, character, deepFreeze, leader, patchUnit, play, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

/** fr-1 (front edge y 24, x 34.43…37.57) with Ney lone at (40, 22), French remaining-moves step. */
function scene(neyOver: object = {}, unitOver: object = {}): BattleState {
  return atStep(
    battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, ...unitOver }), ENEMY], {
      characters: [leader("ney", "fr", { position: { x: 40, y: 22 }, ...neyOver })],
    }),
    "fr",
    "remaining",
  );
}
/** Ney joined to fr-1 in an earlier turn. */
const joined = (unitOver: object = {}) => scene({ joinedTo: "fr-1", joinedOnTurn: 0, position: { x: 36, y: 24 }, facing: 90 }, unitOver);

function refusal(s: BattleState, action: unknown): unknown {
  deepFreeze(s);
  const r = apply(withScriptedDice(s, []), action);
  expect(r.ok).toBe(false);
  return r.ok ? null : r.violation;
}

const move = (to: { x: number; y: number }, over: object = {}) => ({ type: "morale/moveCharacter", character: "ney", to, ...over });
const leave = (to: { x: number; y: number }) => ({ type: "morale/leaveUnit", character: "ney", to });

describe("morA: characters (characters.ts)", () => {
  it("CORE-CHAR-1: a lone character moves exactly his M (4\"), event in full; 4.01\" is refused in full", () => {
    const r = play(scene(), [], move({ x: 44, y: 22 }));
    expect(r.events.filter((e) => e.type === "character/moved").map((e) => ({ ...e, seq: 0 }))).toEqual([
      { type: "character/moved", rule: "CORE-CHAR-1", character: "ney", from: { x: 40, y: 22 }, to: { x: 44, y: 22 }, distance: 4, seq: 0, gameTurn: 1 },
    ]);
    expect(character(r.state, "ney")).toMatchObject({ position: { x: 44, y: 22 }, flags: { moved: true, moveUsed: 1 } });
    expect(characterMoveLeft(character(r.state, "ney"))).toBe(0);
    expect(refusal(scene(), move({ x: 44.01, y: 22 }))).toEqual({ code: "morale/out_of_reach", rule: "CORE-CHAR-1", character: "ney", distance: 4.009999999999998, max: 4 });
  });

  it("CORE-CHAR-1: half a move spends half of M; the facing given is normalised", () => {
    const r = play(scene(), [], move({ x: 42, y: 22 }, { facing: 180 }));
    expect(character(r.state, "ney")).toMatchObject({ facing: 180, flags: { moveUsed: 0.5 } });
    expect(characterMoveLeft(character(r.state, "ney"))).toBe(2);
  });

  it("CORE-CHAR-1: refusals in full — off the table, onto a unit, wrong step, fleeing, joined (the engine answers unknown and enemy ids first)", () => {
    expect(refusal(scene({ position: { x: 70, y: 22 } }), move({ x: 72.5, y: 22 }))).toEqual({ code: "morale/off_table", rule: "CORE-CHAR-1", character: "ney", x: 72.5, y: 22 });
    expect(refusal(scene(), move({ x: 37, y: 22 }))).toEqual({ code: "morale/overlaps_unit", rule: "CORE-CHAR-1", character: "ney", unit: "fr-1" });
    const s = scene();
    expect(refusal({ ...s, turn: { ...s.turn, step: "rally" } }, move({ x: 41, y: 22 }))).toEqual({ code: "morale/wrong_step", rule: "CORE-TURN-2", step: "rally", allowed: "remaining" });
    expect(refusal(scene({ order: "FLEEING" }), move({ x: 41, y: 22 }))).toEqual({ code: "morale/character_fleeing", rule: "CORE-CHAR-6", character: "ney" });
    expect(refusal(joined(), move({ x: 41, y: 22 }))).toEqual({ code: "morale/joined", rule: "CORE-CHAR-4", character: "ney", unit: "fr-1" });
  });

  it("CORE-CHAR-3, WHN-LEAD-4: joinUnit refusals in full", () => {
    const join = (unit: string) => ({ type: "morale/joinUnit", character: "ney", unit });
    expect(refusal(joined(), join("fr-1"))).toEqual({ code: "morale/already_joined", rule: "CORE-CHAR-3", character: "ney", unit: "fr-1" });
    expect(refusal(patchUnit(scene(), "fr-1", { order: "FLEEING" }), join("fr-1"))).toEqual({ code: "morale/unit_fleeing", rule: "CORE-CHAR-3", unit: "fr-1" });
    expect(refusal(patchUnit(scene(), "fr-1", { formation: "EXTENDED_ORDER" }), join("fr-1"))).toEqual({ code: "morale/extended_order", rule: "WHN-LEAD-4", unit: "fr-1" });
    expect(refusal(patchUnit(scene(), "gb-1", { position: { x: 36, y: 24 } }), join("fr-1"))).toEqual({ code: "morale/unit_engaged", rule: "CORE-CHAR-3", unit: "fr-1" });
  });

  it("CORE-CHAR-5: leaveViolation names each reason in full; none for a unit no longer in play", () => {
    const ney = (s: BattleState) => character(s, "ney");
    expect(leaveViolation(scene(), ney(scene()))).toEqual({ code: "morale/not_joined", rule: "CORE-CHAR-5", character: "ney" });
    const now = scene({ joinedTo: "fr-1", joinedOnTurn: 1, position: { x: 36, y: 24 } });
    expect(leaveViolation(now, ney(now))).toEqual({ code: "morale/joined_this_turn", rule: "CORE-CHAR-5", character: "ney", unit: "fr-1" });
    const reason = (unitOver: object) => {
      const s = joined(unitOver);
      return leaveViolation(s, ney(s));
    };
    expect(reason({ order: "FLEEING" })).toEqual({ code: "morale/cannot_leave", rule: "CORE-CHAR-5", character: "ney", unit: "fr-1", reason: "fleeing" });
    const s0 = joined();
    const withFlags = (f: object) => patchUnit(s0, "fr-1", { flags: { ...unit(s0, "fr-1").flags, ...f } });
    const dc = withFlags({ declaredCharge: true });
    expect(leaveViolation(dc, ney(dc))).toMatchObject({ code: "morale/cannot_leave", reason: "declaredCharge" });
    const ral = withFlags({ rallied: true });
    expect(leaveViolation(ral, ney(ral))).toMatchObject({ code: "morale/cannot_leave", reason: "rallied" });
    const eng = patchUnit(s0, "gb-1", { position: { x: 36, y: 24 } });
    expect(leaveViolation(eng, ney(eng))).toMatchObject({ code: "morale/cannot_leave", reason: "engaged" });
    expect(leaveViolation(s0, ney(s0))).toBeNull();
    const gone = patchUnit(s0, "fr-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(leaveViolation(gone, ney(gone))).toBeNull();
  });

  it("CORE-CHAR-5: leaving a unit in play measures from the unit's footprint and must land clear of units and on the table", () => {
    const s = joined();
    const r = play(s, [], leave({ x: 36, y: 26 }));
    const left = r.events.find((e) => e.type === "character/left") as unknown as { distance: number };
    // His 20 mm base stands behind his position (front edge at y 26): its near edge is 2" − 20 mm from the unit's front at y 24.
    expect(left.distance).toBeCloseTo(2 - 20 / 25.4, 9);
    expect(character(r.state, "ney")).toMatchObject({ joinedTo: null, joinedOnTurn: null, position: { x: 36, y: 26 } });
    expect(character(r.state, "ney").flags.moveUsed).toBeCloseTo((2 - 20 / 25.4) / 4, 9);
    expect(refusal(s, leave({ x: 36, y: 28 + 20 / 25.4 + 0.01 }))).toMatchObject({ code: "morale/out_of_reach", rule: "CORE-CHAR-5", character: "ney", max: 4 });
    expect(play(s, [], leave({ x: 36, y: 28 + 20 / 25.4 - 0.01 })).state.characters["ney" as never]).toMatchObject({ joinedTo: null });
    expect(refusal(s, leave({ x: 36, y: 22 }))).toEqual({ code: "morale/overlaps_unit", rule: "CORE-CHAR-1", character: "ney", unit: "fr-1" });
  });
});
