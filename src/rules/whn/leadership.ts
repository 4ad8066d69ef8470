/**
 * The Leadership test every morale rule uses (CORE-GEN-3) and the effective Leadership of a WHN
 * unit (WHN-LEAD-1…4): the best Ld among the unit and its joined leaders, +1 for a free leader
 * within 12", −1 when disordered, capped at 10, then the test's own modifiers.
 */
import type { Dice } from "../../dice/index.js";
import { pLeadershipPass } from "../../dice/index.js";
import type { BattleState } from "../../state/battle.js";
import type { CharacterId } from "../../state/ids.js";
import type { Unit } from "../../state/unit.js";
import { footprintDistance } from "../../geometry/rect.js";
import { leq } from "../../geometry/vec.js";
import { characterFootprint, footprintOf, joinedCharacters } from "./unit.js";
import { clampLd } from "./tables.js";
import { unitLd } from "./combined.js";
import { coreLeadership } from "../core/leadership.js";
import { traitsOf } from "../traits.js";

/** Range of a leader's steadying influence (WHN-LEAD-1). */
export const LEADER_RANGE = 12;

/** How a unit's Leadership for a test was made up. */
export interface EffectiveLeadership {
  /** Best Ld of the unit and its joined leaders (WHN-LEAD-2). */
  readonly base: number;
  /** Characters giving +1 from within 12" (WHN-LEAD-1). */
  readonly leadersNear: readonly CharacterId[];
  /** The bonus they give: at most +1 unless cumulative (WHN-LEAD-3, AMB-34). */
  readonly leaderBonus: number;
  /** −1 while DISORDERED (WHN-DIS-2), 0 otherwise (and for FLEEING, AMB-101). */
  readonly disorder: number;
  /** The value after the cap of 10, before the test's own modifiers. */
  readonly value: number;
}

/**
 * The effective Leadership of a unit (WHN-LEAD-3).
 * @example
 * effectiveLeadership(state, unit).value // e.g. 7 for an Ld 6 unit with a leader 10" away
 */
export function effectiveLeadership(state: BattleState, u: Unit): EffectiveLeadership {
  // CORE on its own: the General's Ld within 12" instead of WHN's +1 leaders (WHN-GEN-2, CORE-GNRL-1).
  if (traitsOf(state).generalLendsLeadership) return coreLeadership(state, u);
  const joined = u.formation === "EXTENDED_ORDER" ? [] : joinedCharacters(state, u.id);
  // A combined unit uses its elites' Ld while they fill half its front rank (CORE-UNIT-1, WHN-DET-5).
  const base = joined.reduce((best, c) => Math.max(best, c.profile.Ld), unitLd(state, u));
  const near: CharacterId[] = [];
  if (u.formation !== "EXTENDED_ORDER") {
    // The unit's footprint is read only once a free leader is found: a unit that has just lost
    // models is a new object whose layout is not cached yet, and most tests have no leader to measure.
    let fp: ReturnType<typeof footprintOf> | null = null;
    for (const id of Object.keys(state.characters).sort()) {
      const c = state.characters[id as CharacterId];
      if (c === undefined || c.side !== u.side || c.removed !== null || c.joinedTo !== null || c.order === "FLEEING") continue;
      fp ??= footprintOf(u);
      if (leq(footprintDistance(characterFootprint(c), fp), LEADER_RANGE)) near.push(c.id);
    }
  }
  const leaderBonus = near.length === 0 ? 0 : state.options.whn.leaderBonusCumulative ? near.length : 1;
  const disorder = u.order === "DISORDERED" ? -1 : 0;
  return { base, leadersNear: near, leaderBonus, disorder, value: clampLd(base + leaderBonus + disorder) };
}

/** The dice and verdict of one Leadership test. */
export interface LeadershipRoll {
  readonly dice: readonly [number, number];
  readonly total: number;
  readonly target: number;
  readonly passed: boolean;
}

/** Rolls a Leadership test: 2D6, passed when the total is at most the target (CORE-GEN-3). */
export function leadershipTest(dice: Dice, target: number): LeadershipRoll {
  const a = dice.d6();
  const b = dice.d6();
  return { dice: [a, b], total: a + b, target, passed: a + b <= target };
}

/** Exact chance of passing a Leadership test against `target` (CORE-GEN-3). */
export function leadershipPassChance(target: number): number {
  return pLeadershipPass(target);
}
