import type { BattleState } from "../../state/battle.js";
import type { ActionContext } from "../../engine/context.js";
import type { Vec2 } from "./geometry/prims.js";
import { EPSILON, addScaled, closestPointOnRect, dist, forward, normalize, rectsOverlap, sub } from "./geometry/prims.js";
import { layoutOf } from "./geometry/layout.js";
import { layoutDistance, rectsOf } from "./geometry/measure.js";
import { pricedReach } from "./geometry/away.js";
import type { Unit } from "./units.js";
import { activeUnits, fnfOf, normalMove, putUnit, unitOf } from "./units.js";
import { enemiesOf, layout, nearestEnemy } from "./world.js";
import { pricingOf, translateUnit } from "./withdraw.js";
import { addToMelee } from "./movement.js";
import { atan2Deg, hypot, tieKey } from "../../math/index.js";

/** Furthest advance along `d` (≤ `max`) that keeps every base at least `gap` from each enemy base. */
function advanceLimit(state: BattleState, u: Unit, d: Vec2, max: number, gap: number): number {
  const enemies = enemiesOf(state, u.side).map(layout);
  const okAt = (t: number): boolean => {
    const l = layoutOf({ ...u, position: addScaled(u.position, d, t) });
    return enemies.every((e) => layoutDistance(l, e) >= gap - EPSILON);
  };
  let t = 0;
  while (t + 0.05 <= max && okAt(t + 0.05)) t += 0.05;
  if (t + 0.05 > max && okAt(max)) return max;
  return t;
}

/**
 * Carrying the position: the attacker may advance straight ahead up to the distance the defender
 * moved, stopping 1" from any enemy base (FNF-MEL-7).
 */
export function carryPosition(state: BattleState, id: string, distance: number, advance: boolean, ctx: ActionContext): BattleState {
  const u = unitOf(state, id);
  if (u === undefined || !advance || distance <= 0) return state;
  const t = advanceLimit(state, u, forward(u.facing), distance, 1);
  ctx.emit("fnf/carriedPosition", "FNF-MEL-7", { unit: id, distance: t });
  return t > 0 ? translateUnit(state, u, { x: forward(u.facing).x * t, y: forward(u.facing).y * t }) : state;
}

/**
 * A breakthrough charge (FNF-MEL-7, AMB-89): up to half a move toward the nearest enemy; contact
 * starts a new melee at once (or joins one pending on that enemy), else it stops 1" short. A unit
 * makes one breakthrough per melee phase; after that it carries the position instead.
 */
export function breakthrough(
  state: BattleState,
  id: string,
  moved: number,
  ctx: ActionContext,
  fight: (s: BattleState, meleeId: string, ctx: ActionContext) => BattleState,
): BattleState {
  const u0 = unitOf(state, id);
  if (u0 === undefined) return state;
  if (u0.turn.breakthrough) return carryPosition(state, id, moved, true, ctx);
  let s = putUnit(state, { ...u0, turn: { ...u0.turn, breakthrough: true } });
  const enemy = nearestEnemy(s, u0);
  if (enemy === undefined) return s;
  const targetRects = rectsOf(layout(enemy));
  let aim = targetRects[0]?.center ?? u0.position;
  for (const r of targetRects) {
    const q = closestPointOnRect(u0.position, r);
    if (tieKey(dist(u0.position, q)) < tieKey(dist(u0.position, aim))) aim = q;
  }
  const dvec = sub(aim, u0.position);
  if (hypot(dvec.x, dvec.y) < 1e-9) return s;
  const d = normalize(dvec);
  const facing = atan2Deg(d.y, d.x);
  const u: Unit = { ...(unitOf(s, id) as Unit), facing };
  const half = normalMove(u) / 2;
  const reach = pricedReach(rectsOf(layoutOf(u)), d, half, pricingOf(u), s.terrain);
  const el = layout(enemy);
  const gapAt = (t: number): number => layoutDistance(layoutOf({ ...u, position: addScaled(u.position, d, t) }), el);
  let contactAt: number | null = null;
  if (gapAt(reach) <= EPSILON) {
    let lo = 0;
    let hi = reach;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (gapAt(mid) <= EPSILON / 2) hi = mid;
      else lo = mid;
    }
    contactAt = hi;
  }
  if (contactAt !== null) {
    const placed: Unit = { ...u, position: addScaled(u.position, d, contactAt) };
    const pl = rectsOf(layoutOf(placed));
    const blocked = activeUnits(s).some((o) => o.id !== id && rectsOf(layout(o)).some((r) => pl.some((x) => rectsOverlap(r, x))));
    if (!blocked) {
      s = putUnit(s, placed);
      ctx.emit("fnf/breakthrough", "FNF-MEL-7", { unit: id, target: enemy.id, distance: contactAt, contact: true });
      const pending = Object.values(fnfOf(s).melees).find((m) => m.defender === enemy.id);
      s = addToMelee(s, enemy.id, id, true, ctx);
      if (pending !== undefined) return s;
      const created = Object.values(fnfOf(s).melees).find((m) => m.defender === enemy.id);
      return created === undefined ? s : fight(s, created.id, ctx);
    }
  }
  const t = advanceLimit(s, u, d, reach, 1);
  s = putUnit(s, { ...u, position: addScaled(u.position, d, t) });
  ctx.emit("fnf/breakthrough", "FNF-MEL-7", { unit: id, target: enemy.id, distance: t, contact: false });
  return s;
}
