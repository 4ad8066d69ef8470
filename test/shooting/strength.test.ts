// Rule tests that pin the shooting rules' decisions exactly (each would fail under a plausible
// slip in the rule code: a dropped condition, a swapped bound, a missing follow-up die).
import { describe, expect, it } from "vitest";
import { roller } from "../../src/dice/roller.js";
import { scriptedDice } from "../../src/dice/state.js";
import { rollShotAgainst } from "../../src/rules/whn/shooting/damage.js";
import { firingModels } from "../../src/rules/whn/shooting/firers.js";
import { isVeteranLights, toHitScore, type ToHitInput } from "../../src/rules/whn/shooting/modifiers.js";

const PLAIN: ToHitInput = {
  bs: 3,
  bsPenalty: false,
  band: "close",
  cover: "none",
  moved: false,
  standAndShoot: false,
  targetFormation: "LINE",
  veteranLights: false,
  mounted: false,
  initialVolley: false,
  loneCharacter: false,
};

/** The landing of one shot and the next unread die (to see whether a follow-up die was taken). */
function shot(d6: readonly number[], n0: number, n1: number): [string, number] {
  const dice = roller(scriptedDice([...d6, 1]));
  const landing = rollShotAgainst(dice, n0, n1);
  return [landing, dice.d6()];
}

describe("shooting rules held exactly", () => {
  it("WHN-SHOOT-7: only a VETERAN light unit that skirmishes counts as veteran lights (AMB-20), unless the option lifts the formation", () => {
    expect(isVeteranLights("VETERAN", true, "OPEN_ORDER", false)).toBe(true);
    expect(isVeteranLights("VETERAN", true, "EXTENDED_ORDER", false)).toBe(true);
    expect(isVeteranLights("REGULAR", true, "OPEN_ORDER", false)).toBe(false);
    expect(isVeteranLights("VETERAN", false, "OPEN_ORDER", false)).toBe(false);
    expect(isVeteranLights("VETERAN", true, "LINE", false)).toBe(false);
    expect(isVeteranLights("VETERAN", true, "LINE", true)).toBe(true);
    expect(isVeteranLights("REGULAR", true, "LINE", true)).toBe(false);
  });

  it("WHN-SHOOT-7: veteran lights get +1 to hit only against a target in open or extended order", () => {
    const base = toHitScore({ ...PLAIN, targetFormation: "OPEN_ORDER" });
    const vet = toHitScore({ ...PLAIN, targetFormation: "OPEN_ORDER", veteranLights: true });
    expect(vet.need).toBe(base.need - 1);
    expect(vet.modifiers).toContainEqual({ key: "veteranLights", value: 1, rule: "WHN-SHOOT-7" });
    const ext = toHitScore({ ...PLAIN, targetFormation: "EXTENDED_ORDER", veteranLights: true });
    expect(ext.need).toBe(toHitScore({ ...PLAIN, targetFormation: "EXTENDED_ORDER" }).need - 1);
    for (const targetFormation of ["LINE", "ATTACK_COLUMN", "SQUARE", null] as const) {
      const r = toHitScore({ ...PLAIN, targetFormation, veteranLights: true });
      expect(r.need).toBe(toHitScore({ ...PLAIN, targetFormation }).need);
      expect(r.modifiers.map((m) => m.key)).not.toContain("veteranLights");
    }
  });

  it("WHN-SHOOT-9: a stationary attack column or line adds half its second rank, rounded down (AMB-22); moved or another formation, the front rank only", () => {
    const input = { ranks: [4, 4, 4], figures: 12, order: "GOOD", moved: false } as const;
    expect(firingModels({ ...input, formation: "ATTACK_COLUMN" })).toEqual({ count: 6, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...input, formation: "ATTACK_COLUMN", moved: true })).toEqual({ count: 4, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...input, formation: "LINE", ranks: [8, 7], figures: 15 })).toEqual({ count: 11, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...input, formation: "LINE", ranks: [8, 7], figures: 15, moved: true })).toEqual({ count: 8, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...input, formation: "MARCH_COLUMN" })).toEqual({ count: 4, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...input, formation: "ATTACK_COLUMN", ranks: [4] , figures: 4 })).toEqual({ count: 4, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...input, formation: "ATTACK_COLUMN", order: "DISORDERED" })).toEqual({ count: 4, rule: "WHN-SHOOT-11" });
    expect(firingModels({ ...input, formation: "ATTACK_COLUMN", onHillTwoRanks: true })).toEqual({ count: 8, rule: "HR-HILL-1" });
    expect(firingModels({ ...input, formation: "ATTACK_COLUMN", figures: 0 })).toEqual({ count: 0, rule: "WHN-SHOOT-9" });
  });

  it("WHN-SHOOT-10, WHN-SHOOT-11 and HR-HILL-1: squares fire a quarter, skirmishers all, disordered units their front rank, a hill two full ranks", () => {
    const good = { order: "GOOD", moved: false } as const;
    // A square: a quarter of its models, rounded down, on a hill and when DISORDERED too.
    expect(firingModels({ ...good, formation: "SQUARE", ranks: [25], figures: 25 })).toEqual({ count: 6, rule: "WHN-SHOOT-10" });
    expect(firingModels({ ...good, formation: "SQUARE", ranks: [25], figures: 25, onHillTwoRanks: true })).toEqual({ count: 6, rule: "WHN-SHOOT-10" });
    expect(firingModels({ ...good, formation: "SQUARE", ranks: [25], figures: 25, order: "DISORDERED" })).toEqual({ count: 6, rule: "WHN-SHOOT-10" });
    // Skirmishers: every model; an OPEN_ORDER unit DISORDERED fires its front rank only.
    expect(firingModels({ ...good, formation: "EXTENDED_ORDER", ranks: [10], figures: 10, moved: true })).toEqual({ count: 10, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...good, formation: "EXTENDED_ORDER", ranks: [10], figures: 10, order: "DISORDERED" })).toEqual({ count: 10, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...good, formation: "EXTENDED_ORDER", ranks: [10], figures: 10, onHillTwoRanks: true })).toEqual({ count: 10, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...good, formation: "OPEN_ORDER", ranks: [6, 6], figures: 12 })).toEqual({ count: 12, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...good, formation: "OPEN_ORDER", ranks: [6, 6], figures: 12, order: "DISORDERED" })).toEqual({ count: 6, rule: "WHN-SHOOT-11" });
    expect(firingModels({ ...good, formation: "OPEN_ORDER", ranks: [6, 6], figures: 12, onHillTwoRanks: true })).toEqual({ count: 12, rule: "WHN-SHOOT-9" });
    // A block fires its front rank; on a hill two full ranks; a DISORDERED line on a hill only its front rank.
    expect(firingModels({ ...good, formation: "BLOCK", ranks: [5, 5], figures: 10 })).toEqual({ count: 5, rule: "CORE-SHOOT-2" });
    expect(firingModels({ ...good, formation: "BLOCK", ranks: [5, 5], figures: 10, onHillTwoRanks: true })).toEqual({ count: 10, rule: "HR-HILL-1" });
    expect(firingModels({ ...good, formation: "LINE", ranks: [8, 7], figures: 15, onHillTwoRanks: false })).toEqual({ count: 11, rule: "WHN-SHOOT-9" });
    expect(firingModels({ ...good, formation: "LINE", ranks: [8, 7], figures: 15, onHillTwoRanks: true, moved: true })).toEqual({ count: 15, rule: "HR-HILL-1" });
    expect(firingModels({ ...good, formation: "LINE", ranks: [8, 7], figures: 15, onHillTwoRanks: true, order: "DISORDERED" })).toEqual({ count: 8, rule: "WHN-SHOOT-11" });
    expect(firingModels({ ...good, formation: "LINE", ranks: [], figures: 1 })).toEqual({ count: 0, rule: "WHN-SHOOT-9" });
  });

  it("HR-COVER-3: one roll read at n1 (with the screen's cover) and n0 (without): target, screen or miss", () => {
    // n0 = 5, n1 = 7 (6 then 4+): a 5 fails n1 but passes n0, no follow-up die is taken.
    expect(shot([5], 5, 7)).toEqual(["screen", 1]);
    expect(shot([4], 5, 7)).toEqual(["miss", 1]);
    // A 6 calls for the follow-up die that n1 needs: 4+ hits the target, less hits the screen.
    expect(shot([6, 4], 5, 7)).toEqual(["target", 1]);
    expect(shot([6, 3], 5, 7)).toEqual(["screen", 1]);
    // Both scores need a follow-up (n0 = 7: 6 then 4+; n1 = 9: 6 then 6): the same follow-up die decides.
    expect(shot([6, 6], 7, 9)).toEqual(["target", 1]);
    expect(shot([6, 5], 7, 9)).toEqual(["screen", 1]);
    expect(shot([6, 3], 7, 9)).toEqual(["miss", 1]);
    // n1 out of reach (10+): a hit at n0 can only strike the screen; beyond n0 too, no die is rolled.
    expect(shot([6, 5], 8, 10)).toEqual(["screen", 1]);
    expect(shot([6, 4], 8, 10)).toEqual(["miss", 1]);
    expect(shot([], 10, 12)).toEqual(["miss", 1]);
    // n0 needs no follow-up while n1 does: the 6 still takes the follow-up die.
    expect(shot([6, 2], 6, 8)).toEqual(["screen", 1]);
    expect(shot([6, 5], 6, 8)).toEqual(["target", 1]);
    // A 6 when neither score needs a follow-up takes no follow-up die (the next die stays unread).
    expect(shot([6, 2], 5, 6)).toEqual(["target", 2]);
    expect(shot([6, 2], 4, 6)).toEqual(["target", 2]);
    // A 6 against a target its cover makes unhittable (n1 10+) hits the screen, no follow-up die read.
    expect(shot([6, 2], 5, 10)).toEqual(["screen", 2]);
    // A 5 passes n0 = 5 but not n1 = 6 (no follow-up at either): the screen.
    expect(shot([5, 2], 5, 6)).toEqual(["screen", 2]);
  });
});
