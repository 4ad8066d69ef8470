import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { FusilladeError } from "../../src/index.js";
import { cheapestPerInch, pathCost, pathInBadGoing, pathLength, type Pricing } from "../../src/rules/fnf/geometry/pricing.js";
import { baseSees, lengthThroughRect, sightLineBlocked } from "../../src/rules/fnf/geometry/sight.js";
import { commandRect, layoutOf } from "../../src/rules/fnf/geometry/layout.js";
import { elevationAt, featuresOf, inBadGoing } from "../../src/rules/fnf/geometry/terrain.js";
import { MOVE_RATES } from "../../src/rules/fnf/tables/maneuver.js";

type Feature = BattleState["terrain"][number];
const area = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number, tags: Record<string, number> = {}): Feature =>
  ({ id, kind, polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], tags }) as unknown as Feature;
const line = (id: string, kind: string, pts: [number, number][], width?: number): Feature =>
  ({ id, kind, polygon: [], polyline: pts.map(([x, y]) => ({ x, y })), tags: {}, ...(width === undefined ? {} : { width }) }) as unknown as Feature;

const foot: Pricing = { rate: MOVE_RATES.infantry, roads: false, roughFree: false };
const column: Pricing = { rate: MOVE_RATES.infantry, roads: true, roughFree: false };
const skirm: Pricing = { rate: MOVE_RATES.infantry, roads: false, roughFree: true };
const guns: Pricing = { rate: MOVE_RATES.footGuns, roads: true, roughFree: false };
const p = (x: number, y: number) => ({ x, y });
const east = [p(0, 10), p(10, 10)];
const near = (x: number) => expect.closeTo(x, 6);

describe("fnfC: pricing a base's path (FNF-MOVE-1, FNF-MOVE-2, FNF-MOVE-4, FNF-GEO-6)", () => {
  it("FNF-MOVE-2: a path's length is the sum of its legs; open ground costs its length", () => {
    expect(pathLength([p(0, 0), p(3, 4), p(3, 10)])).toBe(11);
    expect(pathLength([p(1, 1)])).toBe(0);
    expect(pathCost([], [p(0, 0), p(3, 4), p(3, 10)], foot)).toBeCloseTo(11, 9);
  });
  it("FNF-MOVE-1: only a mover that may use roads is cheaper per inch than 1 (1/road)", () => {
    expect(cheapestPerInch(foot)).toBe(1);
    expect(cheapestPerInch(column)).toBe(0.5);
    expect(cheapestPerInch(guns)).toBeCloseTo(1 / 3, 12);
  });
  it("FNF-MOVE-1: roads and sunken roads at the road rate for those who may use them; others pay full", () => {
    const road = [line("r", "road", [[-5, 10], [20, 10]])];
    const sunken = [line("s", "sunkenRoad", [[-5, 10], [20, 10]])];
    expect(pathCost(road, east, column)).toEqual(near(5));
    expect(pathCost(sunken, east, column)).toEqual(near(5));
    expect(pathCost(road, east, guns)).toEqual(near(10 / 3));
    expect(pathCost(road, east, foot)).toEqual(near(10));
    expect(pathCost(sunken, east, foot)).toEqual(near(10));
  });
  it("FNF-MOVE-1: rough, woods and buildings at the rough rate; skirmishers pay none; a road through a wood keeps the road rate", () => {
    for (const kind of ["rough", "woods", "buildings", "village"]) expect(pathCost([area("a", kind, 2, 0, 6, 20)], east, foot)).toEqual(near(6 + 4 * 2));
    expect(pathCost([area("a", "woods", 2, 0, 6, 20)], east, guns)).toEqual(near(6 + 4 * 3));
    expect(pathCost([area("a", "woods", 2, 0, 6, 20)], east, skirm)).toEqual(near(10));
    expect(pathCost([area("a", "hill", 2, 0, 6, 20)], east, foot)).toEqual(near(10));
    expect(pathCost([area("a", "woods", 2, 0, 6, 20), line("r", "road", [[-5, 10], [20, 10]])], east, column)).toEqual(near(5));
  });
  it("FNF-GEO-6: impassable ground makes a path impassable; a path beside it is not", () => {
    expect(pathCost([area("l", "lake", 4, 0, 5, 20)], east, foot)).toBe(Infinity);
    expect(pathCost([area("l", "impassable", 4, 11, 5, 20)], east, foot)).toEqual(near(10));
  });
  it("FNF-MOVE-2: each obstacle crossed costs once, however often; streams are free over a bridge", () => {
    const hedge = line("h", "hedge", [[5, 0], [5, 20]]);
    const wall = line("w", "stoneWall", [[7, 0], [7, 20]]);
    expect(pathCost([hedge], east, foot)).toEqual(near(10 + 3));
    expect(pathCost([hedge, wall], east, foot)).toEqual(near(10 + 3 + 3));
    expect(pathCost([hedge], [p(0, 10), p(10, 10), p(0, 10)], foot)).toEqual(near(20 + 3));
    expect(pathCost([hedge], east, guns)).toEqual(near(10 + 4));
    const stream = line("st", "stream", [[5, 0], [5, 20]]);
    const bridge = line("r", "road", [[-5, 10], [20, 10]]);
    expect(pathCost([stream], east, foot)).toEqual(near(13));
    expect(pathCost([stream, bridge], east, foot)).toEqual(near(10));
    // a hedge is not bridged by the road: still an obstacle
    expect(pathCost([hedge, bridge], east, foot)).toEqual(near(13));
  });
  it("FNF-GEO-6: a deep stream is crossed only by a bridge or at a ford", () => {
    const deep = line("d", "deepStream", [[5, 0], [5, 20]]);
    expect(pathCost([deep], east, foot)).toBe(Infinity);
    expect(pathCost([deep, line("r", "road", [[-5, 10], [20, 10]])], east, foot)).toEqual(near(10));
    // the ford across it is itself crossed as an obstacle
    expect(pathCost([deep, line("f", "ford", [[5, 9], [5, 11]])], east, foot)).toEqual(near(13));
    // a ford elsewhere on the stream does not help
    expect(pathCost([deep, line("f", "ford", [[5, 1], [5, 3]])], east, foot)).toBe(Infinity);
  });
  it("FNF-MOVE-2: with a budget, a path longer than it costs its length at the cheapest rate, unsampled", () => {
    const lake = [area("l", "lake", 4, 0, 5, 20)];
    expect(pathCost(lake, [p(0, 10), p(20, 10)], foot, 19.9)).toBe(20);
    expect(pathCost(lake, [p(0, 10), p(20, 10)], foot, 20)).toBe(Infinity);
    expect(pathCost(lake, [p(0, 10), p(20, 10)], column, 9.9)).toBe(10);
  });
  it("FNF-MOVE-2: with a budget, pricing stops after the leg that passes it", () => {
    const woods = [area("w", "woods", -1, 0, 30, 20)];
    const legs = [p(0, 10), p(5, 10), p(10, 10)];
    expect(pathCost(woods, legs, foot)).toEqual(near(20));
    expect(pathCost(woods, legs, foot, 9.9)).toEqual(near(10));
    expect(pathCost(woods, legs, foot, 10.1)).toEqual(near(20));
  });
  it("FNF-MAN-5: bad going on a path: any point of it in rough, woods or buildings, ends included", () => {
    const w = [area("w", "woods", 4, 0, 6, 20)];
    expect(pathInBadGoing(w, east)).toBe(true);
    expect(pathInBadGoing(w, [p(0, 10), p(3.9, 10)])).toBe(false);
    expect(pathInBadGoing(w, [p(0, 10), p(4.01, 10)])).toBe(true);
    expect(pathInBadGoing(w, [p(5, 10)])).toBe(true);
    expect(pathInBadGoing(w, [p(3, 10)])).toBe(false);
    expect(pathInBadGoing([area("h", "hill", 4, 0, 6, 20)], east)).toBe(false);
    expect(pathInBadGoing([], [p(5, 10)])).toBe(false);
    expect(inBadGoing(w, p(5, 10))).toBe(true);
    expect(inBadGoing([area("r", "rough", 0, 0, 1, 1), area("b", "buildings", 2, 0, 3, 1)], p(2.5, 0.5))).toBe(true);
  });
});

describe("fnfC: sight lines (FNF-GEO-8)", () => {
  const rect = (x: number, y: number, hw = 1, hd = 0.5) => ({ center: p(x, y), halfWidth: hw, halfDepth: hd, facing: 90 });
  it("FNF-GEO-8: a base blocks a line through its interior, not one grazing its edge", () => {
    expect(lengthThroughRect(p(0, 0), p(10, 0), rect(5, 0))).toBeCloseTo(2 - 0.002, 9);
    expect(lengthThroughRect(p(5, -5), p(5, 5), rect(5, 0))).toBeCloseTo(1 - 0.002, 9);
    expect(lengthThroughRect(p(0, 0.5), p(10, 0.5), rect(5, 0))).toBe(0);
    expect(lengthThroughRect(p(0, 3), p(10, 3), rect(5, 0))).toBe(0);
    expect(lengthThroughRect(p(0, 0), p(4, 0), rect(5, 0))).toBe(0);
    // a line parallel to a side, outside it; a base thinner than the tolerance has no interior
    expect(lengthThroughRect(p(7, -5), p(7, 5), rect(5, 0))).toBe(0);
    expect(lengthThroughRect(p(0, 0), p(10, 0), rect(5, 0, 0.0005, 0.5))).toBe(0);
    expect(lengthThroughRect(p(10, 0), p(0, 0), rect(5, 0))).toBeCloseTo(2 - 0.002, 9);
    expect(lengthThroughRect(p(0, 0), p(5, 0), rect(5, 0))).toBeCloseTo(1 - 0.001, 9);
    expect(sightLineBlocked(p(0, 0), p(10, 0), [], [{ rect: rect(5, 0), elevation: 0 }])).toBe(true);
    expect(sightLineBlocked(p(0, 0), p(10, 0), [], [{ rect: rect(5, 2), elevation: 0 }])).toBe(false);
  });
  it("FNF-GEO-8: a base lower than both ends does not block; one as high as the higher end does", () => {
    const hill = area("h", "hill", -1, -1, 1, 1);
    expect(sightLineBlocked(p(0, 0), p(10, 0), [hill], [{ rect: rect(5, 0), elevation: 0 }])).toBe(false);
    expect(sightLineBlocked(p(0, 0), p(10, 0), [hill], [{ rect: rect(5, 0), elevation: 1 }])).toBe(true);
  });
  it("FNF-GEO-8: more than 2\" of woods or buildings along the line blocks; 2\" does not", () => {
    expect(sightLineBlocked(p(0, 0), p(10, 0), [area("w", "woods", 4, -5, 6, 5)], [])).toBe(false);
    expect(sightLineBlocked(p(0, 0), p(10, 0), [area("w", "woods", 4, -5, 6.01, 5)], [])).toBe(true);
    expect(sightLineBlocked(p(0, 0), p(10, 0), [area("w", "woods", 2, -5, 3.2, 5), area("b", "town", 6, -5, 7, 5)], [])).toBe(true);
    expect(sightLineBlocked(p(0, 0), p(10, 0), [area("r", "rough", 2, -5, 8, 5)], [])).toBe(false);
  });
  it("FNF-GEO-8: a hill higher than both ends between them blocks, sampled along the line in both axes", () => {
    const mound = area("m", "hill", 14, 14, 16, 16);
    expect(sightLineBlocked(p(10, 10), p(20, 20), [mound], [])).toBe(true);
    expect(sightLineBlocked(p(20, 20), p(10, 10), [mound], [])).toBe(true);
    expect(sightLineBlocked(p(10, 10), p(20, 12), [mound], [])).toBe(false);
    // a viewer on a hill of the same level sees over it; a higher hill still blocks
    const perch = area("p", "hill", 9, 9, 11, 11);
    expect(sightLineBlocked(p(10, 10), p(20, 20), [mound, perch], [])).toBe(false);
    expect(sightLineBlocked(p(10, 10), p(20, 20), [area("m2", "hill", 14, 14, 16, 16, { hill: 2 }), perch], [])).toBe(true);
    // a narrow ridge near one end is still found
    expect(sightLineBlocked(p(10, 10), p(20, 20), [area("r", "hill", 10.3, 0, 10.5, 30)], [])).toBe(true);
    expect(sightLineBlocked(p(10, 10), p(20, 20), [area("r", "hill", 19.5, 0, 19.7, 30)], [])).toBe(true);
  });
  it("FNF-GEO-8: a base in contact with the target always sees it; one with no target sees nothing", () => {
    const base = rect(0, 0);
    const wall = [{ rect: rect(0, 1.5, 3, 0.5), elevation: 0 }];
    expect(baseSees(base, [rect(0, 4)], [], wall)).toBe(false);
    expect(baseSees(base, [rect(0, 1)], [], wall)).toBe(true);
    expect(baseSees(base, [], [], [])).toBe(false);
  });
  it("FNF-GEO-8: one clear line is enough: to the nearest point or to any target base's centre", () => {
    const base = rect(0, 0);
    // a blocker hides the nearest point of the first target base (straight ahead) but not the second base's centre
    const target = [rect(0, 6), rect(6, 6)];
    const blocker = [{ rect: rect(0, 3, 1.5, 0.5), elevation: 0 }];
    expect(baseSees(base, target, [], blocker)).toBe(true);
    expect(baseSees(base, [rect(0, 6)], [], blocker)).toBe(false);
  });
});

describe("fnfC: terrain lookups and the command base (FNF-GEO-6, FNF-CMD-4)", () => {
  it("FNF-GEO-6: elevation is the highest hill level containing the point (1 untagged), 0 off hills", () => {
    const t = [area("h1", "hill", 0, 0, 10, 10), area("h3", "hill", 2, 2, 4, 4, { hill: 3 }), area("w", "woods", 0, 0, 20, 20)];
    expect(elevationAt(t, p(1, 1))).toBe(1);
    expect(elevationAt(t, p(3, 3))).toBe(3);
    expect(elevationAt(t, p(15, 15))).toBe(0);
    expect(featuresOf(t, ["hill"]).map((f) => f.id)).toEqual(["h1", "h3"]);
  });
  it("FNF-CMD-4: the command base of a brigade is its command base; of a battery its one base; an empty layout is misuse", () => {
    const bat = layoutOf({ kind: "battery", arm: "artillery", bases: 1, formation: "LINE", skirmishing: false, battery: { type: "FOOT", limbered: false, silenced: false, damaged: false, withdrawn: false }, position: p(10, 10), facing: 90 });
    expect(commandRect(bat)).toEqual(bat.bases[0]?.rect);
    const bde = layoutOf({ kind: "brigade", arm: "infantry", bases: 2, formation: "LINE", skirmishing: false, battery: null, position: p(10, 10), facing: 90 });
    expect(commandRect(bde)).toEqual(bde.bases.find((b) => b.command)?.rect);
    expect(commandRect(bde)).not.toEqual(bde.bases[0]?.rect);
    expect(() => commandRect({ bases: [], footprint: bde.footprint })).toThrow(new FusilladeError("engine/misuse", "fusillade: commandRect of an empty layout"));
    let code = "";
    try {
      commandRect({ bases: [], footprint: bde.footprint });
    } catch (e) {
      code = (e as FusilladeError).code;
    }
    expect(code).toBe("engine/misuse");
  });
});
