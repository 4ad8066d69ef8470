/**
 * Characters moving on their own, joining and leaving units (CORE-CHAR-1, CORE-CHAR-3…5,
 * WHN-LEAD-4), in the remaining-moves step of the movement phase (WHN-TURN-1 2.6).
 */
import * as z from "zod";
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { fail, ok } from "../../../engine/context.js";
import { violation, type Violation } from "../../../engine/violation.js";
import type { BattleState } from "../../../state/battle.js";
import { Vec2Schema, facingSchema } from "../../../state/common.js";
import { CharacterIdSchema, UnitIdSchema, type CharacterId, type RuleId } from "../../../state/ids.js";
import type { Character, Unit } from "../../../state/unit.js";
import { footprintDistance, rectsOverlap } from "../../../geometry/rect.js";
import { dist, leq, lt, normalizeAngle } from "../../../geometry/vec.js";
import { characterFootprint, footprintOf, getUnit, inPlay, joinedCharacters, unitsInPlay, withCharacter } from "../unit.js";
import { isEngaged } from "./triggers.js";

/** Zod schema of `morale/moveCharacter`: a lone character moves up to his M (CORE-CHAR-1). */
export const MoveCharacterActionSchema = z.strictObject({
  type: z.literal("morale/moveCharacter"),
  character: CharacterIdSchema,
  to: Vec2Schema,
  facing: facingSchema.optional(),
});
/** Zod schema of `morale/joinUnit`: a character moves into contact and joins (CORE-CHAR-3). */
export const JoinUnitActionSchema = z.strictObject({
  type: z.literal("morale/joinUnit"),
  character: CharacterIdSchema,
  unit: UnitIdSchema,
});
/** Zod schema of `morale/leaveUnit`: a joined character leaves and moves off (CORE-CHAR-5). */
export const LeaveUnitActionSchema = z.strictObject({
  type: z.literal("morale/leaveUnit"),
  character: CharacterIdSchema,
  to: Vec2Schema,
  facing: facingSchema.optional(),
});
/** The `morale/moveCharacter` action. */
export type MoveCharacterAction = z.infer<typeof MoveCharacterActionSchema>;
/** The `morale/joinUnit` action. */
export type JoinUnitAction = z.infer<typeof JoinUnitActionSchema>;
/** The `morale/leaveUnit` action. */
export type LeaveUnitAction = z.infer<typeof LeaveUnitActionSchema>;

/** Inches of movement a character has left this phase (`flags.moveUsed` is a fraction of M). */
export function characterMoveLeft(c: Character): number {
  return Math.max(0, c.profile.M * (1 - c.flags.moveUsed));
}

/** A unit's movement rate with its joined characters: the slower of them all (CORE-CHAR-4). */
export function unitMoveRate(state: BattleState, u: Unit): number {
  return joinedCharacters(state, u.id).reduce((m, c) => Math.min(m, c.profile.M), u.profile.M);
}

/**
 * The farthest a unit may still move this phase because of characters who joined it this turn: as
 * far as the one with least movement left still could (CORE-CHAR-3); Infinity if none joined.
 */
export function joinedMoveLimit(state: BattleState, u: Unit): number {
  return joinedCharacters(state, u.id)
    .filter((c) => c.joinedOnTurn === state.turn.gameTurn)
    .reduce((m, c) => Math.min(m, characterMoveLeft(c)), Infinity);
}

/** Whether a unit may adopt EXTENDED_ORDER: not while a leader is joined to it (WHN-LEAD-4). */
export function mayAdoptExtendedOrder(state: BattleState, u: Unit): boolean {
  return joinedCharacters(state, u.id).length === 0;
}

const refuse = (code: string, rule: RuleId, values: { readonly [k: string]: string | number | null }): Violation => violation(`morale/${code}`, rule, values);

/** The common checks: the remaining-moves step, the active side's character in play. */
function characterViolation(state: BattleState, id: CharacterId): Violation | Character {
  if (state.turn.phase !== "movement" || state.turn.step !== "remaining")
    return refuse("wrong_step", "CORE-TURN-2", { step: state.turn.step, allowed: "remaining" });
  const c = Object.hasOwn(state.characters, id) ? state.characters[id] : undefined;
  if (c === undefined || c.removed !== null) return refuse("unknown_character", "CORE-CHAR-1", { character: id });
  if (c.side !== state.turn.activeSide) return refuse("not_your_character", "CORE-CHAR-1", { character: c.id, side: c.side });
  if (c.order === "FLEEING") return refuse("character_fleeing", "CORE-CHAR-6", { character: c.id });
  return c;
}

/** Checks a destination: on the table and clear of every unit's footprint. */
function placeViolation(state: BattleState, c: Character, to: { x: number; y: number }, facing: number): Violation | null {
  if (lt(to.x, 0) || lt(to.y, 0) || lt(state.table.width, to.x) || lt(state.table.height, to.y))
    return refuse("off_table", "CORE-CHAR-1", { character: c.id, x: to.x, y: to.y });
  const fp = characterFootprint({ ...c, position: to, facing });
  for (const u of unitsInPlay(state)) {
    if (fp.some((r) => footprintOf(u).some((q) => rectsOverlap(r, q)))) return refuse("overlaps_unit", "CORE-CHAR-1", { character: c.id, unit: u.id });
  }
  return null;
}

/** Spends `distance` inches of a character's movement (as a fraction of M, capped at 1). */
const spend = (c: Character, distance: number): Character["flags"] => ({
  ...c.flags,
  moved: true,
  moveUsed: Math.min(1, c.flags.moveUsed + (c.profile.M > 0 ? distance / c.profile.M : 1)),
});

/** Plays `morale/moveCharacter`: a lone character moves freely up to his remaining M (CORE-CHAR-1). */
export function moveCharacter(state: BattleState, action: MoveCharacterAction, ctx: ActionContext): Outcome {
  const c = characterViolation(state, action.character);
  if ("code" in c) return fail(c);
  if (c.joinedTo !== null) return fail(refuse("joined", "CORE-CHAR-4", { character: c.id, unit: c.joinedTo }));
  const d = dist(c.position, action.to);
  const left = characterMoveLeft(c);
  if (!leq(d, left)) return fail(refuse("out_of_reach", "CORE-CHAR-1", { character: c.id, distance: d, max: left }));
  const facing = normalizeAngle(action.facing ?? c.facing);
  const bad = placeViolation(state, c, action.to, facing);
  if (bad !== null) return fail(bad);
  ctx.emit("character/moved", "CORE-CHAR-1", { character: c.id, from: { ...c.position }, to: { ...action.to }, distance: d });
  return ok(withCharacter(state, { ...c, position: { ...action.to }, facing, flags: spend(c, d) }));
}

/**
 * Plays `morale/joinUnit` (CORE-CHAR-3): the character moves into contact with a friendly unit and
 * stands in its front rank beside the leader (CORE-GEO-8). Not fleeing or engaged units, and never
 * an EXTENDED_ORDER unit (WHN-LEAD-4).
 */
export function joinUnit(state: BattleState, action: JoinUnitAction, ctx: ActionContext): Outcome {
  const c = characterViolation(state, action.character);
  if ("code" in c) return fail(c);
  if (c.joinedTo !== null) return fail(refuse("already_joined", "CORE-CHAR-3", { character: c.id, unit: c.joinedTo }));
  const u = getUnit(state, action.unit);
  if (u === undefined || !inPlay(u)) return fail(refuse("unknown_unit", "CORE-CHAR-3", { unit: action.unit }));
  if (u.side !== c.side) return fail(refuse("not_your_unit", "CORE-CHAR-3", { unit: u.id, side: u.side }));
  if (u.formation === "EXTENDED_ORDER") return fail(refuse("extended_order", "WHN-LEAD-4", { unit: u.id }));
  if (u.order === "FLEEING") return fail(refuse("unit_fleeing", "CORE-CHAR-3", { unit: u.id }));
  if (isEngaged(state, u)) return fail(refuse("unit_engaged", "CORE-CHAR-3", { unit: u.id }));
  const d = footprintDistance(characterFootprint(c), footprintOf(u));
  const left = characterMoveLeft(c);
  if (!leq(d, left)) return fail(refuse("out_of_reach", "CORE-CHAR-3", { character: c.id, unit: u.id, distance: d, max: left }));
  ctx.emit("character/joined", "CORE-CHAR-3", { character: c.id, unit: u.id, distance: d });
  return ok(
    withCharacter(state, {
      ...c,
      joinedTo: u.id,
      joinedOnTurn: state.turn.gameTurn,
      position: { ...u.position },
      facing: u.facing,
      flags: spend(c, d),
    }),
  );
}

/** Why a joined character may not leave his unit now, or null (CORE-CHAR-5). */
export function leaveViolation(state: BattleState, c: Character): Violation | null {
  if (c.joinedTo === null) return refuse("not_joined", "CORE-CHAR-5", { character: c.id });
  if (c.joinedOnTurn === state.turn.gameTurn) return refuse("joined_this_turn", "CORE-CHAR-5", { character: c.id, unit: c.joinedTo });
  const u = getUnit(state, c.joinedTo);
  if (u === undefined || !inPlay(u)) return null;
  const reason = u.order === "FLEEING" ? "fleeing" : u.flags.declaredCharge ? "declaredCharge" : u.flags.rallied ? "rallied" : isEngaged(state, u) ? "engaged" : null;
  return reason === null ? null : refuse("cannot_leave", "CORE-CHAR-5", { character: c.id, unit: u.id, reason });
}

/**
 * Plays `morale/leaveUnit` (CORE-CHAR-5): in a later movement phase than the one he joined in, a
 * character leaves a unit that is not fleeing, charging, rallied or engaged, and moves up to his
 * remaining M from it; he may then join another unit.
 */
export function leaveUnit(state: BattleState, action: LeaveUnitAction, ctx: ActionContext): Outcome {
  const c = characterViolation(state, action.character);
  if ("code" in c) return fail(c);
  const bad = leaveViolation(state, c);
  if (bad !== null) return fail(bad);
  const u = c.joinedTo === null ? undefined : getUnit(state, c.joinedTo);
  const facing = normalizeAngle(action.facing ?? c.facing);
  const alone: Character = { ...c, joinedTo: null, joinedOnTurn: null };
  const d = u === undefined ? dist(c.position, action.to) : footprintDistance(footprintOf(u), characterFootprint({ ...alone, position: action.to, facing }));
  const left = characterMoveLeft(c);
  if (!leq(d, left)) return fail(refuse("out_of_reach", "CORE-CHAR-5", { character: c.id, distance: d, max: left }));
  const place = placeViolation(state, alone, action.to, facing);
  if (place !== null) return fail(place);
  ctx.emit("character/left", "CORE-CHAR-5", { character: c.id, unit: c.joinedTo, to: { ...action.to }, distance: d });
  return ok(withCharacter(state, { ...alone, position: { ...action.to }, facing, flags: spend(c, d) }));
}
