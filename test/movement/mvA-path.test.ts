/**
 * Path measurement and placement (src/rules/whn/movement/path.ts) pinned by exact outcomes: the end
 * frame, cost, wheel, turns and samples of forward moves, wheels and turns (CORE-GEO-18, CORE-MOVE-1),
 * wheel surcharges (CORE-MOVE-5), the clear-path shortcut and its quick form, and every refusal of
 * the placement check with its details (CORE-MOVE-4, CORE-MOVE-5, CORE-GEO-2).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { checkPlacement, clearPathEnd, inImpassable, measurePath, pathLengths, quickPath, type Leg } from "../../src/rules/whn/movement/path.js";
import { isOwned } from "../../src/engine/owned.js";
import { battleOf, fr, gb, patch, unitOf } from "../fixtures/movement.js";
import { gun } from "../fixtures/artillery.js";
import { COL_D, COL_W, centreOf, feature, rectAt, withTerrain } from "../fixtures/mvA.js";

const close = (v: number) => expect.closeTo(v, 9);
const RAD = Math.PI / 180;

/** The French column fr-1 alone on the table (a British line far off), front-edge centre (36, 20), facing north. */
function lone(x = 36, y = 20, facing = 90): BattleState {
  return battleOf([fr("fr-1", x, y, { facing }), gb("gb-1", 60, 46)]);
}

describe("mvA: measurePath, straight moves and turns (CORE-GEO-18, CORE-MOVE-1)", () => {
  it("CORE-GEO-18: a 3\" forward move ends 3\" ahead, costs 3, and is sampled every 0.25\" up to its end", () => {
    const s = lone();
    const p = measurePath(s, unitOf(s, "fr-1"), [{ kind: "forward", distance: 3 }], 4, 4);
    expect(p.end).toEqual({ p: { x: 36, y: 23 }, facing: 90 });
    expect([p.cost, p.wheel, p.turns, p.surcharge, p.entersImpassable]).toEqual([3, 0, 0, 0, false]);
    expect(p.samples.length).toBe(12);
    p.samples.forEach((fp, i) => {
      expect(fp.length).toBe(1);
      expect(fp[0]).toEqual({ center: { x: close(36), y: close(20 + 0.25 * (i + 1) - COL_D / 2) }, halfWidth: COL_W / 2, halfDepth: COL_D / 2, facing: 90 });
    });
  });

  it("CORE-GEO-18: a forward move shorter than a sampling step still has one sample, its end", () => {
    const s = lone();
    const u = unitOf(s, "fr-1");
    for (const d of [0, 0.1, 0.25]) {
      const p = measurePath(s, u, [{ kind: "forward", distance: d }], 4, 4);
      expect(p.samples.length).toBe(1);
      expect(centreOf(p.samples[0]!)).toEqual({ x: close(36), y: close(20 + d - COL_D / 2) });
    }
    expect(measurePath(s, u, [{ kind: "forward", distance: 0.26 }], 4, 4).samples.length).toBe(2);
  });

  it("CORE-GEO-18: a forward move east and one west end along their facings", () => {
    const east = lone(30, 20, 0);
    const pe = measurePath(east, unitOf(east, "fr-1"), [{ kind: "forward", distance: 2.5 }], 4, 4);
    expect(pe.end.p).toEqual({ x: close(32.5), y: close(20) });
    expect(centreOf(pe.samples[9]!)).toEqual({ x: close(32.5 - COL_D / 2), y: close(20) });
    const west = lone(30, 20, 180);
    const pw = measurePath(west, unitOf(west, "fr-1"), [{ kind: "forward", distance: 1 }], 4, 4);
    expect(pw.end.p).toEqual({ x: close(29), y: close(20) });
    expect(centreOf(pw.samples[3]!)).toEqual({ x: close(29 + COL_D / 2), y: close(20) });
  });

  it("CORE-MOVE-1: turning about costs a quarter of the rate and turns the unit about its centre", () => {
    const s = lone();
    const u = unitOf(s, "fr-1");
    const about = measurePath(s, u, [{ kind: "turn", degrees: 180 }], 4, 4);
    expect(about.end).toEqual({ p: { x: close(36), y: close(20 - COL_D) }, facing: 270 });
    expect([about.cost, about.wheel, about.turns, about.surcharge]).toEqual([1, 0, 1, 0]);
    expect(about.samples).toEqual([[{ center: { x: close(36), y: close(20 - COL_D / 2) }, halfWidth: COL_W / 2, halfDepth: COL_D / 2, facing: 270 }]]);
    const left = measurePath(s, u, [{ kind: "turn", degrees: 90 }], 6, 6);
    expect(left.end).toEqual({ p: { x: close(36 - COL_D / 2), y: close(20 - COL_D / 2) }, facing: 180 });
    expect(left.cost).toBe(1.5);
    const right = measurePath(s, u, [{ kind: "turn", degrees: -90 }], 8, 8);
    expect(right.end).toEqual({ p: { x: close(36 + COL_D / 2), y: close(20 - COL_D / 2) }, facing: 0 });
    expect(right.cost).toBe(2);
    const twice = measurePath(s, u, [{ kind: "turn", degrees: 90 }, { kind: "turn", degrees: 90 }], 4, 4);
    expect([twice.cost, twice.turns, twice.end.facing]).toEqual([2, 2, 270]);
    expect(twice.samples.length).toBe(2);
  });
});

describe("mvA: measurePath, wheels (CORE-GEO-18)", () => {
  it("CORE-GEO-18: a 90° wheel on the left front corner ends facing west, costs the arc of the other corner, sampled every 2°", () => {
    const s = lone();
    const p = measurePath(s, unitOf(s, "fr-1"), [{ kind: "wheel", degrees: 90, pivot: "left" }], 4, 4);
    const pivot = { x: 36 - COL_W / 2, y: 20 };
    expect(p.end).toEqual({ p: { x: close(pivot.x), y: close(20 + COL_W / 2) }, facing: 180 });
    expect(p.cost).toBeCloseTo((Math.PI / 2) * COL_W, 12);
    expect([p.wheel, p.turns, p.surcharge, p.entersImpassable]).toEqual([90, 0, 0, false]);
    expect(p.samples.length).toBe(45);
    p.samples.forEach((fp, i) => {
      const a = 2 * (i + 1);
      // The front centre turned a° about the pivot, then half the depth back along the new facing.
      const fx = pivot.x + (COL_W / 2) * Math.cos(a * RAD);
      const fy = pivot.y + (COL_W / 2) * Math.sin(a * RAD);
      expect(fp[0]).toEqual({ center: { x: close(fx - Math.cos((90 + a) * RAD) * (COL_D / 2)), y: close(fy - Math.sin((90 + a) * RAD) * (COL_D / 2)) }, halfWidth: COL_W / 2, halfDepth: COL_D / 2, facing: close(90 + a) });
    });
  });

  it("CORE-GEO-18: a 30° wheel on the right front corner turns clockwise about that corner", () => {
    const s = lone();
    const p = measurePath(s, unitOf(s, "fr-1"), [{ kind: "wheel", degrees: 30, pivot: "right" }], 4, 4);
    const pivot = { x: 36 + COL_W / 2, y: 20 };
    const end = { x: pivot.x - (COL_W / 2) * Math.cos(30 * RAD), y: pivot.y + (COL_W / 2) * Math.sin(30 * RAD) };
    expect(p.end).toEqual({ p: { x: close(end.x), y: close(end.y) }, facing: 60 });
    expect(p.cost).toBeCloseTo((Math.PI / 6) * COL_W, 12);
    expect(p.wheel).toBe(30);
    expect(p.samples.length).toBe(15);
    expect(p.samples[14]![0]).toEqual({ center: { x: close(end.x - Math.cos(60 * RAD) * (COL_D / 2)), y: close(end.y - Math.sin(60 * RAD) * (COL_D / 2)) }, halfWidth: COL_W / 2, halfDepth: COL_D / 2, facing: close(60) });
    const first = { x: pivot.x - (COL_W / 2) * Math.cos(2 * RAD), y: pivot.y + (COL_W / 2) * Math.sin(2 * RAD) };
    expect(centreOf(p.samples[0]!)).toEqual({ x: close(first.x - Math.cos(88 * RAD) * (COL_D / 2)), y: close(first.y - Math.sin(88 * RAD) * (COL_D / 2)) });
  });

  it("CORE-GEO-18: a wheel of 1° has one sample; of 3°, two", () => {
    const s = lone();
    const u = unitOf(s, "fr-1");
    expect(measurePath(s, u, [{ kind: "wheel", degrees: 1, pivot: "left" }], 4, 4).samples.length).toBe(1);
    expect(measurePath(s, u, [{ kind: "wheel", degrees: 3, pivot: "left" }], 4, 4).samples.length).toBe(2);
  });

  it("CORE-GEO-18, CORE-MOVE-1: legs add up: 2\" forward, a 30° wheel, an about turn", () => {
    const s = lone();
    const legs: Leg[] = [{ kind: "forward", distance: 2 }, { kind: "wheel", degrees: 30, pivot: "left" }, { kind: "turn", degrees: 180 }];
    const p = measurePath(s, unitOf(s, "fr-1"), legs, 4, 4);
    expect(p.cost).toBeCloseTo(2 + (Math.PI / 6) * COL_W + 1, 12);
    expect([p.wheel, p.turns, p.samples.length]).toEqual([30, 1, 8 + 15 + 1]);
    expect(p.end.facing).toBe(300);
    const lengths = pathLengths(unitOf(s, "fr-1"), legs, 4);
    expect(lengths).toEqual({ cost: p.cost, wheel: 30 });
    expect(pathLengths(unitOf(s, "fr-1"), [{ kind: "wheel", degrees: 20, pivot: "right" }, { kind: "wheel", degrees: 25, pivot: "left" }, { kind: "turn", degrees: -90 }], 6)).toEqual({ cost: close((45 * Math.PI * COL_W) / 180 + 1.5), wheel: 45 });
  });
});

describe("mvA: wheel surcharges (CORE-MOVE-5)", () => {
  const leg: Leg[] = [{ kind: "wheel", degrees: 2, pivot: "left" }];
  const arc = (2 * Math.PI * COL_W) / 180;
  const measured = (terrain: ReturnType<typeof feature>[], broad = true) => {
    const s = withTerrain(lone(), terrain);
    return measurePath(s, unitOf(s, "fr-1"), leg, 4, 4, broad);
  };

  it("CORE-MOVE-5: a wheel inside difficult ground pays its arc again, inside very difficult three times more", () => {
    expect(measured([feature("w", 0, 0, 72, 48, { difficult: true })]).surcharge).toBeCloseTo(arc, 12);
    expect(measured([feature("w", 0, 0, 72, 48, { veryDifficult: true })]).surcharge).toBeCloseTo(3 * arc, 12);
    expect(measured([feature("w", 0, 0, 72, 48, { veryDifficult: true, difficult: true })]).surcharge).toBeCloseTo(3 * arc, 12);
    const both = measured([feature("w", 0, 0, 72, 48, { difficult: true }), feature("v", 0, 0, 72, 48, { veryDifficult: true })]);
    expect(both.surcharge).toBeCloseTo(3 * arc, 12);
    expect(both.cost).toBeCloseTo(4 * arc, 12);
    expect(both.entersImpassable).toBe(false);
  });

  it("CORE-MOVE-5: plain-tagged ground costs nothing; ground the wheel stays clear of costs nothing", () => {
    expect(measured([feature("f", 0, 0, 72, 48, {})]).surcharge).toBe(0);
    expect(measured([feature("w", 0, 0, 33, 48, { difficult: true })]).surcharge).toBe(0);
    expect(measured([feature("w", 0, 21, 72, 48, { difficult: true })]).surcharge).toBe(0);
  });

  it("CORE-MOVE-5: the whole unit pays as soon as any part is in: ground touching only its west, east, south or north part", () => {
    // The column spans x 34.43–37.57 and y 15.28–20; a 2° wheel on the left corner lifts its right front corner ~0.11".
    for (const w of [feature("W", 0, 0, 35, 48, { difficult: true }), feature("E", 37, 0, 72, 48, { difficult: true }), feature("S", 0, 0, 72, 15.5, { difficult: true }), feature("N", 20, 20.03, 72, 48, { difficult: true })]) {
      expect(measured([w]).surcharge).toBeCloseTo(arc, 12);
      expect(measured([w], false).surcharge).toBeCloseTo(arc, 12);
    }
  });

  it("CORE-MOVE-5: a wheel into impassable ground is flagged; ground only touched at its edge is not entered", () => {
    const rock = measured([feature("r", 0, 0, 35, 48, { impassable: true })]);
    expect([rock.entersImpassable, rock.surcharge]).toEqual([true, 0]);
    const edge = measured([feature("r", 0, 0, 36 - COL_W / 2, 48, { impassable: true })]);
    expect(edge.entersImpassable).toBe(false);
    const apart = measured([feature("r", 0, 0, 34, 48, { impassable: true })]);
    expect(apart.entersImpassable).toBe(false);
  });

  it("CORE-MOVE-5: a long forward move into a wood far ahead pays for the inches inside it", () => {
    const s = withTerrain(lone(36, 10), [feature("w", 0, 20, 72, 40, { difficult: true })]);
    const p = measurePath(s, unitOf(s, "fr-1"), [{ kind: "forward", distance: 12 }], 4, 4);
    expect(p.surcharge).toBeCloseTo(2, 9);
    expect(p.cost).toBeCloseTo(14, 9);
    const q = quickPath(s, unitOf(s, "fr-1"), [{ kind: "forward", distance: 12 }], 4, 4);
    expect(q).toEqual({ end: p.end, cost: p.cost, wheel: 0, entersImpassable: false, clear: true });
  });

  it("CORE-MOVE-5: inImpassable counts a base inside, not one touching", () => {
    const t = [feature("r", 10, 10, 20, 20, { impassable: true }), feature("w", 30, 10, 40, 20, { difficult: true })];
    expect(inImpassable(rectAt(15, 10.5, 90, 2, 2), t)).toBe(true);
    expect(inImpassable(rectAt(15, 10, 90, 2, 2), t)).toBe(false);
    expect(inImpassable(rectAt(35, 15, 90, 2, 2), t)).toBe(false);
  });
});

describe("mvA: clearPathEnd, the shortcut for certainly clear paths", () => {
  const fwd = (d: number): Leg[] => [{ kind: "forward", distance: d }];
  const endOf = (s: BattleState, legs: Leg[]) => measurePath(s, unitOf(s, "fr-1"), legs, 4, 4).end;

  it("CORE-MOVE-4: mid-table, far from every unit, a forward move, a wheel and a turn end where they are measured to end", () => {
    const s = lone();
    for (const legs of [fwd(3), [{ kind: "wheel", degrees: 45, pivot: "right" }], [{ kind: "wheel", degrees: 45, pivot: "left" }], [{ kind: "turn", degrees: 180 }], [...fwd(1), { kind: "wheel", degrees: 10, pivot: "left" }, { kind: "turn", degrees: -90 }]] as Leg[][]) {
      expect(clearPathEnd(s, unitOf(s, "fr-1"), legs)).toEqual(endOf(s, legs));
    }
  });

  it("CORE-MOVE-5: no answer on a table with terrain", () => {
    const s = withTerrain(lone(), [feature("w", 60, 40, 70, 46, { difficult: true })]);
    expect(clearPathEnd(s, unitOf(s, "fr-1"), fwd(1))).toBeNull();
  });

  it("CORE-GEO-2: a forward move that ends 2\" from the north edge is clear; one that ends 0.3\" from it is not certain", () => {
    const s = lone(36, 40);
    expect(clearPathEnd(s, unitOf(s, "fr-1"), fwd(6))).toEqual(endOf(s, fwd(6)));
    expect(clearPathEnd(s, unitOf(s, "fr-1"), fwd(7.7))).toBeNull();
  });

  it("CORE-GEO-2: near each of the four edges the answer is withheld; a step in from it, given", () => {
    // The turn's circle: centre of the column, radius its half diagonal (2.839").
    const half = Math.hypot(COL_W / 2, COL_D / 2);
    const turn: Leg[] = [{ kind: "turn", degrees: 180 }];
    const cases: [number, number, boolean][] = [
      [half + 0.01, 30, true],
      [half - 0.01, 30, false],
      [72 - half - 0.01, 30, true],
      [72 - half + 0.01, 30, false],
    ];
    for (const [x, y, ok] of cases) {
      const s = lone(x, y);
      expect(clearPathEnd(s, unitOf(s, "fr-1"), turn)).toEqual(ok ? endOf(s, turn) : null);
    }
    // South and north: the centre is half the depth behind the front edge.
    for (const [y, ok] of [[COL_D / 2 + half + 0.01, true], [COL_D / 2 + half - 0.01, false], [48 + COL_D / 2 - half - 0.01, true], [48 + COL_D / 2 - half + 0.01, false]] as [number, boolean][]) {
      const s = lone(36, y);
      expect(clearPathEnd(s, unitOf(s, "fr-1"), turn)).toEqual(ok ? endOf(s, turn) : null);
    }
  });

  it("CORE-GEO-18: a wheel's circle is about its own pivot: a right wheel beside the west edge and a left wheel beside the east edge are clear", () => {
    // The far rear corner swings hypot(W, D) from the pivot; the pivot 0.2" more than that from the edge.
    const far = Math.hypot(COL_W, COL_D);
    const right: Leg[] = [{ kind: "wheel", degrees: 20, pivot: "right" }];
    const w = lone(far + 0.2 - COL_W / 2, 24);
    expect(clearPathEnd(w, unitOf(w, "fr-1"), right)).toEqual(endOf(w, right));
    const left: Leg[] = [{ kind: "wheel", degrees: 20, pivot: "left" }];
    const e = lone(72 - far - 0.2 + COL_W / 2, 24);
    expect(clearPathEnd(e, unitOf(e, "fr-1"), left)).toEqual(endOf(e, left));
    // The same wheels the other way round have their pivot on the near side: not certain.
    expect(clearPathEnd(w, unitOf(w, "fr-1"), left)).toBeNull();
    expect(clearPathEnd(e, unitOf(e, "fr-1"), right)).toBeNull();
  });

  it("CORE-MOVE-4: another unit near the path withholds the answer (a friend too); the unit itself never does", () => {
    const friend = battleOf([fr("fr-1", 36, 20), fr("fr-2", 41, 24), gb("gb-1", 60, 46)]);
    expect(clearPathEnd(friend, unitOf(friend, "fr-1"), fwd(3))).toBeNull();
    const enemy = battleOf([fr("fr-1", 36, 20), gb("gb-1", 36, 26)]);
    expect(clearPathEnd(enemy, unitOf(enemy, "fr-1"), fwd(3))).toBeNull();
    const apart = battleOf([fr("fr-1", 36, 20), gb("gb-1", 36, 32)]);
    expect(clearPathEnd(apart, unitOf(apart, "fr-1"), fwd(3))).toEqual(endOf(apart, fwd(3)));
  });
});

describe("mvA: quickPath", () => {
  it("CORE-MOVE-4: the same end, cost and wheel as measurePath; clear only with nothing near, on the table", () => {
    const legs: Leg[] = [{ kind: "forward", distance: 2 }, { kind: "wheel", degrees: 30, pivot: "right" }, { kind: "turn", degrees: 90 }];
    const s = lone();
    const p = measurePath(s, unitOf(s, "fr-1"), legs, 4, 4);
    expect(quickPath(s, unitOf(s, "fr-1"), legs, 4, 4)).toEqual({ end: p.end, cost: p.cost, wheel: 30, entersImpassable: false, clear: true });
    const near = battleOf([fr("fr-1", 36, 20), gb("gb-1", 36, 25.5)]);
    expect(quickPath(near, unitOf(near, "fr-1"), [{ kind: "forward", distance: 3 }], 4, 4)?.clear).toBe(false);
    const edge = lone(36, 46);
    expect(quickPath(edge, unitOf(edge, "fr-1"), [{ kind: "forward", distance: 1.9 }], 4, 4)?.clear).toBe(false);
    expect(quickPath(edge, unitOf(edge, "fr-1"), [{ kind: "forward", distance: 1.5 }], 4, 4)?.clear).toBe(true);
    const rock = withTerrain(lone(), [feature("r", 30, 24, 40, 27, { impassable: true })]);
    const q = quickPath(rock, unitOf(rock, "fr-1"), [{ kind: "forward", distance: 3 }], 4, 4);
    expect(q?.clear).toBe(false);
    expect(q?.entersImpassable).toBe(false);
    const into = quickPath(rock, unitOf(rock, "fr-1"), [{ kind: "forward", distance: 6 }], 4, 4);
    expect(into?.entersImpassable).toBe(true);
  });

  it("CORE-MOVE-4: a wheel's samples give the circle: a unit within 1\" of the swept corner makes it unclear, one beyond stays clear", () => {
    // A right wheel of 90° from facing north sweeps the column round to face east about (37.57, 20).
    const legs: Leg[] = [{ kind: "wheel", degrees: 90, pivot: "right" }];
    const s = lone();
    const base = quickPath(s, unitOf(s, "fr-1"), legs, 4, 4);
    expect(base?.clear).toBe(true);
    expect(base?.end).toEqual(measurePath(s, unitOf(s, "fr-1"), legs, 4, 4).end);
  });
});

describe("mvA: checkPlacement refusals (CORE-MOVE-4, CORE-MOVE-5, CORE-GEO-2)", () => {
  // fr-1's column: front edge at y = 20, x 34.43–37.57; gb-1's line (facing south) front edge at y = 23.
  const scene = (gy = 23, extra: Parameters<typeof battleOf>[0] = []) => battleOf([fr("fr-1", 36, 20), gb("gb-1", 36, gy), ...extra]);
  const along = (s: BattleState, d: number) => measurePath(s, unitOf(s, "fr-1"), [{ kind: "forward", distance: d }], 4, 4).samples;

  it("CORE-MOVE-4: a move ending 1.01\" from an enemy is placed; 0.99\" is refused with the distance", () => {
    const s = scene();
    expect(checkPlacement(s, unitOf(s, "fr-1"), along(s, 1.99))).toBeNull();
    expect(checkPlacement(s, unitOf(s, "fr-1"), along(s, 2.01))).toEqual({ unit: "fr-1", enemy: "gb-1", distance: close(0.99), code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
  });

  it("CORE-MOVE-4: a unit already within 1\" may stay as close or draw off, not come closer", () => {
    const s = scene(20.8);
    const u = unitOf(s, "fr-1");
    expect(checkPlacement(s, u, [rectAt(36, 20, 90, COL_W, COL_D)])).toBeNull();
    expect(checkPlacement(s, u, [rectAt(36, 19.9, 90, COL_W, COL_D)])).toBeNull();
    expect(checkPlacement(s, u, [rectAt(36, 20.1, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", enemy: "gb-1", distance: close(0.7), code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
  });

  it("CORE-MOVE-4: through or onto a unit is refused naming it, friend or enemy; near a friend is fine", () => {
    const s = scene(23, [fr("fr-2", 42, 22)]);
    const u = unitOf(s, "fr-1");
    expect(checkPlacement(s, u, [rectAt(36, 23.5, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", other: "gb-1", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(checkPlacement(s, u, [rectAt(39, 20, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", other: "fr-2", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    // 0.28" from fr-2's west side: a friend may be that close.
    expect(checkPlacement(s, u, [rectAt(37, 20, 90, COL_W, COL_D)])).toBeNull();
  });

  it("CORE-MOVE-4: charging (allowNearEnemy) may come near but not through; an ignored unit may be overlapped", () => {
    const s = scene();
    const u = unitOf(s, "fr-1");
    expect(checkPlacement(s, u, along(s, 2.8), { allowNearEnemy: true })).toBeNull();
    expect(checkPlacement(s, u, along(s, 3.5), { allowNearEnemy: true })).toEqual({ unit: "fr-1", other: "gb-1", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(checkPlacement(s, u, along(s, 3.5), { ignore: new Set(["gb-1" as never]) })).toBeNull();
    expect(checkPlacement(s, u, along(s, 2.8), { ignore: new Set(["fr-9" as never]) })).toEqual({ unit: "fr-1", enemy: "gb-1", distance: close(0.9), code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
  });

  it("CORE-GEO-2: a front edge on the table edge is placed; 0.01\" past it is off the table, on each edge", () => {
    const north = lone(36, 40);
    const u = unitOf(north, "fr-1");
    expect(checkPlacement(north, u, [rectAt(36, 48, 90, COL_W, COL_D)])).toBeNull();
    expect(checkPlacement(north, u, [rectAt(36, 48.01, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
    expect(checkPlacement(north, u, [rectAt(COL_W / 2 - 0.01, 30, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
    expect(checkPlacement(north, u, [rectAt(COL_W / 2, 30, 90, COL_W, COL_D)])).toBeNull();
    expect(checkPlacement(north, u, [rectAt(72 - COL_W / 2 + 0.01, 30, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
    expect(checkPlacement(north, u, [rectAt(72 - COL_W / 2, 30, 90, COL_W, COL_D)])).toBeNull();
    expect(checkPlacement(north, u, [rectAt(20, COL_D - 0.01, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
    expect(checkPlacement(north, u, [rectAt(20, COL_D, 90, COL_W, COL_D)])).toBeNull();
  });

  it("CORE-MOVE-5: a sample inside impassable ground is refused; the samples are checked in order", () => {
    const s = withTerrain(lone(), [feature("r", 30, 24, 40, 30, { impassable: true })]);
    const u = unitOf(s, "fr-1");
    expect(checkPlacement(s, u, along(s, 3.9))).toBeNull();
    expect(checkPlacement(s, u, along(s, 4.1))).toEqual({ unit: "fr-1", code: "movement/impassable", rule: "CORE-MOVE-5" });
    // Off the table first, then the rock: the first failing sample decides.
    expect(checkPlacement(s, u, [rectAt(36, 48.5, 90, COL_W, COL_D), rectAt(36, 25, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
    expect(checkPlacement(s, u, [rectAt(36, 25, 90, COL_W, COL_D), rectAt(36, 48.5, 90, COL_W, COL_D)])).toEqual({ unit: "fr-1", code: "movement/impassable", rule: "CORE-MOVE-5" });
  });

  it("CORE-MOVE-4: the units kept for an engine-built state are those of that state, not of the last one asked about", () => {
    const far = scene(40);
    const near = scene(23);
    expect([isOwned(far), isOwned(near)]).toEqual([true, true]);
    const samples = along(far, 2.5);
    expect(checkPlacement(far, unitOf(far, "fr-1"), samples)).toBeNull();
    // The first sample within 1" decides: 2" forward, exactly 1" off.
    expect(checkPlacement(near, unitOf(near, "fr-1"), samples)).toEqual({ unit: "fr-1", enemy: "gb-1", distance: 1, code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
    expect(checkPlacement(far, unitOf(far, "fr-1"), samples)).toBeNull();
    // The same for impassable features: two engine-built states with different terrain.
    const rocky = battleOf([fr("fr-1", 36, 20), gb("gb-1", 60, 46)], { terrain: [feature("r", 30, 21, 40, 24, { impassable: true })] } as never);
    const open = battleOf([fr("fr-1", 36, 20), gb("gb-1", 60, 46)], { terrain: [feature("r", 60, 2, 70, 4, { impassable: true })] } as never);
    expect([isOwned(rocky), isOwned(open)]).toEqual([true, true]);
    expect(checkPlacement(rocky, unitOf(rocky, "fr-1"), samples)).toEqual({ unit: "fr-1", code: "movement/impassable", rule: "CORE-MOVE-5" });
    expect(checkPlacement(open, unitOf(open, "fr-1"), samples)).toBeNull();
    expect(checkPlacement(rocky, unitOf(rocky, "fr-1"), samples)).toEqual({ unit: "fr-1", code: "movement/impassable", rule: "CORE-MOVE-5" });
  });
});

describe("mvA: measurePath for a loose unit (extended order)", () => {
  const skirmish = () => {
    const x = fr("fr-1", 31, 11.5, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 3, startingFigures: 3, files: 3, command: {}, models: [0, 1, 2].map((i) => ({ x: 31 + i * 2, y: 11.5 - FOOT_HALF, facing: 90 })) });
    return battleOf([x, gb("gb-1", 60, 44)]);
  };
  const FOOT_HALF = COL_W / 8;

  // Play never measures a loose unit's path (move and march refuse a free mover, moves.ts); these
  // cases hold the counts and costs only. The samples there are the models where they stand (the
  // loose layout does not follow the frame), which nothing checks against.
  it("CORE-GEO-18: a loose unit's forward path is sampled every 0.25\" with every model's base, and ends 1\" on", () => {
    const s = skirmish();
    const u = unitOf(s, "fr-1");
    const p = measurePath(s, u, [{ kind: "forward", distance: 1 }], 4, 4);
    expect(p.samples.map((fp) => fp.length)).toEqual([3, 3, 3, 3]);
    expect([p.cost, p.end.p.x, p.end.p.y]).toEqual([1, u.position.x, close(u.position.y + 1)]);
  });

  it("CORE-GEO-18, CORE-MOVE-5: a loose unit's wheel is sampled every 2° with all its bases, and pays difficult ground", () => {
    const s = skirmish();
    const u = unitOf(s, "fr-1");
    const p = measurePath(s, u, [{ kind: "wheel", degrees: 4, pivot: "left" }], 4, 4);
    expect(p.samples.length).toBe(2);
    expect(p.samples.every((fp) => fp.length === 3)).toBe(true);
    const wood = withTerrain(s, [feature("w", 0, 0, 72, 48, { difficult: true })]);
    const q = measurePath(wood, unitOf(wood, "fr-1"), [{ kind: "wheel", degrees: 4, pivot: "left" }], 4, 4);
    expect(q.surcharge).toBeCloseTo(p.cost, 12);
    expect(q.cost).toBeCloseTo(2 * p.cost, 12);
    const rock = withTerrain(s, [feature("r", 0, 0, 72, 48, { impassable: true })]);
    expect(measurePath(rock, unitOf(rock, "fr-1"), [{ kind: "wheel", degrees: 4, pivot: "left" }], 4, 4).entersImpassable).toBe(true);
    expect(quickPath(s, u, [{ kind: "forward", distance: 1 }], 4, 4)).toBeNull();
    expect(clearPathEnd(s, u, [{ kind: "forward", distance: 1 }])).toBeNull();
  });
});

describe("mvA: more path cases (half steps, margins, loose samples, left guns)", () => {
  it("CORE-MOVE-5: a wheel of five 2° steps in very difficult ground pays three times its arc", () => {
    const s = withTerrain(lone(), [feature("v", 0, 0, 72, 48, { veryDifficult: true })]);
    const p = measurePath(s, unitOf(s, "fr-1"), [{ kind: "wheel", degrees: 10, pivot: "right" }], 4, 4);
    expect(p.surcharge).toBeCloseTo((3 * 10 * Math.PI * COL_W) / 180, 12);
    expect(p.samples.length).toBe(5);
  });

  it("CORE-MOVE-5, CORE-GEO-18: ground is judged half way through each 2° step: a strip the rear corner only grazes at 1° is paid for", () => {
    // Wheeling left on the front-left corner, the rear-left corner rises from y 15.2756: 15.2763 at 1°, 15.2821 at 3°.
    const s = withTerrain(lone(), [feature("S", 0, 0, 72, 15.279, { difficult: true })]);
    const p = measurePath(s, unitOf(s, "fr-1"), [{ kind: "wheel", degrees: 2, pivot: "left" }], 4, 4);
    expect(p.surcharge).toBeCloseTo((2 * Math.PI * COL_W) / 180, 12);
    // A strip 0.004" lower is clear of the rear corner all the way.
    const low = withTerrain(lone(), [feature("S", 0, 0, 72, 15.272, { difficult: true })]);
    expect(measurePath(low, unitOf(low, "fr-1"), [{ kind: "wheel", degrees: 2, pivot: "left" }], 4, 4).surcharge).toBe(0);
  });

  it("CORE-MOVE-4: clearPathEnd keeps 1\" between the forward leg's circle and another unit's", () => {
    // Forward 3": the circle round the centres (y 17.64 to 20.64) reaches y = 19.14 + 1.5 + 2.839.
    const top = 20 + 1.5 - COL_D / 2 + 1.5 + Math.hypot(COL_W / 2, COL_D / 2);
    const lineHalf = { w: 12 * (20 / 25.4) / 2, d: 2 * (20 / 25.4) / 2 };
    const lineR = Math.hypot(lineHalf.w, lineHalf.d);
    const at = (gap: number) => battleOf([fr("fr-1", 36, 20), gb("gb-1", 36, top + gap + lineR - lineHalf.d)]);
    const fwd: Leg[] = [{ kind: "forward", distance: 3 }];
    const near = at(0.99);
    expect(clearPathEnd(near, unitOf(near, "fr-1"), fwd)).toBeNull();
    const far = at(1.01);
    expect(clearPathEnd(far, unitOf(far, "fr-1"), fwd)).toEqual(measurePath(far, unitOf(far, "fr-1"), fwd, 4, 4).end);
  });

  it("CORE-MOVE-4, CORE-GEO-2: samples of several bases are checked against units and the table like one-base samples", () => {
    const s = battleOf([fr("fr-1", 36, 20), gb("gb-1", 50, 23)]);
    const u = unitOf(s, "fr-1");
    const two = (x: number, y: number) => [...rectAt(x, y, 90, 0.8, 0.8), ...rectAt(x + 2, y, 90, 0.8, 0.8)];
    expect(checkPlacement(s, u, [two(30, 20)])).toBeNull();
    expect(checkPlacement(s, u, [two(47, 24)])).toEqual({ unit: "fr-1", other: "gb-1", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(checkPlacement(s, u, [two(47, 22.5)])).toEqual({ unit: "fr-1", enemy: "gb-1", distance: close(0.5), code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
    expect(checkPlacement(s, u, [two(70.5, 30)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
    expect(checkPlacement(s, u, [two(0.3, 30)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
    // Three bases, the first in the middle, the others 8" and 9" either side: only the east one stands on gb-1;
    // further out, the east one steps off the table. Each sample's circle must hold all its bases.
    const spread = (x: number, y: number, east: number) => [...rectAt(x, y, 90, 0.8, 0.8), ...rectAt(x - 8, y, 90, 0.8, 0.8), ...rectAt(x + east, y, 90, 0.8, 0.8)];
    expect(checkPlacement(s, u, [spread(38, 24, 9)])).toEqual({ unit: "fr-1", other: "gb-1", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(checkPlacement(s, u, [spread(38, 24, 9), spread(38.5, 24, 9)])).toEqual({ unit: "fr-1", other: "gb-1", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(checkPlacement(s, u, [spread(40, 10, 31.8)])).toEqual({ unit: "fr-1", code: "movement/off_table", rule: "CORE-GEO-2" });
  });

  it("WHN-ART-16, CORE-MOVE-4: an enemy gun left by its crew may be come up to, not passed through; a crewed one keeps its 1\"", () => {
    const s0 = battleOf([fr("fr-1", 36, 20), gun("g", "gb", {}, { position: { x: 36, y: 23 }, facing: 270 })]);
    const left = patch(s0, "g", { figures: 0 });
    const u = unitOf(left, "fr-1");
    const path = (d: number) => measurePath(left, u, [{ kind: "forward", distance: d }], 4, 4).samples;
    expect(checkPlacement(left, u, path(2.5))).toBeNull();
    expect(checkPlacement(left, u, path(3.5))).toEqual({ unit: "fr-1", other: "g", code: "movement/through_unit", rule: "CORE-MOVE-4" });
    expect(checkPlacement(s0, u, path(2.5))).toEqual({ unit: "fr-1", enemy: "g", distance: 1, code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
  });
});

describe("mvA: east- and west-facing circles, turns in the quick check, far rocks", () => {
  const half = Math.hypot(COL_W / 2, COL_D / 2);
  const far = Math.hypot(COL_W, COL_D);

  it("CORE-GEO-18: facing east, a right wheel pivots on the south front corner: 0.2\" inside the north edge's reach it is clear", () => {
    // Facing east the unit's right is south; its right front corner (the pivot) is W/2 south of the front centre.
    const legs: Leg[] = [{ kind: "wheel", degrees: 20, pivot: "right" }];
    const s = lone(30, 48 - far - 0.2 + COL_W / 2, 0);
    expect(clearPathEnd(s, unitOf(s, "fr-1"), legs)).toEqual(measurePath(s, unitOf(s, "fr-1"), legs, 4, 4).end);
    const left: Leg[] = [{ kind: "wheel", degrees: 20, pivot: "left" }];
    const t = lone(30, far + 0.2 - COL_W / 2, 0);
    expect(clearPathEnd(t, unitOf(t, "fr-1"), left)).toEqual(measurePath(t, unitOf(t, "fr-1"), left, 4, 4).end);
  });

  it("CORE-MOVE-4: facing east, clearPathEnd keeps 1\" between the forward leg's circle and a unit ahead", () => {
    const right = 20 + 3 - COL_D / 2 + half;
    const lineHalf = { w: (12 * (20 / 25.4)) / 2, d: (2 * (20 / 25.4)) / 2 };
    const lineR = Math.hypot(lineHalf.w, lineHalf.d);
    const at = (gap: number) => battleOf([fr("fr-1", 20, 24, { facing: 0 }), gb("gb-1", right + gap + lineR - lineHalf.d, 24, { facing: 180 })]);
    const fwd: Leg[] = [{ kind: "forward", distance: 3 }];
    const near = at(0.99);
    expect(clearPathEnd(near, unitOf(near, "fr-1"), fwd)).toBeNull();
    const ok = at(1.01);
    expect(clearPathEnd(ok, unitOf(ok, "fr-1"), fwd)).toEqual(measurePath(ok, unitOf(ok, "fr-1"), fwd, 4, 4).end);
  });

  it("CORE-GEO-2: quickPath's circle for a turn is round the unit's centre: clear 0.1\" in from an edge, not when it touches", () => {
    const about: Leg[] = [{ kind: "turn", degrees: 180 }];
    const quick = (x: number, y: number, facing: number) => {
      const s = lone(x, y, facing);
      return quickPath(s, unitOf(s, "fr-1"), about, 4, 4)?.clear;
    };
    // Facing north, the centre is D/2 behind the front edge; facing east, D/2 west of it.
    expect(quick(36, COL_D / 2 + half + 0.1, 90)).toBe(true);
    expect(quick(36, COL_D / 2 + half - 0.1, 90)).toBe(false);
    expect(quick(COL_D / 2 + half + 0.1, 24, 0)).toBe(true);
    expect(quick(COL_D / 2 + half - 0.1, 24, 0)).toBe(false);
    expect(quick(72 + COL_D / 2 - half, 24, 0)).toBe(false);
    expect(quick(72 + COL_D / 2 - half - 0.001, 24, 0)).toBe(true);
    expect(quick(36, 48 + COL_D / 2 - half, 90)).toBe(false);
    expect(quick(36, 48 + COL_D / 2 - half - 0.001, 90)).toBe(true);
    expect(quick(half - COL_D / 2, 24, 180)).toBe(false);
    expect(quick(half - COL_D / 2 + 0.001, 24, 180)).toBe(true);
  });

  it("CORE-MOVE-5: a rock far from the path leaves quickPath clear; one within 1\" of it does not", () => {
    const farRock = withTerrain(lone(), [feature("r", 60, 40, 70, 46, { impassable: true })]);
    expect(quickPath(farRock, unitOf(farRock, "fr-1"), [{ kind: "forward", distance: 2 }], 4, 4)?.clear).toBe(true);
    const nearRock = withTerrain(lone(), [feature("r", 38.2, 10, 40, 20, { impassable: true })]);
    expect(quickPath(nearRock, unitOf(nearRock, "fr-1"), [{ kind: "forward", distance: 2 }], 4, 4)?.clear).toBe(false);
  });

  it("CORE-MOVE-5: a loose unit's wheel pays for ground under any of its models, not only the first", () => {
    const x = fr("fr-1", 31, 11.5, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 3, startingFigures: 3, files: 3, command: {}, models: [0, 1, 2].map((i) => ({ x: 31 + i * 2, y: 11.1, facing: 90 })) });
    const s = withTerrain(battleOf([x, gb("gb-1", 60, 44)]), [feature("w", 34.5, 0, 72, 48, { difficult: true })]);
    const p = measurePath(s, unitOf(s, "fr-1"), [{ kind: "wheel", degrees: 2, pivot: "left" }], 4, 4);
    expect(p.surcharge).toBeCloseTo(p.cost / 2, 12);
    expect(p.surcharge).toBeGreaterThan(0);
  });
});

describe("mvA: quickPath's circle is the one round measurePath's samples", () => {
  it("CORE-GEO-2, CORE-GEO-18: for moves, wheels and turns in four facings near every edge, clear exactly when the samples' circle is inside the table", () => {
    const half = Math.hypot(COL_W / 2, COL_D / 2);
    const paths: Leg[][] = [
      [{ kind: "forward", distance: 3 }],
      [{ kind: "wheel", degrees: 30, pivot: "left" }],
      [{ kind: "wheel", degrees: 45, pivot: "right" }],
      [{ kind: "turn", degrees: 180 }],
      [{ kind: "turn", degrees: 90 }],
      [{ kind: "forward", distance: 1 }, { kind: "wheel", degrees: 20, pivot: "left" }, { kind: "turn", degrees: -90 }],
    ];
    let clear = 0;
    let unsure = 0;
    // The only unit on the table is fr-1 (gb-1 destroyed), set at each spot in turn.
    const base = patch(battleOf([fr("fr-1", 36, 24), gb("gb-1", 60, 44)]), "gb-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    for (const facing of [0, 90, 180, 270]) {
      for (const x of [3, 5, 8, 36, 64, 67, 69]) {
        for (const y of [3, 5, 8, 24, 40, 43, 45]) {
          const s = patch(base, "fr-1", { position: { x, y }, facing });
          const u = unitOf(s, "fr-1");
          for (const legs of paths) {
            const m = measurePath(s, u, legs, 4, 4);
            const cs = m.samples.map((fp) => centreOf(fp));
            const cx = cs.reduce((a, c) => a + c.x, 0) / cs.length;
            const cy = cs.reduce((a, c) => a + c.y, 0) / cs.length;
            const r = Math.max(...cs.map((c) => Math.hypot(c.x - cx, c.y - cy))) + half;
            const inside = cx - r > 1e-6 && cy - r > 1e-6 && cx + r < 72 - 1e-6 && cy + r < 48 - 1e-6;
            const q = quickPath(s, u, legs, 4, 4);
            expect(q).toEqual({ end: m.end, cost: m.cost, wheel: m.wheel, entersImpassable: false, clear: inside });
            if (inside) clear++;
            else unsure++;
          }
        }
      }
    }
    expect(clear).toBeGreaterThan(200);
    expect(unsure).toBeGreaterThan(200);
  });
});

describe("mvA: the 1\" rule on the diagonal", () => {
  it("CORE-MOVE-4: corner to corner, 0.5\" from an enemy column is refused, 1.01\" is placed (the bounding circles are then as far apart as the bases)", () => {
    const half = Math.hypot(COL_W / 2, COL_D / 2);
    const dir = { x: COL_W / (2 * half), y: COL_D / (2 * half) };
    // fr-1 ends with its centre at (30, 20): the enemy column's centre lies along the diagonal through the front-right corner.
    const at = (gap: number) => {
      const c = { x: 30 + dir.x * (2 * half + gap), y: 20 + dir.y * (2 * half + gap) };
      return battleOf([fr("fr-1", 10, 10), fr("gb-9", c.x, c.y + COL_D / 2, { side: "gb" } as never)]);
    };
    const sample = rectAt(30, 20 + COL_D / 2, 90, COL_W, COL_D);
    const near = at(0.5);
    expect(checkPlacement(near, unitOf(near, "fr-1"), [sample])).toEqual({ unit: "fr-1", enemy: "gb-9", distance: close(0.5), code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
    const ok = at(1.01);
    expect(checkPlacement(ok, unitOf(ok, "fr-1"), [sample])).toBeNull();
    // Two samples, the second on the diagonal spot.
    expect(checkPlacement(near, unitOf(near, "fr-1"), [rectAt(20, 20, 90, COL_W, COL_D), sample])).toEqual({ unit: "fr-1", enemy: "gb-9", distance: close(0.5), code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4" });
  });
});

describe("mvA: clearPathEnd at the table's slack", () => {
  it("CORE-GEO-2: a turn's circle less than 1e-6\" inside an edge gets no answer; 2.5e-6\" inside, it does", () => {
    // The turn's circle is round the centre (D/2 behind the front edge) with radius half diagonal + 1e-6.
    const half = Math.hypot(COL_W / 2, COL_D / 2);
    const turn: Leg[] = [{ kind: "turn", degrees: 180 }];
    const answer = (x: number, y: number, facing: number) => {
      const s = lone(x, y, facing);
      return clearPathEnd(s, unitOf(s, "fr-1"), turn) !== null;
    };
    // East edge, facing east: centre x = front x − D/2.
    expect(answer(72 - 1e-6 - half + COL_D / 2, 24, 0)).toBe(false);
    expect(answer(72 - 2.5e-6 - half + COL_D / 2, 24, 0)).toBe(true);
    // North edge, facing north.
    expect(answer(36, 48 - 1e-6 - half + COL_D / 2, 90)).toBe(false);
    expect(answer(36, 48 - 2.5e-6 - half + COL_D / 2, 90)).toBe(true);
    // West edge, facing west: centre x = front x + D/2.
    expect(answer(1e-6 + half - COL_D / 2, 24, 180)).toBe(false);
    expect(answer(2.5e-6 + half - COL_D / 2, 24, 180)).toBe(true);
    // South edge, facing south.
    expect(answer(36, 1e-6 + half - COL_D / 2, 270)).toBe(false);
    expect(answer(36, 2.5e-6 + half - COL_D / 2, 270)).toBe(true);
  });
});
