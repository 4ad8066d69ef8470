import { describe, expect, it } from "vitest";
import { combatId, type BattleState } from "../../src/index.js";
import { buildRound, weaponEffect, rankBonusOf, squarenessOf, squarenessBonus, modelCountBonus, MELEE_WEAPON_TABLE } from "../../src/rules/whn/combat/index.js";
import { mayShootWhenCharging } from "../../src/rules/whn/combat/weapons.js";
import { superiorValuesApply, combinedCasualties, closeCombatSave, weaponGroups } from "../../src/rules/whn/combat/mixed.js";
import { saveNeed } from "../../src/rules/whn/tables.js";
import { engaged } from "../fixtures/combat.js";
import { striker } from "../fixtures/combatPlain.js";

const HORSE = { troopType: "cavalry" as const, base: { w: 25 / 25.4, d: 50 / 25.4 }, formation: "CAV_LINE" as const, files: 5, figures: 10, profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 } };
const built = (s: BattleState) => buildRound(s, s.combats[combatId("c1")]!);
const strikerOf = (s: BattleState, owner: string) => built(s).input.strikers.find((x) => x.owner === owner)!;
const situation = { charging: false, mounted: false, disordered: false, lanceBonusAlways: false };

describe("who fights and with what", () => {
  it("CORE-CC-2: models in base contact fight, corner contact included: 5 files against 7 gives 5 and 7 fighters", () => {
    const s = engaged({}, { files: 7, figures: 21 });
    expect(strikerOf(s, "a").models).toBe(5);
    expect(strikerOf(s, "b").models).toBe(7);
  });

  it("CORE-WPN-8: thrusting spears fight in 2 ranks unless the unit charged this round", () => {
    const s = engaged({ equipment: { missile: null, melee: "thrustingSpear" } });
    expect(strikerOf(s, "a").models).toBe(10);
    const charging = engaged({ equipment: { missile: null, melee: "thrustingSpear" } }, {}, { combat: { rounds: 0, chargers: ["a" as never] } });
    expect(strikerOf(charging, "a").models).toBe(5);
  });

  it("WHN-CC-1: pikes fight in two ranks, one while DISORDERED; a sabre adds +1 S; a lance +1 S and first strike when charging (AMB-23)", () => {
    expect(strikerOf(engaged({ equipment: { missile: null, melee: "pike" } }), "a").models).toBe(10);
    expect(strikerOf(engaged({ equipment: { missile: null, melee: "pike" }, order: "DISORDERED" }), "a").models).toBe(5);
    expect(weaponEffect("sabre", situation).strength).toBe(1);
    expect(weaponEffect("lance", { ...situation, charging: true })).toMatchObject({ strength: 1, tier: 1 });
    expect(weaponEffect("lance", situation)).toMatchObject({ strength: 0, tier: 2 });
    expect(weaponEffect("lance", { ...situation, lanceBonusAlways: true })).toMatchObject({ strength: 1, tier: 1 });
    const lancers = engaged({ ...HORSE, equipment: { missile: null, melee: "lance" } }, {}, { combat: { rounds: 0, chargers: ["a" as never] } });
    expect(strikerOf(lancers, "a")).toMatchObject({ tier: 1, charged: true, woundNeed: 3 });
  });

  it("WHN-CC-4: a square strikes first against cavalry, even against charging lancers (AMB-108)", () => {
    const s = engaged({ formation: "SQUARE" }, { ...HORSE, equipment: { missile: null, melee: "lance" } }, { combat: { rounds: 0, chargers: ["b" as never] } });
    expect(strikerOf(s, "a").tier).toBe(1);
    expect(strikerOf(s, "b").tier).toBe(2);
  });

  it("CORE-WPN-1 / CORE-WPN-3: hand weapons have no special rule, and a musket-armed unit fights with its close-combat weapon", () => {
    expect(MELEE_WEAPON_TABLE.handWeapon).toMatchObject({ strength: 0, ranks: 1, extraAttacks: 0, tier: 2 });
    const s = engaged({ equipment: { missile: "musket", melee: "musketBayonet" } });
    expect(strikerOf(s, "a")).toMatchObject({ attacks: 1, woundNeed: 4, tier: 2 });
  });

  it("CORE-WPN-2: two hand weapons give +1 attack; CORE-WPN-4: double-handed weapons +2 S, strike last, no shield", () => {
    expect(strikerOf(engaged({ equipment: { missile: null, melee: "twoHandWeapons" } }), "a").attacks).toBe(2);
    const dh = engaged({ equipment: { missile: null, melee: "doubleHanded" } }, { equipment: { missile: null, melee: "doubleHanded", armour: "light", shield: true } });
    expect(strikerOf(dh, "a")).toMatchObject({ tier: 3, woundNeed: 2 });
    // b's shield does not count with its double-handed weapon: light armour 6+, S5 → no save.
    expect(strikerOf(dh, "a").saveNeed).toBeNull();
  });

  it("CORE-WPN-5: daggers improve the enemy's save by 1, and give a 6+ to the unarmoured", () => {
    const s = engaged({ equipment: { missile: null, melee: "dagger" } });
    expect(strikerOf(s, "a").saveNeed).toBe(6);
    expect(saveNeed({ equipment: { armour: "light", shield: true, barding: false }, mounted: false }, 3, 1)).toBe(4);
  });

  it("CORE-WPN-6: halberds +1 S and no shield; CORE-WPN-10: Strength 4+ worsens saves", () => {
    const s = engaged({ equipment: { missile: null, melee: "halberd" } }, { equipment: { missile: null, melee: "handWeapon", armour: "heavy", shield: true } });
    // S4 against heavy armour + shield (4+) → 5+.
    expect(strikerOf(s, "a")).toMatchObject({ woundNeed: 3, saveNeed: 5 });
  });

  it("CORE-WPN-7: the CORE lance gives +2 S to mounted models in the round they charge", () => {
    expect(weaponEffect("coreLance", { ...situation, charging: true, mounted: true }).strength).toBe(2);
    expect(weaponEffect("coreLance", { ...situation, charging: true }).strength).toBe(0);
  });

  it("CORE-WPN-9: mounted composite bowmen may shoot when charging, not if they carry a lance or spear", () => {
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "handWeapon" }, true)).toBe(true);
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "lance" }, true)).toBe(false);
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "handWeapon" }, false)).toBe(false);
  });

  it("WHN-CC-7: a breastplate is heavy armour: a cuirassier saves on 4+ (AMB-27)", () => {
    const s = engaged({}, { ...HORSE, equipment: { missile: null, melee: "sabre", armour: "heavy" } });
    expect(strikerOf(s, "a").saveNeed).toBe(4);
  });

  it("WHN-DIS-2 in combat: DISORDERED units fight at −1 WS, S and T", () => {
    const s = engaged({ order: "DISORDERED" });
    expect(strikerOf(s, "a")).toMatchObject({ hitNeed: 4, woundNeed: 5 });
    expect(strikerOf(s, "b")).toMatchObject({ hitNeed: 3, woundNeed: 3 });
  });

  it("CORE-LEAD-2: the unit leader in the front rank adds one attack (CORE-LEAD-1); CORE-LEAD-4: facing a flank attack he joins in once he could swap in", () => {
    const s = engaged({ command: { leader: true, standard: false, musician: false } });
    expect(strikerOf(s, "a").bonusAttacks).toBe(1);
  });
});

describe("rank bonus and squareness", () => {
  const vs = { allCavalry: false, allSquares: false };
  it("WHN-CC-2: rank bonus caps by formation", () => {
    expect(rankBonusOf("ATTACK_COLUMN", [4, 4, 4, 4, 4], vs)).toBe(3);
    expect(rankBonusOf("ATTACK_COLUMN", [3, 3, 3, 3], vs)).toBe(0);
    expect(rankBonusOf("LINE", [10, 10], vs)).toBe(1);
    expect(rankBonusOf("MARCH_COLUMN", [3, 3, 3, 3, 3], vs)).toBe(0);
    expect(rankBonusOf("SQUARE", [24], vs)).toBe(0);
    expect(rankBonusOf("SQUARE", [24], { allCavalry: true, allSquares: false })).toBe(4);
    expect(rankBonusOf("CAV_COLUMN", [4, 4, 4, 4], vs)).toBe(2);
    expect(rankBonusOf("CAV_LINE", [6, 6], vs)).toBe(1);
    expect(rankBonusOf("OPEN_ORDER", [6, 6], vs)).toBe(0);
  });

  it("WHN-CC-3: lines and attack columns have no ranks against cavalry, cavalry none against squares — only when every enemy in contact is so (AMB-25)", () => {
    expect(rankBonusOf("ATTACK_COLUMN", [4, 4, 4, 4], { allCavalry: true, allSquares: false })).toBe(0);
    expect(rankBonusOf("LINE", [8, 8], { allCavalry: true, allSquares: false })).toBe(0);
    expect(rankBonusOf("CAV_COLUMN", [4, 4, 4], { allCavalry: false, allSquares: true })).toBe(0);
    const s = engaged({ formation: "ATTACK_COLUMN", files: 4, figures: 20 }, HORSE);
    expect(built(s).input.victims.find((v) => v.id === "a")!.result!.rankBonus[20]).toBe(0);
  });

  it("WHN-CC-6: a square has no flanks: an enemy on its side is fought on a front (AMB-26)", () => {
    const s = engaged({ formation: "SQUARE" });
    const b = built(s).input.victims.find((v) => v.id === "b")!;
    expect(b.result!.fightsFlank).toBe(false);
    expect(built(s).input.victims.find((v) => v.id === "a")!.result!.flankedBy).toEqual([]);
  });

  it("HR-SQUARE-1: squareness is the smaller of files and full ranks; squares and skirmishers have none", () => {
    const s = engaged({ files: 8, figures: 52 });
    expect(squarenessOf(s.units["a" as never]!)).toBe(6);
    expect(squarenessOf(engaged({ formation: "SQUARE" }).units["a" as never]!)).toBe(0);
  });

  it("HR-SQUARE-2: bonus A − 4 from 5×5; HR-SQUARE-5: +1 at 25 models and +1 per 10 more, optionally capped (AMB-58)", () => {
    expect([4, 5, 6, 7, 9].map(squarenessBonus)).toEqual([0, 1, 2, 3, 5]);
    expect([24, 25, 34, 35, 65, 75].map((n) => modelCountBonus(n, null))).toEqual([0, 1, 1, 2, 5, 6]);
    expect(modelCountBonus(75, 5)).toBe(5);
  });

  it("HR-SQUARE-2: a side uses the best bonus among its units (HR-SQUARE-3 direct)", () => {
    const s = engaged({ files: 7, figures: 49 }, { files: 5, figures: 49 }, { options: { hr: { squareness: "direct" } } });
    expect(built(s).input.sides.map((x) => x.squareness)).toEqual([3, 1]);
  });
});

describe("mixed units", () => {
  it("CORE-UNIT-1: a combined unit keeps the superior Ld and save while half its front rank is superior; casualties in contact hit them first", () => {
    expect(superiorValuesApply({ superior: 3, total: 6 })).toBe(true);
    expect(superiorValuesApply({ superior: 2, total: 6 })).toBe(false);
    expect(combinedCasualties(4, 6)).toEqual({ superior: 4, inferior: 2 });
  });

  it("CORE-UNIT-2: different weapons strike by their own rules and the front rank's majority save counts; CORE-UNIT-3: mixed armour uses the struck model's save (AMB-08)", () => {
    const groups = weaponGroups(striker("a", 0, "b", 6), [{ weapon: "doubleHanded", models: 2, baseAttacks: 1 }, { weapon: "handWeapon", models: 4, baseAttacks: 1 }], situation);
    expect(groups.map((g) => [g.models, g.tier])).toEqual([[2, 3], [4, 2]]);
    expect(closeCombatSave("differentWeapons", [5, 5, 6, 6, 6], 5)).toBe(6);
    expect(closeCombatSave("mixedArmour", [5, 5, 6, 6, 6], 5)).toBe(5);
  });

  it("CORE-UNIT-4: psychology other than Panic is out of scope: a round reads no such option", () => {
    expect(Object.keys(built(engaged()).input.options).sort()).toEqual(["bothMusiciansRollOff", "outnumberBonus", "squareness"]);
  });
});
