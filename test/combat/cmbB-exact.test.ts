/**
 * Whole-file tests (#17, cmbB) of the exact distribution of one round (combat/exact.ts) on tiny
 * rounds worked out by hand: every blow lands 1 time in 4 (4+ to hit, 4+ to wound, no save).
 */
import { describe, expect, it } from "vitest";
import { compactOutcomes, MAX_KEYS, roundOutcomes, unsavedChance } from "../../src/rules/whn/combat/exact.js";
import type { RoundInput } from "../../src/rules/whn/combat/types.js";
import { duelInput, plainResult, striker, victim } from "../fixtures/combatPlain.js";

const row = (o: ReturnType<typeof roundOutcomes>[number]) => [o.p, [...o.left], [...o.taken], o.verdict.winner, o.verdict.margin, o.verdict.settledBy];
const sorted = (rows: unknown[][]) => [...rows].sort((x, y) => JSON.stringify(x.slice(1)).localeCompare(JSON.stringify(y.slice(1))));
const expectRows = (got: ReturnType<typeof roundOutcomes>, want: unknown[][]) => {
  const g = sorted(got.map(row));
  const w = sorted(want);
  expect(g.length).toBe(w.length);
  g.forEach((r, i) => {
    expect(r[0] as number).toBeCloseTo(w[i]![0] as number, 12);
    expect(r.slice(1)).toEqual(w[i]!.slice(1));
  });
};
const total = (xs: ReadonlyArray<{ p: number }>) => xs.reduce((a, x) => a + x.p, 0);

describe("exact round outcomes (combat/exact.ts)", () => {
  it("CORE-CC-6 / CORE-CR-1: two blows on a 2-wound model: 0, 1 or 2 wounds with 9/16, 6/16, 1/16; the wound carried is kept", () => {
    const input: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1, { attacks: 2 })], victims: [victim("a", 0, 1), victim("b", 1, 1, { wounds: 2 })] };
    expectRows(roundOutcomes(input), [
      [9 / 16, [1, 1], [0, 0], null, 0, "draw"],
      [6 / 16, [1, 1], [0, 1], 0, 1, "totals"],
      [1 / 16, [1, 0], [0, 0], 0, 2, "totals"],
    ]);
  });

  it("CORE-CC-6: a model already carrying a wound dies to the next; extra wounds beyond the last are not scored", () => {
    const input: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1, { attacks: 2 })], victims: [victim("a", 0, 1), victim("b", 1, 1, { wounds: 2, woundsTaken: 1 })] };
    expectRows(roundOutcomes(input), [
      [9 / 16, [1, 1], [0, 1], null, 0, "draw"],
      [7 / 16, [1, 0], [0, 0], 0, 1, "totals"],
    ]);
  });

  it("CORE-CC-4 / CORE-CC-5: the faster side strikes first and a slain model strikes no blow back", () => {
    const input: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1, { initiative: 5 }), striker("b", 1, "a", 1, { initiative: 3 })], victims: [victim("a", 0, 1), victim("b", 1, 1)] };
    expectRows(roundOutcomes(input), [
      [1 / 4, [1, 0], [0, 0], 0, 1, "totals"],
      [3 / 16, [0, 1], [0, 0], 1, 1, "totals"],
      [9 / 16, [1, 1], [0, 0], null, 0, "draw"],
    ]);
  });

  it("CORE-CC-4: equal Initiative with no last winner is a roll-off, each order weighed 1/2; last round's winner strikes first", () => {
    const base: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1), striker("b", 1, "a", 1)], victims: [victim("a", 0, 1), victim("b", 1, 1)] };
    expectRows(roundOutcomes(base), [
      [7 / 32, [1, 0], [0, 0], 0, 1, "totals"],
      [7 / 32, [0, 1], [0, 0], 1, 1, "totals"],
      [9 / 16, [1, 1], [0, 0], null, 0, "draw"],
    ]);
    expectRows(roundOutcomes({ ...base, lastWinner: 0 }), [
      [1 / 4, [1, 0], [0, 0], 0, 1, "totals"],
      [3 / 16, [0, 1], [0, 0], 1, 1, "totals"],
      [9 / 16, [1, 1], [0, 0], null, 0, "draw"],
    ]);
    expectRows(roundOutcomes({ ...base, lastWinner: 1 }), [
      [3 / 16, [1, 0], [0, 0], 0, 1, "totals"],
      [1 / 4, [0, 1], [0, 0], 1, 1, "totals"],
      [9 / 16, [1, 1], [0, 0], null, 0, "draw"],
    ]);
    // A side striking alone in its slot goes in its own order, whatever the last winner.
    const alone: RoundInput = { ...base, strikers: [striker("b", 1, "a", 1)], lastWinner: 0 };
    expectRows(roundOutcomes(alone), [
      [1 / 4, [0, 1], [0, 0], 1, 1, "totals"],
      [3 / 4, [1, 1], [0, 0], null, 0, "draw"],
    ]);
  });

  it("CORE-CC-5: a unit's losses come off its later strike groups first (the earlier group keeps its men)", () => {
    // b (I 5) may kill one of a's two models; a's first group (1 model, 2 attacks, I 3) still strikes, its
    // second (1 model, 1 attack, tier 3) is the one thinned.
    const input: RoundInput = {
      ...duelInput(),
      strikers: [striker("b", 1, "a", 1, { initiative: 5 }), striker("a", 0, "b", 1, { id: "a>b:x", attacks: 2 }), striker("a", 0, "b", 1, { id: "a>b:y", tier: 3 })],
      victims: [victim("a", 0, 2), victim("b", 1, 1)],
    };
    expectRows(roundOutcomes(input), [
      [(1 / 4) * (7 / 16), [1, 0], [0, 0], null, 0, "draw"],
      [(1 / 4) * (9 / 16), [1, 1], [0, 0], 1, 1, "totals"],
      [(3 / 4) * (37 / 64), [2, 0], [0, 0], 0, 1, "totals"],
      [(3 / 4) * (27 / 64), [2, 1], [0, 0], null, 0, "draw"],
    ]);
  });

  it("CORE-CC-6: two groups striking one victim in one step add up (convolution); groups on two victims spread independently", () => {
    const two: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1, { id: "a>b:1" }), striker("a", 0, "b", 1, { id: "a>b:2" })], victims: [victim("a", 0, 2), victim("b", 1, 2)] };
    expectRows(roundOutcomes(two), [
      [9 / 16, [2, 2], [0, 0], null, 0, "draw"],
      [6 / 16, [2, 1], [0, 0], 0, 1, "totals"],
      [1 / 16, [2, 0], [0, 0], 0, 2, "totals"],
    ]);
    const split: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1), striker("a", 0, "c", 1, { attacks: 2 })], victims: [victim("a", 0, 2), victim("b", 1, 1), victim("c", 1, 2)] };
    const outs = roundOutcomes(split);
    const at = (b: number, c: number) => outs.filter((o) => o.left[1] === b && o.left[2] === c).reduce((s, o) => s + o.p, 0);
    expect(at(1, 2)).toBeCloseTo((3 / 4) * (9 / 16), 12);
    expect(at(0, 2)).toBeCloseTo((1 / 4) * (9 / 16), 12);
    expect(at(1, 1)).toBeCloseTo((3 / 4) * (6 / 16), 12);
    expect(at(0, 1)).toBeCloseTo((1 / 4) * (6 / 16), 12);
    expect(at(1, 0)).toBeCloseTo((3 / 4) * (1 / 16), 12);
    expect(at(0, 0)).toBeCloseTo((1 / 4) * (1 / 16), 12);
    expect(total(outs)).toBeCloseTo(1, 12);
  });

  it("strikers aimed at no victim, or owned by none, still count their own blows only", () => {
    const input: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "zz", 1), striker("ghost", 0, "b", 1)], victims: [victim("a", 0, 1), victim("b", 1, 1)] };
    expectRows(roundOutcomes(input), [
      [3 / 4, [1, 1], [0, 0], null, 0, "draw"],
      [1 / 4, [1, 0], [0, 0], 0, 1, "totals"],
    ]);
  });

  it("CORE-LEAD-2 / CORE-CC-5: a group's bonus attacks add to its blows while it has men fighting, and go with them", () => {
    const extra: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1, { bonusAttacks: 1 })], victims: [victim("a", 0, 1), victim("b", 1, 2)] };
    expectRows(roundOutcomes(extra), [
      [9 / 16, [1, 2], [0, 0], null, 0, "draw"],
      [6 / 16, [1, 1], [0, 0], 0, 1, "totals"],
      [1 / 16, [1, 0], [0, 0], 0, 2, "totals"],
    ]);
    // b (I 5) strikes first; a slain strikes neither its attack nor its bonus one.
    const slain: RoundInput = { ...duelInput(), strikers: [striker("b", 1, "a", 1, { initiative: 5 }), striker("a", 0, "b", 1, { bonusAttacks: 1 })], victims: [victim("a", 0, 1), victim("b", 1, 2)] };
    const outs = roundOutcomes(slain);
    const p = (a: number, b: number) => outs.filter((o) => o.left[0] === a && o.left[1] === b).reduce((s, o) => s + o.p, 0);
    expect(p(0, 2)).toBeCloseTo(1 / 4, 12);
    expect(p(0, 1) + p(0, 0)).toBe(0);
    expect(p(1, 0)).toBeCloseTo((3 / 4) * (1 / 16), 12);
  });

  it("a strike step whose only group aims at no victim changes nothing", () => {
    const input: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "zz", 1, { initiative: 6 }), striker("b", 1, "a", 1)], victims: [victim("a", 0, 1), victim("b", 1, 1)] };
    expectRows(roundOutcomes(input), [
      [3 / 4, [1, 1], [0, 0], null, 0, "draw"],
      [1 / 4, [0, 1], [0, 0], 1, 1, "totals"],
    ]);
  });

  it("CORE-MUS-3: a draw between two musicians is split into two roll-off outcomes of half the weight each", () => {
    const m = plainResult(5, { musicianFrom: 1 });
    const input: RoundInput = { ...duelInput(), strikers: [], victims: [victim("a", 0, 5, { result: m }), victim("b", 1, 5, { result: m })] };
    expectRows(roundOutcomes(input), [
      [1 / 2, [5, 5], [0, 0], 0, 1, "musicianRollOff"],
      [1 / 2, [5, 5], [0, 0], 1, 1, "musicianRollOff"],
    ]);
    expect(compactOutcomes(input)).toEqual([
      { p: 1 / 2, winner: 0, margin: 1, left: [5, 5] },
      { p: 1 / 2, winner: 1, margin: 1, left: [5, 5] },
    ]);
    const off = { ...input, options: { ...input.options, bothMusiciansRollOff: false } };
    expect(compactOutcomes(off)).toEqual([{ p: 1, winner: -1, margin: 0, left: [5, 5] }]);
  });

  it("compact outcomes match the full ones, draws as winner −1", () => {
    const input: RoundInput = { ...duelInput(), strikers: [striker("a", 0, "b", 1, { attacks: 2 })], victims: [victim("a", 0, 1), victim("b", 1, 1, { wounds: 2 })] };
    expect(compactOutcomes(input)).toEqual(roundOutcomes(input).map((o) => ({ p: o.p, winner: o.verdict.winner ?? -1, margin: o.verdict.margin, left: o.left })));
  });

  it("CORE-CC-3 / CORE-CC-6: wound and save needs are read as 2+ at best and never on a 7", () => {
    expect(unsavedChance(striker("a", 0, "b", 1, { woundNeed: 1 }))).toBeCloseTo(0.5 * (5 / 6), 12);
    expect(unsavedChance(striker("a", 0, "b", 1, { woundNeed: 7 }))).toBe(0);
    expect(unsavedChance(striker("a", 0, "b", 1, { woundNeed: 6 }))).toBeCloseTo(0.5 / 6, 12);
    expect(unsavedChance(striker("a", 0, "b", 1, { saveNeed: 1 }))).toBeCloseTo(0.25 / 6, 12);
    expect(unsavedChance(striker("a", 0, "b", 1, { saveNeed: 7 }))).toBeCloseTo(0.25, 12);
    expect(unsavedChance(striker("a", 0, "b", 1, { hitNeed: 3 }))).toBeCloseTo((4 / 6) * 0.5, 12);
  });

  it("refuses a round whose loss states exceed MAX_KEYS, naming both numbers", () => {
    const big: RoundInput = { ...duelInput(), strikers: [], victims: [victim("a", 0, 2100, { result: null }), victim("b", 1, 2100, { result: null })] };
    expect(MAX_KEYS).toBe(4194304);
    expect(() => roundOutcomes(big)).toThrow(new RangeError("roundOutcomes: 4414201 loss states are too many for the exact odds (at most 4194304)"));
    // 2048 × 2048 loss states: exactly at the limit.
    const fits: RoundInput = { ...big, victims: [victim("a", 0, 2047, { result: null }), victim("b", 1, 2047, { result: null })] };
    expect(compactOutcomes(fits)).toEqual([{ p: 1, winner: -1, margin: 0, left: [2047, 2047] }]);
  });
});
