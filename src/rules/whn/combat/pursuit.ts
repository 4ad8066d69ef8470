/**
 * Pursuit (CORE-PURS-1…8, WHN-BREAK-5): who may pursue, the restraint test, the pursuit roll
 * against the flee roll, catching (the quarry is destroyed), halving across obstacles, leaving the
 * table, and running into fresh enemies (a new charge).
 */
import type { BattleState } from "../../../state/battle.js";
import type { CombatRecord as Combat } from "./types.js";
import type { CombatId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { crossesTableEdge, pursuitMove, stopClearOf } from "../../../geometry/away.js";
import type { Polygon } from "../../../geometry/polygon.js";
import { segmentPolylineCrossings, segmentLengthInPolygon } from "../../../geometry/polygon.js";
import { footprintDistance, rectPolygon, rectFrontCenter, rectsOverlap, type OrientedRect } from "../../../geometry/rect.js";
import { firstApproach } from "../../../geometry/sweep.js";
import { add, angleDiff, forward, inContact, normalizeAngle, rotateAbout, scale, type Vec2 } from "../../../geometry/vec.js";
import { effectiveLeadership, leadershipTest } from "../leadership.js";
import { enemiesOf, footprintOf, getUnit, joinedCharacters, unitsInPlay, withCharacter, withUnit, removeUnit } from "../unit.js";
import { centreOfUnit } from "./contacts.js";
import { moveDice } from "./build.js";
import { loseStandard } from "./breakTest.js";
import { emit, type Recorder } from "./recorder.js";

/** Whether a unit ever pursues: squares never do (WHN-BREAK-5). */
export function mayEverPursue(u: Unit): boolean {
  return u.formation === "SQUARE" ? false : u.order !== "FLEEING";
}

/** Whether an obstacle lies between two points (CORE-PURS-2, CORE-PURS-5). */
export function obstacleBetween(state: BattleState, a: Vec2, b: Vec2): boolean {
  return state.terrain.some(
    (t) =>
      t.tags.obstacle === true &&
      ((t.polyline !== undefined && segmentPolylineCrossings(a, b, t.polyline as Polygon) > 0) || (t.polygon.length >= 3 && segmentLengthInPolygon(a, b, t.polygon as Polygon) > 0)),
  );
}

/** Whether a unit defends an obstacle against the broken enemy, so it may stay without a test (CORE-PURS-2). */
export function defendsObstacle(state: BattleState, u: Unit, quarry: Unit): boolean {
  return obstacleBetween(state, centreOfUnit(u), centreOfUnit(quarry));
}

/**
 * The restraint test (CORE-PURS-1): a Leadership test; passed, the unit stays. A unit defending an
 * obstacle stays without a test (CORE-PURS-2).
 */
export function restraint(state: BattleState, r: Recorder, u: Unit, quarry: Unit | undefined): boolean {
  if (quarry !== undefined && defendsObstacle(state, u, quarry)) {
    emit(r, "combat/restrained", "CORE-PURS-2", { unit: u.id });
    return true;
  }
  const ld = effectiveLeadership(state, u);
  const roll = leadershipTest(r.ctx.dice, ld.value);
  emit(r, "combat/restraintTest", "CORE-PURS-1", { unit: u.id, dice: [...roll.dice], total: roll.total, target: roll.target, passed: roll.passed });
  return roll.passed;
}

/** Moves a unit's frame by the rotation and shift its footprint made. */
function carried(u: Unit, centre: Vec2, turn: number, shift: Vec2): Unit {
  return { ...u, position: add(rotateAbout(u.position, centre, turn), shift), facing: normalizeAngle(u.facing + turn) };
}

/**
 * Pursues a fleeing unit (CORE-PURS-3…8): rolls 2D6/3D6 (halved, rounding up, across an obstacle
 * with `core.pursuitObstacleHalvesRoll`); beats the flee roll → the quarry is caught and destroyed
 * (CORE-PURS-4); the pursuer moves along the flee direction (CORE-GEO-27), stops at a fresh enemy
 * (a new charge, CORE-PURS-6) or leaves the table to return later (CORE-PURS-7).
 */
export function pursue(state: BattleState, r: Recorder, unit: UnitId, quarryId: UnitId, fleeRoll: number): BattleState {
  const u = getUnit(state, unit);
  const quarry = getUnit(state, quarryId);
  if (u === undefined || quarry === undefined || u.removed !== null) return state;
  const n = moveDice(u);
  const dice: number[] = [];
  for (let i = 0; i < n; i++) dice.push(r.ctx.dice.d6());
  let roll = dice.reduce((a, b) => a + b, 0);
  const e = forward(quarry.facing);
  const centre = centreOfUnit(u);
  const halved = state.options.core.pursuitObstacleHalvesRoll && obstacleBetween(state, centre, add(centre, scale(e, roll)));
  if (halved) roll = Math.ceil(roll / 2);
  const caught = quarry.removed === null && quarry.order === "FLEEING" && roll > fleeRoll;
  emit(r, "combat/pursuit", "CORE-PURS-3", { unit, quarry: quarryId, dice, roll, fleeRoll, halved, caught });
  let s = state;
  if (caught) {
    emit(r, "unit/destroyed", "CORE-PURS-4", { unit: quarryId, by: unit });
    s = loseStandard(s, r, quarry, unit);
    const q = getUnit(s, quarryId) as Unit;
    s = removeUnit(withUnit(s, q), q.id, "destroyed");
  }
  const stillThere = getUnit(s, quarryId);
  const quarryFp: readonly OrientedRect[] = stillThere !== undefined && stillThere.removed === null ? footprintOf(stillThere) : [];
  const move = pursuitMove(footprintOf(u), centre, u.facing, e, roll, quarryFp);
  const turn = angleDiff(u.facing, move.facing);
  // A fresh enemy in the way: contact there is a new charge (CORE-PURS-6).
  const turnedFp = footprintOf(u).map((rc) => ({ ...rc, center: rotateAbout(rc.center, centre, turn), facing: rc.facing + turn }));
  const fresh = enemiesOf(s, u.side).filter((x) => x.id !== quarryId && x.order !== "FLEEING" && !inContact(footprintDistance(turnedFp, footprintOf(x))));
  let travelled = move.travelled;
  let hit: Unit | null = null;
  for (const x of fresh) {
    const at = firstApproach(turnedFp, e, travelled, footprintOf(x).map(rectPolygon), 0);
    if (at !== null && (at < travelled || hit === null)) {
      travelled = at;
      hit = x;
    }
  }
  // It may pass fleeing enemies but never ends on a unit: 0.5" short of the first it would overlap (CORE-GEO-27).
  const others = unitsInPlay(s).filter((x) => x.id !== u.id && x.id !== hit?.id).map(footprintOf);
  const clear = stopClearOf(turnedFp, e, travelled, others);
  if (clear < travelled) {
    travelled = clear;
    hit = null;
  }
  let moved = carried(u, centre, turn, scale(e, travelled));
  if (travelled <= 0 && overlapsAny(footprintOf(moved), others)) {
    // Even turning in place to face the flight would put it on another unit: it stays as it was
    // (CORE-PURS-4: it moves what it can, CORE-GEO-18: never onto another unit).
    moved = getUnit(s, unit) ?? u;
    travelled = 0;
    hit = null;
  }
  const endFp = footprintOf(moved);
  if (crossesTableEdge(endFp, state.table)) {
    const edgePoint = rectFrontCenter(endFp[0] as OrientedRect);
    emit(r, "combat/pursuedOffTable", "CORE-PURS-7", { unit });
    const returnAt = clampToTable(state, edgePoint);
    // Through removeUnit, so merged detachments go with it; a joined character does not ride off
    // the table: he is left where the unit crossed the edge (CORE-PURS-7, CORE-CHAR-5).
    const riders = joinedCharacters(s, unit);
    s = removeUnit(withUnit(s, { ...moved, returnAt }), unit, "offTable");
    for (const c of riders) s = withCharacter(s, { ...c, joinedTo: null, position: { ...returnAt }, facing: moved.facing });
    return s;
  }
  emit(r, "combat/pursued", "CORE-PURS-4", { unit, distance: travelled, to: { x: moved.position.x, y: moved.position.y } });
  s = withUnit(s, moved);
  if (hit !== null) s = newChargeFromPursuit(s, r, moved, hit);
  return s;
}

/** Whether a footprint overlaps any of `others` (touching is not overlapping). */
function overlapsAny(fp: readonly OrientedRect[], others: readonly (readonly OrientedRect[])[]): boolean {
  return others.some((o) => o.some((q) => fp.some((r) => rectsOverlap(r, q))));
}

/** The nearest point on the table to a point beyond it (where pursuers come back, CORE-PURS-7). */
function clampToTable(state: BattleState, p: Vec2): Vec2 {
  return { x: Math.min(state.table.width, Math.max(0, p.x)), y: Math.min(state.table.height, Math.max(0, p.y)) };
}

/** A pursuit that meets a fresh enemy starts a new combat, fought next phase with the pursuer as charger (CORE-PURS-6). */
function newChargeFromPursuit(state: BattleState, r: Recorder, pursuer: Unit, target: Unit): BattleState {
  let n = 1;
  const prefix = `c${state.turn.gameTurn}-p`;
  while (Object.hasOwn(state.combats, `${prefix}${n}`)) n++;
  const id = `${prefix}${n}` as CombatId;
  const combat: Combat = { id, units: [pursuer.id, target.id], chargers: [pursuer.id], lastWinner: null, rounds: 0, squareness: {} };
  emit(r, "combat/pursuitCharge", "CORE-PURS-6", { unit: pursuer.id, target: target.id, combat: id });
  return { ...state, combats: { ...state.combats, [id]: combat } };
}
