/**
 * Charge moves (CORE-CHRG-5…7, WHN-CHRG-6, WHN-DET-4, WHN-SKIRM-4): reach, contact placement and a
 * combat record; a failed-charge move; a fled target caught and destroyed; a charger halted by
 * stand-and-shoot disorder. Chargers move in the order the active player picks (`movement/chargeMove`);
 * any left are moved in declaration order when the remaining-moves step begins.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState, Combat } from "../../../state/battle.js";
import type { CombatId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Quadrant } from "../../../geometry/arcs.js";
import { footprintInUnitArc } from "../../../geometry/arcs.js";
import { chargedFace, contactPlacement, failedChargeMove, failedLooseChargeMove } from "../../../geometry/charge.js";
import { rectFrontCenter, type OrientedRect } from "../../../geometry/rect.js";
import { segmentCrossesFootprint } from "../../../geometry/sight.js";
import { normalizeAngle } from "../../../geometry/vec.js";
import { unitCentre } from "../../../geometry/layout.js";
import { footprintOf, getUnit, inPlay, joinedCharacters, layoutOf, unitsOnTable, withUnit } from "../unit.js";
import type { ChargeMoveAction } from "./actions.js";
import type { Violation } from "../../../engine/violation.js";
import { activeUnit, baseMove, checkStep, combatOf, refuse } from "./common.js";
import { chargeReaches, declarations, type Declaration } from "./declare.js";
import { parentOf } from "./detachments.js";
import { checkPlacement } from "./path.js";
import { computeLaps, recordLaps } from "./lapping.js";
import { extendedOrderViolation, modelRects, singleRankFor } from "./skirmish.js";
import { destroyedFleeingPanic } from "./ports.js";
import { cosDeg, sinDeg } from "../../../math/index.js";

/** Chargers whose charge has been resolved this phase. */
function resolvedChargers(state: BattleState): ReadonlySet<string> {
  return new Set<string>(state.facts.movement.resolved);
}

/**
 * An extended-order unit drawn up as a single close rank about its centre, squarely facing the
 * charger (WHN-SKIRM-4, AMB-37).
 */
function asSingleRank(u: Unit, chargerFacing: number, ctx: ActionContext): Unit {
  if (u.formation !== "EXTENDED_ORDER") return u;
  const centre = unitCentre(layoutOf(u));
  const facing = normalizeAngle(chargerFacing + 180);
  const width = u.figures * u.base.w;
  const frame = { p: { x: centre.x + cosDeg(facing) * (u.base.d / 2), y: centre.y + sinDeg(facing) * (u.base.d / 2) }, facing };
  const models = singleRankFor(u, frame);
  ctx.emit("unit/singleRank", "WHN-SKIRM-4", { unit: u.id, width });
  return { ...u, models, position: { ...frame.p }, facing };
}

/** The charger's flags once its charge is over. */
const spentFlags = (u: Unit, failed: boolean): Unit["flags"] => ({ ...u.flags, moved: true, moveUsed: 1, charged: !failed, failedCharge: failed });

/**
 * Where a failed charger would end (CORE-GEO-24): a formed unit turns and moves as a body; an
 * extended-order unit's models turn and move together along the line its nearest model takes,
 * keeping their spacing (null when that line has no length or the spacing would break).
 */
function failedMoveOf(state: BattleState, c: Unit, target: Unit): Unit | null {
  if (c.formation !== "EXTENDED_ORDER" || c.models === null || c.models.length === 0) {
    const l = layoutOf(c);
    const frame = failedChargeMove({ p: c.position, facing: c.facing }, l.width, l.depth, footprintOf(target), baseMove(state, c));
    return { ...c, position: { ...frame.p }, facing: normalizeAngle(frame.facing) };
  }
  const loose = failedLooseChargeMove(c.models, c.base, footprintOf(target), baseMove(state, c));
  if (loose === null || extendedOrderViolation(c, loose.models) !== null) return null;
  // Every model faces along the one line: normalise that facing once.
  const facing = normalizeAngle(loose.facing);
  const models = loose.models.map((m) => ({ ...m, facing }));
  const first = modelRects(c, models)[0] as OrientedRect;
  return { ...c, models, position: rectFrontCenter(first), facing };
}

/** Failed charge (CORE-CHRG-6, CORE-GEO-24): M toward the target, stopping 1" short; stays put if blocked. */
function failCharge(state: BattleState, c: Unit, target: Unit | undefined, ctx: ActionContext, why: string): BattleState {
  let moved: Unit = c;
  const cand = target === undefined ? null : failedMoveOf(state, c, target);
  if (cand !== null && checkPlacement(state, c, [footprintOf(cand)], { allowNearEnemy: true }) === null) moved = cand;
  ctx.emit("charge/failed", "CORE-CHRG-6", { unit: c.id, target: target?.id ?? null, why, to: { ...moved.position }, resolved: true });
  return withUnit(state, { ...moved, flags: spentFlags(c, true) });
}

/** Adds the charger to the target's combat, or opens a new one `c<gameTurn>-<n>` (CORE-CHRG-5). */
function joinCombat(state: BattleState, charger: UnitId, target: UnitId): { state: BattleState; id: string } {
  const existing = combatOf(state, target);
  if (existing !== null) {
    const c = state.combats[existing as CombatId] as Combat;
    const next: Combat = { ...c, units: c.units.includes(charger) ? [...c.units] : [...c.units, charger], chargers: [...c.chargers, charger] };
    return { state: { ...state, combats: { ...state.combats, [existing]: next } }, id: existing };
  }
  let n = 1;
  while (Object.hasOwn(state.combats, `c${state.turn.gameTurn}-${n}`)) n++;
  const id = `c${state.turn.gameTurn}-${n}` as CombatId;
  const combat: Combat = { id, units: [charger, target], chargers: [charger], lastWinner: null, rounds: 0, squareness: {} };
  return { state: { ...state, combats: { ...state.combats, [id]: combat } }, id };
}

/** Where the charger ends against a face, or null when no spot is free (CORE-GEO-23). */
function placeAgainst(state: BattleState, c: Unit, t: Unit, face: Quadrant) {
  const probe = c.formation === "EXTENDED_ORDER" ? { width: c.figures * c.base.w, depth: c.base.d } : layoutOf(c);
  const others = unitsOnTable(state).filter((o) => o.id !== c.id && o.id !== t.id).flatMap((o) => footprintOf(o));
  const placed = contactPlacement({ p: c.position, facing: c.facing }, probe.width, probe.depth, layoutOf(t), face, others);
  return placed === null ? null : { placed, width: probe.width };
}

/** The charger placed at a frame (a skirmisher as a single rank, WHN-SKIRM-4). */
function chargerAt(c: Unit, frame: { p: { x: number; y: number }; facing: number }): Unit {
  const base: Unit = { ...c, position: { ...frame.p }, facing: normalizeAngle(frame.facing) };
  return c.formation === "EXTENDED_ORDER" ? { ...base, models: singleRankFor(c, frame) } : base;
}

/** A fled (or fleeing) target: caught and destroyed if the charge reaches its new position (CORE-CHRG-7). */
function chargeFleeing(state: BattleState, c: Unit, t: Unit, ctx: ActionContext): BattleState {
  const face = chargedFace(layoutOf(t), c.position);
  const reach = chargeReaches(state, c, t, face);
  const spot = reach.reaches ? placeAgainst(state, c, t, face) : null;
  if (spot === null) return failCharge(state, c, t, ctx, "fled target out of reach");
  const removed = { reason: "destroyed" as const, gameTurn: state.turn.gameTurn };
  let s = withUnit(state, { ...t, removed });
  for (const ch of joinedCharacters(state, t.id)) s = { ...s, characters: { ...s.characters, [ch.id]: { ...ch, removed } } };
  ctx.emit("unit/destroyed", "CORE-CHRG-7", { unit: t.id, by: c.id, position: { ...t.position } });
  const moved = chargerAt(c, spot.placed.frame);
  ctx.emit("charge/caughtFleeing", "CORE-CHRG-7", { unit: c.id, target: t.id, to: { ...moved.position }, resolved: true });
  return withUnit(s, { ...moved, flags: spentFlags(c, false) });
}

/** Resolves one declared charge (CORE-CHRG-5…7, WHN-CHRG-6/7, WHN-DET-4). */
export function resolveCharge(state: BattleState, d: Declaration, ctx: ActionContext): BattleState {
  const c = getUnit(state, d.unit);
  if (c === undefined || !inPlay(c)) {
    ctx.emit("charge/cancelled", "CORE-CHRG-3", { unit: d.unit, why: "charger gone", resolved: true });
    return state;
  }
  if (c.order === "FLEEING") {
    ctx.emit("charge/cancelled", "CORE-CHRG-3", { unit: c.id, why: "charger fled", resolved: true });
    return withUnit(state, { ...c, flags: { ...c.flags, moved: true, moveUsed: 1 } });
  }
  if (c.order === "DISORDERED") {
    ctx.emit("charge/halted", "WHN-CHRG-6", { unit: c.id, target: d.target, resolved: true });
    return withUnit(state, { ...c, flags: { ...c.flags, moveUsed: 1 } });
  }
  let t = getUnit(state, d.target);
  if (t === undefined || !inPlay(t)) return failCharge(state, c, t, ctx, "target gone");
  const fellBack = state.facts.movement.fellBack.includes(t.id);
  if (fellBack) {
    // The charge may carry on to the parent if it is in arc and reach; the parent holds (WHN-DET-4).
    const p = parentOf(state, t);
    if (p === null || !footprintInUnitArc(layoutOf(c), footprintOf(p))) return failCharge(state, c, t, ctx, "detachment fell back");
    if (!chargeReaches(state, c, p, chargedFace(layoutOf(p), c.position)).reaches) return failCharge(state, c, t, ctx, "detachment fell back");
    ctx.emit("charge/redirected", "WHN-DET-4", { unit: c.id, from: t.id, to: p.id });
    t = p;
  }
  if (t.order === "FLEEING") return chargeFleeing(state, c, t, ctx);
  let s = state;
  if (t.formation === "EXTENDED_ORDER") {
    t = asSingleRank(t, c.facing, ctx);
    s = withUnit(s, t);
  }
  const natural = chargedFace(layoutOf(t), c.position);
  const declaredFlank = d.face !== natural && s.options.hr.flankChargeEngaged && t.formation !== "SQUARE";
  const face: Quadrant = declaredFlank ? d.face : natural;
  const reach = chargeReaches(s, c, t, face);
  if (!reach.reaches) return failCharge(s, c, t, ctx, "out of reach");
  const spot = placeAgainst(s, c, t, face);
  if (spot === null) return failCharge(s, c, t, ctx, "no room at the face");
  // The straight charge line may not pass through another unit (CORE-MOVE-4).
  const blocker = unitsOnTable(s).find((o) => o.id !== c.id && o.id !== t?.id && segmentCrossesFootprint(c.position, spot.placed.frame.p, footprintOf(o)));
  if (blocker !== undefined) return failCharge(s, c, t, ctx, `path blocked by ${blocker.id}`);
  const moved = chargerAt(c, spot.placed.frame);
  s = withUnit(s, { ...moved, flags: spentFlags(c, false) });
  const joined = joinCombat(s, c.id, t.id);
  s = joined.state;
  ctx.emit("charge/contact", declaredFlank ? "HR-FLANK-1" : "CORE-CHRG-5", {
    unit: c.id,
    target: t.id,
    face,
    combat: joined.id,
    to: { ...moved.position },
    facing: moved.facing,
    pathLength: reach.length,
    wheel: reach.wheel,
    resolved: true,
  });
  recordLaps(c, t, joined.id, computeLaps(s, moved, t, face, spot.placed, spot.width), ctx);
  return s;
}

/** `movement/chargeMove`: one declared charger makes its charge move now (CORE-CHRG-5). */
export function chargeMove(state: BattleState, a: ChargeMoveAction, ctx: ActionContext): Outcome {
  const d = chargeToMove(state, a);
  return "code" in d ? fail(d) : ok(resolveCharge(state, d, ctx));
}

/**
 * The declaration a `movement/chargeMove` resolves, or why it is refused: every refusal of
 * {@link chargeMove} comes from here (the resolution itself always succeeds), so a lister checks a
 * charge move with this alone.
 */
export function chargeToMove(state: BattleState, a: ChargeMoveAction): Declaration | Violation {
  const bad = checkStep(state, ["chargeMoves"], "CORE-CHRG-5");
  if (bad !== null) return bad;
  const u = activeUnit(state, a.unit);
  if ("code" in u) return u;
  const d = declarations(state).find((x) => x.unit === u.id);
  if (d === undefined) return refuse("no_charge_declared", "CORE-CHRG-5", { unit: u.id });
  if (resolvedChargers(state).has(u.id)) return refuse("charge_already_resolved", "CORE-CHRG-5", { unit: u.id });
  // A charger that fled (a failed Panic test after stand and shoot) lost its charge (CORE-CHRG-3):
  // it has no charge move to make; the end of the step records the cancellation.
  if (u.order === "FLEEING") return refuse("charger_fleeing", "CORE-CHRG-3", { unit: u.id });
  return d;
}

/**
 * Enter hook of the remaining-moves step (the end of the charge-move step): charges not yet moved
 * are moved in declaration order, then Panic for fleeing friends destroyed by chargers (CORE-PANIC-6).
 */
export function finishCharges(state: BattleState, ctx: ActionContext): BattleState {
  const done = resolvedChargers(state);
  let s = state;
  for (const d of declarations(state)) if (!done.has(d.unit)) s = resolveCharge(s, d, ctx);
  // The fleeing units charges destroyed before this step (the facts of this step's own charges
  // are recorded once it commits).
  return destroyedFleeingPanic(s, ctx, [...s.facts.movement.caught]);
}

