/**
 * Whole-file tests (#17, cmbB) of the exact odds (odds.ts, exact.ts, markov.ts) on tiny rounds whose
 * figures are worked out by hand: one striker of one model with one attack at 4+ to hit and 4+ to
 * wound (a kill 1 time in 4) against a unit of one or two models that strikes nothing back.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { breakPassChance, combatRoundOdds, loserFates, pCaught, roundOdds, sampleOutcome } from "../../src/rules/whn/combat/odds.js";
import { compactOutcomes, roundOutcomes, unsavedChance } from "../../src/rules/whn/combat/exact.js";
import { CHAIN_START, combatToDecision, decisionChain, decisionOdds, sampleDecision, type RoundBuilder } from "../../src/rules/whn/combat/markov.js";
import type { BuiltRound, SideMorale } from "../../src/rules/whn/combat/build.js";
import type { RoundInput } from "../../src/rules/whn/combat/types.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { duelInput, duelMorale, plainResult, striker, victim } from "../fixtures/combatPlain.js";
import { engaged } from "../fixtures/combat.js";

/** a (1 model, side 0) strikes b (n models, side 1) once at 4+/4+; b strikes nothing. */
const oneBlow = (n: number, over: Partial<RoundInput> = {}): RoundInput => ({ ...duelInput(), strikers: [striker("a", 0, "b", 1)], victims: [victim("a", 0, 1), victim("b", 1, n)], ...over });
const P_KILL = 1 / 4;
/** P(2D6 ≤ 6) and its complement. */
const PASS6 = 15 / 36;
const FAIL6 = 21 / 36;
/** P(2D6 beats 2D6) = (1 − P(equal)) / 2, P(equal) = Σ (ways)² / 1296 = 146 / 1296. */
const CAUGHT_2_2 = (1 - 146 / 1296) / 2;
const dice = (d6: number[]) => roller(scriptedDice(d6));
const close = (a: readonly number[], b: readonly number[]) => {
  expect(a.length).toBe(b.length);
  a.forEach((x, i) => expect(x).toBeCloseTo(b[i]!, 12));
};

describe("exact one-round odds (combat/odds.ts, exact.ts)", () => {
  it("CORE-PURS-4: P(pursuit roll beats flee roll), by hand; no pursuit dice, no catch", () => {
    expect(pCaught(0, 2)).toBe(0);
    expect(pCaught(-1, 2)).toBe(0);
    expect(pCaught(1, 1)).toBeCloseTo(15 / 36, 12);
    expect(pCaught(2, 1)).toBeCloseTo(181 / 216, 12);
    expect(pCaught(1, 2)).toBeCloseTo(20 / 216, 12);
    expect(pCaught(2, 2)).toBeCloseTo(CAUGHT_2_2, 12);
    expect(pCaught(2, 2)).toBe(pCaught(2, 2));
    expect(pCaught(3, 2)).not.toBeCloseTo(pCaught(2, 3), 3);
  });

  it("CORE-BREAK-1 / CORE-BSB-1: the Break test's pass chance is P(2D6 ≤ Ld − margin); a battle standard's re-roll gives 1 − fail²", () => {
    expect(breakPassChance({ ld: 7, reroll: false }, 1)).toBeCloseTo(PASS6, 12);
    expect(breakPassChance({ ld: 7 }, 1)).toBeCloseTo(PASS6, 12);
    expect(breakPassChance({ ld: 7, reroll: true }, 1)).toBeCloseTo(1 - FAIL6 * FAIL6, 12);
    expect(breakPassChance({ ld: 8, reroll: false }, 6)).toBeCloseTo(1 / 36, 12);
  });

  it("CORE-CC-6: the chance one blow gets through is to-hit × to-wound × failed save", () => {
    expect(unsavedChance(striker("a", 0, "b", 1))).toBeCloseTo(1 / 4, 12);
    expect(unsavedChance(striker("a", 0, "b", 1, { saveNeed: 5 }))).toBeCloseTo(1 / 4 * (4 / 6), 12);
    expect(unsavedChance(striker("a", 0, "b", 1, { woundNeed: null }))).toBe(0);
  });

  it("CORE-CR-1: a kill wins by 1, anything else is a draw; the loser with no models left is destroyed", () => {
    const o = roundOdds(oneBlow(1), duelMorale());
    expect(o.win).toEqual([P_KILL, 0]);
    expect(o.draw).toBeCloseTo(3 / 4, 12);
    expect(o.margin.pAtLeast(1)).toBeCloseTo(P_KILL, 12);
    expect(o.margin.pAtLeast(0)).toBeCloseTo(1, 12);
    expect(o.margin.pAtLeast(2)).toBe(0);
    expect(o.loser).toEqual({ fallsBack: [0, 0], flees: [0, 0], flowsPast: [0, 0], destroyed: [0, P_KILL] });
    const outs = roundOutcomes(oneBlow(1));
    expect(outs.map((x) => [x.p, x.verdict.winner, x.verdict.margin, [...x.left]])).toEqual([
      [3 / 4, null, 0, [1, 1]],
      [P_KILL, 0, 1, [1, 0]],
    ]);
    expect(compactOutcomes(oneBlow(1)).map((x) => [x.p, x.winner, x.margin, [...x.left]])).toEqual(outs.map((x) => [x.p, x.verdict.winner ?? -1, x.verdict.margin, [...x.left]]));
  });

  it("WHN-BREAK-1 / CORE-BREAK-1 / CORE-PURS-4: a loser left standing falls back on a pass, else flees or is caught", () => {
    const o = roundOdds(oneBlow(2), duelMorale());
    expect(o.loser.fallsBack[1]).toBeCloseTo(P_KILL * PASS6, 12);
    expect(o.loser.flees[1]).toBeCloseTo(P_KILL * FAIL6 * (1 - CAUGHT_2_2), 12);
    expect(o.loser.destroyed[1]).toBeCloseTo(P_KILL * FAIL6 * CAUGHT_2_2, 12);
    expect(o.loser.flowsPast).toEqual([0, 0]);
    expect([o.loser.fallsBack[0], o.loser.flees[0], o.loser.destroyed[0]]).toEqual([0, 0, 0]);
  });

  it("WHN-BREAK-3: cavalry beaten by squares flow past instead of fleeing", () => {
    const o = roundOdds(oneBlow(2), duelMorale([{}, { flowsPast: true }]));
    expect(o.loser.flowsPast[1]).toBeCloseTo(P_KILL * FAIL6, 12);
    expect(o.loser.fallsBack[1]).toBeCloseTo(P_KILL * PASS6, 12);
    expect([o.loser.flees[1], o.loser.destroyed[1]]).toEqual([0, 0]);
  });

  it("CORE-BREAK-4: at or under the auto-break size the loser breaks untested; a dead or absent winner catches nobody", () => {
    const auto = roundOdds(oneBlow(2), duelMorale([{}, { autoBreakAt: 1 }]));
    expect(auto.loser.fallsBack[1]).toBe(0);
    expect(auto.loser.flees[1]).toBeCloseTo(P_KILL * (1 - CAUGHT_2_2), 12);
    expect(auto.loser.destroyed[1]).toBeCloseTo(P_KILL * CAUGHT_2_2, 12);
    const above = roundOdds(oneBlow(2), duelMorale([{}, { autoBreakAt: 0 }]));
    expect(above.loser.fallsBack[1]).toBeCloseTo(P_KILL * PASS6, 12);
    const lone = roundOdds(oneBlow(2), duelMorale([{ unit: "zz" }, {}]));
    expect(lone.loser.flees[1]).toBeCloseTo(P_KILL * FAIL6, 12);
    expect(lone.loser.destroyed[1]).toBe(0);
    const slow = roundOdds(oneBlow(2), duelMorale([{ pursuitDice: 0 }, {}]));
    expect(slow.loser.destroyed[1]).toBe(0);
  });

  it("CORE-BREAK-1: the fates list only what can happen, with their chances; none after a draw", () => {
    const input = oneBlow(2);
    const m = duelMorale();
    expect(loserFates({ winner: null, margin: 0 }, [1, 2], input, m)).toEqual([]);
    const f = loserFates({ winner: 0, margin: 1 }, [1, 1], input, m);
    expect(f.map(([k]) => k)).toEqual(["fallsBack", "flees", "destroyed"]);
    close(f.map(([, p]) => p), [PASS6, FAIL6 * (1 - CAUGHT_2_2), FAIL6 * CAUGHT_2_2]);
    expect(loserFates({ winner: 0, margin: 1 }, [1, 0], input, m)).toEqual([["destroyed", 1]]);
    const sq = loserFates({ winner: 0, margin: 1 }, [1, 1], input, duelMorale([{}, { flowsPast: true }]));
    expect(sq.map(([k]) => k)).toEqual(["fallsBack", "flowsPast"]);
    // The mirror: side 1 wins, side 0's main unit is the loser.
    const back: RoundInput = { ...duelInput(), strikers: [striker("b", 1, "a", 1)], victims: [victim("a", 0, 2), victim("b", 1, 1)] };
    const o = roundOdds(back, duelMorale());
    expect(o.win).toEqual([0, P_KILL]);
    expect(o.loser.fallsBack[0]).toBeCloseTo(P_KILL * PASS6, 12);
    expect(o.margin.pAtLeast(0)).toBeCloseTo(3 / 4, 12);
  });

  it("the sampler plays the same model with dice: miss, pass, fail and flee, fail and caught, flow past, auto-break, destroyed", () => {
    const input = oneBlow(2);
    const m = duelMorale();
    expect(sampleOutcome(input, m, dice([3]))).toEqual({ signedMargin: 0, winner: null, fate: null });
    expect(sampleOutcome(input, m, dice([4, 4, 3, 3]))).toEqual({ signedMargin: 1, winner: 0, fate: "fallsBack" });
    expect(sampleOutcome(input, m, dice([4, 4, 3, 4, 3, 3, 3, 4]))).toEqual({ signedMargin: 1, winner: 0, fate: "destroyed" });
    expect(sampleOutcome(input, m, dice([4, 4, 3, 4, 3, 4, 3, 4]))).toEqual({ signedMargin: 1, winner: 0, fate: "flees" });
    expect(sampleOutcome(input, duelMorale([{}, { flowsPast: true }]), dice([4, 4, 6, 6]))).toEqual({ signedMargin: 1, winner: 0, fate: "flowsPast" });
    expect(sampleOutcome(input, duelMorale([{}, { autoBreakAt: 1 }]), dice([4, 4, 6, 6, 1, 1]))).toEqual({ signedMargin: 1, winner: 0, fate: "flees" });
    expect(sampleOutcome(input, duelMorale([{}, { reroll: true }]), dice([4, 4, 6, 6, 1, 1]))).toEqual({ signedMargin: 1, winner: 0, fate: "fallsBack" });
    expect(sampleOutcome(input, duelMorale([{}, { reroll: true }]), dice([4, 4, 6, 6, 6, 6, 1, 1, 6, 6]))).toEqual({ signedMargin: 1, winner: 0, fate: "destroyed" });
    expect(sampleOutcome(input, duelMorale([{ pursuitDice: 0 }, {}]), dice([4, 4, 6, 6]))).toEqual({ signedMargin: 1, winner: 0, fate: "flees" });
    expect(sampleOutcome(input, duelMorale([{ unit: "zz" }, {}]), dice([4, 4, 6, 6]))).toEqual({ signedMargin: 1, winner: 0, fate: "flees" });
    expect(sampleOutcome(oneBlow(1), m, dice([4, 4]))).toEqual({ signedMargin: 1, winner: 0, fate: "destroyed" });
    const back: RoundInput = { ...duelInput(), strikers: [striker("b", 1, "a", 1)], victims: [victim("a", 0, 2), victim("b", 1, 1)] };
    expect(sampleOutcome(back, m, dice([4, 4, 3, 3]))).toEqual({ signedMargin: -1, winner: 1, fate: "fallsBack" });
  });

  it("CORE-PURS-4: a winner whose main unit died in the round catches nobody (a2's ranks won it)", () => {
    // b (I 5) may kill a (side 0's main unit, 1 model); a2 (5 models, +3 ranks) strikes nothing. Side 0 wins
    // by 2 (3 − 1) when a dies, by 3 otherwise; b (2 models) tests on Ld 7 − margin.
    const input: RoundInput = {
      ...duelInput(),
      strikers: [striker("b", 1, "a", 1, { initiative: 5 })],
      victims: [victim("a", 0, 1), victim("a2", 0, 5, { result: plainResult(5, { rankBonus: [3, 3, 3, 3, 3, 3] }) }), victim("b", 1, 2)],
    };
    const o = roundOdds(input, duelMorale());
    expect(o.win).toEqual([1, 0]);
    const pass5 = 10 / 36;
    const pass4 = 6 / 36;
    expect(o.loser.fallsBack[1]).toBeCloseTo((1 / 4) * pass5 + (3 / 4) * pass4, 12);
    expect(o.loser.destroyed[1]).toBeCloseTo((3 / 4) * (1 - pass4) * CAUGHT_2_2, 12);
    expect(o.loser.flees[1]).toBeCloseTo((1 / 4) * (1 - pass5) + (3 / 4) * (1 - pass4) * (1 - CAUGHT_2_2), 12);
    // The sampler: a slain, b fails on 12 and flees with no pursuit roll (no dice left to roll).
    expect(sampleOutcome(input, duelMorale(), dice([4, 4, 6, 6]))).toEqual({ signedMargin: 2, winner: 0, fate: "flees" });
  });

  it("combatRoundOdds names the sides and refuses an unknown combat", () => {
    const s = engaged();
    const o = combatRoundOdds(s, "c1" as never);
    expect(o.sides).toEqual(["fr", "gb"]);
    expect(o.win[0] + o.win[1] + o.draw).toBeCloseTo(1, 9);
    expect(() => combatRoundOdds(s, "c9" as never)).toThrow(new RangeError('combatRoundOdds: unknown combat "c9"'));
  });
});

/** A builder that fights the same round whatever the chain state. */
const fixed = (input: RoundInput, morale: readonly [SideMorale, SideMorale]): RoundBuilder => {
  const b: BuiltRound = { input, sides: ["fr" as never, "gb" as never], units: [], contacts: [], morale };
  return () => b;
};

describe("several rounds as a chain (combat/markov.ts)", () => {
  it("CORE-CC-1: a kill in 4 each round destroys a lone model within 1, 2, 3 rounds with 1 − (3/4)^n; the rest goes on", () => {
    const o = decisionChain(fixed(oneBlow(1), duelMorale()), 3);
    expect(o.sides).toEqual(["fr", "gb"]);
    close(o.breaks, [0, 1 - 27 / 64]);
    expect(o.fallsBack).toEqual([0, 0]);
    expect(o.flowsPast).toEqual([0, 0]);
    expect(o.ongoing).toBeCloseTo(27 / 64, 12);
    expect(o.breaksByRound.length).toBe(3);
    close(o.breaksByRound.flat(), [0, 1 / 4, 0, 7 / 16, 0, 37 / 64]);
    // 1·¼ + 2·(3/16) + 3·(9/64) + 3·(27/64) = 148/64.
    expect(o.meanRounds).toBeCloseTo(148 / 64, 12);
  });

  it("WHN-BREAK-1: a loser left standing falls back on a pass and breaks on a fail, ending the combat", () => {
    const o = decisionChain(fixed(oneBlow(2), duelMorale()), 1);
    close(o.breaks, [0, P_KILL * FAIL6]);
    close(o.fallsBack, [0, P_KILL * PASS6]);
    expect(o.ongoing).toBeCloseTo(3 / 4, 12);
    expect(o.meanRounds).toBeCloseTo(1, 12);
    const two = decisionChain(fixed(oneBlow(2), duelMorale()), 2);
    close(two.breaks, [0, P_KILL * FAIL6 * (1 + 3 / 4)]);
    close(two.fallsBack, [0, P_KILL * PASS6 * (1 + 3 / 4)]);
    expect(two.ongoing).toBeCloseTo(9 / 16, 12);
    // 1·¼ + 2·(3/4 · ¼) + 2·(9/16) = 1.75: ended rounds counted with ended combats, the rest at 2.
    expect(two.meanRounds).toBeCloseTo(1.75, 12);
  });

  it("CORE-BREAK-1: with loserHolds a pass stays in the fight; WHN-BREAK-3 and CORE-BREAK-4 change the way out", () => {
    const held = decisionChain(fixed(oneBlow(2), duelMorale()), 2, true);
    expect(held.fallsBack).toEqual([0, 0]);
    const first = P_KILL * FAIL6;
    const carry = 3 / 4 + P_KILL * PASS6;
    close(held.breaksByRound.flat(), [0, first, 0, first + carry * first]);
    expect(held.ongoing).toBeCloseTo(carry * carry, 12);
    const flow = decisionChain(fixed(oneBlow(2), duelMorale([{}, { flowsPast: true }])), 1);
    close(flow.flowsPast, [0, P_KILL * FAIL6]);
    expect(flow.breaks).toEqual([0, 0]);
    const auto = decisionChain(fixed(oneBlow(2), duelMorale([{}, { autoBreakAt: 1 }])), 1);
    close(auto.breaks, [0, P_KILL]);
    expect(auto.fallsBack).toEqual([0, 0]);
    const autoFlow = decisionChain(fixed(oneBlow(2), duelMorale([{}, { autoBreakAt: 1, flowsPast: true }])), 1);
    close(autoFlow.flowsPast, [0, P_KILL]);
  });

  it("CORE-CC-1: a side left with no unit models is destroyed, whichever side; characters left do not keep it in", () => {
    const back: RoundInput = { ...duelInput(), strikers: [striker("b", 1, "a", 1)], victims: [victim("a", 0, 1), victim("b", 1, 1)] };
    const o = decisionChain(fixed(back, duelMorale()), 1);
    close(o.breaks, [P_KILL, 0]);
    const withHero: RoundInput = { ...oneBlow(1), victims: [victim("a", 0, 1), victim("b", 1, 1), victim("pic", 1, 1, { kind: "character", result: null })] };
    close(decisionChain(fixed(withHero, duelMorale()), 1).breaks, [0, P_KILL]);
    expect(sampleDecision(fixed(back, duelMorale()), 2, dice([4, 4]))).toEqual({ end: { side: 0, way: "breaks" }, rounds: 1 });
  });

  it("the chain sampler walks the same chain with dice", () => {
    // An untested break needs no Break test dice.
    expect(sampleDecision(fixed(oneBlow(2), duelMorale([{}, { autoBreakAt: 1 }])), 3, dice([4, 4]))).toEqual({ end: { side: 1, way: "breaks" }, rounds: 1 });
    const b = fixed(oneBlow(2), duelMorale());
    expect(sampleDecision(b, 3, dice([3, 3, 3]))).toEqual({ end: null, rounds: 3 });
    expect(sampleDecision(b, 3, dice([3, 4, 4, 3, 3]))).toEqual({ end: { side: 1, way: "fallsBack" }, rounds: 2 });
    expect(sampleDecision(b, 3, dice([4, 4, 3, 4]))).toEqual({ end: { side: 1, way: "breaks" }, rounds: 1 });
    expect(sampleDecision(fixed(oneBlow(1), duelMorale()), 3, dice([3, 4, 4]))).toEqual({ end: { side: 1, way: "breaks" }, rounds: 2 });
    expect(sampleDecision(b, 3, dice([4, 4, 3, 3, 4, 4, 6, 6]), true)).toEqual({ end: { side: 1, way: "breaks" }, rounds: 2 });
    expect(sampleDecision(fixed(oneBlow(2), duelMorale([{}, { reroll: true }])), 1, dice([4, 4, 6, 6, 3, 3]))).toEqual({ end: { side: 1, way: "fallsBack" }, rounds: 1 });
    expect(sampleDecision(b, 0, dice([]))).toEqual({ end: null, rounds: 0 });
  });

  it("combatToDecision: 0 rounds leaves everything going; bad input is refused; CORE battles hold by default", () => {
    const s = engaged();
    expect(combatToDecision(s, "c1" as never, 0)).toEqual({ sides: ["fr", "gb"], breaks: [0, 0], fallsBack: [0, 0], flowsPast: [0, 0], ongoing: 1, breaksByRound: [], meanRounds: 0 });
    expect(decisionOdds).toBe(combatToDecision);
    expect(() => combatToDecision(s, "c9" as never, 1)).toThrow(new RangeError('combatToDecision: unknown combat "c9"'));
    expect(() => combatToDecision(s, "c1" as never, -1)).toThrow(new RangeError("combatToDecision: rounds must be a whole number ≥ 0, got -1"));
    expect(() => combatToDecision(s, "c1" as never, 1.5)).toThrow(RangeError);
    const core = { ...s, ruleset: "core" } as BattleState;
    expect(combatToDecision(core, "c1" as never, 2)).toEqual(combatToDecision(core, "c1" as never, 2, { loserHolds: true }));
    expect(combatToDecision(core, "c1" as never, 2).fallsBack).toEqual([0, 0]);
    const w = combatToDecision(s, "c1" as never, 2);
    expect(w.fallsBack[0] + w.fallsBack[1]).toBeGreaterThan(0);
    expect(CHAIN_START).toEqual({ models: new Map(), taken: new Map(), lastWinner: null, round: 0 });
  });
});
