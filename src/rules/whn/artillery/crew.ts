/**
 * Crews away from their guns (WHN-ART-6, WHN-ART-7, WHN-ART-16): sheltering in a friendly square,
 * coming out of it, and re-manning an abandoned gun. Crew who leave the gun on the table (fleeing
 * foot crews, crews out of a square) become a unit of their own, `<gun>.crew`, which moves, rallies
 * and fights like any unit until it re-mans the gun; the gun stays where it was, unmanned.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { faceEdge, type Quadrant } from "../../../geometry/arcs.js";
import { BASE_SIZES } from "../../../geometry/bases.js";
import type { OrientedRect } from "../../../geometry/rect.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { addScaled, forward, inContact, leq, normalizeAngle, type Vec2 } from "../../../geometry/vec.js";
import { checkPlacement } from "../movement/path.js";
import { footprintOf, getUnit, inPlay, layoutOf } from "../unit.js";
import type { LeaveShelterAction, RemanAction, ShelterAction } from "./actions.js";
import { isViolation, ownGunInStep, put, refuse, unmanned, whyStationary } from "./common.js";
import { crewMove } from "./guns.js";

/** The id of a gun's crew when they stand apart from it. */
export function crewUnitId(gun: UnitId): UnitId {
  return `${gun.slice(0, 58)}.crew` as UnitId;
}

/** The gun's crew standing apart from it, if they are in play. */
export function crewApart(state: BattleState, gun: UnitId): Unit | undefined {
  const c = getUnit(state, crewUnitId(gun));
  return c !== undefined && inPlay(c) ? c : undefined;
}

/**
 * Puts the crew of a gun on the table as a unit of their own (one rank, foot bases; horse-artillery
 * crew mounted at M8, WHN-ART-2), its front edge centred on `at` facing `facing`; the gun keeps no
 * models and is abandoned (WHN-ART-16).
 */
export function spawnCrew(state: BattleState, gun: Unit, at: Vec2, facing: number): { state: BattleState; crew: Unit } {
  const horse = gun.artillery?.arm === "horse";
  const id = crewUnitId(gun.id);
  const crew: Unit = {
    ...gun,
    id,
    name: `${gun.name} crew`.slice(0, 200),
    troopType: horse ? "cavalry" : "infantry",
    profile: { ...gun.profile, M: crewMove(gun) },
    base: horse ? BASE_SIZES.cavalry : BASE_SIZES.foot,
    startingFigures: gun.figures,
    command: { leader: false, standard: false, musician: false },
    formation: horse ? "CAV_LINE" : "LINE",
    files: Math.max(1, gun.figures),
    position: { ...at },
    facing: normalizeAngle(facing),
    models: null,
    initialVolleyUsed: true,
    detachmentOf: null,
    mergedInto: null,
    artillery: null,
    removed: null,
    returnAt: null,
    standardsCaptured: [],
    standardLost: false,
  };
  const art = gun.artillery;
  const left: Unit = { ...gun, figures: 0, woundsTaken: 0, artillery: art === null ? null : { ...art, abandoned: true, shelteringIn: null } };
  return { state: put(put(state, left), crew), crew };
}

/** The point just behind a gun where its crew stand when they leave it. */
export function behindGun(gun: Unit): Vec2 {
  return addScaled(gun.position, forward(gun.facing), -layoutOf(gun).depth);
}

/** Why the crew (at the gun, or apart from it) cannot reach a square to shelter in, or null (WHN-ART-7). */
export function shelterProblem(state: BattleState, gun: Unit, squareId: UnitId, from: Unit): Violation | null {
  const sq = getUnit(state, squareId);
  if (sq === undefined || !inPlay(sq) || sq.side !== gun.side) return refuse("no_friendly_square", "WHN-ART-7", { unit: gun.id, square: squareId });
  if (sq.formation !== "SQUARE") return refuse("not_a_square", "WHN-ART-7", { unit: gun.id, square: squareId, formation: sq.formation });
  const d = footprintDistance(footprintOf(from), footprintOf(sq));
  const reach = crewMove(gun);
  if (!leq(d, reach)) return refuse("square_too_far", "WHN-ART-7", { unit: gun.id, square: squareId, distance: d, reach });
  return null;
}

/** Shelters the crew in a square: the gun is left, the crew carried by the square (WHN-ART-7). */
export function shelterIn(state: BattleState, ctx: ActionContext, gun: Unit, squareId: UnitId, crew: Unit, marked: boolean): BattleState {
  const art = gun.artillery;
  if (art === null) return state;
  const apart = crew.id !== gun.id;
  const next: Unit = {
    ...gun,
    figures: crew.figures,
    woundsTaken: crew.woundsTaken,
    order: crew.order,
    flags: marked ? { ...gun.flags, moved: true } : gun.flags,
    artillery: { ...art, abandoned: true, shelteringIn: squareId },
  };
  ctx.emit("artillery/sheltered", "WHN-ART-7", { unit: gun.id, square: squareId, crew: crew.figures });
  let s = put(state, next);
  if (apart) s = put(s, { ...crew, figures: 0, woundsTaken: 0 });
  return s;
}

/** `artillery/shelter`: in their own movement phase the crew move up to M into a friendly square (WHN-ART-7). */
export function shelter(state: BattleState, a: ShelterAction, ctx: ActionContext): Outcome {
  const gun = ownGunInStep(state, a.unit);
  if (isViolation(gun)) return fail(gun);
  const art = gun.artillery;
  if (art === null) return fail(refuse("not_artillery", "WHN-ART-1", { unit: gun.id }));
  if (art.shelteringIn !== null) return fail(refuse("crew_sheltering", "WHN-ART-7", { unit: gun.id }));
  const apart = art.abandoned ? crewApart(state, gun.id) : undefined;
  const crew = apart ?? gun;
  if (!art.abandoned) {
    const bad = unmanned(gun);
    if (bad !== null) return fail(bad);
  } else if (apart === undefined) return fail(refuse("no_crew", "WHN-ART-16", { unit: gun.id }));
  const still = whyStationary(state, crew);
  if (still !== null) return fail(still);
  if (crew.flags.moved || crew.flags.moveUsed > 0) return fail(refuse("crew_already_moved", "WHN-ART-7", { unit: gun.id }));
  const bad = shelterProblem(state, gun, a.square, crew);
  if (bad !== null) return fail(bad);
  return ok(shelterIn(state, ctx, gun, a.square, crew, true));
}

/**
 * `artillery/leaveShelter`: in a later movement phase of theirs the crew come out, placed in contact
 * with the square on the face named (default its rear), facing away from it, free to move
 * (WHN-ART-7). A gun that was captured meanwhile is gone; its crew stay a unit of their own.
 */
export function leaveShelter(state: BattleState, a: LeaveShelterAction, ctx: ActionContext): Outcome {
  const gun = ownGunInStep(state, a.unit);
  if (isViolation(gun)) return fail(gun);
  const sqId = gun.artillery?.shelteringIn ?? null;
  if (sqId === null) return fail(refuse("not_sheltering", "WHN-ART-7", { unit: gun.id }));
  if (gun.flags.moved) return fail(refuse("sheltered_this_turn", "WHN-ART-7", { unit: gun.id }));
  if (gun.order === "FLEEING") return fail(refuse("fleeing", "CORE-FLEE-1", { unit: gun.id }));
  const sq = getUnit(state, sqId);
  if (sq === undefined || !inPlay(sq)) return fail(refuse("no_friendly_square", "WHN-ART-7", { unit: gun.id, square: sqId }));
  const edge = faceEdge(layoutOf(sq).footprint[0] as OrientedRect, a.face as Quadrant);
  const horse = gun.artillery?.arm === "horse";
  const depth = horse ? BASE_SIZES.cavalry.d : BASE_SIZES.foot.d;
  const spawned = spawnCrew(state, gun, addScaled(edge.mid, forward(edge.facing), depth), edge.facing);
  const crew: Unit = { ...spawned.crew, flags: { ...spawned.crew.flags, moved: false, moveUsed: 0 } };
  const blocked = checkPlacement(state, crew, [footprintOf(crew)], { ignore: new Set([sq.id]) });
  if (blocked !== null) return fail(blocked);
  let s = put(spawned.state, crew);
  ctx.emit("artillery/leftShelter", "WHN-ART-7", { unit: gun.id, crew: crew.id, square: sqId, at: { ...crew.position }, facing: crew.facing });
  const left = getUnit(s, gun.id);
  if (left !== undefined && left.artillery?.gunDestroyed === true) {
    s = put(s, { ...left, removed: { reason: "captured", gameTurn: s.turn.gameTurn } });
    ctx.emit("artillery/gunLost", "WHN-ART-16", { unit: gun.id });
  }
  return ok(s);
}

/** `artillery/reman`: crew in base contact with their abandoned, uncaptured gun take it over again (WHN-ART-16). */
export function reman(state: BattleState, a: RemanAction, ctx: ActionContext): Outcome {
  const gun = ownGunInStep(state, a.unit);
  if (isViolation(gun)) return fail(gun);
  const art = gun.artillery;
  if (art === null || !art.abandoned || art.shelteringIn !== null || gun.figures > 0) return fail(refuse("not_abandoned", "WHN-ART-16", { unit: gun.id }));
  if (art.gunDestroyed) return fail(refuse("gun_destroyed", "WHN-ART-15", { unit: gun.id }));
  const crew = crewApart(state, gun.id);
  if (crew === undefined) return fail(refuse("no_crew", "WHN-ART-16", { unit: gun.id }));
  if (crew.order === "FLEEING") return fail(refuse("fleeing", "CORE-FLEE-1", { unit: crew.id }));
  const d = footprintDistance(footprintOf(crew), footprintOf(gun));
  if (!inContact(d)) return fail(refuse("crew_not_in_contact", "WHN-ART-16", { unit: gun.id, crew: crew.id, distance: d }));
  const manned: Unit = {
    ...gun,
    figures: crew.figures,
    woundsTaken: crew.woundsTaken,
    order: crew.order,
    flags: { ...gun.flags, moved: crew.flags.moved, moveUsed: 1 },
    phase: { ...gun.phase, casualties: crew.phase.casualties, panicTested: crew.phase.panicTested, figuresAtStart: Math.max(gun.phase.figuresAtStart, crew.phase.figuresAtStart) },
    artillery: { ...art, abandoned: false },
  };
  ctx.emit("artillery/remanned", "WHN-ART-16", { unit: gun.id, crew: crew.id, figures: crew.figures });
  return ok(put(put(state, manned), { ...crew, figures: 0, woundsTaken: 0 }));
}
