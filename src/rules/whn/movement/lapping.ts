/**
 * Cavalry lapping round on the charge (WHN-CHRG-7, WHN-CHRG-8): when a cavalry charger's front
 * covers the whole charged face of a non-square infantry unit, up to two overhanging models per side
 * wrap round to that side's flank where there is room. The state has no slot for wrapped models, so
 * the fact is told by a `charge/lappedRound` event (combat judges flanks from the contacts, build.ts).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Quadrant } from "../../../geometry/arcs.js";
import { faceEdge } from "../../../geometry/arcs.js";
import type { ContactPlacement } from "../../../geometry/charge.js";
import type { OrientedRect } from "../../../geometry/rect.js";
import { rectBehindFrame, rectsOverlap } from "../../../geometry/rect.js";
import { EPSILON, addScaled, dist, normalize, right, sub } from "../../../geometry/vec.js";
import { footprintOf, layoutOf, unitsOnTable } from "../unit.js";
import { inImpassable } from "./path.js";
import { terrainOf } from "./free.js";
import { traitsOf } from "../../traits.js";

/** Most models per side that may lap round (WHN-CHRG-7). */
export const MAX_LAP_PER_SIDE = 2;

/** One side's lap: the target's flank reached and how many models wrap round. */
export interface Lap {
  readonly flank: Quadrant;
  readonly models: number;
}

const ADJACENT: Readonly<Record<Quadrant, readonly [Quadrant, Quadrant]>> = {
  front: ["left", "right"],
  rear: ["left", "right"],
  left: ["front", "rear"],
  right: ["front", "rear"],
};

/**
 * The laps a placed cavalry charger makes (WHN-CHRG-7); empty when it does not cover the face. Per
 * side, the models that lap are at most 2, at most the whole bases that overhang, and at most the
 * bases that, laid side by side along the flank from its front corner, still touch the flank (so
 * against a two-rank line the second passes the flank's rear corner, AMB-110); fewer when a unit or
 * impassable terrain stands where they would go.
 */
export function computeLaps(state: BattleState, charger: Unit, target: Unit, face: Quadrant, placed: ContactPlacement, width: number): Lap[] {
  // WHN-CHRG-7 is a WHN rule: under the core rules models lap round only by redressing (CORE-REDR-1).
  if (!traitsOf(state).cavalryLapping || charger.troopType !== "cavalry" || target.troopType !== "infantry" || target.formation === "SQUARE") return [];
  const rect = layoutOf(target).footprint[0] as OrientedRect;
  const edge = faceEdge(rect, face);
  const F = edge.length;
  // A charger narrower than the face leaves an overhang below −EPSILON on one side at least.
  const rightOver = placed.offset + width / 2 - F / 2;
  const leftOver = width / 2 - placed.offset - F / 2;
  if (rightOver < -EPSILON || leftOver < -EPSILON) return [];
  const others = unitsOnTable(state).filter((o) => o.id !== charger.id && o.id !== target.id).flatMap((o) => footprintOf(o));
  const terrain = terrainOf(state);
  const w = charger.base.w;
  const out: Lap[] = [];
  for (const [over, sign] of [[leftOver, -1], [rightOver, 1]] as const) {
    let n = Math.min(MAX_LAP_PER_SIDE, Math.floor((over + EPSILON) / w));
    // The end of the face on this side of the charger, and the target flank that meets it there.
    const end = addScaled(edge.mid, right(placed.frame.facing), (sign * F) / 2);
    const [fa, fb] = ADJACENT[face];
    const ea = faceEdge(rect, fa);
    const eb = faceEdge(rect, fb);
    const flankEdge = dist(end, ea.mid) - ea.length / 2 <= dist(end, eb.mid) - eb.length / 2 ? ea : eb;
    // Laid side by side along the flank from its front corner, a model laps while it still touches
    // the flank: a flank shorter than n bases lets the last one pass its rear corner (AMB-110).
    n = Math.min(n, Math.ceil(flankEdge.length / w - EPSILON));
    const corner = dist(flankEdge.a, end) <= dist(flankEdge.b, end) ? flankEdge.a : flankEdge.b;
    const along = normalize(sub(flankEdge.a === corner ? flankEdge.b : flankEdge.a, corner));
    for (; n > 0; n--) {
      const mid = addScaled(corner, along, (n * w) / 2);
      const zone = rectBehindFrame({ p: mid, facing: flankEdge.facing + 180 }, n * w, charger.base.d);
      const blocked = others.some((o) => rectsOverlap(o, zone)) || inImpassable([zone], terrain);
      if (!blocked) break;
    }
    if (n > 0) out.push({ flank: flankEdge.face, models: n });
  }
  return out;
}

/** Records the laps (WHN-CHRG-7) and their flank effect (WHN-CHRG-8, `whn.lapIsFullFlankAttack`). */
export function recordLaps(charger: Unit, target: Unit, combat: string, laps: readonly Lap[], ctx: ActionContext): void {
  if (laps.length === 0) return;
  ctx.emit("charge/lappedRound", "WHN-CHRG-7", {
    unit: charger.id,
    target: target.id,
    combat,
    laps: laps.map((l) => ({ flank: l.flank, models: l.models })),
  });
  ctx.emit("combat/flankAttack", "WHN-CHRG-8", {
    unit: charger.id,
    target: target.id,
    combat,
    flankBonus: 1,
    models: laps.reduce((n, l) => n + l.models, 0),
    removesRankBonus: ctx.options.whn.lapIsFullFlankAttack,
    panicTest: false,
  });
}

/** Laps made on the charge this movement phase, per charger (for the first round of their combats). */
export function lapsThisTurn(state: BattleState): BattleState["facts"]["movement"]["laps"] {
  return state.facts.movement.laps;
}
