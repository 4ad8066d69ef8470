import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fireModifiers } from "../../src/rules/fnf/firePoints.js";
import { advanceTo, brigade, fnfBattle, unit } from "./helpers.js";

const gbBattery = (limbered: boolean) => ({ id: "gb1", side: "gb", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered }, position: { x: 20, y: 14 }, facing: 270 });
const area = (id: string, kind: string) => ({ id, kind, polygon: [{ x: 0, y: 12 }, { x: 72, y: 12 }, { x: 72, y: 20 }, { x: 0, y: 20 }], tags: {} });

/** French (or British-nation) fr1 at (20, 10) facing the target gb1 4" north of it, in French offensive fire. */
function scene(target: Record<string, unknown>, firer: Record<string, unknown> = {}, terrain: unknown[] = [], leaders: Record<string, unknown> = {}): BattleState {
  return advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10, firer), gb1: target }, leaders }, terrain), "offensiveFire", "fr");
}

const mods = (s: BattleState, target = "gb1") => fireModifiers(s, unit(s, "fr1"), target);
const gb = (over: Record<string, unknown> = {}) => brigade("gb1", "gb", 20, 14, over);
const DEEP = { name: "targetDeepOrChanged", value: 1 };
const CAV = { name: "targetCavalryOrLimbered", value: 1 };
const SMALL = { name: "openGroundSmallTarget", value: -1 };

describe("fnfE: fire modifiers one by one (FNF-FIRE-5)", () => {
  it("FNF-FIRE-5: a line in the open, unchanged, has none", () => {
    expect(mods(scene(gb()))).toEqual([]);
  });

  it("FNF-FIRE-5: column of attack and supported line are deep targets (+1); column of route and skirmishers are not", () => {
    expect(mods(scene(gb({ formation: "COLUMN_OF_ATTACK" })))).toEqual([DEEP]);
    expect(mods(scene(gb({ formation: "SUPPORTED_LINE" })))).toEqual([DEEP]);
    expect(mods(scene(gb({ formation: "COLUMN_OF_ROUTE" })))).toEqual([]);
    expect(mods(scene(gb({ light: true, skirmishing: true })))).toEqual([SMALL]);
  });

  it("FNF-FIRE-5 (AMB-86): a line that changed formation this turn counts +1 too", () => {
    const s = scene(gb());
    if (s.fnf === null) throw new Error("no fnf");
    const t = unit(s, "gb1");
    const changed = { ...s, fnf: { ...s.fnf, units: { ...s.fnf.units, gb1: { ...t, turn: { ...t.turn, changedFormation: true } } } } } as BattleState;
    expect(mods(changed)).toEqual([DEEP]);
  });

  it("FNF-FIRE-5: cavalry and limbered guns +1; unlimbered guns in the open −1", () => {
    expect(mods(scene(gb({ arm: "cavalry", bases: 4, formation: "COLUMN_OF_ROUTE" })))).toEqual([CAV]);
    expect(mods(scene(gbBattery(true)))).toEqual([CAV]);
    expect(mods(scene(gbBattery(false)))).toEqual([SMALL]);
  });

  it("FNF-FIRE-5: British infantry firing in line +1; not in column, not skirmishing, not other nations", () => {
    expect(mods(scene(gb(), { nation: "british" }))).toEqual([{ name: "britishLine", value: 1 }]);
    expect(mods(scene(gb(), { nation: "british", formation: "COLUMN_OF_ATTACK" }))).toEqual([]);
    expect(mods(scene(gb(), { nation: "british", light: true, skirmishing: true }))).toEqual([]);
    expect(mods(scene(gb(), { nation: "french" }))).toEqual([]);
  });

  it("FNF-FIRE-5: soft cover −1, hard cover −2, entrenchments −3; a small target in cover is not also 'in the open'", () => {
    expect(mods(scene(gb(), {}, [area("w", "woods")]))).toEqual([{ name: "softCover", value: -1 }]);
    expect(mods(scene(gb(), {}, [area("b", "buildings")]))).toEqual([{ name: "hardCover", value: -2 }]);
    expect(mods(scene(gbBattery(false), {}, [area("w", "woods")]))).toEqual([{ name: "softCover", value: -1 }]);
  });

  it("FNF-FIRE-5: a lone leader in the open is a small target (−1)", () => {
    const s = scene(brigade("gb1", "gb", 60, 44), {}, [], { gbc: { id: "gbc", side: "gb", rank: "corps", position: { x: 20, y: 13 } } });
    expect(mods(s, "gbc")).toEqual([SMALL]);
  });
});
