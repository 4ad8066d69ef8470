/**
 * The rally step (CORE-RALLY-1…4, WHN-RALLY-1…4): the active player tests his FLEEING and
 * DISORDERED units one at a time with `morale/rally`; a pass makes the unit GOOD.
 */
import * as z from "zod";
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import { violation } from "../../../engine/violation.js";
import type { BattleState } from "../../../state/battle.js";
import { facingSchema } from "../../../state/common.js";
import { UnitIdSchema } from "../../../state/ids.js";
import type { Formation, Unit } from "../../../state/unit.js";
import { FORMATIONS } from "../../../state/unit.js";
import { add, normalizeAngle, sub } from "../../../geometry/vec.js";
import { effectiveLeadership, leadershipTest } from "../leadership.js";
import { footprintOf, getUnit, inPlay, joinedCharacters, modelCount, unitsInPlay, withUnit } from "../unit.js";
import { crossesTableEdge } from "../../../geometry/away.js";
import { rectsOverlap } from "../../../geometry/rect.js";
import { centreOf } from "./flee.js";
import { CORE_FORMATIONS } from "../../core/formations.js";
import { traitsOf } from "../../traits.js";

/** Fewest models a FLEEING unit needs to rally (CORE-RALLY-2). */
export const MIN_MODELS_TO_RALLY = 5;

/** Zod schema of `morale/rally`: test one unit; `reform` is the free reform of CORE-RALLY-4 on a pass. */
export const RallyActionSchema = z.strictObject({
  type: z.literal("morale/rally"),
  unit: UnitIdSchema,
  reform: z
    .strictObject({
      formation: z.enum(FORMATIONS).optional(),
      files: z.int().min(1).max(1000).optional(),
      facing: facingSchema.optional(),
    })
    .optional(),
});
/** The `morale/rally` action. */
export type RallyAction = z.infer<typeof RallyActionSchema>;

/** Formations a rallied unit may be rearranged into, by troop type (CORE-RALLY-4 with WHN-FORM-1). */
const REFORM_FORMATIONS = {
  infantry: ["MARCH_COLUMN", "ATTACK_COLUMN", "LINE", "SQUARE", "OPEN_ORDER"],
  cavalry: ["CAV_COLUMN", "CAV_LINE"],
  artillery: [],
} as const satisfies Record<Unit["troopType"], readonly Formation[]>;

/** Whether the unit took a rally test earlier this turn (its own turn: one rally step per game turn). */
export function rallyTestedThisTurn(state: BattleState, u: Unit): boolean {
  const t = state.facts.turn;
  return t.gameTurn === state.turn.gameTurn && t.rallied.includes(u.id);
}

/**
 * Why a unit may not take a rally test now, or null if it may (WHN-RALLY-1, CORE-RALLY-2,
 * CORE-RALLY-3). Legal-action listers can call it for each unit of the active side.
 */
export function rallyViolation(state: BattleState, u: Unit | undefined): ReturnType<typeof violation> | null {
  if (state.turn.phase !== "movement" || state.turn.step !== "rally")
    return violation("morale/wrong_step", "CORE-TURN-2", { step: state.turn.step, allowed: "rally" });
  if (u === undefined || !inPlay(u)) return violation("morale/unknown_unit", "WHN-RALLY-1", { unit: u?.id ?? null });
  if (u.side !== state.turn.activeSide) return violation("morale/not_your_unit", "WHN-RALLY-1", { unit: u.id, side: u.side });
  return unitRallyViolation(state, u) ?? (rallyTestedThisTurn(state, u) ? violation("morale/already_tested", "WHN-RALLY-1", { unit: u.id }) : null);
}

/**
 * Whether the unit itself could take a rally test, whatever the step: FLEEING or DISORDERED, no
 * failed start-of-turn Panic test (CORE-RALLY-3), and 5+ models if FLEEING (CORE-RALLY-2).
 */
export function unitRallyViolation(state: BattleState, u: Unit): ReturnType<typeof violation> | null {
  if (u.order === "GOOD") return violation("morale/not_rallyable", "WHN-RALLY-1", { unit: u.id, order: u.order });
  if (u.flags.failedStartPanic) return violation("morale/failed_start_panic", "CORE-RALLY-3", { unit: u.id });
  const models = modelCount(state, u);
  if (u.order === "FLEEING" && models < MIN_MODELS_TO_RALLY)
    return violation("morale/too_few_models", "CORE-RALLY-2", { unit: u.id, models, min: MIN_MODELS_TO_RALLY });
  return null;
}

/** Checks the free reform of a unit rallying from FLEEING (CORE-RALLY-4); null if acceptable. */
function reformViolation(state: BattleState, u: Unit, reform: NonNullable<RallyAction["reform"]>): ReturnType<typeof violation> | null {
  if (u.order !== "FLEEING") return violation("morale/reform_not_allowed", "CORE-RALLY-4", { unit: u.id, order: u.order });
  if (reform.formation !== undefined) {
    // Under the core rules the unit re-forms as a block, or (light troops) in skirmish order.
    const allowed: readonly Formation[] = traitsOf(state).napoleonicFormations ? REFORM_FORMATIONS[u.troopType] : CORE_FORMATIONS;
    if (!allowed.includes(reform.formation) || (reform.formation === "OPEN_ORDER" && !u.light))
      return violation("morale/bad_formation", "CORE-RALLY-4", { unit: u.id, formation: reform.formation, allowed: [...allowed] });
  }
  if (reform.files !== undefined && reform.files > u.figures)
    return violation("morale/bad_formation", "CORE-RALLY-4", { unit: u.id, files: reform.files, figures: u.figures });
  return null;
}

/** Rearranges a unit about its centre (CORE-RALLY-4): new formation, files and facing, same centre. */
export function reformAboutCentre(u: Unit, reform: NonNullable<RallyAction["reform"]>): Unit {
  const centre = centreOf(u);
  const next: Unit = {
    ...u,
    formation: reform.formation ?? u.formation,
    files: reform.files ?? u.files,
    facing: reform.facing === undefined ? u.facing : normalizeAngle(reform.facing),
  };
  return { ...next, position: add(next.position, sub(centre, centreOf(next))) };
}

/**
 * The reformed unit must stand on the table and overlap no other unit (CORE-RALLY-4 reforms in
 * place, it does not move the unit); checked before any die is rolled.
 */
function reformPlacementViolation(state: BattleState, u: Unit, reform: NonNullable<RallyAction["reform"]>): ReturnType<typeof violation> | null {
  const fp = footprintOf(reformAboutCentre(u, reform));
  if (crossesTableEdge(fp, state.table)) return violation("morale/reform_off_table", "CORE-RALLY-4", { unit: u.id });
  for (const o of unitsInPlay(state)) {
    if (o.id === u.id) continue;
    const ofp = footprintOf(o);
    if (fp.some((a) => ofp.some((b) => rectsOverlap(a, b)))) return violation("morale/reform_overlaps", "CORE-RALLY-4", { unit: u.id, other: o.id });
  }
  return null;
}

/**
 * Plays `morale/rally` (CORE-RALLY-1, WHN-RALLY-1…4): a Leadership test on WHN-LEAD-3's value
 * (−1 if DISORDERED, none if FLEEING, AMB-101). Pass: GOOD, `flags.rallied` (shoots at BS −1,
 * WHN-RALLY-3); from FLEEING also `flags.ralliedFromFleeing` (no move, free reform, CORE-RALLY-4).
 * Fail: a FLEEING unit flees again in the compulsory step; a DISORDERED one stays put (WHN-RALLY-4).
 */
export function rally(state: BattleState, action: RallyAction, ctx: ActionContext): Outcome {
  const u = getUnit(state, action.unit);
  const bad = rallyViolation(state, u);
  if (bad !== null || u === undefined) return fail(bad ?? violation("morale/unknown_unit", "WHN-RALLY-1", { unit: action.unit }));
  if (action.reform !== undefined) {
    const r = reformViolation(state, u, action.reform) ?? reformPlacementViolation(state, u, action.reform);
    if (r !== null) return fail(r);
  }
  const fromFleeing = u.order === "FLEEING";
  const ld = effectiveLeadership(state, u);
  const roll = leadershipTest(ctx.dice, ld.value);
  const testRule = fromFleeing ? "CORE-RALLY-1" : "WHN-RALLY-2";
  ctx.emit("morale/rallyTest", testRule, {
    unit: u.id,
    order: u.order,
    dice: [...roll.dice],
    total: roll.total,
    target: roll.target,
    passed: roll.passed,
    leadersNear: [...ld.leadersNear],
  });
  if (!roll.passed) {
    ctx.emit("unit/rallyFailed", "WHN-RALLY-4", { unit: u.id, order: u.order });
    return ok(state);
  }
  let next: Unit = {
    ...u,
    order: "GOOD",
    flags: { ...u.flags, rallied: true, ralliedFromFleeing: fromFleeing },
  };
  if (fromFleeing && action.reform !== undefined) next = reformAboutCentre(next, action.reform);
  ctx.emit("unit/rallied", fromFleeing ? "CORE-RALLY-4" : "WHN-RALLY-3", {
    unit: u.id,
    from: u.order,
    formation: next.formation,
    facing: next.facing,
  });
  let s = withUnit(state, next);
  const riders = joinedCharacters(s, u.id);
  if (riders.length > 0) {
    const characters = { ...s.characters };
    for (const c of riders) characters[c.id] = { ...c, order: "GOOD" };
    s = { ...s, characters };
  }
  return ok(s);
}
