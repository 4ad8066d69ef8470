import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { addToMelee } from "../../src/rules/fnf/movement.js";
import { WELL, battery, brigade, eventsOf, refusal, scene, withRec } from "../fixtures/fnfC.js";

/** An infantry base in inches (FNF-GEO-1): 40 mm wide, 30 mm deep. */
const W = 40 / 25.4;
const D = 30 / 25.4;
/** Half the width of a LINE of six bases and its command base. */
const HALF_LINE = (7 * W) / 2;

const mv = (unit: string, path: { x: number; y: number; facing?: number }[], over: Record<string, unknown> = {}) => ({ type: "fnf/move", unit, path, ...over });
const near = (x: number) => expect.closeTo(x, 6);

/** fr1 (LINE at 20,20 facing north) with a Well handled allowance; gb1 far off. */
function open(units: Record<string, unknown> = {}, terrain: unknown[] = [], rec: Record<string, unknown> = {}): BattleState {
  return withRec(scene({ fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 60, 44), ...units }, terrain), "fr1", rec);
}

describe("fnfC: who may move (FNF-MAN-1, FNF-MAN-3, FNF-DET-3)", () => {
  const s = withRec(open({ frd: { ...brigade("frd", "fr", 50, 10), kind: "detachment", bases: 1, parent: "fr1" } }), "frd");
  it("FNF-MAN-1: an unknown unit and the other side's unit are refused", () => {
    expect(refusal(s, mv("zz", [{ x: 1, y: 1 }]))).toEqual({ code: "fnf/unknown_unit", rule: "FNF-MAN-1", unit: "zz" });
    expect(refusal(withRec(s, "gb1"), mv("gb1", [{ x: 60, y: 43 }]))).toEqual({ code: "fnf/not_your_unit", rule: "FNF-MAN-1", unit: "gb1" });
  });
  it("FNF-DET-3: a detachment makes no voluntary move", () => {
    expect(refusal(s, mv("frd", [{ x: 50, y: 11 }]))).toEqual({ code: "fnf/detachment_cannot_move", rule: "FNF-DET-3", unit: "frd" });
  });
  it("FNF-MAN-1: no move before the maneuver roll", () => {
    expect(refusal(withRec(s, "fr1", null), mv("fr1", [{ x: 20, y: 21 }]))).toEqual({ code: "fnf/must_roll_first", rule: "FNF-MAN-1", unit: "fr1" });
  });
  it("FNF-MAN-3: one voluntary move a phase", () => {
    expect(refusal(withRec(s, "fr1", { moved: true }), mv("fr1", [{ x: 20, y: 21 }]))).toEqual({ code: "fnf/already_moved", rule: "FNF-MAN-3", unit: "fr1" });
    const { state } = eventsOf(s, mv("fr1", [{ x: 20, y: 21 }]));
    expect(refusal(state, mv("fr1", [{ x: 20, y: 22 }]))).toEqual({ code: "fnf/already_moved", rule: "FNF-MAN-3", unit: "fr1" });
  });
});

describe("fnfC: formation changes in a move (FNF-FORM-1..4)", () => {
  it("FNF-FORM-4: a result without a change refuses one, naming the result", () => {
    const s = open({}, [], { mayChange: false, result: "HOLD", allowance: 0 });
    expect(refusal(s, mv("fr1", [], { change: { to: "SUPPORTED_LINE" } }))).toEqual({ code: "fnf/no_formation_change", rule: "FNF-FORM-4", unit: "fr1", result: "HOLD" });
  });
  it("FNF-FORM-3: a full change where the result allows only a half one is refused with its travel", () => {
    const s = withRec(scene({ fr1: brigade("fr1", "fr", 20, 20, { bases: 12, startingBases: 12 }) }), "fr1", { fullChangeAllowed: false, result: "TARDY", allowance: 6 });
    expect(refusal(s, mv("fr1", [], { change: { to: "COLUMN_OF_ROUTE" } }))).toEqual({
      code: "fnf/full_change_not_allowed",
      rule: "FNF-FORM-3",
      unit: "fr1",
      travel: near(14.17322834645669),
      result: "TARDY",
    });
    const ok = eventsOf(withRec(s, "fr1", { allowance: 12 }), mv("fr1", [], { change: { to: "COLUMN_OF_ROUTE" } }));
    expect(ok.events).toEqual([{ type: "fnf/formationChanged", rule: "FNF-FORM-3", unit: "fr1", to: "COLUMN_OF_ROUTE", cost: 12 }]);
  });
  it("FNF-FORM-1: an illegal formation is the change's own refusal", () => {
    const s = withRec(scene({ fr3: brigade("fr3", "fr", 50, 10, { arm: "cavalry", formation: "SUPPORTED_LINE" }) }), "fr3");
    expect(refusal(s, mv("fr3", [], { change: { to: "LINE" } }))).toEqual({ code: "fnf/illegal_formation", rule: "FNF-FORM-1", unit: "fr3", to: "LINE" });
  });
  it("FNF-FORM-2: a change alone emits only the change; the flags record it", () => {
    const { state, events } = eventsOf(open(), mv("fr1", [], { change: { to: "SUPPORTED_LINE" } }));
    expect(events).toEqual([{ type: "fnf/formationChanged", rule: "FNF-FORM-2", unit: "fr1", to: "SUPPORTED_LINE", cost: 6 }]);
    const u = state.fnf?.units.fr1;
    expect(u?.formation).toBe("SUPPORTED_LINE");
    expect(u?.position).toEqual({ x: 20, y: 20 });
    expect(u?.turn.changedFormation).toBe(true);
    expect(u?.turn.maneuver).toEqual({ ...WELL, moved: true, changed: true });
  });
  it("FNF-MOVE-2 and FNF-FORM-2: the change's cost counts against the allowance (6 + 6 fits 12, 6 + 6.1 does not)", () => {
    const s = open();
    const { events } = eventsOf(s, mv("fr1", [{ x: 20, y: 26 }], { change: { to: "SUPPORTED_LINE" } }));
    expect(events).toEqual([
      { type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(6), to: [20, 26], facing: 90 },
      { type: "fnf/formationChanged", rule: "FNF-FORM-2", unit: "fr1", to: "SUPPORTED_LINE", cost: 6 },
    ]);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 26.1 }], { change: { to: "SUPPORTED_LINE" } }))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "fr1", cost: near(12.1), allowance: 12 });
  });
  it("FNF-FORM-2: a change after the move happens at the end pose, keeping the path's facing", () => {
    const { state } = eventsOf(open(), mv("fr1", [{ x: 22, y: 24, facing: 80 }], { change: { to: "COLUMN_OF_ATTACK", when: "after" } }));
    expect(state.fnf?.units.fr1).toMatchObject({ formation: "COLUMN_OF_ATTACK", position: { x: 22, y: 24 }, facing: 80 });
  });
  it("FNF-MOVE-3: a change before the move moves the new formation (a column slips past a friend a line would cross)", () => {
    // fr2 stands 4" to the right of the path: a LINE of 11" sweeps through it, a column 1.6" wide does not.
    const s = open({ fr2: brigade("fr2", "fr", 30, 25) }, [], { allowance: 18 });
    const before = eventsOf(s, mv("fr1", [{ x: 20, y: 30 }], { change: { to: "COLUMN_OF_ROUTE", when: "before" } }));
    expect(before.events[0]).toEqual({ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(10), to: [20, 30], facing: 90 });
    expect(refusal(s, mv("fr1", [{ x: 20, y: 30 }], { change: { to: "COLUMN_OF_ROUTE", when: "after" } }))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "fr1", cost: near(10 + 3 + 6), allowance: 18 });
  });
});

describe("fnfC: guns (FNF-ART-1, FNF-MOVE-3)", () => {
  const s = withRec(withRec(open({ frb: battery("frb", "fr", 40, 30, false), frl: battery("frl", "fr", 50, 10, true) }), "frb"), "frl");
  it("FNF-ART-1: an unlimbered battery may not move, but may limber first, or pivot in place", () => {
    expect(refusal(s, mv("frb", [{ x: 40, y: 32 }]))).toEqual({ code: "fnf/unlimbered_cannot_move", rule: "FNF-ART-1", unit: "frb" });
    expect(eventsOf(s, mv("frb", [{ x: 40, y: 32 }], { change: { to: "LIMBERED", when: "before" } })).events).toEqual([
      { type: "fnf/moved", rule: "FNF-MOVE-2", unit: "frb", cost: near(2), to: [40, 32], facing: 90 },
      { type: "fnf/formationChanged", rule: "FNF-FORM-2", unit: "frb", to: "LIMBERED", cost: 4 },
    ]);
    expect(refusal(s, mv("frb", [{ x: 40, y: 32 }], { change: { to: "LIMBERED", when: "after" } }))).toEqual({ code: "fnf/unlimbered_cannot_move", rule: "FNF-ART-1", unit: "frb" });
    expect(eventsOf(s, mv("frb", [], { change: { to: "PIVOT", facing: 100 } })).events).toEqual([{ type: "fnf/formationChanged", rule: "FNF-FORM-2", unit: "frb", to: "PIVOT", cost: 4 }]);
  });
  it("FNF-MOVE-3: limbered guns pay 6\" to pass through friends", () => {
    const g = withRec(open({ frl: battery("frl", "fr", 20, 14, true) }), "frl");
    expect(eventsOf(g, mv("frl", [{ x: 20, y: 16 }])).events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "frl", cost: near(2), to: [20, 16], facing: 90 }]);
    // through fr1 (y 18.8 to 20) to beyond it: 10" of ground and 6 for the passage.
    expect(refusal(g, mv("frl", [{ x: 20, y: 24 }]))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "frl", cost: near(10 + 6), allowance: 12 });
    expect(eventsOf(withRec(g, "frl", { allowance: 16 }), mv("frl", [{ x: 20, y: 24 }])).events[0]).toEqual({ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "frl", cost: near(16), to: [20, 24], facing: 90 });
  });
});

type Feature = BattleState["terrain"][number];
const area = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number): Feature =>
  ({ id, kind, polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], tags: {} }) as unknown as Feature;

describe("fnfC: the allowance and the ground (FNF-MOVE-2, FNF-GEO-6, FNF-MAN-5)", () => {
  it("FNF-MOVE-2: 12\" is the limit of a 12\" allowance; 12.01\" is refused with its cost", () => {
    const s = open();
    expect(eventsOf(s, mv("fr1", [{ x: 20, y: 32 }])).events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(12), to: [20, 32], facing: 90 }]);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 32.01 }]))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "fr1", cost: near(12.01), allowance: 12 });
  });
  it("FNF-MOVE-2: the cost is the dearest base's path; legs add up", () => {
    const s = open();
    // a pivot of 90° about P: the left-hand base travels farthest
    const { events } = eventsOf(s, mv("fr1", [{ x: 20, y: 24 }, { x: 16, y: 24 }]));
    expect(events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(8), to: [16, 24], facing: 90 }]);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 26 }, { x: 13.9, y: 26 }]))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "fr1", cost: near(12.1), allowance: 12 });
  });
  it("FNF-GEO-6: a path into impassable ground is refused; one too long is too far whatever it crosses", () => {
    const s = open({}, [area("lake", "lake", 0, 24, 40, 30)]);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 31 }]))).toEqual({ code: "fnf/impassable", rule: "FNF-GEO-6", unit: "fr1" });
    expect(refusal(s, mv("fr1", [{ x: 20, y: 40 }]))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "fr1", cost: 20, allowance: 12 });
    expect(eventsOf(s, mv("fr1", [{ x: 20, y: 23 }])).events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(3), to: [20, 23], facing: 90 }]);
  });
  it("FNF-MAN-5: bad going on the path must be declared; declared, it costs double for foot", () => {
    const woods = area("w", "woods", 0, 22, 40, 40);
    const s = open({}, [woods]);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 24 }]))).toEqual({ code: "fnf/undeclared_bad_going", rule: "FNF-MAN-5", unit: "fr1" });
    expect(eventsOf(s, mv("fr1", [{ x: 20, y: 22 }])).events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(2), to: [20, 22], facing: 90 }]);
    // base centres run from 19.41 to 23.41: 2.59" open, 1.41" in the woods at two for one (priced every 0.05")
    const d = withRec(s, "fr1", { badGoing: true });
    const into = 24 - D / 2 - 22;
    expect(eventsOf(d, mv("fr1", [{ x: 20, y: 24 }])).events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: expect.closeTo(4 + into, 1), to: [20, 24], facing: 90 }]);
  });
  it("FNF-MAN-5: a change that puts bases into bad going, or is made in it, must be declared too", () => {
    // COLUMN OF ROUTE at P: bases down x = 20 from y 19.41; the LINE's bases all at y 19.41
    const under = area("u", "woods", 19, 0, 21, 18.5);
    const s = open({}, [under]);
    expect(refusal(s, mv("fr1", [], { change: { to: "COLUMN_OF_ROUTE" } }))).toEqual({ code: "fnf/undeclared_bad_going", rule: "FNF-MAN-5", unit: "fr1" });
    expect(eventsOf(withRec(s, "fr1", { badGoing: true }), mv("fr1", [], { change: { to: "COLUMN_OF_ROUTE" } })).events).toEqual([
      { type: "fnf/formationChanged", rule: "FNF-FORM-2", unit: "fr1", to: "COLUMN_OF_ROUTE", cost: 6 },
    ]);
    // the same woods do not matter to a LINE that only moves sideways along y = 20
    expect(eventsOf(s, mv("fr1", [{ x: 22, y: 20 }])).events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(2), to: [22, 20], facing: 90 }]);
    const side = open({}, [area("r", "rough", 22, 19, 30, 20)]);
    expect(refusal(side, mv("fr1", [], { change: { to: "COLUMN_OF_ROUTE" } }))).toEqual({ code: "fnf/undeclared_bad_going", rule: "FNF-MAN-5", unit: "fr1" });
  });
});

describe("fnfC: the end position (FNF-MOVE-2, FNF-GEO-2a)", () => {
  const edge = (x: number, y: number) => withRec(scene({ fr1: brigade("fr1", "fr", x, y) }), "fr1");
  it("FNF-MOVE-2: every base ends on the table: left, right, rear and front edges, each from both sides", () => {
    const off = { code: "fnf/off_table", rule: "FNF-MOVE-2", unit: "fr1" };
    const s = edge(10, 10);
    expect(refusal(s, mv("fr1", [{ x: HALF_LINE + 0.01, y: 10 }]))).toBeNull();
    expect(refusal(s, mv("fr1", [{ x: HALF_LINE - 0.01, y: 10 }]))).toEqual(off);
    const r = edge(62, 10);
    expect(refusal(r, mv("fr1", [{ x: 72 - HALF_LINE - 0.01, y: 10 }]))).toBeNull();
    expect(refusal(r, mv("fr1", [{ x: 72 - HALF_LINE + 0.01, y: 10 }]))).toEqual(off);
    const b = edge(30, 4);
    expect(refusal(b, mv("fr1", [{ x: 30, y: D + 0.01 }]))).toBeNull();
    expect(refusal(b, mv("fr1", [{ x: 30, y: D - 0.01 }]))).toEqual(off);
    const t = edge(30, 44);
    expect(refusal(t, mv("fr1", [{ x: 30, y: 47.99 }]))).toBeNull();
    expect(refusal(t, mv("fr1", [{ x: 30, y: 48.01 }]))).toEqual(off);
  });
  it("FNF-GEO-2a: a move may not end on another unit's bases, friend or foe; touching is allowed", () => {
    const s = open({ fr2: brigade("fr2", "fr", 20, 30), gb2: brigade("gb2", "gb", 40, 25) }, [], { allowance: 20 });
    // fr2 covers y 28.82 to 30; fr1's front edge is P
    expect(refusal(s, mv("fr1", [{ x: 20, y: 30 - D - 0.01 }]))).toBeNull();
    expect(refusal(s, mv("fr1", [{ x: 20, y: 30 - D + 0.05 }]))).toEqual({ code: "fnf/overlap", rule: "FNF-GEO-2a", unit: "fr1", other: "fr2" });
    // gb2 faces south: its bases run from y 25 to 26.18, x 34.49 to 45.51
    expect(refusal(s, mv("fr1", [{ x: 30, y: 25.5 }]))).toEqual({ code: "fnf/overlap", rule: "FNF-GEO-2a", unit: "fr1", other: "gb2" });
  });
});

describe("fnfC: contact (FNF-MEL-1, FNF-MEL-1a, FNF-MAN-3)", () => {
  /** fr1 10" short of gb1's front; gb2 beside gb1, its front 0.5" farther. */
  function front(rec: Record<string, unknown> = {}, more: Record<string, unknown> = {}) {
    return withRec(scene({ fr1: brigade("fr1", "fr", 20, 30), gb1: brigade("gb1", "gb", 20, 40), gb2: brigade("gb2", "gb", 32, 40.5), ...more }), "fr1", rec);
  }
  it("FNF-MEL-1a: a move ending on an enemy's front names it; a melee is made and the contact told", () => {
    const s = front();
    expect(refusal(s, mv("fr1", [{ x: 20, y: 40 }]))).toEqual({ code: "fnf/name_contact_target", rule: "FNF-MEL-1a", unit: "fr1", touching: ["gb1"] });
    expect(refusal(s, mv("fr1", [{ x: 20, y: 40 }], { target: "gb2" }))).toEqual({ code: "fnf/name_contact_target", rule: "FNF-MEL-1a", unit: "fr1", touching: ["gb1"] });
    const { state, events } = eventsOf(s, mv("fr1", [{ x: 20, y: 40 }], { target: "gb1" }));
    expect(events).toEqual([
      { type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(10), to: [20, 40], facing: 90 },
      { type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr1", defender: "gb1", breakthrough: false },
    ]);
    expect(state.fnf?.melees).toEqual({ "melee-1": { id: "melee-1", defender: "gb1", attackers: ["fr1"], breakthrough: [] } });
    expect(state.fnf?.nextMelee).toBe(2);
  });
  it("FNF-MEL-1a: touching two enemies lists both; either may be named", () => {
    const s = front({}, { gb2: brigade("gb2", "gb", 20 + 7 * W, 40) });
    expect(refusal(s, mv("fr1", [{ x: 20 + W, y: 40 }]))).toEqual({ code: "fnf/name_contact_target", rule: "FNF-MEL-1a", unit: "fr1", touching: ["gb1", "gb2"] });
    expect(eventsOf(s, mv("fr1", [{ x: 20 + W, y: 40 }], { target: "gb2" })).events[1]).toEqual({ type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr1", defender: "gb2", breakthrough: false });
  });
  it("FNF-MEL-1a: a second attacker joins the defender's melee; the count of melees stays", () => {
    const s = withRec(front({}, { fr2: brigade("fr2", "fr", 20 + 7 * W, 30) }), "fr2");
    const first = eventsOf(s, mv("fr1", [{ x: 20, y: 40 }], { target: "gb1" })).state;
    const { state, events } = eventsOf(first, mv("fr2", [{ x: 20 + 7 * W, y: 40 }], { target: "gb1" }));
    expect(events[1]).toEqual({ type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr2", defender: "gb1", breakthrough: false });
    expect(state.fnf?.melees).toEqual({ "melee-1": { id: "melee-1", defender: "gb1", attackers: ["fr1", "fr2"], breakthrough: [] } });
    expect(state.fnf?.nextMelee).toBe(2);
  });
  it("FNF-MEL-1a: a unit already attacking in a melee may not contact again", () => {
    const s0 = front();
    const fnf = s0.fnf;
    if (fnf === null) throw new Error("no fnf");
    const s = { ...s0, fnf: { ...fnf, melees: { m9: { id: "m9", defender: "gb2", attackers: ["fr9", "fr1"], breakthrough: [] } } } } as BattleState;
    expect(refusal(s, mv("fr1", [{ x: 20, y: 40 }], { target: "gb1" }))).toEqual({ code: "fnf/already_in_melee", rule: "FNF-MEL-1a", unit: "fr1" });
  });
  it("FNF-MAN-3: contact needs a result that allows it, told in the refusal", () => {
    expect(refusal(front({ mayContact: false, result: "TARDY" }), mv("fr1", [{ x: 20, y: 40 }], { target: "gb1" }))).toEqual({ code: "fnf/contact_not_allowed", rule: "FNF-MAN-3", unit: "fr1", result: "TARDY" });
  });
  it("FNF-MEL-1: only brigades initiate melee (a limbered battery may not drive into contact)", () => {
    const s = withRec(front({}, { frl: battery("frl", "fr", 40, 36, true) }), "frl");
    // gb2's front edge is at y = 40.5
    expect(refusal(s, mv("frl", [{ x: 36, y: 40.5 }], { target: "gb2" }))).toEqual({ code: "fnf/cannot_initiate_melee", rule: "FNF-MEL-1", unit: "frl" });
  });
  it("FNF-MEL-1a: a named target the move does not touch is refused", () => {
    expect(refusal(front(), mv("fr1", [{ x: 20, y: 35 }], { target: "gb1" }))).toEqual({ code: "fnf/target_not_touched", rule: "FNF-MEL-1a", unit: "fr1", target: "gb1" });
  });
  it("FNF-MAN-3: in contact the 2\" rule does not apply to another enemy close by", () => {
    // gb2 at y 40.5: 0.5" from fr1's front when fr1 touches gb1
    const { events } = eventsOf(front(), mv("fr1", [{ x: 20, y: 40 }], { target: "gb1" }));
    expect(events.map((e) => e["type"])).toEqual(["fnf/moved", "fnf/contact"]);
  });
});

describe("fnfC: the 2\" rule (FNF-MAN-3, AMB-81)", () => {
  const two = (gbY: number, rec: Record<string, unknown> = {}) => withRec(scene({ fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, gbY) }), "fr1", rec);
  it("FNF-MAN-3: ending exactly 2\" from an enemy is allowed; 1.99\" is refused with the enemy and distance", () => {
    const s = two(33);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 31 }]))).toBeNull();
    expect(refusal(s, mv("fr1", [{ x: 20, y: 31.01 }]))).toEqual({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1", distance: near(1.99) });
    expect(refusal(withRec(s, "fr1", { allowance: 13 }), mv("fr1", [{ x: 20, y: 32.99 }]))).toEqual({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1", distance: near(13 - (12.99 * 45) / 52) });
    // (52 samples along the 12.99" leg; the 45th is the first within 2")
  });
  it("FNF-MAN-3: passing within 2\" on the way is refused even when the move ends farther off (the first shape, every 1/4\", told)", () => {
    const s = two(26);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 24.5 }, { x: 20, y: 22 }]))).toEqual({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1", distance: near(1.75) });
    expect(refusal(s, mv("fr1", [{ x: 20, y: 24 }, { x: 20, y: 22 }]))).toBeNull();
  });
  it("FNF-MAN-3: a unit already within 2\" may keep its distance or open it, not close it", () => {
    const s = two(21.5);
    expect(refusal(s, mv("fr1", [{ x: 21, y: 20 }]))).toBeNull();
    expect(refusal(s, mv("fr1", [{ x: 20, y: 18 }]))).toBeNull();
    expect(refusal(s, mv("fr1", [{ x: 20, y: 20.5 }]))).toEqual({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1", distance: near(1.25) });
  });
  it("FNF-MAN-3: a change after the move counts its new shape (a column's rear may not reach within 2\")", () => {
    // gb1 behind fr1 with its front edge at y 10.5, 8.3" from the LINE; a COLUMN OF ROUTE of 7 bases is 7 × 1.18" deep
    const s = withRec(scene({ fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 10.5, { facing: 90 }) }), "fr1");
    expect(refusal(s, mv("fr1", [], { change: { to: "COLUMN_OF_ROUTE" } }))).toEqual({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1", distance: near(20 - 7 * D - 10.5) });
    expect(refusal(s, mv("fr1", [], { change: { to: "SUPPORTED_LINE" } }))).toBeNull();
  });
  it("FNF-MAN-3: an enemy off to the side of the path is not approached", () => {
    const s = withRec(scene({ fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 40, 30, { facing: 180 }) }), "fr1");
    expect(refusal(s, mv("fr1", [{ x: 20, y: 30 }]))).toBeNull();
  });
});

describe("fnfC: passage of lines (FNF-MOVE-3)", () => {
  /** fr2 across fr1's path (its bases y 24.82 to 26). */
  const through = (fr2: Record<string, unknown> = {}, fr1: Record<string, unknown> = {}, more: Record<string, unknown> = {}) =>
    withRec(scene({ fr1: brigade("fr1", "fr", 20, 20, fr1), fr2: brigade("fr2", "fr", 20, 26, fr2), gb1: brigade("gb1", "gb", 60, 44), ...more }), "fr1");
  it("FNF-MOVE-3: troops pay 3\" to pass through a friend: 9 + 3 fits 12, 9.1 + 3 does not", () => {
    const s = through();
    expect(eventsOf(s, mv("fr1", [{ x: 20, y: 29 }])).events).toEqual([{ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(12), to: [20, 29], facing: 90 }]);
    expect(refusal(s, mv("fr1", [{ x: 20, y: 29.1 }]))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "fr1", cost: near(12.1), allowance: 12 });
  });
  it("FNF-MOVE-3: each friend passed through costs once; one beside the path costs nothing", () => {
    const two = through({}, {}, { fr3: brigade("fr3", "fr", 20, 30) });
    expect(refusal(withRec(two, "fr1", { allowance: 17.9 }), mv("fr1", [{ x: 20, y: 32 }]))).toEqual({ code: "fnf/too_far", rule: "FNF-MOVE-2", unit: "fr1", cost: near(12 + 3 + 3), allowance: 17.9 });
    expect(eventsOf(withRec(two, "fr1", { allowance: 18 }), mv("fr1", [{ x: 20, y: 32 }])).events[0]).toEqual({ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(18), to: [20, 32], facing: 90 });
    const beside = through({ position: { x: 32, y: 26 } });
    expect(eventsOf(beside, mv("fr1", [{ x: 20, y: 31 }])).events[0]).toEqual({ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(11), to: [20, 31], facing: 90 });
  });
  it("FNF-MOVE-3: skirmishers pass through friends and are passed through freely", () => {
    const sk = { light: true, skirmishing: true };
    expect(eventsOf(through(sk), mv("fr1", [{ x: 20, y: 31 }])).events[0]).toEqual({ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(11), to: [20, 31], facing: 90 });
    expect(eventsOf(through({}, sk), mv("fr1", [{ x: 20, y: 31 }])).events[0]).toEqual({ type: "fnf/moved", rule: "FNF-MOVE-2", unit: "fr1", cost: near(11), to: [20, 31], facing: 90 });
  });
});

describe("fnfC: the unit after its move (FNF-MOVE-2, FNF-LDR-1, FNF-FIRE-5)", () => {
  const leaders = { d1: { id: "d1", side: "fr", rank: "division", position: { x: 20 + HALF_LINE - W / 2, y: 20 - D / 2 }, attachedTo: "fr1" }, d2: { id: "d2", side: "fr", rank: "division", position: { x: 5, y: 5 } } };
  it("FNF-MOVE-2: the facing of a pose is kept by the next poses without one", () => {
    const s = open();
    const { state, events } = eventsOf(s, mv("fr1", [{ x: 20, y: 22, facing: 80 }, { x: 21, y: 24 }]));
    expect(state.fnf?.units.fr1).toMatchObject({ position: { x: 21, y: 24 }, facing: 80 });
    expect(events[0]).toMatchObject({ to: [21, 24], facing: 80 });
  });
  it("FNF-MOVE-2: an attached leader rides on the command base's centre; others stay", () => {
    const s = withRec(scene({ fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 60, 44) }, [], leaders), "fr1");
    const { state } = eventsOf(s, mv("fr1", [{ x: 20, y: 25 }]));
    expect(state.fnf?.leaders.d1?.position.x).toBeCloseTo(20 + HALF_LINE - W / 2, 9);
    expect(state.fnf?.leaders.d1?.position.y).toBeCloseTo(25 - D / 2, 9);
    expect(state.fnf?.leaders.d2?.position).toEqual({ x: 5, y: 5 });
  });
  it("FNF-FIRE-5: a move without a change keeps the turn's earlier change; the maneuver record says moved", () => {
    const s0 = open();
    const fnf = s0.fnf;
    const u = fnf?.units.fr1;
    if (fnf === null || u === undefined) throw new Error("no fr1");
    const flagged = { ...s0, fnf: { ...fnf, units: { ...fnf.units, fr1: { ...u, turn: { ...u.turn, changedFormation: true } } } } } as BattleState;
    expect(eventsOf(flagged, mv("fr1", [{ x: 20, y: 21 }])).state.fnf?.units.fr1?.turn).toMatchObject({ changedFormation: true, maneuver: { ...WELL, moved: true, changed: false } });
    expect(eventsOf(s0, mv("fr1", [{ x: 20, y: 21 }])).state.fnf?.units.fr1?.turn).toMatchObject({ changedFormation: false, maneuver: { ...WELL, moved: true, changed: false } });
  });
  it("FNF-MOVE-2: an empty move with no change spends the move and emits nothing", () => {
    const { state, events } = eventsOf(open(), mv("fr1", []));
    expect(events).toEqual([]);
    expect(state.fnf?.units.fr1?.turn.maneuver?.moved).toBe(true);
  });
  it("FNF-MAN-3: a wheel is checked through the turn, and a facing is the same facing whatever turn count it is written with", () => {
    // gb1 faces north, its bases x 22.49 to 33.51, y 23.32 to 24.5: 3.32" in front of fr1's right half.
    // An about-face swings one end of fr1 through gb1 whichever way it turns, though it ends 2.14" off.
    const s = withRec(scene({ fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 28, 24.5, { facing: 90 }) }), "fr1", { allowance: 20 });
    const wheel = (facing: number) => refusal(s, mv("fr1", [{ x: 20, y: 20, facing }]));
    expect(wheel(270)).toMatchObject({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1" });
    expect(wheel(269)).toMatchObject({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1" });
    expect(wheel(-90)).toEqual(wheel(270));
    // a wheel of 20° to the left (facing 110) brings the right end within 2": the first 5° step that does is told
    const left = wheel(110);
    // (steps at 95°, 100°, 105°: at 105° the front-right corner is 5.51·sin 15° above y 20, under gb1's rear edge)
    expect(left).toEqual({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1", distance: near(24.5 - D - (20 + HALF_LINE * Math.sin((15 * Math.PI) / 180))) });
    expect(wheel(110 + 720)).toEqual(left);
    expect(wheel(110 - 360)).toEqual(left);
    // 20° to the right swings the right end back: no nearer than before
    expect(wheel(70)).toBeNull();
    expect(wheel(70 + 360)).toBeNull();
    expect(wheel(70 - 720)).toBeNull();
  });
});

describe("fnfC: joining melees directly (FNF-MEL-1a)", () => {
  const s0 = scene({ fr1: brigade("fr1", "fr", 20, 30), fr2: brigade("fr2", "fr", 40, 30), gb1: brigade("gb1", "gb", 20, 40), gb2: brigade("gb2", "gb", 40, 40) });
  const ctxOf = (log: unknown[]) => ({ dice: undefined as never, options: undefined as never, emit: (type: string, rule: string, details?: Record<string, unknown>) => void log.push({ type, rule, ...details }) });
  it("FNF-MEL-1a: a breakthrough attacker is listed among the breakthrough ones; a new defender gets the next melee", () => {
    const log: unknown[] = [];
    const a = addToMelee(s0, "gb1", "fr1", true, ctxOf(log));
    expect(a.fnf?.melees).toEqual({ "melee-1": { id: "melee-1", defender: "gb1", attackers: ["fr1"], breakthrough: ["fr1"] } });
    const b = addToMelee(a, "gb2", "fr2", false, ctxOf(log));
    expect(b.fnf?.melees["melee-2"]).toEqual({ id: "melee-2", defender: "gb2", attackers: ["fr2"], breakthrough: [] });
    expect(b.fnf?.nextMelee).toBe(3);
    const c = addToMelee(b, "gb1", "fr2", true, ctxOf(log));
    expect(c.fnf?.melees["melee-1"]).toEqual({ id: "melee-1", defender: "gb1", attackers: ["fr1", "fr2"], breakthrough: ["fr1", "fr2"] });
    expect(c.fnf?.nextMelee).toBe(3);
    const d = addToMelee(a, "gb1", "fr2", false, ctxOf(log));
    expect(d.fnf?.melees["melee-1"]).toEqual({ id: "melee-1", defender: "gb1", attackers: ["fr1", "fr2"], breakthrough: ["fr1"] });
    expect(log).toEqual([
      { type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr1", defender: "gb1", breakthrough: true },
      { type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-2", attacker: "fr2", defender: "gb2", breakthrough: false },
      { type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr2", defender: "gb1", breakthrough: true },
      { type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr2", defender: "gb1", breakthrough: false },
    ]);
  });
  it("FNF-MEL-1a: touching is within 0.001\": 0.0005\" short is contact, 0.002\" short is the 2\" rule", () => {
    const s = withRec(s0, "fr1");
    expect(refusal(s, mv("fr1", [{ x: 20, y: 40 - 0.0005 }]))).toEqual({ code: "fnf/name_contact_target", rule: "FNF-MEL-1a", unit: "fr1", touching: ["gb1"] });
    expect(refusal(s, mv("fr1", [{ x: 20, y: 40 - 0.002 }]))).toMatchObject({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3", unit: "fr1", enemy: "gb1" });
  });
});
