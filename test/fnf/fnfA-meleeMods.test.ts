// fnfA (sixth session, sprint on issue #17): meleeMods.ts — each FNF-MEL-3 modifier alone, attacking and
// defending, and the outnumbering limits just inside and outside, by direct calls of meleeModifiers.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { meleeModifiers, standsOf, type MeleeSide } from "../../src/rules/fnf/meleeMods.js";
import { brigade, fnfBattle, unit } from "./helpers.js";

/** A brigade that has lost one stand before (so not Fresh) and is far from everyone. */
const worn = (id: string, side: "fr" | "gb", x: number, y: number, over: Record<string, unknown> = {}) => {
  const bases = (over["bases"] as number | undefined) ?? 6;
  return brigade(id, side, x, y, { startingBases: bases + 1, ...over, bases });
};

function battle(units: Record<string, unknown>, leaders: Record<string, unknown> = {}): BattleState {
  return fnfBattle({ leaders, units });
}
const sideOf = (s: BattleState, ids: string[], attacking: boolean, breakthrough = false): MeleeSide => ({
  lead: unit(s, ids[0] ?? ""),
  units: ids.map((i) => unit(s, i)),
  attacking,
  breakthrough,
});
const mods = (s: BattleState, me: string[], them: string[], attacking: boolean, breakthrough = false) =>
  meleeModifiers(s, sideOf(s, me, attacking, breakthrough), sideOf(s, them, !attacking));

describe("fnfA: melee modifiers one at a time (FNF-MEL-3)", () => {
  it("FNF-MEL-3: a worn ordinary infantry brigade of no special nation has no modifier either way", () => {
    const s = battle({ a: worn("a", "fr", 10, 10), d: worn("d", "gb", 60, 40) });
    expect(mods(s, ["a"], ["d"], true)).toEqual([]);
    expect(mods(s, ["d"], ["a"], false)).toEqual([]);
  });

  it("FNF-MEL-3 and FNF-STAT-1: Fresh +2 for a brigade with no stand lost", () => {
    const s = battle({ a: brigade("a", "fr", 10, 10), d: worn("d", "gb", 60, 40) });
    expect(mods(s, ["a"], ["d"], true)).toEqual([{ name: "fresh", value: 2 }]);
  });

  it("FNF-MEL-3: French +1 only attacking; Russian +1 only defending", () => {
    const s = battle({ f: worn("f", "fr", 10, 10, { nation: "french" }), r: worn("r", "gb", 60, 40, { nation: "russian" }) });
    expect(mods(s, ["f"], ["r"], true)).toEqual([{ name: "frenchOrCavalryAttacker", value: 1 }]);
    expect(mods(s, ["f"], ["r"], false)).toEqual([]);
    expect(mods(s, ["r"], ["f"], false)).toEqual([{ name: "russianDefender", value: 1 }]);
    expect(mods(s, ["r"], ["f"], true)).toEqual([]);
  });

  it("FNF-MEL-3: cavalry +1 (and +1 attacking); lancers +1 only when charging", () => {
    const s = battle({ c: worn("c", "fr", 10, 10, { arm: "cavalry", lancers: true, bases: 4 }), d: worn("d", "gb", 60, 40, { bases: 4 }) });
    expect(mods(s, ["c"], ["d"], true)).toEqual([
      { name: "frenchOrCavalryAttacker", value: 1 },
      { name: "cavalry", value: 1 },
      { name: "lancersCharging", value: 1 },
    ]);
    expect(mods(s, ["c"], ["d"], false)).toEqual([{ name: "cavalry", value: 1 }]);
  });

  it("FNF-MEL-3: armour counts only for cavalry (an infantry flag is ignored)", () => {
    const s = battle({ i: worn("i", "fr", 10, 10, { armored: true }), d: worn("d", "gb", 60, 40) });
    expect(mods(s, ["i"], ["d"], true)).toEqual([]);
  });

  it("FNF-MEL-3: the breakthrough +1 only for an attacker that arrived by breakthrough", () => {
    const s = battle({ a: worn("a", "fr", 10, 10), d: worn("d", "gb", 60, 40) });
    expect(mods(s, ["a"], ["d"], true, true)).toEqual([{ name: "breakthrough", value: 1 }]);
    expect(meleeModifiers(s, sideOf(s, ["d"], false, true), sideOf(s, ["a"], true))).toEqual([]);
  });

  it("FNF-MEL-3: an attached leader or an exceptional brigadier +1", () => {
    const s = battle(
      { a: worn("a", "fr", 10, 10), b: worn("b", "fr", 40, 10, { exceptionalBrigadier: true }), d: worn("d", "gb", 60, 40) },
      { frd: { id: "frd", side: "fr", rank: "division", position: { x: 12, y: 9.4 }, attachedTo: "a" } },
    );
    expect(mods(s, ["a"], ["d"], true)).toEqual([{ name: "leader", value: 1 }]);
    expect(mods(s, ["b"], ["d"], true)).toEqual([{ name: "leader", value: 1 }]);
  });

  it("FNF-MEL-3: disordered −1, low ammunition −1, −1 per stand lost this turn, Guard +1, Militia −1", () => {
    const s = battle({
      a: worn("a", "fr", 10, 10, { disordered: true, lowAmmo: true }),
      g: worn("g", "fr", 40, 10, { quality: "GUARD" }),
      m: worn("m", "fr", 10, 30, { quality: "MILITIA" }),
      d: worn("d", "gb", 60, 40),
    });
    expect(mods(s, ["a"], ["d"], true)).toEqual([
      { name: "disordered", value: -1 },
      { name: "lowAmmo", value: -1 },
    ]);
    expect(mods(s, ["g"], ["d"], true)).toEqual([{ name: "guard", value: 1 }]);
    expect(mods(s, ["m"], ["d"], true)).toEqual([{ name: "militia", value: -1 }]);
    const hurt = { ...s, fnf: { ...s.fnf, units: { ...s.fnf?.units, a: { ...unit(s, "a"), disordered: false, lowAmmo: false, turn: { ...unit(s, "a").turn, basesLost: 2 } } } } } as BattleState;
    expect(mods(hurt, ["a"], ["d"], true)).toEqual([{ name: "perStandLost", value: -2 }]);
  });

  it("FNF-MEL-3 and FNF-GEO-5: a friendly brigade within half a move behind supports (+1); one further back does not", () => {
    // a faces north (90) at y 20 in line: its rear is toward smaller y.
    const s = battle({ a: worn("a", "fr", 20, 20), b: worn("b", "fr", 20, 16), d: worn("d", "gb", 60, 40) });
    expect(mods(s, ["a"], ["d"], true)).toEqual([{ name: "supported", value: 1 }]);
    const far = battle({ a: worn("a", "fr", 20, 20), b: worn("b", "fr", 20, 10), d: worn("d", "gb", 60, 40) });
    expect(mods(far, ["a"], ["d"], true)).toEqual([]);
  });
});

describe("fnfA: outnumbering limits (FNF-MEL-2, FNF-MEL-3)", () => {
  const cases: [number, number, { name: string; value: number }[]][] = [
    [3, 6, [{ name: "outnumbered2to1", value: -2 }]],
    [3, 5, [{ name: "outnumbered3to2", value: -1 }]],
    [4, 6, [{ name: "outnumbered3to2", value: -1 }]],
    [4, 5, []],
    [6, 2, []],
  ];
  for (const [mine, theirs, want] of cases) {
    it(`FNF-MEL-3: ${mine} stands against ${theirs}: ${want.map((m) => m.name).join("") || "no outnumbering"}`, () => {
      const s = battle({ a: worn("a", "fr", 10, 10, { bases: mine }), d: worn("d", "gb", 60, 40, { bases: theirs }) });
      expect(mods(s, ["a"], ["d"], true)).toEqual(want);
    });
  }

  it("FNF-MEL-3: two fresh stands against 6 are outnumbered 3:1, against 5 only 2:1", () => {
    const s = battle({ a: brigade("a", "fr", 10, 10, { bases: 2 }), d6: worn("d6", "gb", 60, 40, { bases: 6 }), d5: worn("d5", "gb", 30, 40, { bases: 5 }) });
    expect(mods(s, ["a"], ["d6"], true)).toEqual([{ name: "fresh", value: 2 }, { name: "outnumbered3to1", value: -3 }]);
    expect(mods(s, ["a"], ["d5"], true)).toEqual([{ name: "fresh", value: 2 }, { name: "outnumbered2to1", value: -2 }]);
    // Every unit of the other side counts: 5 + 6 stands against 2.
    expect(mods(s, ["a"], ["d5", "d6"], true)).toEqual([{ name: "fresh", value: 2 }, { name: "outnumbered3to1", value: -3 }]);
  });

  it("FNF-MEL-3 and FNF-STAT-2: a Spent brigade −2 (two stands of three left)", () => {
    const s = battle({ a: worn("a", "fr", 10, 10, { bases: 2 }), d: worn("d", "gb", 60, 40, { bases: 2 }) });
    expect(mods(s, ["a"], ["d"], true)).toEqual([{ name: "spent", value: -2 }]);
  });

  it("FNF-MEL-2: column of route counts its first two stands; a battery or detachment one", () => {
    const s = battle({
      r: worn("r", "fr", 10, 10, { formation: "COLUMN_OF_ROUTE", bases: 5 }),
      rs: worn("rs", "fr", 30, 10, { formation: "COLUMN_OF_ROUTE", skirmishing: true, bases: 3 }),
      r1: worn("r1", "fr", 50, 10, { formation: "COLUMN_OF_ROUTE", bases: 1 }),
      l: worn("l", "gb", 60, 40, { bases: 5 }),
    });
    expect([standsOf(unit(s, "r")), standsOf(unit(s, "rs")), standsOf(unit(s, "r1")), standsOf(unit(s, "l"))]).toEqual([2, 3, 1, 5]);
    // The column of route counts 2 stands against the line's 5: it is outnumbered 2:1 (its 5 bases would not be).
    expect(mods(s, ["l"], ["r"], false)).toEqual([]);
    expect(mods(s, ["r"], ["l"], true)).toEqual([{ name: "outnumbered2to1", value: -2 }]);
  });
});
