/**
 * Rule test for the movement survivor left open over the seed-3 batches (docs/guides/trust.md,
 * "Seed 3: movement"): `path.ts` wheel sampling (`Math.ceil(leg.degrees / SAMPLE_DEGREES)` →
 * `Math.ceil(leg.degrees * SAMPLE_DEGREES)`, four times finer). No rule fixes the sampling step;
 * what the case below holds is the exact outcome of one wheel, which with the 2° steps comes out to
 * the rule's value to the bit and with the finer steps does not (a sum of 40 pieces rounds apart
 * from a sum of 10). It is a bit-identity guard on play more than a rule difference (see trust.md).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { measurePath } from "../../src/rules/whn/movement/path.js";
import { battleOf, fr, gb, unitOf } from "../fixtures/movement.js";

describe("seed-3 open survivor: movement/path.ts wheel sampling", () => {
  it("CORE-MOVE-5 / CORE-GEO-18: a 20° wheel made wholly inside a wood costs exactly twice its arc (surcharge = the arc), to the bit", () => {
    const wood = { id: "w", kind: "woods", polygon: [{ x: 0, y: 0 }, { x: 72, y: 0 }, { x: 72, y: 40 }, { x: 0, y: 40 }], tags: { difficult: true } };
    const open = battleOf([fr("fr-1", 36, 20, { formation: "ATTACK_COLUMN", files: 4 }), gb("gb-1", 36, 46)]);
    const wooded = { ...open, terrain: [wood] } as BattleState;
    const u = unitOf(open, "fr-1");
    const leg = [{ kind: "wheel" as const, degrees: 20, pivot: "left" as const }];
    const arc = measurePath(open, u, leg, 4, 4).cost;
    const p = measurePath(wooded, u, leg, 4, 4);
    expect(p.surcharge).toBe(arc);
    expect(p.cost).toBe(2 * arc);
    expect(p.wheel).toBe(20);
  });
});
