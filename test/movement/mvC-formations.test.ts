/**
 * Formation shapes, src/rules/whn/movement/formations.ts (WHN-FORM-1…9, WHN-SKIRM-1…3, WHN-LEAD-4,
 * AMB-09, AMB-109): every refusal of `canAdopt` with its rule and its reason in words, the
 * boundary of each file and rank range, the set-up check after losses, and the widths offered.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { Formation, Unit } from "../../src/state/unit.js";
import { adoptableFiles, canAdopt, ranksFor, setupShapeRefusal, shapeOk } from "../../src/rules/whn/movement/formations.js";
import { gun } from "../fixtures/artillery.js";
import { leader } from "../fixtures/morale.js";
import { battleOf, fr, frCav, gb, unitOf } from "../fixtures/movement.js";

const s: BattleState = battleOf([fr("fr-1", 36, 12), frCav("fr-c", 10, 12), gun("fr-g", "fr", {}, { position: { x: 60, y: 12 }, facing: 90 }), gb("gb-1", 36, 44)]);
const foot = (over: Partial<Unit> = {}): Unit => ({ ...unitOf(s, "fr-1"), ...over }) as Unit;
const horse = (over: Partial<Unit> = {}): Unit => ({ ...unitOf(s, "fr-c"), ...over }) as Unit;
const no = (u: Unit, formation: Formation, files: number, rule: string, why: string) => ({ code: "movement/formation_not_allowed", rule, unit: u.id, formation, files, why });

describe("mvC formations: ranks of a block (CORE-GEO-5)", () => {
  it("CORE-GEO-5: ranks are the models over the files, rounded up; files beyond the models count as the models; none for no models", () => {
    expect(ranksFor(24, 4)).toBe(6);
    expect(ranksFor(25, 4)).toBe(7);
    expect(ranksFor(3, 5)).toBe(1);
    expect(ranksFor(5, 0)).toBe(5);
    expect(ranksFor(0, 4)).toBe(0);
    expect(ranksFor(-2, 4)).toBe(0);
    expect(ranksFor(1, 1)).toBe(1);
  });
});

describe("mvC formations: who may adopt what (WHN-FORM-1, WHN-SKIRM-1, WHN-LEAD-4)", () => {
  it("WHN-FORM-1: infantry formations are not for cavalry, cavalry ones not for infantry, and neither for guns", () => {
    expect(canAdopt(horse(), "LINE", 6)).toEqual(no(horse(), "LINE", 6, "WHN-FORM-1", "not for cavalry"));
    expect(canAdopt(foot(), "CAV_LINE", 12)).toEqual(no(foot(), "CAV_LINE", 12, "WHN-FORM-1", "not for infantry"));
    const g = unitOf(s, "fr-g");
    expect(canAdopt(g, "SQUARE", 1)).toEqual(no(g, "SQUARE", 1, "WHN-FORM-1", "not for artillery"));
    expect(canAdopt(g, "LIMBERED", 1)).toBe(null);
  });
  it("WHN-SKIRM-1: open order only for light troops, foot or horse", () => {
    expect(canAdopt(foot(), "OPEN_ORDER", 12)).toEqual(no(foot(), "OPEN_ORDER", 12, "WHN-SKIRM-1", "only light troops may skirmish"));
    expect(canAdopt(foot({ light: true }), "OPEN_ORDER", 12)).toBe(null);
    expect(canAdopt(horse({ light: true }), "OPEN_ORDER", 6)).toBe(null);
  });
  it("WHN-SKIRM-1: extended order only for light troops the list designates (both needed)", () => {
    const why = "only light troops the army list designates may use extended order";
    expect(canAdopt(foot({ light: true }), "EXTENDED_ORDER", 4)).toEqual(no(foot(), "EXTENDED_ORDER", 4, "WHN-SKIRM-1", why));
    expect(canAdopt(foot({ extendedOrderAllowed: true }), "EXTENDED_ORDER", 4)).toEqual(no(foot(), "EXTENDED_ORDER", 4, "WHN-SKIRM-1", why));
    expect(canAdopt(foot({ light: true, extendedOrderAllowed: true }), "EXTENDED_ORDER", 4)).toBe(null);
  });
  it("WHN-LEAD-4: a unit with a joined leader may not go into extended order (when the state is given)", () => {
    const withLeader = battleOf([fr("fr-1", 36, 12, { light: true, extendedOrderAllowed: true }), gb("gb-1", 36, 44)], { characters: [leader("fr-L", "fr", { position: { x: 36, y: 11 }, joinedTo: "fr-1" })] });
    const u = unitOf(withLeader, "fr-1");
    expect(canAdopt(u, "EXTENDED_ORDER", 4, withLeader)).toEqual(no(u, "EXTENDED_ORDER", 4, "WHN-LEAD-4", "a joined leader must leave before extended order"));
    expect(canAdopt(u, "EXTENDED_ORDER", 4)).toBe(null);
    expect(canAdopt(u, "OPEN_ORDER", 12, withLeader)).toBe(null);
    const alone = battleOf([fr("fr-1", 36, 12, { light: true, extendedOrderAllowed: true }), gb("gb-1", 36, 44)]);
    expect(canAdopt(unitOf(alone, "fr-1"), "EXTENDED_ORDER", 4, alone)).toBe(null);
  });
  it("WHN-FORM-4: a square needs at least 4 models; 4 are enough", () => {
    expect(canAdopt(foot({ figures: 3 }), "SQUARE", 4)).toEqual(no(foot(), "SQUARE", 4, "WHN-FORM-4", "needs at least 4 models"));
    expect(canAdopt(foot({ figures: 4 }), "SQUARE", 4)).toBe(null);
    expect(canAdopt(foot({ figures: 2 }), "ATTACK_COLUMN", 1)).toEqual(no(foot(), "ATTACK_COLUMN", 1, "WHN-FORM-3", "needs at least 3 models"));
  });
});

describe("mvC formations: widths (WHN-FORM-2…7, AMB-109)", () => {
  it("WHN-FORM-2: the files must be a positive whole number", () => {
    for (const f of [0, -1, 1.5]) expect(canAdopt(foot(), "MARCH_COLUMN", f)).toEqual(no(foot(), "MARCH_COLUMN", f, "WHN-FORM-2", "files must be a positive whole number"));
    expect(canAdopt(foot(), "SQUARE", 0)).toEqual(no(foot(), "SQUARE", 0, "WHN-FORM-4", "files must be a positive whole number"));
  });
  it("WHN-FORM-2: a march column is 1 to 3 files", () => {
    expect(canAdopt(foot(), "MARCH_COLUMN", 1)).toBe(null);
    expect(canAdopt(foot(), "MARCH_COLUMN", 3)).toBe(null);
    expect(canAdopt(foot(), "MARCH_COLUMN", 4)).toEqual(no(foot(), "MARCH_COLUMN", 4, "WHN-FORM-2", "4 files; allowed 1–3"));
    // Files beyond the models count as the models: 5 files of 4 models are 4 files.
    expect(canAdopt(foot({ figures: 4 }), "MARCH_COLUMN", 5)).toEqual(no(foot(), "MARCH_COLUMN", 5, "WHN-FORM-2", "4 files; allowed 1–3"));
    expect(canAdopt(foot({ figures: 3 }), "MARCH_COLUMN", 5)).toBe(null);
  });
  it("WHN-FORM-3: an attack column has at least 3 ranks and at least as many ranks as files", () => {
    expect(canAdopt(foot(), "ATTACK_COLUMN", 5)).toBe(null); // 5 ranks of 5
    expect(canAdopt(foot(), "ATTACK_COLUMN", 6)).toEqual(no(foot(), "ATTACK_COLUMN", 6, "WHN-FORM-3", "4 ranks for 6 files; needs ranks ≥ files"));
    expect(canAdopt(foot({ figures: 16 }), "ATTACK_COLUMN", 4)).toBe(null); // 4 ranks of 4
    expect(canAdopt(foot({ figures: 13 }), "ATTACK_COLUMN", 4)).toBe(null); // 4 ranks (the last short) of 4
    expect(canAdopt(foot({ figures: 12 }), "ATTACK_COLUMN", 4)).toEqual(no(foot(), "ATTACK_COLUMN", 4, "WHN-FORM-3", "3 ranks for 4 files; needs ranks ≥ files"));
  });
  it("WHN-FORM-3: fewer than 3 ranks is refused by the rank range, whose top is any", () => {
    expect(canAdopt(foot({ figures: 6 }), "ATTACK_COLUMN", 3)).toEqual(no(foot(), "ATTACK_COLUMN", 3, "WHN-FORM-3", "2 ranks; allowed 3–any"));
    expect(canAdopt(foot({ figures: 9 }), "ATTACK_COLUMN", 3)).toBe(null);
  });
  it("WHN-FORM-5 / AMB-109: a line is exactly 2 ranks; light infantry may stand in one", () => {
    expect(canAdopt(foot(), "LINE", 12)).toBe(null);
    expect(canAdopt(foot(), "LINE", 23)).toBe(null);
    expect(canAdopt(foot(), "LINE", 11)).toEqual(no(foot(), "LINE", 11, "WHN-FORM-5", "3 ranks; allowed 2–2"));
    expect(canAdopt(foot(), "LINE", 24)).toEqual(no(foot(), "LINE", 24, "WHN-FORM-5", "1 ranks; allowed 2–2"));
    expect(canAdopt(foot({ light: true }), "LINE", 24)).toBe(null);
    expect(canAdopt(foot({ light: true }), "LINE", 11)).toEqual(no(foot(), "LINE", 11, "WHN-FORM-5", "3 ranks; allowed 2–2"));
    expect(canAdopt(foot({ light: true }), "OPEN_ORDER", 4)).toEqual(no(foot(), "OPEN_ORDER", 4, "WHN-SKIRM-2", "6 ranks; allowed 1–2"));
  });
  it("WHN-FORM-6 / WHN-FORM-7: a cavalry column has 3 ranks or more; a cavalry line 1 or 2", () => {
    expect(canAdopt(horse(), "CAV_COLUMN", 4)).toBe(null);
    expect(canAdopt(horse(), "CAV_COLUMN", 5)).toBe(null); // 3 ranks, the last short
    expect(canAdopt(horse(), "CAV_COLUMN", 6)).toEqual(no(horse(), "CAV_COLUMN", 6, "WHN-FORM-6", "2 ranks; allowed 3–any"));
    expect(canAdopt(horse(), "CAV_LINE", 6)).toBe(null);
    expect(canAdopt(horse(), "CAV_LINE", 12)).toBe(null);
    expect(canAdopt(horse(), "CAV_LINE", 5)).toEqual(no(horse(), "CAV_LINE", 5, "WHN-FORM-7", "3 ranks; allowed 1–2"));
  });
  it("WHN-FORM-1: the default width is the unit's own", () => {
    expect(canAdopt(foot(), "ATTACK_COLUMN")).toBe(null);
    expect(canAdopt(foot(), "LINE")).toEqual(no(foot(), "LINE", 4, "WHN-FORM-5", "6 ranks; allowed 2–2"));
  });
});

describe("mvC formations: the set-up check and the widths offered (AMB-09, WHN-FORM-9)", () => {
  it("WHN-FORM-9: at full strength a unit's set-up shape is checked whole; blocks and guns are not checked", () => {
    expect(setupShapeRefusal(foot({ formation: "LINE", files: 5 }))).toEqual({ rule: "WHN-FORM-5", why: "5 ranks; allowed 2–2" });
    expect(setupShapeRefusal(foot())).toBe(null);
    expect(setupShapeRefusal(foot({ formation: "BLOCK", files: 5 }))).toBe(null);
    expect(setupShapeRefusal(unitOf(s, "fr-g"))).toBe(null);
    expect(setupShapeRefusal(foot({ formation: "OPEN_ORDER", files: 12 }))).toEqual({ rule: "WHN-SKIRM-1", why: "only light troops may skirmish" });
  });
  it("AMB-09: below its starting strength only the troop checks apply (a thin column or a small square stands)", () => {
    expect(setupShapeRefusal(foot({ figures: 5, files: 4 }))).toBe(null);
    expect(setupShapeRefusal(foot({ formation: "SQUARE", figures: 2 }))).toBe(null);
    expect(setupShapeRefusal(foot({ formation: "CAV_LINE", figures: 5 }))).toEqual({ rule: "WHN-FORM-1", why: "not for infantry" });
    expect(setupShapeRefusal(foot({ formation: "LINE", files: 5, figures: 23 }))).toBe(null);
  });
  it("WHN-FORM-9: shapeOk: guns and blocks always; other units when their formation would be allowed now", () => {
    expect(shapeOk(unitOf(s, "fr-g"))).toBe(true);
    expect(shapeOk(foot({ formation: "BLOCK", files: 7 }))).toBe(true);
    expect(shapeOk(foot())).toBe(true);
    expect(shapeOk(foot({ formation: "LINE", files: 5 }))).toBe(false);
  });
  it("WHN-FORM-2…7: the widths a unit may take in each formation", () => {
    expect(adoptableFiles(foot(), "MARCH_COLUMN")).toEqual([1, 2, 3]);
    expect(adoptableFiles(foot(), "ATTACK_COLUMN")).toEqual([1, 2, 3, 4, 5]);
    expect(adoptableFiles(foot(), "LINE")).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(adoptableFiles(foot({ light: true }), "LINE")).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(adoptableFiles(foot(), "OPEN_ORDER")).toEqual([]);
    expect(adoptableFiles(horse(), "CAV_COLUMN")).toEqual([1, 2, 3, 4, 5]);
    expect(adoptableFiles(horse(), "CAV_LINE")).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(adoptableFiles(horse(), "LINE")).toEqual([]);
  });
  it("WHN-FORM-4 / WHN-SKIRM-3: a square or extended order takes the unit's own width, when allowed at all", () => {
    expect(adoptableFiles(foot(), "SQUARE")).toEqual([4]);
    expect(adoptableFiles(foot({ figures: 3 }), "SQUARE")).toEqual([]);
    expect(adoptableFiles(foot(), "EXTENDED_ORDER")).toEqual([]);
    expect(adoptableFiles(foot({ light: true, extendedOrderAllowed: true, files: 7 }), "EXTENDED_ORDER")).toEqual([7]);
    const withLeader = battleOf([fr("fr-1", 36, 12, { light: true, extendedOrderAllowed: true }), gb("gb-1", 36, 44)], { characters: [leader("fr-L", "fr", { position: { x: 36, y: 11 }, joinedTo: "fr-1" })] });
    expect(adoptableFiles(unitOf(withLeader, "fr-1"), "EXTENDED_ORDER", withLeader)).toEqual([]);
    expect(adoptableFiles(unitOf(withLeader, "fr-1"), "EXTENDED_ORDER")).toEqual([4]);
  });
});
