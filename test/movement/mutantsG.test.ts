// Rule tests for the survivors of the fifth session's seed-4 movement sample (docs/guides/trust.md,
// "Seed 3: movement (2 Dec 2026, fifth session)", the seed-4 paragraph). Each case names its mutant.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { formatViolation } from "../../src/engine/format.js";
import { own } from "../../src/engine/owned.js";
import type { UnitId } from "../../src/state/ids.js";
import type { Unit } from "../../src/state/unit.js";
import { chargeToDeclare, declarationApplies, type Declaration } from "../../src/rules/whn/movement/declare.js";
import { squareCheckModifier } from "../../src/rules/whn/movement/respond.js";
import { MOVEMENT_LISTING, candidatesForDecidingSide, movementCandidates } from "../../src/rules/whn/movement/index.js";
import { battleOf, fr, gb, gbCav, must, ofType, patch, refused, run, toStep, unitOf, type AnyAction, chargeMove, dc, declare, hussarsOnColumn, respond } from "../fixtures/movement.js";

const id = (s: string): UnitId => s as UnitId;

/** Declares gb-2 on `target`, lets the target hold and makes the charge move. */
function chargeHeld(s: BattleState, target: string) {
  const t = toStep(must(must(s, declare("gb-2", target)), { type: "turn/advance" }), "chargeResponses");
  return run(toStep(must(t, respond(target, "hold")), "chargeMoves"), chargeMove("gb-2"));
}

describe("refusal texts and rules", () => {
  // messages.ts:15 the `movement/disordered` text → `` (no coverage).
  it("WHN-MOVE-6: the text of a disordered unit's refusal names it", () => {
    expect(formatViolation({ code: "movement/disordered", rule: "WHN-MOVE-6", unit: "fr-1" })).toBe(
      "Unit fr-1 is disordered and has not rallied: it stays where it is. [WHN-MOVE-6]",
    );
  });

  // common.ts:127 `"CORE-RALLY-4"` → `""` (no coverage).
  it("CORE-RALLY-4: a unit that rallied from fleeing this turn may not move, and the refusal names the rule", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 44)]), "remaining");
    const r = patch(s, "fr-1", { flags: { ...unitOf(s, "fr-1").flags, ralliedFromFleeing: true } });
    expect(refused(r, { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 2 }] })).toEqual({
      code: "movement/rallied_from_fleeing",
      rule: "CORE-RALLY-4",
      unit: "fr-1",
    });
  });

  // moves.ts:56 `l.kind === "wheel"` → `false` (a wheel leg then counted as 1, never empty).
  it("CORE-MOVE-1: a wheel of 1e-12° (below EPSILON) goes nowhere and is refused as an empty move", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", pivot: "left", degrees: 1e-12 }] })).toEqual({ code: "movement/empty_move", rule: "CORE-MOVE-1", unit: "fr-1" });
    expect(refused(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", pivot: "left", degrees: 1e-12 }, { kind: "forward", distance: 0 }] })).toEqual({
      code: "movement/empty_move",
      rule: "CORE-MOVE-1",
      unit: "fr-1",
    });
  });
});

describe("the quick declaration check agrees with the full one on engine states", () => {
  // declare.ts:139 `"DISORDERED"` → `""` in mayCharge.
  it("CORE-CHRG-1 / WHN-MOVE-6: a disordered charger may not declare, by the listing's quick check too", () => {
    const s = own(patch(hussarsOnColumn(), "gb-2", { order: "DISORDERED" }));
    expect(chargeToDeclare(s, dc("gb-2", "fr-1"))).not.toBeNull();
    expect(declarationApplies(s, dc("gb-2", "fr-1"))).toBe(false);
    expect(declarationApplies(own(hussarsOnColumn()), dc("gb-2", "fr-1"))).toBe(true);
  });
});

describe("form square against several chargers", () => {
  // respond.ts:79 `chargers.some(close)` → `chargers.every(close)`.
  it("WHN-CHRG-2: one charger within its move of the unit is enough for the -2, though another is farther", () => {
    const s = hussarsOnColumn();
    const u = unitOf(s, "fr-1") as Unit;
    const near: Declaration = { unit: id("gb-2"), target: id("fr-1"), face: "front", distance: 6, move: 9 };
    const far: Declaration = { unit: id("gb-3"), target: id("fr-1"), face: "front", distance: 14, move: 9 };
    expect(squareCheckModifier(s, u, [far, near])).toBe(-2);
    expect(squareCheckModifier(s, u, [near, far])).toBe(-2);
    expect(squareCheckModifier(s, u, [far])).toBe(0);
  });
});

describe("charges on and by extended order (WHN-SKIRM-4)", () => {
  /** Six skirmishers (fr-x) strung north–south at x = 36.4, facing east; British hussars (gb-2) 12" east of them, facing west. */
  const skirmishersCharged = () => {
    const x = fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, facing: 0,
      models: Array.from({ length: 6 }, (_, i) => ({ x: 36.4, y: 8 + i * 1.6, facing: 0 })) });
    return chargeHeld(toStep(battleOf([x, gbCav("gb-2", 48, 12, { facing: 180 })], { firstSide: "gb" }), "declareCharges"), "fr-x");
  };

  // chargeMove.ts:44 `centre.x + cosDeg(facing) * (u.base.d / 2)` → `centre.x - …` (the single rank's frame on the far side).
  it("WHN-SKIRM-4: skirmishers charged from the east form their single rank on the edge facing the charger, bases behind it", () => {
    const r = skirmishersCharged();
    expect(ofType(r.events, "unit/singleRank")).toEqual([expect.objectContaining({ rule: "WHN-SKIRM-4", unit: "fr-x" })]);
    const x = unitOf(r.state, "fr-x");
    const d = x.base.d;
    expect(x.facing).toBe(0);
    expect(x.position.x).toBeCloseTo(36.4 + d / 2, 9);
    expect(x.position.y).toBeCloseTo(12, 9);
    expect((x.models ?? []).map((m) => m.x)).toEqual(new Array(6).fill(36.4));
    expect(unitOf(r.state, "gb-2").position.x).toBeCloseTo(36.4 + d / 2, 9);
  });

  // chargeMove.ts:92 `c.formation === "EXTENDED_ORDER"` → `true` (a formed charger given model positions).
  it("WHN-SKIRM-4 / CORE-CHRG-5: a formed charger keeps its formed body: no single rank of models is laid out for it", () => {
    const r = chargeHeld(hussarsOnColumn(), "fr-1");
    expect(ofType(r.events, "charge/contact")).toEqual([expect.objectContaining({ unit: "gb-2", target: "fr-1" })]);
    expect(unitOf(r.state, "gb-2").models).toBeNull();
    expect(ofType(r.events, "unit/singleRank")).toEqual([]);
    const s = skirmishersCharged();
    expect(unitOf(s.state, "gb-2").models).toBeNull();
  });
});

describe("lapping round is for cavalry (WHN-CHRG-7)", () => {
  // lapping.ts:47 `!cavalryLapping || charger.troopType !== "cavalry"` → `&&`.
  it("WHN-CHRG-7: a line of foot wider than the line it charges does not lap round it", () => {
    let s = toStep(battleOf([fr("fr-1", 36, 12, { formation: "LINE", files: 8, figures: 16 }), gb("gb-2", 36, 16, { formation: "LINE", files: 12, figures: 24 })], { firstSide: "gb" }), "declareCharges");
    s = toStep(must(must(s, declare("gb-2", "fr-1")), { type: "turn/advance" }), "chargeResponses");
    const r = run(toStep(must(s, respond("fr-1", "hold")), "chargeMoves"), chargeMove("gb-2"));
    expect(ofType(r.events, "charge/contact")).toEqual([expect.objectContaining({ unit: "gb-2", target: "fr-1" })]);
    expect(ofType(r.events, "charge/lappedRound")).toEqual([]);
    expect(ofType(r.events, "combat/flankAttack")).toEqual([]);
    expect(r.state.facts.movement.laps).toEqual(s.facts.movement.laps);
  });
});

describe("the listing in the charge-response step (CORE-CHRG-2)", () => {
  /** fr-1 charged by gb-2's hussars: its charge response is pending. */
  const responding = () => toStep(must(hussarsOnColumn(), declare("gb-2", "fr-1")), "chargeResponses");
  const restraint = { kind: "restraint", side: "fr", unit: id("fr-1"), targets: [id("gb-2")], rule: "CORE-PANIC-10" } as unknown as BattleState["pending"][number];
  const responses = ["hold", "standAndShoot", "flee", "formSquare", "reformFromSquare", "reformFromSquare", "reformFromSquare", "fallBackBehindParent"];

  // legal.ts:284 (seed 4; :340 now) `d.kind === "chargeResponse"` → `true`.
  it("CORE-CHRG-2: only a pending charge response opens a unit's responses, not another decision naming it", () => {
    const s = responding();
    expect(movementCandidates(s, id("fr-1")).map((a) => (a as { response?: string }).response)).toEqual(responses);
    expect(movementCandidates({ ...s, pending: [restraint] } as BattleState, id("fr-1"))).toEqual([]);
  });

  // legal.ts:345 (seed 4; :401 now) `top.kind !== "chargeResponse"` → `false`.
  it("CORE-CHRG-2: with another decision on top of the stack, the movement listing offers nothing, though a response waits behind it", () => {
    const s = responding();
    expect(candidatesForDecidingSide(s).map((a) => (a as { response?: string }).response)).toEqual(responses);
    expect(candidatesForDecidingSide({ ...s, pending: [restraint, ...s.pending] } as BattleState)).toEqual([]);
  });

  // legal.ts:444 (seed 4) the `default: return false` of auto-advance's any-choice test dropped (undefined: "cannot tell").
  it("CORE-CHRG-2: auto-advance's any-choice test knows there is no choice in the response step once every response is given", () => {
    const s = responding();
    const anyLegal = MOVEMENT_LISTING.anyLegal as (s: BattleState) => boolean | undefined;
    expect(anyLegal({ ...s, pending: [] })).toBe(false);
    expect(anyLegal({ ...s, pending: [], turn: { ...s.turn, step: "rally" } })).toBe(false);
    expect(anyLegal(s)).toBeUndefined();
  });
});
