// Rule tests that kill movement mutants left alive by the seed-2 sampled mutation run (#17).
// Each case fails under the mutant named in its comment (checked by applying it by hand).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { battleOf, fr, gbCav, patch, refused, toStep, type AnyAction } from "../fixtures/movement.js";

const declare = (unit: string, target: string): AnyAction => ({ type: "movement/declareCharge", unit, target });

describe("movement mutants (seed 2)", () => {
  // declare.ts: the violation detail `{ unit: charger.id }` → `{}` for a fleeing charger.
  it("CORE-CHRG-1: a fleeing unit may not declare a charge; the refusal names it", () => {
    const s: BattleState = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    expect(refused(patch(s, "gb-2", { order: "FLEEING" }), declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/charger_fleeing", rule: "CORE-CHRG-1", unit: "gb-2" });
  });
});
