/**
 * Tests (#17, cmbD) of the exact round (exact.ts): in a tie of Initiative the last round's winner
 * strikes first, so a lone model it slays never strikes back (CORE-CC-5).
 */
import { describe, expect, it } from "vitest";
import { roundOdds } from "../../src/rules/whn/combat/odds.js";
import type { RoundInput } from "../../src/rules/whn/combat/types.js";
import { duelInput, duelMorale, striker, victim } from "../fixtures/combatPlain.js";

/** a and b, one model each, strike each other once at 4+/4+ (a kill 1 time in 4), same Initiative. */
const mutual = (lastWinner: 0 | 1 | null): RoundInput => ({ ...duelInput(), strikers: [striker("a", 0, "b", 1), striker("b", 1, "a", 1)], victims: [victim("a", 0, 1), victim("b", 1, 1)], lastWinner });

describe("exact round: ties of Initiative (combat/exact.ts)", () => {
  it("CORE-CC-5: last round's winner strikes first in a tie; a slain model strikes nothing", () => {
    const first0 = roundOdds(mutual(0), duelMorale());
    expect(first0.win[0]).toBeCloseTo(1 / 4, 12);
    expect(first0.win[1]).toBeCloseTo(3 / 16, 12);
    const first1 = roundOdds(mutual(1), duelMorale());
    expect(first1.win[0]).toBeCloseTo(3 / 16, 12);
    expect(first1.win[1]).toBeCloseTo(1 / 4, 12);
  });

  it("CORE-CC-5: higher Initiative strikes first whoever won last round", () => {
    for (const lw of [1, null] as const) {
      const input = { ...mutual(lw), strikers: [striker("a", 0, "b", 1, { initiative: 5 }), striker("b", 1, "a", 1)] };
      const o = roundOdds(input, duelMorale());
      expect(o.win[0]).toBeCloseTo(1 / 4, 12);
      expect(o.win[1]).toBeCloseTo(3 / 16, 12);
    }
  });
});
