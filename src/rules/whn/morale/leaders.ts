/**
 * Unit leaders (champions) and the army General in WHN (CORE-LEAD-1…4, CORE-CHAR-7, CORE-GNRL-1
 * with WHN-LEAD-5, CORE-BSB-1 with WHN-GEN-3): small questions the other phases ask.
 */
import type { BattleState } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import { frontRankCount, joinedCharacters } from "../unit.js";
import { isEngaged } from "./triggers.js";
import { traitsOf } from "../../traits.js";

/**
 * The front-rank file the unit leader stands in: the middle one, the left of the two middles on an
 * even front (CORE-LEAD-1); standard bearer and musician stand beside him (CORE-STD-1, CORE-MUS-1),
 * as do joined characters (CORE-GEO-8). Null when the unit has no leader.
 */
export function leaderFile(u: Unit): number | null {
  if (!u.command.leader) return null;
  return Math.max(0, Math.floor((frontRankCount(u) - 1) / 2));
}

/** Extra attack dice the unit leader adds to his unit's blows: 1 while he lives (CORE-LEAD-2). */
export function leaderExtraAttacks(u: Unit): number {
  return u.command.leader && u.figures > 0 ? 1 : 0;
}

/**
 * Whether the unit leader and joined characters may take a fighting place in their own movement
 * phase (CORE-LEAD-4, CORE-CHAR-7): the unit is engaged and not fleeing. The engine seats them in
 * the front rank (CORE-GEO-8), so this only says the move is allowed; the combat phase counts
 * them as fighting whenever the unit's front is in contact.
 */
export function mayTakeFightingPlace(state: BattleState, u: Unit): boolean {
  return u.order !== "FLEEING" && isEngaged(state, u) && (u.command.leader || joinedCharacters(state, u.id).length > 0);
}

/**
 * Whether a unit may use the General's Leadership in place of its own (CORE-GNRL-1): never in WHN,
 * where the General is a leader like any other and gives +1 within 12" (WHN-GEN-2, WHN-LEAD-1,
 * WHN-LEAD-5).
 */
export function usesGeneralLeadership(state: BattleState): boolean {
  return traitsOf(state).generalLendsLeadership;
}

/** Whether a unit may re-roll a failed Break test for a battle standard (CORE-BSB-1): WHN has none (WHN-GEN-3). */
export function battleStandardReroll(state: BattleState): boolean {
  return traitsOf(state).battleStandards;
}
