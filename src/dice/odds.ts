/**
 * Dice rules shared by the exact odds and the sampled resolution: each rule is
 * written once, as data, and both modes read it.
 */
import type { Dice } from "./roller.js";
import { Dist } from "./dist.js";
import { badArg } from "../engine/args.js";
import { DiceScriptExhaustedError } from "./roller.js";

/**
 * What a to-hit roll needs (CORE-SHOOT-3): a natural `first` or better on one D6
 * and, for scores above 6, a follow-up D6 of `followUp` or better rolled right
 * after it. `null` means the shot cannot hit at all.
 */
export type ToHitRolls = { readonly first: number; readonly followUp: number | null } | null;

/**
 * Needed score → dice, for needs 1 (and below) through 10 (and above).
 * ≤1 counts as 2 because a natural 1 always fails (CORE-GEN-4); 7, 8, 9 are a 6
 * then 4+, 5+, 6+; 10 or more cannot hit.
 */
const TO_HIT_TABLE: readonly ToHitRolls[] = [
  { first: 2, followUp: null }, // need ≤ 1
  { first: 2, followUp: null },
  { first: 3, followUp: null },
  { first: 4, followUp: null },
  { first: 5, followUp: null },
  { first: 6, followUp: null },
  { first: 6, followUp: 4 }, // 7
  { first: 6, followUp: 5 }, // 8
  { first: 6, followUp: 6 }, // 9
  null, // ≥ 10
].map((r) => (r === null ? r : Object.freeze(r)));

function checkNeed(need: number, api: string): void {
  if (!Number.isInteger(need)) throw badArg(api, "need", "an integer", need);
}

/** The dice a needed to-hit score calls for (CORE-SHOOT-3); `null` when it cannot hit. */
export function toHitRolls(need: number): ToHitRolls {
  checkNeed(need, "toHitRolls");
  const row = TO_HIT_TABLE[Math.min(Math.max(need, 1), 10) - 1];
  return row === undefined ? null : row;
}

/** P(one D6 shows `face` or more), for face 1..7. */
function pD6AtLeast(face: number): number {
  return (7 - face) / 6;
}

/** P(a to-hit roll needing `need` hits), per CORE-SHOOT-3 (e.g. 7 → 1/6 × 3/6). */
export function toHitChance(need: number): number {
  checkNeed(need, "toHitChance");
  const rolls = toHitRolls(need);
  if (rolls === null) return 0;
  const first = pD6AtLeast(rolls.first);
  return rolls.followUp === null ? first : first * pD6AtLeast(rolls.followUp);
}

/**
 * Rolls one to-hit attempt needing `need` (CORE-SHOOT-3). A follow-up die is rolled
 * right after its own die, and only when that die is a 6; no die is rolled for a
 * shot that cannot hit.
 */
export function rollToHit(dice: Dice, need: number): boolean {
  checkNeed(need, "rollToHit");
  const rolls = toHitRolls(need);
  if (rolls === null) return false;
  // No wrapper on the hot path (every attack of a combat rolls here): a try costs nothing until it throws.
  try {
    if (dice.d6() < rolls.first) return false;
    return rolls.followUp === null || dice.d6() >= rolls.followUp;
  } catch (e) {
    if (e instanceof DiceScriptExhaustedError) throw e;
    throw badArg("rollToHit", "dice", "a roller", dice, e);
  }
}

/** The distribution of 2D6, the Leadership test roll. */
const TWO_D6 = /* @__PURE__ */ Dist.nd6(2);

/** The highest Leadership a unit can test on: modified Ld is capped at 10 (CORE-GEN-2, WHN-LEAD-3). */
export const MAX_LEADERSHIP = 10;

/**
 * P(a Leadership test on an effective Ld of `ld` passes) = P(2D6 ≤ min(ld, 10)) (CORE-GEN-3).
 * `ld` must be a whole number (else a FusilladeError, `engine/misuse`). Above 10 it is clamped to 10, the cap the rules
 * put on any modified Leadership (CORE-GEN-2, WHN-LEAD-3), so 33/36 is the best chance there is.
 * Below 2 it is taken as it is: the rules set no lower limit, such a test simply never passes (0).
 * A test's own modifiers (a Break test's margin) come after the cap: subtract them before calling.
 * @example pLeadershipPass(7) // 21/36
 * @example pLeadershipPass(12) // 33/36, as for Ld 10
 */
export function pLeadershipPass(ld: number): number {
  if (typeof ld !== "number" || !Number.isInteger(ld)) throw badArg("pLeadershipPass", "ld", "a whole number", ld);
  return TWO_D6.pAtMost(Math.min(ld, MAX_LEADERSHIP));
}
