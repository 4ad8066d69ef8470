import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { fightCombat, keepSquareness, mainEnemy } from "../../src/rules/whn/combat/fight.js";
import { recorder } from "../../src/rules/whn/combat/recorder.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { engaged } from "../fixtures/combat.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;
const c1 = (s: BattleState) => s.combats["c1" as never]!;
const ev = (type: string, rule: string, d: Record<string, unknown>) => ({ ...d, type, rule, seq: 0, gameTurn: 0 });
const W = 20 / 25.4;
const score = (side: string, wounds: number, ranks: number) => ({ side, wounds, ranks, flank: 0, rear: 0, highGround: 0, standard: 0, outnumber: 0, squareness: 0, total: wounds + ranks, musician: false });

function fightWith(s: BattleState, dice: number[]) {
  const { ctx, sink } = makeContext(s, roller(scriptedDice(dice)));
  const out = fightCombat(s, recorder(ctx), c1(s));
  return { ...out, events: sink.drafts };
}

describe("mainEnemy (CORE-FLEE-3, WHN-BREAK-2)", () => {
  it("CORE-FLEE-3: the enemy with most models touching the unit, counted or listed; ties to the first id; none → null", () => {
    const contacts = [
      { unit: "x", enemy: "u", models: 2 },
      { unit: "y", enemy: "u", models: [1, 2, 3] },
      { unit: "u", enemy: "z", models: 9 },
      { unit: "w", enemy: "u", models: 3 },
    ];
    expect(mainEnemy(contacts, "u")).toBe("w");
    expect(mainEnemy(contacts.slice(0, 2), "u")).toBe("y");
    expect(mainEnemy([{ unit: "x", enemy: "u", models: 4 }, { unit: "y", enemy: "u", models: [0] }], "u")).toBe("x");
    expect(mainEnemy(contacts, "z")).toBe("u");
    expect(mainEnemy(contacts, "x")).toBeNull();
    expect(mainEnemy([], "u")).toBeNull();
  });
});

describe("keepSquareness (HR-SQUARE-1, AMB-95)", () => {
  it("HR-SQUARE-1: without the option the combat is returned as it is", () => {
    const s = engaged();
    expect(keepSquareness(s, c1(s))).toBe(c1(s));
  });

  it("HR-SQUARE-1: with the option each fighting unit's squareness and models are kept once, earlier values untouched", () => {
    const s = engaged({}, { files: 4, figures: 12 }, { options: { hr: { squarenessAtCombatStart: true } } });
    expect(keepSquareness(s, c1(s))).toEqual({ ...c1(s), squareness: { a: 4, "a:models": 20, b: 3, "b:models": 12 } });
    const kept = { ...c1(s), squareness: { a: 1, "a:models": 7 } };
    expect(keepSquareness(s, kept)).toEqual({ ...c1(s), squareness: { a: 1, "a:models": 7, b: 3, "b:models": 12 } });
    const all = { ...c1(s), squareness: { a: 1, b: 2 } };
    expect(keepSquareness(s, all)).toBe(all);
  });
});

describe("fightCombat (CORE-CC-1…6, CORE-CR-1)", () => {
  it("CORE-CC-4 / CORE-CR-1: strikes, casualties and the result are logged; the combat counts the round and its winner", () => {
    const s = engaged({}, { figures: 7 }, { combat: { lastWinner: "fr" as never } });
    const out = fightWith(s, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    expect(out.events).toEqual([
      ev("combat/strike", "CORE-CC-4", { combat: "c1", side: "fr", tier: 2, charged: false, initiative: 3, strikers: ["a>b"], attacks: 5, hits: 5, wounds: 5, unsaved: 5 }),
      ev("combat/strike", "CORE-CC-4", { combat: "c1", side: "gb", tier: 2, charged: false, initiative: 3, strikers: ["b>a"], attacks: 0, hits: 0, wounds: 0, unsaved: 0 }),
      ev("combat/casualties", "CORE-CC-6", { unit: "b", wounds: 5, removed: 5, figures: 2, commandLost: [] }),
      ev("combat/roundFought", "CORE-CR-1", { combat: "c1", winner: "fr", margin: 8, settledBy: "totals", scores: [score("fr", 5, 3), score("gb", 0, 0)], squareness: [0, 0] }),
    ]);
    expect(out.fought).toEqual({ combat: "c1", round: { winner: "fr", margin: 8, units: ["a", "b"], contacts: [{ unit: "a", enemy: "b", models: 5 }, { unit: "b", enemy: "a", models: 5 }] } });
    expect(out.asked).toEqual([]);
    expect(c1(out.state)).toEqual({ ...c1(s), rounds: 2, lastWinner: "fr" });
    expect(unit(out.state, "b")).toMatchObject({ figures: 2, removed: null, woundsTaken: 0 });
    expect(unit(out.state, "a").figures).toBe(20);
  });

  it("CORE-CR-1: a drawn round records no winner; nothing lost means no casualty event", () => {
    const s = engaged({}, {}, { combat: { lastWinner: "gb" as never, rounds: 3 } });
    const out = fightWith(s, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(out.events.map((e) => e.type)).toEqual(["combat/strike", "combat/strike", "combat/roundFought"]);
    expect(out.events[0]).toMatchObject({ side: "gb", strikers: ["b>a"], attacks: 5, hits: 0 });
    expect(out.events[2]).toEqual(ev("combat/roundFought", "CORE-CR-1", { combat: "c1", winner: null, margin: 0, settledBy: "draw", scores: [score("fr", 0, 3), score("gb", 0, 3)], squareness: [0, 0] }));
    expect(c1(out.state)).toEqual({ ...c1(s), rounds: 4, lastWinner: null });
    expect(out.fought.round.winner).toBeNull();
  });

  it("CORE-CC-6: a unit slain to the last model is destroyed and leaves play", () => {
    const s = engaged({}, { figures: 5 }, { combat: { lastWinner: "fr" as never } });
    const out = fightWith(s, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    expect(out.events.slice(2, 4)).toEqual([
      ev("combat/casualties", "CORE-CC-6", { unit: "b", wounds: 5, removed: 5, figures: 0, commandLost: [] }),
      ev("unit/destroyed", "CORE-CC-6", { unit: "b", reason: "slain in close combat" }),
    ]);
    expect(unit(out.state, "b")).toMatchObject({ figures: 0, woundsTaken: 0, removed: { reason: "destroyed" } });
  });

  it("HR-SQUARE-1: with squareness kept at combat start, the combat stored after the round carries the kept values", () => {
    const s = engaged({}, { figures: 7 }, { combat: { lastWinner: "fr" as never }, options: { hr: { squarenessAtCombatStart: true } } });
    const out = fightWith(s, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    expect(c1(out.state)).toEqual({ ...c1(s), rounds: 2, lastWinner: "fr", squareness: { a: 4, "a:models": 20, b: 1, "b:models": 7 } });
  });
});

describe("fightCombat: characters in a challenge (CORE-CHAL-3)", () => {
  const hero = (id: string, side: string, joinedTo: string) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 1, y: 1 }, facing: 0, joinedTo });
  const duel = () => {
    const s = engaged({}, {}, { characters: [hero("ney", "fr", "a"), hero("pic", "gb", "b")], combat: { lastWinner: "fr" as never } });
    return { ...s, facts: { ...s.facts, duels: { c1: { a: "ney", b: "pic" } } } } as BattleState;
  };

  it("CORE-CHAL-3: a wounded duellist keeps his wounds and fights on", () => {
    // ney (I 5) first: hits 6, 6, 1; wounds 6, 1 → 1 wound on pic (W 2); pic: 3 misses; then the units' blows all miss.
    const out = fightWith(duel(), [6, 6, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(out.events.filter((e) => e.type.startsWith("character/"))).toEqual([ev("character/wounded", "CORE-CHAL-3", { character: "pic", wounds: 1 })]);
    expect(out.state.characters["pic" as never]).toMatchObject({ woundsTaken: 1, removed: null, joinedTo: "b" });
    expect(out.events[0]).toMatchObject({ type: "combat/strike", side: "fr", strikers: ["ney>pic"], attacks: 3, hits: 2, wounds: 1, unsaved: 1 });
  });

  it("CORE-CHAL-3: a duellist who takes all his wounds is slain; his blows are lost", () => {
    const out = fightWith(duel(), [6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(out.events.filter((e) => e.type.startsWith("character/"))).toEqual([ev("character/slain", "CORE-CHAL-3", { character: "pic", wounds: 2 })]);
    expect(out.state.characters["pic" as never]).toMatchObject({ woundsTaken: 0, removed: { reason: "destroyed", gameTurn: 1 } });
    expect(out.events[1]).toMatchObject({ type: "combat/strike", side: "gb", strikers: ["pic>ney"], attacks: 0 });
    expect(out.events.find((e) => e.type === "combat/roundFought")).toMatchObject({ winner: "fr", margin: 2 });
  });
});

describe("closeUpOnSquare (WHN-FORM-8, CORE-GEO-7, CORE-CC-1)", () => {
  it("WHN-FORM-8: a square that loses models is re-laid about its centre and the enemy touching it steps in to stay in contact", () => {
    // b (won last round) strikes first: 5 hits, 5 wounds on the square a (4 a face); a's blows then all miss.
    const s = engaged({ formation: "SQUARE", files: 4, figures: 16 }, {}, { combat: { lastWinner: "gb" as never } });
    const out = fightWith(s, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(unit(out.state, "a").figures).toBe(11);
    const stepped = unit(out.state, "a").position;
    expect(stepped.x).toBe(36);
    expect(stepped.y).toBeCloseTo(24 - W / 2, 9);
    expect(unit(out.state, "b").position.x).toBe(36);
    expect(unit(out.state, "b").position.y).toBeCloseTo(24 - W / 2, 9);
  });

  it("WHN-FORM-8: a square that loses nothing stays, and so does its enemy", () => {
    const s = engaged({ formation: "SQUARE", files: 4, figures: 16 }, {}, { combat: { lastWinner: "gb" as never } });
    const out = fightWith(s, new Array<number>(20).fill(1));
    expect(unit(out.state, "a").position).toEqual({ x: 36, y: 24 });
    expect(unit(out.state, "b").position).toEqual({ x: 36, y: 24 });
  });
});
