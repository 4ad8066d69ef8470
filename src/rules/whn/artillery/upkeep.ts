/**
 * Bookkeeping of guns between steps (WHN-ART-7, WHN-ART-16, WHN-ART-17): sheltering crews share
 * their square's fate, abandoned guns are captured by enemy contact, and a gun whose last crew
 * model has died is captured. Run as an enter hook at each point of the turn sequence, so it also
 * catches losses dealt by other modules (close combat, musketry).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { inContact } from "../../../geometry/vec.js";
import { footprintOf, getUnit, inPlay, unitsInPlay } from "../unit.js";
import { put } from "./common.js";
import { crewUnitId } from "./crew.js";
import { traitsOf } from "../../traits.js";

const captured = (s: BattleState, u: Unit): Unit => ({ ...u, figures: 0, woundsTaken: 0, removed: { reason: "captured", gameTurn: s.turn.gameTurn } });

/** Sheltering crews flee with their square and die with it (WHN-ART-7). */
function shareSquaresFate(s: BattleState, u: Unit, ctx: ActionContext): BattleState {
  const sqId = u.artillery?.shelteringIn ?? null;
  if (sqId === null) return s;
  const sq = getUnit(s, sqId);
  if (sq === undefined || !inPlay(sq)) {
    ctx.emit("artillery/crewLost", "WHN-ART-7", { unit: u.id, square: sqId });
    ctx.emit("artillery/captured", "WHN-ART-17", { unit: u.id });
    return put(s, captured(s, u));
  }
  if (sq.order === "FLEEING" && u.order !== "FLEEING") {
    ctx.emit("artillery/crewFlee", "WHN-ART-7", { unit: u.id, square: sqId });
    return put(s, { ...u, order: "FLEEING" });
  }
  if (sq.order !== "FLEEING" && u.order === "FLEEING") return put(s, { ...u, order: sq.order });
  return s;
}

/** An abandoned gun with an enemy in base contact is captured (WHN-ART-16, AMB-46). */
function captureByContact(s: BattleState, u: Unit, ctx: ActionContext): BattleState {
  if (u.artillery === null || !u.artillery.abandoned) return s;
  const fp = footprintOf(u);
  const enemy = unitsInPlay(s).find((e) => e.side !== u.side && inContact(footprintDistance(fp, footprintOf(e))));
  if (enemy === undefined) return s;
  ctx.emit("artillery/captured", "WHN-ART-16", { unit: u.id, by: enemy.id });
  if (u.artillery.shelteringIn !== null) return put(s, { ...u, artillery: { ...u.artillery, gunDestroyed: true } });
  return put(s, captured(s, u));
}

/** A gun whose crew are all dead (at the gun, or apart from it) is captured (WHN-ART-17). */
function crewlessCaptured(s: BattleState, u: Unit, ctx: ActionContext): BattleState {
  const a = u.artillery;
  if (a === null || a.gunDestroyed) return s;
  if (u.removed !== null) {
    if (u.removed.reason !== "destroyed" || u.figures > 0) return s;
    ctx.emit("artillery/captured", "WHN-ART-17", { unit: u.id, lastCrewKilled: true });
    return put(s, { ...u, removed: { ...u.removed, reason: "captured" } });
  }
  if (!a.abandoned || a.shelteringIn !== null || u.figures > 0) return s;
  const crew = getUnit(s, crewUnitId(u.id));
  if (crew !== undefined && crew.removed === null && crew.figures > 0) return s;
  if (crew !== undefined && crew.removed === null) return s;
  ctx.emit("artillery/captured", "WHN-ART-17", { unit: u.id, crewGone: crew?.removed?.reason ?? "none" });
  return put(s, captured(s, u));
}

/**
 * Brings every gun up to date (WHN-ART-7, WHN-ART-16, WHN-ART-17); safe to call at any time.
 * @example
 * state = artilleryUpkeep(state, ctx);
 */
export function artilleryUpkeep(state: BattleState, ctx: ActionContext): BattleState {
  if (!traitsOf(state).artilleryAndFires) return state;
  let s = state;
  for (const id of Object.keys(state.units).sort()) {
    const u0 = getUnit(s, id);
    if (u0 === undefined || u0.artillery === null) continue;
    s = crewlessCaptured(s, u0, ctx);
    const u1 = getUnit(s, id as UnitId);
    if (u1 === undefined || u1.removed !== null) continue;
    s = shareSquaresFate(s, u1, ctx);
    const u2 = getUnit(s, id as UnitId);
    if (u2 === undefined || u2.removed !== null) continue;
    s = captureByContact(s, u2, ctx);
  }
  return s;
}
