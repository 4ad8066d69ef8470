/**
 * Close-combat rules pinned case by case: each case below was written against a mutant that the
 * seed-2 sampled mutation run (#17, docs/guides/trust.md "Mutation score") left alive.
 */
import { describe, expect, it } from "vitest";
import { combatId } from "../../src/index.js";
import { formatViolation } from "../../src/engine/format.js";
import { combatToDecision } from "../../src/rules/whn/combat/markov.js";
import { engaged } from "../fixtures/combat.js";
import { withScriptedDice } from "../../src/index.js";
import { A_WINS_B_HOLDS, LD6, ev, mustApply as ok, unitOf as unit } from "../fixtures/play.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { resolveRound } from "../../src/rules/whn/combat/index.js";
import { compactOutcomes, roundOutcomes, unsavedChance } from "../../src/rules/whn/combat/exact.js";
import { duelInput, plainResult, striker, victim } from "../fixtures/combatPlain.js";

describe("close combat (seed-2 mutation cases)", () => {
  it("CORE-CC-1: asking to fight when every combat has fought reads as a sentence", () => {
    expect(formatViolation({ code: "combat/nothing_to_fight", rule: "CORE-CC-1" })).toBe("Every combat has already fought this phase. [CORE-CC-1]");
  });

  it("CORE-BREAK-1: the decision chain of an unknown combat is refused with a RangeError naming it", () => {
    const s = engaged();
    expect(() => combatToDecision(s, combatId("zz"), 2)).toThrow(new RangeError('combatToDecision: unknown combat "zz"'));
    expect(combatToDecision(s, combatId("c1"), 0).breaks).toEqual([0, 0]);
  });

  it("CORE-WOUND-1: strikers that cannot wound (Toughness 4+ above Strength) roll no wound dice and cause no loss", () => {
    // a strikes first (last round's winner): five 6s hit, no wound dice; b's five 1s miss.
    const r = resolveRound(duelInput({ woundNeed: null }, {}, { lastWinner: 0 }), roller(scriptedDice([6, 6, 6, 6, 6, 1, 1, 1, 1, 1])));
    expect([r.losses["a"]?.models ?? 0, r.losses["b"]?.models ?? 0]).toEqual([0, 0]);
    expect(r.steps[0]).toMatchObject({ side: 0, attacks: 5 });
    expect(unsavedChance(striker("a", 0, "b", 5, { woundNeed: null, hitNeed: 2 }))).toBe(0);
    expect(unsavedChance(striker("a", 0, "b", 5, { woundNeed: 4, hitNeed: 4 }))).toBe(0.25);
  });

  it("WHN-BREAK-2: a wood behind the loser does not block its fall back; only impassable terrain does", () => {
    const wood = { id: "wood", kind: "wood", polygon: [{ x: 20, y: 27.4 }, { x: 52, y: 27.4 }, { x: 52, y: 40 }, { x: 20, y: 40 }], tags: { difficult: true } };
    const r = ok(withScriptedDice(engaged({ profile: LD6 }, {}, { terrain: [wood] }), [...A_WINS_B_HOLDS]), { type: "combat/fight" });
    expect(ev(r.events, "combat/fallBackBlocked")).toEqual([]);
    expect(ev(r.events, "combat/fellBack")[0]).toMatchObject({ unit: "b", from: "a", rule: "WHN-BREAK-2" });
    expect(unit(r.state, "b").order).toBe("DISORDERED");
  });

  it("CORE-STD-4: a unit slain to the last model in close combat loses its standard to the enemy it fought", () => {
    const s = engaged({ profile: LD6 }, { figures: 3, files: 3, command: { leader: false, standard: true, musician: false } });
    const r = ok(withScriptedDice(s, new Array(20).fill(6)), { type: "combat/fight" });
    expect(ev(r.events, "unit/destroyed")[0]).toMatchObject({ unit: "b", rule: "CORE-CC-6" });
    expect(ev(r.events, "combat/standardCaptured")).toMatchObject([{ unit: "b", by: "a", rule: "CORE-STD-4" }]);
    expect(unit(r.state, "a").standardsCaptured).toEqual(["b"]);
  });

  it("CORE-MUS-2: in the compact exact distribution a draw goes by 1 to the only side with a musician", () => {
    // No attacks on either side: every round is a 0 – 0 draw; b alone has its musician.
    const quiet = duelInput({ attacks: 0 }, { attacks: 0 }, { victims: [victim("a", 0, 20), victim("b", 1, 20, { result: plainResult(20, { musicianFrom: 1 }) })] });
    expect(compactOutcomes(quiet)).toEqual([{ p: 1, winner: 1, margin: 1, left: [20, 20] }]);
    expect(compactOutcomes(duelInput({ attacks: 0 }, { attacks: 0 }))).toEqual([{ p: 1, winner: -1, margin: 0, left: [20, 20] }]);
  });

  it("CORE-CC-5: in the exact distribution blows at two units in one strike step land on their own targets", () => {
    // Side 0 strikes b (5 attacks, 2+ / 2+: each kills with 25/36) and c (no attacks) at once; side 1 does not strike back.
    const input = {
      ...duelInput(),
      strikers: [striker("a", 0, "b", 5, { hitNeed: 2, woundNeed: 2 }), striker("a", 0, "c", 5, { attacks: 0 }), striker("b", 1, "a", 5, { attacks: 0 })],
      victims: [victim("a", 0, 20), victim("b", 1, 10), victim("c", 1, 10)],
    };
    const outs = roundOutcomes(input);
    const size = [20, 10, 10];
    const mean = (i: number): number => outs.reduce((m, o) => m + o.p * ((size[i] ?? 0) - (o.left[i] ?? 0)), 0);
    expect(outs.reduce((m, o) => m + o.p, 0)).toBeCloseTo(1, 12);
    expect(mean(1)).toBeCloseTo((5 * 25) / 36, 12);
    expect(mean(2)).toBe(0);
    expect(mean(0)).toBe(0);
  });

  it("CORE-CC-6: the exact distribution keeps the state where a victim loses its last model", () => {
    // a's 5 attacks at b (2 models), each killing with 25/36; b does not strike back.
    const input = { ...duelInput({ hitNeed: 2, woundNeed: 2 }, { attacks: 0 }), victims: [victim("a", 0, 20), victim("b", 1, 2)] };
    const q = 11 / 36;
    const pLeft = (n: number): number => roundOutcomes(input).filter((o) => o.left[1] === n).reduce((m, o) => m + o.p, 0);
    expect(pLeft(2)).toBeCloseTo(q ** 5, 12);
    expect(pLeft(1)).toBeCloseTo(5 * (25 / 36) * q ** 4, 12);
    expect(pLeft(0)).toBeCloseTo(1 - q ** 5 - 5 * (25 / 36) * q ** 4, 12);
  });
});
