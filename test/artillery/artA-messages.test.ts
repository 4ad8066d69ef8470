import { describe, expect, it } from "vitest";
import { ARTILLERY_MESSAGES } from "../../src/rules/whn/artillery/messages.js";
import { WHN_MESSAGES } from "../../src/rules/whn/messages.js";

// Every artillery violation code renders its own English text from the violation's fields; numbers
// are rounded to two places, lists joined with ", " (the text a front end shows for a refusal).
const x = {
  code: "artillery/x",
  rule: null,
  unit: "U1",
  target: "T1",
  gun: "heavy",
  allowed: "remaining",
  enemies: ["E1", "E2"],
  horseHits: 2,
  cost: 3.14159,
  allowance: 2,
  formation: "UNLIMBERED",
  actual: 40.005,
  ammunition: "shot",
  max: 36,
  response: "flee",
  distance: 7.5,
  move: 8,
  square: "SQ",
  reach: 4,
  circle: 1,
  fire: "F1",
} as never;

const TEXTS: ReadonlyArray<readonly [string, string]> = [
    ["artillery/unknown_unit", "There is no unit \"U1\" in play."],
    ["artillery/unknown_target", "There is no target \"T1\" in play."],
    ["artillery/not_artillery", "Unit U1 is not an artillery unit."],
    ["artillery/heavy_never_horse", "Unit U1: heavy guns are never horse artillery."],
    ["artillery/gun_destroyed", "The gun of U1 is destroyed."],
    ["artillery/crew_sheltering", "The crew of U1 are sheltering in a square."],
    ["artillery/gun_abandoned", "The gun of U1 has been left by its crew."],
    ["artillery/no_crew", "Gun U1 has no crew to work it."],
    ["artillery/wrong_step", "This is done in the movement phase's remaining step, not now."],
    ["artillery/not_your_unit", "Unit U1 is not the active player's."],
    ["artillery/fleeing", "Unit U1 is fleeing."],
    ["artillery/disordered", "Unit U1 is disordered and stays put this turn."],
    ["artillery/rallied_from_fleeing", "Unit U1 rallied this turn and may not move."],
    ["artillery/charged_this_turn", "Unit U1 is charging this turn."],
    ["artillery/engaged", "Unit U1 is in close combat."],
    ["artillery/already_limbered", "Gun U1 is already limbered."],
    ["artillery/already_unlimbered", "Gun U1 is already unlimbered."],
    ["artillery/already_changed_this_turn", "Gun U1 has already limbered or unlimbered this turn."],
    ["artillery/marched", "Gun U1 marched this turn."],
    ["artillery/limber_disabled", "The limber of U1 is disabled: the gun may no longer move limbered."],
    ["artillery/no_half_move_left", "Gun U1 has used more than half its move; limbering takes half a move."],
    ["artillery/into_fire", "Unit U1 may not move into or through a fire."],
    ["artillery/may_not_march", "Gun U1 is UNLIMBERED; only limbered guns march."],
    ["artillery/march_after_limbering", "Gun U1 limbered or unlimbered this turn and may not march."],
    ["artillery/march_after_moving", "Gun U1 has already moved this turn and may not march."],
    ["artillery/enemy_within_8", "Enemies within 8\" (E1, E2) forbid a march."],
    ["artillery/already_marched", "Gun U1 has already marched this turn."],
    ["artillery/no_team", "Gun U1 has lost its team (2 horse hits) and cannot move limbered."],
    ["artillery/too_far", "That move costs 3.14\"; gun U1 has 2\"."],
    ["artillery/impassable", "Unit U1 may not enter impassable ground."],
    ["artillery/limbered", "Gun U1 is limbered; only unlimbered guns fire."],
    ["artillery/already_fired", "Gun U1 has already fired this phase."],
    ["artillery/fire_and_limber_horse_only", "Only horse artillery may fire and limber (U1 is not)."],
    ["artillery/fire_and_limber_moved", "Gun U1 moved this turn, so it may not fire and limber."],
    ["artillery/shell_not_allowed", "Gun U1 may not fire shell: only British guns and howitzers do."],
    ["artillery/not_an_enemy", "T1 is not an enemy."],
    ["artillery/target_engaged", "T1 is in close combat and may not be fired at."],
    ["artillery/not_in_arc", "T1 is not in the arc of U1."],
    ["artillery/no_line_of_sight", "U1 cannot see T1."],
    ["artillery/out_of_range", "The target is 40.01\" away; shot reaches 36\"."],
    ["artillery/response_not_allowed", "Gun U1 may not respond \"flee\" (allowed: remaining)."],
    ["artillery/no_response_pending", "No charge response is pending for U1."],
    ["artillery/square_required", "Name the friendly square the crew of U1 shelter in."],
    ["artillery/charger_too_close", "The charger is 7.5\" away, within its move of 8\": too close to shoot."],
    ["artillery/no_friendly_square", "SQ is not a friendly unit in play."],
    ["artillery/not_a_square", "SQ is not in square."],
    ["artillery/square_too_far", "The square is 7.5\" away; the crew move 4\"."],
    ["artillery/crew_already_moved", "The crew of U1 have already moved this turn."],
    ["artillery/not_sheltering", "The crew of U1 are not sheltering."],
    ["artillery/sheltered_this_turn", "The crew of U1 sheltered this turn; they leave in a later movement phase."],
    ["artillery/not_abandoned", "Gun U1 is not an abandoned gun waiting for its crew."],
    ["artillery/crew_not_in_contact", "The crew are 7.5\" from gun U1; they must touch it."],
    ["artillery/already_fought_fire", "Unit U1 has already fought a fire this turn."],
    ["artillery/already_moved", "Unit U1 has moved; fighting a fire takes the place of its move."],
    ["artillery/unknown_fire", "There is no circle 1 of fire F1."],
    ["artillery/no_water_near", "Unit U1 is not within 8\" of water."],
    ["artillery/fire_too_far", "Unit U1 is 7.5\" from the fire; it must be within 1\"."],
];

describe("artillery messages (every artillery/* code)", () => {
  it("WHN-ART-1…17: the table has exactly these codes, in this order", () => {
    expect(Object.keys(ARTILLERY_MESSAGES)).toEqual(TEXTS.map(([c]) => c));
  });

  for (const [code, text] of TEXTS) {
    it(`${code}: renders its fields`, () => {
      expect((ARTILLERY_MESSAGES[code] as (v: never) => string)(x)).toBe(text);
      expect((WHN_MESSAGES[code] as (v: never) => string)(x)).toBe(text);
    });
  }

  it("messages: a missing field prints as undefined, a number is rounded to 2 places, a list is joined", () => {
    const f = ARTILLERY_MESSAGES["artillery/too_far"] as (v: never) => string;
    expect(f({ code: "artillery/too_far", rule: null, unit: "G", cost: 2.004, allowance: 1.996 } as never)).toBe('That move costs 2"; gun G has 2".');
    expect(f({ code: "artillery/too_far", rule: null, cost: 0.125 } as never)).toBe('That move costs 0.13"; gun undefined has undefined".');
    const g = ARTILLERY_MESSAGES["artillery/enemy_within_8"] as (v: never) => string;
    expect(g({ code: "artillery/enemy_within_8", rule: null, enemies: [] } as never)).toBe('Enemies within 8" () forbid a march.');
    expect(g({ code: "artillery/enemy_within_8", rule: null, enemies: ["A"] } as never)).toBe('Enemies within 8" (A) forbid a march.');
  });
});
