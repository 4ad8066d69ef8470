/**
 * Tests (#17, cmbD) for the seed-7 survivors in the combat odds, the chain sampler and the Break test:
 * the battle standard's re-roll in the sampler uses Ld − margin, a unit above the auto-break size
 * still tests, the chain sampler carries the wounds taken into the next round, and the re-roll's
 * event names the leaders near.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { sampleOutcome } from "../../src/rules/whn/combat/odds.js";
import { sampleDecision, type ChainState, type RoundBuilder } from "../../src/rules/whn/combat/markov.js";
import { breakTest } from "../../src/rules/whn/combat/breakTest.js";
import type { BuiltRound, SideMorale } from "../../src/rules/whn/combat/build.js";
import type { RoundInput } from "../../src/rules/whn/combat/types.js";
import { roller, scriptedDice } from "../../src/dice/index.js";
import { duelInput, duelMorale, striker, victim } from "../fixtures/combatPlain.js";
import { engaged } from "../fixtures/combat.js";
import { scripted } from "../fixtures/cmbB.js";

const dice = (d6: number[]) => roller(scriptedDice(d6));
/** a (1 model, side 0) strikes b (n models of `w` wounds, side 1) once at 4+/4+; b strikes nothing. */
const oneBlow = (n: number, w = 1): RoundInput => ({ ...duelInput(), strikers: [striker("a", 0, "b", 1)], victims: [victim("a", 0, 1), victim("b", 1, n, { wounds: w })] });

describe("odds.ts sampler: the Break test as rolled (CORE-BREAK-1, CORE-BSB-1, CORE-BREAK-4)", () => {
  it("CORE-BSB-1: the re-roll is against Ld − margin too: 7 on the re-roll fails Ld 7 − 1 and the loser flees or is caught", () => {
    const m = duelMorale([{}, { reroll: true }]);
    // Hit 4, wound 4 (b: 2 models, 1 left, margin 1); test 6+6 fails; re-roll 3+4 = 7 > 6 fails; flee 3+3, chase 4+4.
    expect(sampleOutcome(oneBlow(2), m, dice([4, 4, 6, 6, 3, 4, 3, 3, 4, 4]))).toEqual({ signedMargin: 1, winner: 0, fate: "destroyed" });
    // Flee 4+4 beats chase 3+3: flees.
    expect(sampleOutcome(oneBlow(2), m, dice([4, 4, 6, 6, 3, 4, 4, 4, 3, 3]))).toEqual({ signedMargin: 1, winner: 0, fate: "flees" });
    // The re-roll at exactly 6 holds.
    expect(sampleOutcome(oneBlow(2), m, dice([4, 4, 6, 6, 3, 3]))).toEqual({ signedMargin: 1, winner: 0, fate: "fallsBack" });
    // The first test at 7 fails as well (and with no re-roll the loser flees on 4+4 against 3+3).
    expect(sampleOutcome(oneBlow(2), duelMorale(), dice([4, 4, 3, 4, 4, 4, 3, 3]))).toEqual({ signedMargin: 1, winner: 0, fate: "flees" });
  });

  it("CORE-BREAK-4: a loser above the auto-break size still takes its test; at the size it breaks untested", () => {
    // b: 3 models, 2 left. autoBreakAt 1: tests (3+3 passes) and falls back.
    expect(sampleOutcome(oneBlow(3), duelMorale([{}, { autoBreakAt: 1 }]), dice([4, 4, 3, 3]))).toEqual({ signedMargin: 1, winner: 0, fate: "fallsBack" });
    expect(sampleOutcome(oneBlow(2), duelMorale([{}, { autoBreakAt: 0 }]), dice([4, 4, 3, 3]))).toEqual({ signedMargin: 1, winner: 0, fate: "fallsBack" });
    // autoBreakAt 2: breaks with no test; the next dice are the flee (3+3) and the chase (4+4).
    expect(sampleOutcome(oneBlow(3), duelMorale([{}, { autoBreakAt: 2 }]), dice([4, 4, 3, 3, 4, 4]))).toEqual({ signedMargin: 1, winner: 0, fate: "destroyed" });
    // No auto-break size: a pass falls back.
    expect(sampleOutcome(oneBlow(3), duelMorale([{}, { autoBreakAt: null }]), dice([4, 4, 3, 3]))).toEqual({ signedMargin: 1, winner: 0, fate: "fallsBack" });
  });
});

describe("markov.ts sampler: the wounds taken carry into the next round (CORE-CC-6, CORE-BREAK-1)", () => {
  it("CORE-CC-6: a 2-wound model wounded once in round 1 enters round 2 with 1 wound taken", () => {
    const seen: ChainState[] = [];
    const morale: [SideMorale, SideMorale] = duelMorale();
    const build: RoundBuilder = (cs) => {
      seen.push(cs);
      const taken = cs.taken.get("b") ?? 0;
      const input = oneBlow(1, 2);
      const b: BuiltRound = { input: { ...input, victims: [victim("a", 0, 1), victim("b", 1, cs.models.get("b") ?? 1, { wounds: 2, woundsTaken: taken })] }, sides: ["fr" as never, "gb" as never], units: [], contacts: [], morale };
      return b;
    };
    // Round 1: hit 4, wound 4 (b takes 1 of 2 wounds, margin 1); b holds on 3+3 (loserHolds).
    // Round 2: hit 4, wound 4: the second wound slays b, the side is destroyed.
    expect(sampleDecision(build, 3, dice([4, 4, 3, 3, 4, 4]), true)).toEqual({ end: { side: 1, way: "breaks" }, rounds: 2 });
    expect(seen.length).toBe(2);
    expect(seen[1]).toEqual({ models: new Map([["a", 1], ["b", 1]]), taken: new Map([["a", 0], ["b", 1]]), lastWinner: 0, round: 1 });
  });

  it("CORE-CC-6: a model slain leaves no wounds taken behind; a draw keeps what was there", () => {
    const seen: ChainState[] = [];
    const morale: [SideMorale, SideMorale] = duelMorale();
    const build: RoundBuilder = (cs) => {
      seen.push(cs);
      return { input: { ...oneBlow(2, 2), victims: [victim("a", 0, 1), victim("b", 1, cs.models.get("b") ?? 2, { wounds: 2, woundsTaken: cs.taken.get("b") ?? 1 })] }, sides: ["fr" as never, "gb" as never], units: [], contacts: [], morale };
    };
    // Round 1 (b starts with 1 wound taken): a miss (3) is a draw; round 2: the wound slays one model (1 left, 0 taken), b holds.
    expect(sampleDecision(build, 2, dice([3, 4, 4, 3, 3]), true)).toEqual({ end: null, rounds: 2 });
    expect(seen.map((c) => [c.round, [...c.models], [...c.taken], c.lastWinner])).toEqual([
      [0, [], [], null],
      [1, [["a", 1], ["b", 2]], [["a", 0], ["b", 1]], null],
    ]);
  });
});

describe("breakTest.ts: the re-roll's event (CORE-BSB-1)", () => {
  it("CORE-BSB-1: under CORE a general near lends its Ld and is named in both the test and the re-roll", () => {
    const hero = { id: "bsb", side: "fr", name: "bsb", profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 }, base: { w: 20 / 25.4, d: 20 / 25.4 }, position: { x: 30, y: 20 }, facing: 0, joinedTo: null };
    const s0 = engaged({}, {}, { characters: [hero] } as never);
    const s = { ...s0, ruleset: "core", characters: { bsb: { ...s0.characters["bsb" as never]!, battleStandard: true, isGeneral: true } } } as BattleState;
    const x = scripted(s, [6, 6, 2, 3]);
    const out = breakTest(s, x.r, "a" as never, 2, "b" as never, false);
    expect(out.verdict).toEqual({ unit: "a", outcome: "held", from: "b" });
    expect(x.events()).toEqual([
      { type: "combat/breakTest", rule: "CORE-BREAK-1", unit: "a", margin: 2, dice: [6, 6], total: 12, leadership: 8, target: 6, passed: false, leadersNear: ["bsb"] },
      { type: "combat/breakTest", rule: "CORE-BSB-1", unit: "a", margin: 2, dice: [2, 3], total: 5, leadership: 8, target: 6, passed: true, leadersNear: ["bsb"], battleStandard: "bsb" },
    ]);
  });
});
