/**
 * English renderings of the artillery module's violation codes.
 */
import type { Violation } from "../../../engine/violation.js";

const v = (x: Violation, k: string): string => {
  const y = x[k];
  if (typeof y === "number") return String(Math.round(y * 100) / 100);
  if (Array.isArray(y)) return y.join(", ");
  return String(y);
};

/** Messages for every `artillery/*` code. */
export const ARTILLERY_MESSAGES: { readonly [code: string]: (x: Violation) => string } = {
  "artillery/unknown_unit": (x) => `There is no unit "${v(x, "unit")}" in play.`,
  "artillery/unknown_target": (x) => `There is no target "${v(x, "target")}" in play.`,
  "artillery/not_artillery": (x) => `Unit ${v(x, "unit")} is not an artillery unit.`,
  "artillery/heavy_never_horse": (x) => `Unit ${v(x, "unit")}: ${v(x, "gun")} guns are never horse artillery.`,
  "artillery/gun_destroyed": (x) => `The gun of ${v(x, "unit")} is destroyed.`,
  "artillery/crew_sheltering": (x) => `The crew of ${v(x, "unit")} are sheltering in a square.`,
  "artillery/gun_abandoned": (x) => `The gun of ${v(x, "unit")} has been left by its crew.`,
  "artillery/no_crew": (x) => `Gun ${v(x, "unit")} has no crew to work it.`,
  "artillery/wrong_step": (x) => `This is done in the movement phase's ${v(x, "allowed")} step, not now.`,
  "artillery/not_your_unit": (x) => `Unit ${v(x, "unit")} is not the active player's.`,
  "artillery/fleeing": (x) => `Unit ${v(x, "unit")} is fleeing.`,
  "artillery/disordered": (x) => `Unit ${v(x, "unit")} is disordered and stays put this turn.`,
  "artillery/rallied_from_fleeing": (x) => `Unit ${v(x, "unit")} rallied this turn and may not move.`,
  "artillery/charged_this_turn": (x) => `Unit ${v(x, "unit")} is charging this turn.`,
  "artillery/engaged": (x) => `Unit ${v(x, "unit")} is in close combat.`,
  "artillery/already_limbered": (x) => `Gun ${v(x, "unit")} is already limbered.`,
  "artillery/already_unlimbered": (x) => `Gun ${v(x, "unit")} is already unlimbered.`,
  "artillery/already_changed_this_turn": (x) => `Gun ${v(x, "unit")} has already limbered or unlimbered this turn.`,
  "artillery/marched": (x) => `Gun ${v(x, "unit")} marched this turn.`,
  "artillery/limber_disabled": (x) => `The limber of ${v(x, "unit")} is disabled: the gun may no longer move limbered.`,
  "artillery/no_half_move_left": (x) => `Gun ${v(x, "unit")} has used more than half its move; limbering takes half a move.`,
  "artillery/into_fire": (x) => `Unit ${v(x, "unit")} may not move into or through a fire.`,
  "artillery/may_not_march": (x) => `Gun ${v(x, "unit")} is ${v(x, "formation")}; only limbered guns march.`,
  "artillery/march_after_limbering": (x) => `Gun ${v(x, "unit")} limbered or unlimbered this turn and may not march.`,
  "artillery/march_after_moving": (x) => `Gun ${v(x, "unit")} has already moved this turn and may not march.`,
  "artillery/enemy_within_8": (x) => `Enemies within 8" (${v(x, "enemies")}) forbid a march.`,
  "artillery/already_marched": (x) => `Gun ${v(x, "unit")} has already marched this turn.`,
  "artillery/no_team": (x) => `Gun ${v(x, "unit")} has lost its team (${v(x, "horseHits")} horse hits) and cannot move limbered.`,
  "artillery/too_far": (x) => `That move costs ${v(x, "cost")}"; gun ${v(x, "unit")} has ${v(x, "allowance")}".`,
  "artillery/impassable": (x) => `Unit ${v(x, "unit")} may not enter impassable ground.`,
  "artillery/limbered": (x) => `Gun ${v(x, "unit")} is limbered; only unlimbered guns fire.`,
  "artillery/already_fired": (x) => `Gun ${v(x, "unit")} has already fired this phase.`,
  "artillery/fire_and_limber_horse_only": (x) => `Only horse artillery may fire and limber (${v(x, "unit")} is not).`,
  "artillery/fire_and_limber_moved": (x) => `Gun ${v(x, "unit")} moved this turn, so it may not fire and limber.`,
  "artillery/shell_not_allowed": (x) => `Gun ${v(x, "unit")} may not fire shell: only British guns and howitzers do.`,
  "artillery/not_an_enemy": (x) => `${v(x, "target")} is not an enemy.`,
  "artillery/target_engaged": (x) => `${v(x, "target")} is in close combat and may not be fired at.`,
  "artillery/not_in_arc": (x) => `${v(x, "target")} is not in the arc of ${v(x, "unit")}.`,
  "artillery/no_line_of_sight": (x) => `${v(x, "unit")} cannot see ${v(x, "target")}.`,
  "artillery/out_of_range": (x) => `The target is ${v(x, "actual")}" away; ${v(x, "ammunition")} reaches ${v(x, "max")}".`,
  "artillery/response_not_allowed": (x) => `Gun ${v(x, "unit")} may not respond "${v(x, "response")}" (allowed: ${v(x, "allowed")}).`,
  "artillery/no_response_pending": (x) => `No charge response is pending for ${v(x, "unit")}.`,
  "artillery/square_required": (x) => `Name the friendly square the crew of ${v(x, "unit")} shelter in.`,
  "artillery/charger_too_close": (x) => `The charger is ${v(x, "distance")}" away, within its move of ${v(x, "move")}": too close to shoot.`,
  "artillery/no_friendly_square": (x) => `${v(x, "square")} is not a friendly unit in play.`,
  "artillery/not_a_square": (x) => `${v(x, "square")} is not in square.`,
  "artillery/square_too_far": (x) => `The square is ${v(x, "distance")}" away; the crew move ${v(x, "reach")}".`,
  "artillery/crew_already_moved": (x) => `The crew of ${v(x, "unit")} have already moved this turn.`,
  "artillery/not_sheltering": (x) => `The crew of ${v(x, "unit")} are not sheltering.`,
  "artillery/sheltered_this_turn": (x) => `The crew of ${v(x, "unit")} sheltered this turn; they leave in a later movement phase.`,
  "artillery/not_abandoned": (x) => `Gun ${v(x, "unit")} is not an abandoned gun waiting for its crew.`,
  "artillery/crew_not_in_contact": (x) => `The crew are ${v(x, "distance")}" from gun ${v(x, "unit")}; they must touch it.`,
  "artillery/already_fought_fire": (x) => `Unit ${v(x, "unit")} has already fought a fire this turn.`,
  "artillery/already_moved": (x) => `Unit ${v(x, "unit")} has moved; fighting a fire takes the place of its move.`,
  "artillery/unknown_fire": (x) => `There is no circle ${v(x, "circle")} of fire ${v(x, "fire")}.`,
  "artillery/no_water_near": (x) => `Unit ${v(x, "unit")} is not within 8" of water.`,
  "artillery/fire_too_far": (x) => `Unit ${v(x, "unit")} is ${v(x, "distance")}" from the fire; it must be within 1".`,
};
