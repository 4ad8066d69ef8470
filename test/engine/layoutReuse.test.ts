import { describe, expect, it } from "vitest";
import { scenarios, battle, type BattleState } from "../../src/index.js";
import { layoutOf, layoutSpecOf } from "../../src/rules/whn/unit.js";
import { layoutUnit } from "../../src/geometry/layout.js";
import type { Unit } from "../../src/state/unit.js";

/** A fresh layout, made without any cache. */
const fresh = (u: Unit) => layoutUnit(layoutSpecOf(u), { p: u.position, facing: u.facing });

/** Units of a started built-in battle, and of a few of its later decision states. */
function units(): Unit[] {
  const out: BattleState[] = [];
  battle.playBattle(scenarios.builtinScenario("quatre-bras"), ["random", "random"], 4, { maxDecisions: 30, onDecision: (s) => void out.push(s) });
  return out.flatMap((s) => Object.values(s.units));
}

describe("layouts found again by content (issue 22 speed)", () => {
  it("CORE-GEO-5: a unit new only by its flags reuses the layout; any layout input changed gives the fresh layout", () => {
    const all = units();
    expect(all.length).toBeGreaterThan(100);
    for (const first of all) {
      // A copy, so this unit object is laid out now (the last layout made or found for its id).
      const u: Unit = { ...first };
      const l = layoutOf(u);
      expect(l).toEqual(fresh(u));
      // A flag change (a new unit object, same layout inputs): the very same layout.
      const flagged = { ...u, flags: { ...u.flags, declaredCharge: !u.flags.declaredCharge } };
      expect(layoutOf(flagged)).toBe(l);
      // Each input of the layout changed: a new layout, equal to one made afresh.
      const moved = { ...u, position: { x: u.position.x + 0.5, y: u.position.y } };
      const turned = { ...u, facing: (u.facing + 10) % 360 };
      const fewer = { ...u, figures: Math.max(1, u.figures - 1) };
      const wider = { ...u, files: u.files + 1 };
      const base = { ...u, base: { w: u.base.w + 0.1, d: u.base.d } };
      for (const v of [moved, turned, fewer, wider, base]) {
        const lv = layoutOf(v);
        expect(lv).toEqual(fresh(v));
        if (JSON.stringify(fresh(v)) !== JSON.stringify(l)) expect(lv).not.toBe(l);
      }
      // Back to the first inputs: equal to the first layout again.
      expect(layoutOf({ ...u })).toEqual(l);
    }
  });
});
