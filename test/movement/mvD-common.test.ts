/**
 * What every movement action asks first (src/rules/whn/movement/common.ts): the step, the unit,
 * the reasons a unit stays put, and the unit's move rate. Whole refusals and exact rates.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import type { Unit } from "../../src/state/unit.js";
import {
  ARTILLERY_MOVES,
  activeUnit,
  baseMove,
  checkStep,
  combatOf,
  findUnit,
  isEngagedUnit,
  isStationary,
  moveRate,
  readyToMove,
  refuse,
  wheeledThisPhase,
  whyStationary,
} from "../../src/rules/whn/movement/common.js";
import { own } from "../../src/engine/owned.js";
import { leader } from "../fixtures/morale.js";
import { battleOf, fr, gb, must, patch, toStep, unitOf } from "../fixtures/movement.js";
import { frGun, refusal } from "../fixtures/mvD.js";

const uid = (s: string) => s as UnitId;
const fwd = (distance: number) => ({ type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance }] });
const ready = (units = [fr("fr-1", 36, 10), gb("gb-1", 36, 44)], over = {}) => toStep(battleOf(units, over), "remaining");

describe("move rates (WHN-ART-3, CORE-CHAR-4, WHN-MOVE-5)", () => {
  it("WHN-ART-3: the artillery table, limbered by arm and unlimbered; a howitzer moves as a medium gun (AMB-38)", () => {
    expect(ARTILLERY_MOVES).toEqual({
      light: { unlimbered: 3, foot: 6, horse: 8 },
      medium: { unlimbered: 2, foot: 4, horse: 6 },
      heavy: { unlimbered: 1, foot: 3, horse: 3 },
      howitzer: { unlimbered: 2, foot: 4, horse: 6 },
    });
    const expected: Record<string, [number, number, number, number]> = {
      // limbered foot, limbered horse, unlimbered foot, unlimbered horse
      light: [6, 8, 3, 3],
      medium: [4, 6, 2, 2],
      heavy: [3, 3, 1, 1],
      howitzer: [4, 6, 2, 2],
    };
    for (const [gun, want] of Object.entries(expected)) {
      const g = gun as "light" | "medium" | "heavy" | "howitzer";
      const got = (["LIMBERED", "UNLIMBERED"] as const).flatMap((f) =>
        (["foot", "horse"] as const).map((arm) => {
          // The setup refuses a heavy horse battery (WHN-ART-1): the table is read by a patched gun.
          const s0 = ready([fr("fr-1", 36, 10), frGun("fr-g", 20, 10, "medium", "foot", f), gb("gb-1", 36, 44)]);
          const s = patch(s0, "fr-g", { artillery: { gun: g, arm, british: false } });
          const u = unitOf(s, "fr-g");
          // The crew's own M (4) never counts for a gun.
          expect(moveRate(s, u)).toBe(baseMove(s, u));
          return baseMove(s, u);
        }),
      );
      expect(got, gun).toEqual(want);
    }
  });

  it("CORE-CHAR-4: a unit moves at the slower of its own M and its joined characters' M", () => {
    const slow = leader("slow", "fr", { position: { x: 40, y: 8 }, profile: { M: 3, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } });
    const fast = leader("fast", "fr", { position: { x: 32, y: 8 }, profile: { M: 6, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } });
    const s0 = ready([fr("fr-1", 36, 10), gb("gb-1", 36, 44)], { characters: [slow, fast] });
    expect(baseMove(s0, unitOf(s0, "fr-1"))).toBe(4);
    const withFast = must(s0, { type: "morale/joinUnit", character: "fast", unit: "fr-1" });
    expect(baseMove(withFast, unitOf(withFast, "fr-1"))).toBe(4);
    const withSlow = must(s0, { type: "morale/joinUnit", character: "slow", unit: "fr-1" });
    expect(baseMove(withSlow, unitOf(withSlow, "fr-1"))).toBe(3);
    expect(moveRate(withSlow, unitOf(withSlow, "fr-1"))).toBe(3);
    // The slower leader caps the move itself: 3" goes, 3.01" is too far.
    expect(refusal(withSlow, fwd(3.01)).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-1", cost: 3.01, allowance: 3, surcharge: 0 });
    expect(unitOf(must(withSlow, fwd(3)), "fr-1").position).toEqual({ x: 36, y: 13 });
  });

  it("WHN-MOVE-5: a square's rate is half its M; other formations move at M", () => {
    const s = ready([fr("fr-1", 36, 10, { formation: "SQUARE", files: 6 }), fr("fr-2", 10, 10, { formation: "LINE", files: 12 }), gb("gb-1", 36, 44)]);
    expect(baseMove(s, unitOf(s, "fr-1"))).toBe(4);
    expect(moveRate(s, unitOf(s, "fr-1"))).toBe(2);
    expect(moveRate(s, unitOf(s, "fr-2"))).toBe(4);
  });
});

describe("the unit and the step (CORE-TURN-2)", () => {
  it("CORE-TURN-2: checkStep names the step and the allowed steps; null in an allowed step", () => {
    const s = ready();
    expect(checkStep(s, ["remaining"])).toBeNull();
    expect(checkStep(s, ["declareCharges", "remaining"])).toBeNull();
    expect(checkStep(s, ["declareCharges"])).toEqual({ code: "movement/wrong_step", rule: "CORE-TURN-2", step: "remaining", allowed: ["declareCharges"] });
    expect(checkStep(s, ["declareCharges", "chargeMoves"], "CORE-CHRG-1")).toEqual({ code: "movement/wrong_step", rule: "CORE-CHRG-1", step: "remaining", allowed: ["declareCharges", "chargeMoves"] });
    const noStep = { ...s, turn: { ...s.turn, step: null } } as BattleState;
    expect(checkStep(noStep, ["remaining"])).toEqual({ code: "movement/wrong_step", rule: "CORE-TURN-2", step: null, allowed: ["remaining"] });
    // Through the engine: a move in the declare step.
    const declare = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)]), "declareCharges");
    expect(refusal(declare, fwd(1)).violation).toEqual({ code: "movement/wrong_step", rule: "CORE-TURN-2", step: "declareCharges", allowed: ["remaining"] });
    expect(readyToMove(declare, uid("fr-1"))).toEqual({ code: "movement/wrong_step", rule: "CORE-TURN-2", step: "declareCharges", allowed: ["remaining"] });
  });

  it("CORE-TURN-2: findUnit and activeUnit refuse an unknown, removed or enemy unit with its details", () => {
    const s = ready();
    expect(findUnit(s, uid("fr-9"))).toEqual({ code: "movement/unknown_unit", rule: null, unit: "fr-9" });
    const gone = patch(s, "fr-1", { removed: { turn: 1, reason: "destroyed" } });
    expect(findUnit(gone, uid("fr-1"))).toEqual({ code: "movement/unknown_unit", rule: null, unit: "fr-1" });
    expect(activeUnit(gone, uid("fr-1"))).toEqual({ code: "movement/unknown_unit", rule: null, unit: "fr-1" });
    expect(findUnit(s, uid("gb-1"))).toBe(unitOf(s, "gb-1"));
    expect(activeUnit(s, uid("gb-1"))).toEqual({ code: "movement/not_your_unit", rule: "CORE-TURN-2", unit: "gb-1", side: "gb", active: "fr" });
    expect(activeUnit(s, uid("fr-1"))).toBe(unitOf(s, "fr-1"));
    expect(readyToMove(s, uid("fr-1"))).toBe(unitOf(s, "fr-1"));
    expect(readyToMove(s, uid("gb-1"))).toEqual({ code: "movement/not_your_unit", rule: "CORE-TURN-2", unit: "gb-1", side: "gb", active: "fr" });
  });

  it("refuse prefixes the module and keeps the details; no details by default", () => {
    expect(refuse("x", null)).toEqual({ code: "movement/x", rule: null });
    expect(refuse("y", "CORE-MOVE-1", { unit: "a" })).toEqual({ code: "movement/y", rule: "CORE-MOVE-1", unit: "a" });
  });
});

describe("why a unit stays put (CORE-MOVE-4, CORE-FLEE-1, WHN-MOVE-6, CORE-RALLY-4, WHN-RALLY-3, CORE-CHRG-5, WHN-ART-3)", () => {
  const base = ready();
  const u = (s: BattleState) => unitOf(s, "fr-1") as Unit;
  const flags = (f: Record<string, unknown>) => patch(base, "fr-1", { flags: { ...u(base).flags, ...f } });
  const cases: [string, BattleState, Record<string, unknown>, string][] = [
    ["CORE-FLEE-1: a fleeing unit", patch(base, "fr-1", { order: "FLEEING" }), { code: "movement/fleeing", rule: "CORE-FLEE-1", unit: "fr-1" }, "Unit fr-1 is fleeing and cannot move by choice."],
    ["WHN-MOVE-6: a disordered unit", patch(base, "fr-1", { order: "DISORDERED" }), { code: "movement/disordered", rule: "WHN-MOVE-6", unit: "fr-1" }, "Unit fr-1 is disordered and has not rallied: it stays where it is."],
    ["CORE-RALLY-4: a unit rallied from fleeing", flags({ ralliedFromFleeing: true, rallied: true }), { code: "movement/rallied_from_fleeing", rule: "CORE-RALLY-4", unit: "fr-1" }, "Unit fr-1 rallied from fleeing this turn and may not move."],
    ["CORE-CHRG-5: a declared charger", flags({ declaredCharge: true }), { code: "movement/charged_this_turn", rule: "CORE-CHRG-5", unit: "fr-1" }, "Unit fr-1 declared a charge this turn; it moves only in the charge step."],
    ["CORE-CHRG-5: a unit that charged", flags({ charged: true }), { code: "movement/charged_this_turn", rule: "CORE-CHRG-5", unit: "fr-1" }, "Unit fr-1 declared a charge this turn; it moves only in the charge step."],
    ["CORE-CHRG-6: a unit whose charge failed", flags({ failedCharge: true }), { code: "movement/charged_this_turn", rule: "CORE-CHRG-5", unit: "fr-1" }, "Unit fr-1 declared a charge this turn; it moves only in the charge step."],
  ];
  for (const [title, s, want, text] of cases) {
    it(`${title} is refused a move, whole refusal and text`, () => {
      expect(whyStationary(s, u(s))).toEqual(want);
      expect(isStationary(s, u(s))).toBe(true);
      const r = refusal(s, fwd(1));
      expect(r.violation).toEqual(want);
      expect(r.text).toBe(`${text} [${want["rule"] as string}]`);
    });
  }

  it("WHN-RALLY-3: a unit rallied from disorder moves by default (AMB-33); refused only with the option off", () => {
    const rallied = flags({ rallied: true });
    expect(whyStationary(rallied, u(rallied))).toBeNull();
    expect(isStationary(rallied, u(rallied))).toBe(false);
    expect(unitOf(must(rallied, fwd(1)), "fr-1").position).toEqual({ x: 36, y: 11 });
    const off = { ...rallied, options: { ...rallied.options, whn: { ...rallied.options.whn, rallyFromDisorderMayMove: false } } } as BattleState;
    expect(whyStationary(off, u(off))).toEqual({ code: "movement/rallied_from_disorder", rule: "WHN-RALLY-3", unit: "fr-1" });
    expect(isStationary(off, u(off))).toBe(true);
    // The option alone does not hold a unit that did not rally.
    const offPlain = { ...base, options: off.options } as BattleState;
    expect(whyStationary(offPlain, u(offPlain))).toBeNull();
  });

  it("the order of the reasons: fleeing before disordered before rallied before charged before engaged", () => {
    const all = patch(base, "fr-1", { order: "FLEEING", flags: { ...u(base).flags, ralliedFromFleeing: true, declaredCharge: true } });
    expect(whyStationary(all, u(all))).toMatchObject({ code: "movement/fleeing" });
    const dis = patch(base, "fr-1", { order: "DISORDERED", flags: { ...u(base).flags, ralliedFromFleeing: true, declaredCharge: true } });
    expect(whyStationary(dis, u(dis))).toMatchObject({ code: "movement/disordered" });
    const rf = flags({ ralliedFromFleeing: true, declaredCharge: true });
    expect(whyStationary(rf, u(rf))).toMatchObject({ code: "movement/rallied_from_fleeing" });
  });

  it("CORE-MOVE-4: a unit in a combat record is engaged; its partner too; a unit in none is not", () => {
    const s = { ...base, combats: { c1: { id: "c1", units: ["fr-1", "gb-1"], chargers: [], lastWinner: null, rounds: 0, squareness: {}, round: null } } } as unknown as BattleState;
    expect(combatOf(s, uid("fr-1"))).toBe("c1");
    expect(combatOf(s, uid("gb-1"))).toBe("c1");
    expect(combatOf(base, uid("fr-1"))).toBeNull();
    expect(isEngagedUnit(s, u(s))).toBe(true);
    expect(isEngagedUnit(base, u(base))).toBe(false);
    expect(whyStationary(s, u(s))).toEqual({ code: "movement/engaged", rule: "CORE-MOVE-4", unit: "fr-1" });
    expect(refusal(s, fwd(1)).violation).toEqual({ code: "movement/engaged", rule: "CORE-MOVE-4", unit: "fr-1" });
  });

  it("CORE-MOVE-4, CORE-GEO-12: a unit whose footprint touches an enemy's is engaged; a friend touching it or an enemy 0.01\" off is not", () => {
    // The British line's front edge at y 14 faces south; the column's front edge is at y 10 facing north.
    const touching = ready([fr("fr-1", 36, 10), gb("gb-1", 36, 10)]);
    expect(isEngagedUnit(touching, u(touching))).toBe(true);
    expect(refusal(touching, fwd(1)).violation).toEqual({ code: "movement/engaged", rule: "CORE-MOVE-4", unit: "fr-1" });
    const apart = ready([fr("fr-1", 36, 10), gb("gb-1", 36, 10.01)]);
    expect(isEngagedUnit(apart, u(apart))).toBe(false);
    const friend = ready([fr("fr-1", 36, 10), fr("fr-2", 36, 10 + 0.7874015748031497, { facing: 270 }), gb("gb-1", 36, 44)]);
    expect(isEngagedUnit(friend, u(friend))).toBe(false);
  });

  it("WHN-ART-3: a gun is refused the movement actions and sent to the artillery ones", () => {
    const s = ready([fr("fr-1", 36, 10), frGun("fr-g", 20, 10, "light", "horse", "LIMBERED"), gb("gb-1", 36, 44)]);
    const g = unitOf(s, "fr-g");
    expect(whyStationary(s, g)).toEqual({ code: "movement/gun_uses_artillery_actions", rule: "WHN-ART-3", unit: "fr-g" });
    expect(isStationary(s, g)).toBe(true);
    const r = refusal(s, { type: "movement/move", unit: "fr-g", path: [{ kind: "forward", distance: 1 }] });
    expect(r.violation).toEqual({ code: "movement/gun_uses_artillery_actions", rule: "WHN-ART-3", unit: "fr-g" });
  });

  it("a unit free to move: no reason, not stationary", () => {
    expect(whyStationary(base, u(base))).toBeNull();
    expect(isStationary(base, u(base))).toBe(false);
  });
});

describe("wheels this phase (WHN-MOVE-4)", () => {
  it("WHN-MOVE-4: wheeledThisPhase reads the phase's record, 0 for a unit with none", () => {
    const s = ready([fr("fr-1", 36, 10, { formation: "LINE", files: 12 }), gb("gb-1", 36, 44)]);
    expect(wheeledThisPhase(s, uid("fr-1"))).toBe(0);
    const w = must(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 20, pivot: "left" }] });
    expect(wheeledThisPhase(w, uid("fr-1"))).toBe(20);
    expect(wheeledThisPhase(w, uid("gb-1"))).toBe(0);
    // An inherited key is not a record.
    expect(wheeledThisPhase(w, uid("toString"))).toBe(0);
  });
});

describe("the engaged memo (CORE-MOVE-4, CORE-GEO-12)", () => {
  // common.ts:93: the answers kept for one units record and one combats record are dropped when either is new.
  it("CORE-MOVE-4: a unit put into a combat on a new engine state is engaged there, though the units record is the same", () => {
    const s1 = own(ready());
    const u = unitOf(s1, "fr-1") as Unit;
    expect(isEngagedUnit(s1, u)).toBe(false);
    const s2 = own({ ...s1, combats: { c1: { id: "c1", units: ["fr-1", "gb-1"], chargers: [], lastWinner: null, rounds: 0, squareness: {}, round: null } } } as unknown as BattleState);
    expect(s2.units).toBe(s1.units);
    expect(isEngagedUnit(s2, u)).toBe(true);
    expect(isStationary(s2, u)).toBe(true);
    // And back: the combat over, the same units record, not engaged.
    const s3 = own({ ...s2, combats: {} } as BattleState);
    expect(isEngagedUnit(s3, u)).toBe(false);
  });
});
