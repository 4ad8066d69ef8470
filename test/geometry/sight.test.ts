import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  betterCover,
  elevationAt,
  isOnHill,
  layoutUnit,
  lineOfSight,
  targetCover,
  vec,
} from "../../src/geometry/index.js";
import type { OrientedRect, TerrainFeature, Vec2 } from "../../src/geometry/index.js";

const box = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [vec(x0, y0), vec(x1, y0), vec(x1, y1), vec(x0, y1)];
const feature = (id: string, polygon: Vec2[], tags: TerrainFeature["tags"]): TerrainFeature => ({ id, kind: id, polygon, tags });

const foot = BASE_SIZES.foot;
const shooter = layoutUnit({ kind: "block", files: 4, count: 8, base: foot }, { p: vec(10, 10), facing: 90 });
const target = layoutUnit({ kind: "block", files: 4, count: 4, base: foot }, { p: vec(10, 30), facing: 270 });
const between = layoutUnit({ kind: "block", files: 2, count: 2, base: foot }, { p: vec(10, 20), facing: 90 });

describe("line of sight and cover", () => {
  it("CORE-GEO-16: sight runs from the front-edge centre to the target's nearest point", () => {
    const los = lineOfSight(shooter, target, [], []);
    expect(los.visible).toBe(true);
    expect(los.from).toEqual(vec(10, 10));
    expect(los.to.x).toBeCloseTo(10, 9);
    expect(los.to.y).toBeCloseTo(30, 9);
  });

  it("CORE-GEO-16: blocksLos terrain and intervening units block; HR-COVER-1 turns units into cover", () => {
    const woods = feature("woods", box(8, 18, 12, 22), { blocksLos: true, softCover: true });
    expect(lineOfSight(shooter, target, [], [woods])).toMatchObject({ visible: false, blockingTerrain: ["woods"] });
    const others = [{ id: "mid", layout: between }];
    expect(lineOfSight(shooter, target, others, [])).toMatchObject({ visible: false, blockingUnits: ["mid"], screeningUnits: [] });
    expect(lineOfSight(shooter, target, others, [], { unitsGiveCover: true })).toMatchObject({
      visible: true,
      blockingUnits: [],
      screeningUnits: ["mid"],
    });
  });

  it("CORE-GEO-16: a viewer on higher ground sees over a lower unit, not over an equal one", () => {
    const others = [{ id: "mid", layout: between }];
    const hill = feature("hill", box(0, 0, 20, 12), { hill: 1 });
    expect(lineOfSight(shooter, target, others, [hill]).visible).toBe(true);
    const ridge = feature("ridge", box(0, 15, 20, 21), { hill: 1 });
    expect(lineOfSight(shooter, target, others, [hill, ridge]).visible).toBe(false);
  });

  it("CORE-GEO-16: a square looks from the face toward its target", () => {
    const sq = layoutUnit({ kind: "square", count: 24, base: foot }, { p: vec(10, 10), facing: 0 });
    // Facing east, the square's left face points north toward the target.
    expect(lineOfSight(sq, target, [], []).from.y).toBeCloseTo(10 + 5.5118110 / 2, 6);
  });

  it("CORE-GEO-17: at least half the models covered puts the target in cover; hard beats soft", () => {
    // Target model centres (facing south): x = 11.1811, 10.3937, 9.6063, 8.8189 at y = 30.3937.
    const centres = target.models.map((m) => m.rect.center.x);
    expect(centres[0]).toBeCloseTo(11.1811024, 6);
    const hedge = feature("hedge", box(9.9, 20, 12, 20.5), { softCover: true });
    const soft = targetCover(shooter.frame.p, target.models.map((m) => m.rect), [hedge]);
    expect(soft).toMatchObject({ covered: 2, hard: 0, total: 4, inCover: true, grade: "soft" });
    const house = feature("house", box(8.5, 30, 9.2, 31), { hardCover: true });
    const mixed = targetCover(shooter.frame.p, target.models.map((m) => m.rect), [hedge, house]);
    expect(mixed).toMatchObject({ covered: 3, hard: 1, grade: "soft", perModel: ["soft", "soft", "none", "hard"] });
    const wall = feature("wall", box(8.5, 25, 10, 25.2), { hardCover: true });
    expect(targetCover(shooter.frame.p, target.models.map((m) => m.rect), [hedge, wall]).grade).toBe("hard");
    expect(targetCover(shooter.frame.p, target.models.map((m) => m.rect), [house])).toMatchObject({ inCover: false, grade: "none" });
    expect(betterCover("soft", "hard")).toBe("hard");
  });

  it("CORE-GEO-31: elevation is the highest hill containing the point; on a hill means wholly inside hills", () => {
    const low = feature("low", box(0, 0, 20, 20), { hill: 1 });
    const high = feature("high", box(5, 5, 10, 10), { hill: 2 });
    const next = feature("next", box(20, 0, 30, 20), { hill: 1 });
    expect(elevationAt([low, high], vec(7, 7))).toBe(2);
    expect(elevationAt([low, high], vec(15, 15))).toBe(1);
    expect(elevationAt([low, high], vec(25, 25))).toBe(0);
    const straddling: OrientedRect = { center: vec(20, 10), halfWidth: 2, halfDepth: 1, facing: 90 };
    expect(isOnHill([low, next], [straddling])).toBe(true);
    expect(isOnHill([low], [straddling])).toBe(false);
    const gap = feature("gap", box(20.5, 0, 30, 20), { hill: 1 });
    expect(isOnHill([low, gap], [straddling])).toBe(false);
  });
});
