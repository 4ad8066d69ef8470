import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { FusilladeError } from "../../src/index.js";
import { moveAway, pricedReach, reachBeyond, type AwayWorld } from "../../src/rules/fnf/geometry/away.js";
import { bottleneckTravel, planFormationChange } from "../../src/rules/fnf/geometry/formationChange.js";
import type { Pricing } from "../../src/rules/fnf/geometry/pricing.js";
import { MOVE_RATES } from "../../src/rules/fnf/tables/maneuver.js";

type Feature = BattleState["terrain"][number];
const area = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number): Feature =>
  ({ id, kind, polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], tags: {} }) as unknown as Feature;
const line = (id: string, kind: string, pts: [number, number][]): Feature => ({ id, kind, polygon: [], polyline: pts.map(([x, y]) => ({ x, y })), tags: {} }) as unknown as Feature;
const rect = (x: number, y: number, hw = 1, hd = 0.5) => ({ center: { x, y }, halfWidth: hw, halfDepth: hd, facing: 90 });
const world = (over: Partial<AwayWorld> = {}): AwayWorld => ({ terrain: [], table: { width: 72, height: 48 }, enemies: [], friends: [], ...over });
const down = { x: 0, y: -1 };
const five = { kind: "fixed", length: 5 } as const;
const foot: Pricing = { rate: MOVE_RATES.infantry, roads: false, roughFree: false };
const column: Pricing = { rate: MOVE_RATES.infantry, roads: true, roughFree: false };
const deg = (d: number) => (d * Math.PI) / 180;

describe("fnfC: moving directly away (FNF-GEO-9, AMB-92)", () => {
  it("FNF-GEO-9: in the open a move away goes its full length straight along the direction", () => {
    expect(moveAway([rect(20, 20)], down, five, world())).toEqual({ offset: { x: 0, y: -5 }, direction: down, distance: 5, stoppedBy: "none", offTable: false });
  });
  it("AMB-92: blocked straight on and at +15°, it turns −15° (the tries go 0, +15, −15, …)", () => {
    // the enemy base sits just right of the straight path
    const r = moveAway([rect(20, 20)], down, five, world({ enemies: [rect(21.5, 16)] }));
    expect(r.stoppedBy).toBe("none");
    expect(r.distance).toBe(5);
    expect(r.direction.x).toBeCloseTo(-Math.sin(deg(15)), 9);
    expect(r.direction.y).toBeCloseTo(-Math.cos(deg(15)), 9);
    // mirrored, it turns +15°
    const m = moveAway([rect(20, 20)], down, five, world({ enemies: [rect(18.5, 16)] }));
    expect(m.direction.x).toBeCloseTo(Math.sin(deg(15)), 9);
    expect(m.direction.y).toBeCloseTo(-Math.cos(deg(15)), 9);
  });
  it("AMB-92: a wall of enemies across the way is skirted at the first angle that clears it (60°, +60 before −60)", () => {
    // the wall's top edge is 3" below the base: 5" at 45° go 3.54" down (blocked), at 60° 2.5" (clear)
    const r = moveAway([rect(20, 20)], down, five, world({ enemies: [rect(20, 16, 30, 0.5)] }));
    expect(r.distance).toBe(5);
    expect(r.direction.x).toBeCloseTo(Math.sin(deg(60)), 9);
    expect(r.direction.y).toBeCloseTo(-Math.cos(deg(60)), 9);
    expect(r.offset.x).toBeCloseTo(5 * Math.sin(deg(60)), 9);
  });
  it("FNF-GEO-9: boxed in by enemies it stops 0.5\" short of the first; by impassable ground the same, told apart", () => {
    const box = [rect(20, 16, 30, 0.5), rect(16.5, 20, 0.5, 10), rect(23.5, 20, 0.5, 10)];
    const e = moveAway([rect(20, 20)], down, five, world({ enemies: box }));
    expect(e.stoppedBy).toBe("enemy");
    // (contact counts from within 0.001")
    expect(e.distance).toBeCloseTo(3 - 0.001 - 0.5, 6);
    expect(e.offset.y).toBeCloseTo(-(3 - 0.001 - 0.5), 6);
    expect(e.direction).toEqual(down);
    const lakes = [area("a", "lake", 0, 15.5, 72, 16.5), area("b", "lake", 16, 15, 17, 35), area("c", "lake", 23, 15, 24, 35)];
    const t = moveAway([rect(20, 20)], down, five, world({ terrain: lakes }));
    expect(t.stoppedBy).toBe("terrain");
    expect(t.distance).toBeCloseTo(2.5, 6);
    // when the block is nearer than 0.5", it does not move at all
    const tight = moveAway([rect(20, 20)], down, five, world({ enemies: [rect(20, 19.2, 30, 0.5), rect(18.2, 20, 0.2, 10), rect(21.8, 20, 0.2, 10)] }));
    expect(tight.distance).toBe(0);
    expect(tight.stoppedBy).toBe("enemy");
  });
  it("FNF-GEO-9: friends are passed through, but a move ending on one goes on until clear of it", () => {
    const r = moveAway([rect(20, 20)], { x: 0, y: -1 }, { kind: "fixed", length: 3 }, world({ friends: [rect(20, 17)] }));
    expect(r.stoppedBy).toBe("none");
    expect(r.distance).toBeCloseTo(4.001, 2);
    expect(r.distance).toBeGreaterThan(4);
    const clear = moveAway([rect(20, 20)], down, { kind: "fixed", length: 3 }, world({ friends: [rect(20, 12)] }));
    expect(clear.distance).toBe(3);
  });
  it("AMB-92: off the table when any corner would cross an edge, on each of the four edges", () => {
    const off = (x: number, y: number, d: { x: number; y: number }) => moveAway([rect(x, y)], d, five, world()).offTable;
    expect([off(20, 5.6, down), off(20, 5.4, down)]).toEqual([false, true]);
    expect([off(6.1, 20, { x: -1, y: 0 }), off(5.9, 20, { x: -1, y: 0 })]).toEqual([false, true]);
    expect([off(65.9, 20, { x: 1, y: 0 }), off(66.1, 20, { x: 1, y: 0 })]).toEqual([false, true]);
    expect([off(20, 42.4, { x: 0, y: 1 }), off(20, 42.6, { x: 0, y: 1 })]).toEqual([false, true]);
  });
  it("FNF-MOVE-2: a priced move away goes as far as the allowance buys: 12\" open, 6\" in woods, 24\" on a road in column", () => {
    expect(pricedReach([rect(20, 30)], down, 12, foot, [])).toBe(12);
    expect(pricedReach([rect(20, 30)], down, 12, foot, [area("w", "woods", 0, 0, 40, 40)])).toBeCloseTo(6, 6);
    expect(pricedReach([rect(20, 30)], down, 12, column, [line("r", "road", [[20, 40], [20, 0]])])).toBe(24);
    expect(pricedReach([rect(20, 30)], down, 12, column, [])).toBeCloseTo(12, 6);
    const r = moveAway([rect(20, 30)], down, { kind: "priced", allowance: 12, pricing: foot }, world());
    expect(r.distance).toBe(12);
  });
  it("FNF-GEO-9: beyond a range: the shortest move leaving every base more than the range away, capped", () => {
    const from = [rect(20, 22)];
    // 1" apart now: 3" more (and a hair) puts them more than 4" apart
    expect(reachBeyond([rect(20, 20)], down, from, 4, 500)).toBeCloseTo(3 + 0.001, 6);
    expect(reachBeyond([rect(20, 20)], down, from, 0.5, 500)).toBe(0);
    expect(reachBeyond([rect(20, 20)], down, from, 4, 2)).toBe(2);
    expect(reachBeyond([rect(20, 20)], down, from, 4, 3.05)).toBeCloseTo(3.001, 6);
    const r = moveAway([rect(20, 20)], down, { kind: "beyond", from, range: 4, max: null }, world());
    expect(r.distance).toBeCloseTo(3.001, 6);
    const capped = moveAway([rect(20, 20)], down, { kind: "beyond", from, range: 4, max: 1.5 }, world());
    expect(capped.distance).toBe(1.5);
  });
});

describe("fnfC: base travel of a formation change (FNF-GEO-2a, FNF-FORM-3)", () => {
  it("FNF-GEO-2a: the least longest travel pairs bases to the nearest places one to one", () => {
    const a = [{ x: 0, y: 0 }, { x: 10, y: 0 }];
    expect(bottleneckTravel(a, [{ x: 10, y: 1 }, { x: 0, y: 1 }])).toBe(1);
    expect(bottleneckTravel(a, [{ x: 0, y: 2 }, { x: 13, y: 4 }])).toBe(5);
    expect(bottleneckTravel([], [])).toBe(0);
    expect(bottleneckTravel([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }], [{ x: 2, y: 0 }, { x: 0, y: 0 }, { x: 1, y: 0 }])).toBe(0);
    expect(() => bottleneckTravel(a, [{ x: 0, y: 0 }])).toThrow(new FusilladeError("engine/misuse", "fusillade: bottleneckTravel needs as many places as bases"));
  });
  it("FNF-GEO-2a: a change keeps P; the command base goes to the command slot; the travel is the longest base move", () => {
    const u = { kind: "brigade", arm: "infantry", bases: 2, formation: "LINE", skirmishing: false, battery: null, position: { x: 20, y: 20 }, facing: 90 } as const;
    const W = 40 / 25.4;
    const D = 30 / 25.4;
    expect(planFormationChange(u, { ...u, position: { x: 50, y: 50 } }).travel).toBe(0);
    const col = planFormationChange(u, { ...u, formation: "COLUMN_OF_ROUTE" });
    expect(col.layout.bases[0]?.rect.center.x).toBeCloseTo(20, 9);
    // LINE: bases at x −W, 0 (command +W); column: command at the front, then two behind. The command base moves W
    // sideways; the others pair off to the column's 2nd and 3rd ranks, the best pairing's longer move being 2D
    // (the centre base to the 3rd rank; the other pairing would make hypot(W, 2D)).
    expect(col.travel).toBeCloseTo(2 * D, 9);
    expect(col.travel).toBeGreaterThan(W);
  });
});
