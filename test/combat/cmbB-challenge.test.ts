/**
 * Whole-file tests (#17, cmbB) of who may fight a challenge and whose challenge move is due
 * (combat/challenge.ts, CORE-CHAL-1…3, AMB-111).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { activeDuel, challengeStage, challengers, championUnit, combatCharacters, retiredThisPhase } from "../../src/rules/whn/combat/challenge.js";
import { engaged, foot } from "../fixtures/combat.js";
import { u } from "../fixtures/cmbB.js";

const hero = (id: string, side: string, joinedTo: string | null, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 30, y: 20 }, facing: 0, joinedTo });
const CHAMP = { M: 4, WS: 4, BS: 3, S: 4, T: 3, W: 1, I: 4, A: 2, Ld: 7 } as const;
const base = () => engaged({}, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 8), hero("hill", "gb", "b", 7)], units: [foot("c", "fr", { position: { x: 10, y: 10 } })] });
const combat = (s: BattleState) => s.combats["c1" as never]!;
const setUnit = (s: BattleState, id: string, over: object): BattleState => ({ ...s, units: { ...s.units, [id]: { ...u(s, id), ...over } } }) as BattleState;
const setChar = (s: BattleState, id: string, over: object): BattleState => ({ ...s, characters: { ...s.characters, [id]: { ...s.characters[id as never]!, ...over } } }) as BattleState;
const withChampion = (s: BattleState, id: string): BattleState => setUnit(s, id, { command: { ...u(s, id).command, leader: true }, champion: CHAMP });
const facts = (s: BattleState, challenges: object, duels: object = {}): BattleState => ({ ...s, facts: { ...s.facts, duels, step: { ...s.facts.step, challenges } } }) as BattleState;
const ids = (xs: ReadonlyArray<{ id: string }>) => xs.map((x) => x.id);

describe("who fights a challenge (combat/challenge.ts)", () => {
  it("CORE-CHAL-1: the characters of one side joined to the combat's units, not fleeing", () => {
    const s = base();
    expect(ids(combatCharacters(s, combat(s), "fr" as never))).toEqual(["ney"]);
    expect(ids(combatCharacters(s, combat(s), "gb" as never))).toEqual(["hill", "pic"]);
    expect(ids(combatCharacters(setChar(s, "hill", { order: "FLEEING" }), combat(s), "gb" as never))).toEqual(["pic"]);
    expect(ids(combatCharacters(setUnit(s, "b", { order: "FLEEING" }), combat(s), "gb" as never))).toEqual([]);
    expect(ids(combatCharacters(setUnit(s, "b", { removed: { reason: "destroyed", gameTurn: 1 } }), combat(s), "gb" as never))).toEqual([]);
    // A character joined to a unit outside the combat does not count.
    expect(ids(combatCharacters(setChar(s, "ney", { joinedTo: "c" }), combat(s), "fr" as never))).toEqual([]);
    // A combat naming an unknown unit skips it.
    expect(ids(combatCharacters(s, { ...combat(s), units: ["zz", "a"] } as never, "fr" as never))).toEqual(["ney"]);
  });

  it("AMB-111 / CORE-LEAD-1: a unit's champion takes part when its leader lives, it has a profile, the unit fights on and has a trooper besides him", () => {
    const s = withChampion(base(), "a");
    expect(championUnit(s, combat(s), "a")?.id).toBe("a");
    expect(championUnit(s, combat(s), "c")).toBeUndefined();
    expect(championUnit(withChampion(s, "c"), combat(s), "c")).toBeUndefined();
    expect(championUnit(s, combat(s), "zz")).toBeUndefined();
    expect(championUnit(setUnit(s, "a", { order: "FLEEING" }), combat(s), "a")).toBeUndefined();
    expect(championUnit(setUnit(s, "a", { removed: { reason: "destroyed", gameTurn: 1 } }), combat(s), "a")).toBeUndefined();
    expect(championUnit(setUnit(s, "a", { command: { ...u(s, "a").command, leader: false } }), combat(s), "a")).toBeUndefined();
    expect(championUnit(setUnit(s, "a", { champion: null }), combat(s), "a")).toBeUndefined();
    expect(championUnit(setUnit(s, "a", { figures: 1 }), combat(s), "a")).toBeUndefined();
    expect(championUnit(setUnit(s, "a", { figures: 2 }), combat(s), "a")?.id).toBe("a");
  });

  it("CORE-CHAL-1 / AMB-111: challengers are a side's characters, then its champions, each with the profile he fights with", () => {
    const s = withChampion(withChampion(base(), "a"), "b");
    const ney = s.characters["ney" as never]!;
    expect(challengers(s, combat(s), "fr" as never)).toEqual([
      { id: "ney", side: "fr", profile: ney.profile, championOf: null },
      { id: "a", side: "fr", profile: CHAMP, championOf: "a" },
    ]);
    expect(challengers(s, combat(s), "gb" as never).map((c) => [c.id, c.championOf])).toEqual([
      ["hill", null],
      ["pic", null],
      ["b", "b"],
    ]);
  });

  it("CORE-CHAL-3: a challenge lasts while both fighters are alive, not fleeing and in the combat", () => {
    const s = facts(base(), {}, { c1: { a: "ney", b: "pic" } });
    expect(activeDuel(s, combat(s))).toEqual({ a: "ney", b: "pic" });
    expect(activeDuel(base(), combat(s))).toBeNull();
    expect(activeDuel(facts(base(), {}, { c2: { a: "ney", b: "pic" } }), combat(s))).toBeNull();
    expect(activeDuel(setChar(s, "pic", { removed: { reason: "slain", gameTurn: 1 } }), combat(s))).toBeNull();
    expect(activeDuel(setChar(s, "ney", { order: "FLEEING" }), combat(s))).toBeNull();
    expect(activeDuel(setChar(s, "pic", { order: "FLEEING" }), combat(s))).toBeNull();
    expect(activeDuel(setChar(s, "ney", { joinedTo: null }), combat(s))).toBeNull();
    expect(activeDuel(setChar(s, "ney", { joinedTo: "c" }), combat(s))).toBeNull();
    // A champion's duel lasts while he may take part.
    const champ = facts(withChampion(base(), "a"), {}, { c1: { a: "a", b: "pic" } });
    expect(activeDuel(champ, combat(champ))).toEqual({ a: "a", b: "pic" });
    expect(activeDuel(setUnit(champ, "a", { figures: 1 }), combat(champ))).toBeNull();
    // A name inherited from Object.prototype is no combat.
    expect(activeDuel(base(), { ...combat(s), id: "toString" } as never)).toBeNull();
  });

  it("CORE-CHAL-2: the characters retired this phase, none when the combat had no challenge step", () => {
    const s = facts(base(), { c1: { settled: true, issued: null, declined: [], retired: ["hill"] } });
    expect(retiredThisPhase(s, "c1")).toEqual(["hill"]);
    expect(retiredThisPhase(s, "c2")).toEqual([]);
    expect(retiredThisPhase(s, "constructor")).toEqual([]);
  });
});

describe("whose challenge move is due (combat/challenge.ts challengeStage)", () => {
  const sides = ["fr", "gb"] as never;
  it("CORE-CHAL-1: the active side offers first, then the other once the first declines; none once both declined", () => {
    const s = base();
    expect(challengeStage(s, combat(s), sides)).toEqual({ kind: "offer", side: "fr" });
    expect(challengeStage(s, combat(s), ["gb", "fr"] as never)).toEqual({ kind: "offer", side: "gb" });
    const one = facts(s, { c1: { settled: false, issued: null, declined: ["fr"], retired: [] } });
    expect(challengeStage(one, combat(s), sides)).toEqual({ kind: "offer", side: "gb" });
    const both = facts(s, { c1: { settled: false, issued: null, declined: ["fr", "gb"], retired: [] } });
    expect(challengeStage(both, combat(s), sides)).toEqual({ kind: "none" });
  });

  it("CORE-CHAL-2: after a challenge is issued the other side answers it, with the challenger and who retires if refused", () => {
    const s = base();
    const byFr = facts(s, { c1: { settled: false, issued: { side: "fr", challenger: "ney", retireIfRefused: "pic" }, declined: [], retired: [] } });
    expect(challengeStage(byFr, combat(s), sides)).toEqual({ kind: "answer", side: "gb", challenger: "ney", retireIfRefused: "pic" });
    const byGb = facts(s, { c1: { settled: false, issued: { side: "gb", challenger: "pic", retireIfRefused: "" }, declined: ["fr"], retired: [] } });
    expect(challengeStage(byGb, combat(s), sides)).toEqual({ kind: "answer", side: "fr", challenger: "pic", retireIfRefused: "" });
  });

  it("CORE-CHAL-1 / CORE-CHAL-3: nothing is due once settled, while a challenge is fought, or without challengers on both sides", () => {
    const s = base();
    expect(challengeStage(facts(s, { c1: { settled: true, issued: null, declined: [], retired: [] } }), combat(s), sides)).toEqual({ kind: "none" });
    expect(challengeStage(facts(s, {}, { c1: { a: "ney", b: "pic" } }), combat(s), sides)).toEqual({ kind: "none" });
    expect(challengeStage(setChar(s, "ney", { joinedTo: null }), combat(s), sides)).toEqual({ kind: "none" });
    const gbAlone = setChar(setChar(s, "pic", { joinedTo: null }), "hill", { joinedTo: null });
    expect(challengeStage(gbAlone, combat(s), sides)).toEqual({ kind: "none" });
    // A champion is enough for a side.
    const champ = withChampion(setChar(s, "ney", { joinedTo: null }), "a");
    expect(challengeStage(champ, combat(champ), sides)).toEqual({ kind: "offer", side: "fr" });
    // A finished duel of an earlier phase no longer blocks the step.
    const over = facts(setChar(s, "pic", { removed: { reason: "slain", gameTurn: 1 } }), {}, { c1: { a: "ney", b: "pic" } });
    expect(challengeStage(over, combat(s), sides)).toEqual({ kind: "offer", side: "fr" });
  });
});
