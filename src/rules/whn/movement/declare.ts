/**
 * Declaring charges (CORE-CHRG-1, CORE-CHRG-4, WHN-CHRG-5, HR-FLANK-1): who may charge whom, which
 * face is charged, and the flank/rear Panic test of an engaged target (CORE-PANIC-4). Declarations
 * are recorded in the movement phase's turn facts (`state.facts.movement.charges`).
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleEvent, BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { faceEdge, type Quadrant } from "../../../geometry/arcs.js";
import { chargedFace, chargeReach } from "../../../geometry/charge.js";
import type { OrientedRect } from "../../../geometry/rect.js";
import { footprintDistance, rectDistance } from "../../../geometry/rect.js";
import { lineOfSight, type PlacedUnit } from "../../../geometry/sight.js";
import { sightClear, sightField, type SightField } from "../../../geometry/sightField.js";
import { isOwned } from "../../../engine/owned.js";
import { inContact, leq } from "../../../geometry/vec.js";
import { flankChargePanic } from "./ports.js";
import { enemiesOf, footprintOf, layoutOf, withUnit } from "../unit.js";
import { inArcOf } from "../layoutPairs.js";
import { othersPlaced, placedInPlay } from "../shooting/sightlines.js";
import type { DeclareChargeAction } from "./actions.js";
import { activeUnit, baseMove, checkStep, findUnit, isEngagedUnit, refuse } from "./common.js";
import { FORMATION_TABLE, type FormationInfo } from "./formations.js";
import { terrainOf } from "./free.js";

/** A charge as declared this phase. */
export type Declaration = BattleState["facts"]["movement"]["charges"][number];

/** This phase's charge declarations, in the order they were made. */
export function declarations(state: BattleState): readonly Declaration[] {
  return state.facts.movement.charges;
}

/** Charge distance: 2×M (CORE-MOVE-3). */
export function chargeDistance(state: BattleState, u: Unit): number {
  return 2 * baseMove(state, u);
}

/** True when some enemy of the target touches its front edge (HR-FLANK-1: "engaged to its front"). */
export function engagedToFront(state: BattleState, target: Unit): boolean {
  const front = faceEdge(layoutOf(target).footprint[0] as OrientedRect, "front");
  const edgeRect: OrientedRect = { center: front.mid, halfWidth: front.length / 2, halfDepth: 0, facing: target.facing };
  return enemiesOf(state, target.side).some((e) => footprintOf(e).some((r) => inContact(rectDistance(r, edgeRect))));
}

/**
 * Why `charger` may not charge `target` now (CORE-CHRG-1, WHN-CHRG-5), or null. Reach is not
 * checked: a charge out of reach may be declared and then fails (CORE-CHRG-6).
 */
export function whyNoCharge(state: BattleState, charger: Unit, target: Unit): Violation | null {
  const info: FormationInfo = FORMATION_TABLE[charger.formation];
  if (target.side === charger.side) return refuse("not_an_enemy", "CORE-CHRG-1", { unit: charger.id, target: target.id });
  if (charger.order === "FLEEING") return refuse("charger_fleeing", "CORE-CHRG-1", { unit: charger.id });
  if (charger.order === "DISORDERED") return refuse("charger_disordered", "WHN-CHRG-5", { unit: charger.id });
  if (charger.formation === "SQUARE") return refuse("square_may_not_charge", "WHN-CHRG-5", { unit: charger.id });
  if (!info.mayCharge) return refuse("may_not_charge", "CORE-CHRG-1", { unit: charger.id, formation: charger.formation });
  if (charger.flags.declaredCharge) return refuse("already_declared", "CORE-CHRG-1", { unit: charger.id });
  if (isEngagedUnit(state, charger)) return refuse("charger_engaged", "CORE-CHRG-1", { unit: charger.id });
  const cl = layoutOf(charger);
  const tl = layoutOf(target);
  if (!inArcOf(cl, tl)) return refuse("target_not_in_arc", "CORE-CHRG-1", { unit: charger.id, target: target.id });
  const los = lineOfSight(cl, tl, othersPlaced(state, [charger.id, target.id]), terrainOf(state), { unitsGiveCover: state.options.hr.cover });
  if (!los.visible) {
    return refuse("no_line_of_sight", "CORE-CHRG-1", { unit: charger.id, target: target.id, blockers: [...los.blockingUnits, ...los.blockingTerrain] });
  }
  return null;
}

/** The face a charge is aimed at: CORE-GEO-21, or a named flank under HR-FLANK-1; or the violation. */
export function faceCharged(state: BattleState, charger: Unit, target: Unit, named: Quadrant | undefined): Quadrant | Violation {
  const natural = chargedFace(layoutOf(target), charger.position);
  if (named === undefined || named === natural) return natural;
  if (!state.options.hr.flankChargeEngaged) return refuse("face_not_allowed", "CORE-CHRG-4", { unit: charger.id, face: named, natural });
  if ((named !== "left" && named !== "right") || target.formation === "SQUARE" || !engagedToFront(state, target)) {
    return refuse("face_not_allowed", "HR-FLANK-1", { unit: charger.id, face: named, natural });
  }
  return named;
}

/** Whether a charge reaches now: path ≤ 2×M and the wheel within the formation's limit (CORE-GEO-22, WHN-MOVE-4). */
export function chargeReaches(state: BattleState, charger: Unit, target: Unit, face: Quadrant): { reaches: boolean; length: number; wheel: number } {
  const M = baseMove(state, charger);
  const r = chargeReach({ p: charger.position, facing: charger.facing }, layoutOf(target), face, 2 * M, terrainOf(state), M);
  const limit: number | null = FORMATION_TABLE[charger.formation].wheelLimit;
  return { reaches: r.reaches && (limit === null || leq(Math.abs(r.wheel), limit)), length: r.length, wheel: r.wheel };
}

/**
 * The charger, target and face a `movement/declareCharge` declares, or why it is refused: every
 * refusal of {@link declareCharge} comes from here (reach is measured but never refuses,
 * CORE-CHRG-6), so a lister checks a declaration with this alone.
 */
export function chargeToDeclare(state: BattleState, a: DeclareChargeAction): { readonly charger: Unit; readonly target: Unit; readonly face: Quadrant } | Violation {
  const bad = checkStep(state, ["declareCharges"], "CORE-CHRG-1");
  if (bad !== null) return bad;
  const charger = activeUnit(state, a.unit);
  if ("code" in charger) return charger;
  const target = findUnit(state, a.target);
  if ("code" in target) return target;
  const no = whyNoCharge(state, charger, target);
  if (no !== null) return no;
  const face = faceCharged(state, charger, target, a.face);
  if (typeof face !== "string") return face;
  return { charger, target, face };
}

/**
 * The sight field of the units in play (CORE-GEO-16), shared by every declaration checked on one
 * state. It reads the units and terrain records only, which are immutable in a state this engine
 * built: kept for such states alone (never an app's object or a draft) and made again when either
 * record is new. (Whether a charger is engaged is remembered by `isEngagedUnit` itself.)
 */
let fieldUnits: BattleState["units"] | null = null;
let fieldTerrain: BattleState["terrain"] | null = null;
let field: SightField | null = null;

let fieldPlaced: readonly PlacedUnit[] = [];

function sightFieldOf(state: BattleState): SightField {
  if (field === null || fieldUnits !== state.units || fieldTerrain !== state.terrain) {
    // A new units record whose units in play are the same ids with the very same layouts (a
    // declaration only sets a flag, and `layoutOf` keeps a unit's layout across such changes)
    // gives the same field: the field reads nothing else of the units.
    const placed = placedInPlay(state);
    if (field === null || fieldTerrain !== state.terrain || !samePlaced(fieldPlaced, placed)) field = sightField(placed, terrainOf(state));
    fieldPlaced = placed;
    fieldUnits = state.units;
    fieldTerrain = state.terrain;
  }
  return field;
}

/** Whether two placed lists name the same units, in the same order, with the same layout objects. */
function samePlaced(a: readonly PlacedUnit[], b: readonly PlacedUnit[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as PlacedUnit;
    const y = b[i] as PlacedUnit;
    if (x.id !== y.id || x.layout !== y.layout) return false;
  }
  return true;
}

/**
 * Whether {@link whyNoCharge} is null, without building a refusal: the same checks, the cheap
 * ones first, and the line of sight stopped at its first blocker (src/geometry/sightField.ts).
 */
function mayCharge(state: BattleState, charger: Unit, target: Unit): boolean {
  if (target.side === charger.side || charger.order === "FLEEING" || charger.order === "DISORDERED" || charger.formation === "SQUARE") return false;
  if (!FORMATION_TABLE[charger.formation].mayCharge || charger.flags.declaredCharge) return false;
  if (!isOwned(state)) return whyNoCharge(state, charger, target) === null;
  if (isEngagedUnit(state, charger)) return false;
  const cl = layoutOf(charger);
  const tl = layoutOf(target);
  if (!inArcOf(cl, tl)) return false;
  return sightClear(cl, tl, sightFieldOf(state), charger.id, target.id, state.options.hr.cover === true);
}

/**
 * Whether a `movement/declareCharge` applies: exactly when {@link chargeToDeclare} gives no
 * refusal (test/movement/limitTables.test.ts holds the two equal), at a fraction of its cost,
 * for the legal-action listing (up to 32 × 32 candidates at the setup limits).
 */
export function declarationApplies(state: BattleState, a: DeclareChargeAction): boolean {
  if (checkStep(state, ["declareCharges"], "CORE-CHRG-1") !== null) return false;
  const charger = activeUnit(state, a.unit);
  if ("code" in charger) return false;
  const target = findUnit(state, a.target);
  if ("code" in target) return false;
  if (!mayCharge(state, charger, target)) return false;
  return a.face === undefined || typeof faceCharged(state, charger, target, a.face) === "string";
}

/** `movement/declareCharge` (CORE-CHRG-1, WHN-CHRG-5, HR-FLANK-1, CORE-PANIC-4). */
export function declareCharge(state: BattleState, a: DeclareChargeAction, ctx: ActionContext): Outcome {
  const d = chargeToDeclare(state, a);
  if ("code" in d) return fail(d);
  const { charger, target, face } = d;
  const reach = chargeReaches(state, charger, target, face);
  const distance = footprintDistance(footprintOf(charger), footprintOf(target));
  ctx.emit("charge/declared", face !== chargedFace(layoutOf(target), charger.position) ? "HR-FLANK-1" : "CORE-CHRG-1", {
    unit: charger.id,
    target: target.id,
    face,
    distance,
    move: baseMove(state, charger),
    inReach: reach.reaches,
    pathLength: reach.length,
    wheel: reach.wheel,
  });
  let s = withUnit(state, { ...charger, flags: { ...charger.flags, declaredCharge: true } });
  // An engaged unit charged in flank or rear by 5+ models tests at once (CORE-PANIC-4).
  if (reach.reaches && face !== "front") s = flankChargePanic(s, ctx, target.id, charger.id, face);
  return ok(s);
}
