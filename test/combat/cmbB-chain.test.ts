/**
 * Whole-file tests (#17, cmbB) of the later rounds the decision chain builds from a state
 * (combat/markov.ts laterState, roundBuilder): losses taken off, whose turn, last winner, characters.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { CHAIN_START, laterState, roundBuilder, type ChainState } from "../../src/rules/whn/combat/markov.js";
import { buildRound } from "../../src/rules/whn/combat/build.js";
import { engaged } from "../fixtures/combat.js";
import { u } from "../fixtures/cmbB.js";

const hero = (id: string, side: string, joinedTo: string | null, Ld: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 30, y: 20 }, facing: 0, joinedTo });
const cs = (models: Record<string, number>, taken: Record<string, number>, lastWinner: 0 | 1 | null, round: number): ChainState => ({ models: new Map(Object.entries(models)), taken: new Map(Object.entries(taken)), lastWinner, round });
const SIDES = ["fr", "gb"] as never;

describe("the state of a later round (combat/markov.ts laterState)", () => {
  it("CORE-CC-1: the chain's start is the state itself", () => {
    const s = engaged();
    const c = s.combats["c1" as never]!;
    const out = laterState(s, c, CHAIN_START, SIDES);
    expect(out.state).toBe(s);
    expect(out.combat).toBe(c);
  });

  it("WHN-FORM-8 / CORE-CC-1: losses taken off, wounds carried, the other player's turn, rounds counted on, last winner by side id", () => {
    const s = engaged({}, { profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 7 } });
    const c = { ...s.combats["c1" as never]!, rounds: 2 };
    const out = laterState(s, c, cs({ a: 17, b: 20 }, { a: 0, b: 1 }, 1, 1), SIDES);
    expect(u(out.state, "a")).toMatchObject({ figures: 17, woundsTaken: 0, removed: null });
    expect(u(out.state, "b")).toMatchObject({ figures: 20, woundsTaken: 1, removed: null });
    expect(out.state.turn).toEqual({ ...s.turn, activeSide: "gb" });
    expect(out.combat).toEqual({ ...c, rounds: 3, lastWinner: "gb" });
    const two = laterState(s, c, cs({ a: 17 }, {}, null, 2), SIDES);
    expect(two.state.turn.activeSide).toBe("fr");
    expect(two.combat).toMatchObject({ rounds: 4, lastWinner: null });
    expect(u(two.state, "b")).toBe(u(s, "b"));
    expect(u(two.state, "a").woundsTaken).toBe(0);
    const won0 = laterState(s, c, cs({ a: 17 }, {}, 0, 1), SIDES);
    expect(won0.combat.lastWinner).toBe("fr");
  });

  it("CORE-CC-6: a unit with no models left is destroyed in the game turn it happened, its wounds cleared", () => {
    const s = engaged();
    const out = laterState(s, s.combats["c1" as never]!, cs({ a: 20, b: 0 }, { b: 1 }, 0, 1), SIDES);
    expect(u(out.state, "b")).toMatchObject({ figures: 0, woundsTaken: 0, removed: { reason: "destroyed", gameTurn: s.turn.gameTurn } });
  });

  it("CORE-CHAR-1 / CORE-CC-5: a character's wounds are carried and a slain one removed; unknown ids are skipped", () => {
    const s = engaged({}, {}, { characters: [hero("ney", "fr", "a", 9), hero("pic", "gb", "b", 8)] });
    const out = laterState(s, s.combats["c1" as never]!, cs({ ney: 1, pic: 0, zz: 3 }, { ney: 1 }, null, 1), SIDES);
    expect(out.state.characters["ney" as never]).toMatchObject({ woundsTaken: 1, removed: null });
    expect(out.state.characters["pic" as never]).toMatchObject({ woundsTaken: 0, removed: { reason: "destroyed", gameTurn: s.turn.gameTurn } });
    expect(out.state.units).toEqual(s.units);
    expect(Object.keys(out.state.characters).sort()).toEqual(["ney", "pic"]);
  });

  it("HR-SQUARE-1 / AMB-95: with hr.squarenessAtCombatStart the first round's squareness is kept on the combat", () => {
    const s0 = engaged({}, {}, { options: { hr: { squarenessAtCombatStart: true } } });
    const c = s0.combats["c1" as never]!;
    const out = laterState(s0, c, CHAIN_START, SIDES);
    expect(out.state).toBe(s0);
    expect(out.combat.squareness).toEqual({ a: 4, "a:models": 20, b: 4, "b:models": 20 });
    const later = laterState(s0, c, cs({ a: 9 }, {}, null, 1), SIDES);
    expect(later.combat.squareness).toEqual({ a: 4, "a:models": 20, b: 4, "b:models": 20 });
  });

  it("WHN-FORM-6 / CORE-CC-1: a square that lost models is re-laid about its centre, and its enemy closes up to it", () => {
    const s = { ...engaged({}, { files: 4, figures: 16 }) } as BattleState;
    const sq = { ...s, units: { ...s.units, b: { ...u(s, "b"), formation: "SQUARE" } } } as BattleState;
    const c = sq.combats["c1" as never]!;
    const out = laterState(sq, c, cs({ a: 20, b: 8 }, {}, 0, 1), SIDES);
    expect(u(out.state, "b").figures).toBe(8);
    const built = buildRound(out.state, out.combat);
    expect(built.contacts.some((x) => x.unit === "a" && x.enemy === "b")).toBe(true);
  });
});

describe("skirmishers in a later round (combat/markov.ts laterState)", () => {
  it("WHN-FORM-8: an extended-order unit loses the models farthest from its main enemy", () => {
    const D = 20 / 25.4;
    const models = Array.from({ length: 6 }, (_, i) => ({ x: 36 + (i - 2.5) * 0.8, y: 24 + D / 2, facing: 270 }));
    const s = engaged({ figures: 10 }, { formation: "EXTENDED_ORDER", light: true, extendedOrderAllowed: true, figures: 6, files: 6, position: { x: 36, y: 24 }, models } as never);
    const out = laterState(s, s.combats["c1" as never]!, cs({ a: 10, b: 3 }, {}, 0, 1), SIDES);
    expect(u(out.state, "b").models!.map((m) => m.x)).toEqual([models[1]!.x, models[2]!.x, models[3]!.x]);
  });
});

describe("the chain's round builder (combat/markov.ts roundBuilder)", () => {
  it("CORE-CC-1: the first round as built now; later rounds keep side 0 the first round's side 0, memoised by content", () => {
    const s = engaged();
    const build = roundBuilder(s, "c1" as never);
    const first = build(CHAIN_START);
    expect(first).toEqual(buildRound(s, s.combats["c1" as never]!));
    expect(build(CHAIN_START)).toBe(first);
    const r1 = build(cs({ a: 18, b: 20 }, {}, 0, 1));
    expect(r1.sides).toEqual(["fr", "gb"]);
    expect(r1.morale.map((m) => m.unit)).toEqual(["a", "b"]);
    expect(r1.input.victims.map((v) => [v.id, v.side, v.models])).toEqual([["a", 0, 18], ["b", 1, 20]]);
    expect(r1.input.strikers.every((x) => x.side === (x.owner === "a" ? 0 : 1))).toBe(true);
    expect(r1.input.lastWinner).toBe(0);
    expect(build(cs({ a: 18, b: 20 }, {}, 0, 1))).toBe(r1);
    // Rounds past the second differ only by whose turn it is (CORE-LEAD-4 needs no more).
    const r3 = build(cs({ a: 18, b: 20 }, {}, 0, 3));
    expect(r3).not.toBe(r1);
    expect(build(cs({ a: 18, b: 20 }, {}, 0, 5))).toBe(r3);
    expect(build(cs({ a: 18, b: 20 }, {}, 1, 1))).not.toBe(r1);
    expect(build(cs({ a: 18, b: 20 }, {}, 1, 1)).input.lastWinner).toBe(1);
    expect(build(cs({ a: 18, b: 20 }, {}, 0, 2))).not.toBe(r1);
    expect(build(cs({ a: 18, b: 20 }, {}, 0, 2)).input.lastWinner).toBe(0);
    expect(build(cs({ a: 18, b: 20 }, { b: 0 }, null, 1)).input.lastWinner).toBeNull();
  });

  it("refuses an unknown combat", () => {
    expect(() => roundBuilder(engaged(), "c9" as never)).toThrow(new RangeError('roundBuilder: unknown combat "c9"'));
  });
});
