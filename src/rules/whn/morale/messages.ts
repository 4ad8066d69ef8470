/** English renderings of the morale module's violation codes. */
import type { Violation } from "../../../engine/violation.js";

const s = (v: Violation, k: string): string => String(v[k]);

/** Messages keyed by violation code (used by `formatViolation`). */
export const MORALE_MESSAGES: { readonly [code: string]: (v: Violation) => string } = {
  "morale/wrong_step": (v) => `This can only be done in the ${s(v, "allowed")} step of the movement phase (now: ${s(v, "step")}).`,
  "morale/unknown_unit": (v) => `There is no unit "${s(v, "unit")}" in play.`,
  "morale/not_your_unit": (v) => `Unit ${s(v, "unit")} belongs to side ${s(v, "side")}, not to the player whose turn it is.`,
  "morale/not_rallyable": (v) => `Unit ${s(v, "unit")} is ${s(v, "order")}: only FLEEING or DISORDERED units take rally tests.`,
  "morale/failed_start_panic": (v) => `Unit ${s(v, "unit")} failed a Panic test at the start of this turn and may not rally this turn.`,
  "morale/too_few_models": (v) => `Unit ${s(v, "unit")} has ${s(v, "models")} models; a fleeing unit needs at least ${s(v, "min")} to rally.`,
  "morale/already_tested": (v) => `Unit ${s(v, "unit")} has already taken its rally test this turn.`,
  "morale/reform_not_allowed": (v) => `Only a unit rallying from FLEEING is reformed for free; unit ${s(v, "unit")} is ${s(v, "order")}.`,
  "morale/reform_off_table": (v) => `Reformed that way, unit ${s(v, "unit")} would stand off the table.`,
  "morale/reform_overlaps": (v) => `Reformed that way, unit ${s(v, "unit")} would overlap unit ${s(v, "other")}.`,
  "morale/bad_formation": (v) => `Unit ${s(v, "unit")} cannot be rearranged that way.`,
  "morale/unknown_character": (v) => `There is no character "${s(v, "character")}" in play.`,
  "morale/not_your_character": (v) => `Character ${s(v, "character")} belongs to side ${s(v, "side")}, not to the player whose turn it is.`,
  "morale/character_fleeing": (v) => `Character ${s(v, "character")} is fleeing and cannot move on his own.`,
  "morale/joined": (v) => `Character ${s(v, "character")} has joined unit ${s(v, "unit")} and moves with it.`,
  "morale/already_joined": (v) => `Character ${s(v, "character")} has already joined unit ${s(v, "unit")}.`,
  "morale/not_joined": (v) => `Character ${s(v, "character")} has not joined a unit.`,
  "morale/extended_order": (v) => `Unit ${s(v, "unit")} is in extended order and cannot be joined by a leader.`,
  "morale/unit_fleeing": (v) => `Unit ${s(v, "unit")} is fleeing and cannot be joined.`,
  "morale/unit_engaged": (v) => `Unit ${s(v, "unit")} is engaged; a character reaches it only by charging.`,
  "morale/out_of_reach": (v) => `That is ${Number(v["distance"]).toFixed(2)}" away; the character has ${Number(v["max"]).toFixed(2)}" of movement left.`,
  "morale/off_table": (v) => `(${s(v, "x")}, ${s(v, "y")}) is off the table.`,
  "morale/overlaps_unit": (v) => `The character would stand on unit ${s(v, "unit")}.`,
  "morale/joined_this_turn": (v) => `Character ${s(v, "character")} joined unit ${s(v, "unit")} this turn and may not leave it until a later movement phase.`,
  "morale/cannot_leave": (v) => `Character ${s(v, "character")} may not leave unit ${s(v, "unit")} now (${s(v, "reason")}).`,
};
