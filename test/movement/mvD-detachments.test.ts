/**
 * Detachments (src/rules/whn/movement/detachments.ts): WHN-DET-2's range after a move and the
 * compulsory return, WHN-DET-4's place behind the parent, and the merge/split candidates.
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, roller, seedDice, type BattleState } from "../../src/index.js";
import type { ActionContext } from "../../src/engine/context.js";
import type { Unit } from "../../src/state/unit.js";
import { detachmentCandidates, detachmentRangeViolation, fallBackBehindParent, parentOf, returnDetachments } from "../../src/rules/whn/movement/detachments.js";
import { battleOf, fr, gb, must, patch, toStep, toTurnStep, unitOf } from "../fixtures/movement.js";
import { bare, refusal } from "../fixtures/mvD.js";

const D = 20 / 25.4;
/** fr-1's detachment: 4 models in one rank, front edge at (x, y), facing north. */
const det = (x: number, y = 10, over: Record<string, unknown> = {}) =>
  fr("fr-d", x, y, { light: true, figures: 4, startingFigures: 4, files: 4, formation: "LINE", detachmentOf: "fr-1", command: {}, ...over });
const ready = (units = [fr("fr-1", 36, 10), det(40), gb("gb-1", 36, 44)]) => toStep(battleOf(units), "remaining");
/** A context that keeps what is emitted. */
function ctxOf(state: BattleState): { ctx: ActionContext; out: Record<string, unknown>[] } {
  const out: Record<string, unknown>[] = [];
  return { out, ctx: { dice: roller(seedDice(0)), options: state.options, emit: (type, rule, details = {}) => void out.push({ type, rule, ...details }) } };
}
/** The detachment's left edge is 2D west of its front-edge centre; the parent's right edge 2D east of 36. */
const gapAt = (gap: number) => 36 + 4 * D + gap;

describe("WHN-DET-2: the range after a move", () => {
  const s = ready();
  const d = unitOf(s, "fr-d") as Unit;
  const at = (u: Unit, x: number): Unit => ({ ...u, position: { x, y: 10 } });

  it("WHN-DET-2: ending exactly M from the parent is fine; 0.01\" more is refused with the distance and range", () => {
    expect(detachmentRangeViolation(s, d, at(d, gapAt(4)))).toBeNull();
    expect(detachmentRangeViolation(s, d, at(d, gapAt(4.01)))).toEqual({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", distance: expect.closeTo(4.01, 9) as unknown, range: 4 });
  });

  it("WHN-DET-2: a detachment that starts out of range may end out of range only nearer than it started", () => {
    const far = at(d, gapAt(6));
    expect(detachmentRangeViolation(s, far, at(d, gapAt(5)))).toBeNull();
    expect(detachmentRangeViolation(s, far, at(d, gapAt(6)))).toEqual({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", distance: expect.closeTo(6, 9) as unknown, range: 4 });
    expect(detachmentRangeViolation(s, far, at(d, gapAt(7)))).toMatchObject({ code: "movement/detachment_out_of_range", distance: expect.closeTo(7, 9) as unknown });
    // Starting exactly at M is in range: a move out to 4.5" is refused, though nearer than nothing.
    const edge = at(d, gapAt(4));
    expect(detachmentRangeViolation(s, edge, at(d, gapAt(4.5)))).toMatchObject({ code: "movement/detachment_out_of_range" });
  });

  it("WHN-DET-2: a unit that is no detachment, or whose parent is gone, has no range", () => {
    const p = unitOf(s, "fr-1") as Unit;
    expect(detachmentRangeViolation(s, p, { ...p, position: { x: 60, y: 30 } })).toBeNull();
    const gone = patch(s, "fr-1", { removed: { turn: 1, reason: "destroyed" } });
    expect(detachmentRangeViolation(gone, d, at(d, 60))).toBeNull();
    expect(parentOf(gone, d)).toBeNull();
    expect(parentOf(s, d)).toBe(unitOf(s, "fr-1"));
    expect(parentOf(s, p)).toBeNull();
  });

  it("WHN-DET-2: through the engine: a move that ends 0.03\" out of range is refused, whole refusal and text; 0.04\" shorter is made", () => {
    const moveEast = (dist: number) => ({ type: "movement/move", unit: "fr-d", path: [{ kind: "turn", degrees: -90 }, { kind: "forward", distance: dist }] });
    const r = refusal(s, moveEast(2));
    expect(r.violation).toEqual({ code: "movement/detachment_out_of_range", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", distance: expect.closeTo(4.0315, 4) as unknown, range: 4 });
    expect(r.text).toBe('Detachment fr-d would end 4.03" from its parent fr-1; it must stay within 4.00". [WHN-DET-2]');
    expect(unitOf(must(s, moveEast(1.96)), "fr-d").facing).toBe(0);
  });
});

describe("WHN-DET-2: the compulsory return", () => {
  it("WHN-DET-2: out of range at the start of its phase it moves M straight at its parent, facing it; the whole event; its move is spent", () => {
    let s = battleOf([fr("fr-1", 36, 10), det(50), gb("gb-1", 36, 44)]);
    const log: Record<string, unknown>[] = [];
    for (let i = 0; i < 20 && !(s.turn.phase === "movement" && s.turn.step === "remaining"); i++) {
      const r = apply(s, { type: "turn/advance" });
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      log.push(...r.events.map(bare));
      s = r.state;
    }
    expect(log.filter((e) => e["type"] === "unit/detachmentReturned")).toEqual([{ type: "unit/detachmentReturned", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", from: { x: 50, y: 10 }, to: { x: 46, y: 10 } }]);
    expect(unitOf(s, "fr-d")).toMatchObject({ position: { x: 46, y: 10 }, facing: 180, flags: { moved: true, moveUsed: 1 } });
    // Its move is spent: no merge, no further move this phase.
    expect(refusal(s, { type: "movement/mergeDetachment", unit: "fr-d" }).violation).toMatchObject({ code: "movement/merge_out_of_reach" });
    expect(refusal(s, { type: "movement/move", unit: "fr-d", path: [{ kind: "forward", distance: 0.5 }] }).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-d", cost: 0.5, allowance: 0, surcharge: 0 });
  });

  it("WHN-DET-2: returnDetachments moves only the active side's detachments that are out of range and not fleeing", () => {
    const s0 = ready([fr("fr-1", 36, 10), det(40), gb("gb-1", 36, 44), gb("gb-d", 60, 44, { files: 4, figures: 8, startingFigures: 8, detachmentOf: "gb-1" })]);
    // In range: nothing happens.
    const quiet = ctxOf(s0);
    expect(returnDetachments(s0, quiet.ctx)).toBe(s0);
    expect(quiet.out).toEqual([]);
    // Out of range by 0.01": it moves the whole M, no farther than the gap.
    const s1 = patch(s0, "fr-d", { position: { x: gapAt(4.01), y: 10 } });
    const a = ctxOf(s1);
    const r1 = returnDetachments(s1, a.ctx);
    expect(a.out).toEqual([{ type: "unit/detachmentReturned", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", from: { x: gapAt(4.01), y: 10 }, to: { x: expect.closeTo(gapAt(4.01) - 4, 9) as unknown, y: 10 } }]);
    expect(unitOf(r1, "fr-d")).toEqual({ ...unitOf(s1, "fr-d"), position: { x: expect.closeTo(gapAt(0.01), 9) as unknown, y: 10 }, facing: 180, flags: { ...unitOf(s1, "fr-d").flags, moved: true, moveUsed: 1 } });
    // Exactly in range: not moved.
    const s2 = patch(s0, "fr-d", { position: { x: gapAt(4), y: 10 } });
    expect(returnDetachments(s2, ctxOf(s2).ctx)).toBe(s2);
    // Fleeing: left to the flight rules.
    const s3 = patch(s1, "fr-d", { order: "FLEEING" });
    const c = ctxOf(s3);
    expect(returnDetachments(s3, c.ctx)).toBe(s3);
    expect(c.out).toEqual([]);
    // The British detachment far from its parent is not the French player's to move.
    expect(unitOf(r1, "gb-d")).toBe(unitOf(s1, "gb-d"));
  });

  it("WHN-DET-2: a return whose way is blocked only turns the detachment to face its parent", () => {
    const s0 = ready([fr("fr-1", 36, 10), det(40), fr("fr-2", 10, 30, { formation: "MARCH_COLUMN", files: 2 }), gb("gb-1", 36, 44)]);
    const s1 = patch(patch(s0, "fr-d", { position: { x: 50, y: 10 } }), "fr-2", { position: { x: 47, y: 11 } });
    const a = ctxOf(s1);
    const r = returnDetachments(s1, a.ctx);
    expect(a.out).toEqual([{ type: "unit/detachmentReturned", rule: "WHN-DET-2", unit: "fr-d", parent: "fr-1", from: { x: 50, y: 10 }, to: { x: 50, y: 10 } }]);
    expect(unitOf(r, "fr-d")).toMatchObject({ position: { x: 50, y: 10 }, facing: 180, flags: { moved: true, moveUsed: 1 } });
  });

  it("WHN-DET-2: a detachment 5\" behind its parent walks its M straight north at it and ends 1\" short", () => {
    // Straight south of the parent's rear edge, facing it already.
    const s0 = ready();
    const s1 = patch(s0, "fr-d", { position: { x: 36, y: 10 - 6 * D - 5 }, facing: 90 });
    const a = ctxOf(s1);
    const r = returnDetachments(s1, a.ctx);
    expect(a.out).toHaveLength(1);
    const u = unitOf(r, "fr-d");
    expect(u.facing).toBe(90);
    expect(u.position.x).toBeCloseTo(36, 9);
    expect(u.position.y).toBeCloseTo(10 - 6 * D - 1, 9);
  });
});

describe("WHN-DET-4: the place behind the parent", () => {
  it("WHN-DET-4: the detachment's front edge on the middle of the parent's rear edge, facing the parent's way", () => {
    const s = ready();
    const placed = fallBackBehindParent(s, unitOf(s, "fr-d"));
    expect(placed).toEqual({ ...unitOf(s, "fr-d"), position: { x: 36, y: expect.closeTo(10 - 6 * D, 12) as unknown }, facing: 90 });
    const west = ready([fr("fr-1", 36, 20, { facing: 180 }), det(36, 26), gb("gb-1", 36, 44)]);
    const w = fallBackBehindParent(west, unitOf(west, "fr-d"));
    expect(w?.facing).toBe(180);
    expect(w?.position.x).toBeCloseTo(36 + 6 * D, 9);
    expect(w?.position.y).toBeCloseTo(20, 9);
  });

  it("WHN-DET-4: no place when the spot is taken, or for a unit with no parent in play", () => {
    const s = ready([fr("fr-1", 36, 10), det(40), fr("fr-2", 36, 4.5, { formation: "LINE", files: 6, figures: 12, startingFigures: 12 }), gb("gb-1", 36, 44)]);
    expect(fallBackBehindParent(s, unitOf(s, "fr-d"))).toBeNull();
    const t = ready();
    expect(fallBackBehindParent(t, unitOf(t, "fr-1"))).toBeNull();
    expect(fallBackBehindParent(patch(t, "fr-1", { removed: { turn: 1, reason: "destroyed" } }), unitOf(t, "fr-d"))).toBeNull();
  });
});

describe("WHN-DET-5: the merge and split candidates", () => {
  it("WHN-DET-5: a detachment is offered its merge; a parent its splits; others nothing", () => {
    const s = ready();
    expect(detachmentCandidates(s, unitOf(s, "fr-d"))).toEqual([{ type: "movement/mergeDetachment", unit: "fr-d" }]);
    expect(detachmentCandidates(s, unitOf(s, "fr-1"))).toEqual([]);
    expect(detachmentCandidates(s, unitOf(s, "gb-1"))).toEqual([]);
    const m = toTurnStep(must(s, { type: "movement/mergeDetachment", unit: "fr-d" }), 2, "fr", "remaining");
    expect(detachmentCandidates(m, unitOf(m, "fr-1"))).toEqual([{ type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d" }]);
    expect(detachmentCandidates(patch(s, "fr-1", { removed: { turn: 1, reason: "destroyed" } }), unitOf(s, "fr-d"))).toEqual([]);
  });
});
