/**
 * Rule tests for the open survivors of the seed-3 60-mutant extension of the WHN top-level files
 * (docs/guides/trust.md, "Seed 3: combat, morale, WHN top level, core"): each fails with its mutant
 * applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import type { BattleState, Unit } from "../../src/index.js";
import { woundUnit } from "../../src/rules/whn/shooting/damage.js";
import { battalion, battle, run } from "../fixtures/morale.js";

const unit = (s: BattleState, id: string): Unit => s.units[id as never]!;

/** fr-1 (models of W 2) with the detachment fr-d merged into it; gb-1 far off. */
function merged(): BattleState {
  const s0 = battle([
    battalion("fr-1", "fr", { position: { x: 36, y: 8 }, facing: 90 }),
    battalion("fr-d", "fr", { position: { x: 60, y: 30 }, facing: 90, figures: 16 }),
    battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270, formation: "LINE", files: 12 }),
  ]);
  const p = unit(s0, "fr-1");
  return {
    ...s0,
    units: { ...s0.units, "fr-1": { ...p, profile: { ...p.profile, W: 2 } }, "fr-d": { ...unit(s0, "fr-d"), figures: 4, detachmentOf: "fr-1", mergedInto: "fr-1" } },
  } as BattleState;
}

describe("seed-3 open survivor: combined.ts:118 (a loss of no model)", () => {
  it("WHN-DET-5 / CORE-UNIT-1: a wound that takes no model off a unit with merged elites shares nothing out and reports no shared loss", () => {
    const s = merged();
    const r = run(s, [], (st, ctx) => woundUnit(st, ctx, "fr-1" as never, 1, { x: 36, y: 40 }).state);
    expect(r.events.filter((e) => e.type === "unit/casualties")).toMatchObject([{ unit: "fr-1", removed: 0, wounds: 1 }]);
    expect(r.events.filter((e) => e.type === "unit/combinedCasualties")).toEqual([]);
    expect(unit(r.state, "fr-1")).toMatchObject({ figures: unit(s, "fr-1").figures, woundsTaken: 1 });
    expect(unit(r.state, "fr-d")).toEqual(unit(s, "fr-d"));
  });

  it("WHN-DET-5: a second wound takes a model, and the shared loss is reported (the case the first is held against)", () => {
    const s = merged();
    const r = run(s, [], (st, ctx) => woundUnit(st, ctx, "fr-1" as never, 2, { x: 36, y: 40 }).state);
    expect(r.events.filter((e) => e.type === "unit/combinedCasualties")).toMatchObject([{ unit: "fr-1", removed: 1 }]);
  });
});
