import { describe, expect, it } from "vitest";
import { unitId } from "../../src/index.js";
import {
  DISORDER,
  NO_DISORDER,
  disorderModifiers,
  disorderedFiringRanks,
  disorderedPikeRanks,
  mayDisengage,
  mayMoveVoluntarily,
  shootingBsModifier,
  stationaryReason,
} from "../../src/rules/whn/morale/disorder.js";
import { panicTest } from "../../src/rules/whn/morale/panic.js";
import { battalion, battle, patchUnit, run, unit } from "../fixtures/morale.js";

const s0 = battle([
  battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
  battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270 }),
]);
const dis = unit(patchUnit(s0, "fr-1", { order: "DISORDERED" }), "fr-1");
const good = unit(s0, "fr-1");

describe("disorder", () => {
  it("WHN-DIS-1: a failed Panic test disorders a GOOD unit, which stays DISORDERED until it rallies or flees", () => {
    const r = run(s0, [6, 5], (st, ctx) => panicTest(st, unitId("fr-1"), ctx, { rule: "CORE-PANIC-5" }).state);
    expect(unit(r.state, "fr-1").order).toBe("DISORDERED");
    const again = run(r.state, [1, 1], (st, ctx) => panicTest(st, unitId("fr-1"), ctx, { rule: "CORE-PANIC-5" }).state);
    expect(unit(again.state, "fr-1").order).toBe("DISORDERED");
  });

  it("WHN-DIS-2: a DISORDERED unit has −1 WS, BS, S, T and Ld, and nothing else changes (AMB-31)", () => {
    expect(disorderModifiers(dis)).toEqual({ WS: -1, BS: -1, S: -1, T: -1, Ld: -1 });
    expect(disorderModifiers(good)).toEqual(NO_DISORDER);
    expect(disorderModifiers({ ...good, order: "FLEEING" })).toEqual(NO_DISORDER);
    expect(Object.keys(DISORDER).sort()).toEqual(["BS", "Ld", "S", "T", "WS"]);
  });

  it("WHN-DIS-3: a DISORDERED unit fires with one rank and fights with one rank of pikes", () => {
    expect(disorderedFiringRanks(dis)).toBe(1);
    expect(disorderedPikeRanks(dis)).toBe(1);
    expect(disorderedFiringRanks(good)).toBeNull();
    expect(disorderedPikeRanks(good)).toBeNull();
  });

  it("WHN-DIS-4: an unrallied DISORDERED unit makes no voluntary move, may shoot at BS −1, and may not disengage (AMB-107)", () => {
    expect(stationaryReason(dis, s0.options)).toEqual({ reason: "disordered", rule: "WHN-DIS-4" });
    expect(mayMoveVoluntarily(good, s0.options)).toBe(true);
    expect(mayMoveVoluntarily(dis, s0.options)).toBe(false);
    expect(mayMoveVoluntarily({ ...good, order: "FLEEING" }, s0.options)).toBe(false);
    expect(shootingBsModifier(dis)).toBe(-1);
    expect(shootingBsModifier(good)).toBe(0);
    expect(mayDisengage(dis)).toBe(false);
    expect(mayDisengage(good)).toBe(true);
    expect(stationaryReason({ ...good, order: "FLEEING" }, s0.options)).toEqual({ reason: "fleeing", rule: "CORE-FLEE-1" });
  });
});
