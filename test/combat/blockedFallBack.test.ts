import { describe, expect, it } from "vitest";
import { legalActions, withScriptedDice, type BattleState } from "../../src/index.js";
import { engaged, deepFreeze, foot, horse } from "../fixtures/combat.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { footprintDistance } from "../../src/geometry/rect.js";
import { A_KILLS_3, A_WINS_B_HOLDS, LD6 as PROFILE, ev, mustApply as ok, unitOf as unit } from "../fixtures/play.js";

// c, b's friend behind it, tests for Panic when b's fall back turns into a flight (CORE-PANIC-5): 1 + 1 passes.
const C_HOLDS = [1, 1];
// The hussars (6 in front) strike first: 6 to-hit, 3 to-wound; b's 5 front models miss; Break test 1+1.
const CAV_WINS_B_HOLDS = [6, 6, 6, 1, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1];

/**
 * a (fr) beats b (gb) front to front at y 24; b (4 ranks deep, to y ≈ 27.15) has its friend c 0.35"
 * behind it, so its fall back cannot start (WHN-BREAK-2 stops 0.5" short) and it flees instead.
 */
function blocked(a: Record<string, unknown> = {}, extra: { units?: never[] } = {}): BattleState {
  return engaged({ profile: PROFILE, ...a }, {}, { units: [foot("c", "gb", { position: { x: 36, y: 27.5 }, facing: 270 }), ...(extra.units ?? [])] });
}

describe("a blocked fall back turns into a flight that may be pursued (WHN-BREAK-1, WHN-BREAK-2, AMB-29)", () => {
  it("WHN-BREAK-1 / WHN-BREAK-2: the loser that passed but cannot get clear flees, and the winner fighting nobody else is asked whether to pursue", () => {
    const s = deepFreeze(withScriptedDice(blocked(), [...A_WINS_B_HOLDS, ...C_HOLDS, 3, 4]));
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/breakTest")[0]).toMatchObject({ unit: "b", passed: true });
    expect(ev(r.events, "combat/fallBackBlocked")[0]).toMatchObject({ unit: "b", from: "a", rule: "WHN-BREAK-2" });
    expect(ev(r.events, "unit/fled")[0]).toMatchObject({ unit: "b", roll: 7, rule: "WHN-BREAK-2" });
    expect(ev(r.events, "morale/panicTest")).toMatchObject([{ unit: "c", rule: "CORE-PANIC-5", passed: true }]);
    expect(unit(r.state, "b").order).toBe("FLEEING");
    expect(r.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" }]);
    // Nothing after the fall backs has happened yet: the aftermath waits for the decision.
    expect(ev(r.events, "combat/aftermathDone")).toEqual([]);
    expect(legalActions(r.state)).toEqual([
      { type: "combat/restrain", unit: "a", pursue: true },
      { type: "combat/restrain", unit: "a", pursue: false },
    ]);
  });

  it("WHN-BREAK-1 / CORE-PURS-4: pursuing the flight with a higher roll catches it; the aftermath then ends once", () => {
    const s = withScriptedDice(blocked(), [...A_WINS_B_HOLDS, ...C_HOLDS, 3, 4, 6, 5]);
    const r1 = ok(s, { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: true });
    expect(ev(r2.events, "combat/pursuit")[0]).toMatchObject({ unit: "a", quarry: "b", roll: 11, fleeRoll: 7, caught: true });
    expect(unit(r2.state, "b").removed?.reason).toBe("destroyed");
    // b fell back only once (the blocked attempt); no second fall back on the way out.
    expect(ev([...r1.events, ...r2.events], "combat/fallBackBlocked")).toHaveLength(1);
    expect(ev(r2.events, "combat/aftermathDone")).toHaveLength(1);
    expect(r2.state.pending).toEqual([]);
  });

  it("WHN-BREAK-1 / CORE-PURS-4: pursuing the flight with an equal roll does not catch it; the pursuer ends 0.5\" short of it, out of contact", () => {
    const s = withScriptedDice(blocked(), [...A_WINS_B_HOLDS, ...C_HOLDS, 3, 4, 4, 3]);
    const r1 = ok(s, { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: true });
    expect(ev(r2.events, "combat/pursuit")[0]).toMatchObject({ unit: "a", quarry: "b", roll: 7, fleeRoll: 7, caught: false });
    expect(unit(r2.state, "b").removed).toBeNull();
    expect(footprintDistance(footprintOf(unit(r2.state, "a")), footprintOf(unit(r2.state, "b")))).toBeGreaterThanOrEqual(0.5 - 1e-9);
  });

  it("WHN-BREAK-1 / CORE-PURS-1: a restraint test passed keeps the winner where it stands", () => {
    const s = withScriptedDice(blocked(), [...A_WINS_B_HOLDS, ...C_HOLDS, 3, 4, 1, 1]);
    const r1 = ok(s, { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: false });
    expect(ev(r2.events, "combat/restraintTest")[0]).toMatchObject({ unit: "a", passed: true });
    expect(unit(r2.state, "a").position).toEqual({ x: 36, y: 24 });
    expect(r2.state.combats).toEqual({});
  });

  it("WHN-BREAK-2 / CORE-BREAK-3: the loser whose fall back became a flight has broken, so its standard is captured (CORE-STD-4)", () => {
    const base = blocked();
    const b = base.units["b" as never]!;
    const s = withScriptedDice({ ...base, units: { ...base.units, b: { ...b, command: { ...b.command, standard: true } } } } as BattleState, [...A_WINS_B_HOLDS, ...C_HOLDS, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/fallBackBlocked")[0]).toMatchObject({ unit: "b" });
    expect(ev(r.events, "combat/standardCaptured")[0]).toMatchObject({ unit: "b", by: "a", rule: "CORE-STD-4" });
    expect(unit(r.state, "b").command.standard).toBe(false);
    expect(unit(r.state, "a").standardsCaptured).toEqual(["b"]);
  });

  it("WHN-BREAK-5 / WHN-BREAK-1: a square that wins never pursues, even a blocked fall back's flight", () => {
    // The square's 6 attacks: 3 hit, 3 wound; b's 2 miss; Break test 1+1; c's Panic test 1+1; flight 3+4.
    const s = withScriptedDice(blocked({ formation: "SQUARE", files: 5 }), [6, 6, 6, 1, 1, 1, 6, 6, 6, 1, 1, 1, 1, ...C_HOLDS, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/fallBackBlocked")[0]).toMatchObject({ unit: "b" });
    expect(ev(r.events, "combat/noPursuit")[0]).toMatchObject({ unit: "a", rule: "WHN-BREAK-5" });
    expect(r.state.pending).toEqual([]);
    expect(ev(r.events, "combat/aftermathDone")).toHaveLength(1);
  });

  it("WHN-BREAK-4 / WHN-BREAK-1: cavalry whose opponent's fall back became a flight pursue instead of falling back", () => {
    const s = withScriptedDice(blocked(horse("a", "fr", { position: { x: 36, y: 24 }, facing: 90 }) as never), [...CAV_WINS_B_HOLDS, ...C_HOLDS, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "combat/fallBackBlocked")[0]).toMatchObject({ unit: "b" });
    expect(r.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" }]);
    const r2 = ok(r.state, { type: "combat/restrain", unit: "a", pursue: false });
    expect(ev(r2.events, "combat/fellBack").filter((e) => e["unit"] === "a")).toEqual([]);
  });

  it("CORE-PANIC-5 / AMB-29: friends within 12\" of a unit whose fall back became a flight test for Panic before it flees (WHN-PANIC-3: a failure disorders)", () => {
    // c fails (6 + 6) before b's flight (3 + 4); "far", beyond 12", takes no test.
    const s = withScriptedDice(blocked({}, { units: [foot("far", "gb", { position: { x: 62, y: 40 }, facing: 270 })] as never[] }), [...A_WINS_B_HOLDS, 6, 6, 3, 4]);
    const r = ok(s, { type: "combat/fight" });
    const order = r.events.filter((e) => e.type === "morale/panicTest" || e.type === "unit/fled").map((e) => [e.type, e["unit"]]);
    expect(order).toEqual([
      ["morale/panicTest", "c"],
      ["unit/fled", "b"],
    ]);
    expect(ev(r.events, "morale/panicTest")[0]).toMatchObject({ unit: "c", rule: "CORE-PANIC-5", dice: [6, 6], passed: false });
    expect(unit(r.state, "c").order).toBe("DISORDERED");
    expect(r.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" }]);
  });

  it("CORE-PANIC-5 / AMB-29: a DISORDERED friend that fails flees right after the unit whose fall back became a flight", () => {
    const base = blocked();
    const c = base.units["c" as never]!;
    const s = withScriptedDice({ ...base, units: { ...base.units, c: { ...c, order: "DISORDERED" } } } as BattleState, [...A_WINS_B_HOLDS, 6, 6, 3, 4, 2, 2]);
    const r = ok(s, { type: "combat/fight" });
    expect(ev(r.events, "unit/fled").map((e) => [e["unit"], e["roll"], e.rule])).toEqual([
      ["b", 7, "WHN-BREAK-2"],
      ["c", 4, "CORE-PANIC-5"],
    ]);
    expect(unit(r.state, "c").order).toBe("FLEEING");
  });
  /**
   * {@link blocked}, with c DISORDERED and fighting d (fr) at its rear in a combat of its own, c2,
   * fought earlier this phase and won by fr: c's flight in panic may be pursued by d (CORE-PANIC-10).
   */
  function friendInItsOwnFight(): BattleState {
    const base = blocked({}, { units: [foot("d", "fr", { position: { x: 36, y: 27.5 + 3.15 }, facing: 270 })] as never[] });
    const c = base.units["c" as never]!;
    const d = base.units["d" as never]!;
    const cRear = Math.max(...footprintOf(c).flatMap((r) => [r.center.y + r.halfDepth, r.center.y - r.halfDepth]));
    const dd = { ...d, position: { ...d.position, y: cRear }, models: null };
    const c2 = { id: "c2", units: ["c", "d"], chargers: [], lastWinner: "fr", rounds: 1, squareness: {} };
    return { ...base, units: { ...base.units, c: { ...c, order: "DISORDERED" }, d: dd }, combats: { ...base.combats, c2 }, facts: { ...base.facts, step: { ...base.facts.step, fought: ["c2"] } } } as unknown as BattleState;
  }

  it("CORE-PANIC-10 / CORE-PANIC-5 / AMB-29: a friend that flees in panic out of its own combat may be pursued at once by the enemy that won that combat's last round", () => {
    // a beats b, b holds but is blocked by c and flees (3 + 4); c fails its Panic test (6 + 6) and flees (2 + 2).
    const s = deepFreeze(withScriptedDice(friendInItsOwnFight(), [...A_WINS_B_HOLDS, 6, 6, 3, 4, 2, 2]));
    const r = ok(s, { type: "combat/fight", combat: "c1" });
    expect(ev(r.events, "morale/panicTest")).toMatchObject([{ unit: "c", rule: "CORE-PANIC-5", passed: false }]);
    expect(ev(r.events, "unit/fled").map((e) => [e["unit"], e["roll"], e.rule])).toEqual([
      ["b", 7, "WHN-BREAK-2"],
      ["c", 4, "CORE-PANIC-5"],
    ]);
    expect(r.state.pending).toEqual([
      { kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" },
      { kind: "restraint", side: "fr", unit: "d", targets: ["c"], rule: "CORE-PANIC-10" },
    ]);
    expect(ev(r.events, "combat/aftermathDone")).toEqual([]);
    // Once a has answered, d's decision is the one listed.
    const next = ok(withScriptedDice(r.state, [1, 1]), { type: "combat/restrain", unit: "a", pursue: false });
    expect(legalActions(next.state)).toEqual([
      { type: "combat/restrain", unit: "d", pursue: true },
      { type: "combat/restrain", unit: "d", pursue: false },
    ]);
  });

  it("CORE-PANIC-10 / CORE-PURS-4: d's pursuit roll (6 + 6) beats c's flee roll (4) and catches it; the aftermath ends once both decisions are answered", () => {
    const s = withScriptedDice(friendInItsOwnFight(), [...A_WINS_B_HOLDS, 6, 6, 3, 4, 2, 2, 6, 6, 1, 1]);
    const r1 = ok(s, { type: "combat/fight", combat: "c1" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "d", pursue: true });
    expect(unit(r2.state, "c").removed?.reason).toBe("destroyed");
    expect(r2.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" }]);
    // a takes its restraint test (1 + 1 passes) and stays; the fall backs are not made again.
    const r3 = ok(r2.state, { type: "combat/restrain", unit: "a", pursue: false });
    expect(ev(r3.events, "combat/restraintTest")[0]).toMatchObject({ unit: "a", passed: true });
    expect(ev(r3.events, "combat/fallBackBlocked")).toEqual([]);
    expect(ev(r3.events, "combat/aftermathDone")).toHaveLength(1);
    expect(r3.state.pending).toEqual([]);
  });

  it("CORE-PANIC-10: a friend whose combat its own side won last round flees in panic unpursued", () => {
    const base = friendInItsOwnFight();
    const s = withScriptedDice({ ...base, combats: { ...base.combats, c2: { ...base.combats["c2" as never]!, lastWinner: "gb" } } } as BattleState, [...A_WINS_B_HOLDS, 6, 6, 3, 4, 2, 2]);
    const r = ok(s, { type: "combat/fight", combat: "c1" });
    expect(unit(r.state, "c").order).toBe("FLEEING");
    expect(r.state.pending).toEqual([{ kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "WHN-BREAK-1" }]);
  });
  it("CORE-PANIC-10 / CORE-PANIC-5: a friend panicked by a unit that broke outright, fleeing out of a combat fought earlier in the phase, may be pursued by its winner", () => {
    // b fails its Break test (6 + 6) and breaks; c fails its Panic test (6 + 6); b flees 3 + 4, c flees 2 + 2.
    const s = withScriptedDice(friendInItsOwnFight(), [...A_KILLS_3, 6, 6, 6, 6, 3, 4, 2, 2]);
    const r = ok(s, { type: "combat/fight", combat: "c1" });
    expect(ev(r.events, "unit/fled").map((e) => [e["unit"], e.rule])).toEqual([
      ["b", "CORE-BREAK-1"],
      ["c", "CORE-PANIC-5"],
    ]);
    expect(r.state.pending).toEqual([
      { kind: "restraint", side: "fr", unit: "a", targets: ["b"], rule: "CORE-PURS-1" },
      { kind: "restraint", side: "fr", unit: "d", targets: ["c"], rule: "CORE-PURS-1" },
    ]);
  });
});
