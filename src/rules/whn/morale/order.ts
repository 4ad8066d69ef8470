/**
 * Shared questions of the Panic triggers: who tests first (CORE-PANIC-2), who counts as a panicking
 * friend for whom (CORE-PANIC-9), and the 2:1 exemption (CORE-PANIC-3, CORE-PANIC-6).
 */
import type { BattleState } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import { isSkirmishing, joinedCharacters, modelCount } from "../unit.js";

/** Whether the army General has joined this unit. */
export function hasGeneral(state: BattleState, u: Unit): boolean {
  return joinedCharacters(state, u.id).some((c) => c.isGeneral);
}

/**
 * Units in the order they take Panic tests for one event: the General's unit first
 * (CORE-PANIC-2), then by id so the dice are consumed in a fixed order.
 */
export function testOrder(state: BattleState, units: readonly Unit[]): Unit[] {
  const general = units.filter((u) => hasGeneral(state, u));
  return [...general, ...units.filter((u) => !hasGeneral(state, u)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))];
}

/**
 * Whether the plight of `source` (broken, fleeing, destroyed) can panic `u`: skirmishers cause
 * Panic only in other skirmishing units (CORE-PANIC-9).
 */
export function panicsUnit(source: Unit, u: Unit): boolean {
  return !isSkirmishing(source) || isSkirmishing(u);
}

/** Whether a unit outnumbers the given friends 2:1 and so need not test (CORE-PANIC-3, CORE-GEN-7). */
export function outnumbersTwoToOne(state: BattleState, u: Unit, others: number): boolean {
  return modelCount(state, u) >= 2 * others;
}
