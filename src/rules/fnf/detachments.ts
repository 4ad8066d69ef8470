import type { BattleState } from "../../state/battle.js";
import type { ActionContext, Outcome } from "../../engine/context.js";
import { fail, ok } from "../../engine/context.js";
import { violation } from "../../engine/violation.js";
import { rectsOverlap } from "./geometry/prims.js";
import { basesDistance, rectsOf } from "./geometry/measure.js";
import { detachmentInHardCover } from "./geometry/terrain.js";
import type { DetachAction, RejoinAction } from "./actions.js";
import type { Unit } from "./units.js";
import { activeUnits, fnfOf, normalMove, putUnit, removeUnit, unitOf, FRESH_TURN } from "./units.js";
import { layout } from "./world.js";
import { withBases } from "./geometry/layout.js";

/** Whether a brigade may still make a half-move formation change this phase (FNF-FORM-4, FNF-DET-2). */
function changeAllowed(u: Unit): string | null {
  const rec = u.turn.maneuver;
  if (rec === null) return "fnf/must_roll_first";
  if (!rec.mayChange || rec.changed || rec.moved) return "fnf/no_formation_change";
  if (rec.allowance + 1e-9 < normalMove(u) / 2) return "fnf/too_far";
  return null;
}

/** Spends a half-move formation change of a brigade's maneuver allowance. */
function spendChange(u: Unit): Unit {
  const rec = u.turn.maneuver;
  if (rec === null) return u;
  return { ...u, turn: { ...u.turn, changedFormation: true, maneuver: { ...rec, changed: true, allowance: rec.allowance - normalMove(u) / 2 } } };
}

/** A brigade makes a temporary detachment in hard cover within one move (FNF-DET-1, FNF-DET-2). */
export function detach(state: BattleState, a: DetachAction, ctx: ActionContext): Outcome {
  const u = unitOf(state, a.unit);
  const v = (code: string, rule: Parameters<typeof violation>[1], d: Parameters<typeof violation>[2] = {}): Outcome => fail(violation(code, rule, { unit: a.unit, ...d }));
  if (u === undefined || u.kind !== "brigade" || u.arm !== "infantry") return v("fnf/cannot_detach", "FNF-DET-2");
  if (u.side !== state.turn.activeSide) return v("fnf/not_your_unit", "FNF-DET-2");
  const why = changeAllowed(u);
  if (why !== null) return v(why, "FNF-DET-2");
  if (u.bases < 2) return v("fnf/cannot_detach", "FNF-DET-2", { bases: u.bases });
  if (Object.hasOwn(fnfOf(state).units, a.id) || Object.hasOwn(fnfOf(state).leaders, a.id)) return v("fnf/id_taken", "FNF-DET-2", { id: a.id });
  const det: Unit = {
    ...u,
    id: a.id,
    name: `${u.name} (detachment)`,
    kind: "detachment",
    bases: 1,
    startingBases: 1,
    detached: 0,
    parent: u.id,
    formation: "LINE",
    position: a.position,
    facing: a.facing,
    exceptionalBrigadier: false,
    turn: FRESH_TURN,
  };
  const rect = rectsOf(layout(det));
  const parentRects = rectsOf(layout(u));
  if (!rect.every((r) => detachmentInHardCover(state.terrain, r))) return v("fnf/not_hard_cover", "FNF-DET-1");
  if (basesDistance(rect, parentRects) > normalMove(u) + 1e-3) return v("fnf/detachment_too_far", "FNF-DET-2", { max: normalMove(u) });
  for (const o of activeUnits(state)) {
    if (o.id !== u.id && rectsOf(layout(o)).some((r) => rect.some((x) => rectsOverlap(r, x)))) return v("fnf/overlap", "FNF-GEO-2a", { other: o.id });
  }
  let s = putUnit(state, spendChange({ ...withBases(u, u.bases - 1), detached: u.detached + 1 }));
  s = putUnit(s, det);
  ctx.emit("fnf/detached", "FNF-DET-2", { unit: u.id, detachment: a.id, position: [a.position.x, a.position.y] });
  return ok(s);
}

/** A temporary detachment within one move rejoins its parent (FNF-DET-2, FNF-DET-3). */
export function rejoin(state: BattleState, a: RejoinAction, ctx: ActionContext): Outcome {
  const d = unitOf(state, a.detachment);
  if (d === undefined || d.kind !== "detachment" || d.parent === null) return fail(violation("fnf/cannot_rejoin", "FNF-DET-3", { detachment: a.detachment }));
  const p = unitOf(state, d.parent);
  if (p === undefined) return fail(violation("fnf/cannot_rejoin", "FNF-DET-3", { detachment: a.detachment }));
  if (p.side !== state.turn.activeSide) return fail(violation("fnf/not_your_unit", "FNF-DET-2", { unit: p.id }));
  const why = changeAllowed(p);
  if (why !== null) return fail(violation(why, "FNF-DET-2", { unit: p.id }));
  if (basesDistance(rectsOf(layout(d)), rectsOf(layout(p))) > normalMove(p) + 1e-3) return fail(violation("fnf/detachment_too_far", "FNF-DET-2", { detachment: d.id, max: normalMove(p) }));
  let s = removeUnit(state, d.id, "rejoined", "FNF-DET-2", ctx);
  s = putUnit(s, spendChange({ ...withBases(p, p.bases + 1), detached: Math.max(0, p.detached - 1) }));
  ctx.emit("fnf/rejoined", "FNF-DET-2", { unit: p.id, detachment: d.id });
  return ok(s);
}
