/**
 * Detachments (WHN-DET-1…5): a detachment is its own unit tied to a parent by `detachmentOf`. It
 * must end each of its movement phases within one move of its parent (WHN-DET-2), and when charged
 * it may fall back into contact with the middle of its parent's rear edge (WHN-DET-4, AMB-36). It
 * may merge into its parent's ranks and split off again (WHN-DET-5, in `merge.ts`).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { faceEdge } from "../../../geometry/arcs.js";
import type { OrientedRect } from "../../../geometry/rect.js";
import { closestPointOnFootprint, footprintDistance } from "../../../geometry/rect.js";
import { addScaled, angleOf, dist, leq, lt, normalize, sub } from "../../../geometry/vec.js";
import { footprintOf, getUnit, inPlay, layoutOf, unitsOf, withUnit } from "../unit.js";
import { mergedDetachments } from "../combined.js";
import type { MergeDetachmentAction, SplitDetachmentAction } from "./actions.js";
import { baseMove, layoutAt, refuse } from "./common.js";
import { checkPlacement } from "./path.js";

/** The parent of a detachment, if it is one and the parent is in play (WHN-DET-1). */
export function parentOf(state: BattleState, u: Unit): Unit | null {
  if (u.detachmentOf === null) return null;
  const p = getUnit(state, u.detachmentOf);
  return p !== undefined && inPlay(p) ? p : null;
}

/**
 * WHN-DET-2 for a detachment's move from `before` to `after`: it must end within its M of the
 * parent, or, if it started out of range, end nearer than it started.
 */
export function detachmentRangeViolation(state: BattleState, before: Unit, after: Unit): Violation | null {
  const p = parentOf(state, before);
  if (p === null) return null;
  const range = baseMove(state, before);
  const d0 = footprintDistance(footprintOf(before), footprintOf(p));
  const d1 = footprintDistance(footprintOf(after), footprintOf(p));
  if (leq(d1, range) || (lt(range, d0) && lt(d1, d0))) return null;
  return refuse("detachment_out_of_range", "WHN-DET-2", { unit: before.id, parent: p.id, distance: d1, range });
}

/**
 * Compulsory move (WHN-DET-2): each of the active player's detachments that is out of range of its
 * parent moves up to its M straight toward the parent (turning to face it), stopping in contact.
 */
export function returnDetachments(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (const u of unitsOf(state, state.turn.activeSide)) {
    const p = parentOf(s, u);
    if (p === null || u.order === "FLEEING") continue;
    const range = baseMove(s, u);
    const d0 = footprintDistance(footprintOf(u), footprintOf(p));
    if (leq(d0, range)) continue;
    const target = closestPointOnFootprint(u.position, footprintOf(p));
    const facing = angleOf(sub(target, u.position));
    const dir = normalize(sub(target, u.position));
    // Stop in contact at the latest: never farther than the gap between the footprints.
    const travel = Math.min(range, Math.max(0, d0));
    let moved: Unit = { ...u, facing, position: addScaled(u.position, dir, Math.min(travel, dist(u.position, target))) };
    if (checkPlacement(s, u, [footprintOf(moved)], { allowNearEnemy: true }) !== null) moved = { ...u, facing };
    ctx.emit("unit/detachmentReturned", "WHN-DET-2", { unit: u.id, parent: p.id, from: { ...u.position }, to: { ...moved.position } });
    s = withUnit(s, { ...moved, flags: { ...moved.flags, moved: true, moveUsed: 1 } });
  }
  return s;
}

/**
 * The detachment's fall-back response (WHN-DET-4, AMB-36): placed with its front edge against the
 * middle of the parent's rear edge, facing the parent's way; null when it does not fit.
 */
export function fallBackBehindParent(state: BattleState, u: Unit): Unit | null {
  const p = parentOf(state, u);
  if (p === null) return null;
  const rear = faceEdge(layoutOf(p).footprint[0] as OrientedRect, "rear");
  const probe = layoutAt(u, { p: rear.mid, facing: p.facing });
  // Front edge on the rear edge, facing the parent's way: the front-edge centre is the rear mid-point.
  const placed: Unit = { ...u, position: { ...probe.frame.p }, facing: p.facing };
  if (checkPlacement(state, u, [footprintOf(placed)], { allowNearEnemy: true }) !== null) return null;
  return placed;
}

/**
 * The merge and split actions to offer for a unit in the remaining-moves step (WHN-DET-5), unchecked:
 * a detachment merging into its parent; a parent splitting each merged detachment off beside it.
 */
export function detachmentCandidates(state: BattleState, u: Unit): (MergeDetachmentAction | SplitDetachmentAction)[] {
  const out: (MergeDetachmentAction | SplitDetachmentAction)[] = [];
  if (parentOf(state, u) !== null) out.push({ type: "movement/mergeDetachment", unit: u.id });
  for (const d of mergedDetachments(state, u.id)) out.push({ type: "movement/splitDetachment", unit: u.id, detachment: d.id });
  return out;
}
