/**
 * The flee move (CORE-FLEE-2…5, CORE-GEO-25…28): 2D6" or 3D6" directly away from whoever caused
 * it, turned to face the way it runs, straight through friends, destroyed when enemies block every
 * way out, gone when it crosses a table edge. Joined characters run with their unit (CORE-CHAR-6).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { RuleId, UnitId } from "../../../state/ids.js";
import type { Character, Unit } from "../../../state/unit.js";
import { directionAway, fleeMove, type PlacedFootprint } from "../../../geometry/away.js";
import { unitCentre } from "../../../geometry/layout.js";
import { sweptTerrainCost } from "../../../geometry/movement.js";
import type { Footprint } from "../../../geometry/rect.js";
import type { TerrainFeature } from "../../../geometry/terrain.js";
import { add, angleDiff, normalizeAngle, rotateAbout, scale, type Vec2 } from "../../../geometry/vec.js";
import { enemiesOf, footprintOf, getUnit, joinedCharacters, layoutOf, leftGuns, removeMergedWith, unitDistance, unitsOf } from "../unit.js";
import { terrainOf } from "../terrain.js";
import { tieKey } from "../../../math/index.js";

/** What happened to a fleeing unit. */
export type FleeResult = "moved" | "destroyed" | "leftTable";

/** Who the unit flees from, why, and (optionally) how many dice it rolls. */
export interface FleeCause {
  /** The enemy it runs from; null: the nearest enemy unit (CORE-FLEE-3). */
  readonly from: UnitId | null;
  /** The rule that made it flee (named by the `unit/fled` event). */
  readonly rule: RuleId;
  /** Dice to roll instead of 2D6 / 3D6 (e.g. artillery fire-and-flee, WHN-ART-6). */
  readonly dice?: number;
}

/** Flee dice by movement rate: 2D6 up to M 6, 3D6 above (CORE-FLEE-2). */
export function fleeDiceCount(u: Unit): number {
  return u.profile.M > 6 ? 3 : 2;
}

/** The unit's centre on the table (CORE-GEO-9). */
export function centreOf(u: Unit): Vec2 {
  return unitCentre(layoutOf(u));
}

/** The nearest enemy unit in play, by footprint distance, ties by id (CORE-FLEE-3). */
export function nearestEnemy(state: BattleState, u: Unit): Unit | null {
  let best: Unit | null = null;
  let bestD = Infinity;
  for (const e of enemiesOf(state, u.side)) {
    const d = tieKey(unitDistance(u, e));
    if (d < bestD || (d === bestD && best !== null && e.id < best.id)) {
      best = e;
      bestD = d;
    }
  }
  return best;
}

export { terrainOf } from "../terrain.js";

const placed = (u: Unit): PlacedFootprint => ({ id: u.id, footprint: footprintOf(u) });

/** Whether any terrain on the table charges for movement (CORE-MOVE-5). */
const hasCostlyTerrain = (terrain: readonly TerrainFeature[]): boolean =>
  terrain.some((t) => t.tags.difficult === true || t.tags.veryDifficult === true || t.tags.obstacle === true);

/**
 * Longest distance along `dir` whose terrain-adjusted cost fits in `roll` (CORE-FLEE-2: terrain
 * costs are deducted from the flee roll), found by bisection to well under ε.
 */
function affordableDistance(fp: Footprint, dir: Vec2, roll: number, terrain: readonly TerrainFeature[], move: number): number {
  const cost = (d: number): number => d + sweptTerrainCost(fp, dir, d, terrain, move).surcharge;
  if (cost(roll) <= roll) return roll;
  let lo = 0;
  let hi = roll;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (cost(mid) <= roll) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Moves a point as the fleeing unit moves: turned about the centre, then carried along. */
const carry = (p: Vec2, centre: Vec2, turn: number, shift: Vec2): Vec2 => add(rotateAbout(p, centre, turn), shift);

/** Marks a joined character as fleeing with his unit, moved with it, or gone with it (CORE-CHAR-6). */
function carryCharacter(c: Character, centre: Vec2, turn: number, shift: Vec2, removed: Unit["removed"]): Character {
  return {
    ...c,
    order: "FLEEING",
    position: carry(c.position, centre, turn, shift),
    facing: normalizeAngle(c.facing + turn),
    removed: removed ?? c.removed,
  };
}

/**
 * Makes a unit flee (CORE-FLEE-2…5): rolls its flee dice, turns it to face directly away from the
 * cause (or the nearest enemy) and moves it, passing through friends (AMB-104). It is destroyed when
 * enemies block every direction (CORE-GEO-26) and leaves play when it crosses a table edge
 * (CORE-FLEE-5, CORE-GEO-28). Order becomes FLEEING and `flags.moved` is set (so the compulsory
 * step does not move it twice in one turn); joined characters flee with it (CORE-CHAR-6).
 * @example
 * const { state: next, outcome, roll } = fleeUnit(state, unitId("fr-1"), ctx, { from: unitId("gb-1"), rule: "WHN-PANIC-3" });
 */
export function fleeUnit(
  state: BattleState,
  unit: UnitId,
  ctx: ActionContext,
  away: FleeCause,
): { state: BattleState; outcome: FleeResult; roll: number } {
  const u = getUnit(state, unit);
  if (u === undefined) throw new RangeError(`fleeUnit: unknown unit "${unit}"`);
  // A gun whose crew shelter in a square stays where it is (WHN-ART-16): the crew flee with the
  // square that carries them (WHN-ART-7, artillery upkeep), never with the gun.
  if (u.artillery !== null && u.artillery.shelteringIn !== null) return { state, outcome: "moved", roll: 0 };
  const n = away.dice ?? fleeDiceCount(u);
  const dice: number[] = [];
  for (let i = 0; i < n; i++) dice.push(ctx.dice.d6());
  const roll = dice.reduce((a, b) => a + b, 0);

  const source = away.from === null ? nearestEnemy(state, u) : (getUnit(state, away.from) ?? nearestEnemy(state, u));
  const layout = layoutOf(u);
  const centre = unitCentre(layout);
  const e = directionAway(centre, source === null ? centre : centreOf(source), u.facing);
  const terrain = terrainOf(state);
  const around = {
    enemies: enemiesOf(state, u.side).map(placed),
    // Guns left by their crew stand where they were (WHN-ART-16): passed through like friends, never ended on.
    friends: [...unitsOf(state, u.side).filter((f) => f.id !== u.id), ...leftGuns(state)].map(placed),
    terrain,
    table: state.table,
  };
  let move = fleeMove(layout.footprint, centre, u.facing, e, roll, around);
  if (move.kind === "moved" && hasCostlyTerrain(terrain)) {
    const turned = angleDiff(u.facing, move.facing);
    const fp = layout.footprint.map((r) => ({ ...r, center: rotateAbout(r.center, centre, turned), facing: r.facing + turned }));
    const reach = affordableDistance(fp, move.direction, roll, terrain, u.profile.M);
    if (reach < roll) move = fleeMove(layout.footprint, centre, u.facing, e, reach, around);
  }
  const base = { unit: u.id, from: source?.id ?? null, dice, roll, cause: away.rule };
  const gameTurn = state.turn.gameTurn;
  const riders = joinedCharacters(state, u.id);

  if (move.kind === "destroyed") {
    const removed = { reason: "destroyed" as const, gameTurn };
    ctx.emit("unit/fled", away.rule, { ...base, distance: 0 });
    ctx.emit("unit/destroyed", "CORE-FLEE-4", { unit: u.id, path: "CORE-GEO-26", characters: riders.map((c) => c.id) });
    let s: BattleState = { ...state, units: { ...state.units, [u.id]: { ...u, order: "FLEEING", flags: { ...u.flags, moved: true }, removed } } };
    s = withRiders(s, riders, (c) => carryCharacter(c, centre, 0, { x: 0, y: 0 }, removed));
    return { state: removeMergedWith(s, u.id, removed), outcome: "destroyed", roll };
  }

  const turn = angleDiff(u.facing, move.facing);
  const shift = scale(move.direction, move.travelled);
  const removed = move.leftTable ? { reason: "fledTable" as const, gameTurn } : null;
  const moved: Unit = {
    ...u,
    order: "FLEEING",
    flags: { ...u.flags, moved: true },
    position: carry(u.position, centre, turn, shift),
    facing: normalizeAngle(u.facing + turn),
    models: u.models === null ? null : u.models.map((m) => ({ ...carry(m, centre, turn, shift), facing: normalizeAngle(m.facing + turn) })),
    removed: removed ?? u.removed,
  };
  ctx.emit("unit/fled", away.rule, {
    ...base,
    distance: move.travelled,
    facing: moved.facing,
    searchAngle: move.searchAngle,
    stoppedShort: move.stoppedShort,
    passedThrough: [...move.passedThrough],
  });
  let s: BattleState = { ...state, units: { ...state.units, [u.id]: moved } };
  s = withRiders(s, riders, (c) => carryCharacter(c, centre, turn, shift, removed));
  if (move.leftTable) {
    ctx.emit("unit/leftTable", "CORE-FLEE-5", { unit: u.id, characters: riders.map((c) => c.id) });
    return { state: removed === null ? s : removeMergedWith(s, u.id, removed), outcome: "leftTable", roll };
  }
  return { state: s, outcome: "moved", roll };
}

/** A copy of the state with each joined character replaced by `f(character)`. */
function withRiders(state: BattleState, riders: readonly Character[], f: (c: Character) => Character): BattleState {
  if (riders.length === 0) return state;
  const characters = { ...state.characters };
  for (const c of riders) characters[c.id] = f(c);
  return { ...state, characters };
}
