import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  footprintDistance,
  inBaseContact,
  isEngaged,
  isMoreThan,
  isWithin,
  layoutUnit,
  rectDistance,
  rectsIntersect,
  rotateRect,
  translateRect,
  unitRange,
  vec,
} from "../../src/geometry/index.js";
import type { OrientedRect } from "../../src/geometry/index.js";

const box = (x: number, y: number, w: number, d: number, facing = 90): OrientedRect => ({
  center: vec(x, y),
  halfWidth: w / 2,
  halfDepth: d / 2,
  facing,
});

const arbRect = fc.record({
  x: fc.double({ min: -20, max: 20, noNaN: true }),
  y: fc.double({ min: -20, max: 20, noNaN: true }),
  w: fc.double({ min: 0.2, max: 8, noNaN: true }),
  d: fc.double({ min: 0.2, max: 8, noNaN: true }),
  facing: fc.double({ min: 0, max: 360, noNaN: true }),
}).map((r) => box(r.x, r.y, r.w, r.d, r.facing));

describe("distances, within and contact", () => {
  it("CORE-GEO-10: distance between separated rectangles is the least edge-to-edge gap", () => {
    expect(rectDistance(box(0, 0, 2, 2), box(5, 0, 2, 2))).toBeCloseTo(3, 12);
    // Corner to corner along the diagonal.
    expect(rectDistance(box(0, 0, 2, 2), box(4, 4, 2, 2))).toBeCloseTo(Math.SQRT2 * 2, 12);
    // A diamond whose corner points at a face.
    expect(rectDistance(box(0, 0, 2, 2), box(3 + Math.SQRT2, 0, 2, 2, 45))).toBeCloseTo(2, 12);
  });

  it("CORE-GEO-10: overlapping or touching rectangles are at distance 0 (SAT)", () => {
    expect(rectsIntersect(box(0, 0, 2, 2), box(1.5, 0.5, 2, 2, 30))).toBe(true);
    expect(rectDistance(box(0, 0, 2, 2), box(1.5, 0.5, 2, 2, 30))).toBe(0);
    expect(rectDistance(box(0, 0, 2, 2), box(2, 0, 2, 2))).toBe(0);
    expect(rectDistance(box(0, 0, 10, 1), box(0, 0, 1, 10))).toBe(0);
  });

  it("CORE-GEO-10: extended-order units measure from their nearest pair of bases", () => {
    const a = [box(0, 0, 1, 1), box(10, 0, 1, 1)];
    const b = [box(13, 0, 1, 1), box(-5, 0, 1, 1)];
    expect(footprintDistance(a, b)).toBeCloseTo(2, 12);
  });

  it("CORE-GEO-10: distance is symmetric, non-negative, 0 exactly when SAT finds overlap (property)", () => {
    fc.assert(
      fc.property(arbRect, arbRect, (a, b) => {
        const d = rectDistance(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(Math.abs(d - rectDistance(b, a))).toBeLessThan(1e-9);
        expect(d === 0).toBe(rectsIntersect(a, b));
      }),
      { seed: 10, numRuns: 300 },
    );
  });

  it("CORE-GEO-10: distance is invariant under rotation and translation of both rectangles (property)", () => {
    fc.assert(
      fc.property(
        arbRect,
        arbRect,
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -30, max: 30, noNaN: true }),
        fc.double({ min: -30, max: 30, noNaN: true }),
        (a, b, deg, dx, dy) => {
          const pivot = vec(1, 2);
          const move = (r: OrientedRect) => translateRect(rotateRect(r, pivot, deg), vec(dx, dy));
          expect(Math.abs(rectDistance(a, b) - rectDistance(move(a), move(b)))).toBeLessThan(1e-7);
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });

  it("CORE-GEO-11: exactly X inches counts as within X; more than X needs a larger gap", () => {
    const a = [box(0, 0, 2, 2)];
    const b = [box(14, 0, 2, 2)];
    expect(isWithin(a, b, 12)).toBe(true);
    expect(isWithin(a, b, 11.99)).toBe(false);
    expect(isMoreThan(a, b, 12)).toBe(false);
    expect(isMoreThan(a, b, 11.99)).toBe(true);
  });

  it("CORE-GEO-12: bases touching corner to corner are in base contact; a unit with such a model is engaged", () => {
    const a = box(0, 0, 1, 1);
    const corner = box(1, 1, 1, 1);
    expect(inBaseContact(a, corner)).toBe(true);
    expect(inBaseContact(a, box(1.0005, 0, 1, 1))).toBe(true);
    expect(inBaseContact(a, box(1.002, 0, 1, 1))).toBe(false);
    expect(isEngaged([box(-5, 0, 1, 1), a], [corner])).toBe(true);
    expect(isEngaged([box(-5, 0, 1, 1)], [corner])).toBe(false);
  });

  it("CORE-GEO-13: range is one footprint-to-footprint distance for the whole unit", () => {
    const shooters = layoutUnit({ kind: "block", files: 10, count: 20, base: BASE_SIZES.foot }, { p: vec(20, 10), facing: 90 });
    const target = layoutUnit({ kind: "block", files: 4, count: 8, base: BASE_SIZES.foot }, { p: vec(20, 30), facing: 270 });
    expect(unitRange(shooters.footprint, target.footprint)).toBeCloseTo(20, 9);
  });
});
