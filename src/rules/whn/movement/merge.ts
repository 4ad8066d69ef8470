/**
 * Merging and splitting a detachment (WHN-DET-5): the elites walk into their parent's ranks and
 * later step out again. Each is a formation change of the parent (WHN-FCHG-5), so it costs the
 * parent by its quality, counts toward its one change a turn and needs the WHN-FCHG-4 check when
 * an enemy could charge it. While merged the detachment is off the table and its models stand in
 * the parent (see `../combined.ts` for what they do there, CORE-UNIT-1).
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Formation, Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { addScaled, leq, normalizeAngle, right } from "../../../geometry/vec.js";
import { combinedOf } from "../combined.js";
import { enemiesOf, footprintOf, getUnit, joinedCharacters, layoutOf, withCharacter, withUnit } from "../unit.js";
import type { MergeDetachmentAction, SplitDetachmentAction } from "./actions.js";
import { changePrice, passesFormationCheck, reform, spendChange } from "./changeFormation.js";
import { baseMove, layoutAt, readyToMove, refuse, whyStationary } from "./common.js";
import { parentOf } from "./detachments.js";
import { canAdopt, filesBeyondModels } from "./formations.js";
import { checkPlacement } from "./path.js";
import { extendedModelsAt } from "./skirmish.js";

/** Parent formations with ranks the elites can stand in. */
const RANKED: ReadonlySet<Formation> = new Set(["LINE", "ATTACK_COLUMN", "MARCH_COLUMN", "CAV_LINE", "CAV_COLUMN"]);

/** Files of a unit re-formed with `figures` models: a LINE keeps its ranks (WHN-FORM-5), others their files. */
function filesWith(u: Unit, figures: number): number {
  if (u.formation !== "LINE") return u.files;
  return u.files >= u.figures ? figures : Math.ceil(figures / 2);
}

/** The parent re-formed about its front rank's middle model with `figures` models (WHN-FCHG-3). */
function regroup(state: BattleState, parent: Unit, figures: number): Unit | Violation {
  return reform(state, { ...parent, figures }, parent.formation, filesWith(parent, figures), undefined);
}

/** Logs a merge or split that its WHN-FCHG-4 check stopped, and spends the parent's change. */
function stopped(state: BattleState, parent: Unit, cost: number, change: "merge" | "split", detachment: Unit, ctx: ActionContext): Outcome {
  ctx.emit("unit/formationChangeFailed", "WHN-FCHG-4", { unit: parent.id, formation: parent.formation, cost, change, detachment: detachment.id });
  return ok(withUnit(state, { ...parent, flags: spendChange(parent, cost) }));
}

/** Logs whether the merged elites now lend the unit their Leadership and save (CORE-UNIT-1). */
function logValues(state: BattleState, parent: Unit, ctx: ActionContext): void {
  const c = combinedOf(state, parent);
  if (c === null) return;
  ctx.emit("unit/combinedValues", "CORE-UNIT-1", { unit: parent.id, elites: c.elites, elitesInFront: c.elitesInFront, front: c.front, superiorValues: c.applies, from: c.superior.id });
}

/** `movement/mergeDetachment`: the detachment forms up in its parent's ranks (WHN-DET-5). */
export function mergeDetachment(state: BattleState, a: MergeDetachmentAction, ctx: ActionContext): Outcome {
  const d = readyToMove(state, a.unit);
  if ("code" in d) return fail(d);
  if (d.detachmentOf === null) return fail(refuse("not_a_detachment", "WHN-DET-5", { unit: d.id }));
  const p = parentOf(state, d);
  if (p === null) return fail(refuse("parent_gone", "WHN-DET-5", { unit: d.id, parent: d.detachmentOf }));
  const reach = baseMove(state, d);
  const distance = footprintDistance(footprintOf(d), footprintOf(p));
  if (!leq(distance, reach)) return fail(refuse("merge_out_of_reach", "WHN-DET-5", { unit: d.id, parent: p.id, distance, reach }));
  // It walks into the ranks with its whole move.
  if (d.flags.moved) return fail(refuse("detachment_moved", "WHN-DET-5", { unit: d.id }));
  if (d.troopType !== p.troopType) return fail(refuse("merge_troop_type", "WHN-DET-5", { unit: d.id, parent: p.id, troopType: d.troopType, parentType: p.troopType }));
  const still = whyStationary(state, p);
  if (still !== null) return fail(still);
  if (!RANKED.has(p.formation)) return fail(refuse("merge_formation", "WHN-DET-5", { unit: d.id, parent: p.id, formation: p.formation }));
  const cost = changePrice(state, p);
  if (typeof cost !== "number") return fail(cost);
  // The detachment leaves the table first, so the parent's deeper block may take its place.
  const merged: Unit = {
    ...d,
    mergedInto: p.id,
    flags: { ...d.flags, moved: true, moveUsed: 1 },
    phase: { ...d.phase, figuresAtStart: 0, casualties: 0 },
  };
  const off = withUnit(state, merged);
  const grown = regroup(off, p, p.figures + d.figures);
  if ("code" in grown) return fail(grown);
  if (!passesFormationCheck(state, p, ctx)) return stopped(state, p, cost, "merge", d, ctx);
  // The detachment's Panic counters join the parent's, so the pooled test counts the same (WHN-DET-3).
  const phase = {
    figuresAtStart: p.phase.figuresAtStart + d.phase.figuresAtStart,
    casualties: p.phase.casualties + d.phase.casualties,
    panicTested: p.phase.panicTested || d.phase.panicTested,
  };
  let s = withUnit(off, { ...grown, flags: spendChange(p, cost), phase });
  for (const c of joinedCharacters(state, d.id)) s = withCharacter(s, { ...c, joinedTo: p.id });
  ctx.emit("unit/detachmentMerged", "WHN-DET-5", {
    unit: d.id,
    parent: p.id,
    elites: d.figures,
    figures: grown.figures,
    cost,
    free: cost === 0,
    from: { ...d.position },
    to: { ...grown.position },
  });
  logValues(s, grown, ctx);
  return ok(s);
}

/** Where a split detachment stands by default: beside the parent's right flank, else its left, facing its way. */
function besideParent(parent: Unit, d: Unit): Unit[] {
  const half = (layoutOf(parent).width + layoutOf(d).width) / 2;
  return [1, -1].map((side) => ({ ...d, position: addScaled(parent.position, right(parent.facing), side * half) }));
}

/**
 * The detachment out of the ranks at `to` (or beside the parent), facing and formed as asked. By
 * default it resumes the formation it merged from, closed up over its losses as WHN-FORM-8 would
 * have; its minimum shape is checked only when the player names a formation or width (as for
 * casualties, AMB-09: minima hold when a formation is adopted).
 */
function stepOut(state: BattleState, parent: Unit, d: Unit, a: SplitDetachmentAction): Unit | Violation {
  const formation = a.formation ?? d.formation;
  const files = a.files ?? (formation === d.formation ? Math.max(1, Math.min(filesWith(d, d.figures), d.figures)) : d.files);
  const facing = normalizeAngle(a.facing ?? parent.facing);
  const shaped: Unit = { ...d, mergedInto: null, formation, files, facing, position: { ...(a.to ?? parent.position) }, models: null, order: parent.order };
  if (a.formation !== undefined || a.files !== undefined) {
    const bad = filesBeyondModels(shaped, formation, a.files) ?? canAdopt(shaped, formation, files, state);
    if (bad !== null) return bad;
  }
  const spots = a.to !== undefined ? [shaped] : besideParent(parent, shaped);
  let why: Violation | null = null;
  for (const spot of spots) {
    const placed: Unit = formation === "EXTENDED_ORDER" ? { ...spot, models: extendedModelsAt(spot, files, layoutAt(spot, { p: spot.position, facing }).frame) } : spot;
    why = placementProblem(state, parent, placed);
    if (why === null) return placed;
  }
  return why ?? refuse("no_room_beside_parent", "WHN-DET-5", { unit: d.id, parent: parent.id });
}

/** Why the detachment cannot stand there: overlap, table edge, impassable ground, within 1" of an enemy, or beyond its move of the parent. */
function placementProblem(state: BattleState, parent: Unit, placed: Unit): Violation | null {
  const fp = footprintOf(placed);
  const clash = checkPlacement(state, placed, [fp], { allowNearEnemy: true });
  if (clash !== null) return clash;
  for (const e of enemiesOf(state, placed.side)) {
    const distance = footprintDistance(fp, footprintOf(e));
    if (leq(distance, 1)) return refuse("too_close_to_enemy", "CORE-MOVE-4", { unit: placed.id, enemy: e.id, distance });
  }
  const reach = baseMove(state, placed);
  const distance = footprintDistance(fp, footprintOf(parent));
  if (!leq(distance, reach)) return refuse("split_out_of_reach", "WHN-DET-5", { unit: placed.id, parent: parent.id, distance, reach });
  return null;
}

/** `movement/splitDetachment`: a merged detachment steps out of its parent's ranks (WHN-DET-5). */
export function splitDetachment(state: BattleState, a: SplitDetachmentAction, ctx: ActionContext): Outcome {
  const p = readyToMove(state, a.unit);
  if ("code" in p) return fail(p);
  const d = getUnit(state, a.detachment);
  if (d === undefined || d.mergedInto !== p.id || d.removed !== null) return fail(refuse("not_merged", "WHN-DET-5", { unit: p.id, detachment: a.detachment }));
  const own = p.figures - d.figures;
  if (own < 1) return fail(refuse("split_empties_parent", "WHN-DET-5", { unit: p.id, detachment: d.id, figures: p.figures, elites: d.figures }));
  const cost = changePrice(state, p);
  if (typeof cost !== "number") return fail(cost);
  const shrunk = regroup(state, p, own);
  if ("code" in shrunk) return fail(shrunk);
  const placed = stepOut(withUnit(state, shrunk), shrunk, d, a);
  if ("code" in placed) return fail(placed);
  if (!passesFormationCheck(state, p, ctx)) return stopped(state, p, cost, "split", d, ctx);
  // The elites take their share of the Panic counters back; the pooled sums do not change (WHN-DET-3).
  const share = Math.min(p.phase.figuresAtStart, d.figures);
  const parent: Unit = { ...shrunk, flags: spendChange(p, cost), phase: { ...p.phase, figuresAtStart: p.phase.figuresAtStart - share } };
  const out: Unit = { ...placed, flags: { ...d.flags, moved: true, moveUsed: 1 }, phase: { figuresAtStart: share, casualties: 0, panicTested: p.phase.panicTested } };
  const s = withUnit(withUnit(state, parent), out);
  ctx.emit("unit/detachmentSplit", "WHN-DET-5", {
    unit: d.id,
    parent: p.id,
    elites: out.figures,
    figures: parent.figures,
    cost,
    free: cost === 0,
    to: { ...out.position },
    facing: out.facing,
    formation: out.formation,
    files: out.files,
  });
  logValues(s, parent, ctx);
  return ok(s);
}
