import { describe, expect, it } from "vitest";
import type { Violation } from "../../src/engine/violation.js";
import { FNF_MESSAGES } from "../../src/rules/fnf/messages.js";

/**
 * The English text of every FnF refusal code, each field given its own value so that a text that
 * dropped or swapped a field, or lost a word, differs. Numbers are shown to two decimals.
 */
const FIELDS = {
  code: "fnf/test",
  rule: "FNF-TEST-1",
  unit: "u-alpha",
  firer: "f-bravo",
  leader: "l-charlie",
  cost: 7.456,
  max: 18,
  distance: 1.234,
  result: "WELL_HANDLED",
  travel: 6.789,
  to: "SQUARE",
  allowance: 4.5,
  other: "o-delta",
  touching: "t-echo",
  target: "g-foxtrot",
  enemy: "e-golf",
  phase: "offensiveFire",
  melee: "m-hotel",
  lead: "d-india",
  id: "i-juliet",
  detachment: "x-kilo",
} as unknown as Violation;

const TEXTS: [string, string][] = [
  ["fnf/unknown_unit","There is no FnF unit \"u-alpha\" on the table."],
  ["fnf/unknown_leader","There is no leader \"l-charlie\" on the table."],
  ["fnf/not_your_unit","Unit \"u-alpha\" does not belong to the phasing side."],
  ["fnf/not_your_leader","Leader \"l-charlie\" does not belong to the phasing side."],
  ["fnf/leader_already_moved","Leader \"l-charlie\" has already moved this phase."],
  ["fnf/leaders_move_first","Leaders move before any unit rolls; \"u-alpha\" already has."],
  ["fnf/leader_too_far","That move costs at least 7.46\"; a leader moves at most 18\"."],
  ["fnf/bad_attachment","Leader \"l-charlie\" cannot attach to \"u-alpha\"."],
  ["fnf/not_in_contact","To attach, the leader must end touching \"u-alpha\" (he is 1.23\" away)."],
  ["fnf/detachment_no_maneuver","Detachment \"u-alpha\" never rolls for maneuver."],
  ["fnf/already_rolled","Unit \"u-alpha\" has already rolled for maneuver this phase."],
  ["fnf/compulsory_move","Unit \"u-alpha\" makes a compulsory move this phase instead of rolling."],
  ["fnf/detachment_cannot_move","Detachment \"u-alpha\" may not move (it may only rejoin its brigade)."],
  ["fnf/must_roll_first","Unit \"u-alpha\" must roll on the maneuver table first."],
  ["fnf/already_moved","Unit \"u-alpha\" has already made its move this phase."],
  ["fnf/no_formation_change","Unit \"u-alpha\" may not change formation now (result WELL_HANDLED)."],
  ["fnf/full_change_not_allowed","A base would travel 6.79\", more than a full move: that change takes a full move, not allowed on WELL_HANDLED."],
  ["fnf/illegal_formation","Unit \"u-alpha\" cannot change to SQUARE."],
  ["fnf/unlimbered_cannot_move","Battery \"u-alpha\" must limber before it moves."],
  ["fnf/impassable","Unit \"u-alpha\" cannot move through impassable terrain."],
  ["fnf/too_far","That costs at least 7.46\" of move; the result allows 4.5\"."],
  ["fnf/undeclared_bad_going","Unit \"u-alpha\" did not declare a move in bad going before rolling."],
  ["fnf/off_table","Unit \"u-alpha\" would end off the table."],
  ["fnf/overlap","Unit \"u-alpha\" would end on top of \"o-delta\"."],
  ["fnf/cannot_initiate_melee","Unit \"u-alpha\" may not initiate melee."],
  ["fnf/contact_not_allowed","Contact is allowed only on Well handled or Rally with élan (rolled WELL_HANDLED)."],
  ["fnf/name_contact_target","A move ending in contact must name one touched enemy as its target (touching: t-echo)."],
  ["fnf/already_in_melee","Unit \"u-alpha\" is already in a melee."],
  ["fnf/target_not_touched","The move does not end touching \"g-foxtrot\"."],
  ["fnf/two_inch_rule","The move brings a base to 1.23\" of \"e-golf\" without contacting it (the 2\" rule)."],
  ["fnf/not_your_fire_phase","Unit \"f-bravo\" does not fire in the offensiveFire phase."],
  ["fnf/already_fired","Unit \"f-bravo\" has already fired this turn."],
  ["fnf/cavalry_do_not_fire","Unit \"f-bravo\" has no fire points (cavalry do not fire)."],
  ["fnf/limbered_cannot_fire","Battery \"f-bravo\" is limbered; only unlimbered batteries fire."],
  ["fnf/silenced","Battery \"f-bravo\" is silenced and may not fire."],
  ["fnf/bad_target","\"g-foxtrot\" is not an enemy unit or lone enemy leader."],
  ["fnf/must_fire_at_melee","Unit \"f-bravo\" has a melee to fight and may fire only at m-hotel."],
  ["fnf/no_fire_points","Unit \"f-bravo\" has no fire points against \"g-foxtrot\" (range, arc or sight)."],
  ["fnf/unknown_melee","There is no pending melee \"m-hotel\"."],
  ["fnf/bad_lead","\"d-india\" is not an attacker in melee \"m-hotel\"."],
  ["fnf/cannot_detach","Unit \"u-alpha\" cannot make a detachment."],
  ["fnf/id_taken","The id \"i-juliet\" is already used."],
  ["fnf/not_hard_cover","A detachment must be placed in hard cover (unit \"u-alpha\")."],
  ["fnf/detachment_too_far","A detachment stands at most 18\" (one move) from its brigade."],
  ["fnf/cannot_rejoin","\"x-kilo\" is not a temporary detachment that can rejoin."],
];

function text(code: string, v: Violation): string {
  const f = FNF_MESSAGES[code];
  if (f === undefined) throw new Error(`no message for ${code}`);
  return f(v);
}

describe("fnfE: FnF refusal texts (messages.ts)", () => {
  it("FNF-TURN-1: the message table covers exactly these codes", () => {
    expect(Object.keys(FNF_MESSAGES)).toEqual(TEXTS.map(([c]) => c));
  });

  it.each(TEXTS)("FNF-TURN-1: %s reads as pinned, every field in its place", (code, expected) => {
    expect(text(code, FIELDS)).toEqual(expected);
  });

  it("FNF-FORM-2: a formation refusal without a result has no parenthesis", () => {
    const v = { code: "fnf/no_formation_change", rule: "FNF-FORM-2", unit: "u-alpha" } as unknown as Violation;
    expect(text("fnf/no_formation_change", v)).toEqual('Unit "u-alpha" may not change formation now.');
  });

  it("FNF-FIRE-1: an unknown firer is named when the violation has no unit field", () => {
    const v = { code: "fnf/unknown_unit", rule: "FNF-FIRE-1", firer: "f-bravo" } as unknown as Violation;
    expect(text("fnf/unknown_unit", v)).toEqual('There is no FnF unit "f-bravo" on the table.');
  });

  it("FNF-MOVE-1: numbers round to hundredths (up and down), whole numbers and non-numbers print plainly", () => {
    const v = (cost: unknown, allowance: unknown) => ({ code: "fnf/too_far", rule: "FNF-MOVE-1", cost, allowance }) as unknown as Violation;
    expect(text("fnf/too_far", v(3.14159, 2.996))).toEqual('That costs at least 3.14" of move; the result allows 3".');
    expect(text("fnf/too_far", v(-1.006, 12))).toEqual('That costs at least -1.01" of move; the result allows 12".');
    expect(text("fnf/too_far", v("far", undefined))).toEqual('That costs at least far" of move; the result allows undefined".');
    const touching = { code: "fnf/name_contact_target", rule: "FNF-MEL-1", touching: ["gb1", "gb2"] } as unknown as Violation;
    expect(text("fnf/name_contact_target", touching)).toEqual("A move ending in contact must name one touched enemy as its target (touching: gb1,gb2).");
  });
});
