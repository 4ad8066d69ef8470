import { describe, expect, it } from "vitest";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { resolveRound, fightingModels, attacksOf } from "../../src/rules/whn/combat/index.js";
import { takeWounds, woundsLeft } from "../../src/rules/whn/combat/round.js";
import { duelInput, striker, victim } from "../fixtures/combatPlain.js";

const dice = (xs: number[]) => roller(scriptedDice(xs));
const plainScore = (wounds: number, models: number) => ({ wounds, ranks: 0, flank: 0, rear: 0, highGround: 0, standard: 0, outnumber: 0, squareness: 0, total: wounds, musician: false, models });

describe("fightingModels (CORE-CC-5)", () => {
  it("CORE-CC-5: an owner's losses come off its last listed group first, then the earlier ones, never below 0", () => {
    const groups = [striker("a", 0, "x", 3), striker("b", 1, "y", 4), striker("a", 0, "z", 2), striker("a", 0, "w", 1)];
    expect(fightingModels(groups, () => 0)).toEqual([3, 4, 2, 1]);
    // a loses 2: w (1) then 1 of z.
    expect(fightingModels(groups, (o) => (o === "a" ? 2 : 0))).toEqual([3, 4, 1, 0]);
    // a loses 4: w 1, z 2, then 1 of x.
    expect(fightingModels(groups, (o) => (o === "a" ? 4 : 0))).toEqual([2, 4, 0, 0]);
    // a loses more than it has: every group at 0; b's loss of 1 only touches b.
    expect(fightingModels(groups, (o) => (o === "a" ? 99 : 1))).toEqual([0, 3, 0, 0]);
  });

  it("CORE-CC-5: a loss of exactly a group's size empties it and stops there", () => {
    const groups = [striker("a", 0, "x", 3), striker("a", 0, "y", 2)];
    expect(fightingModels(groups, () => 2)).toEqual([3, 0]);
    expect(fightingModels(groups, () => 5)).toEqual([0, 0]);
    expect(fightingModels([], () => 5)).toEqual([]);
  });
});

describe("attacksOf, woundsLeft, takeWounds (CORE-CC-3, CORE-LEAD-2, CORE-SAVE-2)", () => {
  it("CORE-LEAD-2: attacks are models × A plus the bonus, and none once no model fights", () => {
    const s = striker("a", 0, "b", 5, { attacks: 2, bonusAttacks: 1 });
    expect(attacksOf(s, 4)).toBe(9);
    expect(attacksOf(s, 1)).toBe(3);
    expect(attacksOf(s, 0)).toBe(0);
    expect(attacksOf(s, -1)).toBe(0);
  });

  it("CORE-CR-1: wounds left are models × W less the wounds already taken, 0 once every model is gone", () => {
    const v = victim("b", 1, 4, { wounds: 3 });
    expect(woundsLeft(v, { models: 0, taken: 0 })).toBe(12);
    expect(woundsLeft(v, { models: 1, taken: 2 })).toBe(7);
    expect(woundsLeft(v, { models: 4, taken: 0 })).toBe(0);
    expect(woundsLeft(v, { models: 5, taken: 0 })).toBe(0);
  });

  it("CORE-SAVE-2: wounds go on the wounded model first and carry over; no more than the victim holds", () => {
    const v = victim("b", 1, 3, { wounds: 2 });
    const loss = { models: 0, wounds: 0, taken: 1 };
    expect(takeWounds(v, loss, 2)).toBe(2);
    expect(loss).toEqual({ models: 1, wounds: 2, taken: 1 });
    expect(takeWounds(v, loss, 10)).toBe(3);
    expect(loss).toEqual({ models: 3, wounds: 5, taken: 0 });
    expect(takeWounds(v, loss, 1)).toBe(0);
    expect(loss).toEqual({ models: 3, wounds: 5, taken: 0 });
  });
});

describe("resolveRound (CORE-CC-4…6, CORE-CR-1)", () => {
  it("CORE-CC-4: one side alone in a slot strikes without a roll-off; to-hit, to-wound and save dice in that order", () => {
    // a strikes first (I 5), 2 models; b strikes at I 3 with 2 less the 1 it lost (CORE-CC-5). a: hits 5,2 → 1 hit; wound 6; save 5+ rolled 4 → unsaved.
    const input = duelInput({ models: 2, initiative: 5, saveNeed: 5 }, { models: 2 }, {}, 10, 10);
    const r = resolveRound(input, dice([5, 2, 6, 4, /* b */ 6, 3]));
    expect(r.steps).toEqual([
      { tier: 2, charged: false, initiative: 5, side: 0, strikers: ["a>b"], attacks: 2, hits: 1, wounds: 1, unsaved: 1 },
      { tier: 2, charged: false, initiative: 3, side: 1, strikers: ["b>a"], attacks: 1, hits: 1, wounds: 0, unsaved: 0 },
    ]);
    expect(r.losses).toEqual({ a: { models: 0, wounds: 0, woundsTaken: 0 }, b: { models: 1, wounds: 1, woundsTaken: 0 } });
    expect(r.scores).toEqual([plainScore(1, 10), plainScore(0, 9)]);
    expect(r.winner).toBe(0);
    expect(r.margin).toBe(1);
    expect(r.settledBy).toBe("totals");
  });

  it("CORE-CC-4: a save that succeeds takes the wound back; no wound roll when the wound is impossible", () => {
    const input = duelInput({ models: 2, initiative: 5, saveNeed: 4 }, { models: 2, woundNeed: null }, {}, 10, 10);
    // a: hits 6,6; wounds 4,4; saves 4 (saved), 3 (not). b: hit 6, no wound dice.
    const r = resolveRound(input, dice([6, 6, 4, 4, 4, 3, 6]));
    expect(r.steps.map((s) => [s.side, s.attacks, s.hits, s.wounds, s.unsaved])).toEqual([
      [0, 2, 2, 2, 1],
      [1, 1, 1, 0, 0],
    ]);
    expect(r.losses["b"]).toEqual({ models: 1, wounds: 1, woundsTaken: 0 });
  });

  it("CORE-CC-5: models slain in an earlier step do not strike; a tied slot uses last round's winner (side 1)", () => {
    // Both at I 3, side 1 won last round: b strikes first, 3 attacks all kill; a then has 2 of 5 left.
    const input = duelInput({ models: 5 }, { models: 3 }, { lastWinner: 1 }, 5, 10);
    const r = resolveRound(input, dice([6, 6, 6, 6, 6, 6, /* a: 2 attacks */ 1, 1]));
    expect(r.steps.map((s) => [s.side, s.attacks, s.hits, s.wounds, s.unsaved])).toEqual([
      [1, 3, 3, 3, 3],
      [0, 2, 0, 0, 0],
    ]);
    expect(r.losses).toEqual({ a: { models: 3, wounds: 3, woundsTaken: 0 }, b: { models: 0, wounds: 0, woundsTaken: 0 } });
    expect(r.winner).toBe(1);
    expect(r.margin).toBe(3);
    expect(r.scores).toEqual([plainScore(0, 2), plainScore(3, 10)]);
  });

  it("CORE-CC-4: a tied slot with no last winner is rolled off: the first side's die higher strikes first", () => {
    const r = resolveRound(duelInput({ models: 1 }, { models: 1 }), dice([5, 2, 1, 1]));
    expect(r.steps.map((s) => s.side)).toEqual([0, 1]);
    const r2 = resolveRound(duelInput({ models: 1 }, { models: 1 }), dice([3, 3, 2, 6, 1, 1]));
    expect(r2.steps.map((s) => s.side)).toEqual([1, 0]);
    expect(r2.settledBy).toBe("draw");
    expect(r2.winner).toBeNull();
  });

  it("CORE-CR-1: wounds beyond a victim's last model do not count; multi-wound victims keep partial wounds", () => {
    const input = {
      ...duelInput({ models: 4 }, { models: 0 }, { lastWinner: 0 }),
      victims: [victim("a", 0, 5), victim("b", 1, 2, { wounds: 2, woundsTaken: 1 })],
    };
    // 4 hits, 4 wounds: b holds 3 wounds (2 × 2 − 1); side 0 inflicts 3.
    const r = resolveRound(input, dice([6, 6, 6, 6, 6, 6, 6, 6]));
    expect(r.losses["b"]).toEqual({ models: 2, wounds: 3, woundsTaken: 0 });
    expect(r.scores[0].wounds).toBe(3);
    const r2 = resolveRound(input, dice([6, 6, 1, 1, 6, 1]));
    expect(r2.losses["b"]).toEqual({ models: 1, wounds: 1, woundsTaken: 0 });
  });

  it("CORE-CC-2: a group whose target is no victim deals nothing; blows on one victim from two groups add up", () => {
    const input = {
      ...duelInput(),
      strikers: [striker("a", 0, "b", 1, { id: "a1" }), striker("c", 0, "b", 1, { id: "c1" }), striker("a", 0, "ghost", 1, { id: "a2" })],
      victims: [victim("a", 0, 5), victim("c", 0, 5), victim("b", 1, 5)],
    };
    const r = resolveRound(input, dice([6, 6, 6, 6, 6, 6]));
    expect(r.steps).toEqual([{ tier: 2, charged: false, initiative: 3, side: 0, strikers: ["a1", "c1", "a2"], attacks: 3, hits: 3, wounds: 3, unsaved: 3 }]);
    expect(r.losses["b"]).toEqual({ models: 2, wounds: 2, woundsTaken: 0 });
    expect(r.scores[0].wounds).toBe(2);
    expect(r.scores[1].wounds).toBe(0);
  });

  it("CORE-MUS-3: a draw between two musicians is rolled off after the blows", () => {
    const mus = { result: { ...victim("a", 0, 5).result!, musicianFrom: 1 } };
    const input = { ...duelInput({ models: 1 }, { models: 1 }, { lastWinner: 0 }), victims: [victim("a", 0, 5, mus), victim("b", 1, 5, mus)] };
    // a misses, b misses, roll-off 2 v 4: side 1.
    const r = resolveRound(input, dice([1, 1, 2, 4]));
    expect(r.winner).toBe(1);
    expect(r.settledBy).toBe("musicianRollOff");
    const r2 = resolveRound(input, dice([1, 1, 4, 2]));
    expect(r2.winner).toBe(0);
  });
});

describe("resolveRound: owners that are not victims (CORE-CC-5)", () => {
  it("CORE-CC-5: a group whose owner is no victim never loses fighters", () => {
    const input = { ...duelInput({ models: 2 }, { models: 2 }, { lastWinner: 1 }), victims: [victim("b", 1, 5)] };
    // b strikes first at nobody listed ("a" is no victim); a then strikes with both models.
    const r = resolveRound(input, dice([6, 6, 6, 6, 1, 1]));
    expect(r.steps.map((s) => [s.side, s.attacks, s.unsaved])).toEqual([
      [1, 2, 2],
      [0, 2, 0],
    ]);
    expect(r.losses).toEqual({ b: { models: 0, wounds: 0, woundsTaken: 0 } });
  });
});
