import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { measurePath, type Leg } from "../../src/rules/whn/movement/path.js";
import { chargeReach } from "../../src/geometry/charge.js";
import { segmentTerrainCost } from "../../src/geometry/movement.js";
import { polygonDistance } from "../../src/geometry/polygon.js";
import { terrainNear, type TerrainFeature } from "../../src/geometry/terrain.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { battleOf, fr, gb, unitOf } from "../fixtures/movement.js";

/** Inches in [min, max] in steps of 1/64 (fast-check's doubles crowd at the ends of a range). */
const inches = (min: number, max: number) => fc.integer({ min: min * 64, max: max * 64 }).map((n) => n / 64);

/** Small woods, marshes and rocks scattered over a 72" × 48" table. */
const features = fc.array(
  fc.record({ x: inches(0, 70), y: inches(0, 46), w: inches(0.5, 8), h: inches(0.5, 8), kind: fc.constantFrom("difficult", "veryDifficult", "impassable") }),
  { minLength: 1, maxLength: 24 },
).map((fs) =>
  fs.map((f, i): TerrainFeature => ({ id: `t${i}`, kind: "woods", polygon: [{ x: f.x, y: f.y }, { x: f.x + f.w, y: f.y }, { x: f.x + f.w, y: f.y + f.h }, { x: f.x, y: f.y + f.h }], tags: { [f.kind]: true } }) as TerrainFeature),
);

const legs = fc.array(
  fc.oneof(
    fc.double({ min: 0.1, max: 12, noNaN: true }).map((distance): Leg => ({ kind: "forward", distance })),
    fc.record({ degrees: fc.double({ min: 1, max: 90, noNaN: true }), pivot: fc.constantFrom("left" as const, "right" as const) }).map((w): Leg => ({ kind: "wheel", ...w })),
    fc.constantFrom(90 as const, -90 as const, 180 as const).map((degrees): Leg => ({ kind: "turn", degrees })),
  ),
  { minLength: 1, maxLength: 3 },
);

describe("terrain broad phase (movement hot path)", () => {
  it("CORE-MOVE-5: terrainNear leaves out only features farther than the radius, and keeps the order", () => {
    fc.assert(
      fc.property(features, inches(-10, 80), inches(-10, 60), inches(0, 30), (terrain, x, y, r) => {
        const near = terrainNear(terrain, x, y, r);
        expect(near).toEqual(terrain.filter((t) => near.includes(t)));
        for (const t of terrain) if (!near.includes(t)) expect(polygonDistance([{ x, y }], t.polygon)).toBeGreaterThan(r);
      }),
      { seed: 1701, numRuns: 300 },
    );
  });

  it("CORE-MOVE-5: a path measured with the broad phase costs exactly what it costs against every feature", () => {
    let hits = 0;
    let runs = 0;
    fc.assert(
      fc.property(features, legs, fc.constantFrom("ATTACK_COLUMN", "LINE"), (terrain, path, formation) => {
        runs++;
        const s = { ...battleOf([fr("fr-1", 36, 20, { formation, files: formation === "LINE" ? 12 : 4 }), gb("gb-1", 36, 46)]), terrain };
        const u = unitOf(s, "fr-1");
        const fast = measurePath(s, u, path, 4, 4);
        const slow = measurePath(s, u, path, 4, 4, false);
        if (slow.surcharge > 0) hits++;
        expect(fast.cost).toBe(slow.cost);
        expect(fast.surcharge).toBe(slow.surcharge);
        expect(fast.entersImpassable).toBe(slow.entersImpassable);
        expect(fast.end).toEqual(slow.end);
      }),
      { seed: 1702, numRuns: 150 },
    );
    // The property would be empty if no drawn path crossed rough ground.
    expect(hits).toBeGreaterThan(runs / 20);
  });

  it("CORE-GEO-22: a charge line's surcharge with the broad phase is the one against every feature", () => {
    fc.assert(
      fc.property(features, inches(0, 72), inches(0, 20), (terrain, x, y) => {
        const s = battleOf([fr("fr-1", x, y), gb("gb-1", 36, 40, { facing: 270 })]);
        const target = layoutOf(unitOf(s, "gb-1"));
        const r = chargeReach({ p: { x, y }, facing: 90 }, target, "front", 8, terrain, 4);
        expect(r.surcharge).toBe(segmentTerrainCost({ x, y }, r.point, terrain, 4).surcharge);
      }),
      { seed: 1703, numRuns: 200 },
    );
  });
});
