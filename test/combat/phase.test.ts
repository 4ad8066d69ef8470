import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState, type BattleEvent } from "../../src/index.js";
import { engaged, deepFreeze } from "../fixtures/combat.js";
import { buildRound } from "../../src/rules/whn/combat/index.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { A_KILLS_3, LD6, ev, mustApply as ok, unitOf as unit } from "../fixtures/play.js";



describe("the close combat phase", () => {
  it("WHN-BREAK-1: a loser that passes its Break test becomes DISORDERED and falls back (WHN-BREAK-2), the infantry winner stays (WHN-BREAK-6)", () => {
    const s = deepFreeze(withScriptedDice(engaged({ profile: LD6 }), [...A_KILLS_3, 1, 1]));
    const r = ok(s, { type: "combat/fight" });
    const fought = ev(r.events, "combat/roundFought")[0]!;
    expect(fought).toMatchObject({ winner: "fr", margin: 4 });
    expect(ev(r.events, "combat/breakTest")[0]).toMatchObject({ unit: "b", target: 2, total: 2, passed: true, rule: "CORE-BREAK-1" });
    const b = unit(r.state, "b");
    expect(b.order).toBe("DISORDERED");
    expect(b.figures).toBe(17);
    expect(b.position.y).toBeCloseTo(24 + 4, 6);
    expect(b.facing).toBe(270);
    expect(unit(r.state, "a").position).toEqual({ x: 36, y: 24 });
    expect(ev(r.events, "combat/holds")[0]).toMatchObject({ unit: "a", rule: "WHN-BREAK-6" });
    expect(r.state.combats).toEqual({});
  });

  it("CORE-BREAK-1: a loser that fails breaks and flees 2D6 directly away (CORE-FLEE-2, CORE-FLEE-3); the winner must decide on pursuit (CORE-PURS-1)", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }), [...A_KILLS_3, 6, 6, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/broke")[0]).toMatchObject({ unit: "b", from: "a" });
    const fled = ev(r.events, "unit/fled")[0]!;
    expect(fled).toMatchObject({ unit: "b", roll: 7, distance: 7 });
    expect(unit(r.state, "b").order).toBe("FLEEING");
    expect(r.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "CORE-PURS-1" }]);
    expect(apply(r.state, { type: "turn/advance" }).ok).toBe(false);
  });

  it("CORE-PURS-4: a pursuit roll above the flee roll catches and destroys the fleeing unit; its standard is captured (CORE-BREAK-3, CORE-STD-4)", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }, { command: { leader: false, standard: true, musician: false } }), [...A_KILLS_3, 6, 6, 3, 4, 5, 5]);
    const r1 = ok(s, { type: "combat/fight" });
    expect(ev(r1.events, "combat/standardCaptured")[0]).toMatchObject({ unit: "b", by: "a", rule: "CORE-STD-4" });
    expect(unit(r1.state, "a").standardsCaptured).toEqual(["b"]);
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: true });
    expect(ev(r2.events, "combat/pursuit")[0]).toMatchObject({ roll: 10, fleeRoll: 7, caught: true, rule: "CORE-PURS-3" });
    expect(unit(r2.state, "b").removed?.reason).toBe("destroyed");
    expect(unit(r2.state, "a").position.y).toBeCloseTo(24 + 10, 6);
    expect(r2.state.pending).toEqual([]);
  });

  it("CORE-PURS-4: an equal pursuit roll does not catch; the pursuers stop 0.5\" short (CORE-PURS-3, CORE-PURS-8)", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }), [...A_KILLS_3, 6, 6, 3, 4, 3, 4]);
    const r1 = ok(s, { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: true });
    expect(ev(r2.events, "combat/pursuit")[0]).toMatchObject({ roll: 7, caught: false });
    expect(unit(r2.state, "b").removed).toBeNull();
    // b's rear edge is 7" ahead of a's front edge; a would end touching it, so it stops 0.5" short.
    expect(ev(r2.events, "combat/pursued")[0]!["distance"]).toBeCloseTo(6.5, 6);
    expect(unit(r2.state, "a").position.y).toBeCloseTo(24 + 6.5, 6);
    expect(footprintDistance(footprintOf(unit(r2.state, "a")), footprintOf(unit(r2.state, "b")))).toBeCloseTo(0.5, 6);
  });

  it("CORE-PURS-4: a lower pursuit roll that ends more than 0.5\" away moves its full distance, out of contact", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }), [...A_KILLS_3, 6, 6, 3, 4, 3, 3]);
    const r1 = ok(s, { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: true });
    expect(ev(r2.events, "combat/pursuit")[0]).toMatchObject({ roll: 6, fleeRoll: 7, caught: false });
    expect(ev(r2.events, "combat/pursued")[0]).toMatchObject({ distance: 6 });
    expect(unit(r2.state, "a").position.y).toBeCloseTo(30, 6);
    expect(footprintDistance(footprintOf(unit(r2.state, "a")), footprintOf(unit(r2.state, "b")))).toBeCloseTo(1, 6);
  });

  it("CORE-PURS-1: a winner that passes its restraint test stays put", () => {
    const s = withScriptedDice(engaged({ profile: LD6 }), [...A_KILLS_3, 6, 6, 3, 4, 2, 2]);
    const r1 = ok(s, { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: false });
    expect(ev(r2.events, "combat/restraintTest")[0]).toMatchObject({ passed: true, total: 4 });
    expect(unit(r2.state, "a").position).toEqual({ x: 36, y: 24 });
  });

  it("WHN-BREAK-5: a square never pursues", () => {
    const base = engaged({ formation: "SQUARE", profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 6 } });
    const k = buildRound(base, base.combats["c1" as never]!).input.strikers.find((x) => x.owner === "a")!.models;
    const r = ok(withScriptedDice(base, [...new Array(2 * k).fill(6), 6, 6, 3, 4]), { type: "combat/fight" });
    expect(ev(r.events, "combat/broke")[0]).toMatchObject({ unit: "b" });
    expect(r.state.pending).toEqual([]);
    expect(ev(r.events, "combat/noPursuit")[0]).toMatchObject({ unit: "a", rule: "WHN-BREAK-5" });
  });

  it("illegal combat actions return a violation and leave the state unchanged", () => {
    const s = deepFreeze(engaged());
    const r = apply(s, { type: "combat/restrain", unit: "a", pursue: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: "combat/no_restraint_due", rule: "CORE-PURS-1" });
    const r2 = apply(s, { type: "combat/fight", combat: "nope" });
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.violation.code).toBe("combat/unknown_combat");
    const r3 = apply(s, { type: "combat/challenge", combat: "c1", challenger: null });
    expect(r3.ok).toBe(false);
  });
});
