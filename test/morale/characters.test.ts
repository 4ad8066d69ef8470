import { describe, expect, it } from "vitest";
import { applyUnknown as apply, combatId, unitId, withScriptedDice, type BattleState } from "../../src/index.js";
import { effectiveLeadership } from "../../src/rules/whn/leadership.js";
import { joinedMoveLimit, mayAdoptExtendedOrder, unitMoveRate } from "../../src/rules/whn/morale/characters.js";
import { chargedFace } from "../../src/geometry/charge.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { atStep, battalion, battle, character, deepFreeze, leader, play, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });

/** fr-1 with Ney 2" to its right, in the French remaining-moves step. */
function scene(unitOver: object = {}, neyOver: object = {}, extra: Parameters<typeof battalion>[] = []): BattleState {
  return atStep(
    battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, ...unitOver }), ...extra.map((a) => battalion(...a)), ENEMY], {
      characters: [leader("ney", "fr", { position: { x: 40, y: 22 }, ...neyOver })],
    }),
    "fr",
    "remaining",
  );
}

function refused(s: BattleState, action: unknown, code: string, rule: string | null): void {
  deepFreeze(s);
  const r = apply(withScriptedDice(s, []), action);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.violation).toMatchObject({ code, rule });
}

const join = { type: "morale/joinUnit", character: "ney", unit: "fr-1" };

describe("characters", () => {
  it("CORE-CHAR-3: a character joins a unit by moving into contact; he stands at its front rank", () => {
    const r = play(scene(), [], join);
    expect(r.events[0]).toMatchObject({ type: "character/joined", rule: "CORE-CHAR-3", character: "ney", unit: "fr-1" });
    expect(character(r.state, "ney")).toMatchObject({ joinedTo: "fr-1", joinedOnTurn: 1, position: { x: 36, y: 24 }, facing: 90 });
  });

  it("CORE-CHAR-3: he must reach the unit with the movement he has left", () => {
    refused(scene({}, { position: { x: 44, y: 22 } }), join, "morale/out_of_reach", "CORE-CHAR-3");
    const s = scene();
    const tired = { ...s, characters: { ...s.characters, ney: { ...character(s, "ney"), flags: { ...character(s, "ney").flags, moveUsed: 0.5 } } } } as BattleState;
    refused(tired, join, "morale/out_of_reach", "CORE-CHAR-3");
  });

  it("CORE-CHAR-3: a unit he joined this turn may move only as far as he still could", () => {
    const r = play(scene(), [], join);
    expect(joinedMoveLimit(r.state, unit(r.state, "fr-1"))).toBeCloseTo(4 - (40 - 0.5 * (20 / 25.4) - (36 + 2 * (20 / 25.4))), 9);
    expect(joinedMoveLimit(scene(), unit(scene(), "fr-1"))).toBe(Infinity);
  });

  it("CORE-CHAR-3: fleeing and engaged units cannot be joined", () => {
    refused(scene({ order: "FLEEING" }), join, "morale/unit_fleeing", "CORE-CHAR-3");
    const s = scene();
    const fought = { ...s, combats: { c1: { id: combatId("c1"), units: [unitId("fr-1"), unitId("gb-1")], chargers: [], lastWinner: null, rounds: 1, squareness: {} } } } as BattleState;
    refused(fought, join, "morale/unit_engaged", "CORE-CHAR-3");
  });

  it("WHN-LEAD-4: a leader may not join an EXTENDED_ORDER unit, and a joined unit may not adopt it", () => {
    refused(scene({ formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, files: 24 }), join, "morale/extended_order", "WHN-LEAD-4");
    const r = play(scene(), [], join);
    expect(mayAdoptExtendedOrder(r.state, unit(r.state, "fr-1"))).toBe(false);
    expect(mayAdoptExtendedOrder(scene(), unit(scene(), "fr-1"))).toBe(true);
  });

  it("WHN-LEAD-4: an EXTENDED_ORDER unit gets no +1 from a leader within 12\"; OPEN_ORDER does", () => {
    const ext = scene({ formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, files: 24 });
    expect(effectiveLeadership(ext, unit(ext, "fr-1")).value).toBe(6);
    const open = scene({ formation: "OPEN_ORDER", light: true, files: 12 });
    expect(effectiveLeadership(open, unit(open, "fr-1")).value).toBe(7);
  });

  it("CORE-CHAR-4: a joined unit uses the highest Leadership and moves at the slower rate", () => {
    const r = play(scene({}, { profile: { M: 3, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 9 } }), [], join);
    const u = unit(r.state, "fr-1");
    expect(effectiveLeadership(r.state, u)).toMatchObject({ base: 9, leaderBonus: 0, value: 9 });
    expect(unitMoveRate(r.state, u)).toBe(3);
  });

  it("CORE-CHAR-5: he may not leave in the movement phase he joined, but may in a later one and join another unit", () => {
    const joined = play(scene({}, {}, [["fr-2", "fr", { position: { x: 43.5, y: 24 }, facing: 90 }]]), [], join).state;
    const leave = { type: "morale/leaveUnit", character: "ney", to: { x: 40, y: 22 } };
    refused(joined, leave, "morale/joined_this_turn", "CORE-CHAR-5");
    const later = { ...joined, turn: { ...joined.turn, gameTurn: 2 } };
    const fresh = { ...later, characters: { ...later.characters, ney: { ...character(later, "ney"), flags: { ...character(later, "ney").flags, moveUsed: 0, moved: false } } } } as BattleState;
    const left = play(fresh, [], leave);
    expect(left.events[0]).toMatchObject({ type: "character/left", rule: "CORE-CHAR-5", unit: "fr-1" });
    expect(character(left.state, "ney")).toMatchObject({ joinedTo: null, joinedOnTurn: null, position: { x: 40, y: 22 } });
    const rejoin = play(left.state, [], { ...join, unit: "fr-2" });
    expect(character(rejoin.state, "ney").joinedTo).toBe("fr-2");
  });

  it("CORE-CHAR-5: he may not leave a unit that is fleeing, has declared a charge, rallied this turn or is engaged", () => {
    const base = { ...scene({}, { joinedTo: "fr-1", joinedOnTurn: 0, position: { x: 36, y: 24 } }) };
    const leave = { type: "morale/leaveUnit", character: "ney", to: { x: 40, y: 22 } };
    const flagged = (flags: object) => ({ ...base, units: { ...base.units, "fr-1": { ...unit(base, "fr-1"), flags: { ...unit(base, "fr-1").flags, ...flags } } } }) as BattleState;
    refused(flagged({ declaredCharge: true }), leave, "morale/cannot_leave", "CORE-CHAR-5");
    refused(flagged({ rallied: true }), leave, "morale/cannot_leave", "CORE-CHAR-5");
    const fleeing = { ...base, characters: { ...base.characters, ney: { ...character(base, "ney"), order: "FLEEING" } }, units: { ...base.units, "fr-1": { ...unit(base, "fr-1"), order: "FLEEING" } } } as BattleState;
    refused(fleeing, leave, "morale/character_fleeing", "CORE-CHAR-6");
    refused({ ...base, combats: { c1: { id: combatId("c1"), units: [unitId("fr-1"), unitId("gb-1")], chargers: [], lastWinner: null, rounds: 1, squareness: {} } } } as BattleState, leave, "morale/cannot_leave", "CORE-CHAR-5");
  });

  it("CORE-CHAR-1: a lone character moves freely up to his M, not onto a unit, and only in the remaining-moves step", () => {
    const r = play(scene(), [], { type: "morale/moveCharacter", character: "ney", to: { x: 43, y: 22 }, facing: 0 });
    expect(r.events[0]).toMatchObject({ type: "character/moved", rule: "CORE-CHAR-1", distance: 3 });
    expect(character(r.state, "ney")).toMatchObject({ position: { x: 43, y: 22 }, facing: 0, flags: { moved: true, moveUsed: 0.75 } });
    refused(r.state, { type: "morale/moveCharacter", character: "ney", to: { x: 45, y: 22 } }, "morale/out_of_reach", "CORE-CHAR-1");
    refused(scene(), { type: "morale/moveCharacter", character: "ney", to: { x: 37, y: 22 } }, "morale/overlaps_unit", "CORE-CHAR-1");
    refused(atStep(scene(), "fr", "rally"), { type: "morale/moveCharacter", character: "ney", to: { x: 41, y: 22 } }, "morale/wrong_step", "CORE-TURN-2");
  });

  it("CORE-CHAR-2: a character charging uses the quadrant he starts in, as units do (AMB-05)", () => {
    const s = scene();
    const target = layoutOf(unit(s, "gb-1"));
    expect(chargedFace(target, { x: 36, y: 40 })).toBe("front");
    expect(chargedFace(target, { x: 36, y: 47 })).toBe("rear");
  });
});
