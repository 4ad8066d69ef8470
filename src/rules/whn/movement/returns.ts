/**
 * Pursuers coming back (CORE-PURS-7, AMB-03): a unit whose pursuit took it off the table left play
 * with `returnAt`, the point of the edge where it crossed. In its owner's next movement phase it is
 * put back on the table touching that edge there, facing in, and may not move further that phase
 * (it may still shoot and do everything else). A spot taken by another unit is searched for along
 * the same edge; with none free it waits for a later movement phase.
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Vec2 } from "../../../geometry/vec.js";
import { footprintOf, layoutOf, withUnit } from "../unit.js";
import { checkPlacement } from "./path.js";

/** How far apart (inches) the spots tried along the edge are, and how many on each side of the exit point. */
const SLIDE_STEP = 1;
const SLIDE_TRIES = 24;

/** The table edge nearest a point, as the facing (degrees) that looks into the table from it. */
function inwardFacing(state: BattleState, p: Vec2): number {
  const { width, height } = state.table;
  const gaps: [number, number][] = [
    [p.y, 90],
    [height - p.y, 270],
    [p.x, 0],
    [width - p.x, 180],
  ];
  let best = gaps[0] as [number, number];
  for (const g of gaps) if (g[0] < best[0]) best = g;
  return best[1];
}

/** A unit standing with its rear edge on the table edge at `along`, facing in; its front-edge centre is `depth` in from the edge. */
function standingAt(u: Unit, facing: number, edgeX: number | null, edgeY: number | null, along: number, depth: number): Unit {
  const position =
    facing === 90 ? { x: along, y: depth } : facing === 270 ? { x: along, y: (edgeY ?? 0) - depth } : facing === 0 ? { x: depth, y: along } : { x: (edgeX ?? 0) - depth, y: along };
  return { ...u, position, facing, removed: null, returnAt: null };
}

/** Where a pursuer that left the table comes back, or null when every spot along the edge is taken. */
export function returnSpot(state: BattleState, u: Unit): Unit | null {
  const at = u.returnAt;
  if (at === null) return null;
  const facing = inwardFacing(state, at);
  const depth = layoutOf({ ...u, facing }).depth;
  const horizontal = facing === 90 || facing === 270;
  const length = horizontal ? state.table.width : state.table.height;
  const start = horizontal ? at.x : at.y;
  const back = (over: number): Unit => standingAt(u, facing, state.table.width, state.table.height, over, depth);
  for (let k = 0; k <= 2 * SLIDE_TRIES; k++) {
    const shift = (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2) * SLIDE_STEP;
    const along = Math.min(length, Math.max(0, start + shift));
    const placed = back(along);
    // It comes back beside enemies if it must (it left them there), but never on a unit or off the table.
    if (checkPlacement(state, u, [footprintOf(placed)], { allowNearEnemy: true }) === null) return placed;
  }
  return null;
}

/**
 * Brings back the active side's pursuers that left the table (CORE-PURS-7), with the detachments
 * merged into them that left with them (WHN-DET-5); run as the movement phase begins.
 * @example state = returnPursuers(state, ctx);
 */
export function returnPursuers(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (const id of Object.keys(state.units).sort()) {
    const u = s.units[id as UnitId];
    if (u === undefined || u.side !== state.turn.activeSide || u.removed?.reason !== "offTable" || u.mergedInto !== null) continue;
    const placed = returnSpot(s, u);
    if (placed === null) continue;
    s = withUnit(s, { ...placed, flags: { ...placed.flags, moved: true, moveUsed: 1 } });
    for (const d of Object.values(s.units)) if (d.mergedInto === u.id && d.removed?.reason === "offTable") s = withUnit(s, { ...d, removed: null });
    ctx.emit("unit/returned", "CORE-PURS-7", { unit: u.id, to: { ...placed.position }, facing: placed.facing });
  }
  return s;
}
