/**
 * Charge responses (CORE-CHRG-2/3, CORE-FLEE-7, WHN-CHRG-1…4, WHN-DET-4). One `chargeResponse`
 * decision is pushed per charged unit when the chargeResponses step begins (so every declaration
 * is known first, CORE-CHRG-2); `movement/respond` answers it and pops it.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import type { BattleState, Decision } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import { leq } from "../../../geometry/vec.js";
import { effectiveLeadership, leadershipTest } from "../leadership.js";
import { fleeUnit } from "../morale/flee.js";
import { maxRange, weaponStats } from "../shooting/weapons.js";
import { getUnit, inPlay, isSkirmishing, withUnit } from "../unit.js";
import type { RespondAction } from "./actions.js";
import { checkStep, findUnit, isEngagedUnit, refuse } from "./common.js";
import { chargeReaches, declarations, type Declaration } from "./declare.js";
import { fallBackBehindParent } from "./detachments.js";
import { reform } from "./changeFormation.js";
import { standAndShoot } from "./ports.js";
import { traitsOf } from "../../traits.js";

/** Units that fled from a CORE-PANIC-4 test this phase: their flight was their reaction (seed example). */
function fledFromFlankPanic(state: BattleState, id: UnitId): boolean {
  return state.facts.movement.flankPanicked.includes(id);
}

/**
 * Enter hook of the chargeResponses step: one decision per charged unit, its chargers in
 * declaration order (CORE-CHRG-2).
 */
export function pushChargeResponses(state: BattleState): BattleState {
  const byTarget = new Map<UnitId, UnitId[]>();
  for (const d of declarations(state)) byTarget.set(d.target, [...(byTarget.get(d.target) ?? []), d.unit]);
  const pending: BattleState["pending"][number][] = [...state.pending];
  for (const [target, chargers] of byTarget) {
    const t = getUnit(state, target);
    if (t === undefined || !inPlay(t)) continue;
    if (t.order === "FLEEING" && fledFromFlankPanic(state, target)) continue;
    pending.push({ kind: "chargeResponse", side: t.side, unit: target, targets: chargers, rule: "CORE-CHRG-2" });
  }
  return { ...state, pending };
}

/** The responses a charged unit may choose now (CORE-CHRG-2, CORE-FLEE-7, WHN-CHRG-1, WHN-DET-4). */
export function allowedResponses(state: BattleState, u: Unit, chargers: readonly Declaration[]): RespondAction["response"][] {
  if (u.artillery !== null) return []; // guns answer with artillery/respond (WHN-ART-6, WHN-ART-7)
  if (u.order === "FLEEING") {
    const reachable = chargers.some((d) => {
      const c = getUnit(state, d.unit);
      return c !== undefined && inPlay(c) && chargeReaches(state, c, u, d.face).reaches;
    });
    return reachable ? ["flee"] : ["hold"];
  }
  if (isEngagedUnit(state, u)) return ["hold"];
  const out: RespondAction["response"][] = ["hold", "flee"];
  const first = chargers[0];
  if (first !== undefined && canStandAndShoot(state, u, first)) out.push("standAndShoot");
  if (u.troopType === "infantry" && traitsOf(state).napoleonicFormations) out.push(u.formation === "SQUARE" ? "reformFromSquare" : "formSquare");
  if (u.detachmentOf !== null) out.push("fallBackBehindParent");
  return out;
}

/**
 * Stand and shoot is allowed with a missile weapon, when the first charger was farther than its
 * M and within the weapon's reach at declaration (CORE-CHRG-2, AMB-103).
 */
export function canStandAndShoot(state: BattleState, u: Unit, first: Declaration): boolean {
  const w = u.equipment.missile;
  if (w === null) return false;
  if (leq(first.distance, first.move)) return false;
  return leq(first.distance, maxRange(weaponStats(w, state.options)));
}

/** The Ld modifier of the form-square check (WHN-CHRG-2, AMB-14). */
export function squareCheckModifier(state: BattleState, u: Unit, chargers: readonly Declaration[]): number {
  const close = chargers.some((d) => leq(d.distance, d.move)) ? -2 : 0;
  const loose = isSkirmishing(u) ? -4 : 0;
  return state.options.whn.squareResponseModsCumulative ? close + loose : Math.min(close, loose);
}

/** Form square / reform from square (WHN-CHRG-1…4). */
function squareResponse(state: BattleState, u: Unit, a: RespondAction, chargers: readonly Declaration[], ctx: ActionContext): Outcome {
  const toSquare = a.response === "formSquare";
  if (toSquare === (u.formation === "SQUARE")) return fail(refuse("response_not_allowed", "WHN-CHRG-1", { unit: u.id, response: a.response }));
  const formation = toSquare ? "SQUARE" : a.formation;
  if (formation === undefined || formation === "SQUARE" && !toSquare) {
    return fail(refuse("formation_required", "WHN-CHRG-1", { unit: u.id }));
  }
  const next = reform(state, u, formation, a.files, undefined);
  if ("code" in next) return fail(next);
  const mod = squareCheckModifier(state, u, chargers);
  const ld = effectiveLeadership(state, u);
  const roll = leadershipTest(ctx.dice, ld.value + mod);
  ctx.emit("movement/squareCheck", mod !== 0 ? "WHN-CHRG-2" : "WHN-CHRG-1", {
    unit: u.id,
    response: a.response,
    dice: [...roll.dice],
    total: roll.total,
    leadership: ld.value,
    modifier: mod,
    target: roll.target,
    passed: roll.passed,
  });
  if (roll.passed) {
    ctx.emit("unit/formationChanged", "WHN-CHRG-1", { unit: u.id, from: u.formation, to: next.formation, files: next.files, response: true });
    return ok(withUnit(state, next));
  }
  if (u.order === "DISORDERED") {
    ctx.emit("unit/squareCheckFailed", "WHN-CHRG-4", { unit: u.id, order: u.order });
    return ok(state);
  }
  ctx.emit("unit/disordered", "WHN-CHRG-1", { unit: u.id, cause: "WHN-CHRG-1" });
  return ok(withUnit(state, { ...u, order: "DISORDERED" }));
}

/** `movement/respond`: answers one pending chargeResponse decision (CORE-CHRG-2). */
export function respond(state: BattleState, a: RespondAction, ctx: ActionContext): Outcome {
  const p = responsePrelude(state, a);
  if ("code" in p) return fail(p);
  const { index, u, chargers } = p;
  const popped: BattleState = { ...state, pending: state.pending.filter((_, i) => i !== index) };
  const first = chargers[0];
  ctx.emit("charge/response", "CORE-CHRG-2", { unit: u.id, response: a.response, chargers: chargers.map((d) => d.unit) });
  switch (a.response) {
    case "hold":
      return ok(popped);
    case "flee": {
      const fled = fleeUnit(popped, u.id, ctx, { from: first?.unit ?? null, rule: u.order === "FLEEING" ? "CORE-FLEE-7" : "CORE-CHRG-2" });
      return ok(fled.state);
    }
    case "standAndShoot": {
      if (first === undefined) return fail(refuse("response_not_allowed", "CORE-CHRG-3", { unit: u.id }));
      const shot = standAndShoot(popped, ctx, u.id, first.unit);
      if (!shot.ok) return fail(shot.violation);
      return ok(shot.state);
    }
    case "formSquare":
    case "reformFromSquare":
      return squareResponse(popped, u, a, chargers, ctx);
    case "fallBackBehindParent": {
      const placed = fallBackBehindParent(popped, u);
      if (placed === null) return fail(refuse("no_room_behind_parent", "WHN-DET-4", { unit: u.id }));
      ctx.emit("unit/fellBack", "WHN-DET-4", { unit: u.id, parent: u.detachmentOf, to: { ...placed.position } });
      return ok(withUnit(popped, placed));
    }
  }
}

/** What {@link respond} reads before it resolves a response. */
interface Prelude {
  readonly index: number;
  readonly u: Unit;
  readonly chargers: readonly Declaration[];
}

/**
 * The checks {@link respond} starts with: the pending decision, the unit and its chargers, or the
 * violation. After them `hold` and `flee` always apply, so a lister checks those with this alone.
 */
function responsePrelude(state: BattleState, a: RespondAction): Prelude | Violation {
  const bad = checkStep(state, ["chargeResponses"], "CORE-CHRG-2");
  if (bad !== null) return bad;
  const index = state.pending.findIndex((d) => d.kind === "chargeResponse" && d.unit === a.unit);
  if (index < 0) return refuse("no_response_pending", "CORE-CHRG-2", { unit: a.unit });
  const decision = state.pending[index] as Decision;
  const u = findUnit(state, a.unit);
  if ("code" in u) return u;
  const chargers = declarations(state).filter((d) => d.target === u.id && decision.targets.includes(d.unit));
  if (u.artillery !== null) return refuse("gun_uses_artillery_respond", "WHN-ART-6", { unit: u.id });
  const allowed = allowedResponses(state, u, chargers);
  if (!allowed.includes(a.response)) {
    const rule = u.order === "FLEEING" ? "CORE-FLEE-7" : a.response === "standAndShoot" ? "CORE-CHRG-3" : "CORE-CHRG-2";
    return refuse("response_not_allowed", rule, { unit: u.id, response: a.response, allowed });
  }
  return { index, u, chargers };
}

/**
 * Whether a `hold` or `flee` response applies (the other responses can still be refused as they
 * resolve, so they are checked by resolving them): true exactly when {@link respond} would apply it.
 */
export function quickResponseCheck(state: BattleState, a: RespondAction): boolean | null {
  if (a.response !== "hold" && a.response !== "flee") return null;
  return !("code" in responsePrelude(state, a));
}
