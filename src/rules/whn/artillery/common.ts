/**
 * Checks every artillery action shares: the piece exists and is a gun, it is manned, the step is
 * right, it is free to act (WHN-ART-1, WHN-ART-2, WHN-ART-7, WHN-ART-15, WHN-ART-16).
 */
import type { BattleState, MovementStep } from "../../../state/battle.js";
import type { JsonValue } from "../../../state/common.js";
import type { RuleId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { violation, type Violation } from "../../../engine/violation.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { inContact } from "../../../geometry/vec.js";
import { footprintOf, getUnit, unitsInPlay, withUnit } from "../unit.js";
import { GUNS } from "./guns.js";

/** Builds an `artillery/<code>` violation. */
export function refuse(code: string, rule: RuleId | null, details: { readonly [k: string]: JsonValue } = {}): Violation {
  return violation(`artillery/${code}`, rule, details);
}

/** Whether a lookup returned a violation rather than a unit. */
export function isViolation(x: Unit | Violation): x is Violation {
  return !("profile" in x);
}

/** The artillery unit with this id (abandoned guns included), or the violation. */
export function findGun(state: BattleState, id: UnitId): Unit | Violation {
  const u = getUnit(state, id);
  if (u === undefined || u.removed !== null) return refuse("unknown_unit", null, { unit: id });
  if (u.artillery === null) return refuse("not_artillery", "WHN-ART-1", { unit: id });
  if (u.artillery.arm === "horse" && !(GUNS[u.artillery.gun].arms as readonly string[]).includes("horse")) {
    return refuse("heavy_never_horse", "WHN-ART-1", { unit: id, gun: u.artillery.gun });
  }
  return u;
}

/** Why a gun cannot be worked by its crew now (destroyed, abandoned, sheltering, no crew), or null. */
export function unmanned(u: Unit): Violation | null {
  const a = u.artillery;
  if (a === null) return refuse("not_artillery", "WHN-ART-1", { unit: u.id });
  if (a.gunDestroyed) return refuse("gun_destroyed", "WHN-ART-15", { unit: u.id });
  if (a.shelteringIn !== null) return refuse("crew_sheltering", "WHN-ART-7", { unit: u.id, square: a.shelteringIn });
  if (a.abandoned) return refuse("gun_abandoned", "WHN-ART-16", { unit: u.id });
  if (u.figures <= 0) return refuse("no_crew", "WHN-ART-2", { unit: u.id });
  return null;
}

/** Checks the movement step; null when the action belongs to it. */
export function checkStep(state: BattleState, steps: readonly MovementStep[], rule: RuleId = "CORE-TURN-2"): Violation | null {
  const step = state.turn.step;
  if (state.turn.phase !== "movement" || step === null || !steps.includes(step)) {
    return refuse("wrong_step", rule, { phase: state.turn.phase, step, allowed: [...steps] });
  }
  return null;
}

/** Whether a unit is in a close combat, or touches an enemy (engaged, CORE-GEO-12). */
export function isEngaged(state: BattleState, u: Unit): boolean {
  if (Object.values(state.combats).some((c) => c.units.includes(u.id))) return true;
  const fp = footprintOf(u);
  return unitsInPlay(state).some((e) => e.side !== u.side && inContact(footprintDistance(fp, footprintOf(e))));
}

/**
 * Why the crew may not make a voluntary move or change with their gun this movement phase
 * (CORE-FLEE-1, WHN-MOVE-6, CORE-RALLY-4, CORE-MOVE-4, CORE-CHRG-5), or null.
 */
export function whyStationary(state: BattleState, u: Unit): Violation | null {
  if (u.order === "FLEEING") return refuse("fleeing", "CORE-FLEE-1", { unit: u.id });
  if (u.order === "DISORDERED") return refuse("disordered", "WHN-MOVE-6", { unit: u.id });
  if (u.flags.ralliedFromFleeing) return refuse("rallied_from_fleeing", "CORE-RALLY-4", { unit: u.id });
  if (u.flags.declaredCharge || u.flags.charged || u.flags.failedCharge) return refuse("charged_this_turn", "CORE-CHRG-5", { unit: u.id });
  if (isEngaged(state, u)) return refuse("engaged", "CORE-MOVE-4", { unit: u.id });
  return null;
}

/** The active side's own piece, for actions of its own turn (CORE-TURN-2). */
export function ownPiece(state: BattleState, u: Unit): Violation | null {
  return u.side === state.turn.activeSide ? null : refuse("not_your_unit", "CORE-TURN-2", { unit: u.id, side: u.side });
}

/** A copy of the state with one unit replaced (the shared `withUnit`). */
export const put: (state: BattleState, u: Unit) => BattleState = withUnit;

/** The checks every remaining-moves gun action starts with: the step, the gun, its owner. */
export function ownGunInStep(state: BattleState, id: UnitId): Unit | Violation {
  const step = checkStep(state, ["remaining"]);
  if (step !== null) return step;
  const gun = findGun(state, id);
  if (isViolation(gun)) return gun;
  return ownPiece(state, gun) ?? gun;
}
