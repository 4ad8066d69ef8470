/**
 * Missile weapons as data: WHN firearms with their three range bands (WHN-SHOOT-2, WHN-SHOOT-3) and
 * the CORE missiles with a maximum range whose far half is long range (CORE-SHOOT-7, CORE-SHOOT-4).
 */
import type { MissileWeapon } from "../../../state/unit.js";
import type { CoverShotKind, RulesOptions } from "../../../state/options.js";

/** How a weapon reaches: the end of each range band in inches; `extreme` null when it has none. */
export interface WeaponStats {
  readonly close: number;
  readonly long: number;
  readonly extreme: number | null;
  /** Strength of a hit; null: the firer's own Strength (javelins). */
  readonly strength: number | null;
  /** Which shooting kind it is for the units-as-cover house rule (HR-COVER-2). */
  readonly coverKind: CoverShotKind;
  /** A WHN small arm (initial volley, WHN-SHOOT-6). */
  readonly firearm: boolean;
  /** A bow that may shoot a template volley (HR-VOLLEY-1). */
  readonly bow: boolean;
}

/** Firearms (WHN-SHOOT-2) and ancient missiles (CORE-SHOOT-7: long range beyond half the maximum). */
export const WEAPONS = {
  rifle: { close: 12, long: 24, extreme: 36, strength: 3, coverKind: "firearms", firearm: true, bow: false },
  musket: { close: 8, long: 12, extreme: 24, strength: 3, coverKind: "firearms", firearm: true, bow: false },
  carbine: { close: 6, long: 9, extreme: 18, strength: 3, coverKind: "firearms", firearm: true, bow: false },
  pistol: { close: 1, long: 2, extreme: 4, strength: 3, coverKind: "firearms", firearm: true, bow: false },
  shortBow: { close: 8, long: 16, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
  bow: { close: 12, long: 24, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
  compositeBow: { close: 12, long: 24, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
  longbow: { close: 15, long: 30, extreme: null, strength: 3, coverKind: "bows", firearm: false, bow: true },
  crossbow: { close: 15, long: 30, extreme: null, strength: 4, coverKind: "crossbows", firearm: false, bow: false },
  sling: { close: 9, long: 18, extreme: null, strength: 3, coverKind: "slings", firearm: false, bow: false },
  javelin: { close: 4, long: 8, extreme: null, strength: null, coverKind: "thrown", firearm: false, bow: false },
} as const satisfies Record<MissileWeapon, WeaponStats>;

/** A range band and its to-hit modifier (WHN-SHOOT-3, WHN-SHOOT-5). */
export type RangeBand = "close" | "long" | "extreme";

/** To-hit modifier of each band (WHN-SHOOT-5). */
export const BAND_MODIFIER = { close: 0, long: -1, extreme: -2 } as const satisfies Record<RangeBand, number>;

/** A weapon's stats under the rules options: the carbine's long band is an option (WHN-SHOOT-2, AMB-18). */
export function weaponStats(w: MissileWeapon, options: RulesOptions): WeaponStats {
  const s: WeaponStats = WEAPONS[w];
  return w === "carbine" ? { ...s, long: options.whn.carbineLongRange } : s;
}

/** The farthest a weapon reaches (WHN-SHOOT-3; CORE-SHOOT-7's maximum range). */
export function maxRange(s: WeaponStats): number {
  return s.extreme ?? s.long;
}

/** The band a range falls in, or null beyond the weapon's reach (WHN-SHOOT-3, CORE-GEO-11 tolerance). */
export function rangeBand(s: WeaponStats, range: number, eps = 0.001): RangeBand | null {
  if (range <= s.close + eps) return "close";
  if (range <= s.long + eps) return "long";
  if (s.extreme !== null && range <= s.extreme + eps) return "extreme";
  return null;
}

/** Strength of a hit from this weapon in the hands of a firer of Strength `userS` (CORE-SHOOT-7). */
export function hitStrength(s: WeaponStats, userS: number): number {
  return s.strength ?? userS;
}
