// Rule tests that kill FnF mutants left alive by the seed-2 sampled mutation run (#17).
// Each case fails under the mutant named in its comment (checked by applying it by hand).
import { describe, expect, it } from "vitest";
import { FusilladeError, applyUnknown as apply, fnf } from "../../src/index.js";
import { inBadGoing } from "../../src/rules/fnf/geometry/terrain.js";
import { pathCost } from "../../src/rules/fnf/geometry/pricing.js";
import { MOVE_RATES } from "../../src/rules/fnf/tables/maneuver.js";
import { advanceTo, brigade, fnfBattle } from "./helpers.js";
import { fnfScenario } from "../../src/rules/fnf/index.js";

const square = (x0: number, y0: number, x1: number, y1: number) => [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];

describe("FnF mutants (seed 2)", () => {
  // geometry/terrain.ts: the kind "rough" → "" in the bad-going test.
  it("FNF-MAN-5: a point in rough ground, woods or buildings is in bad going; open ground is not", () => {
    for (const kind of ["rough", "woods", "buildings"]) {
      const t = [{ id: "t", kind, polygon: square(0, 0, 10, 10), tags: {} }] as never;
      expect(inBadGoing(t, { x: 5, y: 5 })).toBe(true);
      expect(inBadGoing(t, { x: 15, y: 5 })).toBe(false);
    }
    expect(inBadGoing([{ id: "t", kind: "hill", polygon: square(0, 0, 10, 10), tags: {} }] as never, { x: 5, y: 5 })).toBe(false);
  });

  // measuring.ts: the error code "engine/misuse" → "" when the first unit is unknown.
  it("FNF-GEO-3: distanceBetween refuses an unknown first or second unit with engine/misuse", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 40) } });
    for (const [a, b] of [["nope", "gb1"], ["fr1", "nope"]]) {
      let caught: unknown = null;
      try {
        fnf.distanceBetween(s, a as string, b as string);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(FusilladeError);
      expect((caught as FusilladeError).code).toBe("engine/misuse");
    }
  });

  // fire.ts: `target === undefined && lone === undefined` → `false` lets a shot at no one through the first check.
  it("FNF-FIRE-1: a fire at an id that is neither a unit nor a lone leader is refused as a bad target", () => {
    const s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 23) } }), "offensiveFire");
    const r = apply(s, { type: "fnf/fire", firer: "fr1", target: "gb9" });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/bad_target", rule: "FNF-FIRE-1" });
  });

  // geometry/pricing.ts: `(stream || deepStream) && (bridged || atFord)` → `stream || deepStream || bridged || atFord` makes every stream free.
  it("FNF-GEO-6 and FNF-MOVE-2: a stream crossed away from a road or ford costs its obstacle; at a bridge it is free", () => {
    const p = { rate: MOVE_RATES.infantry, roads: false, roughFree: false };
    const stream = { id: "s", kind: "stream", polygon: [], polyline: [{ x: 0, y: 12 }, { x: 20, y: 12 }], tags: {} } as never;
    const road = { id: "r", kind: "road", polygon: [], polyline: [{ x: 5, y: 0 }, { x: 5, y: 20 }], tags: {} } as never;
    expect(pathCost([stream], [{ x: 10, y: 11 }, { x: 10, y: 13 }], p)).toBeCloseTo(2 + MOVE_RATES.infantry.obstacle, 6);
    expect(MOVE_RATES.infantry.obstacle).toBeGreaterThan(0);
    expect(pathCost([stream, road], [{ x: 5, y: 11 }, { x: 5, y: 13 }], p)).toBeCloseTo(2, 6);
  });

  // scenarios.ts: the wood's polygon → `[]` leaves "The Coa, 1811" without its wood.
  it("FNF-GEO-6: The Coa, 1811 holds its ridge, village and wood as areas, and the Coa as a stream line", () => {
    const t = (fnfScenario("coa1811", 1).terrain ?? []) as { id: string; kind: string; polygon: { x: number; y: number }[] }[];
    const wood = t.find((f) => f.id === "wood");
    expect(wood?.kind).toBe("woods");
    expect(wood?.polygon).toEqual(square(4, 18, 14, 26));
    expect(t.find((f) => f.id === "village")?.polygon).toEqual(square(45, 27, 51, 32));
    expect(t.find((f) => f.id === "ridge")?.polygon).toEqual(square(14, 30, 46, 42));
    expect(t.find((f) => f.id === "coa")?.kind).toBe("stream");
  });
});
