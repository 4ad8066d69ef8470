import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice, type BattleState, type BattleEvent } from "../../src/index.js";
import { engaged, foot } from "../fixtures/combat.js";
import { footprintOf } from "../../src/rules/whn/unit.js";
import { footprintDistance, rectsOverlap } from "../../src/geometry/rect.js";
import { checkStep } from "../../src/trust/index.js";

const ok = (s: BattleState, action: unknown): { state: BattleState; events: readonly BattleEvent[] } => {
  const r = apply(s, action);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return r;
};
const unit = (s: BattleState, id: string) => s.units[id as never]!;
const PROFILE = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 6 };
// a (fr) kills 3 of b, b kills none: b loses by 4, fails its Break test (6, 6), flees 7 (3, 4).
const B_BREAKS = [6, 6, 6, 1, 1, 6, 6, 6, 1, 1, 6, 6, 3, 4];

describe("pursuit placement (CORE-GEO-27)", () => {
  it("CORE-GEO-27: a pursuer that passes a fleeing enemy stops 0.5\" short of it instead of ending on it (CORE-MOVE-4)", () => {
    const base = engaged({ profile: PROFILE }, {}, { units: [foot("c", "gb", { position: { x: 36, y: 36 }, facing: 90 })] });
    const s = { ...base, units: { ...base.units, c: { ...unit(base, "c"), order: "FLEEING" } } } as BattleState;
    const r1 = ok(withScriptedDice(s, [...B_BREAKS, 6, 6]), { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: true });
    const pursued = r2.events.find((e) => e.type === "combat/pursued")!;
    expect(r2.events.find((e) => e.type === "combat/pursuit")).toMatchObject({ roll: 12, caught: true });
    expect(pursued["distance"]).toBeLessThan(12);
    const a = footprintOf(unit(r2.state, "a"));
    const c = footprintOf(unit(r2.state, "c"));
    expect(a.some((x) => c.some((y) => rectsOverlap(x, y)))).toBe(false);
    expect(footprintDistance(a, c)).toBeCloseTo(0.5, 6);
    expect(checkStep(r1.state, { type: "combat/restrain", unit: "a", pursue: true }, r2.state, r2.events)).toEqual([]);
  });

  it("CORE-GEO-27: with nothing in the way a pursuer that caught its quarry moves its full roll", () => {
    const r1 = ok(withScriptedDice(engaged({ profile: PROFILE }), [...B_BREAKS, 6, 6]), { type: "combat/fight" });
    const r2 = ok(r1.state, { type: "combat/restrain", unit: "a", pursue: true });
    expect(r2.events.find((e) => e.type === "combat/pursued")).toMatchObject({ distance: 12 });
    expect(unit(r2.state, "a").position.y).toBeCloseTo(36, 6);
  });
});
