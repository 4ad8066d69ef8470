import { describe, expect, it } from "vitest";
import { basesDistance, enfilades, faceEdges, facesTouched, fireRange, frontEdge, inBaseArc, envelopment, overlapsRegion, rearRegion } from "../../src/rules/fnf/geometry/measure.js";
import { brigadeBases, fireRanks, formationSlots, layoutOf, singleBase, withBases } from "../../src/rules/fnf/geometry/layout.js";
import { FNF_BASES } from "../../src/rules/fnf/geometry/bases.js";

const rect = (x: number, y: number, hw = 1, hd = 0.5, facing = 90) => ({ center: { x, y }, halfWidth: hw, halfDepth: hd, facing });

describe("fnfC: measuring between bases (FNF-GEO-3, FNF-GEO-4, FNF-GEO-5)", () => {
  it("FNF-GEO-3: the distance between sets of bases is their closest pair's; no bases is no distance", () => {
    const a = [rect(0, 0), rect(10, 0)];
    const b = [rect(30, 0), rect(13, 0), rect(0, 5)];
    expect(basesDistance(a, b)).toBeCloseTo(1, 12);
    expect(basesDistance(b, a)).toBeCloseTo(1, 12);
    expect(basesDistance([rect(0, 0)], [rect(0, 5), rect(0, 3)])).toBeCloseTo(2, 12);
    expect(basesDistance([], b)).toBe(Infinity);
    expect(basesDistance(a, [])).toBe(Infinity);
  });
  it("FNF-GEO-3: a base's front edge runs from its left corner to its right; fire range is from it to the target's nearest point", () => {
    expect(frontEdge(rect(5, 5))).toEqual([{ x: 4, y: 5.5 }, { x: 6, y: 5.5 }]);
    expect(fireRange(rect(5, 5), [rect(5, 12), rect(9, 9)])).toBeCloseTo(Math.hypot(2, 3), 9);
    // measured from the front edge, not the centre: a target behind is the depth farther
    expect(fireRange(rect(5, 5), [rect(5, 0)])).toBeCloseTo(5, 9);
    expect(fireRange(rect(5, 5), [])).toBe(Infinity);
  });
  it("FNF-GEO-3: the 90° arc runs out at 45° from each front corner", () => {
    const base = rect(0, 0);
    // 10" ahead of the front edge (y 10.5) the arc spans x from −11 to 11 (the corners at ±1 plus 10 each way)
    const dot = (x: number) => [rect(x, 10.5, 0.01, 0.01)];
    expect(inBaseArc(base, dot(-10.95))).toBe(true);
    expect(inBaseArc(base, dot(-11.05))).toBe(false);
    expect(inBaseArc(base, dot(10.95))).toBe(true);
    expect(inBaseArc(base, dot(11.05))).toBe(false);
    expect(inBaseArc(base, [rect(0, -5)])).toBe(false);
    expect(inBaseArc(base, [rect(0, -5), rect(0, 5)])).toBe(true);
  });
  it("FNF-GEO-4: a firer enfilades from the target's flank or rear quadrant, not its front", () => {
    const target = layoutOf({ kind: "brigade", arm: "infantry", bases: 2, formation: "LINE", skirmishing: false, battery: null, position: { x: 20, y: 20 }, facing: 90 });
    expect(enfilades(rect(20, 30), target)).toBe(false);
    expect(enfilades(rect(40, 19.4), target)).toBe(true);
    expect(enfilades(rect(20, 10), target)).toBe(true);
  });
  it("FNF-GEO-4: the faces of a base; a touch counts on a face, not at a bare corner", () => {
    const d = rect(0, 0);
    expect(faceEdges(d)).toEqual({
      front: [{ x: -1, y: 0.5 }, { x: 1, y: 0.5 }],
      right: [{ x: 1, y: 0.5 }, { x: 1, y: -0.5 }],
      rear: [{ x: 1, y: -0.5 }, { x: -1, y: -0.5 }],
      left: [{ x: -1, y: -0.5 }, { x: -1, y: 0.5 }],
    });
    expect(facesTouched(rect(0, 1), d)).toEqual(["front"]);
    expect(facesTouched(rect(0, -1), d)).toEqual(["rear"]);
    expect(facesTouched(rect(2, 0), d)).toEqual(["right"]);
    expect(facesTouched(rect(-2, 0), d)).toEqual(["left"]);
    // corner to corner only
    expect(facesTouched(rect(2, 1), d)).toEqual([]);
    expect(facesTouched(rect(0, 1.1), d)).toEqual([]);
    // a wide base across the front corner touches front and right
    expect(facesTouched(rect(1.5, 1.5, 1, 1, 90), d)).toEqual(["front"]);
    expect(facesTouched(rect(2, 0, 1, 1), d)).toEqual(["right"]);
    expect(facesTouched(rect(0, 0, 3, 3), d)).toEqual(["front", "right", "rear", "left"]);
    expect(facesTouched(rect(1.5, 1, 1, 0.5), d)).toEqual(["front"]);
  });
  it("FNF-GEO-4, AMB-70: outflanked by a flank or rear face; surrounded by opposite faces or three", () => {
    const env = (...f: ("front" | "rear" | "left" | "right")[]) => envelopment(new Set(f));
    expect(env()).toBe("none");
    expect(env("front")).toBe("none");
    expect(env("left")).toBe("outflanked");
    expect(env("right")).toBe("outflanked");
    expect(env("rear")).toBe("outflanked");
    expect(env("front", "left")).toBe("outflanked");
    expect(env("front", "rear")).toBe("surrounded");
    expect(env("left", "right")).toBe("surrounded");
    expect(env("front", "left", "rear")).toBe("surrounded");
    expect(env("rear", "left")).toBe("outflanked");
  });
  it("FNF-GEO-5: the rear region lies the given depth behind the rear edge; a base must enter it to count", () => {
    const fp = rect(10, 10, 3, 1);
    expect(rearRegion(fp, 4)).toEqual({ center: { x: 10, y: 7 }, halfWidth: 3, halfDepth: 2, facing: 90 });
    const reg = rearRegion(fp, 4);
    expect(overlapsRegion(rect(10, 4.6), reg)).toBe(true);
    expect(overlapsRegion(rect(10, 4.5), reg)).toBe(false);
    expect(overlapsRegion(rect(14, 7), reg)).toBe(false);
    expect(overlapsRegion(rect(13.9, 7), reg)).toBe(true);
  });
});

describe("fnfC: formation grids (FNF-GEO-1, FNF-GEO-2)", () => {
  it("FNF-GEO-2: the slots of each formation, command base marked", () => {
    const s = (f: Parameters<typeof formationSlots>[0], n: number) => formationSlots(f, n).map((x) => `${x.file}${x.rank}${x.command ? "c" : ""}`);
    expect(s("LINE", 4)).toEqual(["00", "10", "20", "30c"]);
    expect(s("SUPPORTED_LINE", 5)).toEqual(["00", "10", "20c", "11", "21"]);
    expect(s("SUPPORTED_LINE", 4)).toEqual(["00", "10c", "01", "11"]);
    expect(s("COLUMN_OF_ROUTE", 3)).toEqual(["00c", "01", "02"]);
    expect(s("COLUMN_OF_ATTACK", 5)).toEqual(["00", "10c", "01", "11", "12"]);
    expect(s("COLUMN_OF_ATTACK", 4)).toEqual(["00", "10c", "01", "11"]);
    expect(s("LINE", 1)).toEqual(["00c"]);
    expect(s("COLUMN_OF_ATTACK", 0)).toEqual(["00c"]);
  });
  it("FNF-GEO-2: fire ranks count from the front in each file, the command base skipped (0)", () => {
    expect(fireRanks(formationSlots("COLUMN_OF_ATTACK", 5))).toEqual([1, 0, 2, 1, 2]);
    expect(fireRanks(formationSlots("COLUMN_OF_ROUTE", 3))).toEqual([0, 1, 2]);
    expect(fireRanks(formationSlots("SUPPORTED_LINE", 4))).toEqual([1, 0, 2, 1]);
  });
  it("FNF-GEO-1: base sizes by arm, skirmish order and gun", () => {
    expect(brigadeBases({ arm: "infantry", skirmishing: false })).toEqual({ command: FNF_BASES.infantry, other: FNF_BASES.infantry });
    expect(brigadeBases({ arm: "infantry", skirmishing: true })).toEqual({ command: FNF_BASES.infantry, other: FNF_BASES.skirmish });
    expect(brigadeBases({ arm: "cavalry", skirmishing: false })).toEqual({ command: FNF_BASES.cavalry, other: FNF_BASES.cavalry });
    const bat = (type: "FOOT" | "HORSE" | "HEAVY", limbered: boolean) => ({ type, limbered, silenced: false, damaged: false, withdrawn: false });
    expect(singleBase({ kind: "battery", arm: "artillery", skirmishing: false, battery: bat("HEAVY", false) })).toEqual(FNF_BASES.heavyGunUnlimbered);
    expect(singleBase({ kind: "battery", arm: "artillery", skirmishing: false, battery: bat("HEAVY", true) })).toEqual(FNF_BASES.footGunLimbered);
    expect(singleBase({ kind: "battery", arm: "artillery", skirmishing: false, battery: bat("HORSE", true) })).toEqual(FNF_BASES.horseGunLimbered);
    expect(singleBase({ kind: "battery", arm: "artillery", skirmishing: false, battery: bat("FOOT", false) })).toEqual(FNF_BASES.gunUnlimbered);
    expect(singleBase({ kind: "detachment", arm: "infantry", skirmishing: true, battery: null })).toEqual(FNF_BASES.skirmish);
    expect(singleBase({ kind: "detachment", arm: "cavalry", skirmishing: false, battery: null })).toEqual(FNF_BASES.cavalry);
    expect(singleBase({ kind: "detachment", arm: "infantry", skirmishing: false, battery: null })).toEqual(FNF_BASES.infantry);
  });
  it("FNF-GEO-2: bases come off the left: the front-right corner stays; other kinds only change the count", () => {
    const W = 40 / 25.4;
    const u = { kind: "brigade", arm: "infantry", bases: 4, formation: "LINE", skirmishing: false, battery: null, position: { x: 20, y: 20 }, facing: 90 } as const;
    expect(withBases(u, 3).position.x).toBeCloseTo(20 + W / 2, 9);
    expect(withBases(u, 6).position.x).toBeCloseTo(20 - W, 9);
    expect(withBases(u, 4)).toEqual(u);
    expect(withBases(u, 0)).toEqual({ ...u, bases: 0 });
    const d = { ...u, kind: "detachment" as const, bases: 1 };
    expect(withBases(d, 0)).toEqual({ ...d, bases: 0 });
    const east = { ...u, facing: 0 };
    expect(withBases(east, 3).position.y).toBeCloseTo(20 - W / 2, 9);
  });
});
