/**
 * Troops and fires (WHN-FIRE-4, WHN-FIRE-5): putting a fire circle out from near water instead of
 * moving, and the compulsory step out of a circle that has reached a unit.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import { crossesTableEdge, FLEE_SEARCH_ANGLES } from "../../../geometry/away.js";
import { polygonDistance } from "../../../geometry/polygon.js";
import type { Footprint } from "../../../geometry/rect.js";
import { pointRectDistance, rectPolygon, rectsOverlap } from "../../../geometry/rect.js";
import { unitCentre } from "../../../geometry/layout.js";
import { addScaled, leq, normalize, rotate, sub, type Vec2 } from "../../../geometry/vec.js";
import { footprintOf, getUnit, inPlay, layoutOf, unitsInPlay } from "../unit.js";
import type { ExtinguishAction } from "./actions.js";
import { checkStep, isEngaged, put, refuse } from "./common.js";
import { FIRE_REACH, FIRE_SCORES, WATER_REACH, fireObstacles, footprintInFire, withoutCircle, type FireCircle } from "./fires.js";
import { gunMoveRate } from "./guns.js";
import { traitsOf } from "../../traits.js";

/** Distance from a footprint to the nearest `water` feature (Infinity when there is none). */
export function distanceToWater(state: BattleState, fp: Footprint): number {
  let best = Infinity;
  for (const t of state.terrain) {
    if (t.tags.water !== true) continue;
    const shape = t.polyline !== undefined && t.polygon.length < 3 ? t.polyline : t.polygon;
    for (const r of fp) best = Math.min(best, polygonDistance(rectPolygon(r), shape));
  }
  return best;
}

/**
 * `artillery/extinguish` (WHN-FIRE-4, AMB-49): in its own movement phase, instead of moving, a unit
 * that is not engaged or fleeing, within 8" of water and 1" of the circle, rolls a D6 against the
 * extinguish score of the circle's terrain; success removes the circle. Once a turn.
 */
export function extinguish(state: BattleState, a: ExtinguishAction, ctx: ActionContext): Outcome {
  const step = checkStep(state, ["remaining"], "WHN-FIRE-4");
  if (step !== null) return fail(step);
  const u = getUnit(state, a.unit);
  if (u === undefined || !inPlay(u)) return fail(refuse("unknown_unit", null, { unit: a.unit }));
  if (u.side !== state.turn.activeSide) return fail(refuse("not_your_unit", "CORE-TURN-2", { unit: u.id }));
  if (u.order === "FLEEING") return fail(refuse("fleeing", "WHN-FIRE-4", { unit: u.id }));
  if (isEngaged(state, u)) return fail(refuse("engaged", "WHN-FIRE-4", { unit: u.id }));
  if (u.flags.extinguishAttempted) return fail(refuse("already_fought_fire", "WHN-FIRE-4", { unit: u.id }));
  if (u.flags.moved || u.flags.moveUsed > 0 || u.flags.marched) return fail(refuse("already_moved", "WHN-FIRE-4", { unit: u.id }));
  const circle = fireObstacles(state).find((c) => c.fire === a.fire && c.index === a.circle);
  if (circle === undefined) return fail(refuse("unknown_fire", "WHN-FIRE-4", { fire: a.fire, circle: a.circle }));
  const fp = footprintOf(u);
  const water = distanceToWater(state, fp);
  if (!leq(water, WATER_REACH)) return fail(refuse("no_water_near", "WHN-FIRE-4", { unit: u.id, distance: Number.isFinite(water) ? water : null }));
  const gap = Math.min(...fp.map((r) => pointRectDistance(circle.centre, r))) - circle.diameter / 2;
  if (!leq(gap, FIRE_REACH)) return fail(refuse("fire_too_far", "WHN-FIRE-4", { unit: u.id, distance: Math.max(0, gap) }));
  const roll = ctx.dice.d6();
  const need = FIRE_SCORES[circle.terrain].extinguish;
  const out = roll >= need;
  ctx.emit(out ? "fire/extinguished" : "fire/notExtinguished", "WHN-FIRE-4", { unit: u.id, fire: a.fire, circle: a.circle, terrain: circle.terrain, roll, need });
  const s = put(state, { ...u, flags: { ...u.flags, extinguishAttempted: true, moveUsed: 1 } });
  return ok(out ? withoutCircle(s, a.fire, a.circle) : s);
}

/** How far a unit may go to get out of a fire: its move (a gun's rate for its state). */
function stepAllowance(u: Unit): number {
  return u.artillery !== null ? gunMoveRate(u) : u.profile.M;
}

/** Translates a footprint. */
const shifted = (fp: Footprint, by: Vec2): Footprint => fp.map((r) => ({ ...r, center: { x: r.center.x + by.x, y: r.center.y + by.y } }));

/** The shortest clear step out of the fire along the directions tried for fleeing (CORE-GEO-26 order). */
function stepOut(state: BattleState, u: Unit, circles: readonly FireCircle[]): Vec2 | null {
  const fp = footprintOf(u);
  const centre = unitCentre(layoutOf(u));
  const hot = circles.find((c) => footprintInFire(fp, [c]));
  if (hot === undefined) return null;
  let away = normalize(sub(centre, hot.centre));
  if (away.x === 0 && away.y === 0) away = { x: 0, y: -1 };
  const others = unitsInPlay(state).filter((o) => o.id !== u.id).map((o) => footprintOf(o));
  const max = stepAllowance(u);
  for (let d = 0.05; d <= max + 1e-9; d += 0.05) {
    for (const angle of FLEE_SEARCH_ANGLES) {
      const by = { x: rotate(away, angle).x * d, y: rotate(away, angle).y * d };
      const moved = shifted(fp, by);
      if (footprintInFire(moved, circles) || crossesTableEdge(moved, state.table)) continue;
      if (others.some((o) => moved.some((a) => o.some((b) => rectsOverlap(a, b))))) continue;
      return by;
    }
  }
  return null;
}

/**
 * Compulsory step (WHN-FIRE-5, AMB-50): each of the active player's units that a fire circle
 * overlaps, and that can move, steps out by the shortest clear way (keeping its facing) and does
 * nothing else with its move. A unit with no way out stays.
 */
export function leaveFires(state: BattleState, ctx: ActionContext): BattleState {
  if (!traitsOf(state).artilleryAndFires || state.fires.length === 0) return state;
  const circles = fireObstacles(state);
  let s = state;
  for (const u of unitsInPlay(state)) {
    if (u.side !== state.turn.activeSide || u.order === "FLEEING" || isEngaged(s, u)) continue;
    if (!footprintInFire(footprintOf(u), circles)) continue;
    const cur = getUnit(s, u.id) ?? u;
    const by = stepOut(s, cur, circles);
    if (by === null) {
      ctx.emit("fire/trapped", "WHN-FIRE-5", { unit: u.id });
      continue;
    }
    const to = addScaled(cur.position, by, 1);
    const models = cur.models === null ? null : cur.models.map((m) => ({ ...m, x: m.x + by.x, y: m.y + by.y }));
    s = put(s, { ...cur, position: to, models, flags: { ...cur.flags, moved: true, moveUsed: 1 } });
    ctx.emit("fire/leftFire", "WHN-FIRE-5", { unit: u.id, from: { ...cur.position }, to: { ...to } });
  }
  return s;
}
