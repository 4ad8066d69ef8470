// Rule tests that kill movement mutants the sampled mutation runs left alive (#17): the open
// survivors of the seed-2 sample and the survivors of the seed-3 sample. Each case names the
// mutant it answers; each was checked by applying that mutant to the source by hand (the case fails)
// and restoring the source.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import { legalMovementActions } from "../../src/rules/whn/movement/index.js";
import { gun } from "../fixtures/artillery.js";
import { battleOf, fr, gb, gbCav, must, ofType, patch, refused, run, toStep, toTurnStep, unitOf, type AnyAction } from "../fixtures/movement.js";

const declare = (unit: string, target: string): AnyAction => ({ type: "movement/declareCharge", unit, target });
const respond = (unit: string, response: string, extra: Record<string, unknown> = {}): AnyAction => ({ type: "movement/respond", unit, response, ...extra });
const chargeMove = (unit: string): AnyAction => ({ type: "movement/chargeMove", unit });
const forward = (unit: string, distance: number): AnyAction => ({ type: "movement/move", unit, path: [{ kind: "forward", distance }] });

/** British hussars (gb-2, 12 models, M8) 14" in front of a French attack column (fr-1), with more units as given; Britain moves. */
function hussarsOnColumn(extra: Parameters<typeof battleOf>[0] = []): BattleState {
  return toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26), ...extra], { firstSide: "gb" }), "declareCharges");
}

/** Declares the charges, then advances to the response step. */
function declared(s: BattleState, ...pairs: [string, string][]): BattleState {
  let t = s;
  for (const [u, target] of pairs) t = must(t, declare(u, target));
  return must(t, { type: "turn/advance" });
}

/** Grenadiers (4 light models in one rank, Ld 9) detached from fr-1, beside it. */
const grenadiers = (over: Record<string, unknown> = {}) =>
  fr("fr-d", 40, 10, {
    light: true,
    figures: 4,
    startingFigures: 4,
    files: 4,
    formation: "LINE",
    detachmentOf: "fr-1",
    command: {},
    profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 9 },
    equipment: { missile: "musket", melee: "musketBayonet", armour: "light" },
    ...over,
  });
const merge: AnyAction = { type: "movement/mergeDetachment", unit: "fr-d" };

describe("movement mutants (seed-2 survivors)", () => {
  // merge.ts:85 `p.phase.panicTested || d.phase.panicTested` → `true`.
  it("WHN-DET-3: merging pools the Panic counters; the merged unit has tested only if one of the two had", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44)]), "remaining");
    const p0 = unitOf(s, "fr-1").phase;
    const d0 = unitOf(s, "fr-d").phase;
    expect([p0.panicTested, d0.panicTested]).toEqual([false, false]);
    const merged = must(s, merge);
    expect(unitOf(merged, "fr-1").phase).toEqual({ figuresAtStart: p0.figuresAtStart + d0.figuresAtStart, casualties: 0, panicTested: false });
    const tested = must(patch(s, "fr-d", { phase: { ...d0, panicTested: true } }), merge);
    expect(unitOf(tested, "fr-1").phase.panicTested).toBe(true);
  });

  // merge.ts:139 the loop body that refuses a split detachment placed within 1" of an enemy → `{}`.
  it("CORE-MOVE-4: a detachment stepping out of its parent's ranks may not stand within 1\" of an enemy", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44), gb("gb-s", 60, 40, { light: true, figures: 4, startingFigures: 4, files: 4, command: {} })]), "remaining");
    const t = toTurnStep(must(s0, merge), 2, "fr", "remaining");
    const split = { type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d", to: { x: 30, y: 10 }, facing: 90 };
    // Clear of enemies the spot is taken (WHN-DET-5).
    expect(unitOf(must(t, split), "fr-d").position).toEqual({ x: 30, y: 10 });
    // British skirmishers 0.5" in front of that spot, facing it: too close.
    const near = patch(t, "gb-s", { position: { x: 30, y: 10.5 } });
    const v = refused(near, split);
    expect(v).toMatchObject({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-d", enemy: "gb-s" });
    expect(v["distance"]).toBeCloseTo(0.5, 9);
    // 1.5" away they are not.
    expect(unitOf(must(patch(t, "gb-s", { position: { x: 30, y: 11.5 } }), split), "fr-d").mergedInto).toBeNull();
  });

  // respond.ts:176 the refusal's details `{ unit, response, allowed }` → `{}`.
  it("CORE-CHRG-3: a response the unit may not give is refused naming the unit, the response and what it may give", () => {
    const s = declared(toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 18)], { firstSide: "gb" }), "declareCharges"), ["gb-2", "fr-1"]);
    expect(refused(s, respond("fr-1", "standAndShoot"))).toEqual({
      code: "movement/response_not_allowed",
      rule: "CORE-CHRG-3",
      unit: "fr-1",
      response: "standAndShoot",
      allowed: ["hold", "flee", "formSquare"],
    });
  });

  // respond.ts:53 `c !== undefined && inPlay(c)` → `true`: a charger out of play still made a fleeing target flee.
  it("CORE-FLEE-7: a fleeing unit whose only charger is gone flees again only for a charger in play: it holds", () => {
    const s = patch(declared(hussarsOnColumn(), ["gb-2", "fr-1"]), "fr-1", { order: "FLEEING" });
    // With its charger in play and in reach it must flee (CORE-FLEE-7).
    expect(refused(s, respond("fr-1", "hold"))).toMatchObject({ rule: "CORE-FLEE-7", allowed: ["flee"] });
    const gone = patch(s, "gb-2", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(refused(gone, respond("fr-1", "flee"))).toMatchObject({ code: "movement/response_not_allowed", rule: "CORE-FLEE-7", allowed: ["hold"] });
    const r = run(gone, respond("fr-1", "hold"));
    expect(r.state.pending).toEqual([]);
    expect(unitOf(r.state, "fr-1").position).toEqual(unitOf(gone, "fr-1").position);
  });

  // changeFormation.ts:139 `a.formation === "BLOCK"` → `false`.
  it("WHN-FORM-1: under the WHN rules a battalion may not change into the core rules' BLOCK", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, { type: "movement/changeFormation", unit: "fr-1", formation: "BLOCK", files: 6 })).toEqual({
      code: "movement/formation_not_allowed",
      rule: "WHN-FORM-1",
      unit: "fr-1",
      formation: "BLOCK",
    });
  });

  // free.ts:67 `(1 - u.flags.moveUsed) * M` → `(1 + u.flags.moveUsed) * M`.
  it("WHN-MOVE-7: after a part move an extended-order unit's models move only what is left of the allowance", () => {
    const x = fr("fr-x", 36, 12, {
      light: true,
      extendedOrderAllowed: true,
      formation: "EXTENDED_ORDER",
      figures: 6,
      startingFigures: 6,
      files: 6,
      command: {},
      models: Array.from({ length: 6 }, (_, i) => ({ x: 31 + i * 2, y: 11.5, facing: 90 })),
    });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)]), "remaining");
    const shift = (state: BattleState, dy: number) => ({
      type: "movement/moveTo",
      unit: "fr-x",
      march: false,
      models: (unitOf(state, "fr-x").models ?? []).map((m) => ({ x: m.x, y: m.y + dy, facing: m.facing })),
    });
    const first = must(s, shift(s, 1));
    expect(unitOf(first, "fr-x").flags.moveUsed).toBe(0.25);
    // M 4, a quarter used: 3" left.
    expect(refused(first, shift(first, 3.5))).toMatchObject({ code: "movement/too_far", rule: "WHN-MOVE-7", model: 0, cost: 3.5, allowance: 3 });
    const r = run(first, shift(first, 3));
    expect(r.events[0]).toMatchObject({ type: "unit/moved", rule: "WHN-MOVE-7", longest: 3, allowance: 3 });
    expect(unitOf(r.state, "fr-x").flags.moveUsed).toBe(1);
  });

  // legal.ts:106 `f * left >= MIN_LISTED_MOVE` → `f * left < MIN_LISTED_MOVE`.
  it("CORE-MOVE-1: a formed unit is offered forward moves of a quarter, half, three quarters and all of the move it has left", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)]), "remaining");
    const forwards = (state: BattleState) =>
      legalMovementActions(state, "fr-1" as UnitId)
        .filter((a) => a.type === "movement/move" && a.path.length === 1 && a.path[0]?.kind === "forward")
        .map((a) => (a.type === "movement/move" && a.path[0]?.kind === "forward" ? a.path[0].distance : NaN));
    // M 4: 1, 2, 3 and 4", each a millionth short so the last is not lost to rounding.
    expect(forwards(s)).toEqual([1 - 1e-6, 2 - 1e-6, 3 - 1e-6, 4 - 1e-6]);
    // After 3.5" half an inch is left: 0.25" and 0.5" (trimmed) are listed, shorter remainders are not.
    const after = must(s, forward("fr-1", 3.5));
    expect(forwards(after)).toEqual([Math.max(0, 0.5 * 0.5 - 1e-6), Math.max(0, 0.75 * 0.5 - 1e-6), Math.max(0, 0.5 - 1e-6)]);
  });

  // common.ts:107 the `Stationary.Gun` case's refusal removed (it fell through to no violation).
  it("WHN-ART-3: a gun does not move with movement/move; it moves, limbers and turns through the artillery actions", () => {
    const s = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 10 } }), gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, forward("fr-g", 1))).toEqual({ code: "movement/gun_uses_artillery_actions", rule: "WHN-ART-3", unit: "fr-g" });
    expect(refused(s, { type: "movement/changeFormation", unit: "fr-g", formation: "LINE", files: 1 })).toMatchObject({ code: "movement/gun_uses_artillery_actions", rule: "WHN-ART-3" });
  });

  // chargeMove.ts:151 the failed charge's `why`, `path blocked by ${blocker.id}` → ``.
  it("CORE-CHRG-6: a charge whose straight line to contact crosses another unit fails, naming the unit in the way", () => {
    const s = declared(hussarsOnColumn([gb("gb-1", 60, 40, { light: true, figures: 4, startingFigures: 4, files: 4, command: {} })]), ["gb-2", "fr-1"]);
    const moves = toStep(must(s, respond("fr-1", "hold")), "chargeMoves");
    // A friendly unit stands across the line once the charge is declared.
    const blocked = patch(moves, "gb-1", { position: { x: 36, y: 19 } });
    const r = run(blocked, chargeMove("gb-2"));
    expect(ofType(r.events, "charge/failed")).toMatchObject([{ rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-1", why: "path blocked by gb-1" }]);
    expect(ofType(r.events, "charge/contact")).toEqual([]);
    expect(unitOf(r.state, "gb-2").flags).toMatchObject({ failedCharge: true, charged: false });
  });
});
