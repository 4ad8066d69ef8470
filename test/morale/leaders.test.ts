import { describe, expect, it } from "vitest";
import { combatId, unitId, type BattleState } from "../../src/index.js";
import { effectiveLeadership, leadershipPassChance, leadershipTest } from "../../src/rules/whn/leadership.js";
import { roller } from "../../src/dice/roller.js";
import { scriptedDice } from "../../src/dice/state.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { characterFootprint, footprintOf } from "../../src/rules/whn/unit.js";
import { removeModels } from "../../src/rules/whn/casualties.js";
import { battleStandardReroll, leaderExtraAttacks, leaderFile, mayTakeFightingPlace, usesGeneralLeadership } from "../../src/rules/whn/morale/leaders.js";
import { lookOutSir, mayPickOutJoinedCharacter, mayTargetLoneCharacter, LONE_CHARACTER_TO_HIT } from "../../src/rules/whn/morale/los.js";
import type { LookOutSirResult } from "../../src/rules/whn/morale/los.js";
import { battalion, battle, character, leader, patchUnit, run, unit } from "../fixtures/morale.js";

const ENEMY = battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 });
const ld = (s: BattleState, id: string) => effectiveLeadership(s, unit(s, id));

function withLeaders(chars: Parameters<typeof leader>[], over: Partial<Parameters<typeof battle>[1]> = {}): BattleState {
  return battle(
    [battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("fr-2", "fr", { position: { x: 20, y: 24 }, facing: 90 }), ENEMY],
    { characters: chars.map((c) => leader(...c)), ...over },
  );
}

describe("leaders and the General", () => {
  it("WHN-LEAD-1: any leader gives +1 Ld to friendly units within 12\", unless joined or fleeing", () => {
    const near = withLeaders([["ney", "fr", { position: { x: 44, y: 24 } }]]);
    expect(ld(near, "fr-1")).toMatchObject({ leaderBonus: 1, value: 7, leadersNear: ["ney"] });
    expect(ld(near, "fr-2").leaderBonus).toBe(0);
    const fleeing = withLeaders([["ney", "fr", { position: { x: 44, y: 24 }, order: "FLEEING" }]]);
    expect(ld(fleeing, "fr-1").leaderBonus).toBe(0);
  });

  it("WHN-LEAD-1: an enemy leader, a slain one and one beyond 12\" give nothing; exactly 12\" counts", () => {
    // The enemy's leader stands 8" from fr-1: friends only.
    const enemy = withLeaders([["wellington", "gb", { position: { x: 44, y: 24 } }]]);
    expect(ld(enemy, "fr-1")).toMatchObject({ leadersNear: [], leaderBonus: 0, value: 6 });
    // Ney 8" away, then slain: a removed leader steadies nobody.
    const alive = withLeaders([["ney", "fr", { position: { x: 44, y: 24 } }]]);
    const slain: BattleState = {
      ...alive,
      characters: { ...alive.characters, ney: { ...character(alive, "ney"), removed: { reason: "destroyed", gameTurn: 1 } } },
    } as BattleState;
    expect(ld(alive, "fr-1").value).toBe(7);
    expect(ld(slain, "fr-1")).toMatchObject({ leadersNear: [], leaderBonus: 0, value: 6 });
    // Range is measured edge to edge: put the leader's near edge exactly 12" from fr-1's right edge, then a bit more.
    const gap8 = footprintDistance(characterFootprint(character(alive, "ney")), footprintOf(unit(alive, "fr-1")));
    const at = (gap: number) => withLeaders([["ney", "fr", { position: { x: 44 + gap - gap8, y: 24 } }]]);
    expect(ld(at(12), "fr-1").leaderBonus).toBe(1);
    expect(ld(at(12.01), "fr-1").leaderBonus).toBe(0);
  });

  it("WHN-LEAD-2: a joined leader lends his Ld to his unit only; a General who joins loses his 12\" bonus", () => {
    const s = withLeaders([["nap", "fr", { isGeneral: true, joinedTo: "fr-2", position: { x: 20, y: 24 }, profile: { M: 4, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 9 } }]]);
    expect(ld(s, "fr-2")).toMatchObject({ base: 9, value: 9 });
    expect(ld(s, "fr-1")).toMatchObject({ base: 6, leaderBonus: 0, value: 6 });
  });

  it("WHN-LEAD-3: several leaders give at most +1 (AMB-34) unless cumulative; −1 if DISORDERED; capped at 10", () => {
    const two: Parameters<typeof leader>[] = [
      ["ney", "fr", { position: { x: 44, y: 24 } }],
      ["lannes", "fr", { position: { x: 30, y: 28 } }],
    ];
    expect(ld(withLeaders(two), "fr-1")).toMatchObject({ leaderBonus: 1, value: 7 });
    const cumulative = withLeaders(two, { options: { whn: { leaderBonusCumulative: true } } });
    expect(ld(cumulative, "fr-1")).toMatchObject({ leaderBonus: 2, value: 8 });
    const dis = patchUnit(withLeaders(two), "fr-1", { order: "DISORDERED" });
    expect(ld(dis, "fr-1")).toMatchObject({ disorder: -1, value: 6 });
    const high = patchUnit(cumulative, "fr-1", { profile: { ...unit(cumulative, "fr-1").profile, Ld: 10 } });
    expect(ld(high, "fr-1").value).toBe(10);
  });

  it("WHN-LEAD-1: the leaders within 12\" are listed in id order, whatever order they were set up in", () => {
    const s = withLeaders([
      ["ney", "fr", { position: { x: 44, y: 24 } }],
      ["lannes", "fr", { position: { x: 30, y: 28 } }],
    ]);
    expect(ld(s, "fr-1").leadersNear).toEqual(["lannes", "ney"]);
  });

  it("WHN-LEAD-4: an EXTENDED_ORDER unit uses neither a joined leader's Ld nor a leader within 12\"", () => {
    const s = withLeaders([
      ["ney", "fr", { position: { x: 44, y: 24 } }],
      ["lannes", "fr", { position: { x: 36, y: 24 }, joinedTo: "fr-1", profile: { M: 4, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 9 } }],
    ]);
    expect(ld(s, "fr-1")).toMatchObject({ base: 9, leadersNear: ["ney"], value: 10 });
    const ext = patchUnit(s, "fr-1", { formation: "EXTENDED_ORDER" });
    expect(ld(ext, "fr-1")).toMatchObject({ base: 6, leadersNear: [], leaderBonus: 0, value: 6 });
  });

  it("CORE-GEN-3: a Leadership test passes when 2D6 is at most the target, and reads exactly two dice", () => {
    const at = (d: number[], target: number) => {
      const dice = roller(scriptedDice(d));
      return { ...leadershipTest(dice, target), draws: dice.draws };
    };
    expect(at([3, 4], 7)).toEqual({ dice: [3, 4], total: 7, target: 7, passed: true, draws: 2 });
    expect(at([4, 4], 7)).toEqual({ dice: [4, 4], total: 8, target: 7, passed: false, draws: 2 });
    expect(at([1, 1], 2)).toMatchObject({ total: 2, passed: true });
    expect(leadershipPassChance(7)).toBeCloseTo(21 / 36, 12);
    expect(leadershipPassChance(2)).toBeCloseTo(1 / 36, 12);
  });

  it("CORE-GNRL-1: in WHN the General's Ld is not lent to units within 12\"; he gives +1 like any leader (WHN-LEAD-5)", () => {
    const s = withLeaders([["nap", "fr", { isGeneral: true, position: { x: 44, y: 24 }, profile: { M: 4, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 9 } }]]);
    expect(ld(s, "fr-1").value).toBe(7);
    expect(usesGeneralLeadership(s)).toBe(false);
  });

  it("CORE-BSB-1: WHN has no battle standard, so no Break test is re-rolled for one (WHN-GEN-3)", () => {
    expect(battleStandardReroll(withLeaders([]))).toBe(false);
  });

  it("CORE-LEAD-1: the unit leader stands in the middle file of the front rank", () => {
    const s = withLeaders([]);
    expect(leaderFile(unit(s, "fr-1"))).toBe(1);
    expect(leaderFile(patchUnit(s, "fr-1", { files: 5 }).units[unitId("fr-1")] ?? unit(s, "fr-1"))).toBe(2);
    expect(leaderFile(patchUnit(s, "fr-1", { command: { leader: false, standard: true, musician: true } }).units[unitId("fr-1")] ?? unit(s, "fr-1"))).toBeNull();
  });

  it("CORE-LEAD-2: the unit leader adds one attack die", () => {
    const s = withLeaders([]);
    expect(leaderExtraAttacks(unit(s, "fr-1"))).toBe(1);
    expect(leaderExtraAttacks({ ...unit(s, "fr-1"), command: { leader: false, standard: false, musician: false } })).toBe(0);
  });

  it("CORE-LEAD-3: the unit leader is the last model removed", () => {
    const u = unit(withLeaders([]), "fr-1");
    expect(removeModels(u, 21).commandLost).toEqual([]);
    expect(removeModels(u, 23).commandLost).toEqual(["musician", "standard"]);
    expect(removeModels(u, 24).commandLost).toEqual(["musician", "standard", "leader"]);
  });

  it("CORE-LEAD-4: an engaged unit's leader may move to a fighting place in the movement phase; CORE-CHAR-7 likewise for joined characters", () => {
    const s = withLeaders([]);
    const fight = { ...s, combats: { c1: { id: combatId("c1"), units: [unitId("fr-1"), unitId("gb-1")], chargers: [], lastWinner: null, rounds: 1, squareness: {} } } } as BattleState;
    expect(mayTakeFightingPlace(fight, unit(fight, "fr-1"))).toBe(true);
    expect(mayTakeFightingPlace(s, unit(s, "fr-1"))).toBe(false);
    const noLeader = patchUnit(fight, "fr-1", { command: { leader: false, standard: false, musician: false } });
    expect(mayTakeFightingPlace(noLeader, unit(noLeader, "fr-1"))).toBe(false);
    const withChar = { ...noLeader, characters: { ney: { ...character(withLeaders([["ney", "fr", { joinedTo: "fr-1" }]]), "ney") } } } as BattleState;
    expect(mayTakeFightingPlace(withChar, unit(withChar, "fr-1"))).toBe(true);
  });
});

describe("shooting at characters", () => {
  function look(dice: number[]): LookOutSirResult {
    const s = withLeaders([["ney", "fr", { joinedTo: "fr-1" }]]);
    let out: LookOutSirResult = "unit";
    run(s, dice, (st, ctx) => {
      out = lookOutSir(character(st, "ney"), ctx);
      return st;
    });
    return out;
  }

  it("CORE-LOS-2: \"Look out, sir\": a D6 of 1 hits the character, 2–6 an ordinary model instead (AMB-06)", () => {
    expect(look([1])).toBe("character");
    expect([2, 3, 4, 5, 6].map((d) => look([d]))).toEqual(["unit", "unit", "unit", "unit", "unit"]);
  });

  it("CORE-LOS-1: a joined character is picked out only if his unit is the shooters' closest enemy and he is in the rank facing them", () => {
    const s = battle(
      [
        battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
        battalion("fr-2", "fr", { position: { x: 36, y: 34 }, facing: 90 }),
        battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }),
        battalion("gb-2", "gb", { position: { x: 36, y: 10 }, facing: 90, formation: "LINE", files: 12 }),
      ],
      { characters: [leader("ney", "fr", { joinedTo: "fr-1" }), leader("lannes", "fr", { joinedTo: "fr-2" })] },
    );
    // gb-1 faces fr-2's front; fr-1 is behind it. gb-2 stands behind fr-1.
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), character(s, "lannes"))).toBe(true);
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-1"), character(s, "ney"))).toBe(false);
    expect(mayPickOutJoinedCharacter(s, unit(s, "gb-2"), character(s, "ney"))).toBe(false);
  });

  it("CORE-LOS-1: a lone character may be targeted only as the closest visible enemy, at −1 to hit (AMB-105)", () => {
    const s = battle(
      [battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }), battalion("fr-1", "fr", { position: { x: 50, y: 24 }, facing: 90 })],
      { characters: [leader("ney", "fr", { position: { x: 36, y: 30 } })] },
    );
    expect(mayTargetLoneCharacter(s, unit(s, "gb-1"), character(s, "ney"))).toBe(true);
    const screened = battle(
      [battalion("gb-1", "gb", { position: { x: 36, y: 36 }, facing: 270, formation: "LINE", files: 12 }), battalion("fr-1", "fr", { position: { x: 40, y: 31 }, facing: 90 })],
      { characters: [leader("ney", "fr", { position: { x: 36, y: 26 } })] },
    );
    expect(mayTargetLoneCharacter(screened, unit(screened, "gb-1"), character(screened, "ney"))).toBe(false);
    expect(LONE_CHARACTER_TO_HIT).toBe(-1);
  });
});
