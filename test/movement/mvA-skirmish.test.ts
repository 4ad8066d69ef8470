/**
 * Extended order (src/rules/whn/movement/skirmish.ts): the spacing and coherency check with its exact
 * refusals at both tolerances (WHN-SKIRM-3, WHN-SKIRM-4, AMB-37), and where the models stand when a
 * unit takes up extended order or forms its single rank for a combat.
 */
import { describe, expect, it } from "vitest";
import { extendedModelsAt, extendedOrderViolation, modelRects, singleRankFor } from "../../src/rules/whn/movement/skirmish.js";
import type { Unit } from "../../src/state/unit.js";
import { battleOf, fr, gb, unitOf } from "../fixtures/movement.js";
import { FOOT_W } from "../fixtures/mvA.js";

const close = (v: number) => expect.closeTo(v, 9);
const W = FOOT_W;
const skirmishers = (figures = 4): Unit => ({ ...unitOf(battleOf([fr("fr-1", 36, 20), gb("gb-1", 36, 40)]), "fr-1"), figures }) as Unit;
/** Models facing north in a row along y = 10, their centres at the given x. */
const row = (...xs: number[]) => xs.map((x) => ({ x, y: 10, facing: 90 }));

describe("mvA: extended-order spacing and coherency (WHN-SKIRM-3, WHN-SKIRM-4)", () => {
  it("WHN-SKIRM-3: bases one base width apart stand; 0.01\" closer is refused naming the pair, the gap and the minimum", () => {
    const u = skirmishers();
    expect(extendedOrderViolation(u, row(10, 10 + 2 * W))).toBeNull();
    expect(extendedOrderViolation(u, row(10, 10 + 2 * W - 0.0009))).toBeNull();
    expect(extendedOrderViolation(u, row(10, 10 + 2 * W - 0.01))).toEqual({ unit: "fr-1", models: [0, 1], distance: close(W - 0.01), min: W, code: "movement/extended_spacing", rule: "WHN-SKIRM-3" });
    expect(extendedOrderViolation(u, row(10, 12, 12 + 2 * W - 0.002))).toEqual({ unit: "fr-1", models: [1, 2], distance: close(W - 0.002), min: W, code: "movement/extended_spacing", rule: "WHN-SKIRM-3" });
  });

  it("WHN-SKIRM-4: a model 2\" from the next is linked; 2.01\" is not, and the refusal counts the linked group from the first model", () => {
    const u = skirmishers();
    expect(extendedOrderViolation(u, row(10, 12 + W))).toBeNull();
    expect(extendedOrderViolation(u, row(10, 12 + W + 0.0009))).toBeNull();
    expect(extendedOrderViolation(u, row(10, 12.01 + W))).toEqual({ unit: "fr-1", linked: 1, models: 2, code: "movement/extended_coherency", rule: "WHN-SKIRM-4" });
    expect(extendedOrderViolation(u, row(10, 11.5 + W, 20))).toEqual({ unit: "fr-1", linked: 2, models: 3, code: "movement/extended_coherency", rule: "WHN-SKIRM-4" });
    expect(extendedOrderViolation(u, row(20, 10, 11.5 + W))).toEqual({ unit: "fr-1", linked: 1, models: 3, code: "movement/extended_coherency", rule: "WHN-SKIRM-4" });
  });

  it("WHN-SKIRM-4: a chain linked only through its middle model holds in any listing order", () => {
    const u = skirmishers();
    const s = 1.5 + W;
    expect(extendedOrderViolation(u, row(10, 10 + 2 * s, 10 + s))).toBeNull();
    expect(extendedOrderViolation(u, row(10 + 2 * s, 10, 10 + s))).toBeNull();
    expect(extendedOrderViolation(u, row(10 + s, 10 + 3 * s, 10, 10 + 2 * s))).toBeNull();
    // Two pairs, each linked, 3" apart from each other.
    expect(extendedOrderViolation(u, row(10, 10 + s, 13 + s + W, 13 + 2 * s + W))).toEqual({ unit: "fr-1", linked: 2, models: 4, code: "movement/extended_coherency", rule: "WHN-SKIRM-4" });
  });

  it("WHN-SKIRM-4: one model, or none, is always in order", () => {
    expect(extendedOrderViolation(skirmishers(1), row(10))).toBeNull();
    expect(extendedOrderViolation(skirmishers(0), [])).toBeNull();
  });

  it("WHN-SKIRM-3: the models' bases are the unit's base at each model's spot and facing", () => {
    expect(modelRects(skirmishers(), [{ x: 3, y: 4, facing: 30 }, { x: 5, y: 6, facing: 200 }])).toEqual([
      { center: { x: 3, y: 4 }, halfWidth: W / 2, halfDepth: W / 2, facing: 30 },
      { center: { x: 5, y: 6 }, halfWidth: W / 2, halfDepth: W / 2, facing: 200 },
    ]);
  });
});

describe("mvA: laying out extended order and the single combat rank", () => {
  it("WHN-SKIRM-3: taking up extended order from two files leaves one base width between bases, ranks one base apart, behind the front edge", () => {
    const models = extendedModelsAt(skirmishers(4), 2, { p: { x: 10, y: 10 }, facing: 450 });
    expect(models).toEqual([
      { x: close(10 - W), y: close(10 - W / 2), facing: 90 },
      { x: close(10 + W), y: close(10 - W / 2), facing: 90 },
      { x: close(10 - W), y: close(10 - 2.5 * W), facing: 90 },
      { x: close(10 + W), y: close(10 - 2.5 * W), facing: 90 },
    ]);
    expect(extendedOrderViolation(skirmishers(4), models)).toBeNull();
    expect(extendedModelsAt(skirmishers(0), 3, { p: { x: 10, y: 10 }, facing: 90 }).length).toBe(1);
  });

  it("WHN-SKIRM-4: for a combat the models stand in one rank, base to base, centred on the contact point and facing the enemy", () => {
    expect(singleRankFor(skirmishers(3), { p: { x: 10, y: 10 }, facing: 0 })).toEqual([
      { x: close(10 - W / 2), y: close(10 + W), facing: 0 },
      { x: close(10 - W / 2), y: close(10), facing: 0 },
      { x: close(10 - W / 2), y: close(10 - W), facing: 0 },
    ]);
    expect(singleRankFor(skirmishers(2), { p: { x: 10, y: 10 }, facing: -90 })).toEqual([
      { x: close(10 + W / 2), y: close(10 + W / 2), facing: 270 },
      { x: close(10 - W / 2), y: close(10 + W / 2), facing: 270 },
    ]);
    expect(singleRankFor(skirmishers(0), { p: { x: 10, y: 10 }, facing: 90 })).toEqual([{ x: close(10), y: close(10 - W / 2), facing: 90 }]);
  });
});
