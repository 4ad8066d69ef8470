/**
 * The explain text of every movement refusal (src/rules/whn/movement/messages.ts), asserted whole.
 * One violation carries every field a template reads, each with its own value, so a template that
 * reads the wrong field, drops a word or rounds differently changes the text.
 */
import { describe, expect, it } from "vitest";
import { MOVEMENT_MESSAGES } from "../../src/rules/whn/movement/messages.js";
import { formatViolation } from "../../src/index.js";
import type { Violation } from "../../src/engine/violation.js";

/** Every field any movement template reads, each distinct (numbers with more than two decimals). */
const FIELDS: Record<string, unknown> = {
  unit: "fr-1", side: "gb", other: "gb-7", enemy: "gb-3", target: "gb-2", parent: "fr-9", detachment: "fr-4",
  step: "remaining", allowed: ["declareCharges", "chargeMoves"], formation: "MIXED_ORDER", limit: 45, wheel: 47.256,
  cost: 7.125, allowance: 6, enemies: ["gb-3", "gb-5"], expected: 12, got: 11, min: 1, distance: 2.3456, linked: 5,
  models: 7, range: 6, troopType: "LIGHT_INFANTRY", parentType: "CAVALRY", reach: 3.004, elites: 4, files: 3,
  why: "too narrow", max: 1, moveUsed: 0.5678, natural: "front", face: "left", response: "flee",
};

const v = (code: string, over: Record<string, unknown> = {}): Violation => ({ code, rule: null, ...FIELDS, ...over }) as Violation;

/** [code, the whole text] for every movement code. */
const TEXTS: readonly (readonly [string, string])[] = [
  ["movement/wrong_step", "That is done in the [\"declareCharges\",\"chargeMoves\"] step of the movement phase, not \"remaining\"."],
  ["movement/unknown_unit", "There is no unit \"fr-1\" in play."],
  ["movement/not_your_unit", "Unit fr-1 belongs to gb, not to the active player."],
  ["movement/fleeing", "Unit fr-1 is fleeing and cannot move by choice."],
  ["movement/disordered", "Unit fr-1 is disordered and has not rallied: it stays where it is."],
  ["movement/rallied_from_fleeing", "Unit fr-1 rallied from fleeing this turn and may not move."],
  ["movement/rallied_from_disorder", "Unit fr-1 rallied from disorder this turn and may not move under the current options."],
  ["movement/charged_this_turn", "Unit fr-1 declared a charge this turn; it moves only in the charge step."],
  ["movement/engaged", "Unit fr-1 is engaged in close combat and cannot move."],
  ["movement/empty_move", "That path does not move fr-1 at all."],
  ["movement/gun_uses_artillery_actions", "fr-1 is a gun: move, limber and unlimber it with the artillery actions (artillery/move, artillery/limber, artillery/unlimber)."],
  ["movement/gun_uses_artillery_respond", "fr-1 is a gun: answer its charge with artillery/respond."],
  ["movement/free_mover", "A unit in MIXED_ORDER moves with movement/moveTo."],
  ["movement/not_free_mover", "A unit in MIXED_ORDER moves along a path with movement/move or movement/march."],
  ["movement/wheel_limit", "MIXED_ORDER may wheel at most 45° in a movement phase; this would make 47.26°."],
  ["movement/too_far", "That move costs 7.13\" but only 6.00\" of movement is left."],
  ["movement/impassable", "Unit fr-1 cannot enter impassable terrain."],
  ["movement/off_table", "Unit fr-1 would leave the table."],
  ["movement/through_unit", "Unit fr-1 cannot move through or onto gb-7."],
  ["movement/too_close_to_enemy", "Unit fr-1 would come within 1\" of the enemy gb-3 without charging."],
  ["movement/already_marched", "Unit fr-1 has marched and has no move left."],
  ["movement/may_not_march", "A unit in MIXED_ORDER may not march."],
  ["movement/march_after_formation_change", "Unit fr-1 changed formation this turn and may not march."],
  ["movement/march_after_limbering", "Unit fr-1 limbered or unlimbered this turn and may not march."],
  ["movement/march_after_moving", "A march is the unit's whole move; fr-1 has already moved."],
  ["movement/march_no_turns", "A march is made of forward moves and wheels only (fr-1)."],
  ["movement/enemy_within_8", "Unit fr-1 may not march with enemy within 8\": [\"gb-3\",\"gb-5\"]."],
  ["movement/model_count", "Give one destination per model: expected 12, got 11."],
  ["movement/missing_destination", "Say where unit fr-1 moves to."],
  ["movement/extended_spacing", "Extended-order models must stand at least 1.00\" apart; two are 2.35\" apart."],
  ["movement/extended_coherency", "Extended-order models must each be within 2\" of another, all in one group (5 of 7 linked)."],
  ["movement/detachment_out_of_range", "Detachment fr-1 would end 2.35\" from its parent fr-9; it must stay within 6.00\"."],
  ["movement/not_a_detachment", "Unit fr-1 is not a detachment: it has no parent to merge into."],
  ["movement/parent_gone", "The parent fr-9 of fr-1 is no longer in play."],
  ["movement/detachment_moved", "Detachment fr-1 has already moved this turn and cannot form up with its parent."],
  ["movement/merge_troop_type", "fr-1 (LIGHT_INFANTRY) cannot stand in the ranks of fr-9 (CAVALRY)."],
  ["movement/merge_formation", "fr-9 is in MIXED_ORDER, which has no ranks for fr-1 to form up in."],
  ["movement/merge_out_of_reach", "Detachment fr-1 is 2.35\" from fr-9; it can reach its parent's ranks only from within 3.00\"."],
  ["movement/not_merged", "fr-4 is not merged into fr-1."],
  ["movement/split_empties_parent", "fr-1 has only the 4 models of fr-4 left; splitting them off would leave nothing."],
  ["movement/split_out_of_reach", "Detachment fr-1 would stand 2.35\" from fr-9; it must step out within 3.00\"."],
  ["movement/no_room_beside_parent", "There is no room beside fr-9 for fr-1; say where it steps out to."],
  ["movement/reform_after_moving", "Unit fr-1 has already moved: a reform is its whole move."],
  ["movement/formation_not_allowed", "Unit fr-1 cannot form MIXED_ORDER with 3 files: too narrow."],
  ["movement/artillery_limbers", "Artillery fr-1 limbers and unlimbers with the artillery actions."],
  ["movement/same_formation", "Unit fr-1 is already in that formation."],
  ["movement/too_many_changes", "At most 1 formation change(s) per unit per turn."],
  ["movement/raw_change_after_moving", "A raw unit's formation change takes its whole move; fr-1 has already moved."],
  ["movement/no_move_left_for_change", "A formation change costs half a move; fr-1 has used 0.57 of its move."],
  ["movement/not_an_enemy", "gb-2 is not an enemy of fr-1."],
  ["movement/charger_fleeing", "Unit fr-1 is fleeing and cannot charge."],
  ["movement/charger_disordered", "Unit fr-1 is disordered and cannot charge."],
  ["movement/charger_engaged", "Unit fr-1 is engaged and cannot charge."],
  ["movement/square_may_not_charge", "Unit fr-1 is in square and cannot charge."],
  ["movement/may_not_charge", "A unit in MIXED_ORDER cannot charge."],
  ["movement/already_declared", "Unit fr-1 has already declared a charge."],
  ["movement/target_not_in_arc", "gb-2 is not in the arc of fr-1."],
  ["movement/no_line_of_sight", "fr-1 cannot see gb-2."],
  ["movement/face_not_allowed", "fr-1 would charge the front face, not the left."],
  ["movement/no_response_pending", "No charge response is pending for fr-1."],
  ["movement/response_not_allowed", "fr-1 may not respond \"flee\"; allowed: [\"declareCharges\",\"chargeMoves\"]."],
  ["movement/formation_required", "Say which formation fr-1 reforms into from square."],
  ["movement/no_room_behind_parent", "There is no room for fr-1 behind its parent."],
  ["movement/stand_and_shoot_unavailable", "Stand and shoot is not available (the shooting resolver is missing)."],
  ["movement/no_charge_declared", "Unit fr-1 declared no charge this turn."],
  ["movement/charge_already_resolved", "The charge of fr-1 has already been made."],
];

describe("movement explain texts (WHN-MOVE-1, CORE-MOVE-1, CORE-CHRG-1, WHN-DET-5, WHN-FCHG-1)", () => {
  it("WHN-MOVE-1: every movement code has exactly one text, and the table lists them all", () => {
    expect(Object.keys(MOVEMENT_MESSAGES).sort()).toEqual(TEXTS.map(([c]) => c).sort());
    expect(TEXTS.length).toBe(66);
  });

  it.each(TEXTS)("WHN-MOVE-1: %s reads exactly", (code, text) => {
    const f = MOVEMENT_MESSAGES[code];
    expect(f).toBeTypeOf("function");
    expect((f as (x: Violation) => string)(v(code))).toBe(text);
  });

  it("CORE-MOVE-1: a distance given as text is printed as it is, not rounded", () => {
    expect((MOVEMENT_MESSAGES["movement/too_far"] as (x: Violation) => string)(v("movement/too_far", { cost: "far", allowance: 2 }))).toBe(
      'That move costs far" but only 2.00" of movement is left.',
    );
    expect((MOVEMENT_MESSAGES["movement/wheel_limit"] as (x: Violation) => string)(v("movement/wheel_limit", { wheel: null }))).toBe(
      "MIXED_ORDER may wheel at most 45° in a movement phase; this would make null°.",
    );
  });

  it("CORE-MOVE-1: plain fields print numbers as they are (no rounding)", () => {
    expect((MOVEMENT_MESSAGES["movement/wheel_limit"] as (x: Violation) => string)(v("movement/wheel_limit", { limit: 22.5 }))).toBe(
      "MIXED_ORDER may wheel at most 22.5° in a movement phase; this would make 47.26°.",
    );
  });

  it("CORE-CHRG-2: a response refusal without an allowed list shows an empty one", () => {
    const f = MOVEMENT_MESSAGES["movement/response_not_allowed"] as (x: Violation) => string;
    expect(f(v("movement/response_not_allowed", { allowed: undefined }))).toBe('fr-1 may not respond "flee"; allowed: [].');
    expect(f(v("movement/response_not_allowed", { allowed: [] }))).toBe('fr-1 may not respond "flee"; allowed: [].');
    expect(f(v("movement/response_not_allowed", { allowed: ["hold"] }))).toBe('fr-1 may not respond "flee"; allowed: ["hold"].');
  });

  it("WHN-MOVE-1: formatViolation reads the movement texts", () => {
    expect(formatViolation({ code: "movement/too_far", rule: "CORE-MOVE-1", cost: 6.5, allowance: 6 } as Violation)).toContain(
      'That move costs 6.50" but only 6.00" of movement is left.',
    );
    expect(formatViolation({ code: "movement/charger_engaged", rule: "CORE-CHRG-1", unit: "fr-2" } as Violation)).toContain("Unit fr-2 is engaged and cannot charge.");
  });
});
