/**
 * The movement listing's candidates (src/rules/whn/movement/legal.ts), each list asserted whole:
 * every shape the discretisation names, in its order, with its exact distances, for formed units,
 * squares, extended order, CORE blocks, charge declarations, responses and charge moves, and the
 * boundaries of the shortest listed move (0.25").
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import { MOVEMENT_LISTING, candidatesForDecidingSide, movementCandidates, type MovementAction } from "../../src/rules/whn/movement/index.js";
import { gun } from "../fixtures/artillery.js";
import { MIN_LISTED_MOVE } from "../../src/rules/whn/movement/legal.js";
import { foot } from "../fixtures/combat.js";
import { leader } from "../fixtures/morale.js";
import { battleOf, declare, fr, frCav, gb, gbCav, must, toStep, unitOf } from "../fixtures/movement.js";
import { cf, extendedSlides, formedMarches, formedMoves, squareSlides, trimmed, withFlags } from "../fixtures/mvB.js";

const listed = (s: BattleState, id: string): MovementAction[] => movementCandidates(s, id as UnitId);

/** A French attack column (24 models, 4 files, M 4) at its remaining step, British far away. */
const column = (over: Parameters<typeof fr>[3] = {}): BattleState => toStep(battleOf([fr("fr-1", 36, 12, over), gb("gb-1", 36, 40)]), "remaining");

/** The attack column's formation changes: each formation at its current, narrowest and widest width, less its own. */
const COLUMN_CHANGES = [cf("fr-1", "MARCH_COLUMN", 1), cf("fr-1", "MARCH_COLUMN", 3), cf("fr-1", "ATTACK_COLUMN", 1), cf("fr-1", "ATTACK_COLUMN", 5), cf("fr-1", "LINE", 12), cf("fr-1", "LINE", 23), cf("fr-1", "SQUARE", 4)];

describe("the remaining step's candidates of a formed unit (CORE-MOVE-1, CORE-MOVE-2, WHN-MOVE-1, WHN-FCHG-1)", () => {
  it("CORE-MOVE-1 / WHN-MOVE-1: an attack column with its whole move lists moves of its M (4\"), marches of 2×M and its formation changes, in that order", () => {
    expect(MIN_LISTED_MOVE).toBe(0.25);
    const s = column();
    expect(listed(s, "fr-1")).toEqual([...formedMoves("fr-1", 4), ...formedMarches("fr-1", 8), ...COLUMN_CHANGES]);
    // Spelled out once, so the builders themselves are pinned.
    expect(formedMoves("fr-1", 4).slice(0, 6)).toEqual([
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 0.999999 }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 1.999999 }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 2.999999 }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 3.999999 }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 15, pivot: "left" }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 15, pivot: "left" }, { kind: "forward", distance: 1.999999 }] },
    ]);
    expect(formedMoves("fr-1", 4)).toHaveLength(19);
    expect(formedMarches("fr-1", 8)).toHaveLength(10);
    expect(formedMarches("fr-1", 8)[9]).toEqual({ type: "movement/march", unit: "fr-1", path: [{ kind: "wheel", degrees: 45, pivot: "right" }, { kind: "forward", distance: 3.999999 }] });
  });

  it("CORE-MOVE-1: with half an inch left, the quarter move (0.125\") is not listed; the half (0.25\") and the wheel-then-half are", () => {
    const s = withFlags(column(), "fr-1", { moveUsed: 0.875 });
    const list = listed(s, "fr-1");
    expect(list).toEqual([...formedMoves("fr-1", 0.5), ...formedMarches("fr-1", 8), ...COLUMN_CHANGES]);
    expect(list.slice(0, 4)).toEqual([
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: trimmed(0.25) }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: trimmed(0.375) }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: trimmed(0.5) }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 15, pivot: "left" }] },
    ]);
    expect(list[4]).toEqual({ type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 15, pivot: "left" }, { kind: "forward", distance: trimmed(0.25) }] });
  });

  it("CORE-MOVE-1: with a quarter inch left only the whole remainder is listed forward, and wheels alone", () => {
    const s = withFlags(column(), "fr-1", { moveUsed: 0.9375 });
    const moves = listed(s, "fr-1").filter((a) => a.type === "movement/move");
    expect(moves).toEqual([
      { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: trimmed(0.25) }] },
      ...[15, 30, 45].flatMap((degrees) => (["left", "right"] as const).map((pivot) => ({ type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees, pivot }] }))),
      { type: "movement/move", unit: "fr-1", path: [{ kind: "turn", degrees: 90 }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "turn", degrees: -90 }] },
      { type: "movement/move", unit: "fr-1", path: [{ kind: "turn", degrees: 180 }] },
    ]);
    // The march allowance is the formation's whole one (WHN-MOVE-1): the march handler refuses a moved unit.
    expect(listed(s, "fr-1").filter((a) => a.type === "movement/march")).toEqual(formedMarches("fr-1", 8));
  });

  it("WHN-MOVE-1 / WHN-FCHG-1: a line may not march: its list has no march; its own width is not offered again", () => {
    const s = column({ formation: "LINE", files: 12 });
    expect(listed(s, "fr-1")).toEqual([
      ...formedMoves("fr-1", 4),
      cf("fr-1", "MARCH_COLUMN", 1),
      cf("fr-1", "MARCH_COLUMN", 3),
      cf("fr-1", "ATTACK_COLUMN", 1),
      cf("fr-1", "ATTACK_COLUMN", 5),
      cf("fr-1", "LINE", 23),
      cf("fr-1", "SQUARE", 12),
    ]);
  });

  it("WHN-FCHG-1: a formation's current width comes first when the unit may keep it, then the narrowest and the widest", () => {
    const s = column({ files: 2 });
    expect(listed(s, "fr-1").filter((a) => a.type === "movement/changeFormation")).toEqual([
      cf("fr-1", "MARCH_COLUMN", 2),
      cf("fr-1", "MARCH_COLUMN", 1),
      cf("fr-1", "MARCH_COLUMN", 3),
      cf("fr-1", "ATTACK_COLUMN", 1),
      cf("fr-1", "ATTACK_COLUMN", 5),
      cf("fr-1", "LINE", 12),
      cf("fr-1", "LINE", 23),
      cf("fr-1", "SQUARE", 2),
    ]);
  });

  it("CORE-MOVE-1 / WHN-MOVE-1: cavalry in column (M 8) moves 8\" and marches 16\"; its changes are the cavalry formations", () => {
    const s = toStep(battleOf([frCav("fr-c", 36, 12, { formation: "CAV_COLUMN", files: 3 }), gb("gb-1", 36, 40)]), "remaining");
    const list = listed(s, "fr-c");
    expect(list.slice(0, 29)).toEqual([...formedMoves("fr-c", 8), ...formedMarches("fr-c", 16)]);
    expect(list.slice(29).every((a) => a.type === "movement/changeFormation" && (a.formation === "CAV_COLUMN" || a.formation === "CAV_LINE"))).toBe(true);
  });

  it("CORE-CHAR-4: a unit joined by a slower character lists moves of the character's M", () => {
    const slow = leader("slow", "fr", { position: { x: 40, y: 10 }, profile: { M: 3, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } });
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 40)], { characters: [slow] }), "remaining");
    const s = must(s0, { type: "morale/joinUnit", character: "slow", unit: "fr-1" });
    expect(listed(s, "fr-1").slice(0, 29)).toEqual([...formedMoves("fr-1", 3), ...formedMarches("fr-1", 6)]);
  });

  it("WHN-LEAD-4: a light unit that may skirmish lists extended order until a leader joins it; then not (the same unit object)", () => {
    const lt = fr("fr-1", 36, 12, { light: true, extendedOrderAllowed: true, formation: "LINE", files: 6, figures: 12, startingFigures: 12, command: {} });
    const s0 = toStep(battleOf([lt, gb("gb-1", 36, 40)], { characters: [leader("ney", "fr", { position: { x: 40, y: 10 } })] }), "remaining");
    const changes = (st: BattleState) => listed(st, "fr-1").filter((a) => a.type === "movement/changeFormation");
    const common = [
      cf("fr-1", "MARCH_COLUMN", 1),
      cf("fr-1", "MARCH_COLUMN", 3),
      cf("fr-1", "ATTACK_COLUMN", 1),
      cf("fr-1", "ATTACK_COLUMN", 3),
      cf("fr-1", "LINE", 12),
      cf("fr-1", "SQUARE", 6),
      cf("fr-1", "OPEN_ORDER", 6),
      cf("fr-1", "OPEN_ORDER", 12),
    ];
    const before = changes(s0);
    expect(before.slice(0, 8)).toEqual(common);
    expect(before.length).toBeGreaterThan(8);
    expect(before.slice(8).every((a) => a.type === "movement/changeFormation" && a.formation === "EXTENDED_ORDER")).toBe(true);
    const joined = must(s0, { type: "morale/joinUnit", character: "ney", unit: "fr-1" });
    expect(unitOf(joined, "fr-1")).toBe(unitOf(s0, "fr-1"));
    expect(changes(joined)).toEqual(common);
    // Moves are the same (Ney's M is 4 too).
    expect(listed(joined, "fr-1").slice(0, 19)).toEqual(formedMoves("fr-1", 4));
  });

  it("CORE-MOVE-1: two units of the same shape list their own ids (the kept lists are per unit)", () => {
    const s = toStep(battleOf([fr("fr-1", 20, 12), fr("fr-2", 50, 12), gb("gb-1", 36, 40)]), "remaining");
    const one = listed(s, "fr-1");
    const two = listed(s, "fr-2");
    expect(one.every((a) => a.unit === "fr-1")).toBe(true);
    expect(two.every((a) => a.unit === "fr-2")).toBe(true);
    expect(two).toHaveLength(one.length);
  });

  it("CORE-MOVE-1: the kept lists follow the move used, the files and the figures of the unit asked about", () => {
    const s = column();
    expect(listed(s, "fr-1")[0]).toEqual({ type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 0.999999 }] });
    expect(listed(withFlags(s, "fr-1", { moveUsed: 0.5 }), "fr-1")[0]).toEqual({ type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 0.499999 }] });
    const narrower = toStep(battleOf([fr("fr-1", 36, 12, { files: 3 }), gb("gb-1", 36, 40)]), "remaining");
    // Three files: the march column lists its current width first; the attack column is listed without its own.
    expect(listed(narrower, "fr-1").filter((a) => a.type === "movement/changeFormation").slice(0, 4)).toEqual([
      cf("fr-1", "MARCH_COLUMN", 3),
      cf("fr-1", "MARCH_COLUMN", 1),
      cf("fr-1", "ATTACK_COLUMN", 1),
      cf("fr-1", "ATTACK_COLUMN", 5),
    ]);
    const fewer = toStep(battleOf([fr("fr-1", 36, 12, { figures: 12, startingFigures: 12, files: 3 }), gb("gb-1", 36, 40)]), "remaining");
    expect(listed(fewer, "fr-1").filter((a) => a.type === "movement/changeFormation" && a.formation === "LINE")).toEqual([cf("fr-1", "LINE", 6), cf("fr-1", "LINE", 11)]);
  });
});

describe("the remaining step's candidates of free movers (WHN-MOVE-5, WHN-MOVE-7, CORE-GEO-19)", () => {
  it("WHN-MOVE-5: a square (half speed: 2\") slides 1\" and 2\" in eight directions; no march", () => {
    const s = column({ formation: "SQUARE", files: 6 });
    expect(listed(s, "fr-1")).toEqual([
      ...squareSlides("fr-1", { x: 36, y: 12 }, 2),
      cf("fr-1", "MARCH_COLUMN", 1),
      cf("fr-1", "MARCH_COLUMN", 3),
      cf("fr-1", "ATTACK_COLUMN", 1),
      cf("fr-1", "ATTACK_COLUMN", 5),
      cf("fr-1", "LINE", 12),
      cf("fr-1", "LINE", 23),
    ]);
    expect(squareSlides("fr-1", { x: 36, y: 12 }, 2).slice(0, 2)).toEqual([
      { type: "movement/moveTo", unit: "fr-1", to: { x: 36.999999, y: 12 }, march: false },
      { type: "movement/moveTo", unit: "fr-1", to: { x: 37.999999, y: 12 }, march: false },
    ]);
    expect(squareSlides("fr-1", { x: 36, y: 12 }, 2)[5]).toEqual({ type: "movement/moveTo", unit: "fr-1", to: { x: 36, y: 13.999999 }, march: false });
  });

  it("WHN-MOVE-5: a square with half an inch left lists only the slides of all of it (0.25\" less a millionth is too short)", () => {
    const s = withFlags(column({ formation: "SQUARE", files: 6 }), "fr-1", { moveUsed: 0.75 });
    const slides = listed(s, "fr-1").filter((a) => a.type === "movement/moveTo");
    expect(slides).toEqual(squareSlides("fr-1", { x: 36, y: 12 }, 0.5));
    expect(slides).toHaveLength(8);
  });

  const skirmishers = (models = 3) =>
    fr("fr-x", 36, 12, {
      light: true,
      extendedOrderAllowed: true,
      formation: "EXTENDED_ORDER",
      figures: models,
      startingFigures: models,
      files: models,
      command: {},
      models: Array.from({ length: models }, (_, i) => ({ x: 34 + i * 2, y: 11.5, facing: 90 })),
    });

  it("WHN-MOVE-7: extended order slides every model half and all of its move, and marches every model M and 2×M, in eight directions", () => {
    const s = toStep(battleOf([skirmishers(), gb("gb-1", 36, 44)]), "remaining");
    const models = unitOf(s, "fr-x").models ?? [];
    const list = listed(s, "fr-x");
    expect(list.slice(0, 32)).toEqual(extendedSlides("fr-x", models, 4, 4));
    expect(list[0]).toEqual({ type: "movement/moveTo", unit: "fr-x", models: [{ x: 35.999999, y: 11.5, facing: 90 }, { x: 37.999999, y: 11.5, facing: 90 }, { x: 39.999999, y: 11.5, facing: 90 }], march: false });
    expect(list[1]).toEqual({ type: "movement/moveTo", unit: "fr-x", models: [{ x: 37.999999, y: 11.5, facing: 90 }, { x: 39.999999, y: 11.5, facing: 90 }, { x: 41.999999, y: 11.5, facing: 90 }], march: true });
    expect(list[3]).toEqual({ type: "movement/moveTo", unit: "fr-x", models: [{ x: 41.999999, y: 11.5, facing: 90 }, { x: 43.999999, y: 11.5, facing: 90 }, { x: 45.999999, y: 11.5, facing: 90 }], march: true });
    expect(list.slice(32).every((a) => a.type === "movement/changeFormation")).toBe(true);
    expect(list.slice(32).length).toBeGreaterThan(0);
  });

  it("WHN-MOVE-7: with 0.4\" left, extended order lists the 0.4\" slides and still every march", () => {
    const s = withFlags(toStep(battleOf([skirmishers(), gb("gb-1", 36, 44)]), "remaining"), "fr-x", { moveUsed: 0.9 });
    const models = unitOf(s, "fr-x").models ?? [];
    const free = listed(s, "fr-x").filter((a) => a.type === "movement/moveTo");
    expect(free).toEqual(extendedSlides("fr-x", models, (1 - 0.9) * 4, 4));
    expect(free).toHaveLength(24);
    expect(free.filter((a) => a.type === "movement/moveTo" && a.march)).toHaveLength(16);
  });
});

describe("the CORE rules' reforms (CORE-MOVE-1)", () => {
  it("CORE-MOVE-1: a core block of 5 files lists its moves, marches of 2×M, and blocks of 3 and 7 files; no WHN formation", () => {
    const s = toStep(battleOf([foot("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90 }), foot("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })], { ruleset: "core" }), "remaining");
    const u = unitOf(s, "fr-1");
    expect([u.formation, u.files, u.light]).toEqual(["BLOCK", 5, false]);
    const M = u.profile.M;
    expect(listed(s, "fr-1")).toEqual([...formedMoves("fr-1", M), ...formedMarches("fr-1", 2 * M), cf("fr-1", "BLOCK", 3), cf("fr-1", "BLOCK", 7)]);
  });

  it("CORE-MOVE-1: light troops under the CORE rules may also skirmish (open order) at their width, when that width is allowed", () => {
    const at = (light: boolean, files: number) =>
      toStep(battleOf([foot("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90, light, files }), foot("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })], { ruleset: "core" }), "remaining");
    const reforms = (s: BattleState) => listed(s, "fr-1").filter((a) => a.type === "movement/changeFormation");
    expect(reforms(at(true, 10))).toEqual([cf("fr-1", "BLOCK", 8), cf("fr-1", "BLOCK", 12), cf("fr-1", "OPEN_ORDER", 10)]);
    // Open order needs 10 to 20 files of these 20 models: at 5 files it is not offered.
    expect(reforms(at(true, 5))).toEqual([cf("fr-1", "BLOCK", 3), cf("fr-1", "BLOCK", 7)]);
    expect(reforms(at(false, 10))).toEqual([cf("fr-1", "BLOCK", 8), cf("fr-1", "BLOCK", 12)]);
  });
});

describe("candidates outside the remaining step (CORE-CHRG-1, CORE-CHRG-2, CORE-CHRG-5, HR-FLANK-1)", () => {
  const declareState = (options: Record<string, unknown> = {}) =>
    toStep(battleOf([fr("fr-1", 36, 12), fr("fr-2", 50, 12), gb("gb-1", 36, 40), gbCav("gb-2", 60, 40)], { options } as never), "declareCharges");

  it("CORE-CHRG-1: in the declare step each unit lists one declaration per enemy in play, in the enemies' order", () => {
    const s = declareState();
    expect(listed(s, "fr-1")).toEqual([
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-1" },
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-2" },
    ]);
    expect(listed(s, "fr-2")).toEqual([
      { type: "movement/declareCharge", unit: "fr-2", target: "gb-1" },
      { type: "movement/declareCharge", unit: "fr-2", target: "gb-2" },
    ]);
    // An enemy's own listing names the French units.
    expect(listed(s, "gb-1")).toEqual([
      { type: "movement/declareCharge", unit: "gb-1", target: "fr-1" },
      { type: "movement/declareCharge", unit: "gb-1", target: "fr-2" },
    ]);
    // The same objects every time (listed actions are frozen once).
    expect(listed(s, "fr-1")[1]).toBe(listed(s, "fr-1")[1]);
    expect(listed(s, "fr-1")[0]).not.toBe(listed(s, "fr-2")[0]);
  });

  it("HR-FLANK-1: with the flank-charge option each enemy is also listed on its left and right faces", () => {
    const s = declareState({ hr: { flankChargeEngaged: true } });
    const a = listed(s, "fr-1");
    expect(a).toEqual([
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-1" },
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-1", face: "left" },
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-1", face: "right" },
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-2" },
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-2", face: "left" },
      { type: "movement/declareCharge", unit: "fr-1", target: "gb-2", face: "right" },
    ]);
    expect("face" in (a[0] as object)).toBe(false);
    const again = listed(s, "fr-1");
    a.forEach((d, i) => expect(again[i]).toBe(d));
  });

  it("CORE-CHRG-5: in the charge-move step every unit lists its charge move", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 40)]), "chargeMoves");
    expect(listed(s, "fr-1")).toEqual([{ type: "movement/chargeMove", unit: "fr-1" }]);
    expect(listed(s, "gb-1")).toEqual([{ type: "movement/chargeMove", unit: "gb-1" }]);
  });

  it("CORE-CHRG-2: in the response step only a unit with a response pending lists responses; the deciding side's candidates are its pending units'", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), fr("fr-2", 20, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    const s = must(must(s0, declare("gb-2", "fr-1")), { type: "turn/advance" });
    expect(s.turn.step).toBe("chargeResponses");
    const responses = [
      { type: "movement/respond", unit: "fr-1", response: "hold" },
      { type: "movement/respond", unit: "fr-1", response: "standAndShoot" },
      { type: "movement/respond", unit: "fr-1", response: "flee" },
      { type: "movement/respond", unit: "fr-1", response: "formSquare" },
      { type: "movement/respond", unit: "fr-1", response: "reformFromSquare", formation: "MARCH_COLUMN", files: 1 },
      { type: "movement/respond", unit: "fr-1", response: "reformFromSquare", formation: "ATTACK_COLUMN", files: 4 },
      { type: "movement/respond", unit: "fr-1", response: "reformFromSquare", formation: "LINE", files: 12 },
      { type: "movement/respond", unit: "fr-1", response: "fallBackBehindParent" },
    ];
    expect(listed(s, "fr-1")).toEqual(responses);
    expect(listed(s, "fr-2")).toEqual([]);
    expect(listed(s, "gb-2")).toEqual([]);
    expect(candidatesForDecidingSide(s)).toEqual(responses);
  });

  it("CORE-TURN-2: outside the movement phase, for a unit not in play and for an unknown unit nothing is listed", () => {
    const s = column();
    expect(listed({ ...s, turn: { ...s.turn, phase: "shooting" } } as BattleState, "fr-1")).toEqual([]);
    expect(candidatesForDecidingSide({ ...s, turn: { ...s.turn, phase: "shooting" } } as BattleState)).toEqual([]);
    expect(listed(s, "nobody")).toEqual([]);
    const gone = { ...s, units: { ...s.units, "fr-1": { ...unitOf(s, "fr-1"), removed: "destroyed" } } } as BattleState;
    expect(listed(gone, "fr-1")).toEqual([]);
  });

  it("WHN-ART-6: a charged gun answers with the artillery actions: the movement listing offers it no response", () => {
    const g0 = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 12 } }), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    const g = must(must(g0, declare("gb-2", "fr-g")), { type: "turn/advance" });
    expect(g.pending).toEqual([{ kind: "chargeResponse", side: "fr", unit: "fr-g", targets: ["gb-2"], rule: "CORE-CHRG-2" }]);
    expect(listed(g, "fr-g")).toEqual([]);
    expect(candidatesForDecidingSide(g)).toEqual([]);
  });

  it("CORE-TURN-2: a battle at another scale (Fire and Fury) lists no movement candidate", () => {
    const s = column();
    const fnf = { ...s, ruleset: "fnf" } as BattleState;
    expect(listed(fnf, "fr-1")).toEqual([]);
    expect(candidatesForDecidingSide(fnf)).toEqual([]);
    expect((MOVEMENT_LISTING.anyLegal as (s: BattleState) => boolean | undefined)(fnf)).toBe(false);
    expect(listed(s, "fr-1").length).toBeGreaterThan(0);
  });

  it("CORE-MOVE-4: a stationary unit (engaged, fleeing, charged) lists nothing in the remaining step", () => {
    const s = column();
    expect(listed({ ...s, units: { ...s.units, "fr-1": { ...unitOf(s, "fr-1"), order: "FLEEING" } } } as BattleState, "fr-1")).toEqual([]);
    expect(listed(withFlags(s, "fr-1", { charged: true }), "fr-1")).toEqual([]);
  });

  it("CORE-TURN-2: the deciding side's candidates in the remaining step are the active side's units', in order", () => {
    const s = toStep(battleOf([fr("fr-1", 20, 12), gb("gb-1", 36, 40), fr("fr-2", 50, 12)]), "remaining");
    expect(candidatesForDecidingSide(s)).toEqual([...listed(s, "fr-1"), ...listed(s, "fr-2")]);
    // A decision other than a charge response on top of the stack: nothing to list here.
    const other = { ...s, pending: [{ kind: "panicTest", unit: "fr-1", side: "fr" }] } as unknown as BattleState;
    expect(candidatesForDecidingSide(other)).toEqual([]);
  });
});
