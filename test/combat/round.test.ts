import { describe, expect, it } from "vitest";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { resolveRound, roundOutcomes, strikeSlots, scoreSides, settle } from "../../src/rules/whn/combat/index.js";
import { duelInput, plainResult, striker, victim } from "../fixtures/combatPlain.js";

const dice = (xs: number[]) => roller(scriptedDice(xs));

describe("strike order and blows (plain values)", () => {
  it("CORE-CC-4: tiers strike in order 1, 2, 3; chargers first within a tier, then higher I", () => {
    const input = duelInput({ tier: 3, initiative: 9 }, { tier: 2, initiative: 1 });
    const slots = strikeSlots(input.strikers);
    expect(slots.map((s) => s.tier)).toEqual([2, 3]);
    const charged = strikeSlots(duelInput({ charged: true, initiative: 1 }, { initiative: 6 }).strikers);
    expect(charged.map((s) => [s.charged, s.initiative])).toEqual([
      [true, 1],
      [false, 6],
    ]);
  });

  it("CORE-CC-4: equal standing on both sides: last round's winner strikes first, else a roll-off", () => {
    // a (side 0) won last round: a's 5 attacks roll first — 6,6,6,6,6 kill 5 of b (wounds 6s); b then has 0 fighting.
    const won = duelInput({}, {}, { lastWinner: 0 });
    const r = resolveRound(won, dice([6, 6, 6, 6, 6, 6, 6, 6, 6, 6]));
    expect(r.steps.map((s) => s.side)).toEqual([0, 1]);
    expect(r.losses["b"]?.models).toBe(5);
    expect(r.steps[1]?.attacks).toBe(0);
    // No winner yet: the roll-off (2 vs 5) gives side 1 the first blow.
    const r2 = resolveRound(duelInput(), dice([2, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
    expect(r2.steps.map((s) => s.side)).toEqual([1, 0]);
  });

  it("CORE-CC-5: models slain in an earlier step do not strike", () => {
    const input = duelInput({ initiative: 5 }, { initiative: 2 });
    // a: 5 attacks all hit (6s) and wound (6s) → b loses 5 of its 5 fighters' worth; b strikes with 0.
    const r = resolveRound(input, dice([6, 6, 6, 6, 6, 6, 6, 6, 6, 6]));
    expect(r.steps[0]?.unsaved).toBe(5);
    expect(r.steps[1]?.attacks).toBe(0);
    expect(r.losses["a"]?.models).toBe(0);
  });

  it("CORE-CC-3: each fighting model makes A attacks, and the unit leader one more (CORE-LEAD-2)", () => {
    const input = duelInput({ attacks: 2, bonusAttacks: 1, initiative: 5 }, { initiative: 1 });
    const r = resolveRound(input, dice([...new Array(11).fill(1), 1, 1, 1, 1, 1]));
    expect(r.steps[0]?.attacks).toBe(11);
  });

  it("CORE-CC-6: hits roll to wound and allow saves; the dice go hits, then wounds, then saves", () => {
    const input = duelInput({ initiative: 5, saveNeed: 5 }, { initiative: 1 }, {}, 20, 20);
    // a: to-hit 6,6,1,1,1 → 2 hits; to-wound 4,3 → 1 wound; save 5 → saved. b: 5 misses.
    const r = resolveRound(input, dice([6, 6, 1, 1, 1, 4, 3, 5, 1, 1, 1, 1, 1]));
    expect(r.steps[0]).toMatchObject({ hits: 2, wounds: 1, unsaved: 0 });
  });

  it("CORE-SAVE-2 in combat: wounds go to the wounded model first and count only up to what is left (CORE-CR-1)", () => {
    const input = { ...duelInput({ initiative: 5 }, { initiative: 1, models: 2 }), victims: [victim("a", 0, 20), victim("b", 1, 2, { wounds: 2, woundsTaken: 1 })] };
    const r = resolveRound(input, dice([6, 6, 6, 6, 6, 6, 6, 6, 6, 6]));
    expect(r.losses["b"]).toEqual({ models: 2, wounds: 3, woundsTaken: 0 });
    expect(r.scores[0].wounds).toBe(3);
  });
});

describe("combat result (plain values)", () => {
  const base = duelInput();
  const withResult = (ra: Parameters<typeof plainResult>[1], rb: Parameters<typeof plainResult>[1] = {}) => ({
    ...base,
    victims: [victim("a", 0, 20, { result: plainResult(20, ra) }), victim("b", 1, 20, { result: plainResult(20, rb) })],
  });

  it("CORE-CR-1: the higher total wins and the difference is the margin", () => {
    const [a, b] = scoreSides(base, [20, 17], [3, 1]);
    const v = settle([a, b], base);
    expect(v).toMatchObject({ kind: "decided", verdict: { winner: 0, margin: 2, settledBy: "totals" } });
  });

  it("CORE-CR-2: the seed's example: four ranks of spearmen, 3 wounds, score 6 and beat 4 wounds by 2", () => {
    const ranks = new Array<number>(21).fill(3);
    const input = withResult({ rankBonus: ranks });
    const [a, b] = scoreSides(input, [20, 20], [3, 4]);
    expect(a.total).toBe(6);
    expect(b.total).toBe(4);
    const out = settle([a, b], input);
    expect(out.kind === "decided" && out.verdict.margin).toBe(2);
  });

  it("CORE-CR-3: an enemy of 5+ models on its flank cancels its rank bonus; CORE-CR-9 counts after casualties", () => {
    const input = withResult({ rankBonus: new Array<number>(21).fill(2), flankedBy: ["b"] });
    expect(scoreSides(input, [20, 5], [0, 0])[0].ranks).toBe(0);
    expect(scoreSides(input, [20, 4], [0, 0])[0].ranks).toBe(2);
  });

  it("CORE-CR-4: flank +1 and rear +2, each once, only for units of 5+ models", () => {
    const input = withResult({ fightsFlank: true, fightsRear: true });
    expect(scoreSides(input, [5, 20], [0, 0])[0]).toMatchObject({ flank: 1, rear: 2, total: 3 });
    expect(scoreSides(input, [4, 20], [0, 0])[0]).toMatchObject({ flank: 0, rear: 0 });
  });

  it("CORE-CR-5: high ground +1; CORE-CR-6 / CORE-STD-2: standard +1 while its bearer stands (CORE-STD-3)", () => {
    const input = withResult({ highGround: true, standardFrom: 2 });
    expect(scoreSides(input, [2, 20], [0, 0])[0]).toMatchObject({ highGround: 1, standard: 1 });
    expect(scoreSides(input, [1, 20], [0, 0])[0]).toMatchObject({ standard: 0 });
  });

  it("CORE-CR-7: outnumbering +1 only with core.outnumberBonus (AMB-102)", () => {
    expect(scoreSides(base, [20, 19], [0, 0])[0].outnumber).toBe(0);
    const on = { ...base, options: { ...base.options, outnumberBonus: true } };
    expect(scoreSides(on, [20, 19], [0, 0])[0]).toMatchObject({ outnumber: 1, total: 1 });
  });

  it("CORE-CR-5: high ground adds 1 to its own side's total, never to the other side's", () => {
    const high = withResult({ highGround: true });
    const [a, b] = scoreSides(high, [20, 20], [2, 2]);
    expect(a).toMatchObject({ highGround: 1, total: 3 });
    expect(b).toMatchObject({ highGround: 0, total: 2 });
    expect(settle([a, b], high)).toMatchObject({ kind: "decided", verdict: { winner: 0, margin: 1 } });
    const low = withResult({}, { highGround: true });
    expect(scoreSides(low, [20, 20], [2, 2]).map((x) => x.total)).toEqual([2, 3]);
  });

  it("CORE-CR-7: the outnumbering +1 goes to the side with more models, whichever it is, and counts joined characters", () => {
    const on = { ...base, options: { ...base.options, outnumberBonus: true } };
    const [a, b] = scoreSides(on, [12, 15], [1, 1]);
    expect(a).toMatchObject({ outnumber: 0, total: 1, models: 12 });
    expect(b).toMatchObject({ outnumber: 1, total: 2, models: 15 });
    expect(scoreSides(on, [15, 15], [1, 1]).map((x) => x.outnumber)).toEqual([0, 0]);
    const riders = { ...on, victims: [victim("a", 0, 20, { result: plainResult(20, { extraModels: 4 }) }), victim("b", 1, 20, { result: plainResult(20) })] };
    expect(scoreSides(riders, [12, 15], [0, 0]).map((x) => x.outnumber)).toEqual([1, 0]);
  });

  it("CORE-CR-8: the direct squareness bonus is added after the other bonuses (HR-SQUARE-3)", () => {
    const input = { ...base, sides: [{ squareness: 3 }, { squareness: 1 }] as const, options: { ...base.options, squareness: "direct" as const } };
    const [a, b] = scoreSides(input, [20, 20], [1, 2]);
    expect([a.total, b.total]).toEqual([4, 3]);
  });

  it("CORE-MUS-1 / CORE-MUS-2: in a draw, a musician facing none wins by 1", () => {
    const input = withResult({ musicianFrom: 1 });
    const out = settle(scoreSides(input, [20, 20], [2, 2]), input);
    expect(out).toMatchObject({ kind: "decided", verdict: { winner: 0, margin: 1, settledBy: "musician" } });
  });

  it("CORE-MUS-3: two musicians roll off for the draw; with the option off the combat stays drawn (AMB-04)", () => {
    const input = withResult({ musicianFrom: 1 }, { musicianFrom: 1 });
    expect(settle(scoreSides(input, [20, 20], [2, 2]), input).kind).toBe("rollOff");
    const off = { ...input, options: { ...input.options, bothMusiciansRollOff: false } };
    expect(settle(scoreSides(off, [20, 20], [2, 2]), off)).toMatchObject({ kind: "decided", verdict: { winner: null } });
    // A full round: no blows land, the roll-off 3 v 4 gives side 1 the win by 1.
    const r = resolveRound({ ...input, strikers: [striker("a", 0, "b", 1, { woundNeed: null, initiative: 4 }), striker("b", 1, "a", 1, { woundNeed: null })] }, dice([1, 1, 3, 4]));
    expect(r).toMatchObject({ winner: 1, margin: 1, settledBy: "musicianRollOff" });
  });

  it("HR-SQUARE-4: tieOnly — a +3 loser turns a defeat by 2 into a draw, by 4 into a defeat by 1; a winner's bonus is ignored", () => {
    const tie = (b0: number, b1: number) => ({ ...base, sides: [{ squareness: b0 }, { squareness: b1 }] as const, options: { ...base.options, squareness: "tieOnly" as const } });
    const verdict = (input: ReturnType<typeof tie>, w: [number, number]) => {
      const out = settle(scoreSides(input, [20, 20], w), input);
      return out.kind === "decided" ? out.verdict : null;
    };
    expect(verdict(tie(3, 0), [0, 2])).toMatchObject({ winner: null, settledBy: "squareness" });
    expect(verdict(tie(3, 0), [0, 4])).toMatchObject({ winner: 1, margin: 1 });
    expect(verdict(tie(3, 0), [1, 0])).toMatchObject({ winner: 0, margin: 1 });
  });

  it("HR-SQUARE-5: modelCount bonus works like tieOnly on the loser's margin", () => {
    const input = { ...base, sides: [{ squareness: 0 }, { squareness: 2 }] as const, options: { ...base.options, squareness: "modelCount" as const } };
    const out = settle(scoreSides(input, [20, 20], [3, 0]), input);
    expect(out).toMatchObject({ kind: "decided", verdict: { winner: 0, margin: 1 } });
  });
});

describe("exact round distribution", () => {
  it("sums to 1 and matches a hand count for one attack each", () => {
    const input = duelInput({}, {}, {}, 20, 20);
    const one = { ...input, strikers: [striker("a", 0, "b", 1, { initiative: 5 }), striker("b", 1, "a", 1)] };
    const outs = roundOutcomes(one);
    const total = outs.reduce((a, o) => a + o.p, 0);
    expect(total).toBeCloseTo(1, 12);
    // P(a kills) = 1/4; then b strikes with 0 if... b has 1 fighter; a casualty thins it only when b is hit.
    const pA = outs.filter((o) => o.verdict.winner === 0).reduce((a, o) => a + o.p, 0);
    expect(pA).toBeCloseTo(0.25 * 1, 12);
  });
});
