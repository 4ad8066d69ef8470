// fnfD (seventh session, issue #17): melee results with two attackers — every attacker breaks through
// on Swept and carries on Driven back or Hard pressed (FNF-MEL-7) — and withdraw.ts's straight-back
// move when the two footprints share a centre (FNF-GEO-9).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { resolveMelee } from "../../src/rules/fnf/melee.js";
import { withdraw } from "../../src/rules/fnf/withdraw.js";
import { brigade, fnfBattle, unit } from "./helpers.js";
import { recorder, rounded, type Logged } from "../fixtures/fnfD.js";

/** fr1 (2 bases) and fr2 (3 bases, the lead by contact) against gb1 (6 bases), melee m1. */
function pair(): BattleState {
  const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 16.5, 30, { bases: 2 }), fr2: brigade("fr2", "fr", 22.5, 30, { bases: 3 }), gb1: brigade("gb1", "gb", 20, 30) } });
  const fnf = s.fnf;
  if (fnf === null) throw new Error("not fnf");
  return { ...s, fnf: { ...fnf, melees: { m1: { id: "m1", defender: "gb1", attackers: ["fr1", "fr2"], breakthrough: [] } } } };
}
function fight(s: BattleState, dice: number[], over: Record<string, unknown> = {}): { state: BattleState; log: Logged[] } {
  const { ctx, log } = recorder(s, dice);
  const r = resolveMelee(s, { type: "fnf/resolveMelee", melee: "m1", lead: null, drivenBack: "carry", advance: true, ...over } as never, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return { state: r.state, log: rounded(log) };
}
const after = (log: Logged[], type: string) => log.filter((e) => e["type"] === type).map((e) => e["unit"]);

describe("fnfD: every attacker follows up (FNF-MEL-7)", () => {
  it("FNF-MEL-7: Swept (+7): each attacker in turn makes its breakthrough", () => {
    const r = fight(pair(), [6, 6, 2, 3]);
    expect(r.log[1]).toEqual({ type: "fnf/meleeResult", rule: "FNF-MEL-5", defender: "gb1", lead: "fr2", result: "SWEPT", difference: 7 });
    expect(after(r.log, "fnf/breakthrough")).toEqual(["fr1", "fr2"]);
    expect(after(r.log, "fnf/carriedPosition")).toEqual([]);
    expect([unit(r.state, "fr1").turn.breakthrough, unit(r.state, "fr2").turn.breakthrough]).toEqual([true, true]);
  });
  it("FNF-MEL-7: Driven back (+4): each attacker carries the position; with a breakthrough chosen each breaks through", () => {
    const carry = fight(pair(), [5, 5, 3, 3]);
    expect(carry.log[1]).toMatchObject({ result: "DRIVEN_BACK", lead: "fr2" });
    expect(after(carry.log, "fnf/carriedPosition")).toEqual(["fr1", "fr2"]);
    expect(after(carry.log, "fnf/breakthrough")).toEqual([]);
    // fr1's breakthrough reaches gb1 again and that melee is fought at once (three more rolls' dice on hand).
    const through = fight(pair(), [5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], { drivenBack: "breakthrough" });
    expect(after(through.log, "fnf/breakthrough")).toEqual(["fr1", "fr2"]);
    // fr1 meets gb1 again: a new melee (melee-1) fought at once, fr1 leading with +1; Driven back again, and
    // fr1, which has broken through this turn, carries the position; fr2 then breaks through without contact.
    expect(through.log.filter((e) => e["type"] === "fnf/contact")).toEqual([{ type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr1", defender: "gb1", breakthrough: true }]);
    expect(through.log.filter((e) => e["type"] === "fnf/meleeRolled").map((e) => [e["lead"], e["result"]])).toEqual([["fr2", "DRIVEN_BACK"], ["fr1", "DRIVEN_BACK"]]);
    expect(after(through.log, "fnf/carriedPosition")).toEqual(["fr1"]);
  });
  it("FNF-MEL-7: Hard pressed (+1): each attacker tries to carry the position; without advance none moves", () => {
    const r = fight(pair(), [4, 3, 3, 3]);
    expect(r.log[1]).toMatchObject({ result: "HARD_PRESSED", lead: "fr2", difference: 1 });
    // gb1 recoils 2" directly away from fr2's centre (up and to the left), so it stays within 1" of both
    // fronts: each attacker's carry is 0 and neither moves.
    expect(r.log.slice(2)).toEqual([
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "gb1" },
      { type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb1", from: "fr2", distance: 2, direction: [-0.904172, 0.427168], how: "recoil" },
      { type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 0 },
      { type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr2", distance: 0 },
    ]);
    const still = fight(pair(), [4, 3, 3, 3], { advance: false });
    expect(after(still.log, "fnf/carriedPosition")).toEqual([]);
    expect([unit(still.state, "fr1").position, unit(still.state, "fr2").position]).toEqual([unit(pair(), "fr1").position, unit(pair(), "fr2").position]);
  });
});

describe("fnfD: moving away from a unit with the same centre (FNF-GEO-9)", () => {
  it("FNF-GEO-9: with no line between the centres the unit goes straight back, opposite its facing", () => {
    const s = fnfBattle({ leaders: {}, units: { gb1: brigade("gb1", "gb", 20, 30), fr1: brigade("fr1", "fr", 20, 10) } });
    const { ctx, log } = recorder(s);
    const r = withdraw(s, "gb1", unit(s, "gb1"), "recoil", [], "FNF-MEL-6", ctx);
    expect(rounded(log)).toEqual([{ type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb1", from: "gb1", distance: 2, direction: [0, 1], how: "recoil" }]);
    expect(r.distance).toBe(2);
    expect(unit(r.state, "gb1").position.x).toBeCloseTo(20, 9);
    expect(unit(r.state, "gb1").position.y).toBeCloseTo(32, 9);
  });
});
