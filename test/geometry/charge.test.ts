import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chargeReach,
  chargedFace,
  contactPlacement,
  failedChargeMove,
  footprintDistance,
  layoutUnit,
  rectBehindFrame,
  rectDistance,
  rectsOverlap,
  vec,
} from "../../src/geometry/index.js";
import type { OrientedRect, TerrainFeature } from "../../src/geometry/index.js";

// Target: 6" wide, 2" deep, facing north, front edge from (−3, 0) to (3, 0).
const target = layoutUnit({ kind: "block", files: 6, count: 6, base: { w: 1, d: 2 } }, { p: vec(0, 0), facing: 90 });
const targetRect = target.footprint[0] as OrientedRect;

describe("charges", () => {
  it("CORE-GEO-21: the charged face is the quadrant holding the charger's front-edge centre", () => {
    expect(chargedFace(target, vec(0, 8))).toBe("front");
    expect(chargedFace(target, vec(10, -1))).toBe("right");
    expect(chargedFace(target, vec(-1, -9))).toBe("rear");
    expect(chargedFace(target, vec(-3, 0))).toBe("front");
    expect(chargedFace(target, vec(-4, 0))).toBe("left");
  });

  it("CORE-GEO-22: reach is the distance to the nearest point of the face plus terrain; the wheel squares up", () => {
    const straight = chargeReach({ p: vec(0, 8), facing: 270 }, target, "front", 8);
    expect(straight).toMatchObject({ reaches: true, wheel: 0 });
    expect(straight.length).toBeCloseTo(8, 12);
    expect(chargeReach({ p: vec(0, 8), facing: 270 }, target, "front", 7.9).reaches).toBe(false);
    const oblique = chargeReach({ p: vec(6, 6), facing: 225 }, target, "front", 7);
    expect(oblique.point.x).toBeCloseTo(3, 12);
    expect(oblique.point.y).toBeCloseTo(0, 12);
    expect(oblique.length).toBeCloseTo(6.7082039, 6);
    expect(oblique.wheel).toBeCloseTo(45, 9);
    const bog: TerrainFeature = { id: "bog", kind: "marsh", polygon: [vec(-5, 3), vec(5, 3), vec(5, 4), vec(-5, 4)], tags: { difficult: true } };
    const slowed = chargeReach({ p: vec(0, 8), facing: 270 }, target, "front", 8, [bog], 4);
    expect(slowed.length).toBeCloseTo(9, 9);
    expect(slowed.reaches).toBe(false);
  });

  it("CORE-GEO-23: the charger is squared up on the face and clamped to maximise overlap", () => {
    const placed = contactPlacement({ p: vec(2.5, 5), facing: 250 }, 4, 1, target, "front");
    expect(placed?.frame.facing).toBe(270);
    expect(placed?.frame.p.x).toBeCloseTo(1, 12);
    expect(placed?.frame.p.y).toBeCloseTo(0, 12);
    expect(placed?.slide).toBe(0);
    // Wider than the face: the clamp interval is [F/2 − Wd/2, −F/2 + Wd/2] = [−1, 1].
    const wide = contactPlacement({ p: vec(-2.5, 5), facing: 270 }, 8, 1, target, "front");
    expect(wide?.frame.p.x).toBeCloseTo(-1, 12);
    const flank = contactPlacement({ p: vec(9, -1.5), facing: 180 }, 2, 1, target, "right");
    expect(flank?.frame.facing).toBe(180);
    expect(flank?.frame.p.x).toBeCloseTo(3, 12);
    expect(flank?.frame.p.y).toBeCloseTo(-1, 12);
  });

  it("CORE-GEO-23: an occupied spot slides to the nearest free one still touching the face, else fails", () => {
    const friend: OrientedRect = { center: vec(2, 1), halfWidth: 1, halfDepth: 1, facing: 270 };
    const placed = contactPlacement({ p: vec(2.5, 5), facing: 270 }, 4, 1, target, "front", [friend]);
    // It slides until it only touches the friend (no overlap at all, not the ε tolerance).
    expect(placed?.frame.p.x).toBeCloseTo(-1, 9);
    expect(placed?.slide).toBeCloseTo(2, 9);
    const charger = rectBehindFrame(placed?.frame ?? { p: vec(0, 0), facing: 0 }, 4, 1);
    expect(rectDistance(charger, targetRect)).toBe(0);
    expect(rectsOverlap(charger, friend)).toBe(false);
    const wall: OrientedRect = { center: vec(0, 1), halfWidth: 12, halfDepth: 1, facing: 90 };
    expect(contactPlacement({ p: vec(2.5, 5), facing: 270 }, 4, 1, target, "front", [wall])).toBeNull();
  });

  it("CORE-GEO-24: a failed charge turns to the nearest point and moves M, stopping 1\" short", () => {
    const short = failedChargeMove({ p: vec(0, 10), facing: 0 }, 2, 1, target.footprint, 6);
    expect(short.facing).toBeCloseTo(-90, 9);
    expect(short.p.x).toBeCloseTo(0, 9);
    expect(short.p.y).toBeCloseTo(4, 9);
    const stopped = failedChargeMove({ p: vec(0, 10), facing: 0 }, 2, 1, target.footprint, 12);
    expect(stopped.p.y).toBeCloseTo(1, 9);
  });

  it("CORE-GEO-24: a failed charger never ends closer than 1\" to its target (property)", () => {
    const coord = fc.double({ min: -15, max: 15, noNaN: true });
    fc.assert(
      fc.property(coord, fc.double({ min: 3, max: 15, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 12, noNaN: true }), (x, y, facing, move) => {
        const start = { p: vec(x, y), facing };
        const before = footprintDistance([rectBehindFrame(start, 2, 1)], target.footprint);
        fc.pre(before > 1.01);
        const end = failedChargeMove(start, 2, 1, target.footprint, move);
        const after = footprintDistance([rectBehindFrame(end, 2, 1)], target.footprint);
        expect(after).toBeGreaterThanOrEqual(1 - 1e-6);
      }),
      { seed: 24, numRuns: 200 },
    );
  });
});
