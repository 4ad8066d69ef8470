/**
 * What every movement action asks first: is it the right step, is the unit the mover's, may it
 * move at all (CORE-MOVE-4, WHN-MOVE-6, CORE-RALLY-4), how fast does it go (CORE-CHAR-4,
 * WHN-MOVE-5, WHN-ART-3), and what has it already done this phase (read back from the log).
 */
import type { BattleEvent, BattleState, MovementStep } from "../../../state/battle.js";
import type { RuleId, UnitId } from "../../../state/ids.js";
import type { JsonValue } from "../../../state/common.js";
import type { Unit } from "../../../state/unit.js";
import { violation, type Violation } from "../../../engine/violation.js";
import { isOwned } from "../../../engine/owned.js";
import type { Frame } from "../../../geometry/frame.js";
import { layoutUnit, type UnitLayout } from "../../../geometry/layout.js";
import { footprintDistance, footprintsApart } from "../../../geometry/rect.js";
import { inContact } from "../../../geometry/vec.js";
import { footprintOf, getUnit, inPlay, joinedCharacters, layoutSpecOf, unitsInPlay, unitsInPlayShared } from "../unit.js";
import { FORMATION_TABLE } from "./formations.js";

/** Normal moves of artillery by gun type and state (WHN-ART-3); howitzers move as medium (AMB-38). */
export const ARTILLERY_MOVES = {
  light: { unlimbered: 3, foot: 6, horse: 8 },
  medium: { unlimbered: 2, foot: 4, horse: 6 },
  heavy: { unlimbered: 1, foot: 3, horse: 3 },
  howitzer: { unlimbered: 2, foot: 4, horse: 6 },
} as const satisfies Record<string, { unlimbered: number; foot: number; horse: number }>;

/** The unit's M: its profile's, an artillery piece's by state, or a slower joined character's (CORE-CHAR-4). */
export function baseMove(state: BattleState, u: Unit): number {
  if (u.artillery !== null) {
    const row = ARTILLERY_MOVES[u.artillery.gun];
    return u.formation === "LIMBERED" ? row[u.artillery.arm] : row.unlimbered;
  }
  return joinedCharacters(state, u.id).reduce((m, c) => Math.min(m, c.profile.M), u.profile.M);
}

/** The unit's normal-move rate R in its formation: M, or M/2 in SQUARE (WHN-MOVE-5, WHN-FCHG-1). */
export function moveRate(state: BattleState, u: Unit): number {
  return baseMove(state, u) * FORMATION_TABLE[u.formation].speed;
}

/** The unit laid out at another frame (same formation and models). */
export function layoutAt(u: Unit, frame: Frame): UnitLayout {
  return layoutUnit(layoutSpecOf(u), frame);
}

/** Violation helper with the module's code prefix. */
export function refuse(code: string, rule: RuleId | null, details: { readonly [k: string]: JsonValue } = {}): Violation {
  return violation(`movement/${code}`, rule, details);
}

/** Checks the movement step; null when the action belongs to it. */
export function checkStep(state: BattleState, steps: readonly MovementStep[], rule: RuleId = "CORE-TURN-2"): Violation | null {
  const step = state.turn.step;
  if (step === null || !steps.includes(step)) return refuse("wrong_step", rule, { step, allowed: [...steps] });
  return null;
}

/** Looks up a unit in play; a violation when unknown or gone. */
export function findUnit(state: BattleState, id: UnitId): Unit | Violation {
  const u = getUnit(state, id);
  if (u === undefined || !inPlay(u)) return refuse("unknown_unit", null, { unit: id });
  return u;
}

/** A unit of the active player, in play (or the violation). */
export function activeUnit(state: BattleState, id: UnitId): Unit | Violation {
  const u = findUnit(state, id);
  if ("code" in u) return u;
  if (u.side !== state.turn.activeSide) return refuse("not_your_unit", "CORE-TURN-2", { unit: id, side: u.side, active: state.turn.activeSide });
  return u;
}

/** The combat a unit is in, if any. */
export function combatOf(state: BattleState, id: UnitId): string | null {
  for (const [k, c] of Object.entries(state.combats)) if (c.units.includes(id)) return k;
  return null;
}

/**
 * Whether units are engaged, for the last units and combats records asked about: every candidate
 * of a legal-action listing starts with this question about its unit (hundreds of dry runs at the
 * setup limits, one unit asked dozens of times), and the answer reads only those two records, which
 * are immutable in a state this engine built. Kept for such states only (never an app's object or
 * a draft) and emptied when either record is new.
 */
let engagedUnits: BattleState["units"] | null = null;
let engagedCombats: BattleState["combats"] | null = null;
const ENGAGED = new Map<Unit, boolean>();

/** Engaged: in a combat, or its footprint touches an enemy's (CORE-GEO-12). */
export function isEngagedUnit(state: BattleState, u: Unit): boolean {
  if (!isOwned(state)) return measureEngaged(state, u);
  if (state.units !== engagedUnits || state.combats !== engagedCombats) {
    ENGAGED.clear();
    engagedUnits = state.units;
    engagedCombats = state.combats;
  }
  let e = ENGAGED.get(u);
  if (e === undefined) {
    e = measureEngaged(state, u);
    ENGAGED.set(u, e);
  }
  return e;
}

function measureEngaged(state: BattleState, u: Unit): boolean {
  if (combatOf(state, u.id) !== null) return true;
  const fp = footprintOf(u);
  // Broad phase first: most enemies are far away, and their bounding circles say so cheaply.
  return unitsInPlayShared(state).some((e) => e.side !== u.side && !footprintsApart(fp, footprintOf(e), 0) && inContact(footprintDistance(fp, footprintOf(e))));
}

/**
 * Why a unit may not make a voluntary move this phase, or null: engaged (CORE-MOVE-4), fleeing
 * (CORE-FLEE-1), disordered and not rallied (WHN-MOVE-6, WHN-DIS-4), rallied from fleeing
 * (CORE-RALLY-4), or a charger (it moves in the charge step, CORE-CHRG-5).
 */
export function whyStationary(state: BattleState, u: Unit): Violation | null {
  switch (stationaryReason(state, u)) {
    case Stationary.No:
      return null;
    case Stationary.Fleeing:
      return refuse("fleeing", "CORE-FLEE-1", { unit: u.id });
    case Stationary.Disordered:
      return refuse("disordered", "WHN-MOVE-6", { unit: u.id });
    case Stationary.RalliedFromFleeing:
      return refuse("rallied_from_fleeing", "CORE-RALLY-4", { unit: u.id });
    case Stationary.RalliedFromDisorder:
      return refuse("rallied_from_disorder", "WHN-RALLY-3", { unit: u.id });
    case Stationary.Charged:
      return refuse("charged_this_turn", "CORE-CHRG-5", { unit: u.id });
    case Stationary.Engaged:
      return refuse("engaged", "CORE-MOVE-4", { unit: u.id });
    case Stationary.Gun:
      return refuse("gun_uses_artillery_actions", "WHN-ART-3", { unit: u.id });
  }
}

/** {@link whyStationary} as a yes/no, building no violation (the listing asks it of every unit, every decision). */
export function isStationary(state: BattleState, u: Unit): boolean {
  return stationaryReason(state, u) !== Stationary.No;
}

/** Why a unit is stationary, in the order {@link whyStationary} reports it. */
const enum Stationary {
  No,
  Fleeing,
  Disordered,
  RalliedFromFleeing,
  RalliedFromDisorder,
  Charged,
  Engaged,
  Gun,
}

function stationaryReason(state: BattleState, u: Unit): Stationary {
  if (u.order === "FLEEING") return Stationary.Fleeing;
  if (u.order === "DISORDERED") return Stationary.Disordered;
  if (u.flags.ralliedFromFleeing) return Stationary.RalliedFromFleeing;
  if (u.flags.rallied && !state.options.whn.rallyFromDisorderMayMove) return Stationary.RalliedFromDisorder;
  if (u.flags.declaredCharge || u.flags.charged || u.flags.failedCharge) return Stationary.Charged;
  if (isEngagedUnit(state, u)) return Stationary.Engaged;
  // Guns move, limber and respond through the artillery module, which knows limbers, horses and fires.
  if (u.artillery !== null) return Stationary.Gun;
  return Stationary.No;
}

/**
 * The checks every voluntary move starts with: the remaining-moves step, the active side's unit in
 * play, and nothing keeping it stationary ({@link whyStationary}).
 */
export function readyToMove(state: BattleState, id: UnitId): Unit | Violation {
  const bad = checkStep(state, ["remaining"]);
  if (bad !== null) return bad;
  const u = activeUnit(state, id);
  if ("code" in u) return u;
  return whyStationary(state, u) ?? u;
}

/** Total rotation (degrees) a unit has wheeled this movement phase (WHN-MOVE-4). */
export function wheeledThisPhase(state: BattleState, id: UnitId): number {
  const wheeled = state.facts.movement.wheeled;
  return Object.hasOwn(wheeled, id) ? (wheeled[id] ?? 0) : 0;
}
