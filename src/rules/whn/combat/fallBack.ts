/**
 * Moves away without routing (WHN-BREAK-2/3/4, AMB-29/30): a fall back of M (M/2 in square)
 * directly away from the enemy, keeping formation and facing, stopping 0.5" short of anything in
 * the way — and fleeing instead if it cannot get clear of every enemy; cavalry flowing straight on
 * past a square; winning cavalry falling back in good order.
 */
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { directionAway, STOP_SHORT, travelOnTable } from "../../../geometry/away.js";
import { rectPolygon, footprintDistance, rectsOverlap, type OrientedRect } from "../../../geometry/rect.js";
import { firstApproach, firstClearTravel, footprintAt } from "../../../geometry/sweep.js";
import type { Polygon } from "../../../geometry/polygon.js";
import { EPSILON, add, forward, inContact, scale, type Vec2 } from "../../../geometry/vec.js";
import { fleeUnit } from "../morale/flee.js";
import { enemiesOf, footprintOf, getUnit, unitsInPlay, withUnit, removeUnit } from "../unit.js";
import { centreOfUnit } from "./contacts.js";
import { loseStandard } from "./breakTest.js";
import { brokenFriendPanic } from "./brokenPanic.js";
import { emit, type Recorder } from "./recorder.js";

/** Fall-back distance: M, M/2 in square (WHN-BREAK-2); `whn.fallBackDistance: "halfM"` halves it. */
export function fallBackDistance(state: BattleState, u: Unit): number {
  const m = u.formation === "SQUARE" ? u.profile.M / 2 : u.profile.M;
  return state.options.whn.fallBackDistance === "halfM" ? m / 2 : m;
}

/** Moves a unit rigidly by a vector (formation and facing kept). */
export function shifted(u: Unit, by: Vec2): Unit {
  return { ...u, position: add(u.position, by), models: u.models === null ? null : u.models.map((m) => ({ ...m, x: m.x + by.x, y: m.y + by.y })) };
}

/** How far along its move a backing unit is looked ahead to tell an enemy it leaves from one it would push into. */
const LEAVING_PROBE = 0.05;

/**
 * Polygons of everything a backing unit may not cross: other units (except the enemies it is
 * touching, which it is leaving) and impassable terrain. A friend it touches still blocks: it may
 * pass close to the units it leaves, never through a unit (WHN-BREAK-2).
 */
function blockersFor(state: BattleState, u: Unit, ignore: ReadonlySet<string>, dir: Vec2): Polygon[] {
  const fp = footprintOf(u);
  // An enemy it touches is one it leaves only when the move takes it away, not into it (a
  // disengagement away from one foe may head for another enemy touching its side).
  const ahead = footprintAt(fp, dir, LEAVING_PROBE);
  const leaves = (o: Unit): boolean => {
    const ofp = footprintOf(o);
    return inContact(footprintDistance(fp, ofp)) && !ahead.some((a) => ofp.some((b) => rectsOverlap(a, b)));
  };
  const units = unitsInPlay(state).filter((o) => o.id !== u.id && !ignore.has(o.id) && (o.side === u.side || !leaves(o)));
  const terrain = state.terrain.filter((t) => t.tags.impassable === true).map((t) => t.polygon as Polygon);
  return [...units.flatMap((o) => footprintOf(o).map(rectPolygon)), ...terrain];
}

/**
 * Travel along `dir` up to `distance`, stopping 0.5" short of any blocker (WHN-BREAK-2) and at the
 * table edge: a fall back, a flow past a square or a disengagement never carries a unit off the
 * table (only flight does, CORE-GEO-28).
 */
export function travel(state: BattleState, u: Unit, dir: Vec2, distance: number, ignore: ReadonlySet<string>): number {
  const nudge = 2 * EPSILON;
  const start = footprintOf(u);
  const reach = Math.min(distance, travelOnTable(start, dir, distance, state.table));
  if (reach <= nudge) return Math.max(0, reach);
  const hit = firstApproach(footprintAt(start, dir, nudge), dir, reach - nudge, blockersFor(state, u, ignore, dir), STOP_SHORT);
  // A blocker met at once (hit 0) stops the unit where it stands: the nudge would carry it into a friend it barely touches.
  return hit === null ? reach : hit === 0 ? 0 : Math.max(0, Math.min(reach, hit + nudge));
}

/**
 * A losing unit that passed its Break test falls back (WHN-BREAK-2, AMB-29): directly away from
 * `from`, keeping formation, facing and its DISORDERED state; if it cannot end clear of every
 * enemy it flees instead (treated as failing its test).
 */
export function fallBack(state: BattleState, r: Recorder, unit: UnitId, from: UnitId): BattleState {
  const u = getUnit(state, unit);
  if (u === undefined || u.removed !== null || u.figures <= 0 || u.order === "FLEEING") return state;
  const foe = getUnit(state, from);
  const dir = directionAway(centreOfUnit(u), foe === undefined ? centreOfUnit(u) : centreOfUnit(foe), u.facing);
  const moved = shifted(u, scale(dir, travel(state, u, dir, fallBackDistance(state, u), new Set())));
  const stillTouching = enemiesOf(state, u.side).some((e) => inContact(footprintDistance(footprintOf(moved), footprintOf(e))));
  if (stillTouching) {
    emit(r, "combat/fallBackBlocked", "WHN-BREAK-2", { unit, from });
    // Treated as a failed Break test (AMB-29): it breaks, so its standard is taken (CORE-BREAK-3, CORE-STD-4)
    // and its friends within 12" test for Panic before it flees (CORE-PANIC-5); those that fail flee after it.
    let s = loseStandard(state, r, u, from);
    const panic = brokenFriendPanic(s, r, [getUnit(s, unit) ?? u]);
    s = fleeUnit(panic.state, unit, r.ctx, { from, rule: "WHN-BREAK-2" }).state;
    for (const id of panic.fled) s = fleeUnit(s, id, r.ctx, { from: null, rule: "CORE-PANIC-5" }).state;
    return s;
  }
  emit(r, "combat/fellBack", "WHN-BREAK-2", { unit, from, to: { x: moved.position.x, y: moved.position.y } });
  return withUnit(state, moved);
}

/**
 * Winning cavalry whose opponents fell back and that touch no enemy fall back too, M directly away
 * from them, formation, facing and order unchanged (WHN-BREAK-4).
 */
export function cavalryFallBack(state: BattleState, r: Recorder, unit: UnitId, from: UnitId): BattleState {
  const u = getUnit(state, unit);
  if (u === undefined || u.removed !== null || u.figures <= 0 || u.order === "FLEEING") return state;
  const fp = footprintOf(u);
  if (enemiesOf(state, u.side).some((e) => inContact(footprintDistance(fp, footprintOf(e))))) return state;
  const foe = getUnit(state, from);
  const dir = directionAway(centreOfUnit(u), foe === undefined ? centreOfUnit(u) : centreOfUnit(foe), u.facing);
  const moved = shifted(u, scale(dir, travel(state, u, dir, u.profile.M, new Set())));
  emit(r, "combat/fellBack", "WHN-BREAK-4", { unit, from, to: { x: moved.position.x, y: moved.position.y } });
  return withUnit(state, moved);
}

/**
 * Cavalry that lost to a square and failed flow past it (WHN-BREAK-3, AMB-30): M straight ahead,
 * ignoring the square, on until clear of it; 0.5" short of anything else; destroyed if that leaves
 * it on the square.
 */
export function flowPast(state: BattleState, r: Recorder, unit: UnitId, square: UnitId): BattleState {
  const u = getUnit(state, unit);
  if (u === undefined || u.removed !== null || u.figures <= 0) return state;
  const dir = forward(u.facing);
  const sq = getUnit(state, square);
  const sqFp: readonly OrientedRect[] = sq === undefined ? [] : footprintOf(sq);
  let s = travel(state, u, dir, u.profile.M, new Set([square]));
  const start = footprintOf(u);
  const overlapsSquare = (d: number): boolean => footprintAt(start, dir, d).some((a) => sqFp.some((b) => rectsOverlap(a, b)));
  if (s >= u.profile.M - EPSILON && overlapsSquare(s)) {
    s = firstClearTravel(start, dir, s, sqFp);
    const beyond = travel(state, u, dir, s, new Set([square]));
    if (beyond < s - EPSILON) s = beyond;
  }
  if (overlapsSquare(s)) {
    emit(r, "unit/destroyed", "WHN-BREAK-3", { unit, reason: "trapped on the square" });
    return removeUnit(withUnit(state, u), u.id, "destroyed");
  }
  const moved = shifted(u, scale(dir, s));
  emit(r, "combat/flowedPast", "WHN-BREAK-3", { unit, square, distance: s });
  return withUnit(state, moved);
}
