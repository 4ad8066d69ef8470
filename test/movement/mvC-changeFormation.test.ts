/**
 * Formation changes, src/rules/whn/movement/changeFormation.ts (WHN-FCHG-1…5, CORE-GEO-20,
 * CORE-MOVE-1): the new unit's exact frame for each kind of formation, the cost by quality and its
 * boundaries, the threats that call for the check, and every refusal and event whole.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import type { Unit } from "../../src/state/unit.js";
import type { ChangeFormationAction } from "../../src/rules/whn/movement/actions.js";
import { OPEN_ORDER_GAP } from "../../src/geometry/bases.js";
import { changeCost, changeFormationHandler, changePrice, chargeThreats, reform, spendChange } from "../../src/rules/whn/movement/changeFormation.js";
import { gun } from "../fixtures/artillery.js";
import { battleOf, fr, frCav, gb, gbCav, patch, toStep, unitOf } from "../fixtures/movement.js";
import { direct, directRefusal } from "../fixtures/mvC.js";

/** A foot base's width and depth, inches (20 mm). */
const W = 20 / 25.4;
const cf = (unit: string, formation: string, extra: Record<string, unknown> = {}): ChangeFormationAction =>
  ({ type: "movement/changeFormation", unit: unit as UnitId, formation, ...extra }) as unknown as ChangeFormationAction;
/** fr-1, a regular attack column of 24 (4 files) at (36, 12) facing north, a British line far off; France at its remaining-moves step. */
const quiet = (frOver: Record<string, unknown> = {}, extra: Parameters<typeof battleOf>[0] = []): BattleState =>
  toStep(battleOf([fr("fr-1", 36, 12, frOver), gb("gb-1", 36, 44), ...extra]), "remaining");
const flagsOf = (s: BattleState, over: Partial<Unit["flags"]>): Unit["flags"] => ({ ...unitOf(s, "fr-1").flags, ...over });
const withFlags = (s: BattleState, over: Partial<Unit["flags"]>): BattleState => patch(s, "fr-1", { flags: flagsOf(s, over) });
const applied = (s: BattleState, a: ChangeFormationAction, d6: number[] = []) => {
  const r = direct(changeFormationHandler, s, a, d6);
  if (!r.outcome.ok) throw new Error(JSON.stringify(r.outcome.violation));
  return { state: r.outcome.state, events: r.events };
};

describe("mvC changeFormation: the new frame (CORE-GEO-20, WHN-FCHG-3)", () => {
  const s = quiet();
  const u = unitOf(s, "fr-1");
  // The old front rank's middle slot (file 2 of 4) has its centre at (36 + W/2, 12 − W/2).
  it("CORE-GEO-20: a line of 12 files keeps the front's middle at the old one's middle slot: its front centre stays at (36, 12)", () => {
    const n = reform(s, u, "LINE", 12, undefined) as Unit;
    expect(n.formation).toBe("LINE");
    expect(n.files).toBe(12);
    expect(n.position.x).toBeCloseTo(36, 9);
    expect(n.position.y).toBeCloseTo(12, 9);
    expect(n.facing).toBe(90);
    expect(n.models).toBe(null);
  });
  it("CORE-GEO-20: a march column of 3 files is centred on that slot: its front centre moves half a base to the right", () => {
    const n = reform(s, u, "MARCH_COLUMN", 3, undefined) as Unit;
    expect(n.position.x).toBeCloseTo(36 + W / 2, 9);
    expect(n.position.y).toBeCloseTo(12, 9);
    expect(n.files).toBe(3);
  });
  it("CORE-GEO-20: a square's front-edge centre goes to that slot's centre; it keeps the unit's files", () => {
    const n = reform(s, u, "SQUARE", 12, undefined) as Unit;
    expect(n).toMatchObject({ formation: "SQUARE", files: 4, facing: 90, models: null });
    expect(n.position.x).toBeCloseTo(36 + W / 2, 9);
    expect(n.position.y).toBeCloseTo(12 - W / 2, 9);
  });
  it("CORE-GEO-20: open order spaces the files 10 mm apart, so a 12-file front's middle slot sits half a base and half a gap right of its centre", () => {
    const lt = quiet({ light: true });
    const n = reform(lt, unitOf(lt, "fr-1"), "OPEN_ORDER", 12, undefined) as Unit;
    expect(n.position.x).toBeCloseTo(36 - OPEN_ORDER_GAP / 2, 9);
    expect(n.position.y).toBeCloseTo(12, 9);
    expect(n.models).toBe(null);
  });
  it("CORE-GEO-20 / WHN-SKIRM-3: extended order spaces the files a base width apart and places every model", () => {
    const lt = quiet({ light: true, extendedOrderAllowed: true });
    const n = reform(lt, unitOf(lt, "fr-1"), "EXTENDED_ORDER", 12, undefined) as Unit;
    expect(n.position.x).toBeCloseTo(36 - W / 2, 9);
    expect(n.position.y).toBeCloseTo(12, 9);
    expect(n.files).toBe(12);
    expect(n.models).toHaveLength(24);
    const xs = (n.models ?? []).filter((m) => Math.abs(m.y - (12 - W / 2)) < 1e-9).map((m) => m.x);
    expect(xs).toHaveLength(12);
    expect(xs[1]! - xs[0]!).toBeCloseTo(2 * W, 9);
  });
  it("CORE-GEO-20: the new facing is the one given; the pivot stays", () => {
    const n = reform(s, u, "LINE", 12, 0) as Unit;
    expect(n.facing).toBe(0);
    // Facing east, the front's middle slot (file 6) is half a base right of the front centre (south) and half a base behind it (west).
    expect(n.position.x).toBeCloseTo(36 + W, 9);
    expect(n.position.y).toBeCloseTo(12, 9);
    const back = reform(s, u, "LINE", 12, 450) as Unit;
    expect(back.facing).toBe(90);
  });
  it("CORE-GEO-20: with no width given the unit keeps its files", () => {
    expect((reform(s, u, "ATTACK_COLUMN", undefined, 270) as Unit).files).toBe(4);
  });
  it("WHN-FORM-3: a shape the formation does not allow is refused by its rule", () => {
    expect(reform(s, u, "ATTACK_COLUMN", 6, undefined)).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-FORM-3", unit: "fr-1", formation: "ATTACK_COLUMN", files: 6, why: "4 ranks for 6 files; needs ranks ≥ files" });
  });
  it("CORE-GEO-20: a re-formed unit may not overlap another unit (an enemy may be near)", () => {
    const near = quiet({}, [gb("gb-2", 36, 15)]);
    expect(reform(near, unitOf(near, "fr-1"), "LINE", 12, undefined)).toEqual(reform(s, u, "LINE", 12, undefined));
    const friend = quiet({}, [fr("fr-2", 42, 12.5)]);
    expect(reform(friend, unitOf(friend, "fr-1"), "LINE", 12, undefined)).toMatchObject({ code: expect.stringMatching(/^movement\//) });
  });
});

describe("mvC changeFormation: the cost by quality (WHN-FCHG-1, WHN-FCHG-2)", () => {
  const s = quiet();
  const u = unitOf(s, "fr-1");
  const at = (quality: string, flags: Partial<Unit["flags"]>): Unit => ({ ...u, quality, flags: { ...u.flags, ...flags } }) as Unit;
  it("WHN-FCHG-1: a veteran's first change before moving is free; after moving or a change, half", () => {
    expect(changeCost(at("VETERAN", {}))).toBe(0);
    expect(changeCost(at("VETERAN", { moveUsed: 0.25 }))).toBe(0.5);
    expect(changeCost(at("VETERAN", { formationChanges: 1 }))).toBe(0.5);
  });
  it("WHN-FCHG-1: a raw unit's change is its whole move, only before moving", () => {
    expect(changeCost(at("RAW", {}))).toBe(1);
    expect(changeCost(at("RAW", { moveUsed: 0.1 }))).toEqual({ code: "movement/raw_change_after_moving", rule: "WHN-FCHG-1", unit: "fr-1", moveUsed: 0.1 });
  });
  it("WHN-FCHG-1: a regular's change costs half, while half its move is left (1/1000 tolerance)", () => {
    expect(changeCost(at("REGULAR", {}))).toBe(0.5);
    expect(changeCost(at("REGULAR", { moveUsed: 0.5 }))).toBe(0.5);
    expect(changeCost(at("REGULAR", { moveUsed: 0.501 }))).toBe(0.5);
    expect(changeCost(at("REGULAR", { moveUsed: 0.5012 }))).toEqual({ code: "movement/no_move_left_for_change", rule: "WHN-FCHG-1", unit: "fr-1", moveUsed: 0.5012 });
    expect(changeCost(at("VETERAN", { moveUsed: 0.75 }))).toEqual({ code: "movement/no_move_left_for_change", rule: "WHN-FCHG-1", unit: "fr-1", moveUsed: 0.75 });
  });
  it("WHN-FCHG-2: at most whn.maxFormationChangesPerTurn changes a turn (default 1)", () => {
    expect(changePrice(s, at("REGULAR", { formationChanges: 1 }))).toEqual({ code: "movement/too_many_changes", rule: "WHN-FCHG-2", unit: "fr-1", max: 1 });
    expect(changePrice(s, at("REGULAR", {}))).toBe(0.5);
    const two = { ...s, options: { ...s.options, whn: { ...s.options.whn, maxFormationChangesPerTurn: 2 } } } as BattleState;
    expect(changePrice(two, at("REGULAR", { formationChanges: 1 }))).toBe(0.5);
    expect(changePrice(two, at("REGULAR", { formationChanges: 2 }))).toEqual({ code: "movement/too_many_changes", rule: "WHN-FCHG-2", unit: "fr-1", max: 2 });
  });
  it("WHN-FCHG-1: the change is spent from the move (never past all of it) and counted; the unit has moved", () => {
    expect(spendChange(at("REGULAR", { moveUsed: 0.25 }), 0.5)).toEqual({ ...u.flags, moved: true, formationChanges: 1, moveUsed: 0.75 });
    expect(spendChange(at("REGULAR", { moveUsed: 0.75, formationChanges: 1 }), 0.5)).toEqual({ ...u.flags, moved: true, formationChanges: 2, moveUsed: 1 });
    expect(spendChange(at("VETERAN", {}), 0)).toEqual({ ...u.flags, moved: true, formationChanges: 1, moveUsed: 0 });
  });
});

describe("mvC changeFormation: who threatens the unit (WHN-FCHG-4, AMB-11)", () => {
  // fr-1's front edge is at y 12; an enemy battalion (M 4) facing it from the north reaches 8".
  it("WHN-FCHG-4: enemy foot within twice its M (8\") with the unit in its arc", () => {
    const s = quiet({}, [gb("gb-2", 36, 20)]);
    expect(chargeThreats(s, unitOf(s, "fr-1")).map((t) => t.id)).toEqual(["gb-2"]);
    const out = quiet({}, [gb("gb-2", 36, 20.01)]);
    expect(chargeThreats(out, unitOf(out, "fr-1"))).toEqual([]);
  });
  it("WHN-FCHG-4: not when the unit is outside its arc (it faces away), nor a fleeing one, nor a friend", () => {
    const away = quiet({}, [gb("gb-2", 36, 16, { facing: 90 })]);
    expect(chargeThreats(away, unitOf(away, "fr-1"))).toEqual([]);
    const fleeing = patch(quiet({}, [gb("gb-2", 36, 16)]), "gb-2", { order: "FLEEING" });
    expect(chargeThreats(fleeing, unitOf(fleeing, "fr-1"))).toEqual([]);
    const friend = quiet({}, [fr("fr-2", 36, 16, { facing: 270 })]);
    expect(chargeThreats(friend, unitOf(friend, "fr-1"))).toEqual([]);
  });
  it("AMB-11: enemy cavalry is no threat unless whn.fchgCheckVsCavalry; then it reaches twice its M (16\")", () => {
    const s = quiet({}, [gbCav("gb-2", 36, 27)]);
    expect(chargeThreats(s, unitOf(s, "fr-1"))).toEqual([]);
    const on = { ...s, options: { ...s.options, whn: { ...s.options.whn, fchgCheckVsCavalry: true } } } as BattleState;
    expect(chargeThreats(on, unitOf(on, "fr-1")).map((t) => t.id)).toEqual(["gb-2"]);
  });
  it("WHN-FCHG-4: every threat, in id order", () => {
    const s = quiet({}, [gb("gb-3", 30, 18), gb("gb-2", 42, 18)]);
    expect(chargeThreats(s, unitOf(s, "fr-1")).map((t) => t.id)).toEqual(["gb-2", "gb-3"]);
  });
});

describe("mvC changeFormation: the action (WHN-FCHG-1…5)", () => {
  it("WHN-FCHG-1: a regular's change, no threat: the unit re-formed, half its move spent; the event is whole", () => {
    const s = quiet();
    const r = applied(s, cf("fr-1", "LINE", { files: 12 }));
    expect(r.events).toEqual([
      { type: "unit/formationChanged", rule: "WHN-FCHG-1", unit: "fr-1", from: "ATTACK_COLUMN", to: "LINE", files: 12, cost: 0.5, free: false, position: unitOf(r.state, "fr-1").position, facing: 90 },
    ]);
    expect(unitOf(r.state, "fr-1")).toEqual({ ...(reform(s, unitOf(s, "fr-1"), "LINE", 12, undefined) as Unit), flags: flagsOf(s, { moved: true, formationChanges: 1, moveUsed: 0.5 }) });
  });
  it("WHN-FCHG-1: a veteran's first change is free, and says so", () => {
    const r = applied(quiet({ quality: "VETERAN" }), cf("fr-1", "MARCH_COLUMN", { files: 3 }));
    expect(r.events).toMatchObject([{ type: "unit/formationChanged", cost: 0, free: true, files: 3, to: "MARCH_COLUMN" }]);
    expect(unitOf(r.state, "fr-1").flags).toMatchObject({ moved: true, formationChanges: 1, moveUsed: 0 });
  });
  it("WHN-FCHG-1: a raw unit's change uses its whole move", () => {
    const r = applied(quiet({ quality: "RAW" }), cf("fr-1", "LINE", { files: 12 }));
    expect(r.events).toMatchObject([{ cost: 1, free: false }]);
    expect(unitOf(r.state, "fr-1").flags).toMatchObject({ moved: true, formationChanges: 1, moveUsed: 1 });
  });
  it("WHN-FCHG-4: within a threat's reach a passed check lets the change through; the check is logged whole", () => {
    const s = quiet({}, [gb("gb-2", 36, 18)]);
    const r = applied(s, cf("fr-1", "LINE", { files: 12 }), [3, 3]);
    expect(r.events[0]).toEqual({ type: "movement/formationCheck", rule: "WHN-FCHG-4", unit: "fr-1", threats: ["gb-2"], dice: [3, 3], total: 6, target: 6, passed: true });
    expect(r.events[1]).toMatchObject({ type: "unit/formationChanged", to: "LINE" });
    expect(r.events).toHaveLength(2);
  });
  it("WHN-FCHG-4: a failed check keeps the formation, spends the change's cost and does not disorder", () => {
    const s = quiet({}, [gb("gb-2", 36, 18)]);
    const r = applied(s, cf("fr-1", "LINE", { files: 12 }), [3, 4]);
    expect(r.events).toEqual([
      { type: "movement/formationCheck", rule: "WHN-FCHG-4", unit: "fr-1", threats: ["gb-2"], dice: [3, 4], total: 7, target: 6, passed: false },
      { type: "unit/formationChangeFailed", rule: "WHN-FCHG-4", unit: "fr-1", formation: "ATTACK_COLUMN", cost: 0.5 },
    ]);
    expect(unitOf(r.state, "fr-1")).toEqual({ ...unitOf(s, "fr-1"), flags: flagsOf(s, { moved: true, formationChanges: 1, moveUsed: 0.5 }) });
  });
  it("CORE-MOVE-1: under the core rules the event names CORE-MOVE-1 and the reform is the whole move", () => {
    const s = { ...quiet(), ruleset: "core" } as BattleState;
    const r = applied(patch(s, "fr-1", { formation: "BLOCK", light: true }), cf("fr-1", "OPEN_ORDER", { files: 12 }));
    expect(r.events).toMatchObject([{ type: "unit/formationChanged", rule: "CORE-MOVE-1", from: "BLOCK", to: "OPEN_ORDER", cost: 1, free: false }]);
    expect(directRefusal(changeFormationHandler, withFlags(patch(s, "fr-1", { formation: "BLOCK", light: true }), { moveUsed: 0.25 }), cf("fr-1", "OPEN_ORDER", { files: 12 }))).toEqual({
      code: "movement/reform_after_moving", rule: "CORE-MOVE-1", unit: "fr-1", moveUsed: 0.25,
    });
    expect(directRefusal(changeFormationHandler, s, cf("fr-1", "LINE", { files: 12 }))).toEqual({ code: "movement/formation_not_allowed", rule: "CORE-MOVE-1", unit: "fr-1", formation: "LINE", why: "CORE units stand in blocks or skirmish" });
  });
});

describe("mvC changeFormation: refusals (WHN-FCHG-1, WHN-FORM-1, WHN-ART-4, CORE-TURN-2)", () => {
  it("WHN-FCHG-1: only in the remaining-moves step", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 44)]), "declareCharges");
    expect(directRefusal(changeFormationHandler, s, cf("fr-1", "LINE", { files: 12 }))).toEqual({ code: "movement/wrong_step", rule: "WHN-FCHG-1", step: "declareCharges", allowed: ["remaining"] });
  });
  it("CORE-TURN-2: only the mover's own units", () => {
    expect(directRefusal(changeFormationHandler, quiet(), cf("gb-1", "ATTACK_COLUMN", { files: 4 }))).toEqual({ code: "movement/not_your_unit", rule: "CORE-TURN-2", unit: "gb-1", side: "gb", active: "fr" });
  });
  it("WHN-MOVE-6: a disordered unit does not change formation", () => {
    expect(directRefusal(changeFormationHandler, patch(quiet(), "fr-1", { order: "DISORDERED" }), cf("fr-1", "LINE", { files: 12 }))).toMatchObject({ code: "movement/disordered", rule: "WHN-MOVE-6", unit: "fr-1" });
  });
  it("WHN-ART-3 / WHN-ART-4: a gun limbers with its own action; artillery without a gun record is refused too", () => {
    const s = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 12 }, facing: 90 }), gb("gb-1", 36, 44)]), "remaining");
    expect(directRefusal(changeFormationHandler, s, cf("fr-g", "LIMBERED"))).toEqual({ code: "movement/gun_uses_artillery_actions", rule: "WHN-ART-3", unit: "fr-g" });
    expect(directRefusal(changeFormationHandler, patch(s, "fr-g", { artillery: null }), cf("fr-g", "LIMBERED"))).toEqual({ code: "movement/artillery_limbers", rule: "WHN-ART-4", unit: "fr-g" });
  });
  it("WHN-FCHG-1: the same formation, width and facing is no change; another width or facing is", () => {
    const s = quiet();
    expect(directRefusal(changeFormationHandler, s, cf("fr-1", "ATTACK_COLUMN"))).toEqual({ code: "movement/same_formation", rule: "WHN-FCHG-1", unit: "fr-1", formation: "ATTACK_COLUMN" });
    expect(directRefusal(changeFormationHandler, s, cf("fr-1", "ATTACK_COLUMN", { files: 4, facing: 90 }))).toEqual({ code: "movement/same_formation", rule: "WHN-FCHG-1", unit: "fr-1", formation: "ATTACK_COLUMN" });
    expect(applied(s, cf("fr-1", "ATTACK_COLUMN", { files: 3 })).events).toMatchObject([{ from: "ATTACK_COLUMN", to: "ATTACK_COLUMN", files: 3 }]);
    expect(applied(s, cf("fr-1", "ATTACK_COLUMN", { facing: 270 })).events).toMatchObject([{ from: "ATTACK_COLUMN", to: "ATTACK_COLUMN", files: 4, facing: 270 }]);
  });
  it("WHN-FORM-1: a WHN unit does not form a CORE block", () => {
    expect(directRefusal(changeFormationHandler, quiet(), cf("fr-1", "BLOCK", { files: 4 }))).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-FORM-1", unit: "fr-1", formation: "BLOCK" });
  });
  it("WHN-FCHG-2 / WHN-FCHG-1: the cost's refusals come through", () => {
    expect(directRefusal(changeFormationHandler, withFlags(quiet(), { formationChanges: 1, moved: true }), cf("fr-1", "LINE", { files: 12 }))).toEqual({ code: "movement/too_many_changes", rule: "WHN-FCHG-2", unit: "fr-1", max: 1 });
    expect(directRefusal(changeFormationHandler, withFlags(quiet({ quality: "RAW" }), { moveUsed: 0.25, moved: true }), cf("fr-1", "LINE", { files: 12 }))).toEqual({ code: "movement/raw_change_after_moving", rule: "WHN-FCHG-1", unit: "fr-1", moveUsed: 0.25 });
  });
  it("WHN-FORM-5: a width the formation does not allow", () => {
    expect(directRefusal(changeFormationHandler, quiet(), cf("fr-1", "LINE", { files: 5 }))).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-FORM-5", unit: "fr-1", formation: "LINE", files: 5, why: "5 ranks; allowed 2–2" });
  });
  it("WHN-FORM-1: cavalry forms no infantry line", () => {
    const s = toStep(battleOf([frCav("fr-c", 36, 12), gb("gb-1", 36, 44)]), "remaining");
    expect(directRefusal(changeFormationHandler, s, cf("fr-c", "LINE", { files: 6 }))).toEqual({ code: "movement/formation_not_allowed", rule: "WHN-FORM-1", unit: "fr-c", formation: "LINE", files: 6, why: "not for cavalry" });
  });
});

describe("mvC changeFormation: a detachment's range (WHN-DET-2)", () => {
  /** Light grenadiers (6 in one rank, front centre x 42) detached from fr-1, their left end 2.07" from its right flank (M 4). */
  const near = () =>
    toStep(battleOf([fr("fr-1", 36, 12), fr("fr-d", 42, 12, { light: true, figures: 6, startingFigures: 6, files: 6, formation: "LINE", detachmentOf: "fr-1", command: {} }), gb("gb-1", 36, 44)]), "remaining");
  it("WHN-DET-2: a change that leaves the detachment beyond one move of its parent is refused, with the distance and the range", () => {
    const v = directRefusal(changeFormationHandler, near(), cf("fr-d", "MARCH_COLUMN", { files: 1 }));
    // The one-file column is centred on the old middle slot (file 3 of 6, centre x 42 + W/2): its left edge at x 42, 4.43" from fr-1's right edge (36 + 2W).
    expect(v).toEqual({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", distance: expect.closeTo(42 - (36 + 2 * W), 9), range: 4 });
  });
  it("WHN-DET-2: a change that keeps it within range is made (three files: left edge at 42 − W, 3.64\" off)", () => {
    const r = applied(near(), cf("fr-d", "LINE", { files: 3 }));
    expect(r.events).toMatchObject([{ type: "unit/formationChanged", unit: "fr-d", from: "LINE", to: "LINE", files: 3 }]);
  });
});
