/**
 * The English text of every shooting refusal (src/rules/whn/shooting/index.ts), asserted whole.
 * One violation carries every field a template reads, each with its own value, so a template that
 * reads the wrong field, loses a word or rounds differently changes the text.
 */
import { describe, expect, it } from "vitest";
import { shootingModule } from "../../src/rules/whn/shooting/index.js";
import { formatViolation } from "../../src/index.js";
import type { Violation } from "../../src/engine/violation.js";

const FIELDS: Record<string, unknown> = {
  unit: "fr-3", target: "gb-7", face: 2, actual: 13.4567, max: 24.004, min: 12.5, character: "gb-ch", closer: "gb-9",
};
const v = (code: string, over: Record<string, unknown> = {}): Violation => ({ code, rule: null, ...FIELDS, ...over }) as Violation;

const TEXTS: readonly (readonly [string, string])[] = [
  ["shooting/unknown_unit", 'There is no unit "fr-3" in play to shoot with.'],
  ["shooting/unknown_target", 'There is no target "gb-7" in play.'],
  ["shooting/not_active_side", "Unit fr-3 is not the active player's; only the active player shoots."],
  ["shooting/not_an_enemy", "gb-7 is not an enemy."],
  ["shooting/artillery", "Unit fr-3 is a gun; guns fire with the artillery actions."],
  ["shooting/no_missile_weapon", "Unit fr-3 carries no missile weapon."],
  ["shooting/rallied", "Unit fr-3 rallied this turn and may not shoot."],
  ["shooting/fleeing", "Unit fr-3 is fleeing and cannot shoot."],
  ["shooting/engaged", "Unit fr-3 is in close combat and cannot shoot."],
  ["shooting/marched", "Unit fr-3 marched this turn and cannot shoot."],
  ["shooting/charged", "Unit fr-3 charged this turn and cannot shoot."],
  ["shooting/failed_charge", "Unit fr-3 made a failed charge this turn and cannot shoot."],
  ["shooting/already_shot", "Unit fr-3 has already shot this phase."],
  ["shooting/face_already_fired", "Face 2 of square fr-3 has already fired this phase."],
  ["shooting/target_already_shot_by_square", "Square fr-3 has already fired at gb-7 with another face."],
  ["shooting/target_engaged", "gb-7 is in close combat and may not be shot at."],
  ["shooting/crew_sheltering", "The crew of gb-7 shelter in a square and cannot be shot at."],
  ["shooting/not_in_arc", "gb-7 is not in the arc of fr-3."],
  ["shooting/no_line_of_sight", "fr-3 cannot see gb-7."],
  ["shooting/out_of_range", 'The target is 13.46" away; the weapon reaches 24".'],
  ["shooting/no_firers", "No model of fr-3 is able to fire."],
  ["shooting/character_not_exposed", "Character gb-ch cannot be picked out: his unit must be the closest enemy and face the shooters."],
  ["shooting/character_not_closest", "Character gb-ch is not the closest visible enemy (gb-9 is closer)."],
  ["shooting/volley_off", "Template volley fire is a house rule that is switched off."],
  ["shooting/volley_not_bows", "Unit fr-3 has no bows to shoot a volley."],
  ["shooting/volley_skirmishing", "Unit fr-3 is skirmishing and cannot shoot a volley."],
  ["shooting/volley_range", 'The aim point is 13.46" away; a volley needs more than 12.5" and at most 24".'],
  ["shooting/volley_arc", "The aim point is not in the arc of fr-3."],
  ["shooting/volley_unseen_unit", "gb-7 cannot be seen; aim at a point instead."],
];

const messages = shootingModule.messages as Record<string, (x: Violation) => string>;

describe("shooting refusal texts (WHN-SHOOT-1, CORE-SHOOT-1, HR-VOLLEY-2)", () => {
  it("WHN-SHOOT-1: the table holds exactly these codes", () => {
    expect(Object.keys(messages).sort()).toEqual(TEXTS.map(([c]) => c).sort());
    expect(TEXTS.length).toBe(29);
  });

  it.each(TEXTS)("WHN-SHOOT-1: %s reads exactly", (code, text) => {
    expect(messages[code]?.(v(code))).toBe(text);
  });

  it("CORE-SHOOT-1: numbers are rounded to two places, text and missing fields printed as they are", () => {
    const f = messages["shooting/out_of_range"] as (x: Violation) => string;
    expect(f(v("shooting/out_of_range", { actual: 7.005, max: 0.125 }))).toBe('The target is 7.01" away; the weapon reaches 0.13".');
    expect(f(v("shooting/out_of_range", { actual: "far", max: undefined }))).toBe('The target is far" away; the weapon reaches undefined".');
    expect(f(v("shooting/out_of_range", { actual: -2.346, max: 30 }))).toBe('The target is -2.35" away; the weapon reaches 30".');
    expect((messages["shooting/unknown_unit"] as (x: Violation) => string)(v("x", { unit: 12.3456 }))).toBe('There is no unit "12.35" in play to shoot with.');
  });

  it("WHN-SHOOT-1: formatViolation reads the shooting texts", () => {
    expect(formatViolation({ code: "shooting/already_shot", rule: "WHN-SHOOT-1", unit: "fr-8" } as Violation)).toContain("Unit fr-8 has already shot this phase.");
  });

  it("WHN-SHOOT-1: the module is named and routes fire and volley in the shooting phase only", () => {
    expect(shootingModule.name).toBe("whn/shooting");
    const routes = shootingModule.routes as Record<string, { phases: readonly string[] }>;
    expect(Object.keys(routes).sort()).toEqual(["shooting/fire", "shooting/volley"]);
    expect(routes["shooting/fire"]?.phases).toEqual(["shooting"]);
    expect(routes["shooting/volley"]?.phases).toEqual(["shooting"]);
  });
});
