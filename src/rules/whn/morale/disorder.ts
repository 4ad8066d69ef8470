/**
 * What disorder does to a unit (WHN-DIS-1…4, AMB-31, AMB-107) and what rallying leaves behind
 * (WHN-RALLY-3, CORE-RALLY-4): helpers the movement, shooting and combat phases ask.
 */
import type { RuleId } from "../../../state/ids.js";
import type { RulesOptions } from "../../../state/options.js";
import type { Unit } from "../../../state/unit.js";

/** The characteristic changes of an order state (WHN-DIS-2: exactly WS, BS, S, T and Ld, AMB-31). */
export interface DisorderModifiers {
  readonly WS: number;
  readonly BS: number;
  readonly S: number;
  readonly T: number;
  readonly Ld: number;
}

/** No change (GOOD units; FLEEING units follow CORE-FLEE instead, AMB-101). */
export const NO_DISORDER = { WS: 0, BS: 0, S: 0, T: 0, Ld: 0 } as const satisfies DisorderModifiers;
/** The −1s of a DISORDERED unit (WHN-DIS-2); M, W, I and A are unchanged. */
export const DISORDER = { WS: -1, BS: -1, S: -1, T: -1, Ld: -1 } as const satisfies DisorderModifiers;

/**
 * Characteristic modifiers of a unit's order state (WHN-DIS-2): −1 WS, BS, S, T and Ld while
 * DISORDERED, nothing otherwise. Apply before clamping (CORE-GEN-2). The Ld −1 is already inside
 * `effectiveLeadership`; do not add it twice.
 */
export function disorderModifiers(u: Unit): DisorderModifiers {
  return u.order === "DISORDERED" ? DISORDER : NO_DISORDER;
}

/**
 * The BS modifier for shooting this turn: −1 for a DISORDERED unit (WHN-DIS-2, WHN-DIS-4) and for
 * one rallied this turn, which shoots "as if disordered" (WHN-RALLY-3, AMB-32). Not cumulative
 * with `disorderModifiers(u).BS`: use one or the other.
 */
export function shootingBsModifier(u: Unit): number {
  return u.order === "DISORDERED" || u.flags.rallied ? -1 : 0;
}

/** Ranks that may fire: one while DISORDERED (WHN-DIS-3), else null (the formation decides). */
export function disorderedFiringRanks(u: Unit): 1 | null {
  return u.order === "DISORDERED" ? 1 : null;
}

/** Ranks of pikes that fight: one while DISORDERED (WHN-DIS-3), else null (the weapon decides). */
export function disorderedPikeRanks(u: Unit): 1 | null {
  return u.order === "DISORDERED" ? 1 : null;
}

/** Why a unit may not make a voluntary move this movement phase, or null if it may. */
export interface Stationary {
  readonly reason: "fleeing" | "disordered" | "ralliedFromFleeing" | "ralliedFromDisorder";
  readonly rule: RuleId;
}

/**
 * Whether a unit may make voluntary moves (move, wheel, turn, formation change, charge) in its
 * movement phase: not while FLEEING (CORE-FLEE-1), not while DISORDERED and unrallied (WHN-DIS-4),
 * not after rallying from FLEEING (CORE-RALLY-4), and after rallying from DISORDERED only when
 * `whn.rallyFromDisorderMayMove` (WHN-RALLY-3, AMB-33). Compulsory moves are not voluntary (AMB-107).
 */
export function stationaryReason(u: Unit, options: RulesOptions): Stationary | null {
  if (u.order === "FLEEING") return { reason: "fleeing", rule: "CORE-FLEE-1" };
  if (u.order === "DISORDERED") return { reason: "disordered", rule: "WHN-DIS-4" };
  if (u.flags.ralliedFromFleeing) return { reason: "ralliedFromFleeing", rule: "CORE-RALLY-4" };
  if (u.flags.rallied && !options.whn.rallyFromDisorderMayMove) return { reason: "ralliedFromDisorder", rule: "WHN-RALLY-3" };
  return null;
}

/** Shorthand: true when {@link stationaryReason} is null. */
export function mayMoveVoluntarily(u: Unit, options: RulesOptions): boolean {
  return stationaryReason(u, options) === null;
}

/**
 * Whether a unit may declare a disengagement: not while DISORDERED, since disengaging is a choice
 * (WHN-DIS-4, AMB-107), nor while FLEEING.
 */
export function mayDisengage(u: Unit): boolean {
  return u.order === "GOOD";
}
