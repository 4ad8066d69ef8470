import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  arcEdges,
  facesSeeing,
  footprintInUnitArc,
  layoutUnit,
  pointInUnitArc,
  quadrantOfRect,
  unitQuadrant,
  vec,
} from "../../src/geometry/index.js";
import type { ArcEdge, OrientedRect } from "../../src/geometry/index.js";

// A 6" wide, 2" deep unit facing north, front edge centred at (0, 0): centre (0, −1).
const unit = layoutUnit({ kind: "block", files: 6, count: 6, base: { w: 1, d: 2 } }, { p: vec(0, 0), facing: 90 });
const rect = unit.footprint[0] as OrientedRect;

describe("quadrants and arcs", () => {
  it("CORE-GEO-14: quadrants split along the rectangle's diagonals", () => {
    expect(quadrantOfRect(rect, vec(0, 5))).toBe("front");
    expect(quadrantOfRect(rect, vec(0, -5))).toBe("rear");
    expect(quadrantOfRect(rect, vec(10, -1))).toBe("right");
    expect(quadrantOfRect(rect, vec(-10, -1))).toBe("left");
    // a = u'/3, b = v'/1: (4, 0.5) → a = 1.333, b = 1.5 → front; (4, 0) → a 1.333 > b 1 → right.
    expect(quadrantOfRect(rect, vec(4, 0.5))).toBe("front");
    expect(quadrantOfRect(rect, vec(4, 0))).toBe("right");
  });

  it("CORE-GEO-14: points exactly on a diagonal are front or rear; the centre is front", () => {
    expect(quadrantOfRect(rect, vec(3, 0))).toBe("front");
    expect(quadrantOfRect(rect, vec(6, 1))).toBe("front");
    expect(quadrantOfRect(rect, vec(-3, -2))).toBe("rear");
    expect(quadrantOfRect(rect, vec(-6, -3))).toBe("rear");
    expect(quadrantOfRect(rect, vec(0, -1))).toBe("front");
  });

  it("CORE-GEO-14: a square names the face but has no flank or rear", () => {
    const sq = layoutUnit({ kind: "square", count: 24, base: BASE_SIZES.foot }, { p: vec(0, 0), facing: 90 });
    expect(unitQuadrant(sq, vec(20, -2.7559))).toEqual({ face: "right", flankOrRear: false });
    expect(unitQuadrant(unit, vec(20, -1))).toEqual({ face: "right", flankOrRear: true });
    expect(unitQuadrant(unit, vec(0, 20))).toEqual({ face: "front", flankOrRear: false });
  });

  it("CORE-GEO-15: the 90° arc starts at the front corners and opens at 45°", () => {
    expect(pointInUnitArc(unit, vec(0, 10))).toBe(true);
    expect(pointInUnitArc(unit, vec(3 + 10, 10))).toBe(true);
    expect(pointInUnitArc(unit, vec(3 + 10.01, 10))).toBe(false);
    expect(pointInUnitArc(unit, vec(3, 0))).toBe(true);
    expect(pointInUnitArc(unit, vec(0, -0.5))).toBe(false);
  });

  it("CORE-GEO-15: a footprint is in the arc when any part of it is (exact clipping, not sampling)", () => {
    // The right ray is x − y = 3; this box's upper-left corner (9.99, 7) pokes in by 0.01".
    const target: OrientedRect = { center: vec(10.99, 6), halfWidth: 1, halfDepth: 1, facing: 90 };
    expect(footprintInUnitArc(unit, [target])).toBe(true);
    const outside: OrientedRect = { center: vec(11.01, 6), halfWidth: 1, halfDepth: 1, facing: 90 };
    expect(footprintInUnitArc(unit, [outside])).toBe(false);
    // A long thin target crossing the whole arc with no corner inside it.
    const bar: OrientedRect = { center: vec(0, 5), halfWidth: 40, halfDepth: 0.1, facing: 90 };
    expect(footprintInUnitArc(unit, [bar])).toBe(true);
  });

  it("CORE-GEO-15: a square sees from all four faces; loose models see all round", () => {
    const sq = layoutUnit({ kind: "square", count: 24, base: BASE_SIZES.foot }, { p: vec(0, 0), facing: 90 });
    expect(arcEdges(sq)).toHaveLength(4);
    expect((arcEdges(sq)[1] as ArcEdge).frame.facing).toBe(0);
    const east: OrientedRect = { center: vec(20, -2.7559), halfWidth: 1, halfDepth: 1, facing: 0 };
    expect(facesSeeing(sq, [east])).toEqual(["right"]);
    expect(footprintInUnitArc(unit, [east])).toBe(false);
    const loose = layoutUnit({ kind: "loose", base: BASE_SIZES.foot, models: [{ x: 0, y: 0, facing: 90 }] }, { p: vec(0, 0), facing: 0 });
    expect(pointInUnitArc(loose, vec(0, -30))).toBe(true);
  });
});
