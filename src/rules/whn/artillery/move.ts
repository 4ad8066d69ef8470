/**
 * Guns in the movement phase (WHN-ART-3, WHN-ART-4, WHN-ART-15, WHN-FIRE-5): limbering and
 * unlimbering for half a move (AMB-40), moves at the rate of the gun's state, marches only when
 * limbered, and the team's losses slowing or stopping the limbered gun.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { leq, normalizeAngle } from "../../../geometry/vec.js";
import { checkPlacement, measurePath } from "../movement/path.js";
import { enemiesOf, footprintOf } from "../unit.js";
import type { GunMoveAction, LimberAction, UnlimberAction } from "./actions.js";
import { isViolation, ownGunInStep, put, refuse, unmanned, whyStationary } from "./common.js";
import { fireObstacles, footprintInFire } from "./fires.js";
import { gunMoveRate } from "./guns.js";

/** Distance within which enemies forbid a march (CORE-MOVE-2). */
const MARCH_BLOCK = 8;

/** The checks every movement-phase gun action makes: step, owner, crew, free to act. */
function movableGun(state: BattleState, id: Unit["id"]): Unit | Violation {
  const u = ownGunInStep(state, id);
  if (isViolation(u)) return u;
  return unmanned(u) ?? whyStationary(state, u) ?? u;
}

/**
 * Limbering or unlimbering (WHN-ART-4, AMB-40): half a move, once a turn, never in a turn the gun
 * marched. A gun that has moved at most half its rate may change and stop; one that has not moved
 * may change and then move half its new rate. The front-edge centre and facing stay put.
 */
function changeState(state: BattleState, id: Unit["id"], to: "LIMBERED" | "UNLIMBERED", ctx: ActionContext): Outcome {
  const u = movableGun(state, id);
  if (isViolation(u)) return fail(u);
  if (u.formation === to) return fail(refuse(to === "LIMBERED" ? "already_limbered" : "already_unlimbered", "WHN-ART-4", { unit: u.id }));
  if (u.flags.limberedOrUnlimbered) return fail(refuse("already_changed_this_turn", "WHN-ART-4", { unit: u.id }));
  if (u.flags.marched) return fail(refuse("marched", "WHN-ART-4", { unit: u.id }));
  if (to === "LIMBERED" && u.artillery?.limberDisabled === true) return fail(refuse("limber_disabled", "WHN-ART-15", { unit: u.id }));
  if (!leq(u.flags.moveUsed, 0.5)) return fail(refuse("no_half_move_left", "WHN-ART-4", { unit: u.id, moveUsed: u.flags.moveUsed }));
  const moveUsed = u.flags.moveUsed > 0 ? 1 : 0.5;
  const next: Unit = { ...u, formation: to, flags: { ...u.flags, limberedOrUnlimbered: true, moveUsed } };
  const fp = footprintOf(next);
  const blocked = checkPlacement(state, next, [fp]);
  if (blocked !== null) return fail(blocked);
  if (footprintInFire(fp, fireObstacles(state))) return fail(refuse("into_fire", "WHN-FIRE-5", { unit: u.id }));
  ctx.emit(to === "LIMBERED" ? "artillery/limbered" : "artillery/unlimbered", "WHN-ART-4", { unit: u.id, movedBefore: u.flags.moveUsed > 0, moveLeft: 1 - moveUsed });
  return ok(put(state, next));
}

/** `artillery/limber` (WHN-ART-4). */
export function limber(state: BattleState, a: LimberAction, ctx: ActionContext): Outcome {
  return changeState(state, a.unit, "LIMBERED", ctx);
}

/** `artillery/unlimber` (WHN-ART-4). */
export function unlimber(state: BattleState, a: UnlimberAction, ctx: ActionContext): Outcome {
  return changeState(state, a.unit, "UNLIMBERED", ctx);
}

/** Why this gun may not march now (WHN-ART-4, CORE-MOVE-2), or null. */
function whyNoMarch(state: BattleState, u: Unit): Violation | null {
  if (u.formation !== "LIMBERED") return refuse("may_not_march", "WHN-ART-4", { unit: u.id, formation: u.formation });
  if (u.flags.limberedOrUnlimbered) return refuse("march_after_limbering", "WHN-ART-4", { unit: u.id });
  if (u.flags.moveUsed > 0) return refuse("march_after_moving", "CORE-MOVE-2", { unit: u.id, moveUsed: u.flags.moveUsed });
  const fp = footprintOf(u);
  const near = enemiesOf(state, u.side).filter((e) => e.order !== "FLEEING" && leq(footprintDistance(fp, footprintOf(e)), MARCH_BLOCK));
  if (near.length > 0) return refuse("enemy_within_8", "CORE-MOVE-2", { unit: u.id, enemies: near.map((e) => e.id) });
  return null;
}

/**
 * `artillery/move`: a normal move at the gun's rate for its state, or a march (2× the limbered
 * rate) (WHN-ART-3, WHN-ART-4). A disabled limber stops all limbered moves and each horse hit takes
 * 1" off the limbered rate (WHN-ART-15). Fires are impassable (WHN-FIRE-5).
 */
export function moveGun(state: BattleState, a: GunMoveAction, ctx: ActionContext): Outcome {
  const u = movableGun(state, a.unit);
  if (isViolation(u)) return fail(u);
  if (u.flags.marched) return fail(refuse("already_marched", "CORE-MOVE-2", { unit: u.id }));
  const art = u.artillery;
  if (art === null) return fail(refuse("not_artillery", "WHN-ART-1", { unit: u.id }));
  if (u.formation === "LIMBERED" && art.limberDisabled) return fail(refuse("limber_disabled", "WHN-ART-15", { unit: u.id }));
  const rate = gunMoveRate(u);
  if (rate <= 0) return fail(refuse("no_team", "WHN-ART-15", { unit: u.id, horseHits: art.horseHits }));
  if (a.march) {
    const no = whyNoMarch(state, u);
    if (no !== null) return fail(no);
  }
  const allowance = a.march ? 2 * rate : (1 - u.flags.moveUsed) * rate;
  const path = measurePath(state, u, a.path, rate, rate);
  if (!leq(path.cost, allowance)) {
    return fail(refuse("too_far", a.march ? "WHN-ART-4" : "WHN-ART-3", { unit: u.id, cost: path.cost, allowance, rate, horseHits: art.horseHits }));
  }
  if (path.entersImpassable) return fail(refuse("impassable", "CORE-MOVE-5", { unit: u.id }));
  const blocked = checkPlacement(state, u, path.samples);
  if (blocked !== null) return fail(blocked);
  const fires = fireObstacles(state);
  if (fires.length > 0 && path.samples.some((fp) => footprintInFire(fp, fires))) return fail(refuse("into_fire", "WHN-FIRE-5", { unit: u.id }));
  const moved: Unit = {
    ...u,
    position: { ...path.end.p },
    facing: normalizeAngle(path.end.facing),
    flags: { ...u.flags, moved: true, marched: a.march, moveUsed: a.march ? 1 : Math.min(1, u.flags.moveUsed + path.cost / rate) },
  };
  ctx.emit(a.march ? "artillery/marched" : "artillery/moved", a.march ? "WHN-ART-4" : "WHN-ART-3", {
    unit: u.id,
    formation: u.formation,
    from: { ...u.position },
    to: { ...moved.position },
    facing: moved.facing,
    cost: path.cost,
    allowance,
    rate,
  });
  return ok(put(state, moved));
}
