import { describe, expect, it } from "vitest";
import { MORALE_MESSAGES } from "../../src/rules/whn/morale/messages.js";

/** One violation carrying every field any morale message reads. */
const V = { rule: "X", unit: "fr-1", side: "gb", order: "GOOD", models: 4, min: 5, other: "fr-2", character: "ney", step: "remaining", allowed: "rally", distance: 4.016, max: 3.5, x: 72.5, y: -1, reason: "fleeing" };

describe("morA: morale refusal texts (messages.ts)", () => {
  it("WHN-RALLY-1, CORE-RALLY-2…4, CORE-CHAR-1…5, WHN-LEAD-4: every code renders its own text from the violation's fields", () => {
    const texts: Record<string, string> = {};
    for (const [code, f] of Object.entries(MORALE_MESSAGES)) texts[code] = f({ ...V, code } as never);
    expect(texts).toEqual({
      "morale/wrong_step": "This can only be done in the rally step of the movement phase (now: remaining).",
      "morale/unknown_unit": "There is no unit \"fr-1\" in play.",
      "morale/not_your_unit": "Unit fr-1 belongs to side gb, not to the player whose turn it is.",
      "morale/not_rallyable": "Unit fr-1 is GOOD: only FLEEING or DISORDERED units take rally tests.",
      "morale/failed_start_panic": "Unit fr-1 failed a Panic test at the start of this turn and may not rally this turn.",
      "morale/too_few_models": "Unit fr-1 has 4 models; a fleeing unit needs at least 5 to rally.",
      "morale/already_tested": "Unit fr-1 has already taken its rally test this turn.",
      "morale/reform_not_allowed": "Only a unit rallying from FLEEING is reformed for free; unit fr-1 is GOOD.",
      "morale/reform_off_table": "Reformed that way, unit fr-1 would stand off the table.",
      "morale/reform_overlaps": "Reformed that way, unit fr-1 would overlap unit fr-2.",
      "morale/bad_formation": "Unit fr-1 cannot be rearranged that way.",
      "morale/unknown_character": "There is no character \"ney\" in play.",
      "morale/not_your_character": "Character ney belongs to side gb, not to the player whose turn it is.",
      "morale/character_fleeing": "Character ney is fleeing and cannot move on his own.",
      "morale/joined": "Character ney has joined unit fr-1 and moves with it.",
      "morale/already_joined": "Character ney has already joined unit fr-1.",
      "morale/not_joined": "Character ney has not joined a unit.",
      "morale/extended_order": "Unit fr-1 is in extended order and cannot be joined by a leader.",
      "morale/unit_fleeing": "Unit fr-1 is fleeing and cannot be joined.",
      "morale/unit_engaged": "Unit fr-1 is engaged; a character reaches it only by charging.",
      "morale/out_of_reach": "That is 4.02\" away; the character has 3.50\" of movement left.",
      "morale/off_table": "(72.5, -1) is off the table.",
      "morale/overlaps_unit": "The character would stand on unit fr-1.",
      "morale/joined_this_turn": "Character ney joined unit fr-1 this turn and may not leave it until a later movement phase.",
      "morale/cannot_leave": "Character ney may not leave unit fr-1 now (fleeing).",
    });
  });
});
