import { describe, expect, it } from "vitest";
import { FNF_BASES, fnfLayoutOf, formationSlots } from "../../src/rules/fnf/index.js";
import { planFormationChange, bottleneckTravel } from "../../src/rules/fnf/geometry/formationChange.js";
import { enfilades, envelopment, facesTouched, fireRange, inBaseArc, overlapsRegion, rearRegion } from "../../src/rules/fnf/geometry/measure.js";
import { pathCost } from "../../src/rules/fnf/geometry/pricing.js";
import { baseCover, unitCover, unitElevation } from "../../src/rules/fnf/geometry/terrain.js";
import { baseSees } from "../../src/rules/fnf/geometry/sight.js";
import { moveAway } from "../../src/rules/fnf/geometry/away.js";
import { MOVE_RATES } from "../../src/rules/fnf/tables/maneuver.js";
import type { OrientedRect } from "../../src/rules/fnf/geometry/prims.js";

const inf = (formation: "LINE" | "SUPPORTED_LINE" | "COLUMN_OF_ROUTE" | "COLUMN_OF_ATTACK", bases: number, x = 36, y = 20, facing = 90) =>
  fnfLayoutOf({ kind: "brigade", arm: "infantry", bases, formation, skirmishing: false, battery: null, position: { x, y }, facing });
const rect = (x: number, y: number, w = 1, d = 1, facing = 90): OrientedRect => ({ center: { x, y }, halfWidth: w / 2, halfDepth: d / 2, facing });
const sq = (x0: number, y0: number, x1: number, y1: number) => [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];

describe("FnF geometry", () => {
  it("FNF-GEO-1: base sizes in inches (frontage × depth, AMB-59) and FNF-ORG-1 infantry/cavalry bases", () => {
    expect(FNF_BASES.infantry.w).toBeCloseTo(1.5748, 4);
    expect(FNF_BASES.infantry.d).toBeCloseTo(1.1811, 4);
    expect(FNF_BASES.cavalry.d).toBeCloseTo(1.5748, 4);
    expect(FNF_BASES.skirmish.w).toBeCloseTo(2.3622, 4);
    expect(FNF_BASES.heavyGunUnlimbered.d).toBeCloseTo(3.1496, 4);
    expect(FNF_BASES.horseGunLimbered.d).toBeCloseTo(4.7244, 4);
  });

  it("FNF-GEO-2: layouts of 7 bases (command base included) in each formation, FNF-FORM-1", () => {
    expect(formationSlots("LINE", 7).filter((s) => s.command)).toEqual([{ file: 6, rank: 0, command: true }]);
    const sl = formationSlots("SUPPORTED_LINE", 7);
    expect(sl.filter((s) => s.rank === 0)).toHaveLength(4);
    expect(sl.filter((s) => s.rank === 1).map((s) => s.file)).toEqual([1, 2, 3]);
    expect(formationSlots("COLUMN_OF_ROUTE", 7).every((s) => s.file === 0)).toBe(true);
    const ca = formationSlots("COLUMN_OF_ATTACK", 7);
    expect(ca.find((s) => s.command)).toEqual({ file: 1, rank: 0, command: true });
    expect(ca.filter((s) => s.rank === 3)).toEqual([{ file: 1, rank: 3, command: false }]);
    const line = inf("LINE", 6);
    expect(line.footprint.halfWidth * 2).toBeCloseTo(7 * FNF_BASES.infantry.w, 9);
    expect(line.footprint.center.y).toBeCloseTo(20 - FNF_BASES.infantry.d / 2, 9);
  });

  it("FNF-GEO-2 and FNF-ORG-2: fire rank 1 is the foremost non-command base of each file (AMB-79)", () => {
    const rank1 = (l: ReturnType<typeof inf>) => l.bases.filter((b) => b.fireRank === 1).length;
    expect(rank1(inf("LINE", 6))).toBe(6);
    expect(rank1(inf("SUPPORTED_LINE", 6))).toBe(4);
    expect(rank1(inf("COLUMN_OF_ATTACK", 6))).toBe(2);
    expect(rank1(inf("COLUMN_OF_ROUTE", 6))).toBe(1);
    expect(inf("COLUMN_OF_ROUTE", 6).bases.filter((b) => b.fireRank === 2)).toHaveLength(1);
  });

  it("FNF-GEO-2a: formation change about P with the least longest travel", () => {
    const before = { kind: "brigade", arm: "infantry", bases: 6, formation: "COLUMN_OF_ATTACK", skirmishing: false, battery: null, position: { x: 36, y: 20 }, facing: 90 } as const;
    const plan = planFormationChange(before, { ...before, formation: "LINE" });
    expect(plan.layout.footprint.center.y).toBeCloseTo(20 - FNF_BASES.infantry.d / 2, 9);
    expect(plan.travel).toBeGreaterThan(0);
    expect(plan.travel).toBeLessThan(12);
    expect(bottleneckTravel([{ x: 0, y: 0 }, { x: 10, y: 0 }], [{ x: 10, y: 1 }, { x: 0, y: 1 }])).toBeCloseTo(1, 9);
  });

  it("FNF-GEO-3: fire range from each base's front edge, 90° arc per base", () => {
    const base = rect(10, 10, 2, 1, 90);
    expect(fireRange(base, [rect(10, 15, 1, 1)])).toBeCloseTo(4, 9);
    expect(inBaseArc(base, [rect(10, 15)])).toBe(true);
    expect(inBaseArc(base, [rect(20, 11)])).toBe(false);
    expect(inBaseArc(base, [rect(10, 5)])).toBe(false);
  });

  it("FNF-GEO-4: enfilade by quadrant; faces touched away from corners; outflanked and surrounded (AMB-70)", () => {
    const target = inf("LINE", 3, 36, 20, 90);
    expect(enfilades(rect(45, 19), target)).toBe(true);
    expect(enfilades(rect(36, 25), target)).toBe(false);
    const fp = target.footprint;
    const flank = rect(fp.center.x + fp.halfWidth + 0.5, fp.center.y, 1, 1);
    expect(facesTouched(flank, fp)).toEqual(["right"]);
    const corner = rect(fp.center.x + fp.halfWidth + 0.5, fp.center.y + fp.halfDepth + 0.5, 1, 1);
    expect(facesTouched(corner, fp)).toEqual([]);
    expect(envelopment(new Set(["front"]))).toBe("none");
    expect(envelopment(new Set(["front", "right"]))).toBe("outflanked");
    expect(envelopment(new Set(["front", "rear"]))).toBe("surrounded");
    expect(envelopment(new Set(["front", "left", "right"]))).toBe("surrounded");
  });

  it("FNF-GEO-5: a base behind the rear edge supports; one beside it does not", () => {
    const fp = inf("LINE", 3, 36, 20, 90).footprint;
    const region = rearRegion(fp, 6);
    expect(overlapsRegion(rect(36, 15), region)).toBe(true);
    expect(overlapsRegion(rect(36 + fp.halfWidth + 0.5, 19.4), region)).toBe(false);
    expect(overlapsRegion(rect(36, 8), region)).toBe(false);
  });

  it("FNF-GEO-6 and FNF-MOVE-2: proportional road and rough costs, obstacles once (AMB-65)", () => {
    const woods = { id: "w", kind: "woods", polygon: sq(0, 5, 20, 10), tags: {} };
    const hedge = { id: "h", kind: "hedge", polygon: [], polyline: [{ x: 0, y: 12 }, { x: 20, y: 12 }], tags: {} };
    const road = { id: "r", kind: "road", polygon: [], polyline: [{ x: 30, y: 0 }, { x: 30, y: 20 }], tags: {} };
    const p = { rate: MOVE_RATES.infantry, roads: false, roughFree: false };
    expect(pathCost([woods], [{ x: 5, y: 0 }, { x: 5, y: 10 }], p)).toBeCloseTo(5 + 10, 6);
    expect(pathCost([hedge], [{ x: 5, y: 11 }, { x: 5, y: 13 }], p)).toBeCloseTo(2 + 3, 6);
    expect(pathCost([road], [{ x: 30, y: 0 }, { x: 30, y: 10 }], { ...p, roads: true })).toBeCloseTo(5, 6);
    expect(pathCost([road], [{ x: 30, y: 0 }, { x: 30, y: 10 }], p)).toBeCloseTo(10, 6);
    const lake = { id: "l", kind: "impassable", polygon: sq(0, 5, 20, 10), tags: {} };
    expect(pathCost([lake], [{ x: 5, y: 0 }, { x: 5, y: 10 }], p)).toBe(Infinity);
  });

  it("FNF-MOVE-4: skirmishers pay nothing for rough ground", () => {
    const woods = { id: "w", kind: "woods", polygon: sq(0, 5, 20, 10), tags: {} };
    expect(pathCost([woods], [{ x: 5, y: 0 }, { x: 5, y: 10 }], { rate: MOVE_RATES.infantry, roads: false, roughFree: true })).toBeCloseTo(10, 6);
  });

  it("FNF-GEO-7: cover of bases, units in cover by majority, elevation", () => {
    const wall = { id: "s", kind: "stoneWall", polygon: [], polyline: [{ x: 0, y: 10.5 }, { x: 40, y: 10.5 }], tags: {} };
    const woods = { id: "w", kind: "woods", polygon: sq(0, 0, 5, 5), tags: {} };
    expect(baseCover([wall], { x: 10, y: 10 }, [rect(10, 20)])).toBe("hard");
    expect(baseCover([wall], { x: 10, y: 8 }, [rect(10, 20)])).toBe("none");
    expect(baseCover([woods], { x: 2, y: 2 }, [rect(10, 20)])).toBe("soft");
    expect(unitCover(["hard", "hard", "none"])).toBe("hard");
    expect(unitCover(["hard", "soft", "none"])).toBe("soft");
    expect(unitCover(["hard", "none"])).toBe("none");
    const hill = { id: "h", kind: "hill", polygon: sq(0, 0, 10, 10), tags: { hill: 2 } };
    expect(unitElevation([hill], [{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: 20, y: 20 }])).toBe(2);
    expect(unitElevation([hill], [{ x: 1, y: 1 }, { x: 20, y: 20 }])).toBe(0);
  });

  it("FNF-GEO-8: sight blocked by a base in between, by 2\" of woods, and by a crest", () => {
    const firer = rect(10, 10, 2, 1, 90);
    const target = [rect(10, 20, 2, 1)];
    expect(baseSees(firer, target, [], [])).toBe(true);
    expect(baseSees(firer, target, [], [{ rect: rect(10, 15, 6, 1), elevation: 0 }])).toBe(false);
    const woods = { id: "w", kind: "woods", polygon: sq(0, 13, 20, 16), tags: {} };
    expect(baseSees(firer, target, [woods], [])).toBe(false);
    const thin = { id: "w", kind: "woods", polygon: sq(0, 13, 20, 14.5), tags: {} };
    expect(baseSees(firer, target, [thin], [])).toBe(true);
    const crest = { id: "h", kind: "hill", polygon: sq(0, 14, 20, 16), tags: { hill: 1 } };
    expect(baseSees(firer, target, [crest], [])).toBe(false);
  });

  it("FNF-GEO-9: moves away rotate round enemies, stop short when boxed in, leave the table at the edge", () => {
    const me = [rect(20, 20, 2, 1)];
    const open = moveAway(me, { x: 0, y: -1 }, { kind: "fixed", length: 5 }, { terrain: [], table: { width: 72, height: 48 }, enemies: [], friends: [] });
    expect(open.offset.y).toBeCloseTo(-5, 9);
    const blocker = rect(20, 16, 4, 1);
    const turned = moveAway(me, { x: 0, y: -1 }, { kind: "fixed", length: 5 }, { terrain: [], table: { width: 72, height: 48 }, enemies: [blocker], friends: [] });
    expect(turned.stoppedBy).toBe("none");
    expect(turned.direction.x).not.toBeCloseTo(0, 3);
    const wall = [rect(20, 16, 60, 1), rect(17, 20, 1, 30), rect(23, 20, 1, 30)];
    const stuck = moveAway(me, { x: 0, y: -1 }, { kind: "fixed", length: 5 }, { terrain: [], table: { width: 72, height: 48 }, enemies: wall, friends: [] });
    expect(stuck.stoppedBy).toBe("enemy");
    expect(stuck.distance).toBeCloseTo(2.5, 2);
    const edge = moveAway([rect(20, 3, 2, 1)], { x: 0, y: -1 }, { kind: "fixed", length: 5 }, { terrain: [], table: { width: 72, height: 48 }, enemies: [], friends: [] });
    expect(edge.offTable).toBe(true);
  });
});
