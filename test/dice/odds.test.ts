import { describe, expect, it } from "vitest";
import { FusilladeError } from "../../src/engine/violation.js";
import { Dist, MAX_LEADERSHIP, pLeadershipPass, rollToHit, roller, scriptedDice, seedDice, toHitChance, toHitRolls } from "../../src/dice/index.js";

const NEEDS = [-2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15];

describe("to-hit scores (CORE-SHOOT-3)", () => {
  it("CORE-SHOOT-3: a needed 2..6 is that score or better on one D6", () => {
    for (const need of [2, 3, 4, 5, 6]) expect(toHitChance(need)).toBe((7 - need) / 6);
  });

  it("CORE-SHOOT-3: a needed score of 1 or less counts as 2 (a natural 1 always misses)", () => {
    for (const need of [-3, 0, 1]) expect(toHitChance(need)).toBe(5 / 6);
    expect(rollToHit(roller(scriptedDice([1])), 0)).toBe(false);
    expect(rollToHit(roller(scriptedDice([2])), -5)).toBe(true);
  });

  it("CORE-SHOOT-3: a needed 7 is a 6 then a 4+", () => {
    expect(toHitChance(7)).toBeCloseTo((1 / 6) * (3 / 6), 15);
    expect(rollToHit(roller(scriptedDice([6, 4])), 7)).toBe(true);
    expect(rollToHit(roller(scriptedDice([6, 3])), 7)).toBe(false);
  });

  it("CORE-SHOOT-3: a needed 8 is a 6 then a 5+, a needed 9 a 6 then a 6", () => {
    expect(toHitChance(8)).toBeCloseTo((1 / 6) * (2 / 6), 15);
    expect(toHitChance(9)).toBeCloseTo((1 / 6) * (1 / 6), 15);
    expect(rollToHit(roller(scriptedDice([6, 5])), 8)).toBe(true);
    expect(rollToHit(roller(scriptedDice([6, 5])), 9)).toBe(false);
    expect(rollToHit(roller(scriptedDice([6, 6])), 9)).toBe(true);
  });

  it("CORE-SHOOT-3: a needed 10 or more cannot hit, and rolls no die", () => {
    for (const need of [10, 11, 20]) {
      expect(toHitChance(need)).toBe(0);
      expect(toHitRolls(need)).toBeNull();
      const dice = roller(scriptedDice([]));
      expect(rollToHit(dice, need)).toBe(false);
      expect(dice.draws).toBe(0);
    }
  });

  it("CORE-SHOOT-3: the follow-up die comes right after its own die, and only after a 6", () => {
    const dice = roller(scriptedDice([5, 6, 4, 6, 1, 3]));
    expect(rollToHit(dice, 7)).toBe(false); // 5: no follow-up
    expect(dice.draws).toBe(1);
    expect(rollToHit(dice, 7)).toBe(true); // 6 then 4
    expect(dice.draws).toBe(3);
    expect(rollToHit(dice, 7)).toBe(false); // 6 then 1
    expect(dice.snapshot()).toMatchObject({ d6: [3] });
  });

  it("toHitChance is exactly the share of scripted dice pairs that rollToHit hits with", () => {
    for (const need of NEEDS) {
      let hits = 0;
      for (let first = 1; first <= 6; first++)
        for (let second = 1; second <= 6; second++) if (rollToHit(roller(scriptedDice([first, second])), need)) hits++;
      expect(toHitChance(need)).toBeCloseTo(hits / 36, 15);
    }
  });

  it("toHitChance agrees with 20 000 seeded rollToHit samples within a 99.9 % bound", () => {
    const n = 20_000;
    for (const need of NEEDS) {
      const dice = roller(seedDice(`to-hit-${need}`));
      let hits = 0;
      for (let i = 0; i < n; i++) if (rollToHit(dice, need)) hits++;
      const p = toHitChance(need);
      expect(Math.abs(hits / n - p)).toBeLessThanOrEqual(3.29 * Math.sqrt((p * (1 - p)) / n));
    }
  });

  it("rejects a non-integer needed score", () => {
    expect(() => toHitChance(3.5)).toThrow(FusilladeError);
    expect(() => rollToHit(roller(seedDice(1)), Number.NaN)).toThrow(FusilladeError);
  });
});

describe("Leadership tests (CORE-GEN-3)", () => {
  it("CORE-GEN-3: a Leadership test passes on 2D6 ≤ the value", () => {
    expect(pLeadershipPass(7)).toBeCloseTo(21 / 36, 15);
    expect(pLeadershipPass(2)).toBeCloseTo(1 / 36, 15);
    expect(pLeadershipPass(1)).toBe(0);
    for (let ld = 0; ld <= 10; ld++) expect(pLeadershipPass(ld)).toBe(Dist.nd6(2).pAtMost(ld));
  });

  it("CORE-GEN-2, WHN-LEAD-3: an effective Ld above 10 is capped at 10; below 2 a test never passes; a fraction is refused", () => {
    expect(MAX_LEADERSHIP).toBe(10);
    for (const ld of [11, 12, 15, 99]) expect(pLeadershipPass(ld)).toBe(pLeadershipPass(10));
    expect(pLeadershipPass(10)).toBeCloseTo(33 / 36, 15);
    for (const ld of [1, 0, -3]) expect(pLeadershipPass(ld)).toBe(0);
    expect(() => pLeadershipPass(7.5)).toThrow(FusilladeError);
    expect(() => pLeadershipPass(Number.NaN)).toThrow(FusilladeError);
    expect(() => pLeadershipPass(Number.POSITIVE_INFINITY)).toThrow(FusilladeError);
  });

  it("CORE-GEN-3: agrees with sampled 2D6 rolls", () => {
    const n = 20_000;
    const dice = roller(seedDice("leadership"));
    let passes = 0;
    for (let i = 0; i < n; i++) if (dice.nd6(2) <= 8) passes++;
    const p = pLeadershipPass(8);
    expect(Math.abs(passes / n - p)).toBeLessThanOrEqual(3.29 * Math.sqrt((p * (1 - p)) / n));
  });
});
