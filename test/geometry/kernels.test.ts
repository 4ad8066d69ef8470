/**
 * The fast distance kernels against the plain definitions they replace: `edgesDistance` must give
 * exactly (bit for bit) the least `segmentSegmentDistance` over every pair of edges,
 * `polygonsWithin` exactly `polygonDistance <= d`, and `layoutDimensions` the width and depth that
 * `layoutUnit` lays out.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  edgesDistance,
  layoutDimensions,
  layoutUnit,
  polygonDistance,
  polygonsWithin,
  rectCorners,
  segmentSegmentDistance,
  vec,
  type Polygon,
  type Vec2,
} from "../../src/geometry/index.js";

const coord = fc.double({ min: -30, max: 30, noNaN: true });
const arbRect = fc.record({
  x: coord,
  y: coord,
  w: fc.double({ min: 0.1, max: 10, noNaN: true }),
  d: fc.double({ min: 0.1, max: 10, noNaN: true }),
  facing: fc.double({ min: 0, max: 360, noNaN: true }),
});
const corners = (r: { x: number; y: number; w: number; d: number; facing: number }): Polygon =>
  rectCorners({ center: vec(r.x, r.y), halfWidth: r.w / 2, halfDepth: r.d / 2, facing: r.facing });

/** The definition: the least distance over every edge pair (closed polygons). */
function bruteEdges(a: Polygon, b: Polygon): number {
  let best = Infinity;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const d = segmentSegmentDistance(a[i] as Vec2, a[(i + 1) % a.length] as Vec2, b[j] as Vec2, b[(j + 1) % b.length] as Vec2);
      if (d < best) best = d;
    }
  }
  return best;
}

describe("distance kernels", () => {
  it("CORE-GEO-10: edgesDistance is bit-identical to the least edge-pair distance of two rectangles", () => {
    fc.assert(
      fc.property(arbRect, arbRect, (ra, rb) => {
        const a = corners(ra);
        const b = corners(rb);
        expect(Object.is(edgesDistance(a, b), bruteEdges(a, b))).toBe(true);
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  it("CORE-GEO-10: edgesDistance of touching and crossing rectangles is 0; of a 2\" gap, 2", () => {
    const a = corners({ x: 0, y: 0, w: 4, d: 2, facing: 90 });
    expect(edgesDistance(a, corners({ x: 0, y: 4, w: 4, d: 2, facing: 90 }))).toBeCloseTo(2, 12);
    expect(edgesDistance(a, corners({ x: 0, y: 2, w: 4, d: 2, facing: 90 }))).toBe(0);
    expect(edgesDistance(a, corners({ x: 1, y: 0.5, w: 4, d: 2, facing: 30 }))).toBe(0);
  });

  it("CORE-GEO-10: polygonsWithin(a, b, d) is exactly polygonDistance(a, b) <= d", () => {
    fc.assert(
      fc.property(arbRect, arbRect, fc.double({ min: 0, max: 20, noNaN: true }), (ra, rb, d) => {
        const a = corners(ra);
        const b = corners(rb);
        expect(polygonsWithin(a, b, d)).toBe(polygonDistance(a, b) <= d);
        // At exactly the distance, a pair is within it (the broad phase never rejects the boundary).
        const exact = polygonDistance(a, b);
        expect(polygonsWithin(a, b, exact)).toBe(true);
      }),
      { seed: 12, numRuns: 3000 },
    );
  });

  it("CORE-GEO-5: layoutDimensions gives the width and depth layoutUnit lays out (blocks and squares)", () => {
    const bases = [BASE_SIZES.foot, BASE_SIZES.cavalry];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 1 }), fc.boolean(), (count, files, bi, square) => {
        const base = bases[bi] ?? BASE_SIZES.foot;
        const spec = square ? ({ kind: "square", count, base } as const) : ({ kind: "block", files: Math.min(files, count), count, base } as const);
        const laid = layoutUnit(spec, { p: vec(3, 4), facing: 90 });
        expect(layoutDimensions(spec)).toEqual({ kind: laid.kind, width: laid.width, depth: laid.depth });
      }),
      { seed: 13, numRuns: 500 },
    );
  });
});
