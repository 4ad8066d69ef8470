import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FLEE_SEARCH_ANGLES,
  crossesTableEdge,
  directionAway,
  footprintDistance,
  fleeMove,
  pursuitMove,
  rectsOverlap,
  travelOnTable,
  vec,
} from "../../src/geometry/index.js";
import type { OrientedRect, TerrainFeature } from "../../src/geometry/index.js";

const sq = (x: number, y: number, w = 1, d = 1, facing = 90): OrientedRect => ({ center: vec(x, y), halfWidth: w / 2, halfDepth: d / 2, facing });
const north = vec(0, 1);
const none = { enemies: [], friends: [], terrain: [] };

describe("moving away", () => {
  it("WHN-BREAK-2: a move that does not leave play (fall back, flow past, disengage) stops at the table edge", () => {
    const table = { width: 72, height: 48 };
    // 2" from the far edge: north it gets 2", south the whole 6"; diagonally the nearer edge counts.
    expect(travelOnTable([sq(10, 45, 4, 2)], north, 6, table)).toBeCloseTo(2, 12);
    expect(travelOnTable([sq(10, 45, 4, 2)], vec(0, -1), 6, table)).toBe(6);
    expect(travelOnTable([sq(1, 10, 1, 1)], vec(-0.6, 0.8), 6, table)).toBeCloseTo(0.5 / 0.6, 12);
    // Already touching the edge it heads for: no travel at all.
    expect(travelOnTable([sq(10, 47.5, 4, 1)], north, 6, table)).toBe(0);
  });

  it("CORE-FLEE-4: a flight through an enemy it was touching ends clear of it, as through friends", () => {
    const enemy = sq(10, 11, 4, 1);
    const out = fleeMove([sq(10, 10, 4, 1)], vec(10, 10), 90, north, 0.5, { ...none, enemies: [{ id: "e", footprint: [enemy] }] });
    if (out.kind !== "moved") throw new Error("expected a move");
    expect(out.travelled).toBeGreaterThan(1.999);
    expect(out.footprint.some((r) => rectsOverlap(r, enemy))).toBe(false);
  });

  it("CORE-GEO-25: directly away is unit(centre(self) − centre(X)); coincident centres use −f", () => {
    const e = directionAway(vec(0, 0), vec(3, 4), 0);
    expect(e.x).toBeCloseTo(-0.6, 12);
    expect(e.y).toBeCloseTo(-0.8, 12);
    const rear = directionAway(vec(1, 1), vec(1, 1), 90);
    expect(rear.x).toBeCloseTo(0, 12);
    expect(rear.y).toBeCloseTo(-1, 12);
  });

  it("CORE-GEO-25: a fleeing unit turns to face e about its centre; a falling-back one keeps its facing", () => {
    const out = fleeMove([sq(10, 10, 4, 1, 0)], vec(10, 10), 0, north, 6, none);
    expect(out).toMatchObject({ kind: "moved", facing: 90, travelled: 6, searchAngle: 0 });
    if (out.kind !== "moved") throw new Error("unreachable");
    expect(out.footprint[0]?.center.y).toBeCloseTo(16, 12);
    expect(out.footprint[0]?.facing).toBe(90);
    const back = fleeMove([sq(10, 10, 4, 1, 270)], vec(10, 10), 270, north, 2, none, { keepFacing: true });
    expect(back).toMatchObject({ kind: "moved", facing: 270 });
  });

  it("CORE-GEO-26: the flee search tries 0, +15, −15, +30, −30 … ±90 in order", () => {
    expect(FLEE_SEARCH_ANGLES).toEqual([0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75, 90, -90]);
    // An enemy 4" ahead blocks 0 and ±15°; +30° is taken before −30°.
    const out = fleeMove([sq(0, 0)], vec(0, 0), 90, north, 6, { ...none, enemies: [{ id: "e", footprint: [sq(0, 4)] }] });
    expect(out).toMatchObject({ kind: "moved", searchAngle: 30, facing: 120, stoppedShort: false });
  });

  it("CORE-GEO-26: blocked by enemies in every direction, the fleeing unit is destroyed", () => {
    const enemies = [
      { id: "front", footprint: [sq(0, 4, 20, 1)] },
      { id: "left", footprint: [sq(-4, 0, 1, 20)] },
      { id: "right", footprint: [sq(4, 0, 1, 20)] },
    ];
    expect(fleeMove([sq(0, 0)], vec(0, 0), 90, north, 6, { ...none, enemies })).toEqual({ kind: "destroyed", rule: "CORE-GEO-26" });
  });

  it("CORE-GEO-26: an enemy already in contact (the one fled from) does not block", () => {
    const out = fleeMove([sq(0, 0)], vec(0, 0), 90, vec(0, -1), 5, { ...none, enemies: [{ id: "e", footprint: [sq(0, 1)] }] });
    expect(out).toMatchObject({ kind: "moved", searchAngle: 0, travelled: 5 });
  });

  it("CORE-GEO-26: hemmed in by impassable terrain only, it moves along e and stops 0.5\" short", () => {
    const lake: TerrainFeature = {
      id: "lake",
      kind: "lake",
      polygon: [vec(-50, -2), vec(-3, -2), vec(-3, 3), vec(3, 3), vec(3, -2), vec(50, -2), vec(50, 50), vec(-50, 50)],
      tags: { impassable: true },
    };
    const out = fleeMove([sq(0, 0)], vec(0, 0), 90, north, 6, { ...none, terrain: [lake] });
    expect(out.kind).toBe("moved");
    if (out.kind !== "moved") throw new Error("unreachable");
    expect(out.stoppedShort).toBe(true);
    expect(out.travelled).toBeCloseTo(2, 6);
    expect(out.footprint[0]?.center.y).toBeCloseTo(2, 6);
  });

  it("CORE-GEO-26: friends are passed through; ending on one, it goes on to the first clear spot (+ε)", () => {
    const friends = [{ id: "f", footprint: [sq(0, 6, 4, 1)] }];
    const out = fleeMove([sq(0, 0)], vec(0, 0), 90, north, 6, { ...none, friends });
    expect(out).toMatchObject({ kind: "moved", passedThrough: ["f"] });
    if (out.kind !== "moved") throw new Error("unreachable");
    expect(out.travelled).toBeCloseTo(7.001, 9);
  });

  it("CORE-GEO-27: a pursuer follows e and stops 0.5\" short rather than end on its quarry", () => {
    const quarry = [sq(0, 5)];
    const far = pursuitMove([sq(0, 0, 2, 1, 0)], vec(0, 0), 0, north, 10, quarry);
    expect(far).toMatchObject({ facing: 90, travelled: 10, stoppedShort: false });
    const near = pursuitMove([sq(0, 0)], vec(0, 0), 90, north, 5, quarry);
    expect(near.stoppedShort).toBe(true);
    expect(near.travelled).toBeCloseTo(3.5, 9);
  });

  it("CORE-PURS-4: an uncaught quarry is never touched: a pursuer ending touching it or under 0.5\" from it stops 0.5\" short", () => {
    const quarry = [sq(0, 5)];
    const touching = pursuitMove([sq(0, 0)], vec(0, 0), 90, north, 4, quarry);
    expect(touching).toMatchObject({ stoppedShort: true });
    expect(touching.travelled).toBeCloseTo(3.5, 9);
    expect(pursuitMove([sq(0, 0)], vec(0, 0), 90, north, 3.8, quarry).travelled).toBeCloseTo(3.5, 9);
    expect(pursuitMove([sq(0, 0)], vec(0, 0), 90, north, 3.4, quarry)).toMatchObject({ travelled: 3.4, stoppedShort: false });
    // A caught quarry is gone (empty footprint): the full distance.
    expect(pursuitMove([sq(0, 0)], vec(0, 0), 90, north, 4, [])).toMatchObject({ travelled: 4, stoppedShort: false });
  });

  it("CORE-PURS-4: whatever the roll, a pursuer ends at least 0.5\" from an uncaught quarry ahead of it", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 18, noNaN: true }), fc.double({ min: 1.5, max: 12, noNaN: true }), fc.double({ min: -1.5, max: 1.5, noNaN: true }), (roll, ahead, side) => {
        const quarry = [sq(side, ahead, 2, 1)];
        const out = pursuitMove([sq(0, 0, 2, 1)], vec(0, 0), 90, north, roll, quarry);
        expect(footprintDistance(out.footprint, quarry)).toBeGreaterThanOrEqual(0.5 - 1e-6);
        expect(out.travelled).toBeLessThanOrEqual(roll);
      }),
      { seed: 18, numRuns: 200 },
    );
  });

  it("CORE-GEO-28: any part crossing a table edge during a flee leaves the table", () => {
    const out = fleeMove([sq(3, 24)], vec(3, 24), 90, vec(-1, 0), 3, none);
    expect(out).toMatchObject({ kind: "moved", leftTable: true });
    const stays = fleeMove([sq(5, 24)], vec(5, 24), 90, vec(-1, 0), 3, none);
    expect(stays).toMatchObject({ kind: "moved", leftTable: false });
    expect(crossesTableEdge([sq(71.5, 10)])).toBe(false);
    expect(crossesTableEdge([sq(71.6, 10)])).toBe(true);
  });
});
