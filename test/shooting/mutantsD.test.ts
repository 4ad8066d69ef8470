/**
 * Rule tests for the open survivors of the seed-3 shooting run (docs/guides/trust.md, "Seed 3:
 * artillery", shooting part): each fails with its mutant applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { shootingPanic } from "../../src/rules/whn/shooting/panic.js";
import { run } from "../fixtures/morale.js";
import { battleOf, fr, gb, unitOf } from "../fixtures/movement.js";

/** fr-1 lost 6 of 24 figures this phase (a Panic test is due), gb-1 about 24" south. */
function shot(patch: Partial<Unit> = {}): BattleState {
  const s = battleOf([fr("fr-1", 36, 20), gb("gb-1", 36, 44)]);
  const u = unitOf(s, "fr-1");
  return { ...s, units: { ...s.units, "fr-1": { ...u, phase: { ...u.phase, casualties: 6, figuresAtStart: u.figures + 6 }, ...patch } } } as BattleState;
}

describe("seed-3 open survivor: shooting/panic.ts:104 (the unit asked about is not in play)", () => {
  it("WHN-PANIC-2: a unit due a test takes it (the case the next two are held against)", () => {
    let result = "";
    run(shot(), [6, 6], (s, ctx) => {
      const out = shootingPanic(s, "fr-1" as never, ctx);
      result = out.result;
      return out.state;
    });
    expect(result).toBe("disordered");
  });

  it("WHN-PANIC-2: a unit already removed takes no shooting Panic test, whatever its casualties, and nothing changes", () => {
    const s = shot({ removed: { reason: "destroyed", gameTurn: 1 } } as Partial<Unit>);
    let result = "";
    const r = run(s, [6, 6], (st, ctx) => {
      const out = shootingPanic(st, "fr-1" as never, ctx);
      result = out.result;
      return out.state;
    });
    expect(result).toBe("notTested");
    expect(r.events).toEqual([]);
    expect(unitOf(r.state, "fr-1")).toEqual(unitOf(s, "fr-1"));
  });

  it("WHN-PANIC-2: an id naming no unit gives notTested and the same state, not a raw error", () => {
    const s = shot();
    let result = "";
    const r = run(s, [6, 6], (st, ctx) => {
      const out = shootingPanic(st, "nobody" as never, ctx);
      result = out.result;
      return out.state;
    });
    expect(result).toBe("notTested");
    expect(r.events).toEqual([]);
  });
});
