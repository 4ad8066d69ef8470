import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  OPEN_ORDER_GAP,
  joinCharacter,
  layoutUnit,
  openOrderSpec,
  rectCorners,
  rectsOverlap,
  squareFaceCounts,
  toLocal,
  unitCentre,
  vec,
} from "../../src/geometry/index.js";
import type { ModelPlacement, UnitLayout } from "../../src/geometry/index.js";

const W = 20 / 25.4;
const foot = BASE_SIZES.foot;
const north = { p: vec(0, 0), facing: 90 };

const local = (layout: UnitLayout, m: ModelPlacement) => toLocal(layout.frame, m.rect.center);

describe("layouts", () => {
  it("CORE-GEO-5: a 4-file block of 12 is 3.1496\" wide, 2.3622\" deep, slots centred per formula", () => {
    const l = layoutUnit({ kind: "block", files: 4, count: 12, base: foot }, north);
    expect(l.width).toBeCloseTo(4 * W, 9);
    expect(l.depth).toBeCloseTo(3 * W, 9);
    expect(l.ranks).toBe(3);
    const m = l.models.find((x) => x.file === 3 && x.rank === 1) as ModelPlacement;
    expect(local(l, m).u).toBeCloseTo(-2 * W + W / 2 + 3 * W, 9);
    expect(local(l, m).v).toBeCloseTo(W / 2 + W, 9);
    // Facing north: u is +x, v is −y.
    expect(m.rect.center.x).toBeCloseTo(1.1811024, 6);
    expect(m.rect.center.y).toBeCloseTo(-1.1811024, 6);
  });

  it("CORE-GEO-5: an incomplete rear rank of 1 in 4 files stands in file 1 (spare slot on the right)", () => {
    const l = layoutUnit({ kind: "block", files: 4, count: 9, base: foot }, north);
    const rear = l.models.filter((m) => m.rank === 2);
    expect(rear.map((m) => m.file)).toEqual([1]);
    const only = rear[0] as ModelPlacement;
    expect(only.rect.center.x).toBeCloseTo(-0.3937008, 6);
    expect(only.rect.center.y).toBeCloseTo(-1.9685039, 6);
    expect(l.depth).toBeCloseTo(3 * W, 9);
  });

  it("CORE-GEO-5: an incomplete rear rank of 2 in 4 files takes the two central slots", () => {
    const l = layoutUnit({ kind: "block", files: 4, count: 10, base: foot }, north);
    expect(l.models.filter((m) => m.rank === 2).map((m) => m.file)).toEqual([1, 2]);
  });

  it("CORE-GEO-5: cavalry gaps widen the footprint by (files−1)·g and (ranks−1)·h", () => {
    const l = layoutUnit({ kind: "block", files: 3, count: 6, base: BASE_SIZES.cavalry, gapX: 0.1, gapY: 0.2 }, north);
    expect(l.width).toBeCloseTo(3 * BASE_SIZES.cavalry.w + 0.2, 9);
    expect(l.depth).toBeCloseTo(2 * BASE_SIZES.cavalry.d + 0.2, 9);
  });

  it("CORE-GEO-6: open order uses 10 mm gaps and at most 2 ranks", () => {
    expect(OPEN_ORDER_GAP).toBeCloseTo(0.3937008, 6);
    const l = layoutUnit(openOrderSpec(5, 10, foot), north);
    expect(l.width).toBeCloseTo(5.5118110, 6);
    expect(l.depth).toBeCloseTo(1.9685039, 6);
    expect(() => openOrderSpec(3, 10, foot)).toThrow(RangeError);
  });

  it("CORE-GEO-6: extended order is a set of bases; the unit faces like its first model", () => {
    const l = layoutUnit(
      { kind: "loose", base: foot, models: [{ x: 5, y: 5, facing: 30 }, { x: 8, y: 5, facing: 200 }] },
      north,
    );
    expect(l.footprint).toHaveLength(2);
    expect(l.frame.facing).toBe(30);
    expect(l.frame.p.x).toBeCloseTo(5 + (W / 2) * Math.cos(Math.PI / 6), 9);
  });

  it("CORE-GEO-7: 24 foot models form a square of side 5.5118\" with 6 per face", () => {
    const l = layoutUnit({ kind: "square", count: 24, base: foot }, north);
    expect(squareFaceCounts(24)).toEqual([6, 6, 6, 6]);
    expect(l.width).toBeCloseTo(5.5118110, 6);
    expect(l.depth).toBeCloseTo(5.5118110, 6);
    for (const face of [0, 1, 2, 3]) expect(l.models.filter((m) => m.face === face)).toHaveLength(6);
  });

  it("CORE-GEO-7: pinwheel faces start at their corners and face outward", () => {
    const l = layoutUnit({ kind: "square", count: 10, base: foot }, north);
    expect(squareFaceCounts(10)).toEqual([3, 3, 2, 2]);
    const s = 3 * W + W;
    expect(l.width).toBeCloseTo(s, 9);
    const first = (k: number) => l.models.find((m) => m.face === k && m.file === 0) as ModelPlacement;
    // Front: from the front-left corner; facing north.
    expect(first(0).rect.center.x).toBeCloseTo(-s / 2 + W / 2, 9);
    expect(first(0).rect.center.y).toBeCloseTo(-W / 2, 9);
    expect(first(0).rect.facing).toBe(90);
    // Right: from the front-right corner toward the rear; facing east.
    expect(first(1).rect.center.x).toBeCloseTo(s / 2 - W / 2, 9);
    expect(first(1).rect.center.y).toBeCloseTo(-W / 2, 9);
    expect(first(1).rect.facing).toBe(0);
    // Rear: from the rear-right corner toward the left; facing south.
    expect(first(2).rect.center.x).toBeCloseTo(s / 2 - W / 2, 9);
    expect(first(2).rect.center.y).toBeCloseTo(-s + W / 2, 9);
    expect(first(2).rect.facing).toBe(270);
    // Left: from the rear-left corner toward the front; facing west.
    expect(first(3).rect.center.x).toBeCloseTo(-s / 2 + W / 2, 9);
    expect(first(3).rect.center.y).toBeCloseTo(-s + W / 2, 9);
    expect(first(3).rect.facing).toBe(180);
  });

  it("CORE-GEO-7: square layouts never overlap models and stay inside the footprint (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 40 }), fc.double({ min: 0, max: 360, noNaN: true }), (n, facing) => {
        const l = layoutUnit({ kind: "square", count: n, base: foot }, { p: vec(10, 10), facing });
        expect(l.models).toHaveLength(n);
        for (let i = 0; i < n; i++) {
          const a = (l.models[i] as ModelPlacement).rect;
          for (let j = i + 1; j < n; j++) expect(rectsOverlap(a, (l.models[j] as ModelPlacement).rect)).toBe(false);
          for (const c of rectCorners(a)) {
            const q = toLocal(l.frame, c);
            expect(Math.abs(q.u)).toBeLessThanOrEqual(l.width / 2 + 1e-9);
            expect(q.v).toBeGreaterThanOrEqual(-1e-9);
            expect(q.v).toBeLessThanOrEqual(l.depth + 1e-9);
          }
        }
      }),
      { seed: 7, numRuns: 60 },
    );
  });

  it("CORE-GEO-8: a joining character adds a front-rank slot beside the leader; files stay, rear rank grows", () => {
    const { spec, file, rank } = joinCharacter({ kind: "block", files: 5, count: 20, base: foot }, 2);
    expect(spec.count).toBe(21);
    expect([file, rank]).toEqual([3, 0]);
    const l = layoutUnit(spec, north);
    expect(l.files).toBe(5);
    expect(l.ranks).toBe(5);
    expect(l.models.filter((m) => m.rank === 4).map((m) => m.file)).toEqual([2]);
    expect(joinCharacter({ kind: "block", files: 5, count: 20, base: foot }, 4).file).toBe(3);
  });

  it("CORE-GEO-9: the unit centre is the footprint centroid, or the mean model centre when loose", () => {
    const l = layoutUnit({ kind: "block", files: 4, count: 9, base: foot }, north);
    expect(unitCentre(l).x).toBeCloseTo(0, 9);
    expect(unitCentre(l).y).toBeCloseTo(-1.5 * W, 9);
    const sq = layoutUnit({ kind: "square", count: 24, base: foot }, { p: vec(10, 10), facing: 0 });
    expect(unitCentre(sq).x).toBeCloseTo(10 - 5.5118110 / 2, 6);
    expect(unitCentre(sq).y).toBeCloseTo(10, 9);
    const loose = layoutUnit({ kind: "loose", base: foot, models: [{ x: 0, y: 0, facing: 0 }, { x: 4, y: 2, facing: 0 }] }, north);
    expect(unitCentre(loose)).toEqual({ x: 2, y: 1 });
  });
});
