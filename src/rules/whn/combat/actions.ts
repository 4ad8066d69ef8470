/**
 * The combat module's actions (zod at the boundary only) and their reducers: fighting a combat,
 * challenges (CORE-CHAL-1/2), the restraint decision (CORE-PURS-1) and disengaging (CORE-DISENG-1).
 */
import * as z from "zod";
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import { violation } from "../../../engine/violation.js";
import type { BattleState } from "../../../state/battle.js";
import { CharacterIdSchema, CombatIdSchema, UnitIdSchema, type CharacterId, type CombatId, type RuleId, type UnitId } from "../../../state/ids.js";
import type { JsonValue } from "../../../state/common.js";
import { mayDisengage } from "../morale/disorder.js";
import { getUnit, inPlay } from "../unit.js";
import { fightBatch, finishAftermath, tidyCombats } from "./aftermath.js";
import { sideOrder } from "./build.js";
import { challengeStage, challengers } from "./challenge.js";
import { combatOfUnit, declaredDisengagements } from "./disengage.js";
import { drive, unfoughtCombats } from "./drive.js";
import { pursue, restraint } from "./pursuit.js";
import { redressChoices, redressTo } from "./redress.js";
import { splitAnswers, splitDecisions, splitsMap } from "./split.js";
import { emit, recorder, view, type Recorder } from "./recorder.js";

/** `combat/fight`: fight one combat now (or, without `combat`, every combat that is ready). */
export const FightActionSchema = z.strictObject({
  type: z.literal("combat/fight"),
  combat: CombatIdSchema.optional(),
});
/** `combat/challenge`: issue a challenge with a character, or `null` to decline (CORE-CHAL-1). */
export const ChallengeActionSchema = z.strictObject({
  type: z.literal("combat/challenge"),
  combat: CombatIdSchema,
  challenger: CharacterIdSchema.nullable(),
  /** With `core.challengeRefuserChooses: false`: the enemy character to retire on a refusal (AMB-07). */
  retireIfRefused: CharacterIdSchema.optional(),
});
/** `combat/answerChallenge`: accept with a character, or `null` to refuse (CORE-CHAL-2). */
export const AnswerChallengeActionSchema = z.strictObject({
  type: z.literal("combat/answerChallenge"),
  combat: CombatIdSchema,
  champion: CharacterIdSchema.nullable(),
  /** On a refusal, the own character that retires (AMB-07, `core.challengeRefuserChooses`). */
  retire: CharacterIdSchema.optional(),
});
/** `combat/restrain`: a winner's pursuit decision: pursue, or take the restraint test (CORE-PURS-1). */
export const RestrainActionSchema = z.strictObject({
  type: z.literal("combat/restrain"),
  unit: UnitIdSchema,
  pursue: z.boolean(),
});
/** `combat/redress`: a winner's redress decision: the frontage (files) it re-lays to, its present files for none (CORE-REDR-1/2). */
export const RedressActionSchema = z.strictObject({
  type: z.literal("combat/redress"),
  unit: UnitIdSchema,
  files: z.int().min(1).max(1000),
});
/** `combat/splitAttacks`: how many of a unit's models touching several enemy units attack each (CORE-CC-2). */
export const SplitAttacksActionSchema = z.strictObject({
  type: z.literal("combat/splitAttacks"),
  unit: UnitIdSchema,
  split: z.record(UnitIdSchema, z.int().min(0).max(10_000)),
});
/** `combat/disengage`: declare a disengagement with the charges (CORE-DISENG-1). */
export const DisengageActionSchema = z.strictObject({
  type: z.literal("combat/disengage"),
  unit: UnitIdSchema,
});

/** The combat module's action types. */
export type FightAction = z.output<typeof FightActionSchema>;
/** A challenge action. */
export type ChallengeAction = z.output<typeof ChallengeActionSchema>;
/** An answer to a challenge. */
export type AnswerChallengeAction = z.output<typeof AnswerChallengeActionSchema>;
/** A restraint decision. */
export type RestrainAction = z.output<typeof RestrainActionSchema>;
/** A redress decision. */
export type RedressAction = z.output<typeof RedressActionSchema>;
/** An attack split. */
export type SplitAttacksAction = z.output<typeof SplitAttacksActionSchema>;
/** A disengagement declaration. */
export type DisengageAction = z.output<typeof DisengageActionSchema>;

/** A pending decision as the state holds it. */
type Decision = BattleState["pending"][number];

const refuse = (code: string, rule: RuleId | null, details: { readonly [k: string]: JsonValue } = {}): Outcome => fail(violation(`combat/${code}`, rule, details));

/** The decision on top of the stack if it is of one kind for one combat. */
function topDecision(state: BattleState, kind: Decision["kind"], combat: CombatId): Decision | null {
  const d = state.pending[0];
  const c = state.combats[combat];
  if (d === undefined || d.kind !== kind || c === undefined) return null;
  return d.targets.length > 0 && d.targets.every((t) => c.units.includes(t)) ? d : null;
}

/** Pops the first pending decision matching a predicate. */
function popDecision(state: BattleState, pred: (d: Decision) => boolean): BattleState {
  const i = state.pending.findIndex(pred);
  return i < 0 ? state : { ...state, pending: [...state.pending.slice(0, i), ...state.pending.slice(i + 1)] };
}

/** Fights one combat (declining any challenge still to offer) or every ready combat (CORE-CC-1). */
export function fight(state: BattleState, action: FightAction, ctx: ActionContext): Outcome {
  if (state.pending.length > 0) return refuse("decision_pending", "CORE-TURN-2", { kind: state.pending[0]?.kind ?? null });
  const r = recorder(ctx);
  const todo = unfoughtCombats(state);
  if (action.combat === undefined) {
    if (todo.length === 0) return refuse("nothing_to_fight", "CORE-CC-1");
    return ok(drive(state, r));
  }
  if (state.combats[action.combat] === undefined) return refuse("unknown_combat", null, { combat: action.combat });
  if (!todo.includes(action.combat)) return refuse("already_fought", "CORE-CC-1", { combat: action.combat });
  const c = state.combats[action.combat];
  for (;;) {
    const stage = c === undefined ? null : challengeStage(view(state, r), c, sideOrder(state));
    if (stage === null || stage.kind !== "offer") break;
    emit(r, "combat/challengeDeclined", "CORE-CHAL-1", { combat: action.combat, side: stage.side });
  }
  const asked = splitDecisions(view(state, r), [action.combat]);
  if (asked.length > 0) return ok({ ...state, pending: [...state.pending, ...asked] });
  return ok(fightBatch(state, r, [action.combat]));
}

/**
 * The owner's split of his shared models' attacks (CORE-CC-2, `core.ownerChoices: "ask"`): kept
 * on the other split decisions still to answer; the last answer fights the combats with every split.
 */
export function splitAttacks(state: BattleState, action: SplitAttacksAction, ctx: ActionContext): Outcome {
  const d = state.pending[0];
  if (d === undefined || d.kind !== "attackSplit" || d.unit !== action.unit) return refuse("no_split_due", "CORE-CC-2", { unit: action.unit });
  const allowed = splitAnswers(state, d);
  const key = (x: Record<string, number>) => JSON.stringify(Object.keys(x).sort().map((k) => [k, x[k] ?? 0]));
  const given: Record<string, number> = {};
  for (const e of d.targets) given[e] = action.split[e] ?? 0;
  const unknown = Object.keys(action.split).filter((e) => !d.targets.includes(e as UnitId));
  if (unknown.length > 0 || !allowed.some((a) => key(a) === key(given))) return refuse("split_not_allowed", "CORE-CC-2", { unit: action.unit, split: given });
  const r = recorder(ctx);
  emit(r, "combat/attacksSplit", "CORE-CC-2", { unit: action.unit, split: given });
  const splits = [...(d.splits ?? []), ...Object.entries(given).map(([enemy, models]) => ({ unit: action.unit, enemy: enemy as UnitId, models }))];
  const rest = state.pending.slice(1).map((x) => (x.kind === "attackSplit" ? { ...x, splits } : x));
  const s = { ...state, pending: rest };
  if (rest.some((x) => x.kind === "attackSplit")) return ok(s);
  const todo = new Set(unfoughtCombats(s));
  return ok(fightBatch(s, r, (d.batch ?? []).filter((c) => todo.has(c)), splitsMap(splits)));
}

/** Issues or declines a challenge (CORE-CHAL-1). */
export function challenge(state: BattleState, action: ChallengeAction, ctx: ActionContext): Outcome {
  const d = topDecision(state, "challenge", action.combat);
  if (d === null) return refuse("no_challenge_due", "CORE-CHAL-1", { combat: action.combat });
  const c = state.combats[action.combat];
  if (c === undefined) return refuse("unknown_combat", null, { combat: action.combat });
  const r = recorder(ctx);
  const popped = popDecision(state, (x) => x === d);
  if (action.challenger === null) {
    emit(r, "combat/challengeDeclined", "CORE-CHAL-1", { combat: action.combat, side: d.side });
    return ok(drive(popped, r));
  }
  const mine = challengers(state, c, d.side);
  if (!mine.some((x) => x.id === action.challenger)) return refuse("not_in_combat", "CORE-CHAL-1", { character: action.challenger, combat: action.combat });
  const theirs = challengers(state, c, d.side === sideOrder(state)[0] ? sideOrder(state)[1] : sideOrder(state)[0]);
  if (action.retireIfRefused !== undefined && !theirs.some((x) => x.id === action.retireIfRefused)) {
    return refuse("not_in_combat", "CORE-CHAL-2", { character: action.retireIfRefused, combat: action.combat });
  }
  emit(r, "combat/challengeIssued", "CORE-CHAL-1", { combat: action.combat, side: d.side, challenger: action.challenger, retireIfRefused: action.retireIfRefused ?? "" });
  return ok(drive(popped, r));
}

/** Accepts or refuses a challenge (CORE-CHAL-2, AMB-07). */
export function answerChallenge(state: BattleState, action: AnswerChallengeAction, ctx: ActionContext): Outcome {
  const d = topDecision(state, "challengeAnswer", action.combat);
  const c = state.combats[action.combat];
  if (d === null || c === undefined) return refuse("no_challenge_due", "CORE-CHAL-2", { combat: action.combat });
  const stage = challengeStage(state, c, sideOrder(state));
  if (stage.kind !== "answer") return refuse("no_challenge_due", "CORE-CHAL-2", { combat: action.combat });
  const mine = challengers(state, c, d.side);
  const r = recorder(ctx);
  const popped = popDecision(state, (x) => x === d);
  if (action.champion !== null) {
    if (!mine.some((x) => x.id === action.champion)) return refuse("not_in_combat", "CORE-CHAL-2", { character: action.champion, combat: action.combat });
    emit(r, "combat/challengeAccepted", "CORE-CHAL-2", { combat: action.combat, challenger: stage.challenger, champion: action.champion });
    return ok(drive(popped, r));
  }
  const byRefuser = state.options.core.challengeRefuserChooses;
  const pick = byRefuser ? action.retire : stage.retireIfRefused === "" ? undefined : (stage.retireIfRefused as CharacterId);
  const retired = pick ?? [...mine].sort((a, b) => b.profile.Ld - a.profile.Ld || (a.id < b.id ? -1 : 1))[0]?.id;
  if (retired === undefined || !mine.some((x) => x.id === retired)) return refuse("not_in_combat", "CORE-CHAL-2", { character: retired ?? null, combat: action.combat });
  emit(r, "combat/challengeRefused", "CORE-CHAL-2", { combat: action.combat, challenger: stage.challenger, retired, chosenBy: byRefuser ? "refuser" : "challenger" });
  return ok(drive(popped, r));
}

/** The winner's pursuit decision (CORE-PURS-1…8). */
export function restrain(state: BattleState, action: RestrainAction, ctx: ActionContext): Outcome {
  const d = state.pending.find((x) => x.kind === "restraint" && x.unit === action.unit);
  if (d === undefined) return refuse("no_restraint_due", "CORE-PURS-1", { unit: action.unit });
  const u = getUnit(state, action.unit);
  if (u === undefined || !inPlay(u)) return refuse("unknown_unit", null, { unit: action.unit });
  const r = recorder(ctx);
  let s = popDecision(state, (x) => x === d);
  const quarryId = d.targets[0] as UnitId;
  const quarry = getUnit(s, quarryId);
  const stays = !action.pursue && restraint(s, r, u, quarry);
  if (stays) emit(r, "combat/restrained", "CORE-PURS-1", { unit: u.id });
  else s = pursue(s, r, u.id, quarryId, fleeRollOf(view(s, r), quarryId));
  // In the combat phase, CORE-PANIC-10 decisions come only after the fall backs (a friend panicked by a blocked one).
  return ok(afterRestraint(s, r, d.rule === "WHN-BREAK-1" || d.rule === "CORE-PANIC-10"));
}

/**
 * Once no restraint decision is left, the phase's aftermath goes on (or the combats are tidied in
 * movement). After the pursuit of a blocked fall back (WHN-BREAK-1, or CORE-PANIC-10 for a friend it
 * panicked out of its own combat) the fall backs are already made.
 */
function afterRestraint(state: BattleState, r: Recorder, fallBacksMade: boolean): BattleState {
  if (state.pending.some((x) => x.kind === "restraint")) return state;
  if (state.turn.phase === "combat") return drive(finishAftermath(state, r, fallBacksMade), r);
  return tidyCombats(state, r, new Set(view(state, r).facts.step.pursued));
}

/** The quarry's flee roll this turn: the roll of its last flight (CORE-PURS-4). */
function fleeRollOf(state: BattleState, quarry: UnitId): number {
  const rolls = state.facts.fleeRolls;
  return Object.hasOwn(rolls, quarry) ? (rolls[quarry] ?? 0) : 0;
}

/** The winner's redress decision (CORE-REDR-1/2, `core.ownerChoices: "ask"`). */
export function answerRedress(state: BattleState, action: RedressAction, ctx: ActionContext): Outcome {
  const d = state.pending.find((x) => x.kind === "redress" && x.unit === action.unit);
  if (d === undefined) return refuse("no_redress_due", "CORE-REDR-1", { unit: action.unit });
  const allowed = redressChoices(state, action.unit, d.targets[0] as string);
  if (!allowed.includes(action.files)) return refuse("redress_not_allowed", "CORE-REDR-1", { unit: action.unit, files: action.files, allowed });
  const r = recorder(ctx);
  const s = redressTo(popDecision(state, (x) => x === d), r, action.unit, action.files);
  return ok(s.pending.length === 0 ? drive(s, r) : s);
}

/** Declares a disengagement in the declare-charges step (CORE-DISENG-1, AMB-107). */
export function declareDisengage(state: BattleState, action: DisengageAction, ctx: ActionContext): Outcome {
  if (state.turn.step !== "declareCharges") return refuse("wrong_step", "CORE-DISENG-1", { step: state.turn.step });
  const u = getUnit(state, action.unit);
  if (u === undefined || !inPlay(u)) return refuse("unknown_unit", null, { unit: action.unit });
  if (u.side !== state.turn.activeSide) return refuse("not_your_unit", "CORE-DISENG-1", { unit: u.id });
  if (combatOfUnit(state, u.id) === undefined) return refuse("not_engaged", "CORE-DISENG-1", { unit: u.id });
  if (!mayDisengage(u)) return refuse("may_not_disengage", "WHN-DIS-4", { unit: u.id, order: u.order });
  if (declaredDisengagements(state).includes(u.id)) return refuse("already_declared", "CORE-DISENG-1", { unit: u.id });
  ctx.emit("combat/disengageDeclared", "CORE-DISENG-1", { unit: u.id });
  return ok(state);
}
