/** Exact odds under the core rules: the same kernels, with CORE-BREAK-1 and CORE-BSB-1. */
import { describe, expect, it } from "vitest";
import { presets, withScriptedDice, applyUnknown as apply, pLeadershipPass } from "../../src/index.js";
import { combatToDecision } from "../../src/rules/whn/combat/markov.js";
import { buildRound } from "../../src/rules/whn/combat/build.js";
import { breakPassChance, combatRoundOdds } from "../../src/rules/whn/combat/odds.js";
import { coreEngaged } from "./fixtures.js";

const LD6 = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 6 };

describe("CORE exact odds", () => {
  it("CORE-BREAK-1: in a CORE battle combatToDecision lets a loser that holds fight on (no fall back); WHN's chain ends on a passed test", () => {
    const core = combatToDecision(coreEngaged({ profile: LD6 }), "c1" as never, 1);
    const whn = combatToDecision(coreEngaged({ profile: LD6 }, {}, { ruleset: "whn" }), "c1" as never, 1);
    expect(core.fallsBack).toEqual([0, 0]);
    expect(whn.fallsBack[0] + whn.fallsBack[1]).toBeGreaterThan(0);
    // What WHN ends by a fall back CORE carries into the next round.
    expect(core.ongoing).toBeGreaterThan(whn.ongoing);
    expect(combatToDecision(coreEngaged({ profile: LD6 }), "c1" as never, 1, { loserHolds: false }).fallsBack).toEqual(whn.fallsBack);
  });

  it("CORE-BSB-1: a battle standard within 12\" turns P(hold) into 1 − (1 − p)², in the odds as in play", () => {
    const bsb = presets.coreCharacter({ kind: "battleStandard", id: "bsb", side: "gb", at: { x: 44, y: 30 } });
    const s = coreEngaged({ profile: LD6 }, {}, { characters: [bsb] });
    const built = buildRound(s, s.combats["c1" as never]!);
    const gb = built.morale[built.sides.indexOf("gb" as never) as 0 | 1];
    expect(gb.reroll).toBe(true);
    const p = pLeadershipPass(6 - 4);
    expect(breakPassChance(gb, 4)).toBeCloseTo(1 - (1 - p) * (1 - p), 12);
    const plain = combatRoundOdds(coreEngaged({ profile: LD6 }), "c1" as never);
    const helped = combatRoundOdds(s, "c1" as never);
    expect(helped.loser.flees[1] + helped.loser.destroyed[1]).toBeLessThan(plain.loser.flees[1] + plain.loser.destroyed[1]);
    // Played: two failed tests in a row break the unit.
    const r = apply(withScriptedDice(s, [6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 6, 6, 5, 6, 3, 4]), { type: "combat/fight" });
    expect(r.ok && r.state.units["b" as never]?.order).toBe("FLEEING");
  });
});
