/**
 * The listing's quick checks (src/rules/whn/movement/legal.ts): `quickMoveCheck` on each of its
 * answers (a move that may not be made, one that fits to the last thousandth of an inch, one only
 * the handler can judge), beside the handler's own verdict; auto-advance's "any choice?" shortcut
 * (`MOVEMENT_LISTING.anyLegal`) in each step; the deciding side's pending responses; and the kept
 * lists when the joined characters change.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import type { TerrainFeature } from "../../src/geometry/terrain.js";
import { MOVEMENT_LISTING, candidatesForDecidingSide, legalForDecidingSide, legalMovementActions, movementCandidates, quickMoveCheck } from "../../src/rules/whn/movement/legal.js";
import type { MarchAction, MoveAction } from "../../src/rules/whn/movement/actions.js";
import { leader } from "../fixtures/morale.js";
import { battleOf, declare, fr, gb, gbCav, must, patch, refused, toStep, unitOf, type AnyAction } from "../fixtures/movement.js";
import { withFlags } from "../fixtures/mvB.js";

const box = (x: number, y: number, w: number, h: number) => [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }];
/** Woods far in a corner: the table has terrain, so the quick check answers for moves that pass nowhere near it. */
const FAR_WOODS = { id: "far", kind: "woods", polygon: box(0, 40, 4, 4), tags: { difficult: true } } as TerrainFeature;

type Leg = MoveAction["path"][number];
const F = (distance: number): Leg => ({ kind: "forward", distance });
const W = (degrees: number, pivot: "left" | "right" = "left"): Leg => ({ kind: "wheel", degrees, pivot });
const T = (degrees: 90 | -90 | 180): Leg => ({ kind: "turn", degrees });
const moveA = (unit: string, ...path: Leg[]): MoveAction => ({ type: "movement/move", unit: unit as UnitId, path });
const marchA = (unit: string, ...path: Leg[]): MarchAction => ({ type: "movement/march", unit: unit as UnitId, path });

/** fr-1 (attack column, M 4) at its remaining step, the British line far off, woods (or more terrain) on the table. */
const remaining = (over: Parameters<typeof fr>[3] = {}, terrain: TerrainFeature[] = [FAR_WOODS], extra: Parameters<typeof battleOf>[0] = []) =>
  toStep(battleOf([fr("fr-1", 36, 12, over), gb("gb-1", 36, 40), ...extra], { terrain: terrain as never }), "remaining");

const quickMove = (s: BattleState, ...path: Leg[]) => quickMoveCheck(s, moveA("fr-1", ...path), false);
const quickMarch = (s: BattleState, ...path: Leg[]) => quickMoveCheck(s, marchA("fr-1", ...path), true);
const applies = (s: BattleState, a: AnyAction) => apply(s, a).ok;

describe("quickMoveCheck: what may not be moved at all (CORE-TURN-2, CORE-MOVE-2, WHN-MOVE-5)", () => {
  it("CORE-TURN-2: outside the remaining step, or for the other side's unit, the answer is no", () => {
    const s = remaining();
    const declaring = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 40)], { terrain: [FAR_WOODS] as never }), "declareCharges");
    expect(quickMove(declaring, F(1))).toBe(false);
    expect(refused(declaring, moveA("fr-1", F(1)))).toEqual({ code: "movement/wrong_step", rule: "CORE-TURN-2", step: "declareCharges", allowed: ["remaining"] });
    expect(quickMoveCheck(s, moveA("gb-1", F(1)), false)).toBe(false);
    expect(quickMoveCheck(s, marchA("gb-1", F(1)), true)).toBe(false);
    expect(quickMove(patch(s, "fr-1", { order: "FLEEING" }), F(1))).toBe(false);
    expect(quickMove(s, F(1))).toBe(true);
  });

  it("CORE-MOVE-2: a march of forward moves and wheels only; a turn in it is a no, as the handler says", () => {
    const s = remaining();
    expect(quickMarch(s, T(90), F(1))).toBe(false);
    expect(refused(s, marchA("fr-1", T(90), F(1)))).toEqual({ code: "movement/march_no_turns", rule: "CORE-MOVE-2", unit: "fr-1" });
    expect(quickMarch(s, W(15), F(1))).toBe(true);
    expect(applies(s, marchA("fr-1", W(15), F(1)))).toBe(true);
    // A line may not march at all (WHN-MOVE-3).
    expect(quickMarch(remaining({ formation: "LINE", files: 12 }), F(1))).toBe(false);
  });

  it("CORE-MOVE-2: a unit that marched has no move left: a move is a no; one that has not may move", () => {
    const s = remaining();
    const marched = must(s, marchA("fr-1", F(2)));
    expect(unitOf(marched, "fr-1").flags.marched).toBe(true);
    expect(quickMove(marched, F(0.5))).toBe(false);
    expect(refused(marched, moveA("fr-1", F(0.5)))).toEqual({ code: "movement/already_marched", rule: "CORE-MOVE-2", unit: "fr-1" });
    expect(quickMove(withFlags(s, "fr-1", { marched: false }), F(0.5))).toBe(true);
  });

  it("WHN-MOVE-5: a square moves with movement/moveTo: a path move is a no", () => {
    const s = remaining({ formation: "SQUARE", files: 6 });
    expect(quickMove(s, F(1))).toBe(false);
    expect(quickMarch(s, F(1))).toBe(false);
    expect(refused(s, moveA("fr-1", F(1)))).toEqual({ code: "movement/free_mover", rule: "WHN-MOVE-5", unit: "fr-1", formation: "SQUARE" });
  });

  it("CORE-MOVE-1: with no terrain on the table the check leaves the answer to the handler", () => {
    const bare = remaining({}, []);
    expect(quickMove(bare, F(1))).toBeNull();
    expect(quickMarch(bare, F(1))).toBeNull();
    // …but what it can refuse without measuring it still refuses.
    expect(quickMarch(bare, T(90))).toBe(false);
    expect(quickMove(patch(bare, "fr-1", { order: "FLEEING" }), F(1))).toBe(false);
  });

  it("CORE-MOVE-1: a path that goes nowhere (forward 0, a wheel within a thousandth of a degree) is a no; a turn is not nothing", () => {
    const s = remaining();
    expect(quickMove(s, F(0))).toBe(false);
    expect(refused(s, moveA("fr-1", F(0)))).toEqual({ code: "movement/empty_move", rule: "CORE-MOVE-1", unit: "fr-1" });
    expect(quickMove(s, F(0.001), F(0))).toBe(false);
    expect(quickMove(s, W(0.001))).toBe(false);
    expect(quickMove(s, F(0.0011))).toBe(true);
    expect(quickMove(s, W(0.0011))).toBe(true);
    expect(quickMove(s, T(90))).toBe(true);
    expect(quickMove(s, F(0), F(0.5))).toBe(true);
  });
});

describe("quickMoveCheck: the allowance and the wheel limit, to the thousandth (CORE-MOVE-1, CORE-MOVE-2, WHN-MOVE-1, WHN-MOVE-4)", () => {
  it("CORE-MOVE-1: a column's move of exactly M (4\") fits, and 4.0009\" (within the tolerance); 4.002\" does not", () => {
    const s = remaining();
    expect(quickMove(s, F(4))).toBe(true);
    expect(quickMove(s, F(4.0009))).toBe(true);
    expect(quickMove(s, F(4.002))).toBe(false);
    expect(quickMove(s, F(2), F(2.002))).toBe(false);
    expect(applies(s, moveA("fr-1", F(4)))).toBe(true);
    expect(refused(s, moveA("fr-1", F(4.002)))).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-1", allowance: 4 });
  });

  it("CORE-MOVE-1: after half the move, 2\" is left: 2\" fits, 2.01\" does not", () => {
    const s = must(remaining(), moveA("fr-1", F(2)));
    expect(unitOf(s, "fr-1").flags.moveUsed).toBe(0.5);
    expect(quickMove(s, F(2))).toBe(true);
    expect(quickMove(s, F(2.01))).toBe(false);
    expect(refused(s, moveA("fr-1", F(2.01)))).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-1", allowance: 2 });
  });

  it("WHN-MOVE-1: an attack column marches 2×M (8\"): 8\" fits, 8.01\" does not; a march column marches 3×M", () => {
    const s = remaining();
    expect(quickMarch(s, F(8))).toBe(true);
    expect(quickMarch(s, F(8.01))).toBe(false);
    expect(applies(s, marchA("fr-1", F(8)))).toBe(true);
    expect(applies(s, marchA("fr-1", F(8.01)))).toBe(false);
    const mc = remaining({ formation: "MARCH_COLUMN", files: 3 });
    expect(quickMarch(mc, F(12))).toBe(true);
    expect(quickMarch(mc, F(12.01))).toBe(false);
    // A normal move of the march column is still M.
    expect(quickMove(mc, F(4))).toBe(true);
    expect(quickMove(mc, F(4.01))).toBe(false);
  });

  it("CORE-CHAR-4: a joined character of M 3 sets the allowance: 3\" fits, 3.01\" does not", () => {
    const slow = leader("slow", "fr", { position: { x: 40, y: 10 }, profile: { M: 3, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } });
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 40)], { terrain: [FAR_WOODS] as never, characters: [slow] }), "remaining");
    const s = must(s0, { type: "morale/joinUnit", character: "slow", unit: "fr-1" });
    expect(quickMove(s, F(3))).toBe(true);
    expect(quickMove(s, F(3.01))).toBe(false);
    expect(quickMarch(s, F(6))).toBe(true);
    expect(quickMarch(s, F(6.01))).toBe(false);
  });

  it("WHN-MOVE-4: a line wheels at most 45° a phase, counting what it wheeled already", () => {
    // A narrow line (8 models, 4 files: about 3.1" wide) so the wheels fit its move.
    const s = remaining({ formation: "LINE", files: 4, figures: 8, startingFigures: 8 });
    expect(quickMove(s, W(45))).toBe(true);
    expect(quickMove(s, W(45.5))).toBe(false);
    expect(refused(s, moveA("fr-1", W(45.5)))).toMatchObject({ code: "movement/wheel_limit", rule: "WHN-MOVE-4", limit: 45 });
    const after = must(s, moveA("fr-1", W(30)));
    expect(quickMove(after, W(15, "right"))).toBe(true);
    expect(quickMove(after, W(15.5, "right"))).toBe(false);
    expect(applies(after, moveA("fr-1", W(15, "right")))).toBe(true);
    expect(applies(after, moveA("fr-1", W(15.5, "right")))).toBe(false);
    // A column has no limit.
    expect(quickMove(remaining({ files: 2 }), W(90))).toBe(true);
  });
});

describe("quickMoveCheck: terrain (CORE-MOVE-5) and what only the handler can judge (CORE-MOVE-4, WHN-DET-2)", () => {
  it("CORE-MOVE-5: a move into impassable ground is a no", () => {
    const lake = { id: "lake", kind: "lake", polygon: box(30, 14, 12, 3), tags: { impassable: true } } as TerrainFeature;
    const s = remaining({}, [lake]);
    expect(quickMove(s, F(3))).toBe(false);
    expect(refused(s, moveA("fr-1", F(3)))).toEqual({ code: "movement/impassable", rule: "CORE-MOVE-5", unit: "fr-1" });
  });

  it("CORE-MOVE-5: woods double the cost: 3\" of which 2\" in woods costs 5\" and is a no; 0.9\" short of the edge fits", () => {
    const woods = { id: "w", kind: "woods", polygon: box(30, 13, 12, 10), tags: { difficult: true } } as TerrainFeature;
    const s = remaining({}, [woods]);
    expect(quickMove(s, F(3))).toBe(false);
    expect(refused(s, moveA("fr-1", F(3)))).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-5" });
    expect(quickMove(s, F(0.9))).toBe(true);
    expect(applies(s, moveA("fr-1", F(0.9)))).toBe(true);
  });

  it("CORE-MOVE-4: a move that passes near another unit is left to the handler", () => {
    const s = remaining({}, [FAR_WOODS], [fr("fr-2", 36, 17.5, { formation: "LINE", files: 12 })]);
    expect(quickMove(s, F(1))).toBeNull();
    expect(applies(s, moveA("fr-1", F(1)))).toBe(true);
    expect(quickMove(s, F(4))).toBe(null);
    expect(refused(s, moveA("fr-1", F(4)))).toMatchObject({ code: "movement/through_unit", rule: "CORE-MOVE-4", unit: "fr-1", other: "fr-2" });
  });

  it("WHN-DET-2: a detachment's move that would leave it out of range of its parent is a no; one that keeps it in range fits", () => {
    // Facing east, its rear edge 3.64" from the column's side (range: its M, 4").
    const det = fr("fr-d", 42, 10, { facing: 0, light: true, figures: 4, startingFigures: 4, files: 4, formation: "LINE", detachmentOf: "fr-1", command: {} });
    const s = toStep(battleOf([fr("fr-1", 36, 12), det, gb("gb-1", 36, 44)], { terrain: [FAR_WOODS] as never }), "remaining");
    expect(quickMoveCheck(s, moveA("fr-d", F(0.36)), false)).toBe(true);
    expect(applies(s, moveA("fr-d", F(0.36)))).toBe(true);
    expect(quickMoveCheck(s, moveA("fr-d", F(0.5)), false)).toBe(false);
    expect(refused(s, moveA("fr-d", F(0.5)))).toEqual({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", distance: 4.137795275590548, range: 4 });
  });
});

describe("the listing's other shortcuts (CORE-TURN-2, CORE-CHRG-2, CORE-CHAR-4)", () => {
  const anyLegal = (s: BattleState) => (MOVEMENT_LISTING.anyLegal as (s: BattleState) => boolean | undefined)(s);

  it("CORE-TURN-2: outside the movement phase there is nothing to list; in the declare and charge-move steps the shortcut cannot tell", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 40)]), "declareCharges");
    expect(anyLegal(s)).toBeUndefined();
    expect(anyLegal(toStep(s, "chargeMoves"))).toBeUndefined();
    expect(anyLegal({ ...s, turn: { ...s.turn, phase: "shooting" } } as BattleState)).toBe(false);
    expect(anyLegal(toStep(s, "chargeResponses"))).toBe(false);
  });

  it("CORE-CHRG-2: with a charge response pending the shortcut cannot tell; the listing lists the responses", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    const s = must(must(s0, declare("gb-2", "fr-1")), { type: "turn/advance" });
    expect(s.pending.length).toBeGreaterThan(0);
    expect(anyLegal(s)).toBeUndefined();
    expect(legalForDecidingSide(s).map((a) => (a.type === "movement/respond" ? a.response : a.type))).toEqual(expect.arrayContaining(["hold", "flee"]));
    expect(legalForDecidingSide(s).every((a) => a.type === "movement/respond" && a.unit === "fr-1")).toBe(true);
  });

  it("CORE-MOVE-1: in the remaining step a unit with a quarter of its move left proves a choice by its about-turn; with less it is not tried", () => {
    const s = remaining({}, []);
    expect(anyLegal(s)).toBe(true);
    expect(anyLegal(withFlags(s, "fr-1", { moveUsed: 0.75 }))).toBe(true);
    expect(anyLegal(withFlags(s, "fr-1", { moveUsed: 0.7501 }))).toBe(true);
    expect(anyLegal(withFlags(s, "fr-1", { moveUsed: 0.7503 }))).toBeUndefined();
    expect(anyLegal(withFlags(s, "fr-1", { marched: true }))).toBeUndefined();
    expect(anyLegal(patch(s, "fr-1", { order: "FLEEING" }))).toBeUndefined();
    expect(anyLegal(remaining({ formation: "SQUARE", files: 6 }, []))).toBeUndefined();
    // Only the active side's units are tried: the British line is never asked.
    expect(anyLegal(withFlags(s, "fr-1", { marched: true }))).toBeUndefined();
  });

  it("CORE-MOVE-4: the shortcut tries the 180° turn itself: it applies beside an enemy 1.2\" ahead, where every forward move is refused", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 13.2)]), "remaining");
    expect(refused(s, moveA("fr-1", F(0.999999)))).toMatchObject({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-1", enemy: "gb-1" });
    expect(applies(s, moveA("fr-1", T(180)))).toBe(true);
    expect(anyLegal(s)).toBe(true);
  });

  it("CORE-MOVE-4: the shortcut tries the 180° turn, not the 90° one: a deep column's quarter turn would come within 1\" of the enemy beside it", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 38.9, 9, { facing: 180, formation: "ATTACK_COLUMN", files: 4 })]), "remaining");
    expect(refused(s, moveA("fr-1", T(90)))).toMatchObject({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-1", enemy: "gb-1" });
    expect(applies(s, moveA("fr-1", T(180)))).toBe(true);
    expect(anyLegal(s)).toBe(true);
  });

  it("WHN-DET-2: the shortcut gives up after two units whose about-turn is refused (detachments out of range of their parents)", () => {
    const det = (id: string, parent: string, x: number) => fr(id, x, 10, { light: true, figures: 4, startingFigures: 4, files: 4, formation: "LINE", detachmentOf: parent, command: {} });
    const s = toStep(battleOf([det("fr-a1", "fr-p1", 14), det("fr-a2", "fr-p2", 34), fr("fr-p1", 10, 10), fr("fr-p2", 30, 10), gb("gb-1", 60, 44)]), "remaining");
    // The detachments come first in the units in play (listed by id here).
    expect(anyLegal(s)).toBe(true);
    // Carried 20" away from their parents with their move still unused: turning in place keeps them out of range.
    const far1 = patch(s, "fr-a1", { position: { x: 14, y: 30 } });
    const far2 = patch(far1, "fr-a2", { position: { x: 34, y: 30 } });
    expect(refused(far2, moveA("fr-a1", T(180)))).toMatchObject({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", unit: "fr-a1", parent: "fr-p1" });
    expect(refused(far2, moveA("fr-a2", T(180)))).toMatchObject({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", unit: "fr-a2", parent: "fr-p2" });
    expect(applies(far2, moveA("fr-p1", T(180)))).toBe(true);
    // Two refusals: the shortcut cannot tell (the listing will); one refusal and then a pass: a choice.
    expect(anyLegal(far2)).toBeUndefined();
    expect(anyLegal(far1)).toBe(true);
  });

  it("CORE-TURN-2: units that cannot be moving now (fleeing, marched, no quarter move left, the other side's) are skipped, not tried", () => {
    // Two such units first (by id and by order), then a column that may turn: the shortcut must reach it.
    const three = (a: Parameters<typeof fr>[3] = {}, enemyFirst = false) =>
      toStep(
        battleOf([
          ...(enemyFirst ? [gb("fr-a1", 10, 30, { formation: "ATTACK_COLUMN", files: 4 }), gb("fr-a2", 20, 30, { formation: "ATTACK_COLUMN", files: 4 })] : [fr("fr-a1", 10, 10, a), fr("fr-a2", 20, 10, a)]),
          fr("fr-z", 40, 10),
          gb("gb-1", 60, 44),
        ]),
        "remaining",
      );
    const s = three();
    expect(anyLegal(s)).toBe(true);
    const both = (st: BattleState, over: Record<string, unknown>) => patch(patch(st, "fr-a1", over), "fr-a2", over);
    const flags = (st: BattleState, f: Record<string, unknown>) => withFlags(withFlags(st, "fr-a1", f), "fr-a2", f);
    const fleeing = both(s, { order: "FLEEING" });
    expect(refused(fleeing, moveA("fr-a1", T(180)))).toMatchObject({ code: "movement/fleeing", unit: "fr-a1" });
    expect(anyLegal(fleeing)).toBe(true);
    const marched = flags(s, { marched: true });
    expect(refused(marched, moveA("fr-a1", T(180)))).toMatchObject({ code: "movement/already_marched", unit: "fr-a1" });
    expect(anyLegal(marched)).toBe(true);
    const spent = flags(s, { moveUsed: 1 });
    expect(refused(spent, moveA("fr-a1", T(180)))).toMatchObject({ code: "movement/too_far", unit: "fr-a1" });
    expect(anyLegal(spent)).toBe(true);
    // The British units listed first are not the active side's.
    const enemyFirst = three({}, true);
    expect(anyLegal(enemyFirst)).toBe(true);
    // All three unable: nothing proven.
    expect(anyLegal(withFlags(fleeing, "fr-z", { marched: true }))).toBeUndefined();
  });

  it("CORE-TURN-2: the deciding side's pending responses skip other decisions, the other side's and unknown units", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), fr("fr-2", 20, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    const s = must(must(s0, declare("gb-2", "fr-1")), { type: "turn/advance" });
    const top = s.pending[0] as { kind: string; side: string; unit: string };
    expect(top).toMatchObject({ kind: "chargeResponse", unit: "fr-1", side: "fr" });
    const own = candidatesForDecidingSide(s);
    expect(own).toEqual(movementCandidates(s, "fr-1" as UnitId));
    const crafted = {
      ...s,
      pending: [
        top,
        { ...top, unit: "fr-2", side: "gb" },
        { ...top, unit: null },
        { ...top, unit: "nobody" },
        { kind: "panicTest", unit: "fr-2", side: "fr" },
        { ...top, unit: "fr-2" },
      ],
    } as unknown as BattleState;
    // fr-2 is listed once: for the entry of the deciding side, not for the other side's, the
    // unitless one, the unknown unit's or the other kind of decision.
    expect(candidatesForDecidingSide(crafted)).toEqual([...own, ...movementCandidates(crafted, "fr-2" as UnitId)]);
    expect(movementCandidates(crafted, "fr-2" as UnitId).every((a) => a.unit === "fr-2")).toBe(true);
    expect(movementCandidates(crafted, "fr-2" as UnitId).length).toBeGreaterThan(0);
  });

  it("CORE-CHAR-4: a unit whose character leaves it lists its own moves again (the kept list is not reused)", () => {
    const slow = leader("slow", "fr", { position: { x: 40, y: 10 }, profile: { M: 3, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 } });
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 40)], { characters: [slow] }), "remaining");
    const joined = must(s0, { type: "morale/joinUnit", character: "slow", unit: "fr-1" });
    const forwards = (st: BattleState) =>
      movementCandidates(st, "fr-1" as UnitId).flatMap((a) => (a.type === "movement/move" && a.path.length === 1 && a.path[0]?.kind === "forward" ? [a.path[0].distance] : []));
    expect(forwards(joined)).toEqual([0.75 - 1e-6, 1.5 - 1e-6, 2.25 - 1e-6, 3 - 1e-6]);
    const ch = joined.characters as Record<string, BattleState["characters"][keyof BattleState["characters"]]>;
    const left = { ...joined, characters: { ...ch, slow: { ...ch["slow"], joinedTo: null, joinedOnTurn: null } } } as BattleState;
    expect(left.units).toBe(joined.units);
    expect(forwards(left)).toEqual([1 - 1e-6, 2 - 1e-6, 3 - 1e-6, 4 - 1e-6]);
    expect(legalMovementActions(left, "fr-1" as UnitId).length).toBeGreaterThan(0);
  });
});
