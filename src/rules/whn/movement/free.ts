/**
 * Free-direction movers (CORE-GEO-19): a SQUARE slides up to M/2 in any direction without turning
 * (WHN-MOVE-5); an EXTENDED_ORDER unit moves each model on its own, each up to the allowance
 * (WHN-MOVE-7), keeping its spacing and coherency (WHN-SKIRM-3/4).
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import { segmentTerrainCost, sweptTerrainCost } from "../../../geometry/movement.js";
import type { Footprint } from "../../../geometry/rect.js";
import { rectFrontCenter } from "../../../geometry/rect.js";
import { dist, leq, normalize, normalizeAngle, sub, addScaled, type Vec2 } from "../../../geometry/vec.js";
import { footprintOf, withUnit } from "../unit.js";
import { terrainOf } from "../terrain.js";
import type { MoveToAction } from "./actions.js";
import { baseMove, moveRate, readyToMove, refuse } from "./common.js";
import { detachmentRangeViolation } from "./detachments.js";
import { whyNoMarch } from "./moves.js";
import { checkPlacement } from "./path.js";
import { extendedOrderViolation, modelRects } from "./skirmish.js";
import { hypot } from "../../../math/index.js";

const SAMPLE_INCHES = 0.25;

export { terrainOf } from "../terrain.js";

/** Footprints of a translated footprint sampled along the straight line to `by`. */
function sampleSlide(fp: Footprint, by: Vec2): Footprint[] {
  const n = Math.max(1, Math.ceil(hypot(by.x, by.y) / SAMPLE_INCHES));
  const out: Footprint[] = [];
  for (let i = 1; i <= n; i++) out.push(fp.map((r) => ({ ...r, center: addScaled(r.center, by, i / n) })));
  return out;
}

/** A square's move: up to M/2 (less what it has used) in any direction, facing unchanged (WHN-MOVE-5). */
function moveSquare(state: BattleState, u: Unit, to: Vec2, ctx: ActionContext): Outcome {
  const rate = moveRate(state, u);
  const allowance = (1 - u.flags.moveUsed) * rate;
  const d = dist(u.position, to);
  const by = sub(to, u.position);
  const fp = footprintOf(u);
  const t = d > 0 ? sweptTerrainCost(fp, normalize(by), d, terrainOf(state), baseMove(state, u)) : { surcharge: 0, entersImpassable: false };
  const cost = d + t.surcharge;
  if (!leq(cost, allowance)) return fail(refuse("too_far", t.surcharge > 0 ? "CORE-MOVE-5" : "WHN-MOVE-5", { unit: u.id, cost, allowance }));
  if (t.entersImpassable) return fail(refuse("impassable", "CORE-MOVE-5", { unit: u.id }));
  const blocked = checkPlacement(state, u, sampleSlide(fp, by));
  if (blocked !== null) return fail(blocked);
  const moved: Unit = { ...u, position: { ...to }, flags: { ...u.flags, moved: true, moveUsed: Math.min(1, u.flags.moveUsed + cost / rate) } };
  const det = detachmentRangeViolation(state, u, moved);
  if (det !== null) return fail(det);
  ctx.emit("unit/moved", "WHN-MOVE-5", { unit: u.id, from: { ...u.position }, to: { ...to }, cost, allowance });
  return ok(withUnit(state, moved));
}

/** An extended-order unit's move: each model on its own, each within the allowance (WHN-MOVE-7). */
function moveLoose(state: BattleState, u: Unit, models: NonNullable<MoveToAction["models"]>, march: boolean, ctx: ActionContext): Outcome {
  const from = u.models;
  if (from === null || models.length !== from.length) {
    return fail(refuse("model_count", "WHN-MOVE-7", { unit: u.id, expected: from?.length ?? u.figures, got: models.length }));
  }
  if (march) {
    const no = whyNoMarch(state, u);
    if (no !== null) return fail(no);
  }
  const M = baseMove(state, u);
  const allowance = march ? 2 * M : (1 - u.flags.moveUsed) * M;
  const terrain = terrainOf(state);
  let most = 0;
  const next = models.map((m, i) => {
    const f = from[i] as { x: number; y: number; facing: number };
    return { x: m.x, y: m.y, facing: normalizeAngle(m.facing ?? f.facing) };
  });
  const samples: Footprint[] = [];
  for (let i = 0; i < next.length; i++) {
    const a = from[i] as { x: number; y: number; facing: number };
    const b = next[i] as { x: number; y: number; facing: number };
    const cost = dist(a, b) + segmentTerrainCost(a, b, terrain, M).surcharge;
    if (!leq(cost, allowance)) return fail(refuse("too_far", "WHN-MOVE-7", { unit: u.id, model: i, cost, allowance }));
    most = Math.max(most, cost);
    const rect = modelRects(u, [b])[0];
    if (rect === undefined) continue;
    const start = modelRects(u, [a])[0];
    if (start !== undefined) samples.push(...sampleSlide([{ ...start, facing: b.facing }], sub(b, a)));
  }
  const spacing = extendedOrderViolation(u, next);
  if (spacing !== null) return fail(spacing);
  const blocked = checkPlacement(state, u, samples);
  if (blocked !== null) return fail(blocked);
  const first = modelRects(u, next)[0];
  const position = first === undefined ? u.position : rectFrontCenter(first);
  const moved: Unit = {
    ...u,
    models: next,
    position: { ...position },
    facing: next[0]?.facing ?? u.facing,
    flags: { ...u.flags, moved: true, marched: u.flags.marched || march, moveUsed: march ? 1 : Math.min(1, u.flags.moveUsed + (M > 0 ? most / M : 1)) },
  };
  const det = detachmentRangeViolation(state, u, moved);
  if (det !== null) return fail(det);
  ctx.emit(march ? "unit/marched" : "unit/moved", "WHN-MOVE-7", { unit: u.id, models: next.length, longest: most, allowance });
  return ok(withUnit(state, moved));
}

/** `movement/moveTo`: a square's slide (WHN-MOVE-5) or extended-order models moving each on their own (WHN-MOVE-7). */
export function moveTo(state: BattleState, a: MoveToAction, ctx: ActionContext): Outcome {
  const u = readyToMove(state, a.unit);
  if ("code" in u) return fail(u);
  if (u.flags.marched) return fail(refuse("already_marched", "CORE-MOVE-2", { unit: u.id }));
  if (u.formation === "SQUARE") {
    if (a.march) return fail(refuse("may_not_march", "WHN-MOVE-5", { unit: u.id, formation: u.formation }));
    if (a.to === undefined) return fail(refuse("missing_destination", "WHN-MOVE-5", { unit: u.id }));
    return moveSquare(state, u, a.to, ctx);
  }
  if (u.formation === "EXTENDED_ORDER") {
    if (a.models === undefined) return fail(refuse("missing_destination", "WHN-MOVE-7", { unit: u.id }));
    return moveLoose(state, u, a.models, a.march, ctx);
  }
  return fail(refuse("not_free_mover", "CORE-GEO-19", { unit: u.id, formation: u.formation }));
}
