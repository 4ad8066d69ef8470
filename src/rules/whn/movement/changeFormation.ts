/**
 * Formation changes (WHN-FCHG-1…6): cost by quality as a fraction of the move, at most
 * `whn.maxFormationChangesPerTurn` per turn, the Leadership check when an enemy could charge the
 * unit, and the new layout pivoting on the old front rank's middle model (CORE-GEO-20).
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Formation, Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { isOwned } from "../../../engine/owned.js";
import { footprintInUnitArc } from "../../../geometry/arcs.js";
import { blockDimensions, blockSlotLocal, type BlockSpec, type SquareSpec, type UnitLayout } from "../../../geometry/layout.js";
import { formationPivot } from "../../../geometry/movement.js";
import { frameWithLocalAt, type Frame } from "../../../geometry/frame.js";
import { OPEN_ORDER_GAP } from "../../../geometry/bases.js";
import { isWithin } from "../../../geometry/rect.js";
import { leq, normalizeAngle } from "../../../geometry/vec.js";
import { effectiveLeadership, leadershipTest } from "../leadership.js";
import { footprintOf, layoutOf, unitsInPlayShared, withUnit } from "../unit.js";
import type { ChangeFormationAction } from "./actions.js";
import { activeUnit, baseMove, checkStep, refuse, whyStationary } from "./common.js";
import { detachmentRangeViolation } from "./detachments.js";
import { canAdopt, filesBeyondModels } from "./formations.js";
import { coreFormationRefusal, coreReformCost } from "../../core/formations.js";
import { checkPlacement } from "./path.js";
import { extendedModelsAt } from "./skirmish.js";
import { traitsOf } from "../../traits.js";

/**
 * The unit re-formed (CORE-GEO-20, WHN-FCHG-3): the middle model of the old front rank stays put
 * and the new formation is built about it, facing `facing` (default unchanged). Returns the new
 * unit or the violation (shape not allowed, or the new footprint would overlap a unit, impassable
 * ground or the table edge). Flags are left to the caller.
 */
export function reform(state: BattleState, u: Unit, formation: Formation, files: number | undefined, facing: number | undefined): Unit | Violation {
  const f = files ?? u.files;
  const bad = canAdopt(u, formation, f, state);
  if (bad !== null) return bad;
  const count = Math.max(1, u.figures);
  const spec: BlockSpec | SquareSpec =
    formation === "SQUARE"
      ? { kind: "square", count, base: u.base }
      : formation === "EXTENDED_ORDER"
        ? { kind: "block", files: f, count, base: u.base, gapX: u.base.w, gapY: u.base.w }
        : formation === "OPEN_ORDER"
          ? { kind: "block", files: f, count, base: u.base, gapX: OPEN_ORDER_GAP, gapY: OPEN_ORDER_GAP }
          : { kind: "block", files: f, count, base: u.base };
  const frame = reformFrame(layoutOf(u), spec, facing ?? u.facing);
  const next: Unit = {
    ...u,
    formation,
    files: formation === "SQUARE" ? u.files : f,
    position: { ...frame.p },
    facing: normalizeAngle(frame.facing),
    models: formation === "EXTENDED_ORDER" ? extendedModelsAt(u, f, frame) : null,
  };
  const clash = checkPlacement(state, u, [footprintOf(next)], { allowNearEnemy: true });
  return clash ?? next;
}

/**
 * Where the re-formed unit stands (CORE-GEO-20): the frame `changeFormation` (src/geometry/
 * movement.ts) lays the new formation out at, by the same arithmetic, without placing its models.
 * A dry run of every formation change of a legal-action listing needs only the new footprint, and
 * laying out a unit of 1 000 figures for each one was most of a listing's cost at the setup limits.
 */
export function reformFrame(old: UnitLayout, spec: BlockSpec | SquareSpec, facing: number): Frame {
  const pivot = formationPivot(old);
  if (spec.kind === "square") return { p: pivot, facing };
  const { files, width } = blockDimensions(spec);
  const { u, v } = blockSlotLocal(spec, width, Math.floor(files / 2), 0);
  return frameWithLocalAt(pivot, u, v, facing);
}

/**
 * Enemy units whose charge reach the unit is in (WHN-FCHG-4): infantry (and cavalry when
 * `whn.fchgCheckVsCavalry`), not fleeing, with the unit at least partly in their arc and within
 * twice their M. A fresh array, in id order.
 */
export function chargeThreats(state: BattleState, u: Unit): Unit[] {
  return threatsOf(state, u).slice();
}

/**
 * The threat table of the last units record asked about: every formation-change candidate of a
 * legal-action listing (a unit has up to a dozen) and every merge or split asks the same question
 * of the same state, and the answer reads only the units record (positions, orders, troop types),
 * the characters record (joined characters' M, WHN-LEAD-4) and the options record. Those records
 * are immutable in a state this engine built, so the table is kept only for such states (never for
 * an app's object or a draft, which could change under the key) and emptied when any of the three
 * is a new object.
 */
let tableUnits: BattleState["units"] | null = null;
let tableCharacters: BattleState["characters"] | null = null;
let tableOptions: BattleState["options"] | null = null;
const TABLE = new Map<Unit, readonly Unit[]>();

/** {@link chargeThreats}, shared (not to be changed by the caller): from the table when it can be. */
function threatsOf(state: BattleState, u: Unit): readonly Unit[] {
  if (!isOwned(state)) return findThreats(state, u);
  if (state.units !== tableUnits || state.characters !== tableCharacters || state.options !== tableOptions) {
    TABLE.clear();
    tableUnits = state.units;
    tableCharacters = state.characters;
    tableOptions = state.options;
  }
  let t = TABLE.get(u);
  if (t === undefined) {
    t = findThreats(state, u);
    TABLE.set(u, t);
  }
  return t;
}

/** The threats measured: the cheap tests first, then bounding circles, then the exact distance and arc. */
function findThreats(state: BattleState, u: Unit): Unit[] {
  const fp = footprintOf(u);
  const vsCav = state.options.whn.fchgCheckVsCavalry;
  const out: Unit[] = [];
  for (const e of unitsInPlayShared(state)) {
    if (e.side === u.side || e.order === "FLEEING" || !(e.troopType === "infantry" || (vsCav && e.troopType === "cavalry"))) continue;
    const efp = footprintOf(e);
    // isWithin: never "apart" by the bounding circles when the exact distance is within reach.
    if (!isWithin(efp, fp, 2 * baseMove(state, e))) continue;
    if (footprintInUnitArc(layoutOf(e), fp)) out.push(e);
  }
  return out;
}

/** The fraction of the move a change costs now (WHN-FCHG-1), or the violation. */
export function changeCost(u: Unit): number | Violation {
  if (u.quality === "VETERAN" && u.flags.moveUsed === 0 && u.flags.formationChanges === 0) return 0;
  if (u.quality === "RAW") {
    if (u.flags.moveUsed > 0) return refuse("raw_change_after_moving", "WHN-FCHG-1", { unit: u.id, moveUsed: u.flags.moveUsed });
    return 1;
  }
  if (!leq(u.flags.moveUsed, 0.5)) return refuse("no_move_left_for_change", "WHN-FCHG-1", { unit: u.id, moveUsed: u.flags.moveUsed });
  return 0.5;
}

/**
 * What a formation change would cost the unit now (WHN-FCHG-1), or why it may make no more this
 * turn (WHN-FCHG-2). Shared by every formation change (WHN-FCHG-5): changing formation, merging
 * and splitting a detachment (WHN-DET-5).
 */
export function changePrice(state: BattleState, u: Unit): number | Violation {
  const max = state.options.whn.maxFormationChangesPerTurn;
  if (u.flags.formationChanges >= max) return refuse("too_many_changes", "WHN-FCHG-2", { unit: u.id, max });
  return changeCost(u);
}

/** The unit's flags once a change of `cost` is made, or tried and failed (WHN-FCHG-1, WHN-FCHG-2, WHN-FCHG-4). */
export function spendChange(u: Unit, cost: number): Unit["flags"] {
  return { ...u.flags, moved: true, formationChanges: u.flags.formationChanges + 1, moveUsed: Math.min(1, u.flags.moveUsed + cost) };
}

/**
 * The Leadership check of a unit changing formation within an enemy's charge reach (WHN-FCHG-4):
 * true when there is no threat or the test is passed. Rolls and logs the test.
 */
export function passesFormationCheck(state: BattleState, u: Unit, ctx: ActionContext): boolean {
  const threats = threatsOf(state, u);
  if (threats.length === 0) return true;
  const ld = effectiveLeadership(state, u);
  const roll = leadershipTest(ctx.dice, ld.value);
  ctx.emit("movement/formationCheck", "WHN-FCHG-4", {
    unit: u.id,
    threats: threats.map((t) => t.id),
    dice: [...roll.dice],
    total: roll.total,
    target: roll.target,
    passed: roll.passed,
  });
  return roll.passed;
}

/** `movement/changeFormation` (WHN-FCHG-1…6). */
export function changeFormationHandler(state: BattleState, a: ChangeFormationAction, ctx: ActionContext): Outcome {
  const bad = checkStep(state, ["remaining"], "WHN-FCHG-1");
  if (bad !== null) return fail(bad);
  const u = activeUnit(state, a.unit);
  if ("code" in u) return fail(u);
  const still = whyStationary(state, u);
  if (still !== null) return fail(still);
  if (u.troopType === "artillery") return fail(refuse("artillery_limbers", "WHN-ART-4", { unit: u.id }));
  if (u.formation === a.formation && (a.files ?? u.files) === u.files && (a.facing ?? u.facing) === u.facing) {
    return fail(refuse("same_formation", "WHN-FCHG-1", { unit: u.id, formation: u.formation }));
  }
  // CORE-MOVE-1: under the core rules a unit reforms into a block or skirmish order as its whole move.
  const traits = traitsOf(state);
  const napoleonic = traits.napoleonicFormations;
  const notHere = napoleonic ? (a.formation === "BLOCK" ? refuse("formation_not_allowed", "WHN-FORM-1", { unit: u.id, formation: a.formation }) : null) : coreFormationRefusal(u, a.formation);
  if (notHere !== null) return fail(notHere);
  const cost = napoleonic ? changePrice(state, u) : coreReformCost(u);
  if (typeof cost !== "number") return fail(cost);
  const wide = filesBeyondModels(u, a.formation, a.files);
  if (wide !== null) return fail(wide);
  const next = reform(state, u, a.formation, a.files, a.facing);
  if ("code" in next) return fail(next);
  const spent = spendChange(u, cost);
  if (napoleonic && !passesFormationCheck(state, u, ctx)) {
    ctx.emit("unit/formationChangeFailed", "WHN-FCHG-4", { unit: u.id, formation: u.formation, cost });
    return ok(withUnit(state, { ...u, flags: spent }));
  }
  const moved: Unit = { ...next, flags: spent };
  const det = detachmentRangeViolation(state, u, moved);
  if (det !== null) return fail(det);
  ctx.emit("unit/formationChanged", traits.rules.formationChange, {
    unit: u.id,
    from: u.formation,
    to: moved.formation,
    files: moved.files,
    cost,
    free: cost === 0,
    position: { ...moved.position },
    facing: moved.facing,
  });
  return ok(withUnit(state, moved));
}
