/**
 * Fires (WHN-FIRE-1 … WHN-FIRE-5, CORE-GEO-33): started by shell bursts in flammable terrain,
 * spreading 2" downwind at the end of each game turn, put out by units near water, and impassable
 * to troops, who must step out of a circle that reaches them.
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import { FIRE_DIAMETER, spreadFire } from "../../../geometry/fires.js";
import { pointInPolygon } from "../../../geometry/polygon.js";
import type { Footprint } from "../../../geometry/rect.js";
import { pointRectDistance } from "../../../geometry/rect.js";
import type { Vec2 } from "../../../geometry/vec.js";
import { lt } from "../../../geometry/vec.js";
import { traitsOf } from "../../traits.js";

/** Flammability classes (CORE-GEO-31). */
export type Flammability = BattleState["fires"][number]["circles"][number]["terrain"];

type Fire = BattleState["fires"][number];

/** Start, spread and extinguish scores by terrain (WHN-FIRE-1 table): a D6 at or above succeeds. */
export const FIRE_SCORES = {
  woods: { start: 5, spread: 4, extinguish: 5 },
  field: { start: 4, spread: 2, extinguish: 4 },
  woodenBuilding: { start: 5, spread: 5, extinguish: 5 },
  stoneBuilding: { start: 6, spread: 5, extinguish: 4 },
} as const satisfies Record<Flammability, { start: number; spread: number; extinguish: number }>;

/** Distance to water within which a unit may fight a fire (WHN-FIRE-4). */
export const WATER_REACH = 8;
/** Distance to a fire circle within which a unit may fight it (WHN-FIRE-4). */
export const FIRE_REACH = 1;

/** One fire circle on the table, named by its fire and its index in that fire. */
export interface FireCircle {
  readonly fire: string;
  readonly index: number;
  readonly centre: Vec2;
  readonly diameter: number;
  readonly terrain: Flammability;
}

/** The flammability of the ground at a point: the first flammable feature containing it (CORE-GEO-31). */
export function flammabilityAt(state: BattleState, p: Vec2): Flammability | null {
  for (const t of state.terrain) {
    const f = t.tags.flammability;
    if (f !== undefined && t.polygon.length >= 3 && pointInPolygon(p, t.polygon)) return f;
  }
  return null;
}

/**
 * Every fire circle on the table: impassable areas for moving through or ending in (WHN-FIRE-5,
 * AMB-50). They do not block line of sight and cause no damage.
 * @example
 * fireObstacles(state).some((c) => footprintInFire(fp, [c]))
 */
export function fireObstacles(state: BattleState): FireCircle[] {
  return state.fires.flatMap((f) => f.circles.map((c, index) => ({ fire: f.id, index, centre: c.centre, diameter: c.diameter, terrain: c.terrain })));
}

/** Whether any base of a footprint overlaps a fire circle (more than touching its rim, WHN-FIRE-5). */
export function footprintInFire(fp: Footprint, circles: readonly FireCircle[]): boolean {
  return circles.some((c) => fp.some((r) => lt(pointRectDistance(c.centre, r), c.diameter / 2)));
}

/** The first free fire id `f<gameTurn>-<n>`. */
function newFireId(state: BattleState): string {
  const used = new Set(state.fires.map((f) => f.id));
  let n = 1;
  while (used.has(`f${state.turn.gameTurn}-${n}`)) n++;
  return `f${state.turn.gameTurn}-${n}`;
}

/**
 * A shell burst at `p` (WHN-FIRE-1, WHN-FIRE-2): in flammable terrain, a D6 against the start
 * score lights a fire, a 2" circle (diameter, AMB-48) centred on the burst point. Nothing is
 * rolled on non-flammable ground.
 */
export function burstMayStartFire(state: BattleState, ctx: ActionContext, p: Vec2): BattleState {
  const terrain = flammabilityAt(state, p);
  if (terrain === null) return state;
  const roll = ctx.dice.d6();
  const need = FIRE_SCORES[terrain].start;
  const started = roll >= need;
  ctx.emit("fire/startRoll", "WHN-FIRE-1", { at: { ...p }, terrain, roll, need, started });
  if (!started) return state;
  const id = newFireId(state);
  ctx.emit("fire/started", "WHN-FIRE-2", { fire: id, at: { ...p }, terrain, diameter: FIRE_DIAMETER });
  return { ...state, fires: [...state.fires, { id, circles: [{ centre: { ...p }, diameter: FIRE_DIAMETER, terrain }] }] };
}

/**
 * End of the game turn (WHN-FIRE-3, AMB-49): each fire, in order, rolls a D6 against the spread
 * score of its most recent circle's terrain; on a success a new 2" circle goes 2" downwind of that
 * circle (CORE-GEO-33), if its centre is in flammable terrain.
 */
export function spreadFires(state: BattleState, ctx: ActionContext): BattleState {
  if (!traitsOf(state).artilleryAndFires || state.fires.length === 0) return state;
  const fires: Fire[] = [];
  for (const f of state.fires) {
    const last = f.circles[f.circles.length - 1];
    if (last === undefined) continue;
    const roll = ctx.dice.d6();
    const need = FIRE_SCORES[last.terrain].spread;
    if (roll < need) {
      ctx.emit("fire/didNotSpread", "WHN-FIRE-3", { fire: f.id, roll, need, terrain: last.terrain });
      fires.push(f);
      continue;
    }
    const centres = spreadFire(f.circles.map((c) => c.centre), state.wind);
    const centre = centres[centres.length - 1] as Vec2;
    const terrain = flammabilityAt(state, centre);
    if (terrain === null) {
      ctx.emit("fire/didNotSpread", "WHN-FIRE-3", { fire: f.id, roll, need, terrain: last.terrain, at: { ...centre }, reason: "notFlammable" });
      fires.push(f);
      continue;
    }
    ctx.emit("fire/spread", "WHN-FIRE-3", { fire: f.id, roll, need, at: { ...centre }, terrain, wind: state.wind });
    fires.push({ ...f, circles: [...f.circles, { centre: { ...centre }, diameter: FIRE_DIAMETER, terrain }] });
  }
  return { ...state, fires };
}

/** Removes one circle of a fire; the fire goes when its last circle does (WHN-FIRE-4). */
export function withoutCircle(state: BattleState, fire: string, index: number): BattleState {
  const fires: Fire[] = [];
  for (const f of state.fires) {
    if (f.id !== fire) fires.push(f);
    else if (f.circles.length > 1) fires.push({ ...f, circles: f.circles.filter((_, i) => i !== index) });
  }
  return { ...state, fires };
}

