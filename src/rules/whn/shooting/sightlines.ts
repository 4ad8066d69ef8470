/**
 * Geometry a shooting needs, read from the battle state: the shooter's layout, the bodies that can
 * screen or be shot, combats, and which square faces have already fired this phase.
 */
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Character, Unit } from "../../../state/unit.js";
import { layoutUnit, type UnitLayout } from "../../../geometry/layout.js";
import type { PlacedUnit } from "../../../geometry/sight.js";
import { layoutOf, unitsInPlayShared } from "../unit.js";
import { perUnitsRecord } from "../perUnitsRecord.js";

export { terrainOf } from "../terrain.js";

/**
 * Every unit in play with its layout, in id order, as sight checks take them (CORE-GEO-16): the
 * list itself, shared, so callers only read it. Kept per units record, so every shooting reading
 * and charge declaration of one state reads the same list.
 */
export const placedInPlay: (state: BattleState) => readonly PlacedUnit[] = perUnitsRecord((state) => {
  const units = unitsInPlayShared(state);
  const out: PlacedUnit[] = new Array<PlacedUnit>(units.length);
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as Unit;
    out[i] = { id: u.id, layout: layoutOf(u) };
  }
  return out;
});

/** Every unit in play but the ones named, placed for sight checks (CORE-GEO-16): a fresh array of {@link placedInPlay}'s entries. */
export function othersPlaced(state: BattleState, except: readonly string[]): PlacedUnit[] {
  const out: PlacedUnit[] = [];
  for (const p of placedInPlay(state)) if (!except.includes(p.id)) out.push(p);
  return out;
}

/** A lone character laid out as a single base (CORE-GEO-8). */
export function characterLayout(c: Character): UnitLayout {
  return layoutUnit({ kind: "block", files: 1, count: 1, base: c.base }, { p: c.position, facing: c.facing });
}

/** Whether a unit is in an ongoing close combat (engaged, CORE-GEO-12). */
export function inCombat(state: BattleState, id: UnitId): boolean {
  return Object.values(state.combats).some((c) => c.units.includes(id));
}

/** One fire of this phase, as the turn facts hold it. */
export type PhaseFire = BattleState["facts"]["shots"][number];

/** Fires made since the current phase began, the latest first (WHN-SHOOT-10: square faces and their targets). */
export function firesThisPhase(state: BattleState): PhaseFire[] {
  return [...state.facts.shots].reverse();
}

/** Whether a unit has any shooting restriction from its own turn's flags (WHN-SHOOT-8, CORE-SHOOT-1). */
export function movedThisTurn(u: Unit): boolean {
  return u.flags.moved || u.flags.formationChanges > 0 || u.flags.failedCharge;
}
