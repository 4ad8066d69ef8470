/**
 * Whole-file tests (#17, cmbD) of the chain's later rounds (markov.ts laterState, roundBuilder): the
 * state as the engine would leave it after the chain's losses (CORE-CC-1, WHN-FORM-8), whose turn it
 * is, the combat's round count and last winner, and characters slain or wounded.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { CHAIN_START, laterState, roundBuilder, type ChainState } from "../../src/rules/whn/combat/markov.js";
import { engaged } from "../fixtures/combat.js";

const cs = (models: Array<[string, number]>, taken: Array<[string, number]>, lastWinner: 0 | 1 | null, round: number): ChainState => ({ models: new Map(models), taken: new Map(taken), lastWinner, round });
const sides = ["fr", "gb"] as never;
const hero = (id: string, side: string, W: number) => ({ id, side, name: id, profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W, I: 5, A: 3, Ld: 8 }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 30, y: 60 }, facing: 0, joinedTo: null });

describe("laterState (combat/markov.ts)", () => {
  it("CORE-CC-1: the chain's start is the state itself", () => {
    const s = engaged();
    const c = s.combats["c1" as never]!;
    const out = laterState(s, c, CHAIN_START, sides);
    expect(out.state).toBe(s);
    expect(out.combat).toEqual(c);
  });

  it("CORE-CC-1: losses in round 0 are taken off in the same turn; round 1 with no losses named still passes the turn", () => {
    const s = engaged();
    const c = s.combats["c1" as never]!;
    const zero = laterState(s, c, cs([["a", 14]], [["a", 0]], null, 0), sides);
    expect(zero.state.units["a" as never]!.figures).toBe(14);
    expect(zero.state.turn).toEqual(s.turn);
    expect(zero.combat).toEqual({ ...c, rounds: 1, lastWinner: null });
    const one = laterState(s, c, cs([], [], 0, 1), sides);
    expect(one.state.units).toEqual(s.units);
    expect(one.state.turn).toEqual({ ...s.turn, activeSide: "gb" });
    expect(one.combat).toEqual({ ...c, rounds: 2, lastWinner: "fr" });
  });

  it("CORE-CC-1 / WHN-FORM-8: after round 1 the losses are taken off, the other player is active, the round count and last winner move on", () => {
    const s = engaged();
    const c = s.combats["c1" as never]!;
    const out = laterState(s, c, cs([["a", 15], ["b", 18]], [["a", 0], ["b", 0]], 1, 1), sides);
    expect(out.state.units["a" as never]!.figures).toBe(15);
    expect(out.state.units["b" as never]!.figures).toBe(18);
    expect(out.state.units["a" as never]!.removed).toBe(null);
    expect(out.state.units["a" as never]!.woundsTaken).toBe(0);
    expect(out.state.turn).toEqual({ ...s.turn, activeSide: "gb" });
    expect(out.combat).toEqual({ ...c, rounds: 2, lastWinner: "gb" });
    // Round 2 is the first player's again; a draw leaves no last winner.
    const two = laterState(s, c, cs([["a", 15], ["b", 18]], [], null, 2), sides);
    expect(two.state.turn.activeSide).toBe("fr");
    expect(two.combat).toEqual({ ...c, rounds: 3, lastWinner: null });
    const won0 = laterState(s, c, cs([["a", 20]], [], 0, 1), sides);
    expect(won0.combat.lastWinner).toBe("fr");
    // A unit the chain does not name is left as it was.
    expect(won0.state.units["b" as never]).toBe(s.units["b" as never]);
    expect(won0.state.units["a" as never]!.figures).toBe(20);
  });

  it("CORE-CC-1: a unit with no models left is removed as destroyed, with no wounds taken", () => {
    const s = engaged();
    const c = s.combats["c1" as never]!;
    const out = laterState(s, c, cs([["a", 20], ["b", 0]], [["a", 0], ["b", 1]], 0, 1), sides);
    expect(out.state.units["b" as never]!.figures).toBe(0);
    expect(out.state.units["b" as never]!.removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    expect(out.state.units["b" as never]!.woundsTaken).toBe(0);
    expect(out.state.units["a" as never]!.removed).toBe(null);
  });

  it("CORE-CC-6: wounds taken on a many-wound unit carry; a wounded or slain character is marked so", () => {
    const s0 = engaged({ profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 3, I: 3, A: 1, Ld: 7 } } as never, {}, { characters: [hero("h", "fr", 3), hero("k", "gb", 2)] });
    const c = s0.combats["c1" as never]!;
    const out = laterState(s0, c, cs([["a", 19], ["h", 1], ["k", 0]], [["a", 2], ["h", 2], ["k", 1]], 0, 1), sides);
    expect(out.state.units["a" as never]!.figures).toBe(19);
    expect(out.state.units["a" as never]!.woundsTaken).toBe(2);
    expect(out.state.characters["h" as never]).toEqual({ ...s0.characters["h" as never]!, woundsTaken: 2, removed: null });
    expect(out.state.characters["k" as never]).toEqual({ ...s0.characters["k" as never]!, woundsTaken: 1, removed: { reason: "destroyed", gameTurn: 1 } });
    // Taken not given counts as none.
    const none = laterState(s0, c, cs([["a", 19], ["h", 1]], [], 0, 1), sides);
    expect(none.state.units["a" as never]!.woundsTaken).toBe(0);
    expect(none.state.characters["h" as never]!.woundsTaken).toBe(0);
    // A name that is neither a unit of the combat nor a character changes nothing.
    const odd = laterState(s0, c, cs([["zz", 0]], [], null, 1), sides);
    expect(odd.state.units).toEqual(s0.units);
    expect(odd.state.characters).toEqual(s0.characters);
  });
});

describe("laterState: a square that lost models (WHN-FORM-8, CORE-CC-1)", () => {
  const HORSE = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } };
  const W = 20 / 25.4;

  it("WHN-FORM-8: the square is re-laid about its centre and the horse touching it steps in with it", () => {
    const s = engaged({ formation: "SQUARE", figures: 20 } as never, HORSE as never);
    const c = s.combats["c1" as never]!;
    const out = laterState(s, c, cs([["a", 16]], [], null, 1), sides).state;
    // 5 a face → 4 a face: each face half a base nearer the centre.
    expect(out.units["a" as never]!.figures).toBe(16);
    expect(out.units["a" as never]!.position.x).toBeCloseTo(36, 9);
    expect(out.units["a" as never]!.position.y).toBeCloseTo(24 - W / 2, 9);
    expect(out.units["b" as never]!.position.x).toBeCloseTo(36, 9);
    expect(out.units["b" as never]!.position.y).toBeCloseTo(24 - W / 2, 9);
  });

  it("WHN-FORM-8: no close-up for a square that lost nothing, one destroyed, or a unit not in square", () => {
    const s = engaged({ formation: "SQUARE", figures: 20 } as never, HORSE as never);
    const c = s.combats["c1" as never]!;
    const same = laterState(s, c, cs([["a", 20]], [], null, 1), sides).state;
    expect(same.units["b" as never]!.position).toEqual(s.units["b" as never]!.position);
    const gone = laterState(s, c, cs([["a", 0]], [], null, 1), sides).state;
    expect(gone.units["b" as never]!.position).toEqual(s.units["b" as never]!.position);
    // The horse losing models is no square: the square stays put.
    const horseLoss = laterState(s, c, cs([["b", 6]], [], null, 1), sides).state;
    expect(horseLoss.units["a" as never]!.position).toEqual(s.units["a" as never]!.position);
    expect(horseLoss.units["b" as never]!.figures).toBe(6);
    const line = engaged({}, HORSE as never);
    const lineOut = laterState(line, line.combats["c1" as never]!, cs([["a", 16]], [], null, 1), sides).state;
    expect(lineOut.units["b" as never]!.position).toEqual(line.units["b" as never]!.position);
    expect(lineOut.units["a" as never]!.position).toEqual(line.units["a" as never]!.position);
  });
});

describe("roundBuilder (combat/markov.ts)", () => {
  it("CORE-CC-1: later rounds are built from the losses, with side 0 kept as the first round's side 0", () => {
    const s = engaged();
    const build = roundBuilder(s, "c1" as never);
    const first = build(CHAIN_START);
    expect(first.sides).toEqual(["fr", "gb"]);
    const later = build(cs([["a", 12], ["b", 17]], [["a", 0], ["b", 0]], 0, 1));
    expect(later.sides).toEqual(["fr", "gb"]);
    expect(later.input.victims.map((v) => [v.id, v.side, v.models])).toEqual([["a", 0, 12], ["b", 1, 17]]);
    expect(later.input.lastWinner).toBe(0);
    // The same chain state gives the same build (memoised), a different one a different build.
    expect(build(cs([["a", 12], ["b", 17]], [["a", 0], ["b", 0]], 0, 1))).toBe(later);
    expect(build(cs([["a", 11], ["b", 17]], [["a", 0], ["b", 0]], 0, 1)).input.victims.map((v) => v.models)).toEqual([11, 17]);
    expect(() => roundBuilder(s, "c9" as never)).toThrow(new RangeError('roundBuilder: unknown combat "c9"'));
  });
});
