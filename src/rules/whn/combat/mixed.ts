/**
 * Mixed and combined units (CORE-UNIT-1…3) on plain values: the unit records hold one profile, so
 * an army list's mixed bodies are described to these helpers and turned into strike groups and
 * saves. (CORE-UNIT-4: psychology other than Panic is out of scope.)
 */
import type { MeleeWeapon } from "../../../state/unit.js";
import type { Striker } from "./types.js";
import { weaponEffect, type WeaponSituation } from "./weapons.js";

/** Whether a combined unit still uses its superior troops' Ld and save: at least half its front rank is superior (CORE-UNIT-1). */
export function superiorValuesApply(frontRank: { readonly superior: number; readonly total: number }): boolean {
  return frontRank.total > 0 && 2 * frontRank.superior >= frontRank.total;
}

/**
 * Close-combat casualties of a combined unit (CORE-UNIT-1): the superior models in contact are
 * struck first; casualties beyond them come from the others.
 */
export function combinedCasualties(superiorInContact: number, casualties: number): { readonly superior: number; readonly inferior: number } {
  const superior = Math.min(superiorInContact, casualties);
  return { superior, inferior: casualties - superior };
}

/**
 * The save a mixed body uses in close combat (AMB-08): "differentWeapons" units use the save of
 * the majority of the front rank (CORE-UNIT-2; ties take the better), "mixedArmour" units the
 * save of the model struck (CORE-UNIT-3). Saves are needed scores, 7 = none.
 */
export function closeCombatSave(rule: "differentWeapons" | "mixedArmour", frontRankSaves: readonly number[], struck: number): number {
  if (rule === "mixedArmour") return struck;
  const counts = new Map<number, number>();
  for (const s of frontRankSaves) counts.set(s, (counts.get(s) ?? 0) + 1);
  let best = 7;
  let most = -1;
  for (const [save, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    if (n > most) {
      most = n;
      best = save;
    }
  }
  return best;
}

/**
 * Splits a unit's strike group by the weapons its fighting models carry (CORE-UNIT-2): each share
 * gets its weapon's tier and extra attacks (double-handed weapons strike last, CORE-WPN-4).
 */
export function weaponGroups(base: Striker, shares: ReadonlyArray<{ readonly weapon: MeleeWeapon; readonly models: number; readonly baseAttacks: number }>, situation: WeaponSituation): Striker[] {
  return shares
    .filter((s) => s.models > 0)
    .map((s) => {
      const eff = weaponEffect(s.weapon, situation);
      return { ...base, id: `${base.id}:${s.weapon}`, models: s.models, attacks: s.baseAttacks + eff.extraAttacks, tier: eff.tier, bonusAttacks: 0 };
    });
}
