import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { acrossLine, baseCover, coverRank, detachmentInHardCover, featureNearSegment, featuresNearSegment, fnfKind, inArea, inStrip, mostlyIn, unitCover, unitElevation } from "../../src/rules/fnf/geometry/terrain.js";

type Feature = BattleState["terrain"][number];
const area = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number, tags: Record<string, number> = {}): Feature =>
  ({ id, kind, polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], tags }) as unknown as Feature;
const line = (id: string, kind: string, pts: [number, number][], width?: number): Feature =>
  ({ id, kind, polygon: [], polyline: pts.map(([x, y]) => ({ x, y })), tags: {}, ...(width === undefined ? {} : { width }) }) as unknown as Feature;
const p = (x: number, y: number) => ({ x, y });
const rect = (x: number, y: number, hw = 1, hd = 0.5) => ({ center: p(x, y), halfWidth: hw, halfDepth: hd, facing: 90 });
/** An enemy base 10" north of (10, 10). */
const north = [rect(10, 20.5)];

describe("fnfC: cover of a base (FNF-GEO-7)", () => {
  it("FNF-GEO-7: standing in woods is soft, in buildings hard, in rough or on a hill none", () => {
    const at = (kind: string) => baseCover([area("a", kind, 0, 0, 20, 15)], p(10, 10), north);
    expect([at("woods"), at("orchard"), at("buildings"), at("farm"), at("rough"), at("hill"), at("lava")]).toEqual(["soft", "soft", "hard", "hard", "none", "none", "none"]);
  });
  it("FNF-GEO-7: in a sunken road's strip is hard cover; a sunken road in front is not a line to shelter behind", () => {
    expect(baseCover([line("s", "sunkenRoad", [[0, 10.4], [20, 10.4]])], p(10, 10), north)).toBe("hard");
    expect(baseCover([line("s", "sunkenRoad", [[0, 10.6], [20, 10.6]])], p(10, 10), north)).toBe("none");
  });
  it("FNF-GEO-7: a hedge, wall or works within 1\" toward the nearest enemy gives its grade; 1.01\" gives none", () => {
    const behind = (kind: string, y: number) => baseCover([line("l", kind, [[0, y], [20, y]])], p(10, 10), north);
    expect([behind("hedge", 11), behind("stoneWall", 11), behind("works", 11), behind("fence", 11), behind("stream", 10.5)]).toEqual(["soft", "hard", "entrenchments", "soft", "none"]);
    expect(behind("stoneWall", 11.01)).toBe("none");
    // the line must lie between the base and the enemy
    expect(behind("stoneWall", 9.5)).toBe("none");
  });
  it("FNF-GEO-7: the line is judged toward the nearest enemy base; the best grade of all wins", () => {
    const wallEast = line("w", "stoneWall", [[10.5, 0], [10.5, 20]]);
    // the eastern enemy is nearer: the wall shelters
    expect(baseCover([wallEast], p(10, 10), [rect(10, 20.5), rect(15, 10)])).toBe("hard");
    // the northern enemy is nearer: the wall does not
    expect(baseCover([wallEast], p(10, 10), [rect(10, 14), rect(25, 10)])).toBe("none");
    expect(baseCover([area("w", "woods", 0, 0, 20, 15), line("s", "stoneWall", [[0, 10.5], [20, 10.5]])], p(10, 10), north)).toBe("hard");
    expect(baseCover([line("s", "stoneWall", [[0, 10.5], [20, 10.5]]), area("w", "woods", 0, 0, 20, 15)], p(10, 10), north)).toBe("hard");
    expect(baseCover([line("s", "works", [[0, 10.5], [20, 10.5]]), area("b", "buildings", 0, 0, 20, 15)], p(10, 10), north)).toBe("entrenchments");
    expect(baseCover([], p(10, 10), [])).toBe("none");
  });
  it("FNF-GEO-7: a unit's cover is the best grade more than half its counted bases have", () => {
    expect(unitCover(["soft", "soft", "none"])).toBe("soft");
    expect(unitCover(["hard", "soft", "none"])).toBe("soft");
    expect(unitCover(["hard", "hard", "none"])).toBe("hard");
    expect(unitCover(["hard", "none"])).toBe("none");
    expect(unitCover(["entrenchments", "entrenchments", "hard"])).toBe("entrenchments");
    expect(unitCover(["entrenchments", "hard", "hard"])).toBe("hard");
    expect(unitCover([])).toBe("none");
    expect(unitCover(["none", "none"])).toBe("none");
    expect([coverRank("none"), coverRank("soft"), coverRank("hard"), coverRank("entrenchments")]).toEqual([0, 1, 2, 3]);
  });
});

describe("fnfC: where a unit stands (FNF-GEO-6, FNF-GEO-7, FNF-DET-1)", () => {
  it("FNF-GEO-7: in woods, buildings or a sunken road when more than half the points are", () => {
    const t = [area("w", "woods", 0, 0, 10, 10), area("b", "village", 20, 0, 30, 10), line("s", "sunkenRoad", [[40, 5], [50, 5]])];
    expect(mostlyIn(t, "woods", [p(1, 1), p(2, 2), p(11, 1)])).toBe(true);
    expect(mostlyIn(t, "woods", [p(1, 1), p(11, 1)])).toBe(false);
    expect(mostlyIn(t, "buildings", [p(21, 1), p(22, 2)])).toBe(true);
    expect(mostlyIn(t, "buildings", [p(1, 1), p(2, 2)])).toBe(false);
    expect(mostlyIn(t, "sunkenRoad", [p(42, 5.4), p(44, 4.6), p(46, 6)])).toBe(true);
    expect(mostlyIn(t, "sunkenRoad", [p(42, 5.6), p(44, 4.6)])).toBe(false);
  });
  it("FNF-GEO-7: a unit's elevation is the highest level more than half its points reach", () => {
    const t = [area("h1", "hill", 0, 0, 30, 10), area("h2", "hill", 0, 0, 10, 10, { hill: 2 })];
    expect(unitElevation(t, [p(1, 1), p(2, 2), p(15, 1)])).toBe(2);
    expect(unitElevation(t, [p(1, 1), p(15, 1), p(40, 1)])).toBe(1);
    expect(unitElevation(t, [p(1, 1), p(40, 1)])).toBe(0);
    expect(unitElevation(t, [p(1, 1), p(15, 1)])).toBe(1);
    expect(unitElevation(t, [])).toBe(0);
  });
  it("FNF-GEO-7: a line is across a unit when it crosses more than half of the segments", () => {
    const hedge = line("h", "hedge", [[0, 5], [20, 5]]);
    const cross = [p(1, 0), p(1, 10)] as const;
    const miss = [p(1, 0), p(1, 4)] as const;
    expect(acrossLine(hedge, [cross, cross, miss])).toBe(true);
    expect(acrossLine(hedge, [cross, miss])).toBe(false);
    expect(acrossLine(hedge, [])).toBe(false);
  });
  it("FNF-DET-1: a detachment is in hard cover in buildings, in a sunken road, or within 1\" of a wall or works; not by a hedge", () => {
    const base = rect(10, 10);
    expect(detachmentInHardCover([area("b", "town", 0, 0, 20, 20)], base)).toBe(true);
    expect(detachmentInHardCover([area("w", "woods", 0, 0, 20, 20)], base)).toBe(false);
    expect(detachmentInHardCover([line("s", "sunkenRoad", [[0, 10.4], [20, 10.4]])], base)).toBe(true);
    expect(detachmentInHardCover([line("s", "sunkenRoad", [[0, 10.6], [20, 10.6]])], base)).toBe(false);
    // the base's front edge is at y 10.5
    expect(detachmentInHardCover([line("w", "stoneWall", [[0, 11.5], [20, 11.5]])], base)).toBe(true);
    expect(detachmentInHardCover([line("w", "works", [[0, 11.5], [20, 11.5]])], base)).toBe(true);
    expect(detachmentInHardCover([line("w", "stoneWall", [[0, 11.6], [20, 11.6]])], base)).toBe(false);
    expect(detachmentInHardCover([line("h", "hedge", [[0, 10.6], [20, 10.6]])], base)).toBe(false);
    expect(detachmentInHardCover([], base)).toBe(false);
  });
  it("FNF-GEO-6: a line feature's strip is half its width each side (1\" wide by default)", () => {
    expect(inStrip(p(5, 0.5), line("r", "road", [[0, 0], [10, 0]]))).toBe(true);
    expect(inStrip(p(5, 0.51), line("r", "road", [[0, 0], [10, 0]]))).toBe(false);
    expect(inStrip(p(5, 1.9), line("r", "road", [[0, 0], [10, 0]], 4))).toBe(true);
    expect(inStrip(p(5, 2.1), line("r", "road", [[0, 0], [10, 0]], 4))).toBe(false);
    expect(inStrip(p(5, 0), area("a", "woods", 0, -1, 10, 1))).toBe(false);
    expect(inArea(p(5, 0), area("a", "woods", 0, -1, 10, 1))).toBe(true);
    expect(inArea(p(5, 0), line("r", "road", [[0, 0], [10, 0]]))).toBe(false);
    expect(fnfKind(line("f", "ditch", [[0, 0], [1, 1]]))).toBe("hedge");
    expect(fnfKind(area("l", "lake", 0, 0, 1, 1))).toBe("impassable");
  });
  it("FNF-GEO-6: a segment is near a feature when their boxes meet (a line's grown by half its width); the list is kept when all are", () => {
    const wood = area("w", "woods", 10, 10, 20, 20);
    const road = line("r", "road", [[0, 30], [40, 30]], 4);
    expect(featureNearSegment(wood, p(0, 0), p(9.9, 9.9))).toBe(false);
    expect(featureNearSegment(wood, p(0, 0), p(10, 10))).toBe(true);
    expect(featureNearSegment(wood, p(25, 0), p(21, 30))).toBe(false);
    // the 4" road's box grown by 2": y from 28
    expect(featureNearSegment(road, p(0, 28.01), p(40, 28.01))).toBe(true);
    expect(featureNearSegment(road, p(0, 27.99), p(40, 27.99))).toBe(false);
    expect(featureNearSegment(road, p(0, 27.99), p(40, 28.01))).toBe(true);
    expect(featureNearSegment(road, p(41.99, 0), p(41.99, 40))).toBe(true);
    expect(featureNearSegment(road, p(42.01, 0), p(42.01, 40))).toBe(false);
    expect(featureNearSegment(road, p(-2.01, 0), p(-2.01, 40))).toBe(false);
    expect(featureNearSegment(road, p(0, 32.01), p(40, 32.01))).toBe(false);
    // a 1" road by default: grown by 0.5"
    expect(featureNearSegment(line("r1", "road", [[0, 30], [40, 30]]), p(0, 29.49), p(40, 29.49))).toBe(false);
    expect(featureNearSegment(line("r1", "road", [[0, 30], [40, 30]]), p(0, 29.51), p(40, 29.51))).toBe(true);
    expect(featureNearSegment({ ...road, polyline: [] } as unknown as Feature, p(0, 30), p(40, 30))).toBe(false);
    const both = [wood, road];
    expect(featuresNearSegment(both, p(0, 15), p(40, 30))).toBe(both);
    expect(featuresNearSegment(both, p(0, 40), p(40, 31))).toEqual([road]);
    expect(featuresNearSegment(both, p(0, 15), p(15, 15))).toEqual([wood]);
    expect(featuresNearSegment(both, p(50, 0), p(60, 5))).toEqual([]);
  });
});
