/**
 * Free-direction movers (src/rules/whn/movement/free.ts): a square's slide (WHN-MOVE-5) and
 * extended-order models moving each on their own (WHN-MOVE-7). Whole events, whole refusals,
 * allowances at their edge.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { battleOf, fr, gb, must, patch, toStep, unitOf } from "../fixtures/movement.js";
import { events, refusal } from "../fixtures/mvD.js";

const D = 20 / 25.4;
const sq = (id: string, x0: number, y0: number, x1: number, y1: number, tags: Record<string, boolean>) => ({
  id,
  kind: "test",
  polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }],
  tags,
});

describe("a square's slide (WHN-MOVE-5)", () => {
  const square = (over: Record<string, unknown> = {}, gbAt = { x: 36, y: 44 }) =>
    toStep(battleOf([fr("fr-1", 36, 10, { formation: "SQUARE", files: 6 }), gb("gb-1", gbAt.x, gbAt.y)], over), "remaining");
  const to = (x: number, y: number, extra: Record<string, unknown> = {}) => ({ type: "movement/moveTo", unit: "fr-1", to: { x, y }, ...extra });

  it("WHN-MOVE-5: a square slides M/2 in any direction, facing unchanged; the whole event; its move used", () => {
    const r = events(square(), to(38, 10));
    expect(r.events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-5", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 38, y: 10 }, cost: 2, allowance: 2 }]);
    const u = unitOf(r.state, "fr-1");
    expect(u.position).toEqual({ x: 38, y: 10 });
    expect(u.facing).toBe(90);
    expect(u.flags).toEqual({ ...unitOf(square(), "fr-1").flags, moved: true, moveUsed: 1 });
    // Backwards too (3-4-5 triangle: 1.2 west, 1.6 south is 2").
    expect(events(square(), to(34.8, 8.4)).events[0]).toMatchObject({ to: { x: 34.8, y: 8.4 }, cost: expect.closeTo(2, 12) as unknown, allowance: 2 });
  });

  it("WHN-MOVE-5: 0.01\" past M/2 is too far, whole refusal and text", () => {
    const r = refusal(square(), to(38.01, 10));
    expect(r.violation).toEqual({ code: "movement/too_far", rule: "WHN-MOVE-5", unit: "fr-1", cost: expect.closeTo(2.01, 12) as unknown, allowance: 2 });
    expect(r.text).toBe('That move costs 2.01" but only 2.00" of movement is left. [WHN-MOVE-5]');
  });

  it("WHN-MOVE-5: a slide in parts: the share used grows by cost / (M/2), the allowance left shrinks", () => {
    const a = events(square(), to(36.5, 10));
    expect(unitOf(a.state, "fr-1").flags.moveUsed).toBe(0.25);
    const b = events(a.state, to(36.5, 11));
    expect(b.events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-5", unit: "fr-1", from: { x: 36.5, y: 10 }, to: { x: 36.5, y: 11 }, cost: 1, allowance: 1.5 }]);
    expect(unitOf(b.state, "fr-1").flags.moveUsed).toBe(0.75);
    expect(refusal(b.state, to(37.01, 11)).violation).toEqual({ code: "movement/too_far", rule: "WHN-MOVE-5", unit: "fr-1", cost: expect.closeTo(0.51, 12) as unknown, allowance: 0.5 });
    expect(unitOf(must(b.state, to(37, 11)), "fr-1").flags.moveUsed).toBe(1);
  });

  it("WHN-MOVE-5: a slide to where it stands costs nothing and marks the unit moved", () => {
    const r = events(square(), to(36, 10));
    expect(r.events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-5", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 10 }, cost: 0, allowance: 2 }]);
    expect(unitOf(r.state, "fr-1").flags).toMatchObject({ moved: true, moveUsed: 0 });
  });

  it("CORE-MOVE-5: difficult ground doubles a square's slide; refused under the terrain rule", () => {
    // The square's front edge touches a marsh north of it: every inch north costs 2.
    const s = square({ terrain: [sq("m", 20, 10, 52, 30, { difficult: true })] });
    const r = events(s, to(36, 11));
    expect(r.events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-5", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 11 }, cost: 2, allowance: 2 }]);
    expect(refusal(s, to(36, 11.01)).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-5", unit: "fr-1", cost: expect.closeTo(2.02, 9) as unknown, allowance: 2 });
  });

  it("CORE-MOVE-5: a square standing in a marsh that slides nowhere pays nothing", () => {
    const s = square({ terrain: [sq("m", 20, 0, 52, 30, { difficult: true })] });
    expect(events(s, to(36, 10)).events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-5", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 10 }, cost: 0, allowance: 2 }]);
    // 1" inside the marsh costs 2.
    expect(events(s, to(37, 10)).events[0]).toMatchObject({ cost: 2, allowance: 2 });
  });

  it("CORE-MOVE-5: a square may not slide into impassable ground", () => {
    const s = square({ terrain: [sq("r", 20, 11, 52, 12, { impassable: true })] });
    const r = refusal(s, to(36, 11.5));
    expect(r.violation).toEqual({ code: "movement/impassable", rule: "CORE-MOVE-5", unit: "fr-1" });
    expect(events(s, to(36, 10.9)).events[0]).toMatchObject({ to: { x: 36, y: 10.9 } });
  });

  it("CORE-MOVE-4: a square may not slide within 1\" of an enemy; the slide is checked along the way", () => {
    // A British line east of the square, 1.1019" from it.
    const s = square({}, { x: 36 + (6 * D) / 2 + 1.5 + 4.72, y: 10 });
    expect(refusal(s, to(36.11, 10)).violation).toEqual({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-1", enemy: "gb-1", distance: expect.closeTo(0.9919, 3) as unknown });
    expect(events(s, to(36.1, 10)).events[0]).toMatchObject({ to: { x: 36.1, y: 10 } });
    // A longer slide is refused at its first sample within 1" (half-way along a two-sample slide).
    expect(refusal(s, to(36.3, 10)).violation).toEqual({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-1", enemy: "gb-1", distance: expect.closeTo(0.9519, 3) as unknown });
    // Past the line is no way round: the first sample within 1" refuses the slide.
    expect(refusal(s, to(37, 10)).violation).toEqual({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-1", enemy: "gb-1", distance: expect.any(Number) as unknown });
  });

  it("WHN-MOVE-5: a square may not march, needs a destination; marched units and formed units are refused; whole refusals and texts", () => {
    const a = refusal(square(), to(37, 10, { march: true }));
    expect(a.violation).toEqual({ code: "movement/may_not_march", rule: "WHN-MOVE-5", unit: "fr-1", formation: "SQUARE" });
    expect(a.text).toBe("A unit in SQUARE may not march. [WHN-MOVE-5]");
    const b = refusal(square(), { type: "movement/moveTo", unit: "fr-1" });
    expect(b.violation).toEqual({ code: "movement/missing_destination", rule: "WHN-MOVE-5", unit: "fr-1" });
    expect(b.text).toBe("Say where unit fr-1 moves to. [WHN-MOVE-5]");
    const marched = patch(square(), "fr-1", { flags: { ...unitOf(square(), "fr-1").flags, marched: true } });
    expect(refusal(marched, to(37, 10)).violation).toEqual({ code: "movement/already_marched", rule: "CORE-MOVE-2", unit: "fr-1" });
    const col = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)]), "remaining");
    const c = refusal(col, to(37, 10));
    expect(c.violation).toEqual({ code: "movement/not_free_mover", rule: "CORE-GEO-19", unit: "fr-1", formation: "ATTACK_COLUMN" });
    expect(c.text).toBe("A unit in ATTACK_COLUMN moves along a path with movement/move or movement/march. [CORE-GEO-19]");
    expect(refusal(patch(square(), "fr-1", { order: "DISORDERED" }), to(37, 10)).violation).toEqual({ code: "movement/disordered", rule: "WHN-MOVE-6", unit: "fr-1" });
  });
});

describe("extended order (WHN-MOVE-7)", () => {
  const xs = [31, 32.7, 34.4, 36.1, 37.8, 39.5];
  const skirm = (gbAt = { x: 36, y: 44 }, over: Record<string, unknown> = {}, models = xs.map((x) => ({ x, y: 11.5, facing: 90 }))) =>
    toStep(
      battleOf(
        [fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models }), gb("gb-1", gbAt.x, gbAt.y)],
        over,
      ),
      "remaining",
    );
  const to = (dy: readonly number[], extra: Record<string, unknown> = {}, dx: readonly number[] = []) => ({
    type: "movement/moveTo",
    unit: "fr-x",
    models: xs.map((x, i) => ({ x: x + (dx[i] ?? 0), y: 11.5 + (dy[i] ?? 0) })),
    ...extra,
  });

  it("WHN-MOVE-7: each model moves up to M on its own; the whole event names the longest move; the unit's place follows its first model", () => {
    const s = skirm();
    const r = events(s, to([4, 3, 2.5, 2, 2.5, 3]));
    expect(r.events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-7", unit: "fr-x", models: 6, longest: 4, allowance: 4 }]);
    const u = unitOf(r.state, "fr-x");
    expect(u.models).toEqual(xs.map((x, i) => ({ x, y: 11.5 + ([4, 3, 2.5, 2, 2.5, 3][i] ?? 0), facing: 90 })));
    // The first model's front-edge centre, half a base in front of its centre.
    expect(u.position.x).toBeCloseTo(31, 12);
    expect(u.position.y).toBeCloseTo(15.5 + D / 2, 12);
    expect(u.facing).toBe(90);
    expect(u.flags).toEqual({ ...unitOf(s, "fr-x").flags, moved: true, marched: false, moveUsed: 1 });
  });

  it("WHN-MOVE-7: a model 0.01\" past M is refused, naming the model, whole refusal", () => {
    const v = refusal(skirm(), to([3, 3.5, 4.01, 3.5, 3, 3]));
    expect(v.violation).toEqual({ code: "movement/too_far", rule: "WHN-MOVE-7", unit: "fr-x", model: 2, cost: expect.closeTo(4.01, 12) as unknown, allowance: 4 });
  });

  it("WHN-MOVE-7: models turn as they are told (normalised), else keep their facing; the unit faces as its first model", () => {
    const s = skirm();
    const a = to([1, 1, 1, 1, 1, 1]);
    const turned = { ...a, models: a.models.map((m, i) => (i === 0 ? { ...m, facing: -90 } : i === 1 ? { ...m, facing: 450 } : m)) };
    const r = events(s, turned);
    const u = unitOf(r.state, "fr-x");
    expect(u.models?.map((m) => m.facing)).toEqual([270, 90, 90, 90, 90, 90]);
    expect(u.facing).toBe(270);
    // The first model faces south: its front edge is half a base south of its centre.
    expect(u.position.y).toBeCloseTo(12.5 - D / 2, 12);
  });

  it("WHN-MOVE-7: the share of the move used is the longest model move over M; a move in parts", () => {
    const a = events(skirm(), to([1, 1, 1, 0.5, 1, 1]));
    expect(unitOf(a.state, "fr-x").flags.moveUsed).toBe(0.25);
    const next = { type: "movement/moveTo", unit: "fr-x", models: xs.map((x) => ({ x, y: 12.5 + 3 })) };
    // Model 3 stood at 12.0: it would walk 3.5" with 3" left.
    expect(refusal(a.state, next).violation).toEqual({ code: "movement/too_far", rule: "WHN-MOVE-7", unit: "fr-x", model: 3, cost: 3.5, allowance: 3 });
    const b = events(a.state, { type: "movement/moveTo", unit: "fr-x", models: xs.map((x) => ({ x, y: 14.5 })) });
    expect(b.events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-7", unit: "fr-x", models: 6, longest: 2.5, allowance: 3 }]);
    expect(unitOf(b.state, "fr-x").flags.moveUsed).toBe(0.875);
  });

  it("WHN-MOVE-7, CORE-MOVE-2: a march lets each model go 2×M and uses the whole move; the event is a march", () => {
    const s = skirm();
    const r = events(s, to([8, 8, 8, 8, 8, 8], { march: true }));
    expect(r.events).toEqual([{ type: "unit/marched", rule: "WHN-MOVE-7", unit: "fr-x", models: 6, longest: 8, allowance: 8 }]);
    expect(unitOf(r.state, "fr-x").flags).toMatchObject({ moved: true, marched: true, moveUsed: 1 });
    expect(refusal(s, to([8, 8, 8.01, 8, 8, 8], { march: true })).violation).toEqual({ code: "movement/too_far", rule: "WHN-MOVE-7", unit: "fr-x", model: 2, cost: expect.closeTo(8.01, 12) as unknown, allowance: 8 });
    // A unit that marched has no move left.
    expect(refusal(r.state, to([9, 9, 9, 9, 9, 9])).violation).toEqual({ code: "movement/already_marched", rule: "CORE-MOVE-2", unit: "fr-x" });
  });

  it("CORE-MOVE-2: extended order may not march with an enemy within 8\", nor after moving; a normal move there is fine", () => {
    // The British line's front edge 8" from the models' front edges (11.5 + half a base).
    const near = skirm({ x: 36, y: 11.5 + D / 2 + 8 });
    expect(refusal(near, to([1, 1, 1, 1, 1, 1], { march: true })).violation).toEqual({ code: "movement/enemy_within_8", rule: "CORE-MOVE-2", unit: "fr-x", enemies: ["gb-1"] });
    expect(events(near, to([-1, -1, -1, -1, -1, -1])).events[0]).toMatchObject({ type: "unit/moved", longest: 1 });
    const moved = must(skirm(), to([1, 1, 1, 1, 1, 1]));
    expect(refusal(moved, to([2, 2, 2, 2, 2, 2], { march: true })).violation).toEqual({ code: "movement/march_after_moving", rule: "CORE-MOVE-2", unit: "fr-x", moveUsed: 0.25 });
  });

  it("WHN-MOVE-7: one destination per model; a unit with no models laid out expects its figures; whole refusals", () => {
    const s = skirm();
    const a = refusal(s, { type: "movement/moveTo", unit: "fr-x", models: xs.slice(0, 5).map((x) => ({ x, y: 12 })) });
    expect(a.violation).toEqual({ code: "movement/model_count", rule: "WHN-MOVE-7", unit: "fr-x", expected: 6, got: 5 });
    expect(a.text).toBe("Give one destination per model: expected 6, got 5. [WHN-MOVE-7]");
    const unlaid = patch(s, "fr-x", { models: null });
    expect(refusal(unlaid, to([1, 1, 1, 1, 1, 1])).violation).toEqual({ code: "movement/model_count", rule: "WHN-MOVE-7", unit: "fr-x", expected: 6, got: 6 });
    expect(refusal(s, { type: "movement/moveTo", unit: "fr-x", to: { x: 36, y: 13 } }).violation).toEqual({ code: "movement/missing_destination", rule: "WHN-MOVE-7", unit: "fr-x" });
  });

  it("CORE-MOVE-5: difficult ground doubles a model's cost; only the model that walks in pays", () => {
    // A marsh from y 13 north, west of x 32: only the first model walks into it.
    const s = skirm(undefined, { terrain: [sq("m", 20, 13, 32, 30, { difficult: true })] });
    const r = events(s, to([2.5, 3, 3, 3, 3, 3]));
    // Model 0 walks 1.5" to the marsh's edge and 1" in: 1.5 + 2 = 3.5; the others 3" on plain ground.
    expect(r.events).toEqual([{ type: "unit/moved", rule: "WHN-MOVE-7", unit: "fr-x", models: 6, longest: 3.5, allowance: 4 }]);
    expect(unitOf(r.state, "fr-x").flags.moveUsed).toBe(0.875);
    // 1.5" further in: 1.5 + 3 = 4.5.
    expect(refusal(s, to([3, 3, 3, 3, 3, 3])).violation).toEqual({ code: "movement/too_far", rule: "WHN-MOVE-7", unit: "fr-x", model: 0, cost: 4.5, allowance: 4 });
  });
});

describe("extended order: placement along the way (WHN-MOVE-7, CORE-MOVE-4)", () => {
  const xs = [31, 32.7, 34.4, 36.1, 37.8, 39.5];
  const models = xs.map((x) => ({ x, y: 11.5, facing: 90 }));
  const skirm = (units: ReturnType<typeof gb>[]) =>
    toStep(battleOf([fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models }), ...units]), "remaining");
  const to = (dy: readonly number[]) => ({ type: "movement/moveTo", unit: "fr-x", models: xs.map((x, i) => ({ x, y: 11.5 + (dy[i] ?? 0) })) });

  it("CORE-MOVE-4: no model may end within 1\" of an enemy: 1.01\" is fine, 1\" is refused naming the enemy", () => {
    // A British line whose front edge (facing south) is 4" north of the models' front edges.
    const s = skirm([gb("gb-1", 36, 11.5 + D / 2 + 4)]);
    expect(events(s, to([2.99, 2.99, 2.99, 2.99, 2.99, 2.99])).events[0]).toMatchObject({ type: "unit/moved", longest: expect.closeTo(2.99, 12) as unknown });
    expect(refusal(s, to([3, 3, 3, 3, 3, 3])).violation).toEqual({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-x", enemy: "gb-1", distance: expect.closeTo(1, 9) as unknown });
  });

  it("CORE-MOVE-4: a model may not walk through a unit, though it starts and ends clear of it", () => {
    // A friendly march column of one file facing east, lying across model 0's way north (y 14.1–14.9).
    const s = skirm([fr("fr-2", 31, 14.5, { formation: "MARCH_COLUMN", files: 1, figures: 4, startingFigures: 4, facing: 0, command: {} }), gb("gb-1", 36, 44)]);
    expect(refusal(s, to([3.9, 3.5, 3.5, 3.5, 3.5, 3.5])).violation).toEqual({ code: "movement/through_unit", rule: "CORE-MOVE-4", unit: "fr-x", other: "fr-2" });
  });

  it("WHN-SKIRM-3: models closer than a base width apart are refused, whole refusal", () => {
    const s = skirm([gb("gb-1", 36, 44)]);
    const bad = { type: "movement/moveTo", unit: "fr-x", models: xs.map((x, i) => ({ x: i === 1 ? 31 + D * 1.5 : x, y: 11.5 })) };
    expect(refusal(s, bad).violation).toEqual({ code: "movement/extended_spacing", rule: "WHN-SKIRM-3", unit: "fr-x", models: [0, 1], distance: expect.closeTo(D / 2, 9) as unknown, min: D });
  });

  it("WHN-MOVE-7: the expected count is the models laid out, not the figures", () => {
    const s = patch(skirm([gb("gb-1", 36, 44)]), "fr-x", { figures: 7 });
    expect(refusal(s, { type: "movement/moveTo", unit: "fr-x", models: xs.slice(0, 5).map((x) => ({ x, y: 12 })) }).violation).toEqual({ code: "movement/model_count", rule: "WHN-MOVE-7", unit: "fr-x", expected: 6, got: 5 });
  });
});
