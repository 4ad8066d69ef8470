/**
 * Shooting at characters (CORE-LOS-1, CORE-LOS-2, AMB-05, AMB-06, AMB-105): who may be picked out
 * and "Look out, sir". Shooting calls these; the to-hit and wound rolls stay shooting's.
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Character, Unit } from "../../../state/unit.js";
import { footprintInUnitArc, unitQuadrant } from "../../../geometry/arcs.js";
import { layoutUnit } from "../../../geometry/layout.js";
import { footprintDistance, type Footprint } from "../../../geometry/rect.js";
import { lineOfSight } from "../../../geometry/sight.js";
import { EPSILON } from "../../../geometry/vec.js";
import { characterFootprint, enemiesOf, footprintOf, getUnit, layoutOf, unitDistance } from "../unit.js";
import { centreOf, terrainOf } from "./flee.js";

/** To-hit modifier for shots at a lone character (CORE-LOS-1, AMB-105). */
export const LONE_CHARACTER_TO_HIT = -1;

/** Where a missile hit on a joined character lands after "Look out, sir". */
export type LookOutSirResult = "character" | "unit";

/**
 * "Look out, sir" (CORE-LOS-2, AMB-06): for each missile hit landing on a joined character, one
 * D6: 1, the character is hit; 2–6, an ordinary model of his unit takes it instead.
 */
export function lookOutSir(c: Character, ctx: ActionContext): LookOutSirResult {
  const die = ctx.dice.d6();
  const result: LookOutSirResult = die === 1 ? "character" : "unit";
  ctx.emit("character/lookOutSir", "CORE-LOS-2", { character: c.id, unit: c.joinedTo, die, hit: result });
  return result;
}

/**
 * Whether shooters may pick out a joined character (CORE-LOS-1): his unit is the closest enemy unit
 * to them and he stands in the rank facing them (the front rank, CORE-GEO-8: the shooters are in
 * its front quadrant). Leaders, standard bearers and musicians are never picked out.
 */
export function mayPickOutJoinedCharacter(state: BattleState, shooter: Unit, c: Character): boolean {
  if (c.joinedTo === null || c.removed !== null) return false;
  const unit = getUnit(state, c.joinedTo);
  if (unit === undefined) return false;
  if (unitQuadrant(layoutOf(unit), centreOf(shooter)).face !== "front") return false;
  const d = unitDistance(shooter, unit);
  return enemiesOf(state, shooter.side).every((e) => e.id === unit.id || unitDistance(shooter, e) >= d - EPSILON);
}

/**
 * Whether shooters may target a lone character (CORE-LOS-1, AMB-105): he must be the closest enemy
 * they can see in their arc (units, fleeing ones included, and lone characters alike).
 */
export function mayTargetLoneCharacter(state: BattleState, shooter: Unit, c: Character): boolean {
  if (c.joinedTo !== null || c.removed !== null || c.side === shooter.side) return false;
  const view = layoutOf(shooter);
  const others = [...enemiesOf(state, shooter.side), ...Object.values(state.units).filter((u) => u.side === shooter.side && u.id !== shooter.id && u.removed === null && u.mergedInto === null)].map(
    (u) => ({ id: u.id as string, layout: layoutOf(u) }),
  );
  const lone = (ch: Character) => layoutUnit({ kind: "block", files: 1, count: 1, base: ch.base }, { p: ch.position, facing: ch.facing });
  const seen = (fp: Footprint, layout: ReturnType<typeof layoutOf>, id: string): boolean =>
    footprintInUnitArc(view, fp) && lineOfSight(view, layout, others.filter((o) => o.id !== id), terrainOf(state)).visible;
  const target = lone(c);
  if (!seen(characterFootprint(c), target, c.id)) return false;
  const d = footprintDistance(view.footprint, characterFootprint(c));
  for (const e of enemiesOf(state, shooter.side)) {
    const fp = footprintOf(e);
    if (footprintDistance(view.footprint, fp) < d - EPSILON && seen(fp, layoutOf(e), e.id)) return false;
  }
  for (const o of Object.values(state.characters) as Character[]) {
    if (o.id === c.id || o.side === shooter.side || o.joinedTo !== null || o.removed !== null) continue;
    const fp = characterFootprint(o);
    if (footprintDistance(view.footprint, fp) < d - EPSILON && seen(fp, lone(o), o.id)) return false;
  }
  return true;
}
