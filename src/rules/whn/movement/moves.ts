/**
 * Normal and march moves of formed units (CORE-MOVE-1/2/4/5, WHN-MOVE-1…4, WHN-MOVE-6): the path
 * is measured (CORE-GEO-18), held to the allowance left (WHN-FCHG-1 fractions), to the wheel limit
 * of the formation, and kept clear of other units, impassable ground and the 1" around enemies.
 */
import { EPSILON } from "../../../geometry/vec.js";
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { RuleId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { normalizeAngle, leq } from "../../../geometry/vec.js";
import { isWithin } from "../../../geometry/rect.js";
import { enemiesOf, footprintOf, withUnit } from "../unit.js";
import type { MarchAction, MoveAction } from "./actions.js";
import { baseMove, moveRate, readyToMove, refuse, wheeledThisPhase } from "./common.js";
import { detachmentRangeViolation } from "./detachments.js";
import { FORMATION_TABLE, type FormationInfo } from "./formations.js";
import { checkPlacement, clearPathEnd, measurePath, pathLengths, type Leg } from "./path.js";
import type { Frame } from "../../../geometry/frame.js";

/** Distance within which enemies forbid a march (CORE-MOVE-2). */
export const MARCH_BLOCK_RANGE = 8;

/** Enemy units (not fleeing) within 8" of a unit (CORE-MOVE-2). */
export function enemiesWithin8(state: BattleState, u: Unit): Unit[] {
  const fp = footprintOf(u);
  return enemiesOf(state, u.side).filter((e) => e.order !== "FLEEING" && isWithin(fp, footprintOf(e), MARCH_BLOCK_RANGE));
}

/** Why a unit may not march now (CORE-MOVE-2, WHN-MOVE-1…3, WHN-FCHG-2, WHN-ART-4), or null. */
export function whyNoMarch(state: BattleState, u: Unit): ReturnType<typeof refuse> | null {
  const info: FormationInfo = FORMATION_TABLE[u.formation];
  if (info.march === null) return refuse("may_not_march", u.formation === "UNLIMBERED" ? "WHN-ART-4" : "WHN-MOVE-3", { unit: u.id, formation: u.formation });
  if (u.flags.formationChanges > 0) return refuse("march_after_formation_change", "WHN-FCHG-2", { unit: u.id });
  if (u.flags.limberedOrUnlimbered) return refuse("march_after_limbering", "WHN-ART-4", { unit: u.id });
  if (u.flags.moveUsed > 0) return refuse("march_after_moving", "CORE-MOVE-2", { unit: u.id, moveUsed: u.flags.moveUsed });
  const near = enemiesWithin8(state, u);
  if (near.length > 0 && !info.marchNearEnemy) {
    return refuse("enemy_within_8", u.formation === "MARCH_COLUMN" ? "WHN-MOVE-1" : "CORE-MOVE-2", { unit: u.id, enemies: near.map((e) => e.id) });
  }
  return null;
}

/** The rule a march follows, for its event. */
function marchRule(u: Unit): RuleId {
  if (u.formation === "MARCH_COLUMN") return "WHN-MOVE-1";
  if (u.formation === "ATTACK_COLUMN") return "WHN-MOVE-2";
  return "CORE-MOVE-2";
}

/**
 * The unit at the end of a formed move or march: placed at `end`, marked as moved (and marched), its
 * used share of the move grown by the path's cost (a march uses it all). Shared with the listing's quick check.
 */
export function unitAfterMove(u: Unit, end: Frame, cost: number, rate: number, march: boolean): Unit {
  return {
    ...u,
    position: { ...end.p },
    facing: normalizeAngle(end.facing),
    flags: {
      ...u.flags,
      moved: true,
      marched: u.flags.marched || march,
      moveUsed: march ? 1 : Math.min(1, u.flags.moveUsed + (rate > 0 ? cost / rate : 1)),
    },
  };
}

/** Shared body of `move` and `march`. */
function pathMove(state: BattleState, u: Unit, legs: readonly Leg[], ctx: ActionContext, march: boolean): Outcome {
  const info: FormationInfo = FORMATION_TABLE[u.formation];
  if (info.freeDirection) return fail(refuse("free_mover", u.formation === "SQUARE" ? "WHN-MOVE-5" : "WHN-MOVE-7", { unit: u.id, formation: u.formation }));
  // A path that goes nowhere is not a move (and would let a player "move" without end).
  if (legs.every((l) => (l.kind === "forward" ? l.distance : l.kind === "wheel" ? Math.abs(l.degrees) : 1) <= EPSILON)) {
    return fail(refuse("empty_move", "CORE-MOVE-1", { unit: u.id }));
  }
  const M = baseMove(state, u);
  const rate = moveRate(state, u);
  const allowance = march ? (info.march ?? 0) * M : (1 - u.flags.moveUsed) * rate;
  const limit = info.wheelLimit;
  // The surcharge of terrain is never negative, so a path whose plain length is over the allowance
  // is refused without its samples (the work is bounded by the allowance, not by the path sent).
  // With no terrain this is exactly `measurePath`'s refusal; with terrain, its cost is a lower bound.
  const plain = pathLengths(u, legs, rate);
  const wheelOk = limit === null || leq(wheeledThisPhase(state, u.id) + plain.wheel, limit);
  if (wheelOk && Number.isFinite(plain.cost) && !leq(plain.cost, allowance)) {
    return fail(refuse("too_far", march ? "CORE-MOVE-2" : "CORE-MOVE-1", { unit: u.id, cost: plain.cost + 0, allowance, surcharge: state.terrain.length === 0 ? 0 : null }));
  }
  // A path certainly clear of everything (no terrain, nothing within reach of its sweep) is not
  // sampled: its cost and wheel are the plain ones, and no sample could be refused.
  const clear = clearPathEnd(state, u, legs);
  const path = clear === null ? measurePath(state, u, legs, rate, M) : { end: clear, cost: plain.cost, wheel: plain.wheel, turns: legs.filter((l) => l.kind === "turn").length, surcharge: 0, entersImpassable: false, samples: null };
  const wheeled = wheeledThisPhase(state, u.id) + path.wheel;
  if (limit !== null && !leq(wheeled, limit)) {
    return fail(refuse("wheel_limit", "WHN-MOVE-4", { unit: u.id, formation: u.formation, wheel: wheeled, limit }));
  }
  if (!leq(path.cost, allowance)) {
    return fail(refuse("too_far", march ? "CORE-MOVE-2" : path.surcharge > 0 ? "CORE-MOVE-5" : "CORE-MOVE-1", {
      unit: u.id,
      cost: path.cost,
      allowance,
      surcharge: path.surcharge,
    }));
  }
  if (path.entersImpassable) return fail(refuse("impassable", "CORE-MOVE-5", { unit: u.id }));
  const blocked = path.samples === null ? null : checkPlacement(state, u, path.samples);
  if (blocked !== null) return fail(blocked);
  const moved = unitAfterMove(u, path.end, path.cost, rate, march);
  const det = detachmentRangeViolation(state, u, moved);
  if (det !== null) return fail(det);
  ctx.emit(march ? "unit/marched" : "unit/moved", march ? marchRule(u) : "CORE-MOVE-1", {
    unit: u.id,
    from: { ...u.position },
    to: { ...moved.position },
    facing: moved.facing,
    cost: path.cost,
    allowance,
    wheel: path.wheel,
    turns: path.turns,
    surcharge: path.surcharge,
  });
  return ok(withUnit(state, moved));
}

/** `movement/move`: a normal move (CORE-MOVE-1, CORE-GEO-18). */
export function move(state: BattleState, a: MoveAction, ctx: ActionContext): Outcome {
  const u = readyToMove(state, a.unit);
  if ("code" in u) return fail(u);
  if (u.flags.marched) return fail(refuse("already_marched", "CORE-MOVE-2", { unit: u.id }));
  return pathMove(state, u, a.path, ctx, false);
}

/** `movement/march`: a march move, forward and wheels only (CORE-MOVE-2, WHN-MOVE-1…3). */
export function march(state: BattleState, a: MarchAction, ctx: ActionContext): Outcome {
  const u = readyToMove(state, a.unit);
  if ("code" in u) return fail(u);
  if (a.path.some((l) => l.kind === "turn")) return fail(refuse("march_no_turns", "CORE-MOVE-2", { unit: u.id }));
  const no = whyNoMarch(state, u);
  if (no !== null) return fail(no);
  return pathMove(state, u, a.path, ctx, true);
}
