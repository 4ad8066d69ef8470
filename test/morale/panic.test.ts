import { describe, expect, it } from "vitest";
import { unitId } from "../../src/index.js";
import { panicTest, type PanicResult } from "../../src/rules/whn/morale/panic.js";
import { battalion, battle, deepFreeze, leader, patchUnit, run, types, unit } from "../fixtures/morale.js";
import type { BattleState } from "../../src/index.js";

const FR = unitId("fr-1");

function face(over: Parameters<typeof battle>[1] = {}): BattleState {
  return battle(
    [
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270, formation: "LINE", files: 12 }),
    ],
    over,
  );
}

function test(s: BattleState, dice: number[], fleeNow?: boolean) {
  let result: PanicResult = "notTested";
  const r = run(s, dice, (st, ctx) => {
    const out = panicTest(st, FR, ctx, fleeNow === undefined ? { rule: "CORE-PANIC-5" } : { rule: "CORE-PANIC-5", fleeNow });
    result = out.result;
    return out.state;
  });
  return { ...r, result };
}

describe("panicTest", () => {
  it("WHN-PANIC-3: a GOOD unit that fails a Panic test becomes DISORDERED and does not flee", () => {
    const s = deepFreeze(face());
    const r = test(s, [4, 3]);
    expect(r.result).toBe("disordered");
    expect(types(r.events)).toEqual(["morale/panicTest", "unit/disordered"]);
    expect(r.events[0]).toMatchObject({ rule: "CORE-PANIC-5", unit: "fr-1", dice: [4, 3], total: 7, target: 6, passed: false });
    expect(r.events[1]).toMatchObject({ rule: "WHN-PANIC-3", unit: "fr-1" });
    const u = unit(r.state, "fr-1");
    expect(u.order).toBe("DISORDERED");
    expect(u.position).toEqual(unit(s, "fr-1").position);
  });

  it("WHN-PANIC-3: a DISORDERED unit that fails flees at once, away from the nearest enemy (CORE-FLEE-3)", () => {
    const s = patchUnit(face(), "fr-1", { order: "DISORDERED" });
    const r = test(s, [3, 3, 3, 4]);
    expect(r.result).toBe("fled");
    expect(r.events[0]).toMatchObject({ target: 5, total: 6, passed: false });
    expect(r.events[1]).toMatchObject({ type: "unit/fled", rule: "WHN-PANIC-3", from: "gb-1", roll: 7 });
    expect(unit(r.state, "fr-1").order).toBe("FLEEING");
  });

  it("WHN-PANIC-3: with fleeNow false the unit becomes FLEEING now and moves later", () => {
    const s = patchUnit(face(), "fr-1", { order: "DISORDERED" });
    const r = test(s, [6, 6], false);
    expect(r.result).toBe("fled");
    expect(types(r.events)).toEqual(["morale/panicTest", "unit/mustFlee"]);
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "FLEEING", position: unit(s, "fr-1").position });
  });

  it("CORE-PANIC-1: a Panic test is a Leadership test; passing changes nothing", () => {
    const s = face();
    const r = test(s, [3, 3]);
    expect(r.result).toBe("passed");
    expect(r.events[0]).toMatchObject({ total: 6, target: 6, passed: true });
    expect(r.state.units).toEqual(s.units);
  });

  it("CORE-PANIC-1: a FLEEING unit never takes a Panic test (no dice rolled)", () => {
    const s = patchUnit(face(), "fr-1", { order: "FLEEING" });
    const r = test(s, []);
    expect(r.result).toBe("notTested");
    expect(r.events).toEqual([]);
  });

  it("WHN-PANIC-4: the Panic test uses WHN-LEAD-3's Leadership (a leader within 12\" gives +1)", () => {
    const s = face({ characters: [leader("ney", "fr", { position: { x: 44, y: 20 } })] });
    const r = test(s, [4, 3]);
    expect(r.result).toBe("passed");
    expect(r.events[0]).toMatchObject({ target: 7, total: 7, leadersNear: ["ney"] });
  });
});
