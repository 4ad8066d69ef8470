/**
 * The dice tables every WHN phase shares: to-hit scores, the Strength-against-Toughness table,
 * armour saves and the close-combat Weapon Skill table.
 */
import type { Equipment } from "../../state/unit.js";

/** Clamps a modified characteristic (CORE-GEN-2): WS, BS, S, T, I to 1…10. */
export function clampStat(v: number): number {
  return Math.min(10, Math.max(1, v));
}

/** Clamps a modified Leadership (CORE-GEN-2): at most 10, no lower bound. */
export function clampLd(v: number): number {
  return Math.min(10, v);
}

/** Basic to-hit score for missiles by BS (CORE-SHOOT-3, WHN-SHOOT-4): 7 − BS. */
export function shootingNeed(bs: number): number {
  return 7 - bs;
}

/** Score needed to wound by Strength and Toughness (CORE-WOUND-1); null when it cannot wound. */
export function toWoundNeed(strength: number, toughness: number): number | null {
  const diff = toughness - strength;
  if (diff <= -2) return 2;
  if (diff === -1) return 3;
  if (diff === 0) return 4;
  if (diff === 1) return 5;
  if (diff <= 3) return 6;
  return null;
}

/** Close-combat score to hit by the two Weapon Skills (CORE-CC-3). */
export function meleeToHitNeed(attackerWs: number, targetWs: number): number {
  if (attackerWs > targetWs) return 3;
  if (targetWs > 2 * attackerWs) return 5;
  return 4;
}

/** What a model wears and rides, for its armour save (CORE-SAVE-1). */
export interface SaveProfile {
  readonly equipment: Pick<Equipment, "armour" | "shield" | "barding">;
  readonly mounted: boolean;
  /** The shield counts (not in close combat with a two-handed weapon, CORE-WPN-4/6). */
  readonly shieldCounts?: boolean;
}

/**
 * Armour save score against a hit of the given Strength (CORE-SAVE-1, WHN-CC-7); null for no save.
 * Light armour 6+, heavy 5+; a shield, a horse and barding each improve it by 1; each point of
 * Strength above 3 worsens it by 1. `improve` is an extra improvement (daggers, CORE-WPN-5).
 */
export function saveNeed(p: SaveProfile, strength: number, improve = 0): number | null {
  const e = p.equipment;
  // No armour starts at 7: with nothing to improve it, no Strength brings it under 7, so no save.
  let need = e.armour === "heavy" ? 5 : e.armour === "light" ? 6 : 7;
  if (e.shield && p.shieldCounts !== false) need -= 1;
  if (p.mounted) need -= 1;
  if (e.barding) need -= 1;
  need -= improve;
  need += Math.max(0, strength - 3);
  return need > 6 ? null : Math.max(2, need);
}
