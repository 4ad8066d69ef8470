// Tests for movement mutants that earlier sessions argued equivalent because no rule outcome tells
// them apart (docs/guides/trust.md, "Seed 3: movement (2 Dec 2026, fifth session)"): the order
// auto-advance's "any choice?" test tries candidates in (`MOVEMENT_LISTING.rank`), and the listing's
// memos (a unit's own candidates kept per unit object and per formed shape, the deciding side's
// candidates kept for the last engine-built state). Neither changes what is listed; both are
// contracts the engine's speed rests on (issue 22), and each case below fails when one breaks.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { MOVEMENT_LISTING, movementCandidates, type MovementAction } from "../../src/rules/whn/movement/index.js";
import type { UnitId } from "../../src/state/ids.js";
import { battleOf, fr, gb, patch, toStep } from "../fixtures/movement.js";

const rank = (s: BattleState, a: MovementAction): number => (MOVEMENT_LISTING.rank as (s: BattleState, a: MovementAction) => number)(s, a);
const id = (s: string): UnitId => s as UnitId;

/** fr-1 (attack column) at (30, 10) and gb-1 (line) at (36, 18): 6" across and 8" up, 100 square inches apart. */
const remaining = (): BattleState => toStep(battleOf([fr("fr-1", 30, 10), gb("gb-1", 36, 18)]), "remaining");

describe("MOVEMENT_LISTING.rank: the order of auto-advance's any-choice test", () => {
  const s = remaining();
  const u = id("fr-1");
  const move = (path: unknown[]): MovementAction => ({ type: "movement/move", unit: u, path } as MovementAction);

  it("free moves first, then turns, single forward moves, responses and charge moves, charges, formation changes and wheels, marches last", () => {
    expect(rank(s, { type: "movement/moveTo", unit: u, to: { x: 30, y: 12 }, march: false })).toBe(0);
    expect(rank(s, move([{ kind: "turn", degrees: 180 }]))).toBe(1);
    expect(rank(s, move([{ kind: "turn", degrees: 90 }, { kind: "forward", distance: 1 }]))).toBe(1);
    expect(rank(s, move([{ kind: "forward", distance: 2 }]))).toBe(2);
    expect(rank(s, move([{ kind: "forward", distance: 1 }, { kind: "forward", distance: 1 }]))).toBe(4);
    expect(rank(s, move([{ kind: "wheel", degrees: 15, pivot: "left" }]))).toBe(4);
    expect(rank(s, move([{ kind: "wheel", degrees: 15, pivot: "left" }, { kind: "forward", distance: 2 }]))).toBe(4);
    expect(rank(s, { type: "movement/respond", unit: u, response: "hold" })).toBe(2.5);
    expect(rank(s, { type: "movement/chargeMove", unit: u })).toBe(2.5);
    expect(rank(s, { type: "movement/changeFormation", unit: u, formation: "LINE", files: 12 })).toBe(4);
    expect(rank(s, { type: "movement/march", unit: u, path: [{ kind: "forward", distance: 4 }] } as MovementAction)).toBe(5);
    expect(rank(s, { type: "movement/mergeDetachment", unit: u })).toBe(3.5);
  });

  it("CORE-CHRG-1: a charge ranks between 3 and 3.1, nearer targets first (3 + squared distance × 10⁻⁶, capped at 10⁵)", () => {
    // fr-1 at (30, 10), gb-1 at (36, 18): dx = −6, dy = −8, squared distance 100.
    expect(rank(s, { type: "movement/declareCharge", unit: u, target: id("gb-1") })).toBeCloseTo(3.0001, 12);
    expect(rank(s, { type: "movement/declareCharge", unit: id("gb-1"), target: u })).toBeCloseTo(3.0001, 12);
    const far = patch(s, "gb-1", { position: { x: 336, y: 410 } });
    expect(rank(far, { type: "movement/declareCharge", unit: u, target: id("gb-1") })).toBeCloseTo(3.1, 12);
    // A declaration naming no unit ranks as a candidate without a rank.
    expect(rank(s, { type: "movement/declareCharge", unit: u, target: id("nobody") })).toBe(3.5);
    expect(rank(s, { type: "movement/declareCharge", unit: id("nobody"), target: u })).toBe(3.5);
  });
});

describe("movement listing memos (the same candidate objects while what they depend on is unchanged)", () => {
  it("a free mover's own candidates are kept per unit object, and kept across a new characters record with the same joined profiles", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 10, { formation: "SQUARE" }), gb("gb-1", 36, 40)]), "remaining");
    const first = movementCandidates(s, id("fr-1"));
    expect(first.length).toBeGreaterThan(0);
    expect(first.some((a) => a.type === "movement/moveTo")).toBe(true);
    const again = movementCandidates(s, id("fr-1"));
    expect(again).not.toBe(first);
    again.forEach((a, i) => expect(a).toBe(first[i]));
    const recharactered = { ...s, characters: { ...s.characters } } as BattleState;
    movementCandidates(recharactered, id("fr-1")).forEach((a, i) => expect(a).toBe(first[i]));
    // A new unit object (the same square one inch on) is listed afresh: its slides start elsewhere.
    const moved = patch(s, "fr-1", { position: { x: 36, y: 11 } });
    const fresh = movementCandidates(moved, id("fr-1"));
    expect(fresh.length).toBe(first.length);
    expect(fresh[0]).not.toBe(first[0]);
    expect(fresh[0]).not.toEqual(first[0]);
  });

  it("a formed unit's own candidates are found again for a new unit object of the same shape (formation, files, figures, move used…)", () => {
    const s = remaining();
    const first = movementCandidates(s, id("fr-1"));
    const copy = patch(s, "fr-1", { position: { x: 31, y: 10 } });
    movementCandidates(copy, id("fr-1")).forEach((a, i) => expect(a).toBe(first[i]));
    const halfUsed = patch(s, "fr-1", { flags: { ...s.units[id("fr-1")]!.flags, moveUsed: 0.5 } });
    const other = movementCandidates(halfUsed, id("fr-1"));
    expect(other[0]).not.toBe(first[0]);
  });

  it("the deciding side's candidates are kept for the last engine-built state, never for a state the engine did not build", () => {
    const s = remaining();
    const list = MOVEMENT_LISTING.candidates(s);
    expect(list.length).toBeGreaterThan(0);
    expect(MOVEMENT_LISTING.candidates(s)).toBe(list);
    const draft = { ...s } as BattleState;
    const a = MOVEMENT_LISTING.candidates(draft);
    expect(a).toEqual(list);
    expect(MOVEMENT_LISTING.candidates(draft)).not.toBe(a);
    expect(MOVEMENT_LISTING.candidates(s)).not.toBe(a);
  });
});
