import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { removeModels } from "../../src/rules/whn/casualties.js";
import { extendedModelsAt } from "../../src/rules/whn/movement/skirmish.js";
import { nearestEnemy } from "../../src/rules/whn/morale/flee.js";
import { closestPointOnFootprint, rectBehindFrame } from "../../src/geometry/rect.js";
import { addScaled, forward, right } from "../../src/geometry/vec.js";
import { tieKey } from "../../src/math/index.js";
import { battalion, patchUnit, unit } from "../fixtures/setups.js";
import { battle } from "../fixtures/morale.js";

const skirmishers = (figures: number) =>
  battle([
    battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures, startingFigures: figures, files: figures, command: {} }),
    battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 }),
  ]);

describe("ties fall to a stable key, not to rounding noise", () => {
  it("tieKey makes lengths equal in exact arithmetic compare equal", () => {
    expect(0.1 + 0.2 === 0.3).toBe(false);
    expect(tieKey(0.1 + 0.2)).toBe(tieKey(0.3));
    expect(tieKey(12)).toBeLessThan(tieKey(12.00001));
    expect(tieKey(Infinity)).toBe(Infinity);
  });

  it("WHN-FORM-8: a skirmish line hit from straight ahead loses the same end model at every facing", () => {
    const s = skirmishers(5);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }), fc.double({ min: 2, max: 30, noNaN: true }), (facing, range) => {
        const centre = { x: 36, y: 24 };
        const u = unit(patchUnit(s, "fr-1", { position: centre, facing, models: extendedModelsAt(unit(s, "fr-1"), 5, { p: centre, facing }) }), "fr-1");
        const enemy = addScaled(centre, forward(facing), range);
        const kept = removeModels(u, 1, enemy).unit.models ?? [];
        // The two end models are equally far in exact arithmetic: the higher index goes.
        expect(kept).toEqual((u.models ?? []).slice(0, 4));
      }),
      { seed: 31, numRuns: 2000 },
    );
  });

  it("CORE-FLEE-3: of two equidistant enemies the nearest is the one with the lower id, at any facing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 359 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (whole, part) => {
        const facing = whole + part;
        const at = { x: 36, y: 24 };
        const f = forward(facing);
        const r = right(facing);
        // Two enemies mirrored about the line of the unit's facing, 14" ahead and 9" to each side.
        const left = addScaled(addScaled(at, f, 14), r, -9);
        const rightOf = addScaled(addScaled(at, f, 14), r, 9);
        const s = battle([
          battalion("fr-1", "fr", { position: at, facing, formation: "ATTACK_COLUMN", files: 4 }),
          battalion("gb-b", "gb", { position: left, facing: facing + 180, formation: "ATTACK_COLUMN", files: 4 }),
          battalion("gb-a", "gb", { position: rightOf, facing: facing + 180, formation: "ATTACK_COLUMN", files: 4 }),
        ]);
        expect(nearestEnemy(s, unit(s, "fr-1"))?.id).toBe("gb-a");
      }),
      { seed: 32, numRuns: 300 },
    );
  });

  it("CORE-GEO-24: of two bases equally near a point, the closest point is on the first", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }), (facing) => {
        const at = { x: 30, y: 20 };
        const r = right(facing);
        const a = rectBehindFrame({ p: addScaled(at, r, -1), facing }, 1, 1);
        const b = rectBehindFrame({ p: addScaled(at, r, 1), facing }, 1, 1);
        const p = addScaled(at, forward(facing), 5);
        const q = closestPointOnFootprint(p, [a, b]);
        const qa = closestPointOnFootprint(p, [a]);
        expect(q).toEqual(qa);
      }),
      { seed: 33, numRuns: 1000 },
    );
  });
});
