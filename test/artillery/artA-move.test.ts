import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { battle, gun, line, patch, patchGun, play, refuse, unit } from "../fixtures/artillery.js";

// A French medium foot gun at (36, 10) facing north in the remaining-moves step; British line 34" off.
const base = (spec: Parameters<typeof gun>[2] = {}, y = 44): BattleState =>
  battle([gun("fr-art", "fr", spec, { position: { x: 36, y: 10 } }), line("gb-1", y)], { phase: "movement", step: "remaining" });
const flags = (s: BattleState, f: Record<string, unknown>) => patch(s, "fr-art", { flags: { ...unit(s, "fr-art").flags, ...f } });
const LIMBER = { type: "artillery/limber", unit: "fr-art" };
const UNLIMBER = { type: "artillery/unlimber", unit: "fr-art" };
const move = (distance: number, march = false) => ({ type: "artillery/move", unit: "fr-art", path: [{ kind: "forward", distance }], march });
const strip = (evs: readonly Record<string, unknown>[], type: string) => evs.filter((e) => e.type === type).map(({ seq: _s, gameTurn: _g, ...rest }) => rest);

describe("limbering and unlimbering (WHN-ART-4, AMB-40)", () => {
  it("WHN-ART-4: limbering before moving costs half the move and emits the whole event", () => {
    const r = play(base(), LIMBER, []);
    expect(strip(r.events, "artillery/limbered")).toEqual([{ type: "artillery/limbered", rule: "WHN-ART-4", unit: "fr-art", movedBefore: false, moveLeft: 0.5 }]);
    expect(unit(r.state, "fr-art")).toMatchObject({ formation: "LIMBERED", position: { x: 36, y: 10 }, facing: 90, flags: { limberedOrUnlimbered: true, moveUsed: 0.5 } });
  });

  it("WHN-ART-4: after a move of at most half (0.5 used) the gun may still change state, and then stops", () => {
    const r = play(flags(base(), { moveUsed: 0.5, moved: true }), LIMBER, []);
    expect(strip(r.events, "artillery/limbered")).toEqual([{ type: "artillery/limbered", rule: "WHN-ART-4", unit: "fr-art", movedBefore: true, moveLeft: 0 }]);
    expect(unit(r.state, "fr-art").flags.moveUsed).toBe(1);
  });

  it("WHN-ART-4: refusals — more than half used, already changed, marched, already in that state", () => {
    expect(refuse(flags(base(), { moveUsed: 0.51 }), LIMBER)).toEqual({ unit: "fr-art", moveUsed: 0.51, code: "artillery/no_half_move_left", rule: "WHN-ART-4" });
    expect(refuse(flags(base(), { limberedOrUnlimbered: true }), LIMBER)).toEqual({ unit: "fr-art", code: "artillery/already_changed_this_turn", rule: "WHN-ART-4" });
    expect(refuse(flags(base(), { marched: true }), LIMBER)).toEqual({ unit: "fr-art", code: "artillery/marched", rule: "WHN-ART-4" });
    expect(refuse(base(), UNLIMBER)).toEqual({ unit: "fr-art", code: "artillery/already_unlimbered", rule: "WHN-ART-4" });
    const lim = patch(base(), "fr-art", { formation: "LIMBERED" });
    expect(refuse(lim, LIMBER)).toEqual({ unit: "fr-art", code: "artillery/already_limbered", rule: "WHN-ART-4" });
    expect(refuse(patchGun(base(), "fr-art", { limberDisabled: true }), LIMBER)).toEqual({ unit: "fr-art", code: "artillery/limber_disabled", rule: "WHN-ART-15" });
  });

  it("WHN-ART-4: unlimbering a limbered gun is allowed with a disabled limber", () => {
    const s = patchGun(patch(base(), "fr-art", { formation: "LIMBERED" }), "fr-art", { limberDisabled: true });
    const r = play(s, UNLIMBER, []);
    expect(strip(r.events, "artillery/unlimbered")).toEqual([{ type: "artillery/unlimbered", rule: "WHN-ART-4", unit: "fr-art", movedBefore: false, moveLeft: 0.5 }]);
  });
});

describe("gun moves and marches (WHN-ART-3, WHN-ART-4, WHN-ART-15, CORE-MOVE-2)", () => {
  it("WHN-ART-3: an unlimbered medium gun moves 2\" (whole moved event); 2.01\" is too far", () => {
    const r = play(base(), move(2), []);
    expect(strip(r.events, "artillery/moved")).toEqual([
      { type: "artillery/moved", rule: "WHN-ART-3", unit: "fr-art", formation: "UNLIMBERED", from: { x: 36, y: 10 }, to: unit(r.state, "fr-art").position, facing: 90, cost: 2, allowance: 2, rate: 2 },
    ]);
    expect(unit(r.state, "fr-art").position.y).toBeCloseTo(12, 9);
    expect(unit(r.state, "fr-art").flags).toMatchObject({ moved: true, marched: false, moveUsed: 1 });
    expect(refuse(base(), move(2.01))).toEqual({ unit: "fr-art", cost: 2.01, allowance: 2, rate: 2, horseHits: 0, code: "artillery/too_far", rule: "WHN-ART-3" });
  });

  it("WHN-ART-3: a part move counts its share of the rate; the rest is the allowance", () => {
    const r = play(base(), move(0.5), []);
    expect(unit(r.state, "fr-art").flags.moveUsed).toBeCloseTo(0.25, 12);
    expect(refuse(r.state, move(1.6))).toMatchObject({ code: "artillery/too_far", allowance: 1.5 });
    expect(unit(play(r.state, move(1.5), []).state, "fr-art").flags.moveUsed).toBeCloseTo(1, 12);
  });

  it("WHN-ART-4: a limbered foot gun marches 8\" (2 × 4\"); 8.01\" is too far (rule WHN-ART-4)", () => {
    const s = patch(base(), "fr-art", { formation: "LIMBERED" });
    const r = play(s, move(8, true), []);
    expect(strip(r.events, "artillery/marched")).toEqual([
      { type: "artillery/marched", rule: "WHN-ART-4", unit: "fr-art", formation: "LIMBERED", from: { x: 36, y: 10 }, to: unit(r.state, "fr-art").position, facing: 90, cost: 8, allowance: 8, rate: 4 },
    ]);
    expect(unit(r.state, "fr-art").flags).toMatchObject({ marched: true, moveUsed: 1 });
    expect(refuse(s, move(8.01, true))).toEqual({ unit: "fr-art", cost: 8.01, allowance: 8, rate: 4, horseHits: 0, code: "artillery/too_far", rule: "WHN-ART-4" });
    expect(refuse(r.state, move(1))).toEqual({ unit: "fr-art", code: "artillery/already_marched", rule: "CORE-MOVE-2" });
  });

  it("WHN-ART-4 / CORE-MOVE-2: march refusals — unlimbered, after limbering, after moving, enemy within 8\" (not fleeing)", () => {
    expect(refuse(base(), move(1, true))).toEqual({ unit: "fr-art", formation: "UNLIMBERED", code: "artillery/may_not_march", rule: "WHN-ART-4" });
    const lim = patch(base(), "fr-art", { formation: "LIMBERED" });
    expect(refuse(flags(lim, { limberedOrUnlimbered: true }), move(1, true))).toEqual({ unit: "fr-art", code: "artillery/march_after_limbering", rule: "WHN-ART-4" });
    expect(refuse(flags(lim, { moveUsed: 0.25 }), move(1, true))).toEqual({ unit: "fr-art", moveUsed: 0.25, code: "artillery/march_after_moving", rule: "CORE-MOVE-2" });
    // The line's front edge 8" from the limbered gun's front: within 8 (a limbered gun's footprint reaches forward of its frame).
    const near = patch(battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 10 } }), line("gb-1", 18)], { phase: "movement", step: "remaining" }), "fr-art", { formation: "LIMBERED" });
    expect(refuse(near, move(1, true))).toEqual({ unit: "fr-art", enemies: ["gb-1"], code: "artillery/enemy_within_8", rule: "CORE-MOVE-2" });
    expect(play(patch(near, "gb-1", { order: "FLEEING" }), move(1, true), []).events.some((e) => e.type === "artillery/marched")).toBe(true);
  });

  it("WHN-ART-15: each horse hit slows the limbered gun; a lost team or disabled limber refuses", () => {
    const lim = patch(base(), "fr-art", { formation: "LIMBERED" });
    expect(refuse(patchGun(lim, "fr-art", { horseHits: 1 }), move(3.01))).toEqual({ unit: "fr-art", cost: 3.01, allowance: 3, rate: 3, horseHits: 1, code: "artillery/too_far", rule: "WHN-ART-3" });
    expect(refuse(patchGun(lim, "fr-art", { horseHits: 4 }), move(1))).toEqual({ unit: "fr-art", horseHits: 4, code: "artillery/no_team", rule: "WHN-ART-15" });
    expect(refuse(patchGun(lim, "fr-art", { limberDisabled: true }), move(1))).toEqual({ unit: "fr-art", code: "artillery/limber_disabled", rule: "WHN-ART-15" });
    // unlimbered, horse hits do not matter
    expect(unit(play(patchGun(base(), "fr-art", { horseHits: 4 }), move(2), []).state, "fr-art").flags.moveUsed).toBe(1);
  });
});
