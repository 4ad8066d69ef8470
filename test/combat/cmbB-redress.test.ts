/**
 * Whole-file tests (#17, cmbB) of redressing ranks (combat/redress.ts, CORE-REDR-1…3) and of the
 * attack split listing (combat/split.ts, CORE-CC-2).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { overhang, redress, redressChoices, redressTo, REDRESS_FILES_PER_FLANK } from "../../src/rules/whn/combat/redress.js";
import { MAX_SPLIT_ANSWERS, sharedModels, splitAnswers, splitCombat, splitDecisions, splitsMap } from "../../src/rules/whn/combat/split.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { engaged, foot, horse } from "../fixtures/combat.js";
import { scripted, u } from "../fixtures/cmbB.js";

const W = 20 / 25.4;
/** Where engaged() puts a. */
const AT = { position: { x: 36, y: 24 }, facing: 90 };
const setUnit = (s: BattleState, id: string, over: object): BattleState => ({ ...s, units: { ...s.units, [id]: { ...u(s, id), ...over } } }) as BattleState;

describe("redressing ranks (combat/redress.ts)", () => {
  it("CORE-REDR-1: a block may widen by up to 2 files a flank, widest first, its own frontage last", () => {
    expect(REDRESS_FILES_PER_FLANK).toBe(2);
    const s = engaged();
    expect(redressChoices(s, "a", "b")).toEqual([9, 8, 7, 6, 5]);
    // No more files than models.
    expect(redressChoices(setUnit(s, "a", { figures: 7 }), "a", "b")).toEqual([7, 6, 5]);
    // No wider than 2 files past each edge of a narrower enemy.
    expect(redressChoices(engaged({}, { files: 2, figures: 8 }), "a", "b")).toEqual([6, 5]);
  });

  it("CORE-REDR-1: nothing for a unit or enemy not on the table, a fleeing or removed unit", () => {
    const s = engaged();
    expect(redressChoices(s, "zz", "b")).toEqual([]);
    expect(redressChoices(s, "a", "zz")).toEqual([]);
    expect(redressChoices(setUnit(s, "a", { order: "FLEEING" }), "a", "b")).toEqual([]);
    expect(redressChoices(setUnit(s, "a", { removed: { reason: "destroyed", gameTurn: 1 } }), "a", "b")).toEqual([]);
  });

  it("WHN-FORM-2…7: each formation keeps its shape: lines never redress, cavalry lines stay 2 deep, columns stay columns", () => {
    expect(redressChoices(engaged({ formation: "LINE", files: 10, figures: 20 }), "a", "b")).toEqual([10]);
    // 20 in an attack column of 4 files (5 ranks): 5 files make 4 ranks (≥ files? no, 4 < 5), so none.
    expect(redressChoices(engaged({ formation: "ATTACK_COLUMN", files: 4, figures: 20 }), "a", "b")).toEqual([4]);
    // 36 in 4 files (9 ranks): 6 files make 6 ranks (6 ≥ 6), 5 make 8.
    expect(redressChoices(engaged({ formation: "ATTACK_COLUMN", files: 4, figures: 36 }), "a", "b")).toEqual([6, 5, 4]);
    expect(redressChoices(engaged({ formation: "MARCH_COLUMN", files: 2, figures: 20 }), "a", "b")).toEqual([3, 2]);
    const cav = engaged(horse("a", "fr", { ...AT, formation: "CAV_LINE", files: 6, figures: 12 }), { files: 8, figures: 16 });
    expect(redressChoices(cav, "a", "b")).toEqual([10, 9, 8, 7, 6]);
    const col = engaged(horse("a", "fr", { ...AT, formation: "CAV_COLUMN", files: 2, figures: 12 }));
    // 12 horse in 2 files: 5 files keep 3 ranks, 6 would make 2 (no longer a column).
    expect(redressChoices(col, "a", "b")).toEqual([5, 4, 3, 2]);
  });

  it("CORE-REDR-1: no widening into another unit", () => {
    const s = engaged({}, {}, { units: [foot("c", "fr", { files: 2, figures: 8, position: { x: 36 + 3.5 * W + 0.05, y: 24 }, facing: 90 })] });
    // c stands just right of a's front (a spans ±2.5 files): 6 files (one added a side, ±3) still clear, 7 (±3.5) touch.
    const got = redressChoices(s, "a", "b");
    expect(got[got.length - 1]).toBe(5);
    expect(got.every((f) => f <= 7)).toBe(true);
    expect(got).not.toContain(9);
  });

  it("CORE-REDR-1: redressing re-lays the unit and says so; keeping the frontage or an unknown unit changes nothing", () => {
    const s = engaged();
    const x = scripted(s, []);
    const out = redressTo(s, x.r, "a", 7);
    expect(u(out, "a").files).toBe(7);
    expect(x.events()).toEqual([{ type: "combat/redressed", rule: "CORE-REDR-1", unit: "a", files: 7, was: 5 }]);
    const y = scripted(s, []);
    expect(redressTo(s, y.r, "a", 5)).toBe(s);
    expect(redressTo(s, y.r, "zz", 7)).toBe(s);
    expect(y.events()).toEqual([]);
    const z = scripted(s, []);
    expect(u(redress(s, z.r, "a", "b"), "a").files).toBe(9);
    expect(z.events()).toEqual([{ type: "combat/redressed", rule: "CORE-REDR-1", unit: "a", files: 9, was: 5 }]);
    expect(redress(s, z.r, "zz", "b")).toBe(s);
  });

  it("CORE-REDR-1 / CORE-REDR-3: front-rank models beyond the enemy's edge, counted on each side", () => {
    const s = engaged({ files: 9, figures: 27 });
    // 9 files against 5: two models a side stand past b's edges, but the inner one touches b's corner.
    expect(overhang(layoutOf(u(s, "a")), layoutOf(u(s, "b")))).toEqual({ left: 1, right: 1 });
    expect(overhang(layoutOf(u(s, "b")), layoutOf(u(s, "a")))).toEqual({ left: 0, right: 0 });
    const shifted = engaged({ files: 9, figures: 27, position: { x: 36 + 2 * W, y: 24 } });
    const o = overhang(layoutOf(u(shifted, "a")), layoutOf(u(shifted, "b")));
    expect([o.left, o.right].sort()).toEqual([0, 3]);
    // A model whose edge lines up with the enemy's edge is not beyond it.
    const exact = engaged({ files: 7, figures: 21 });
    expect(overhang(layoutOf(u(exact, "a")), layoutOf(u(exact, "b")))).toEqual({ left: 0, right: 0 });
    const past = engaged({ files: 7, figures: 21, position: { x: 36 + 0.01, y: 24 } });
    expect([overhang(layoutOf(u(past, "a")), layoutOf(u(past, "b")))].map((q) => q.left + q.right)).toEqual([1]);
    const square = setUnit(engaged({ files: 4, figures: 16 }), "a", { formation: "SQUARE" });
    expect(overhang(layoutOf(u(square, "a")), layoutOf(u(square, "b")))).toEqual({ left: 0, right: 0 });
    expect(overhang(layoutOf(u(square, "b")), layoutOf(u(square, "a")))).toEqual({ left: 0, right: 0 });
  });
});

/** a (5 files) fights b and c, two 3-file units side by side, its middle model touching both. */
const twoFoes = (ask = true): BattleState => {
  const s0 = engaged({}, { files: 3, figures: 12, position: { x: 36 - 1.2, y: 24 } }, { units: [foot("c", "gb", { files: 3, figures: 12, position: { x: 36 + 1.2, y: 24 }, facing: 270 })], options: ask ? { core: { ownerChoices: "ask" } } : {} });
  return { ...s0, combats: { c1: { ...s0.combats["c1" as never]!, units: ["a", "b", "c"] } } } as BattleState;
};

describe("splitting attacks (combat/split.ts)", () => {
  it("CORE-CC-2: a unit touching two enemies shares its middle model; each enemy touching only a has nothing to split", () => {
    const s = twoFoes();
    const { shared, byDefault } = sharedModels(s, "c1" as never, u(s, "a"));
    expect(shared.map((m) => [...m.enemies].sort())).toEqual([["b", "c"]]);
    expect([...byDefault.entries()].sort()).toEqual([["b", 1], ["c", 0]]);
    expect(sharedModels(s, "c1" as never, u(s, "b")).shared).toEqual([]);
    expect(sharedModels(s, "c9" as never, u(s, "a"))).toEqual({ shared: [], byDefault: new Map() });
  });

  it("CORE-CC-2: with core.ownerChoices ask each such unit is asked, per combat of the batch; otherwise nobody", () => {
    const s = twoFoes();
    expect(splitDecisions(s, ["c1" as never])).toEqual([{ kind: "attackSplit", side: "fr", unit: "a", targets: ["b", "c"], rule: "CORE-CC-2", batch: ["c1"], splits: [] }]);
    expect(splitDecisions(s, ["c1" as never, "c9" as never])).toEqual([{ kind: "attackSplit", side: "fr", unit: "a", targets: ["b", "c"], rule: "CORE-CC-2", batch: ["c1", "c9"], splits: [] }]);
    expect(splitDecisions(twoFoes(false), ["c1" as never])).toEqual([]);
    expect(splitDecisions(engaged({}, {}, { options: { core: { ownerChoices: "ask" } } }), ["c1" as never])).toEqual([]);
  });

  it("CORE-CC-2: the answers are every split of the shared models, the default first; none without a combat or unit", () => {
    const s = twoFoes();
    const d = { kind: "attackSplit", side: "fr", unit: "a", targets: ["b", "c"], rule: "CORE-CC-2", batch: ["c1"], splits: [] } as never;
    expect(splitCombat(s, d)).toBe("c1");
    expect(splitAnswers(s, d)).toEqual([{ b: 1, c: 0 }, { b: 0, c: 1 }]);
    expect(splitCombat(s, { ...(d as object), unit: null } as never)).toBeNull();
    expect(splitCombat(s, { ...(d as object), unit: "zz" } as never)).toBeNull();
    expect(splitAnswers(s, { ...(d as object), unit: null } as never)).toEqual([]);
    expect(splitAnswers({ ...s, units: { ...s.units, a: undefined } } as never, d)).toEqual([]);
    expect(MAX_SPLIT_ANSWERS).toBe(32);
    // One enemy only: the default alone.
    const one = engaged();
    expect(splitAnswers(one, { ...(d as object), targets: ["b"] } as never)).toEqual([{}]);
  });

  it("CORE-CC-2: the splits made so far, unit → enemy → models, the last word kept", () => {
    const m = splitsMap([
      { unit: "a", enemy: "b", models: 1 },
      { unit: "a", enemy: "c", models: 2 },
      { unit: "d", enemy: "b", models: 3 },
      { unit: "a", enemy: "b", models: 4 },
    ] as never);
    expect([...m.keys()]).toEqual(["a", "d"]);
    expect([...m.get("a")!.entries()]).toEqual([["b", 4], ["c", 2]]);
    expect([...m.get("d")!.entries()]).toEqual([["b", 3]]);
    expect(splitsMap([]).size).toBe(0);
  });
});
