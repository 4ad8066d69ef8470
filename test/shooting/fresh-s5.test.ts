/**
 * Rule tests for survivors of the fresh seed-5 sample of src/rules/whn/shooting (#17,
 * docs/guides/trust.md "Seed 5, fresh: … (2 Dec 2026, sixth session)"): each case fails with its
 * mutant applied to the source by hand. `apply` refuses both cases earlier with the engine's own
 * checks, so the shooting reading (what odds and listings ask) is asked directly.
 */
import { describe, expect, it } from "vitest";
import { shotSituation } from "../../src/rules/whn/shooting/situation.js";
import { duel } from "../fixtures/shooting.js";

describe("who may shoot (shooting/situation.ts shotSituation)", () => {
  it("CORE-SHOOT-1: a unit of the side whose turn it is not may not shoot; the reading names CORE-SHOOT-1 (situation.ts:124)", () => {
    const r = shotSituation(duel(10), { shooter: "gb-1", target: "fr-1" } as never);
    expect(r.ok ? null : r.violation).toMatchObject({ code: "shooting/not_active_side", rule: "CORE-SHOOT-1", side: "gb" });
  });

  it("CORE-SHOOT-1: a shooter not in play is read as unknown, naming CORE-SHOOT-1 (situation.ts:263)", () => {
    const r = shotSituation(duel(10), { shooter: "ghost", target: "gb-1" } as never);
    expect(r.ok ? null : r.violation).toMatchObject({ code: "shooting/unknown_unit", rule: "CORE-SHOOT-1" });
  });
});
