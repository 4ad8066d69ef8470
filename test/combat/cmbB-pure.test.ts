/**
 * Whole-file tests of the small combat helpers (#17, cmbB): strike order (order.ts), weapons
 * (weapons.ts), mixed and combined units (mixed.ts), rank and squareness bonuses (ranks.ts).
 */
import { describe, expect, it } from "vitest";
import { strikeSlots, slotIsTied, slotSteps } from "../../src/rules/whn/combat/order.js";
import { conditionHolds, mayShootWhenCharging, weaponEffect, MELEE_WEAPON_TABLE } from "../../src/rules/whn/combat/weapons.js";
import { closeCombatSave, combinedCasualties, superiorValuesApply, weaponGroups } from "../../src/rules/whn/combat/mixed.js";
import { modelCountBonus, rankBonusOf, rankBonusTable, squarenessBonus, squarenessOf } from "../../src/rules/whn/combat/ranks.js";
import type { Unit } from "../../src/index.js";
import { striker } from "../fixtures/combatPlain.js";
import { engaged } from "../fixtures/combat.js";
import { u } from "../fixtures/cmbB.js";

const sit = (over: Partial<{ charging: boolean; mounted: boolean; disordered: boolean; lanceBonusAlways: boolean }> = {}) => ({ charging: false, mounted: false, disordered: false, lanceBonusAlways: false, ...over });

describe("strike order (combat/order.ts)", () => {
  it("CORE-CC-4: slots sort by tier, then chargers first, then higher Initiative; equal standing shares a slot per side", () => {
    const strikers = [
      striker("a", 0, "b", 5, { tier: 2, charged: false, initiative: 3 }),
      striker("b", 1, "a", 5, { tier: 2, charged: false, initiative: 5 }),
      striker("c", 0, "b", 5, { tier: 3, charged: true, initiative: 9 }),
      striker("d", 1, "a", 5, { tier: 2, charged: true, initiative: 1 }),
      striker("e", 1, "c", 5, { tier: 1, charged: false, initiative: 1 }),
      striker("f", 0, "d", 5, { tier: 2, charged: false, initiative: 3 }),
      striker("g", 1, "f", 5, { tier: 2, charged: false, initiative: 3 }),
    ];
    expect(strikeSlots(strikers)).toEqual([
      { tier: 1, charged: false, initiative: 1, bySide: [[], [4]] },
      { tier: 2, charged: true, initiative: 1, bySide: [[], [3]] },
      { tier: 2, charged: false, initiative: 5, bySide: [[], [1]] },
      { tier: 2, charged: false, initiative: 3, bySide: [[0, 5], [6]] },
      { tier: 3, charged: true, initiative: 9, bySide: [[2], []] },
    ]);
    expect(strikeSlots([])).toEqual([]);
  });

  it("CORE-CC-4: a slot needs an order only when both sides strike in it", () => {
    expect(slotIsTied({ tier: 2, charged: false, initiative: 3, bySide: [[0], [1]] })).toBe(true);
    expect(slotIsTied({ tier: 2, charged: false, initiative: 3, bySide: [[0], []] })).toBe(false);
    expect(slotIsTied({ tier: 2, charged: false, initiative: 3, bySide: [[], [1]] })).toBe(false);
  });

  it("CORE-CC-5: the side named first strikes first in a shared slot; an empty side makes no step", () => {
    const strikers = [striker("a", 0, "b", 5), striker("b", 1, "a", 5), striker("c", 0, "b", 3)];
    const slot = { tier: 2, charged: true, initiative: 4, bySide: [[0, 2], [1]] } as const;
    expect(slotSteps(slot, 0, strikers)).toEqual([
      { tier: 2, charged: true, initiative: 4, side: 0, strikers: ["a>b", "c>b"] },
      { tier: 2, charged: true, initiative: 4, side: 1, strikers: ["b>a"] },
    ]);
    expect(slotSteps(slot, 1, strikers)).toEqual([
      { tier: 2, charged: true, initiative: 4, side: 1, strikers: ["b>a"] },
      { tier: 2, charged: true, initiative: 4, side: 0, strikers: ["a>b", "c>b"] },
    ]);
    expect(slotSteps({ tier: 1, charged: false, initiative: 2, bySide: [[], [1]] }, 0, strikers)).toEqual([{ tier: 1, charged: false, initiative: 2, side: 1, strikers: ["b>a"] }]);
  });
});

describe("weapons (combat/weapons.ts)", () => {
  it("CORE-WPN-1…8 / WHN-CC-1: each weapon's effect in a plain round, not charging", () => {
    const plain = Object.fromEntries(Object.keys(MELEE_WEAPON_TABLE).map((w) => [w, weaponEffect(w as never, sit())]));
    const e = (strength: number, tier: number, ranks: number, extraAttacks = 0, twoHanded = false, saveImprove = 0) => ({ strength, tier, ranks, extraAttacks, twoHanded, saveImprove });
    expect(plain).toEqual({
      handWeapon: e(0, 2, 1),
      musketBayonet: e(0, 2, 1),
      rifleSwordBayonet: e(0, 2, 1),
      pike: e(0, 2, 2),
      infantrySword: e(0, 2, 1),
      sabre: e(1, 2, 1),
      lance: e(0, 2, 1),
      thrustingSpear: e(0, 2, 2),
      halberd: e(1, 2, 1, 0, true),
      doubleHanded: e(2, 3, 1, 0, true),
      twoHandWeapons: e(0, 2, 1, 1),
      dagger: e(0, 2, 1, 0, false, 1),
      coreLance: e(0, 2, 1),
    });
    expect(Object.fromEntries(Object.entries(MELEE_WEAPON_TABLE).map(([k, v]) => [k, v.rule]))).toEqual({
      handWeapon: "CORE-WPN-1", musketBayonet: "WHN-CC-1", rifleSwordBayonet: "WHN-CC-1", pike: "WHN-CC-1", infantrySword: "WHN-CC-1", sabre: "WHN-CC-1", lance: "WHN-CC-1",
      thrustingSpear: "CORE-WPN-8", halberd: "CORE-WPN-6", doubleHanded: "CORE-WPN-4", twoHandWeapons: "CORE-WPN-2", dagger: "CORE-WPN-5", coreLance: "CORE-WPN-7",
    });
  });

  it("WHN-CC-1 / AMB-23: the lance strikes first with +1 S only when charging, or always with whn.lanceBonusAlways", () => {
    expect(weaponEffect("lance", sit({ charging: true }))).toMatchObject({ strength: 1, tier: 1 });
    expect(weaponEffect("lance", sit({ mounted: true }))).toMatchObject({ strength: 0, tier: 2 });
    expect(weaponEffect("lance", sit({ lanceBonusAlways: true }))).toMatchObject({ strength: 1, tier: 1 });
  });

  it("CORE-WPN-7: the CORE lance's +2 S needs a charge on horseback; whn.lanceBonusAlways does not reach it", () => {
    expect(weaponEffect("coreLance", sit({ charging: true, mounted: true })).strength).toBe(2);
    expect(weaponEffect("coreLance", sit({ charging: true })).strength).toBe(0);
    expect(weaponEffect("coreLance", sit({ mounted: true })).strength).toBe(0);
    expect(weaponEffect("coreLance", sit({ mounted: true, lanceBonusAlways: true })).strength).toBe(0);
    expect(conditionHolds("chargingMounted", "coreLance", sit({ charging: true, mounted: true }))).toBe(true);
    expect(conditionHolds("chargingMounted", "lance", sit({ lanceBonusAlways: true }))).toBe(true);
    expect(conditionHolds("charging", "sabre", sit({ lanceBonusAlways: true }))).toBe(false);
    expect(conditionHolds("always", "sabre", sit())).toBe(true);
  });

  it("CORE-WPN-8 / WHN-DIS-3: spears fight in one rank on the charge; pikes fight in one rank when disordered, spears still in two", () => {
    expect(weaponEffect("thrustingSpear", sit({ charging: true })).ranks).toBe(1);
    expect(weaponEffect("thrustingSpear", sit({ disordered: true })).ranks).toBe(2);
    expect(weaponEffect("thrustingSpear", sit({ disordered: true, charging: true })).ranks).toBe(1);
    expect(weaponEffect("pike", sit({ charging: true })).ranks).toBe(2);
    expect(weaponEffect("pike", sit({ disordered: true })).ranks).toBe(1);
    expect(weaponEffect("pike", sit({ disordered: true, charging: true })).ranks).toBe(1);
  });

  it("CORE-WPN-9: only mounted composite bowmen without spear or lance shoot when charging", () => {
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "sabre" }, true)).toBe(true);
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "sabre" }, false)).toBe(false);
    expect(mayShootWhenCharging({ missile: "musket", melee: "sabre" }, true)).toBe(false);
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "thrustingSpear" }, true)).toBe(false);
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "lance" }, true)).toBe(false);
    expect(mayShootWhenCharging({ missile: "compositeBow", melee: "coreLance" }, true)).toBe(false);
  });
});

describe("mixed and combined units (combat/mixed.ts)", () => {
  it("CORE-UNIT-1: superior values hold while at least half the front rank is superior", () => {
    expect(superiorValuesApply({ superior: 0, total: 0 })).toBe(false);
    expect(superiorValuesApply({ superior: 2, total: 4 })).toBe(true);
    expect(superiorValuesApply({ superior: 1, total: 3 })).toBe(false);
    expect(superiorValuesApply({ superior: 2, total: 3 })).toBe(true);
    expect(superiorValuesApply({ superior: 1, total: 2 })).toBe(true);
  });

  it("CORE-UNIT-1: the superior models in contact die first, the rest from the others", () => {
    expect(combinedCasualties(3, 5)).toEqual({ superior: 3, inferior: 2 });
    expect(combinedCasualties(5, 3)).toEqual({ superior: 3, inferior: 0 });
    expect(combinedCasualties(0, 2)).toEqual({ superior: 0, inferior: 2 });
  });

  it("CORE-UNIT-2 / CORE-UNIT-3: the front rank's majority save, ties to the better; mixed armour saves as the model struck", () => {
    expect(closeCombatSave("mixedArmour", [5, 5, 5], 6)).toBe(6);
    expect(closeCombatSave("differentWeapons", [5, 5, 6], 7)).toBe(5);
    expect(closeCombatSave("differentWeapons", [6, 6, 5], 7)).toBe(6);
    expect(closeCombatSave("differentWeapons", [6, 5], 7)).toBe(5);
    expect(closeCombatSave("differentWeapons", [5, 6], 7)).toBe(5);
    expect(closeCombatSave("differentWeapons", [6, 4, 6, 4, 6], 7)).toBe(6);
    expect(closeCombatSave("differentWeapons", [], 4)).toBe(7);
  });

  it("CORE-UNIT-2 / CORE-WPN-4: one strike group per weapon carried, each with its tier and extra attacks; empty shares dropped", () => {
    const base = striker("a", 0, "b", 5, { bonusAttacks: 2, initiative: 4 });
    expect(weaponGroups(base, [
      { weapon: "doubleHanded", models: 2, baseAttacks: 1 },
      { weapon: "twoHandWeapons", models: 3, baseAttacks: 2 },
      { weapon: "pike", models: 0, baseAttacks: 1 },
    ], sit())).toEqual([
      { ...base, id: "a>b:doubleHanded", models: 2, attacks: 1, tier: 3, bonusAttacks: 0 },
      { ...base, id: "a>b:twoHandWeapons", models: 3, attacks: 3, tier: 2, bonusAttacks: 0 },
    ]);
  });
});

describe("rank and squareness bonuses (combat/ranks.ts)", () => {
  const none = { allCavalry: false, allSquares: false };
  it("CORE-CR-2 / WHN-CC-2: ranks of 4 or more behind the front count, capped by formation", () => {
    expect(rankBonusOf("BLOCK", [5, 5, 5, 5, 5], none)).toBe(3);
    expect(rankBonusOf("BLOCK", [5, 5, 4, 3], none)).toBe(2);
    expect(rankBonusOf("BLOCK", [5, 3], none)).toBe(0);
    expect(rankBonusOf("BLOCK", [], none)).toBe(0);
    expect(rankBonusOf("LINE", [8, 8, 8], none)).toBe(1);
    expect(rankBonusOf("CAV_COLUMN", [4, 4, 4, 4], none)).toBe(2);
    expect(rankBonusOf("MARCH_COLUMN", [4, 4, 4, 4], none)).toBe(0);
  });

  it("WHN-CC-2: an attack column needs 4 in front; a column of 3 files gets nothing", () => {
    expect(rankBonusOf("ATTACK_COLUMN", [4, 4, 4, 4], none)).toBe(3);
    expect(rankBonusOf("ATTACK_COLUMN", [3, 4, 4, 4], none)).toBe(0);
    expect(rankBonusOf("CAV_COLUMN", [3, 4, 4], none)).toBe(0);
  });

  it("WHN-CC-2 / WHN-CC-3: against cavalry only, a square gets a flat 4, columns and lines none; against squares only cavalry gets none", () => {
    const cav = { allCavalry: true, allSquares: false };
    const sq = { allCavalry: false, allSquares: true };
    expect(rankBonusOf("SQUARE", [2, 2], cav)).toBe(4);
    expect(rankBonusOf("SQUARE", [2, 2], none)).toBe(0);
    expect(rankBonusOf("ATTACK_COLUMN", [4, 4, 4, 4], cav)).toBe(0);
    expect(rankBonusOf("LINE", [8, 8], cav)).toBe(0);
    expect(rankBonusOf("BLOCK", [5, 5, 5], cav)).toBe(2);
    expect(rankBonusOf("CAV_COLUMN", [4, 4, 4], sq)).toBe(0);
    expect(rankBonusOf("CAV_LINE", [6, 6], sq)).toBe(0);
    expect(rankBonusOf("CAV_LINE", [6, 6], none)).toBe(1);
    expect(rankBonusOf("BLOCK", [5, 5, 5], sq)).toBe(2);
    expect(rankBonusOf("ATTACK_COLUMN", [4, 4], sq)).toBe(1);
  });

  it("CORE-CR-9: the bonus for every number of models left, counted after casualties from the rear", () => {
    const s = engaged();
    expect(rankBonusTable(u(s, "a"), none)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3]);
    expect(rankBonusTable(u(s, "a"), { allCavalry: false, allSquares: false }).length).toBe(21);
  });

  it("HR-SQUARE-1 / HR-SQUARE-2: squareness is min(files, full ranks), none for squares, skirmishers, fleeing or empty units; the bonus is what exceeds 4", () => {
    const a: Unit = u(engaged(), "a");
    expect(squarenessOf(a)).toBe(4);
    expect(squarenessOf({ ...a, figures: 25 })).toBe(5);
    expect(squarenessOf({ ...a, figures: 24 })).toBe(4);
    expect(squarenessOf({ ...a, formation: "SQUARE" })).toBe(0);
    expect(squarenessOf({ ...a, formation: "OPEN_ORDER" })).toBe(0);
    expect(squarenessOf({ ...a, formation: "EXTENDED_ORDER" })).toBe(0);
    expect(squarenessOf({ ...a, formation: "LIMBERED" })).toBe(0);
    expect(squarenessOf({ ...a, formation: "UNLIMBERED" })).toBe(0);
    expect(squarenessOf({ ...a, formation: "ATTACK_COLUMN" })).toBe(4);
    expect(squarenessOf({ ...a, order: "FLEEING" })).toBe(0);
    expect(squarenessOf({ ...a, order: "DISORDERED" })).toBe(4);
    expect(squarenessOf({ ...a, figures: 0 })).toBe(0);
    expect([3, 4, 5, 7].map(squarenessBonus)).toEqual([0, 0, 1, 3]);
  });

  it("HR-SQUARE-5 / AMB-58: +1 at 25 models and +1 for each 10 more, capped when asked", () => {
    expect([24, 25, 34, 35, 45].map((n) => modelCountBonus(n, null))).toEqual([0, 1, 1, 2, 3]);
    expect(modelCountBonus(45, 1)).toBe(1);
    expect(modelCountBonus(24, 1)).toBe(0);
  });
});
