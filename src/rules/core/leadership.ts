/**
 * Leadership under the CORE rules: the best Ld of the unit and its joined characters (CORE-CHAR-4),
 * or the army General's when he stands within 12" and is not fleeing (CORE-GNRL-1). No +1 for a
 * nearby leader (that is WHN-LEAD-1) and no disorder (WHN-DIS-2): CORE has neither.
 */
import type { BattleState } from "../../state/battle.js";
import type { CharacterId } from "../../state/ids.js";
import type { Character, Unit } from "../../state/unit.js";
import { footprintDistance } from "../../geometry/rect.js";
import { leq } from "../../geometry/vec.js";
import { characterFootprint, footprintOf, joinedCharacters } from "../whn/unit.js";
import { unitLd } from "../whn/combined.js";
import { clampLd } from "../whn/tables.js";
import { traitsOf } from "../traits.js";

/** Range of the General's Leadership and of the battle standard (CORE-GNRL-1, CORE-BSB-1). */
export const CORE_COMMAND_RANGE = 12;

/** A character of the unit's side within 12" of it (or joined to it), in play and not fleeing. */
function inCommandRange(c: Character, u: Unit, fp: () => ReturnType<typeof footprintOf>): boolean {
  if (c.side !== u.side || c.removed !== null || c.order === "FLEEING") return false;
  if (c.joinedTo === u.id) return true;
  return leq(footprintDistance(characterFootprint(c), fp()), CORE_COMMAND_RANGE);
}

/** The characters of the unit's side matching `pick`, in id order, that are in command range of it. */
function charactersNear(state: BattleState, u: Unit, pick: (c: Character) => boolean): Character[] {
  let cached: ReturnType<typeof footprintOf> | null = null;
  const fp = (): ReturnType<typeof footprintOf> => (cached ??= footprintOf(u));
  const out: Character[] = [];
  for (const id of Object.keys(state.characters).sort()) {
    const c = state.characters[id as CharacterId];
    if (c !== undefined && pick(c) && inCommandRange(c, u, fp)) out.push(c);
  }
  return out;
}

/** How a CORE unit's Leadership was made up (same shape as WHN's effective Leadership). */
export interface CoreLeadership {
  readonly base: number;
  /** The General whose Leadership the unit uses, when his is better (CORE-GNRL-1). */
  readonly leadersNear: readonly CharacterId[];
  readonly leaderBonus: 0;
  readonly disorder: 0;
  readonly value: number;
}

/**
 * A CORE unit's Leadership for every test (CORE-CHAR-4, CORE-GNRL-1, CORE-BREAK-2).
 * @example coreLeadership(state, unit).value // 8 for an Ld 6 unit with an Ld 8 General 10" away
 */
export function coreLeadership(state: BattleState, u: Unit): CoreLeadership {
  const own = joinedCharacters(state, u.id).reduce((best, c) => Math.max(best, c.profile.Ld), unitLd(state, u));
  const general = charactersNear(state, u, (c) => c.isGeneral && c.joinedTo !== u.id)[0];
  const uses = general !== undefined && general.profile.Ld > own;
  const base = uses ? general.profile.Ld : own;
  return { base, leadersNear: uses ? [general.id] : [], leaderBonus: 0, disorder: 0, value: clampLd(base) };
}

/**
 * The battle standard bearer whose re-roll a unit may use for a failed Break test (CORE-BSB-1):
 * one of its side within 12" (or joined to it), not fleeing. Null when there is none or the
 * battle is not a CORE battle (WHN has no battle standards, WHN-GEN-3).
 */
export function battleStandardNear(state: BattleState, u: Unit): Character | null {
  if (!traitsOf(state).battleStandards) return null;
  return charactersNear(state, u, (c) => c.battleStandard === true)[0] ?? null;
}
