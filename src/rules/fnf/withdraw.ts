import type { BattleState } from "../../state/battle.js";
import type { RuleId } from "../../state/ids.js";
import type { ActionContext } from "../../engine/context.js";
import type { Vec2 } from "./geometry/prims.js";
import { EPSILON, normalize, sub, forward } from "./geometry/prims.js";
import { moveAway, type AwayLength } from "./geometry/away.js";
import { layoutDistance, rectsOf } from "./geometry/measure.js";
import type { Pricing } from "./geometry/pricing.js";
import { MOVE_RATES, MUSKET_RANGE } from "./tables/maneuver.js";
import type { Unit } from "./units.js";
import { attachedLeaders, creditCaptured, loseBases, moveClass, normalMove, putLeader, putUnit, removeUnit, unitOf } from "./units.js";
import { enemiesOf, layout, shift, sideRects, unitDistance } from "./world.js";
import { hypot } from "../../math/index.js";

/** How a unit prices a move (FNF-MOVE-2/4): roads only in COLUMN OF ROUTE or limbered. */
export function pricingOf(u: Unit): Pricing {
  const roads = u.battery !== null ? u.battery.limbered : u.kind === "brigade" && !u.skirmishing && u.formation === "COLUMN_OF_ROUTE";
  return { rate: MOVE_RATES[moveClass(u)], roads, roughFree: u.skirmishing };
}

/** How far a withdrawal goes (FNF-GEO-9). */
export type WithdrawLength = "recoil" | "fullMove" | "beyondMusket" | "disengage";

/** Moves a unit's position and its attached leaders by a vector. */
export function translateUnit(state: BattleState, u: Unit, by: Vec2): BattleState {
  let s = putUnit(state, { ...u, position: shift(u.position, by) });
  for (const l of attachedLeaders(s, u.id)) s = putLeader(s, { ...l, position: shift(l.position, by) });
  return s;
}

/**
 * Moves a unit directly away from enemy units (FNF-GEO-9): from `from` (the nearest enemy, or the
 * enemy lead unit of a melee), measuring "beyond musket range" against `rangeFrom`. An enemy
 * blocking every way costs one more stand, captured (a battery is captured); leaving the table
 * removes the unit (AMB-92). Returns the state and the distance moved.
 */
export function withdraw(
  state: BattleState,
  unitId: string,
  from: Unit,
  length: WithdrawLength,
  rangeFrom: readonly Unit[],
  rule: RuleId,
  ctx: ActionContext,
): { state: BattleState; distance: number } {
  const u = unitOf(state, unitId);
  if (u === undefined) return { state, distance: 0 };
  const mine = layout(u);
  const fromLayout = layout(from);
  let e = sub(mine.footprint.center, fromLayout.footprint.center);
  e = hypot(e.x, e.y) < 1e-12 ? forward(u.facing + 180) : normalize(e);
  const touching = new Set(enemiesOf(state, u.side).filter((x) => unitDistance(u, x) <= EPSILON).map((x) => x.id));
  const enemyIds = enemiesOf(state, u.side).filter((x) => !touching.has(x.id)).map((x) => x.id);
  const enemies = enemiesOf(state, u.side)
    .filter((x) => enemyIds.includes(x.id))
    .flatMap((x) => rectsOf(layout(x)));
  const full: AwayLength = { kind: "priced", allowance: normalMove(u), pricing: pricingOf(u) };
  const spec: AwayLength =
    length === "recoil"
      ? { kind: "fixed", length: 2 }
      : length === "fullMove"
        ? full
        : { kind: "beyond", from: rangeFrom.flatMap((x) => rectsOf(layout(x))), range: MUSKET_RANGE, max: length === "disengage" ? normalMove(u) : null };
  const r = moveAway(rectsOf(mine), e, spec, { terrain: state.terrain, table: state.table, enemies, friends: sideRects(state, u.side, [u.id]) });
  let s = translateUnit(state, u, r.offset);
  ctx.emit("fnf/movedAway", rule, { unit: u.id, from: from.id, distance: r.distance, direction: [r.direction.x, r.direction.y], how: length });
  if (r.stoppedBy === "enemy") {
    ctx.emit("fnf/blocked", "FNF-GEO-9", { unit: u.id });
    if (u.kind === "battery") {
      s = creditCaptured(s, from.side, 1);
      s = removeUnit(s, u.id, "captured", "FNF-GEO-9", ctx);
    } else s = loseBases(s, u.id, 1, "FNF-GEO-9", ctx, "captured", from.side);
  }
  if (r.offTable && unitOf(s, u.id) !== undefined) s = removeUnit(s, u.id, "quitField", "FNF-GEO-9", ctx);
  return { state: s, distance: r.distance };
}
