// Rule tests that kill movement mutants the sampled mutation runs left alive (#17): the open
// survivors of the seed-2 sample and the survivors of the seed-3 sample. Each case names the
// mutant it answers; each was checked by applying that mutant to the source by hand (the case fails)
// and restoring the source.
import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import type { Unit } from "../../src/state/unit.js";
import { formatViolation } from "../../src/engine/format.js";
import { cosDeg, sinDeg } from "../../src/math/index.js";
import { canAdopt, legalMovementActions, movementCandidates, shapeOk } from "../../src/rules/whn/movement/index.js";
import { gun } from "../fixtures/artillery.js";
import { foot } from "../fixtures/combat.js";
import { leader } from "../fixtures/morale.js";
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
    // Clear of enemies the spot is taken (WHN-DET-5), formed as it was: a line, no loose models (seed-3 merge.ts:127).
    expect(unitOf(must(t, split), "fr-d")).toMatchObject({ position: { x: 30, y: 10 }, formation: "LINE", models: null });
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
    // The unit's position follows its first model (seed-3 free.ts:91): every model 3" north, so it too.
    expect(unitOf(r.state, "fr-x").position.x).toBe(unitOf(first, "fr-x").position.x);
    expect(unitOf(r.state, "fr-x").position.y).toBe(unitOf(first, "fr-x").position.y + 3);
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

  // skirmish.ts:39 `near[j].push(i)` → `;` (links kept one way only: a chain listed out of order looked broken).
  it("WHN-SKIRM-4: extended order is one group when every model links to it through neighbours within 2\", in whatever order the models are listed", () => {
    // Along y = 11.5, 2" apart (gaps of 1.21"), listed out of order: 0–2–4–5–3–1 is the chain.
    const xs = [31, 41, 33, 39, 35, 37];
    const x = fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models: xs.map((mx) => ({ x: mx, y: 11.5, facing: 90 })) });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)]), "remaining");
    const to = (dy: readonly number[]) => ({ type: "movement/moveTo", unit: "fr-x", march: false, models: xs.map((mx, i) => ({ x: mx, y: 11.5 + (dy[i] ?? 0), facing: 90 })) });
    const r = run(s, to([1, 1, 1, 1, 1, 1]));
    expect(r.events[0]).toMatchObject({ type: "unit/moved", rule: "WHN-MOVE-7", models: 6, longest: 1 });
    // Model 4 (x 35) is the only link between the two ends: 2.5" forward of the others, the group splits.
    expect(refused(s, to([0, 0, 0, 0, 2.5, 0]))).toMatchObject({ code: "movement/extended_coherency", rule: "WHN-SKIRM-4", linked: 2, models: 6 });
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

describe("movement mutants (seed-3 survivors)", () => {
  const far = (over: Parameters<typeof fr>[3] = {}) => toStep(battleOf([fr("fr-1", 36, 10, over), gb("gb-1", 36, 44)]), "remaining");

  // legal.ts:179 `formation !== "SQUARE"` → `formation !== ""` (a reform "from square into square" candidate).
  it("WHN-CHRG-1: a charged square's candidate responses offer a reform into each other formation it may take, never into SQUARE", () => {
    const s = declared(toStep(battleOf([fr("fr-1", 36, 12, { formation: "SQUARE", files: 6 }), gbCav("gb-2", 36, 18)], { firstSide: "gb" }), "declareCharges"), ["gb-2", "fr-1"]);
    expect(movementCandidates(s, "fr-1" as UnitId)).toEqual([
      { type: "movement/respond", unit: "fr-1", response: "hold" },
      { type: "movement/respond", unit: "fr-1", response: "standAndShoot" },
      { type: "movement/respond", unit: "fr-1", response: "flee" },
      { type: "movement/respond", unit: "fr-1", response: "formSquare" },
      // Each formation at one width: its current files if it may keep them, else the narrowest.
      { type: "movement/respond", unit: "fr-1", response: "reformFromSquare", formation: "MARCH_COLUMN", files: 1 },
      { type: "movement/respond", unit: "fr-1", response: "reformFromSquare", formation: "ATTACK_COLUMN", files: 1 },
      { type: "movement/respond", unit: "fr-1", response: "reformFromSquare", formation: "LINE", files: 12 },
      { type: "movement/respond", unit: "fr-1", response: "fallBackBehindParent" },
    ]);
  });

  // legal.ts:248 `profile !== remembered[i]` → `===` (a remembered list kept for another joined character).
  it("CORE-CHAR-4: a unit's listed moves follow the move of the character joined to it now, not of one joined before", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)], { characters: [leader("ney", "fr", { position: { x: 40, y: 8 } }), leader("slow", "fr", { position: { x: 60, y: 8 }, profile: { M: 3, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } })] }), "remaining");
    const forwards = (state: BattleState) =>
      movementCandidates(state, "fr-1" as UnitId).flatMap((a) => (a.type === "movement/move" && a.path.length === 1 && a.path[0]?.kind === "forward" ? [a.path[0].distance] : []));
    const joined = must(s0, { type: "morale/joinUnit", character: "ney", unit: "fr-1" });
    expect(forwards(joined)).toEqual([1 - 1e-6, 2 - 1e-6, 3 - 1e-6, 4 - 1e-6]);
    // The same unit value, Ney gone and a leader of M 3 joined in his place: moves of 3" at most.
    const ch = joined.characters as Record<string, BattleState["characters"][keyof BattleState["characters"]]>;
    const swapped = {
      ...joined,
      characters: { ...ch, ney: { ...ch["ney"], joinedTo: null, joinedOnTurn: null }, slow: { ...ch["slow"], joinedTo: "fr-1", joinedOnTurn: 1, position: { ...unitOf(joined, "fr-1").position } } },
    } as BattleState;
    expect(swapped.units).toBe(joined.units);
    expect(forwards(swapped)).toEqual([0.75 - 1e-6, 1.5 - 1e-6, 2.25 - 1e-6, 3 - 1e-6]);
  });

  // merge.ts:156 the refusal code `"split_empties_parent"` → `""`.
  it("WHN-DET-5: a split that would leave the parent no models of its own is refused", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), grenadiers(), gb("gb-1", 36, 44)]), "remaining");
    const t = toTurnStep(must(s, merge), 2, "fr", "remaining");
    // Every one of the parent's own models lost while the grenadiers stood in its ranks.
    const emptied = patch(t, "fr-1", { figures: 4 });
    expect(refused(emptied, { type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d" })).toEqual({
      code: "movement/split_empties_parent",
      rule: "WHN-DET-5",
      unit: "fr-1",
      detachment: "fr-d",
      figures: 4,
      elites: 4,
    });
  });

  // messages.ts:74 the English text of `movement/stand_and_shoot_unavailable` → ``.
  it("CORE-CHRG-3: the stand-and-shoot-unavailable refusal reads in English", () => {
    expect(formatViolation({ code: "movement/stand_and_shoot_unavailable", rule: "CORE-CHRG-3" })).toBe("Stand and shoot is not available (the shooting resolver is missing). [CORE-CHRG-3]");
  });

  // changeFormation.ts:159 the event's `free: cost === 0` → `free: true`.
  it("WHN-FCHG-1: a regular unit's formation change costs half its move and is not free; a veteran's at the start of its move is", () => {
    const r = run(far(), { type: "movement/changeFormation", unit: "fr-1", formation: "LINE", files: 12 });
    expect(ofType(r.events, "unit/formationChanged")).toMatchObject([{ unit: "fr-1", from: "ATTACK_COLUMN", to: "LINE", files: 12, cost: 0.5, free: false }]);
    const vet = run(far({ quality: "VETERAN" }), { type: "movement/changeFormation", unit: "fr-1", formation: "LINE", files: 12 });
    expect(ofType(vet.events, "unit/formationChanged")).toMatchObject([{ cost: 0, free: true }]);
  });

  // common.ts:134 `declaredCharge || charged || failedCharge` → `false` (chargers no longer stationary).
  it("CORE-CHRG-5 / CORE-CHRG-6: a unit that charged, or whose charge failed, makes no other move that phase", () => {
    const failed = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 29)], { firstSide: "gb" }), "declareCharges");
    let s = toStep(must(declared(failed, ["gb-2", "fr-1"]), respond("fr-1", "hold")), "remaining");
    expect(unitOf(s, "gb-2").flags).toMatchObject({ failedCharge: true });
    expect(refused(s, forward("gb-2", 0.5))).toEqual({ code: "movement/charged_this_turn", rule: "CORE-CHRG-5", unit: "gb-2" });
    expect(refused(s, { type: "movement/changeFormation", unit: "gb-2", formation: "CAV_COLUMN", files: 4 })).toMatchObject({ code: "movement/charged_this_turn" });
    // In contact, the charger's own reason comes before being engaged.
    s = toStep(must(declared(hussarsOnColumn(), ["gb-2", "fr-1"]), respond("fr-1", "hold")), "remaining");
    expect(unitOf(s, "gb-2").flags).toMatchObject({ charged: true });
    expect(refused(s, forward("gb-2", 0.5))).toMatchObject({ code: "movement/charged_this_turn", rule: "CORE-CHRG-5" });
  });

  // formations.ts:170 the reason `() => "only light troops may skirmish"` → `() => undefined`.
  it("WHN-SKIRM-1: only light troops may take open order; the refusal says so", () => {
    const s = far();
    expect(canAdopt(unitOf(s, "fr-1") as Unit, "OPEN_ORDER", 12)).toEqual({
      code: "movement/formation_not_allowed",
      rule: "WHN-SKIRM-1",
      unit: "fr-1",
      formation: "OPEN_ORDER",
      files: 12,
      why: "only light troops may skirmish",
    });
  });

  // formations.ts:200 `!Number.isInteger(files) || files < 1` → `false`.
  it("WHN-FORM-4: a width must be a whole number of files, at least one, even for a square", () => {
    const u = unitOf(far(), "fr-1") as Unit;
    for (const files of [0, 2.5, -3]) {
      expect(canAdopt(u, "SQUARE", files)).toMatchObject({ code: "movement/formation_not_allowed", rule: "WHN-FORM-4", why: "files must be a positive whole number" });
      expect(canAdopt(u, "LINE", files)).toMatchObject({ rule: "WHN-FORM-5", why: "files must be a positive whole number" });
    }
    expect(canAdopt(u, "SQUARE", 6)).toBeNull();
  });

  // path.ts:111 the wheel's sample count `Math.max(1, …)` → `Math.min(1, …)` (one sample per wheel).
  it("CORE-MOVE-5 / CORE-GEO-18: a wheel may not sweep through impassable ground, even when its start, middle and end are clear", () => {
    // A line of 12 files (9.45" × 1.57") wheels on its left front corner P = (36 − 4.72, 20); a 24°
    // wheel (3.96" of its 4") is sampled every 2°. Its body covers, at 9" from P, the 10.1° behind its
    // front edge: a rock 9" from P at 13° is under it from about 13° to 23° of the wheel, and neither
    // under its middle (12°) nor under its end (24°).
    const P = { x: 36 - (12 * 20) / 25.4 / 2, y: 20 };
    const c = { x: P.x + 9 * cosDeg(13), y: P.y + 9 * sinDeg(13) };
    const r = 0.02;
    const rock = { id: "rock", kind: "rocks", polygon: [{ x: c.x - r, y: c.y - r }, { x: c.x + r, y: c.y - r }, { x: c.x + r, y: c.y + r }, { x: c.x - r, y: c.y + r }], tags: { impassable: true } };
    const s = toStep(battleOf([fr("fr-1", 36, 20, { formation: "LINE", files: 12 }), gb("gb-1", 36, 46)], { terrain: [rock] }), "remaining");
    const wheel = (degrees: number): AnyAction => ({ type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees, pivot: "left" }] });
    expect(refused(s, wheel(24))).toMatchObject({ code: "movement/impassable", rule: "CORE-MOVE-5", unit: "fr-1" });
    // Stopping short of the rock is allowed; without the rock the whole wheel is.
    expect(unitOf(must(s, wheel(12)), "fr-1").facing).toBe(102);
    expect(unitOf(must({ ...s, terrain: [] }, wheel(24)), "fr-1").facing).toBe(114);
  });

  // The seed-3 sample extended to 80 (its mutants 41–80).

  // chargeMove.ts:106 the rule of `charge/caughtFleeing`, "CORE-CHRG-7" → "".
  it("CORE-CHRG-7: a charge that reaches a fled unit destroys it and takes its place; both events name the rule", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    const caught = toStep(must(withScriptedDice(s, [1, 1]), respond("fr-1", "flee")), "chargeMoves");
    const r = run(caught, chargeMove("gb-2"));
    expect(ofType(r.events, "unit/destroyed")).toMatchObject([{ rule: "CORE-CHRG-7", unit: "fr-1", by: "gb-2" }]);
    expect(ofType(r.events, "charge/caughtFleeing")).toMatchObject([{ rule: "CORE-CHRG-7", unit: "gb-2", target: "fr-1", to: { ...unitOf(r.state, "gb-2").position }, resolved: true }]);
  });

  // path.ts:190 the rule of the placement check's `impassable` refusal, "CORE-MOVE-5" → "".
  it("CORE-MOVE-5: neither a square nor a skirmisher's model may enter impassable ground", () => {
    const rock = { id: "rock", kind: "rocks", polygon: [{ x: 30, y: 13 }, { x: 42, y: 13 }, { x: 42, y: 20 }, { x: 30, y: 20 }], tags: { impassable: true } };
    // A square's slide is measured as one swept footprint (WHN-MOVE-5)…
    const near = { ...rock, polygon: [{ x: 30, y: 11 }, { x: 42, y: 11 }, { x: 42, y: 20 }, { x: 30, y: 20 }] };
    const sq = toStep(battleOf([fr("fr-1", 36, 10, { formation: "SQUARE", files: 6 }), gb("gb-1", 36, 44)], { terrain: [near] }), "remaining");
    expect(refused(sq, { type: "movement/moveTo", unit: "fr-1", to: { x: 36, y: 11.5 }, march: false })).toEqual({ code: "movement/impassable", rule: "CORE-MOVE-5", unit: "fr-1" });
    // …a skirmisher's models one by one, each checked where it passes and ends.
    const xs = [31, 33, 35, 37, 39, 41];
    const x = fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models: xs.map((mx) => ({ x: mx, y: 11.5, facing: 90 })) });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)], { terrain: [rock] }), "remaining");
    const to = (dy: number) => ({ type: "movement/moveTo", unit: "fr-x", march: false, models: xs.map((mx) => ({ x: mx, y: 11.5 + dy, facing: 90 })) });
    expect(refused(s, to(1.5))).toEqual({ code: "movement/impassable", rule: "CORE-MOVE-5", unit: "fr-x" });
    expect(unitOf(must(s, to(0.5)), "fr-x").models?.[0]).toEqual({ x: 31, y: 12, facing: 90 });
  });

  // free.ts:32 the slide's sampling loop `i <= n` → `i > n` (no footprint checked on the way).
  it("CORE-MOVE-4: a square's slide may not pass through another unit or end on it", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10, { formation: "SQUARE", files: 6 }), fr("fr-2", 31, 9, { figures: 8, startingFigures: 8, files: 4, formation: "LINE", command: {} }), gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, { type: "movement/moveTo", unit: "fr-1", to: { x: 34.5, y: 10 }, march: false })).toMatchObject({ code: "movement/through_unit", rule: "CORE-MOVE-4", unit: "fr-1", other: "fr-2" });
    expect(unitOf(must(s, { type: "movement/moveTo", unit: "fr-1", to: { x: 38, y: 10 }, march: false }), "fr-1").position).toEqual({ x: 38, y: 10 });
  });

  // messages.ts:52 the English text of `movement/no_room_beside_parent` → ``.
  it("WHN-DET-5: the no-room-beside-the-parent refusal reads in English", () => {
    expect(formatViolation({ code: "movement/no_room_beside_parent", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1" })).toBe("There is no room beside fr-1 for fr-d; say where it steps out to. [WHN-DET-5]");
  });

  // formations.ts:219 `artillery || BLOCK` → `false` in shapeOk (a gun judged by the formed units' checks).
  it("WHN-ART-16: a gun keeps its shape with no crew left, and a core block of any width keeps its own", () => {
    const s = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 10 } }), gb("gb-1", 36, 44)]), "remaining");
    const g = unitOf(s, "fr-g") as Unit;
    expect(shapeOk(g)).toBe(true);
    expect(shapeOk({ ...g, figures: 0, artillery: { ...(g.artillery as NonNullable<Unit["artillery"]>), abandoned: true } })).toBe(true);
  });

  // legal.ts:191 `u.files - 2` → `u.files + 2` (the narrower reform of a core block not offered).
  it("CORE-MOVE-1: a core block is offered reforms two files narrower and two wider", () => {
    const s = toStep(battleOf([foot("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90 }), foot("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })], { ruleset: "core" }), "remaining");
    const reforms = legalMovementActions(s, "fr-1" as UnitId).filter((a) => a.type === "movement/changeFormation");
    expect(reforms).toEqual([
      { type: "movement/changeFormation", unit: "fr-1", formation: "BLOCK", files: 3 },
      { type: "movement/changeFormation", unit: "fr-1", formation: "BLOCK", files: 7 },
    ]);
  });

  // ports.ts:30 `combat === undefined` → `false` (a target in contact but in no combat record made the step throw).
  it("CORE-PANIC-4 / CORE-PANIC-10: a unit touching an enemy, in no combat yet, that fails the flank-charge test flees and nobody may pursue it", () => {
    // fr-1 (DISORDERED column) front to front with gb-1, no combat fought; gb-2's hussars off its right flank.
    const s = toStep(battleOf([fr("fr-1", 36, 12, { order: "DISORDERED" }), gb("gb-1", 36, 12, { figures: 20, files: 10 }), gbCav("gb-2", 44, 9.6, { facing: 180 })], { firstSide: "gb" }), "declareCharges");
    expect(s.combats).toEqual({});
    // Panic 6 + 6 fails; flee 3 + 4.
    const r = run(withScriptedDice(s, [6, 6, 3, 4]), declare("gb-2", "fr-1"));
    expect(ofType(r.events, "morale/panicTest")).toMatchObject([{ rule: "CORE-PANIC-4", unit: "fr-1", passed: false }]);
    expect(ofType(r.events, "unit/fled")).toMatchObject([{ unit: "fr-1", roll: 7 }]);
    expect(unitOf(r.state, "fr-1").order).toBe("FLEEING");
    expect(r.state.pending).toEqual([]);
  });

  // declare.ts:132 `reach.reaches && face !== "front"` → `||` (a flank charge out of reach set off the test).
  it("CORE-PANIC-4: an engaged unit tests for a flank charge only once the charge is found in reach", () => {
    const at = (x: number) => {
      const s = toStep(battleOf([fr("fr-1", 36, 12, { order: "DISORDERED" }), gb("gb-1", 36, 12, { figures: 20, files: 10 }), gbCav("gb-2", x, 9.6, { facing: 180 })], { firstSide: "gb" }), "declareCharges");
      const c1 = { id: "c1", units: ["fr-1", "gb-1"], chargers: [], squareness: {}, lastWinner: "gb", rounds: 1 };
      return run(withScriptedDice({ ...s, combats: { c1 } } as BattleState, [6, 6, 3, 4]), declare("gb-2", "fr-1"));
    };
    // 18.4" from the flank: beyond the hussars' 16" charge.
    const far = at(56);
    expect(ofType(far.events, "charge/declared")).toMatchObject([{ face: "right", inReach: false }]);
    expect(ofType(far.events, "morale/panicTest")).toEqual([]);
    expect(unitOf(far.state, "fr-1").order).toBe("DISORDERED");
    // 6.4" away: in reach, the test is taken (and failed, 6 + 6).
    const near = at(44);
    expect(ofType(near.events, "morale/panicTest")).toMatchObject([{ rule: "CORE-PANIC-4", unit: "fr-1", passed: false }]);
  });

  // path.ts:54 the wheel's half-step impassable flag `impassable = true` → `false`.
  it("CORE-MOVE-5 / CORE-GEO-18: a wheel may not clip impassable ground with the rear corner of its far end", () => {
    // The same line and 24° wheel; a pebble of rock 9.57" from P at 3.7°, just inside the reach of
    // the far rear corner (9.58"): that corner passes over it between about 12.6° and 13.2° of the
    // wheel, between two 2° steps, and only the half-step check at 13° sees it.
    const P = { x: 36 - (12 * 20) / 25.4 / 2, y: 20 };
    const c = { x: P.x + 9.57 * cosDeg(3.7), y: P.y + 9.57 * sinDeg(3.7) };
    const r = 0.005;
    const rock = { id: "rock", kind: "rocks", polygon: [{ x: c.x - r, y: c.y - r }, { x: c.x + r, y: c.y - r }, { x: c.x + r, y: c.y + r }, { x: c.x - r, y: c.y + r }], tags: { impassable: true } };
    const s = toStep(battleOf([fr("fr-1", 36, 20, { formation: "LINE", files: 12 }), gb("gb-1", 36, 46)], { terrain: [rock] }), "remaining");
    const wheel = (degrees: number): AnyAction => ({ type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees, pivot: "left" }] });
    expect(refused(s, wheel(24))).toMatchObject({ code: "movement/impassable", rule: "CORE-MOVE-5", unit: "fr-1" });
    expect(unitOf(must(s, wheel(12)), "fr-1").facing).toBe(102);
  });

  // The seed-3 sample extended to 120 (its mutants 81–120).

  // changeFormation.ts:133 the same-formation refusal's block → `{}`.
  it("WHN-FCHG-1: changing into the formation, width and facing the unit already has is refused", () => {
    expect(refused(far(), { type: "movement/changeFormation", unit: "fr-1", formation: "ATTACK_COLUMN", files: 4 })).toEqual({ code: "movement/same_formation", rule: "WHN-FCHG-1", unit: "fr-1", formation: "ATTACK_COLUMN" });
  });

  // formations.ts:207 `ranks === 1` → `true` (any light line excused from the two-rank rule).
  it("WHN-FORM-5: light infantry may form a line of one rank, not of three", () => {
    const light = { ...(unitOf(far({ light: true }), "fr-1") as Unit) };
    expect(canAdopt(light, "LINE", 24)).toBeNull();
    expect(canAdopt(light, "LINE", 12)).toBeNull();
    expect(canAdopt(light, "LINE", 8)).toMatchObject({ code: "movement/formation_not_allowed", rule: "WHN-FORM-5", why: "3 ranks; allowed 2–2" });
  });

  // messages.ts:31, :48, :62 the English texts of three movement refusals.
  it("CORE-MOVE-2 / WHN-DET-5 / WHN-CHRG-5: three movement refusals read in English", () => {
    expect(formatViolation({ code: "movement/already_marched", rule: "CORE-MOVE-2", unit: "fr-1" })).toBe("Unit fr-1 has marched and has no move left. [CORE-MOVE-2]");
    expect(formatViolation({ code: "movement/merge_out_of_reach", rule: "WHN-DET-5", unit: "fr-d", parent: "fr-1", distance: 6, reach: 4 })).toBe('Detachment fr-d is 6.00" from fr-1; it can reach its parent\'s ranks only from within 4.00". [WHN-DET-5]');
    expect(formatViolation({ code: "movement/charger_disordered", rule: "WHN-CHRG-5", unit: "gb-2" })).toBe("Unit gb-2 is disordered and cannot charge. [WHN-CHRG-5]");
  });

  // chargeMove.ts:60 `checkPlacement(…) === null` → `true` (a failed charge ending on a unit).
  it("CORE-CHRG-6: a failed charge whose move would end on another unit stays where it was", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 29), gb("gb-1", 60, 40, { light: true, figures: 4, startingFigures: 4, files: 4, command: {} })], { firstSide: "gb" }), "declareCharges");
    const moves = toStep(must(declared(s, ["gb-2", "fr-1"]), respond("fr-1", "hold")), "chargeMoves");
    expect(ofType(run(moves, chargeMove("gb-2")).events, "charge/failed")).toMatchObject([{ to: { x: 36, y: 21 } }]);
    // British skirmishers where the hussars' failed move would end (front edge at y = 21).
    const r = run(patch(moves, "gb-1", { position: { x: 36, y: 23 } }), chargeMove("gb-2"));
    expect(ofType(r.events, "charge/failed")).toMatchObject([{ rule: "CORE-CHRG-6", unit: "gb-2", to: { x: 36, y: 29 } }]);
    expect(unitOf(r.state, "gb-2")).toMatchObject({ position: { x: 36, y: 29 }, flags: { failedCharge: true } });
  });

  // free.ts:78 `dist + surcharge` → `dist − surcharge` (difficult ground made a skirmisher's model faster).
  it("CORE-MOVE-5: a skirmisher's model pays double for each inch in difficult ground", () => {
    const wood = { id: "wood", kind: "woods", polygon: [{ x: 20, y: 5 }, { x: 50, y: 5 }, { x: 50, y: 30 }, { x: 20, y: 30 }], tags: { difficult: true } };
    const xs = [31, 33, 35, 37, 39, 41];
    const x = fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models: xs.map((mx) => ({ x: mx, y: 11.5, facing: 90 })) });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)], { terrain: [wood] }), "remaining");
    const to = (dy: number) => ({ type: "movement/moveTo", unit: "fr-x", march: false, models: xs.map((mx) => ({ x: mx, y: 11.5 + dy, facing: 90 })) });
    expect(run(s, to(2)).events[0]).toMatchObject({ type: "unit/moved", rule: "WHN-MOVE-7", longest: 4, allowance: 4 });
    expect(refused(s, to(2.5))).toMatchObject({ code: "movement/too_far", rule: "WHN-MOVE-7", cost: 5, allowance: 4 });
  });

  // legal.ts:141 the listed slide's `dy * d` → `dy / d`.
  it("WHN-MOVE-5: a square is offered slides of half and all of its move left in eight directions", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10, { formation: "SQUARE", files: 6 }), gb("gb-1", 36, 44)]), "remaining");
    const slides = legalMovementActions(s, "fr-1" as UnitId).flatMap((a) => (a.type === "movement/moveTo" && a.to !== undefined ? [a.to] : []));
    expect(slides).toHaveLength(16);
    const d = (p: { x: number; y: number }) => Math.sqrt((p.x - 36) ** 2 + (p.y - 10) ** 2);
    for (const [i, p] of slides.entries()) expect(d(p)).toBeCloseTo(i % 2 === 0 ? 1 : 2, 5);
  });

  // declare.ts:62 the details of `may_not_charge` `{ unit, formation }` → `{}`.
  it("CORE-CHRG-1: a gun may not declare a charge; the refusal names it and its formation", () => {
    const s = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 10 } }), gb("gb-1", 36, 20)]), "declareCharges");
    expect(refused(s, declare("fr-g", "gb-1"))).toEqual({ code: "movement/may_not_charge", rule: "CORE-CHRG-1", unit: "fr-g", formation: "UNLIMBERED" });
  });

  // respond.ts:186 `a.response !== "flee"` → `=== "flee"` (the quick check let through responses it cannot judge).
  it("WHN-DET-4: a charged detachment is offered the fall back behind its parent only when there is room for it", () => {
    const blocker = fr("fr-2", 36, 7, { figures: 8, startingFigures: 8, files: 4, formation: "LINE", command: {} });
    const charged = (extra: Parameters<typeof battleOf>[0]) =>
      declared(toStep(battleOf([fr("fr-1", 36, 12), grenadiers({ position: { x: 40, y: 12 } }), gbCav("gb-2", 40, 26), ...extra], { firstSide: "gb" }), "declareCharges"), ["gb-2", "fr-d"]);
    const offered = (s: BattleState) => legalMovementActions(s, "fr-d" as UnitId).map((a) => (a.type === "movement/respond" ? a.response : a.type));
    expect(offered(charged([]))).toContain("fallBackBehindParent");
    // A French line stands just behind fr-1's rear edge (6 ranks of 20 mm: y = 7.28), where the grenadiers would go.
    const s = charged([blocker]);
    expect(offered(s)).not.toContain("fallBackBehindParent");
    expect(offered(s)).toEqual(expect.arrayContaining(["hold", "flee"]));
    expect(refused(s, respond("fr-d", "fallBackBehindParent"))).toMatchObject({ code: "movement/no_room_behind_parent", rule: "WHN-DET-4", unit: "fr-d" });
  });

  // The seed-3 sample extended to 160 (its mutants 121–160).

  // messages.ts:66, :72, :76 the English texts of three movement refusals.
  it("CORE-CHRG-1 / WHN-CHRG-1 / CORE-CHRG-5: three more movement refusals read in English", () => {
    expect(formatViolation({ code: "movement/already_declared", rule: "CORE-CHRG-1", unit: "gb-2" })).toBe("Unit gb-2 has already declared a charge. [CORE-CHRG-1]");
    expect(formatViolation({ code: "movement/formation_required", rule: "WHN-CHRG-1", unit: "fr-1" })).toBe("Say which formation fr-1 reforms into from square. [WHN-CHRG-1]");
    expect(formatViolation({ code: "movement/charge_already_resolved", rule: "CORE-CHRG-5", unit: "gb-2" })).toBe("The charge of gb-2 has already been made. [CORE-CHRG-5]");
  });

  // common.ts:102 the details `{ unit }` of `rallied_from_disorder` → `{}`.
  it("WHN-RALLY-3: a unit that rallied from disorder this turn may not move (option whn.rallyFromDisorderMayMove off); the refusal names it", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)], { options: { whn: { rallyFromDisorderMayMove: false } } }), "remaining");
    expect(refused(patch(s, "fr-1", { flags: { ...unitOf(s, "fr-1").flags, rallied: true } }), forward("fr-1", 1))).toEqual({ code: "movement/rallied_from_disorder", rule: "WHN-RALLY-3", unit: "fr-1" });
  });

  // free.ts:116 `a.models === undefined` → `false` (an extended-order move with no models went on).
  it("WHN-MOVE-7: an extended-order unit's moveTo must give its models' new places", () => {
    const x = fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models: [31, 33, 35, 37, 39, 41].map((mx) => ({ x: mx, y: 11.5, facing: 90 })) });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, { type: "movement/moveTo", unit: "fr-x", to: { x: 36, y: 13 }, march: false })).toEqual({ code: "movement/missing_destination", rule: "WHN-MOVE-7", unit: "fr-x" });
  });

  // legal.ts:265 `u !== undefined` → `true` (candidates of an unknown id threw).
  it("CORE-TURN-2: an id that names no unit has no movement candidates", () => {
    expect(movementCandidates(far(), "nobody" as UnitId)).toEqual([]);
    expect(legalMovementActions(far(), "nobody" as UnitId)).toEqual([]);
  });

  // respond.ts:175 the rule "CORE-CHRG-2" of a refused response → "".
  it("CORE-CHRG-2: a response not open to the unit (a fall back by a unit that is no detachment) is refused under CORE-CHRG-2", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    expect(refused(s, respond("fr-1", "fallBackBehindParent"))).toMatchObject({ code: "movement/response_not_allowed", rule: "CORE-CHRG-2", unit: "fr-1", response: "fallBackBehindParent" });
  });

  // changeFormation.ts:116 the check's `dice: [...roll.dice]` → `[]`.
  it("WHN-FCHG-4: within an enemy battalion's charge reach a formation change needs a Leadership test; the event shows its dice", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 16)]), "remaining");
    const r = run(withScriptedDice(s, [3, 2]), { type: "movement/changeFormation", unit: "fr-1", formation: "LINE", files: 12 });
    expect(ofType(r.events, "movement/formationCheck")).toMatchObject([{ rule: "WHN-FCHG-4", unit: "fr-1", threats: ["gb-1"], dice: [3, 2], total: 5, target: 6, passed: true }]);
  });

  // moves.ts:56 the empty-path test `(l) => …` → `() => undefined` (a move of nothing was accepted).
  it("CORE-MOVE-1: a path that goes nowhere is not a move", () => {
    expect(refused(far(), forward("fr-1", 0))).toEqual({ code: "movement/empty_move", rule: "CORE-MOVE-1", unit: "fr-1" });
  });

  // detachments.ts:60 `{ allowNearEnemy: true }` → `{}` in the compulsory return (WHN-DET-2).
  it("WHN-DET-2: a detachment out of range moves back toward its parent even if that brings it within 1\" of an enemy (our reading: a compulsory move is not held to CORE-MOVE-4's 1\")", () => {
    // Grenadiers 8.9" from fr-1's right flank (M 4); British skirmishers just north of where they will stop.
    const units = [fr("fr-1", 36, 10), grenadiers({ position: { x: 48, y: 10 } }), gb("gb-1", 36, 44), gb("gb-s", 44.4, 12.2, { light: true, figures: 4, startingFigures: 4, files: 4, command: {} })];
    const r = toStep(battleOf(units), "remaining");
    const d = unitOf(r, "fr-d");
    expect(d.position.x).toBeCloseTo(44, 9);
    expect(d.position.y).toBeCloseTo(10, 9);
    expect(d).toMatchObject({ facing: 180, flags: { moved: true, moveUsed: 1 } });
  });
});
