/**
 * FnF fire and melee rolls on plain numbers, exact and sampled, straight from the tables of
 * src/rules/fnf/tables (FNF-FIRE-5…7, FNF-MEL-1, FNF-MEL-5).
 */
import type { Dice } from "../dice/index.js";
import { Dist } from "../dice/index.js";
import { FIRE_EFFECTS, fireEffect, musketryRow } from "../rules/fnf/tables/fire.js";
import { CHARGE_RESULTS } from "../rules/fnf/tables/charge.js";

/** Fire effects in outcome order (0 = Desultory … 4 = Withering). */
export const FNF_FIRE_LABELS: readonly string[] = FIRE_EFFECTS;
/** Charge-table results, attacker's best first. */
export const FNF_CHARGE_LABELS: readonly string[] = CHARGE_RESULTS;

const TWO_D6 = Dist.nd6(2);

/** Fire points as the table reads them: exactly 1/2 keeps its row, other fractions round down (AMB-67). */
export function tablePoints(points: number): number {
  if (!(points >= 0) || !Number.isFinite(points)) throw new RangeError(`fnf fire: points must be a finite number ≥ 0, got ${String(points)}`);
  return points === 0.5 ? 0.5 : Math.floor(points);
}

/** The effect index (into {@link FNF_FIRE_LABELS}) of a natural 2D6 score with fire points and modifier. */
export function fireEffectIndex(points: number, natural: number, modifier: number): number {
  const row = musketryRow(tablePoints(points));
  if (row === null) return 0;
  return FIRE_EFFECTS.indexOf(fireEffect(row, natural + modifier));
}

/** The exact distribution of the effect index of one fire roll (FNF-FIRE-6). */
export function fnfFireDist(points: number, modifier: number): Dist {
  return TWO_D6.map((s) => fireEffectIndex(points, s, modifier));
}

/** Rolls one fire roll (2D6) and returns its effect index. */
export function sampleFnfFire(dice: Dice, points: number, modifier: number): number {
  return fireEffectIndex(points, dice.d6() + dice.d6(), modifier);
}

/** The exact distribution of attacker − defender totals in a melee (both roll 2D6, FNF-MEL-1). */
export function fnfMeleeDist(attackerModifier: number, defenderModifier: number): Dist {
  return TWO_D6.add(TWO_D6.map((x) => -x)).map((x) => x + attackerModifier - defenderModifier);
}

/** Rolls a melee: the attacker's 2D6 first, then the defender's; returns the difference. */
export function sampleFnfMelee(dice: Dice, attackerModifier: number, defenderModifier: number): number {
  const a = dice.d6() + dice.d6() + attackerModifier;
  return a - (dice.d6() + dice.d6() + defenderModifier);
}
