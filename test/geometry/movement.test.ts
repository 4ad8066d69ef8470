import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  applyStep,
  changeFormation,
  followPath,
  formationPivot,
  freeMoveCost,
  layoutUnit,
  pathCost,
  segmentTerrainCost,
  sweptTerrainCost,
  vec,
  wheelCost,
} from "../../src/geometry/index.js";
import type { OrientedRect, TerrainFeature, Vec2 } from "../../src/geometry/index.js";

const box = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [vec(x0, y0), vec(x1, y0), vec(x1, y1), vec(x0, y1)];
const W = 20 / 25.4;
const foot = BASE_SIZES.foot;

describe("movement", () => {
  it("CORE-GEO-18: a wheel costs |Δθ| in radians × Wd; the path cost adds straight moves", () => {
    expect(wheelCost(45, 5)).toBeCloseTo(3.9269908, 6);
    expect(wheelCost(-45, 5)).toBeCloseTo(3.9269908, 6);
    expect(pathCost([{ kind: "move", distance: 2 }, { kind: "wheel", degrees: 45 }, { kind: "move", distance: 1 }], 5)).toBeCloseTo(6.9269908, 6);
  });

  it("CORE-GEO-18: a left wheel pivots on the left front corner, a right wheel on the right one", () => {
    const start = { p: vec(0, 0), facing: 90 };
    const left = applyStep(start, 4, { kind: "wheel", degrees: 90 });
    expect(left.p.x).toBeCloseTo(-2, 12);
    expect(left.p.y).toBeCloseTo(2, 12);
    expect(left.facing).toBe(180);
    const rightTurn = applyStep(start, 4, { kind: "wheel", degrees: -90 });
    expect(rightTurn.p.x).toBeCloseTo(2, 12);
    expect(rightTurn.p.y).toBeCloseTo(2, 12);
    const end = followPath(start, 4, [{ kind: "move", distance: 3 }, { kind: "wheel", degrees: -90 }]).at(-1);
    expect(end?.p.x).toBeCloseTo(2, 12);
    expect(end?.p.y).toBeCloseTo(5, 12);
  });

  it("CORE-GEO-19: a free mover pays the distance travelled", () => {
    expect(freeMoveCost(vec(1, 1), vec(4, 5))).toBeCloseTo(5, 12);
  });

  it("CORE-GEO-18: terrain surcharges (CORE-MOVE-5) for a line and for a whole swept footprint", () => {
    const wood: TerrainFeature = { id: "w", kind: "woods", polygon: box(-10, 2, 10, 3), tags: { difficult: true } };
    const marsh: TerrainFeature = { id: "m", kind: "marsh", polygon: box(-10, 2.5, 10, 4), tags: { veryDifficult: true } };
    const hedge: TerrainFeature = { id: "h", kind: "hedge", polygon: box(-10, 6, 10, 6.2), polyline: [vec(-10, 6.1), vec(10, 6.1)], tags: { obstacle: true } };
    const line = segmentTerrainCost(vec(0, 0), vec(0, 8), [wood, marsh, hedge], 4);
    // 0.5" difficult (+1 each) and 1.5" very difficult (+3 each), one obstacle at M/2 = 2.
    expect(line.extra).toBeCloseTo(5, 9);
    expect(line.obstacles).toBe(1);
    expect(line.surcharge).toBeCloseTo(7, 9);
    // A unit 2" wide, 1" deep: any part inside the wood while its front edge is between y = 2 and 4.
    const unit: OrientedRect = { center: vec(0, -0.5), halfWidth: 1, halfDepth: 0.5, facing: 90 };
    const swept = sweptTerrainCost([unit], vec(0, 1), 5, [wood], 4);
    expect(swept.extra).toBeCloseTo(2, 9);
    expect(swept.entersImpassable).toBe(false);
    const lake: TerrainFeature = { id: "l", kind: "lake", polygon: box(-10, 4.5, 10, 9), tags: { impassable: true } };
    expect(sweptTerrainCost([unit], vec(0, 1), 5, [lake], 4).entersImpassable).toBe(true);
  });

  it("CORE-GEO-20: a formation change keeps the old front rank's middle slot in place", () => {
    const line = layoutUnit({ kind: "block", files: 8, count: 16, base: foot }, { p: vec(0, 0), facing: 90 });
    const pivot = formationPivot(line);
    expect(pivot.x).toBeCloseTo(W / 2, 9);
    expect(pivot.y).toBeCloseTo(-W / 2, 9);
    const column = changeFormation(line, { kind: "block", files: 3, count: 16, base: foot });
    expect(column.frame.p.x).toBeCloseTo(W / 2, 9);
    expect(column.frame.p.y).toBeCloseTo(0, 9);
    const mid = column.models.find((m) => m.rank === 0 && m.file === 1);
    expect(mid?.rect.center.x).toBeCloseTo(pivot.x, 9);
    expect(mid?.rect.center.y).toBeCloseTo(pivot.y, 9);
    const square = changeFormation(line, { kind: "square", count: 16, base: foot });
    expect(square.frame.p.x).toBeCloseTo(W / 2, 9);
    expect(square.frame.p.y).toBeCloseTo(-W / 2, 9);
    const turned = changeFormation(line, { kind: "block", files: 4, count: 16, base: foot }, 0);
    const turnedMid = turned.models.find((m) => m.rank === 0 && m.file === 2);
    expect(turnedMid?.rect.center.x).toBeCloseTo(pivot.x, 9);
    expect(turnedMid?.rect.center.y).toBeCloseTo(pivot.y, 9);
  });
});
