/**
 * Charge responses of guns (WHN-ART-6, WHN-ART-7, CORE-CHRG-2, CORE-CHRG-3, CORE-FLEE-7): hold,
 * stand and shoot with the gun, flee (horse artillery 3D6 limbering as it goes; foot crews 2D6,
 * leaving the gun), fire and flee with one die fewer (AMB-42), and shelter in a friendly square.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { leq } from "../../../geometry/vec.js";
import { fleeUnit } from "../morale/flee.js";
import { footprintOf, getUnit, inPlay } from "../unit.js";
import type { ArtilleryResponse, GunRespondAction } from "./actions.js";
import { checkStep, findGun, isEngaged, isViolation, put, refuse } from "./common.js";
import { behindGun, shelterIn, shelterProblem, spawnCrew } from "./crew.js";
import { resolveGunFire } from "./fire.js";
import { ammunitionRange, gunMoveRate, type Ammunition } from "./guns.js";

/** What a gun's charge response asks for. */
export interface ArtilleryResponseRequest {
  readonly unit: UnitId;
  /** The first charger declared against the gun (flee away from it, shoot at it). */
  readonly charger: UnitId;
  readonly response: ArtilleryResponse;
  /** Ammunition for stand and shoot or fire and flee (default canister within its range, else shot). */
  readonly ammunition?: Ammunition | undefined;
  /** The friendly square to shelter in (WHN-ART-7). */
  readonly square?: UnitId | undefined;
}

/** Whether a horse battery can take its gun away (a team and a working limber, WHN-ART-6, WHN-ART-15). */
export function canLimberAway(u: Unit): boolean {
  return u.artillery?.arm === "horse" && !u.artillery.limberDisabled && gunMoveRate(u, "LIMBERED") > 0;
}

/** The responses open to a gun now (CORE-CHRG-2, CORE-FLEE-7, WHN-ART-6, WHN-ART-7). */
export function allowedGunResponses(state: BattleState, u: Unit): ArtilleryResponse[] {
  const a = u.artillery;
  if (a === null) return [];
  if (u.order === "FLEEING") return ["flee"];
  if (a.shelteringIn !== null || a.abandoned || a.gunDestroyed || u.figures <= 0 || isEngaged(state, u)) return ["hold"];
  const out: ArtilleryResponse[] = ["hold", "flee", "shelter"];
  if (u.formation === "UNLIMBERED") out.push("standAndShoot", "fireAndFlee");
  return out;
}

/** The charger's own move, for the "farther than its M" test of stand and shoot (CORE-CHRG-2). */
function chargerMove(c: Unit): number {
  return c.artillery !== null ? gunMoveRate(c) : c.profile.M;
}

/** Flees with the gun (horse, limbering as it goes) or leaves it behind (foot crews) (WHN-ART-6). */
function fleeFromCharge(state: BattleState, ctx: ActionContext, u: Unit, charger: UnitId, dice: number): BattleState {
  if (canLimberAway(u)) {
    const limbered: Unit = u.formation === "LIMBERED" ? u : { ...u, formation: "LIMBERED", flags: { ...u.flags, limberedOrUnlimbered: true } };
    if (limbered !== u) ctx.emit("artillery/limbered", "WHN-ART-6", { unit: u.id, fleeing: true });
    return fleeUnit(put(state, limbered), u.id, ctx, { from: charger, rule: "WHN-ART-6", dice }).state;
  }
  const spawned = spawnCrew(state, u, behindGun(u), u.facing);
  ctx.emit("artillery/crewLeftGun", "WHN-ART-6", { unit: u.id, crew: spawned.crew.id, figures: spawned.crew.figures });
  return fleeUnit(spawned.state, spawned.crew.id, ctx, { from: charger, rule: "WHN-ART-6", dice }).state;
}

/**
 * A gun's charge response, for `artillery/respond` and for movement's `movement/respond` when the
 * charged unit is a gun. Stand and shoot and fire and flee shoot at the charger with the −1 for a
 * charging enemy (CORE-CHRG-3); the flee dice are 3D6 for horse artillery with its gun and 2D6 for
 * foot crews, one fewer after firing (AMB-42). Shelter moves the crew into a friendly square
 * within their M (WHN-ART-7).
 * @example
 * const r = artilleryChargeResponse(state, ctx, { unit: unitId("gb-rha"), charger: unitId("fr-hus"), response: "flee" });
 */
export function artilleryChargeResponse(state: BattleState, ctx: ActionContext, req: ArtilleryResponseRequest): Outcome {
  const u = findGun(state, req.unit);
  if (isViolation(u)) return fail(u);
  const charger = getUnit(state, req.charger);
  if (charger === undefined || !inPlay(charger)) return fail(refuse("unknown_target", "CORE-CHRG-2", { target: req.charger }));
  const allowed = allowedGunResponses(state, u);
  if (!allowed.includes(req.response)) {
    const rule = u.order === "FLEEING" ? "CORE-FLEE-7" : req.response === "shelter" ? "WHN-ART-7" : req.response === "hold" ? "CORE-CHRG-2" : "WHN-ART-6";
    return fail(refuse("response_not_allowed", rule, { unit: u.id, response: req.response, allowed }));
  }
  ctx.emit("charge/response", req.response === "shelter" ? "WHN-ART-7" : "WHN-ART-6", { unit: u.id, response: req.response, charger: charger.id });
  const horse = canLimberAway(u);
  switch (req.response) {
    case "hold":
      return ok(state);
    case "flee":
      return ok(fleeFromCharge(state, ctx, u, charger.id, horse ? 3 : 2));
    case "shelter": {
      if (req.square === undefined) return fail(refuse("square_required", "WHN-ART-7", { unit: u.id }));
      const bad = shelterProblem(state, u, req.square, u);
      if (bad !== null) return fail(bad);
      return ok(shelterIn(state, ctx, u, req.square, u, false));
    }
    case "standAndShoot":
    case "fireAndFlee": {
      const d = footprintDistance(footprintOf(u), footprintOf(charger));
      const m = chargerMove(charger);
      if (leq(d, m)) return fail(refuse("charger_too_close", "CORE-CHRG-2", { unit: u.id, charger: charger.id, distance: d, move: m }));
      const ammunition = req.ammunition ?? (leq(d, ammunitionRange(u, "canister")) ? "canister" : "shot");
      const shot = resolveGunFire(state, ctx, { unit: u.id, target: charger.id, ammunition, standAndShoot: true, thenFlee: req.response === "fireAndFlee" });
      if (!shot.ok || req.response === "standAndShoot") return shot;
      const after = getUnit(shot.state, u.id);
      if (after === undefined || !inPlay(after) || after.order === "FLEEING") return shot;
      return ok(fleeFromCharge(shot.state, ctx, after, charger.id, horse ? 2 : 1));
    }
  }
}

/** `artillery/respond`: answers the pending charge-response decision of a gun (WHN-ART-6, WHN-ART-7). */
export function respondHandler(state: BattleState, a: GunRespondAction, ctx: ActionContext): Outcome {
  const step = checkStep(state, ["chargeResponses"], "CORE-CHRG-2");
  if (step !== null) return fail(step);
  const index = state.pending.findIndex((d) => d.kind === "chargeResponse" && d.unit === a.unit);
  if (index < 0) return fail(refuse("no_response_pending", "CORE-CHRG-2", { unit: a.unit }));
  const decision = state.pending[index] as Decision;
  const charger = decision.targets[0];
  if (charger === undefined) return fail(refuse("no_response_pending", "CORE-CHRG-2", { unit: a.unit }));
  const popped: BattleState = { ...state, pending: state.pending.filter((_, i) => i !== index) };
  return artilleryChargeResponse(popped, ctx, { unit: a.unit, charger, response: a.response, ammunition: a.ammunition, square: a.square });
}
