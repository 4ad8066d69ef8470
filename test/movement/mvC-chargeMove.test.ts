/**
 * Charge moves, src/rules/whn/movement/chargeMove.ts (CORE-CHRG-3, CORE-CHRG-5…7, WHN-CHRG-6,
 * WHN-SKIRM-4, CORE-MOVE-4): every outcome of a declared charge with its whole events, the
 * charger's flags, the combat record, and every refusal of `movement/chargeMove` with its details.
 */
import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleState, type UnitSetup } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import type { ChargeMoveAction } from "../../src/rules/whn/movement/actions.js";
import { chargeMove as chargeMoveHandler, chargeToMove } from "../../src/rules/whn/movement/chargeMove.js";
import { leader } from "../fixtures/morale.js";
import { battleOf, chargeMove, declare, fr, gb, gbCav, must, patch, respond, run, toStep, unitOf } from "../fixtures/movement.js";
import { allEvs, directRefusal, evs, withFacts } from "../fixtures/mvC.js";

const cm = (unit: string): ChargeMoveAction => ({ type: "movement/chargeMove", unit: unit as UnitId }) as ChargeMoveAction;
/** A foot base, inches (20 mm). */
const W = 20 / 25.4;

/**
 * British hussars (gb-2, M 8, front edge at `y`) charging a French attack column (fr-1, front edge
 * at y 12); fr-1 held; Britain at its charge-move step.
 */
function moves(y = 26, frOver: Partial<UnitSetup> = {}, extra: UnitSetup[] = [], over: Parameters<typeof battleOf>[1] = {}): BattleState {
  const s = toStep(battleOf([fr("fr-1", 36, 12, frOver), gbCav("gb-2", 36, y), ...extra], { firstSide: "gb", ...over }), "declareCharges");
  return toStep(must(toStep(must(s, declare("gb-2", "fr-1")), "chargeResponses"), respond("fr-1", "hold")), "chargeMoves");
}
const spent = (s: BattleState, id: string, charged: boolean) => ({ ...unitOf(s, id).flags, moved: true, moveUsed: 1, charged, failedCharge: !charged });

describe("mvC chargeMove: a charge that reaches (CORE-CHRG-5)", () => {
  it("CORE-CHRG-5: contact on the front, a new combat c1-1 of charger and target; the contact event is whole", () => {
    const s = moves();
    const r = run(s, chargeMove("gb-2"));
    expect(evs(r.events, "charge/contact")).toEqual([
      { type: "charge/contact", rule: "CORE-CHRG-5", unit: "gb-2", target: "fr-1", face: "front", combat: "c1-1", to: { x: 36, y: 12 }, facing: 270, pathLength: 14, wheel: 0, resolved: true },
    ]);
    expect(r.state.combats).toEqual({ "c1-1": { id: "c1-1", units: ["gb-2", "fr-1"], chargers: ["gb-2"], lastWinner: null, rounds: 0, squareness: {} } });
    expect(unitOf(r.state, "gb-2")).toEqual({ ...unitOf(s, "gb-2"), position: { x: 36, y: 12 }, facing: 270, flags: spent(s, "gb-2", true) });
    expect(unitOf(r.state, "fr-1")).toEqual(unitOf(s, "fr-1"));
    expect(r.state.facts.movement.resolved).toEqual(["gb-2"]);
  });
  it("CORE-CHRG-5: a charge of exactly 2×M reaches (16\")", () => {
    const r = run(moves(28), chargeMove("gb-2"));
    expect(evs(r.events, "charge/contact")).toMatchObject([{ pathLength: 16, to: { x: 36, y: 12 } }]);
  });
  it("CORE-CHRG-5: a second charger on a unit already in combat joins that combat; a combat id in use is skipped", () => {
    // gb-3 charges fr-2 and opens c1-1 first; gb-2's charge then opens c1-2; gb-4's joins it.
    const units = [gb("fr-1", 36, 12, { side: "fr", facing: 90 }), fr("fr-2", 10, 12), gbCav("gb-2", 32.5, 26), gbCav("gb-3", 10, 26), gbCav("gb-4", 39.5, 26)];
    let s = toStep(battleOf(units, { firstSide: "gb" }), "declareCharges");
    s = must(must(must(s, declare("gb-3", "fr-2")), declare("gb-2", "fr-1")), declare("gb-4", "fr-1"));
    s = toStep(s, "chargeResponses");
    s = toStep(must(must(s, respond("fr-2", "hold")), respond("fr-1", "hold")), "chargeMoves");
    s = must(must(s, chargeMove("gb-3")), chargeMove("gb-2"));
    expect(Object.keys(s.combats)).toEqual(["c1-1", "c1-2"]);
    const r = run(s, chargeMove("gb-4"));
    expect(evs(r.events, "charge/contact")).toMatchObject([{ unit: "gb-4", target: "fr-1", combat: "c1-2" }]);
    expect(r.state.combats["c1-2" as keyof typeof r.state.combats]).toEqual({ id: "c1-2", units: ["gb-2", "fr-1", "gb-4"], chargers: ["gb-2", "gb-4"], lastWinner: null, rounds: 0, squareness: {} });
    expect(r.state.combats["c1-1" as keyof typeof r.state.combats]).toEqual(s.combats["c1-1" as keyof typeof s.combats]);
  });
});

describe("mvC chargeMove: failed charges (CORE-CHRG-6, CORE-GEO-24)", () => {
  it("CORE-CHRG-6: out of reach (17\" for 16\"): M toward the target, the charger has moved and failed; the event is whole", () => {
    const s = moves(29);
    const r = run(s, chargeMove("gb-2"));
    expect(allEvs(r.events)).toEqual([{ type: "charge/failed", rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-1", why: "out of reach", to: { x: 36, y: 21 }, resolved: true }]);
    expect(unitOf(r.state, "gb-2")).toEqual({ ...unitOf(s, "gb-2"), position: { x: 36, y: 21 }, flags: spent(s, "gb-2", false) });
    expect(r.state.combats).toEqual({});
    expect(r.state.facts.movement.resolved).toEqual(["gb-2"]);
  });
  it("CORE-CHRG-6: a target gone before the charge move: the charge fails; the charger still moves M toward where it stood", () => {
    const s = patch(moves(), "fr-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    const r = run(s, chargeMove("gb-2"));
    expect(allEvs(r.events)).toEqual([{ type: "charge/failed", rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-1", why: "target gone", to: { x: 36, y: 18 }, resolved: true }]);
    expect(unitOf(r.state, "gb-2")).toEqual({ ...unitOf(s, "gb-2"), position: { x: 36, y: 18 }, flags: spent(s, "gb-2", false) });
  });
  it("CORE-MOVE-4: a unit across the straight charge line blocks it; the charge fails naming it", () => {
    // A French skirmish screen of 4 light foot, one rank, sideways across the line at y 19.
    // It arrives after the declaration (placed by hand at the charge-move step).
    const screen = fr("fr-s", 60, 40, { light: true, figures: 4, startingFigures: 4, files: 1, formation: "MARCH_COLUMN", facing: 0, command: {} });
    const s = patch(moves(26, {}, [screen]), "fr-s", { position: { x: 36, y: 19 } });
    const r = run(s, chargeMove("gb-2"));
    expect(evs(r.events, "charge/failed")).toMatchObject([{ unit: "gb-2", target: "fr-1", why: "path blocked by fr-s", resolved: true }]);
  });
});

describe("mvC chargeMove: a fleeing target (CORE-CHRG-7)", () => {
  it("CORE-CHRG-7: caught in reach, it is destroyed with its joined leader; the charger stands where contact would be; both events whole", () => {
    const s0 = moves(26, {}, [], { characters: [leader("fr-L", "fr", { position: { x: 36, y: 11 }, joinedTo: "fr-1" })] });
    const s = patch(s0, "fr-1", { order: "FLEEING" });
    const r = run(s, chargeMove("gb-2"));
    expect(allEvs(r.events)).toEqual([
      { type: "unit/destroyed", rule: "CORE-CHRG-7", unit: "fr-1", by: "gb-2", position: { x: 36, y: 12 } },
      { type: "charge/caughtFleeing", rule: "CORE-CHRG-7", unit: "gb-2", target: "fr-1", to: { x: 36, y: 12 }, resolved: true },
    ]);
    expect(unitOf(r.state, "fr-1").removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    expect((r.state.characters as Record<string, { removed: unknown }>)["fr-L"]?.removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    expect(unitOf(r.state, "gb-2")).toEqual({ ...unitOf(s, "gb-2"), position: { x: 36, y: 12 }, facing: 270, flags: spent(s, "gb-2", true) });
    expect(r.state.combats).toEqual({});
    expect(r.state.facts.movement.caught).toEqual(["fr-1"]);
  });
  it("CORE-CHRG-7: out of reach, the charge fails (\"fled target out of reach\")", () => {
    const s = patch(moves(26), "fr-1", { order: "FLEEING", position: { x: 36, y: 8 } });
    const r = run(s, chargeMove("gb-2"));
    expect(allEvs(r.events)).toEqual([{ type: "charge/failed", rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-1", why: "fled target out of reach", to: { x: 36, y: 18 }, resolved: true }]);
    expect(unitOf(r.state, "fr-1").removed).toBe(null);
  });
});

describe("mvC chargeMove: skirmishers charged (WHN-SKIRM-4, AMB-37)", () => {
  it("WHN-SKIRM-4: an extended-order target forms one close rank about its centre, facing the charger; the charger meets it", () => {
    const models = [31, 33, 35, 37, 39, 41].map((mx) => ({ x: mx, y: 11.5, facing: 90 }));
    const s = moves(26, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models });
    const r = run(s, chargeMove("gb-2"));
    expect(evs(r.events, "unit/singleRank")).toEqual([{ type: "unit/singleRank", rule: "WHN-SKIRM-4", unit: "fr-1", width: 6 * W }]);
    const contact = evs(r.events, "charge/contact");
    expect(contact).toMatchObject([{ unit: "gb-2", target: "fr-1", face: "front", combat: "c1-1", facing: 270, wheel: 0, resolved: true }]);
    const t = unitOf(r.state, "fr-1");
    expect(t.position.x).toBeCloseTo(36, 9);
    expect(t.position.y).toBeCloseTo(11.5 + W / 2, 9);
    expect(t.facing).toBe(90);
    expect(t.models?.map((m) => m.x)).toEqual([36 - 2.5 * W, 36 - 1.5 * W, 36 - 0.5 * W, 36 + 0.5 * W, 36 + 1.5 * W, 36 + 2.5 * W].map((x) => expect.closeTo(x, 9)));
    expect(unitOf(r.state, "gb-2").position.y).toBeCloseTo(11.5 + W / 2, 9);
    expect(unitOf(r.state, "gb-2").models).toBe(null);
  });
});

describe("mvC chargeMove: chargers that do not move (CORE-CHRG-3, WHN-CHRG-6)", () => {
  it("WHN-CHRG-6: a disordered charger halts: it has used its move but has not moved; the event is whole", () => {
    const s = patch(moves(), "gb-2", { order: "DISORDERED" });
    const r = run(s, chargeMove("gb-2"));
    expect(allEvs(r.events)).toEqual([{ type: "charge/halted", rule: "WHN-CHRG-6", unit: "gb-2", target: "fr-1", resolved: true }]);
    expect(unitOf(r.state, "gb-2")).toEqual({ ...unitOf(s, "gb-2"), flags: { ...unitOf(s, "gb-2").flags, moveUsed: 1 } });
    expect(r.state.combats).toEqual({});
  });
  it("CORE-CHRG-3: a charger that fled is refused a charge move; the step's end cancels its charge and it counts as moved", () => {
    const s = patch(moves(), "gb-2", { order: "FLEEING" });
    expect(directRefusal(chargeMoveHandler, s, cm("gb-2"))).toEqual({ code: "movement/charger_fleeing", rule: "CORE-CHRG-3", unit: "gb-2" });
    const r = run(s, { type: "turn/advance" });
    expect(evs(r.events, "charge/cancelled")).toEqual([{ type: "charge/cancelled", rule: "CORE-CHRG-3", unit: "gb-2", why: "charger fled", resolved: true }]);
    expect(unitOf(r.state, "gb-2").flags).toEqual({ ...unitOf(s, "gb-2").flags, moved: true, moveUsed: 1 });
    expect(unitOf(r.state, "gb-2").position).toEqual(unitOf(s, "gb-2").position);
  });
  it("CORE-CHRG-3: a charger gone before the step's end: its charge is cancelled and nothing else changes", () => {
    const s = patch(moves(), "gb-2", { removed: { reason: "destroyed", gameTurn: 1 } });
    const r = run(s, { type: "turn/advance" });
    expect(evs(r.events, "charge/cancelled")).toEqual([{ type: "charge/cancelled", rule: "CORE-CHRG-3", unit: "gb-2", why: "charger gone", resolved: true }]);
    expect(r.state.units).toEqual(s.units);
  });
});

describe("mvC chargeMove: the step's end moves the charges left, in declaration order (CORE-CHRG-5)", () => {
  it("CORE-CHRG-5: unmoved charges are made at the step's end in declaration order; one already made is not made again", () => {
    const units = [fr("fr-1", 36, 12), fr("fr-2", 10, 12), fr("fr-3", 60, 12), gbCav("gb-2", 36, 26), gbCav("gb-3", 10, 26), gbCav("gb-4", 60, 26)];
    let s = toStep(battleOf(units, { firstSide: "gb" }), "declareCharges");
    s = must(must(must(s, declare("gb-4", "fr-3")), declare("gb-2", "fr-1")), declare("gb-3", "fr-2"));
    s = toStep(s, "chargeResponses");
    s = toStep(must(must(must(s, respond("fr-1", "hold")), respond("fr-2", "hold")), respond("fr-3", "hold")), "chargeMoves");
    s = must(s, chargeMove("gb-2"));
    const r = run(s, { type: "turn/advance" });
    expect(evs(r.events, "charge/contact").map((e) => [e["unit"], e["combat"]])).toEqual([
      ["gb-4", "c1-2"],
      ["gb-3", "c1-3"],
    ]);
  });
});

describe("mvC chargeMove: refusals (CORE-CHRG-5, CORE-TURN-2)", () => {
  it("CORE-CHRG-5: only in the charge-move step", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    expect(directRefusal(chargeMoveHandler, s, cm("gb-2"))).toEqual({ code: "movement/wrong_step", rule: "CORE-CHRG-5", step: "declareCharges", allowed: ["chargeMoves"] });
  });
  it("CORE-TURN-2: only the mover's own chargers; an unknown one is unknown", () => {
    const s = moves();
    expect(directRefusal(chargeMoveHandler, s, cm("fr-1"))).toEqual({ code: "movement/not_your_unit", rule: "CORE-TURN-2", unit: "fr-1", side: "fr", active: "gb" });
    expect(directRefusal(chargeMoveHandler, s, cm("gb-9"))).toEqual({ code: "movement/unknown_unit", rule: null, unit: "gb-9" });
  });
  it("CORE-CHRG-5: a unit that declared no charge has no charge move; a charge made is not made twice", () => {
    const s = moves(26, {}, [gbCav("gb-3", 60, 40)]);
    expect(directRefusal(chargeMoveHandler, s, cm("gb-3"))).toEqual({ code: "movement/no_charge_declared", rule: "CORE-CHRG-5", unit: "gb-3" });
    const done = must(s, chargeMove("gb-2"));
    expect(directRefusal(chargeMoveHandler, done, cm("gb-2"))).toEqual({ code: "movement/charge_already_resolved", rule: "CORE-CHRG-5", unit: "gb-2" });
    expect(chargeToMove(withFacts(s, { resolved: ["gb-9" as UnitId] }), cm("gb-2"))).toEqual({ unit: "gb-2", target: "fr-1", face: "front", distance: 14, move: 8 });
  });
});

describe("mvC chargeMove: a flank named under HR-FLANK-1", () => {
  /** gb-2 declared on fr-1's right flank (fr-1 engaged to its front by gb-1), house rule on; the charge-move step. */
  const flanked = (): BattleState => {
    const units = [fr("fr-1", 36, 12), gb("gb-1", 36, 12, { figures: 8, files: 4 }), gbCav("gb-2", 40, 16, { facing: 225 })];
    const on = toStep(battleOf(units, { firstSide: "gb", options: { hr: { flankChargeEngaged: true } } }), "declareCharges");
    const d = must(withScriptedDice(on, [1, 1]), declare("gb-2", "fr-1", "right"));
    return toStep(must(must(d, { type: "turn/advance" }), respond("fr-1", "hold")), "chargeMoves");
  };
  it("HR-FLANK-1: the charge meets the flank it named, under HR-FLANK-1; the event is whole", () => {
    const r = run(flanked(), chargeMove("gb-2"));
    expect(allEvs(r.events)).toEqual([
      {
        type: "charge/contact", rule: "HR-FLANK-1", unit: "gb-2", target: "fr-1", face: "right", combat: "c1-1",
        to: { x: 36 + 2 * W, y: expect.closeTo(12 - 2.25 * W, 9) }, facing: 180, pathLength: expect.closeTo(4.677775086850536, 9), wheel: -45, resolved: true,
      },
    ]);
  });
  it("HR-FLANK-1: with the house rule off by the charge move, the natural face counts: the front, where gb-1 leaves no room", () => {
    const s = flanked();
    const off = { ...s, options: { ...s.options, hr: { ...s.options.hr, flankChargeEngaged: false } } } as BattleState;
    const r = run(off, chargeMove("gb-2"));
    expect(allEvs(r.events)).toEqual([{ type: "charge/failed", rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-1", why: "no room at the face", to: { x: 40, y: 16 }, resolved: true }]);
    expect(unitOf(r.state, "gb-2").flags).toMatchObject({ moved: true, moveUsed: 1, charged: false, failedCharge: true });
  });
  it("HR-FLANK-1 / WHN-FORM-4: a square has no flank: the charge meets its natural face, under CORE-CHRG-5", () => {
    const r = run(patch(flanked(), "fr-1", { formation: "SQUARE" }), chargeMove("gb-2"));
    expect(evs(r.events, "charge/contact")).toMatchObject([{ rule: "CORE-CHRG-5", unit: "gb-2", target: "fr-1", face: "front", facing: 270, wheel: 45 }]);
  });
});

describe("mvC chargeMove: a skirmishing charger (WHN-SKIRM-4, AMB-37)", () => {
  const models = [31, 33, 35, 37, 39, 41].map((mx) => ({ x: mx, y: 11.5, facing: 90 }));
  /** French skirmishers (6 in extended order about (36, 11.5), M 4) charge a British line whose front edge is at y `gy`. */
  const skirmishers = (gy: number): BattleState => {
    const s = toStep(battleOf([fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models }), gb("gb-1", 36, gy)]), "declareCharges");
    const d = toStep(must(must(s, declare("fr-x", "gb-1")), { type: "turn/advance" }), "chargeResponses");
    return toStep(must(d, respond("gb-1", "hold")), "chargeMoves");
  };
  it("WHN-SKIRM-4: in reach, the skirmishers meet the front as one close rank of their six models", () => {
    const r = run(skirmishers(19), chargeMove("fr-x"));
    expect(allEvs(r.events)).toEqual([{ type: "charge/contact", rule: "CORE-CHRG-5", unit: "fr-x", target: "gb-1", face: "front", combat: "c1-1", to: { x: 36, y: 19 }, facing: 90, pathLength: 7, wheel: 0, resolved: true }]);
    const u = unitOf(r.state, "fr-x");
    expect(u.position).toEqual({ x: 36, y: 19 });
    expect(u.models).toEqual([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5].map((k) => ({ x: expect.closeTo(36 + k * W, 9), y: expect.closeTo(19 - W / 2, 9), facing: 90 })));
  });
  it("CORE-CHRG-6 / CORE-GEO-24: out of reach, a skirmishing charger's models make the failed-charge move of M together toward the target", () => {
    const s = skirmishers(22);
    const r = run(s, chargeMove("fr-x"));
    const to = { x: 31, y: 15.5 + W / 2 };
    expect(allEvs(r.events)).toEqual([{ type: "charge/failed", rule: "CORE-CHRG-6", unit: "fr-x", target: "gb-1", why: "out of reach", to, resolved: true }]);
    expect(unitOf(r.state, "fr-x")).toEqual({ ...unitOf(s, "fr-x"), position: to, facing: 90, models: models.map((m) => ({ ...m, y: 15.5 })), flags: spent(s, "fr-x", false) });
  });
});
