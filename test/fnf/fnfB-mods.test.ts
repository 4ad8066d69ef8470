import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fireModifiers } from "../../src/rules/fnf/firePoints.js";
import { FIRE_MODIFIERS as F } from "../../src/rules/fnf/tables/fire.js";
import { layout } from "../../src/rules/fnf/world.js";
import { brigade, fnfBattle, unit } from "./helpers.js";

function scene(gbOver: Record<string, unknown>, terrain: unknown[] = []): BattleState {
  return fnfBattle(
    { units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 26, gbOver) }, leaders: { gbc: { id: "gbc", side: "gb", rank: "corps", position: { x: 40, y: 24 } } } },
    terrain,
  );
}
const mods = (s: BattleState, target = "gb1") => fireModifiers(s, unit(s, "fr1"), target);
const m = (name: keyof typeof F) => ({ name, value: F[name] });

describe("fnfB: fire roll modifiers (FNF-FIRE-5, FNF-GEO-7)", () => {
  it("FNF-FIRE-5: a formed line in the open gives no modifier", () => {
    expect(mods(scene({}))).toEqual([]);
  });
  it("FNF-FIRE-5: a column of attack is a deep target; cavalry is a cavalry target", () => {
    expect(mods(scene({ formation: "COLUMN_OF_ATTACK" }))).toEqual([m("targetDeepOrChanged")]);
    expect(mods(scene({ arm: "cavalry", bases: 4 }))).toEqual([m("targetCavalryOrLimbered")]);
  });
  it("FNF-FIRE-5: a lone leader in the open is a small target in open ground", () => {
    expect(mods(scene({}), "gbc")).toEqual([m("openGroundSmallTarget")]);
  });
  it("FNF-GEO-7: a target mostly in woods has soft cover; behind works within 1 inch it has entrenchments", () => {
    const woods = { id: "w", kind: "woods", polygon: [{ x: 10, y: 24 }, { x: 30, y: 24 }, { x: 30, y: 30 }, { x: 10, y: 30 }], tags: {} };
    expect(mods(scene({}, [woods]))).toEqual([m("softCover")]);
    // The line runs 0.5" in front of gb1's base centres (toward fr1), then 1.5" in front.
    const cy = layout(unit(scene({}), "gb1")).bases[0]?.rect.center.y ?? Number.NaN;
    const at = (kind: string, y: number) => ({ id: "ln", kind, polygon: [], polyline: [{ x: 5, y }, { x: 35, y }], tags: {} });
    const works = at("works", cy - 0.5);
    expect(mods(scene({}, [at("works", cy - 1.5)]))).toEqual([]);
    expect(mods(scene({}, [works]))).toEqual([m("entrenchments")]);
    const wall = at("stoneWall", cy - 0.5);
    expect(mods(scene({}, [wall]))).toEqual([m("hardCover")]);
  });
});
