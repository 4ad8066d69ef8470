/**
 * CORE-PANIC-7 / WHN-LEAD-5 in play: the General slain by fire (CORE-SHOOT-5) or in a challenge
 * (CORE-CHAL-3) sets off a Panic test in every unit of his army, through `apply` with scripted dice.
 */
import { describe, expect, it } from "vitest";
import { play, unit, event, fire, shootingBattle, shooterSetup, targetSetup, battalion, leader } from "../fixtures/shooting.js";
import { applyUnknown as apply, withScriptedDice, type BattleEvent } from "../../src/index.js";
import { engaged, foot } from "../fixtures/combat.js";
import { LD6, ev, mustApply as ok, unitOf } from "../fixtures/play.js";

// 6 shots at the lone General, need 5 (close 4, −1 lone character): hits 5, 6; wounds 4, 4 kill his W2.
const KILL = [5, 6, 1, 1, 1, 1, 4, 4];

function scene(general: boolean) {
  return shootingBattle(
    [shooterSetup({ initialVolleyUsed: true }), targetSetup(12, { order: "DISORDERED" }), battalion("gb-2", "gb", { figures: 10, files: 5, formation: "LINE", position: { x: 70, y: 40 }, facing: 270, command: {} })],
    { characters: [leader("wel", "gb", { isGeneral: general, position: { x: 36, y: 18 }, facing: 270 })] },
  );
}

describe("the General slain in play (CORE-PANIC-7, WHN-LEAD-5)", () => {
  it("CORE-PANIC-7: the General shot dead: every unit of his army tests at once; a DISORDERED unit that fails flees", () => {
    // Panic: gb-1 (DISORDERED, Ld 7) 6 + 6 fails and flees; gb-2 1 + 1 passes. Then flee dice.
    const r = play(scene(true), fire("fr-1", "wel"), [...KILL, 6, 6, 1, 1, 3, 3, 3, 3]);
    expect(event(r.events, "character/slain")).toMatchObject({ character: "wel", general: true });
    expect(event(r.events, "morale/generalSlain")).toMatchObject({ rule: "WHN-LEAD-5", character: "wel", side: "gb" });
    const tests = ev(r.events, "morale/panicTest");
    expect(tests.map((t) => [t.unit, t.rule, t.passed])).toEqual([
      ["gb-1", "CORE-PANIC-7", false],
      ["gb-2", "CORE-PANIC-7", true],
    ]);
    expect(unit(r.state, "gb-1").order).toBe("FLEEING");
    expect(unit(r.state, "gb-2").order).toBe("GOOD");
    // The French army does not test.
    expect(tests.some((t) => String(t.unit).startsWith("fr"))).toBe(false);
  });

  it("CORE-PANIC-7: the General lost with his fleeing unit shot to death (CORE-CHAR-6) sets off the tests once", () => {
    const s = shootingBattle(
      [shooterSetup({ initialVolleyUsed: true }), targetSetup(12, { order: "FLEEING", figures: 4, files: 2 }), battalion("gb-2", "gb", { figures: 10, files: 5, formation: "LINE", position: { x: 70, y: 40 }, facing: 270, command: {} })],
      { characters: [leader("wel", "gb", { isGeneral: true, joinedTo: "gb-1", order: "FLEEING", position: { x: 36, y: 22 }, facing: 270 })] },
    );
    const r = play(s, fire("fr-1", "gb-1"), [...new Array(18).fill(6), 1, 1, ...Array.from({ length: 40 }, (_, i) => 1 + (i % 5))]);
    expect(event(r.events, "unit/destroyed")).toMatchObject({ unit: "gb-1" });
    expect(r.state.characters["wel" as never]).toMatchObject({ removed: { reason: "destroyed" } });
    expect(ev(r.events, "morale/generalSlain")).toHaveLength(1);
    expect(ev(r.events, "morale/panicTest").map((t) => [t.unit, t.rule])).toEqual([["gb-2", "CORE-PANIC-7"]]);
  });

  it("WHN-LEAD-5: a character who is not the General shot dead sets off no Panic test", () => {
    const r = play(scene(false), fire("fr-1", "wel"), [...KILL, 6, 6, 6, 6]);
    expect(event(r.events, "character/slain")).toMatchObject({ character: "wel", general: false });
    expect(ev(r.events, "morale/generalSlain")).toEqual([]);
    expect(ev(r.events, "morale/panicTest")).toEqual([]);
    expect(unit(r.state, "gb-1").order).toBe("DISORDERED");
  });

  it("WHN-LEAD-5: the General wounded but not slain sets off no Panic test", () => {
    const r = play(scene(true), fire("fr-1", "wel"), [5, 1, 1, 1, 1, 1, 4, 6, 6]);
    expect(ev(r.events, "character/slain")).toEqual([]);
    expect(ev(r.events, "morale/panicTest")).toEqual([]);
  });
});

// A challenge (CORE-CHAL-3) between ney (fr, I 9) and the British champion, who dies to ney's 3 blows;
// the units strike no blows (A 0). British: b in the combat, c DISORDERED far off.
const hero = (id: string, side: string, joinedTo: string, over: Record<string, unknown> = {}) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 9, A: 3, Ld: 9 }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo, ...over });
const WEAK = { M: 4, WS: 1, BS: 1, S: 1, T: 1, W: 1, I: 1, A: 1, Ld: 5 };

function challenge(general: boolean, dice: readonly number[]): { events: readonly BattleEvent[]; state: ReturnType<typeof engaged> } {
  const s0 = engaged({ profile: { ...LD6, A: 0 } }, { profile: { ...LD6, A: 0 } }, {
    units: [foot("c", "gb", { position: { x: 60, y: 40 }, facing: 270, order: "DISORDERED", profile: LD6 })],
    characters: [hero("ney", "fr", "a"), hero("pic", "gb", "b", { isGeneral: general, profile: WEAK })],
  });
  const r0 = ok({ ...s0, turn: { ...s0.turn, phase: "shooting" } }, { type: "turn/advance" });
  const r1 = ok(r0.state, { type: "combat/challenge", combat: "c1", challenger: "ney" });
  const r2 = apply(withScriptedDice(r1.state, dice), { type: "combat/answerChallenge", combat: "c1", champion: "pic" });
  if (!r2.ok) throw new Error(JSON.stringify(r2.violation));
  return r2;
}

// ney: 3 hits, 3 wounds (6s); 1, 2 for the round; Panic: b 1 + 1 passes, c 6 + 6 fails; b's Break test 1 + 1 passes; then c's flee dice.
const CHALLENGE_DICE = [6, 6, 6, 6, 6, 6, 1, 2, 1, 1, 6, 6, 1, 1, ...Array.from({ length: 60 }, (_, i) => 1 + (i % 5))];

describe("the General slain in a challenge (CORE-PANIC-7, WHN-PANIC-3)", () => {
  it("CORE-PANIC-7: the General slain in a challenge: his army tests at once; the flights wait for the phase's flee moves", () => {
    const r = challenge(true, CHALLENGE_DICE);
    const types = r.events.map((e) => e.type);
    expect(event(r.events, "character/slain")).toMatchObject({ character: "pic", rule: "CORE-CHAL-3" });
    expect(event(r.events, "morale/generalSlain")).toMatchObject({ rule: "WHN-LEAD-5", character: "pic", side: "gb" });
    expect(ev(r.events, "morale/panicTest").map((t) => [t.unit, t.rule, t.passed])).toEqual([
      ["b", "CORE-PANIC-7", true],
      ["c", "CORE-PANIC-7", false],
    ]);
    // c is marked to flee at once, but moves only with the phase's flee moves, after the Break tests.
    const mustFlee = r.events.findIndex((e) => e.type === "unit/mustFlee" && e["unit"] === "c");
    const breakTest = types.indexOf("combat/breakTest");
    const fled = r.events.findIndex((e) => e.type === "unit/fled" && e["unit"] === "c");
    expect(mustFlee).toBeGreaterThan(types.indexOf("morale/generalSlain"));
    expect(breakTest).toBeGreaterThan(mustFlee);
    expect(fled).toBeGreaterThan(breakTest);
    expect(r.events[fled]).toMatchObject({ cause: "CORE-PANIC-7" });
    expect(ev(r.events, "morale/generalSlain")).toHaveLength(1);
    expect(unitOf(r.state, "c").order).toBe("FLEEING");
    expect(unitOf(r.state, "c").position).not.toEqual({ x: 60, y: 40 });
  });

  it("WHN-LEAD-5: a character who is not the General slain in a challenge sets off no Panic test", () => {
    const r = challenge(false, CHALLENGE_DICE);
    expect(event(r.events, "character/slain")).toMatchObject({ character: "pic" });
    expect(ev(r.events, "morale/generalSlain")).toEqual([]);
    expect(ev(r.events, "morale/panicTest")).toEqual([]);
    expect(unitOf(r.state, "c").order).toBe("DISORDERED");
  });
});

describe("the General slain under CORE (CORE-PANIC-7)", () => {
  it("CORE-PANIC-7: under CORE the General shot dead makes each unit of his army test, and a failure flees at once (CORE-PANIC-1)", () => {
    const s = scene(true);
    const core = { ...s, ruleset: "core" as const };
    const r = play(core, fire("fr-1", "wel"), [...KILL, 1, 1, 6, 6, ...Array.from({ length: 40 }, (_, i) => 1 + (i % 5))]);
    expect(event(r.events, "morale/generalSlain")).toMatchObject({ character: "wel" });
    const tests = ev(r.events, "morale/panicTest");
    expect(tests.map((t) => [t.unit, t.rule, t.test])).toEqual([
      ["gb-1", "CORE-PANIC-7", "CORE-PANIC-1"],
      ["gb-2", "CORE-PANIC-7", "CORE-PANIC-1"],
    ]);
    expect(unit(r.state, "gb-2").order).toBe("FLEEING");
    expect(ev(r.events, "unit/fled").map((e) => e["unit"])).toEqual(["gb-2"]);
  });
});
