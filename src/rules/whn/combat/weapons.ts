/**
 * Close-combat weapons as data (CORE-WPN-1…8, WHN-CC-1): ranks that fight, Strength bonus, strike
 * tier, whether the weapon takes both hands (no shield), extra attacks, and the save it grants.
 */
import type { MeleeWeapon } from "../../../state/unit.js";

/** When a weapon's bonus applies. */
export type WeaponCondition = "always" | "charging" | "chargingMounted";

/** What a close-combat weapon does. */
export interface MeleeWeaponStats {
  /** Ranks that fight with it (pikes 2, WHN-CC-1; thrusting spears 2 when not moving, CORE-WPN-8). */
  readonly ranks: number;
  /** Ranks while DISORDERED (pikes fight in 1, WHN-DIS-3). */
  readonly ranksDisordered: number;
  /** Ranks in a round in which the unit charged (thrusting spear: 1, CORE-WPN-8). */
  readonly ranksCharging: number;
  /** Strength bonus and when it applies. */
  readonly strength: number;
  readonly strengthWhen: WeaponCondition;
  /** Strike tier (CORE-CC-4): 1 first, 2 normal, 3 last; `firstWhen` gates tier 1. */
  readonly tier: 1 | 2 | 3;
  readonly tierWhen: WeaponCondition;
  /** Takes both hands: no shield in close combat (CORE-WPN-4, CORE-WPN-6). */
  readonly twoHanded: boolean;
  /** Extra attacks per model (two hand weapons, CORE-WPN-2). */
  readonly extraAttacks: number;
  /** Improvement to the enemy's save against it (daggers, CORE-WPN-5). */
  readonly saveImprove: number;
  /** The rule that gives it its effect. */
  readonly rule: "CORE-WPN-1" | "CORE-WPN-2" | "CORE-WPN-4" | "CORE-WPN-5" | "CORE-WPN-6" | "CORE-WPN-7" | "CORE-WPN-8" | "WHN-CC-1";
}

const plain = { ranks: 1, ranksDisordered: 1, ranksCharging: 1, strength: 0, strengthWhen: "always", tier: 2, tierWhen: "always", twoHanded: false, extraAttacks: 0, saveImprove: 0 } as const;

/** The close-combat weapons table (WHN-CC-1 for the Napoleonic arms, CORE-WPN for the rest). */
export const MELEE_WEAPON_TABLE = {
  handWeapon: { ...plain, rule: "CORE-WPN-1" },
  musketBayonet: { ...plain, rule: "WHN-CC-1" },
  rifleSwordBayonet: { ...plain, rule: "WHN-CC-1" },
  pike: { ...plain, ranks: 2, ranksCharging: 2, rule: "WHN-CC-1" },
  infantrySword: { ...plain, rule: "WHN-CC-1" },
  sabre: { ...plain, strength: 1, rule: "WHN-CC-1" },
  lance: { ...plain, strength: 1, strengthWhen: "charging", tier: 1, tierWhen: "charging", rule: "WHN-CC-1" },
  thrustingSpear: { ...plain, ranks: 2, ranksDisordered: 2, rule: "CORE-WPN-8" },
  halberd: { ...plain, strength: 1, twoHanded: true, rule: "CORE-WPN-6" },
  doubleHanded: { ...plain, strength: 2, tier: 3, twoHanded: true, rule: "CORE-WPN-4" },
  twoHandWeapons: { ...plain, extraAttacks: 1, rule: "CORE-WPN-2" },
  dagger: { ...plain, saveImprove: 1, rule: "CORE-WPN-5" },
  coreLance: { ...plain, strength: 2, strengthWhen: "chargingMounted", rule: "CORE-WPN-7" },
} as const satisfies Record<MeleeWeapon, MeleeWeaponStats>;

/** The circumstances of one round that weapon conditions read. */
export interface WeaponSituation {
  /** The unit charged this round (first round of a combat it charged into). */
  readonly charging: boolean;
  readonly mounted: boolean;
  readonly disordered: boolean;
  /** `whn.lanceBonusAlways` (AMB-23). */
  readonly lanceBonusAlways: boolean;
}

/** Whether a weapon condition holds (AMB-23: the lance's bonuses need a charge unless the option says otherwise). */
export function conditionHolds(when: WeaponCondition, weapon: MeleeWeapon, s: WeaponSituation): boolean {
  if (when === "always") return true;
  if (weapon === "lance" && s.lanceBonusAlways) return true;
  return when === "charging" ? s.charging : s.charging && s.mounted;
}

/** A weapon's effect in one round: Strength bonus, tier, ranks, extra attacks (CORE-WPN, WHN-CC-1). */
export interface WeaponEffect {
  readonly strength: number;
  readonly tier: 1 | 2 | 3;
  readonly ranks: number;
  readonly extraAttacks: number;
  readonly twoHanded: boolean;
  readonly saveImprove: number;
}

/** The effect of a weapon in a round (CORE-WPN-1…8, WHN-CC-1, WHN-DIS-3). */
export function weaponEffect(weapon: MeleeWeapon, s: WeaponSituation): WeaponEffect {
  const w: MeleeWeaponStats = MELEE_WEAPON_TABLE[weapon];
  const ranks = s.disordered ? Math.min(w.ranksDisordered, s.charging ? w.ranksCharging : w.ranks) : s.charging ? w.ranksCharging : w.ranks;
  return {
    strength: conditionHolds(w.strengthWhen, weapon, s) ? w.strength : 0,
    tier: w.tier === 1 ? (conditionHolds(w.tierWhen, weapon, s) ? 1 : 2) : w.tier,
    ranks,
    extraAttacks: w.extraAttacks,
    twoHanded: w.twoHanded,
    saveImprove: w.saveImprove,
  };
}

/** Mounted composite bowmen may shoot when charging, unless they also carry a spear or lance (CORE-WPN-9). */
export function mayShootWhenCharging(e: { readonly missile: string | null; readonly melee: MeleeWeapon }, mounted: boolean): boolean {
  return mounted && e.missile === "compositeBow" && e.melee !== "thrustingSpear" && e.melee !== "lance" && e.melee !== "coreLance";
}
