/**
 * Cavalry lapping round (src/rules/whn/movement/lapping.ts, WHN-CHRG-7, WHN-CHRG-8, AMB-110): the
 * laps computed for a placed charger at the overhang limits, on each face, per troop type and
 * ruleset, with units and impassable ground in the way; and the two events with every field.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { computeLaps, lapsThisTurn } from "../../src/rules/whn/movement/lapping.js";
import type { Quadrant } from "../../src/geometry/arcs.js";
import { battleOf, fr, gb, gbCav, must, ofType, run, toStep, unitOf, type AnyAction } from "../fixtures/movement.js";
import { FOOT_W, HORSE_W, feature, withTerrain } from "../fixtures/mvA.js";

/** fr-1's two-rank line of 8 files: a face 6.3" wide, flanks 1.57" long; front edge y = 12, x 32.85–39.15. */
const F = 8 * FOOT_W;
const w = HORSE_W;
const target = (over: Parameters<typeof fr>[3] = {}) => fr("fr-1", 36, 12, { formation: "LINE", files: 8, figures: 16, ...over });

function laps(state: BattleState, width: number, offset = 0, face: Quadrant = "front", facing = 270, charger = "gb-2") {
  return computeLaps(state, unitOf(state, charger), unitOf(state, "fr-1"), face, { frame: { p: { x: 36 - offset, y: 12 }, facing }, offset, slide: 0 }, width);
}
const scene = (extra: Parameters<typeof battleOf>[0] = [], over: Parameters<typeof fr>[3] = {}) => battleOf([target(over), gbCav("gb-2", 36, 30, { files: 12 }), ...extra]);

describe("mvA: computeLaps (WHN-CHRG-7, AMB-110)", () => {
  it("WHN-CHRG-7: an overhang of one whole base laps one model each side; a hair less, none", () => {
    const s = scene();
    expect(laps(s, F + 2 * w)).toEqual([{ flank: "right", models: 1 }, { flank: "left", models: 1 }]);
    expect(laps(s, F + 2 * w - 0.004)).toEqual([]);
    expect(laps(s, F)).toEqual([]);
  });

  it("WHN-CHRG-7: off centre, only the side that overhangs laps; a charger short of either end of the face laps nothing", () => {
    const s = scene();
    // The charger's right is west (it faces south): +offset shifts it west, over the target's left flank.
    expect(laps(s, F + 2 * w, w)).toEqual([{ flank: "left", models: 2 }]);
    expect(laps(s, F + 2 * w, -w)).toEqual([{ flank: "right", models: 2 }]);
    expect(laps(s, F + 2 * w, w + 0.0005)).toEqual([{ flank: "left", models: 2 }]);
    expect(laps(s, F + 2 * w, w + 0.01)).toEqual([]);
    expect(laps(s, F + 2 * w, -w - 0.01)).toEqual([]);
  });

  it("WHN-CHRG-7: at most two models a side, however wide the overhang and long the flank", () => {
    // A 4-file attack column: face 3.15", flanks 4.72".
    const s = scene([], { formation: "ATTACK_COLUMN", files: 4, figures: 24 });
    expect(laps(s, 12 * w)).toEqual([{ flank: "right", models: 2 }, { flank: "left", models: 2 }]);
  });

  it("WHN-CHRG-7: only cavalry lap, only round infantry, never a square, and not under the core rules", () => {
    expect(laps(scene(), 12 * w)).toEqual([{ flank: "right", models: 2 }, { flank: "left", models: 2 }]);
    const foot = battleOf([target(), gb("gb-2", 36, 30, { files: 12, formation: "LINE" })]);
    expect(laps(foot, 12 * w)).toEqual([]);
    const horse = battleOf([fr("fr-1", 36, 12, { troopType: "cavalry", base: { w, d: 50 / 25.4 }, formation: "CAV_LINE", files: 6, figures: 12 } as never), gbCav("gb-2", 36, 30, { files: 12 })]);
    expect(laps(horse, 12 * w)).toEqual([]);
    expect(laps(scene([], { formation: "SQUARE", files: 4, figures: 16 } as never), 12 * w)).toEqual([]);
    expect(laps({ ...scene(), ruleset: "core" } as BattleState, 12 * w)).toEqual([]);
  });

  it("WHN-CHRG-7: a unit standing at the flank's front corner stops both models on that side; impassable ground there too", () => {
    // The right flank is the east side (x 39.15); a lapping model stands east of it, facing west.
    const blocked = scene([fr("fr-2", 41.5, 11.6)]);
    expect(laps(blocked, 12 * w)).toEqual([{ flank: "left", models: 2 }]);
    const rock = withTerrain(scene(), [feature("r", 32, 10.5, 32.5, 11.9, { impassable: true })]);
    expect(laps(rock, 12 * w)).toEqual([{ flank: "right", models: 2 }]);
    const wood = withTerrain(scene(), [feature("r", 32, 10.5, 32.5, 11.9, { difficult: true })]);
    expect(laps(wood, 12 * w)).toEqual([{ flank: "right", models: 2 }, { flank: "left", models: 2 }]);
  });

  it("WHN-CHRG-7: charged in the rear, the models lap round the flanks from the rear corners", () => {
    const s = scene();
    // The rear face is the south edge (y 10.43); a charger facing north has its right to the east.
    const rear = computeLaps(s, unitOf(s, "gb-2"), unitOf(s, "fr-1"), "rear", { frame: { p: { x: 36, y: 12 - 2 * FOOT_W }, facing: 90 }, offset: 0, slide: 0 }, 12 * w);
    expect(rear).toEqual([{ flank: "left", models: 2 }, { flank: "right", models: 2 }]);
  });

  it("WHN-CHRG-7: charged in a flank, the models lap round onto the front and the rear", () => {
    const s = scene();
    // The left flank is the west edge (x 32.85), 1.57" long; a charger facing east has its right to the south.
    const left = computeLaps(s, unitOf(s, "gb-2"), unitOf(s, "fr-1"), "left", { frame: { p: { x: 36 - F / 2, y: 12 - FOOT_W }, facing: 0 }, offset: 0, slide: 0 }, 12 * w);
    expect(left).toEqual([{ flank: "front", models: 2 }, { flank: "rear", models: 2 }]);
    // A 3-base charger (2.95") over that 1.57" flank overhangs 0.69" each side: less than a base, no lap.
    const narrow = computeLaps(s, unitOf(s, "gb-2"), unitOf(s, "fr-1"), "left", { frame: { p: { x: 36 - F / 2, y: 12 - FOOT_W }, facing: 0 }, offset: 0, slide: 0 }, 3 * w);
    expect(narrow).toEqual([]);
  });
});

describe("mvA: the lap events (WHN-CHRG-7, WHN-CHRG-8)", () => {
  const declare: AnyAction = { type: "movement/declareCharge", unit: "gb-2", target: "fr-1" };
  function charged(options: Record<string, unknown> = {}) {
    let s = toStep(battleOf([target(), gbCav("gb-2", 36, 20, { files: 12 })], { firstSide: "gb", options }), "declareCharges");
    s = must(s, declare);
    s = must(s, { type: "turn/advance" });
    s = toStep(must(s, { type: "movement/respond", unit: "fr-1", response: "hold" }), "chargeMoves");
    return run(s, { type: "movement/chargeMove", unit: "gb-2" });
  }

  it("WHN-CHRG-7, WHN-CHRG-8: the lap and its flank attack are told with every field; the facts keep the laps", () => {
    const r = charged();
    const combat = Object.keys(r.state.combats)[0];
    const [lap] = ofType(r.events, "charge/lappedRound");
    expect(lap).toEqual({ ...lap, type: "charge/lappedRound", rule: "WHN-CHRG-7", unit: "gb-2", target: "fr-1", combat, laps: [{ flank: "right", models: 2 }, { flank: "left", models: 2 }] });
    const [flank] = ofType(r.events, "combat/flankAttack");
    expect(flank).toEqual({ ...flank, type: "combat/flankAttack", rule: "WHN-CHRG-8", unit: "gb-2", target: "fr-1", combat, flankBonus: 1, models: 4, removesRankBonus: false, panicTest: false });
    expect(ofType(charged({ whn: { lapIsFullFlankAttack: true } }).events, "combat/flankAttack")[0]).toMatchObject({ removesRankBonus: true, models: 4 });
    expect(lapsThisTurn(r.state)).toEqual(r.state.facts.movement.laps);
  });

  it("WHN-CHRG-7: a charger that does not overhang tells no lap", () => {
    let s = toStep(battleOf([target(), gbCav("gb-2", 36, 20, { files: 6 })], { firstSide: "gb" }), "declareCharges");
    s = must(s, declare);
    s = must(s, { type: "turn/advance" });
    s = toStep(must(s, { type: "movement/respond", unit: "fr-1", response: "hold" }), "chargeMoves");
    const r = run(s, { type: "movement/chargeMove", unit: "gb-2" });
    expect([ofType(r.events, "charge/lappedRound"), ofType(r.events, "combat/flankAttack")]).toEqual([[], []]);
  });
});
