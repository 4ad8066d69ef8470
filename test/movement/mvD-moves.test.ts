/**
 * Normal and march moves of formed units (src/rules/whn/movement/moves.ts): every refusal with its
 * whole details, the allowance of each formation at its edge, and the whole event of each move.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { Unit } from "../../src/state/unit.js";
import { enemiesWithin8, MARCH_BLOCK_RANGE, unitAfterMove, whyNoMarch } from "../../src/rules/whn/movement/moves.js";
import { battleOf, fr, frCav, gb, must, patch, toStep, unitOf } from "../fixtures/movement.js";
import { events, frGun, refusal } from "../fixtures/mvD.js";

type Leg = { kind: "forward"; distance: number } | { kind: "wheel"; degrees: number; pivot: "left" | "right" } | { kind: "turn"; degrees: 90 | 180 | -90 };
const mv = (path: Leg[], unit = "fr-1") => ({ type: "movement/move", unit, path });
const mar = (path: Leg[], unit = "fr-1") => ({ type: "movement/march", unit, path });
const fwd = (distance: number): Leg => ({ kind: "forward", distance });
const ready = (units = [fr("fr-1", 36, 10), gb("gb-1", 36, 44)]) => toStep(battleOf(units), "remaining");
const flagsOf = (s: BattleState, id = "fr-1") => unitOf(s, id).flags;

describe("normal moves (CORE-MOVE-1)", () => {
  it("CORE-MOVE-1: a column moves exactly its M; the whole event; moved and its whole move used", () => {
    const r = events(ready(), mv([fwd(4)]));
    expect(r.events).toEqual([
      { type: "unit/moved", rule: "CORE-MOVE-1", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 14 }, facing: 90, cost: 4, allowance: 4, wheel: 0, turns: 0, surcharge: 0 },
    ]);
    const u = unitOf(r.state, "fr-1");
    expect(u.position).toEqual({ x: 36, y: 14 });
    expect(u.facing).toBe(90);
    expect(u.flags).toEqual({ ...flagsOf(ready()), moved: true, marched: false, moveUsed: 1 });
  });

  it("CORE-MOVE-1: 0.01\" over M is refused, whole refusal and text", () => {
    const r = refusal(ready(), mv([fwd(4.01)]));
    expect(r.violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-1", cost: 4.01, allowance: 4, surcharge: 0 });
    expect(r.text).toBe('That move costs 4.01" but only 4.00" of movement is left. [CORE-MOVE-1]');
  });

  it("CORE-MOVE-1: a move in parts: the share used grows by cost / M, the allowance left shrinks", () => {
    const a = events(ready(), mv([fwd(1)]));
    expect(flagsOf(a.state)).toMatchObject({ moved: true, marched: false, moveUsed: 0.25 });
    const b = events(a.state, mv([fwd(2)]));
    expect(b.events).toEqual([
      { type: "unit/moved", rule: "CORE-MOVE-1", unit: "fr-1", from: { x: 36, y: 11 }, to: { x: 36, y: 13 }, facing: 90, cost: 2, allowance: 3, wheel: 0, turns: 0, surcharge: 0 },
    ]);
    expect(flagsOf(b.state).moveUsed).toBe(0.75);
    expect(refusal(b.state, mv([fwd(1.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-1", cost: 1.01, allowance: 1, surcharge: 0 });
    const c = events(b.state, mv([fwd(1)]));
    expect(flagsOf(c.state).moveUsed).toBe(1);
    expect(refusal(c.state, mv([fwd(0.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-1", cost: 0.01, allowance: 0, surcharge: 0 });
  });

  it("CORE-MOVE-1: turning in place costs a quarter of M and turns the unit; the facing stays within [0, 360)", () => {
    const r = events(ready(), mv([{ kind: "turn", degrees: 90 }]));
    expect(r.events).toEqual([
      { type: "unit/moved", rule: "CORE-MOVE-1", unit: "fr-1", from: { x: 36, y: 10 }, to: expect.any(Object), facing: 180, cost: 1, allowance: 4, wheel: 0, turns: 1, surcharge: 0 },
    ]);
    expect(flagsOf(r.state).moveUsed).toBe(0.25);
    expect(unitOf(r.state, "fr-1").facing).toBe(180);
    const back = events(ready(), mv([{ kind: "turn", degrees: -90 }]));
    expect(unitOf(back.state, "fr-1").facing).toBe(0);
    const west = ready([fr("fr-1", 36, 10, { facing: 270 }), gb("gb-1", 10, 44)]);
    expect(unitOf(must(west, mv([{ kind: "turn", degrees: 90 }])), "fr-1").facing).toBe(0);
    expect(unitOf(must(west, mv([{ kind: "turn", degrees: 180 }])), "fr-1").facing).toBe(90);
    // Two turns and a step: 1 + 1 + 2 = 4, the whole move.
    const two = events(ready(), mv([{ kind: "turn", degrees: 90 }, { kind: "turn", degrees: -90 }, fwd(2)]));
    expect(two.events[0]).toMatchObject({ cost: 4, turns: 2, facing: 90 });
    expect(flagsOf(two.state).moveUsed).toBe(1);
  });

  it("CORE-MOVE-1: a path that goes nowhere is refused as an empty move, whole refusal", () => {
    const want = { code: "movement/empty_move", rule: "CORE-MOVE-1", unit: "fr-1" };
    expect(refusal(ready(), mv([fwd(0)])).violation).toEqual(want);
    expect(refusal(ready(), mv([fwd(0.001)])).violation).toEqual(want);
    expect(refusal(ready(), mv([fwd(0), { kind: "wheel", degrees: 0.0005, pivot: "left" }])).violation).toEqual(want);
    expect(refusal(ready(), mv([fwd(0)], "fr-1")).text).toBe("That path does not move fr-1 at all. [CORE-MOVE-1]");
    // Just above EPSILON it moves.
    expect(unitOf(must(ready(), mv([fwd(0.002)])), "fr-1").position).toEqual({ x: 36, y: 10.002 });
    // One real leg among empty ones makes it a move.
    expect(unitOf(must(ready(), mv([fwd(0), fwd(1)])), "fr-1").position).toEqual({ x: 36, y: 11 });
  });

  it("CORE-MOVE-2: a unit that marched may not move again, whole refusal", () => {
    const m = must(ready(), mar([fwd(2)]));
    expect(refusal(m, mv([fwd(1)])).violation).toEqual({ code: "movement/already_marched", rule: "CORE-MOVE-2", unit: "fr-1" });
    expect(refusal(m, mar([fwd(1)])).violation).toEqual({ code: "movement/march_after_moving", rule: "CORE-MOVE-2", unit: "fr-1", moveUsed: 1 });
  });

  it("WHN-MOVE-5, WHN-MOVE-7: free movers are refused path moves, whole refusal", () => {
    const s = ready([fr("fr-1", 36, 10, { formation: "SQUARE", files: 6 }), fr("fr-2", 10, 10, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", files: 8, figures: 8, startingFigures: 8, command: {} }), gb("gb-1", 36, 44)]);
    expect(refusal(s, mv([fwd(1)])).violation).toEqual({ code: "movement/free_mover", rule: "WHN-MOVE-5", unit: "fr-1", formation: "SQUARE" });
    expect(refusal(s, mar([fwd(1)])).violation).toEqual({ code: "movement/may_not_march", rule: "WHN-MOVE-3", unit: "fr-1", formation: "SQUARE" });
    expect(refusal(s, mv([fwd(1)], "fr-2")).violation).toEqual({ code: "movement/free_mover", rule: "WHN-MOVE-7", unit: "fr-2", formation: "EXTENDED_ORDER" });
    expect(refusal(s, mar([fwd(1)], "fr-2")).violation).toEqual({ code: "movement/free_mover", rule: "WHN-MOVE-7", unit: "fr-2", formation: "EXTENDED_ORDER" });
  });
});

describe("wheel limits (WHN-MOVE-4)", () => {
  // A line of 8 in 4 files: 4 × 20 mm = 3.15" wide; a 45° wheel costs π/4 × 3.15" = 2.47".
  const line = () => ready([fr("fr-1", 36, 10, { formation: "LINE", files: 4, figures: 8, startingFigures: 8 }), gb("gb-1", 36, 44)]);
  const W = (4 * 20) / 25.4;

  it("WHN-MOVE-4: a line wheels 45° in a phase, in one wheel or two; a wheel past it is refused, whole refusal", () => {
    const r = events(line(), mv([{ kind: "wheel", degrees: 45, pivot: "left" }]));
    expect(r.events[0]).toMatchObject({ type: "unit/moved", rule: "CORE-MOVE-1", wheel: 45, turns: 0, allowance: 4, facing: 135 });
    expect((r.events[0] as { cost: number }).cost).toBeCloseTo((Math.PI / 4) * W, 9);
    expect(refusal(line(), mv([{ kind: "wheel", degrees: 46, pivot: "left" }])).violation).toEqual({ code: "movement/wheel_limit", rule: "WHN-MOVE-4", unit: "fr-1", formation: "LINE", wheel: 46, limit: 45 });
    const part = must(line(), mv([{ kind: "wheel", degrees: 30, pivot: "right" }]));
    expect(unitOf(part, "fr-1").facing).toBe(60);
    const v = refusal(part, mv([{ kind: "wheel", degrees: 16, pivot: "left" }]));
    expect(v.violation).toEqual({ code: "movement/wheel_limit", rule: "WHN-MOVE-4", unit: "fr-1", formation: "LINE", wheel: 46, limit: 45 });
    expect(v.text).toBe("LINE may wheel at most 45° in a movement phase; this would make 46.00°. [WHN-MOVE-4]");
    expect(unitOf(must(part, mv([{ kind: "wheel", degrees: 15, pivot: "left" }])), "fr-1").facing).toBe(75);
  });

  it("WHN-MOVE-4: a wheel over the limit that is also too long is refused for the wheel", () => {
    // 90° costs π/2 × 3.15" = 4.95", over the 4" too.
    expect(refusal(line(), mv([{ kind: "wheel", degrees: 90, pivot: "left" }])).violation).toEqual({ code: "movement/wheel_limit", rule: "WHN-MOVE-4", unit: "fr-1", formation: "LINE", wheel: 90, limit: 45 });
  });

  it("WHN-MOVE-4: a column wheels any amount within its allowance; too long is too far", () => {
    // A column of 4 files is 3.15" wide too: 90° costs 4.95" > 4".
    const col = ready([fr("fr-1", 36, 10), gb("gb-1", 36, 44)]);
    const v = refusal(col, mv([{ kind: "wheel", degrees: 90, pivot: "left" }])).violation;
    expect(v).toMatchObject({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-1", allowance: 4, surcharge: 0 });
    expect(v["cost"] as number).toBeCloseTo((Math.PI / 2) * W, 9);
    const ok = events(col, mv([{ kind: "wheel", degrees: 70, pivot: "left" }]));
    expect(ok.events[0]).toMatchObject({ wheel: 70, facing: 160 });
  });
});

describe("march moves (CORE-MOVE-2, WHN-MOVE-1…3)", () => {
  it("WHN-MOVE-2: an attack column marches 2×M, even with an enemy within 8\"; the whole event", () => {
    const near = ready([fr("fr-1", 36, 10), gb("gb-1", 36, 30)]);
    const r = events(near, mar([fwd(8)]));
    expect(r.events).toEqual([
      { type: "unit/marched", rule: "WHN-MOVE-2", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 18 }, facing: 90, cost: 8, allowance: 8, wheel: 0, turns: 0, surcharge: 0 },
    ]);
    expect(flagsOf(r.state)).toEqual({ ...flagsOf(near), moved: true, marched: true, moveUsed: 1 });
    expect(refusal(near, mar([fwd(8.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-2", unit: "fr-1", cost: 8.01, allowance: 8, surcharge: 0 });
    // A short march still uses the whole move.
    expect(flagsOf(must(near, mar([fwd(1)])))).toMatchObject({ marched: true, moveUsed: 1 });
  });

  it("WHN-MOVE-1: a march column marches 3×M, but not with an enemy within 8\"", () => {
    const mc = (y: number) => ready([fr("fr-1", 36, 10, { formation: "MARCH_COLUMN", files: 2 }), gb("gb-1", 36, y)]);
    const r = events(mc(44), mar([fwd(12)]));
    expect(r.events).toEqual([
      { type: "unit/marched", rule: "WHN-MOVE-1", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 22 }, facing: 90, cost: 12, allowance: 12, wheel: 0, turns: 0, surcharge: 0 },
    ]);
    expect(refusal(mc(44), mar([fwd(12.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-2", unit: "fr-1", cost: 12.01, allowance: 12, surcharge: 0 });
    // Its normal move is still M.
    expect(refusal(mc(44), mv([fwd(4.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-1", cost: 4.01, allowance: 4, surcharge: 0 });
    // The British front edge exactly 8" from the column's front: within 8.
    const v = refusal(mc(18), mar([fwd(1)]));
    expect(v.violation).toEqual({ code: "movement/enemy_within_8", rule: "WHN-MOVE-1", unit: "fr-1", enemies: ["gb-1"] });
    expect(v.text).toBe('Unit fr-1 may not march with enemy within 8": ["gb-1"]. [WHN-MOVE-1]');
    // 8.01" away: it marches.
    expect(flagsOf(must(mc(18.01), mar([fwd(1)]))).marched).toBe(true);
  });

  it("CORE-MOVE-2: open order and a cavalry column march 2×M under the core 8\" rule; the event names CORE-MOVE-2", () => {
    const oo = (y: number) => ready([fr("fr-1", 36, 10, { light: true, formation: "OPEN_ORDER", files: 12 }), gb("gb-1", 36, y)]);
    expect(events(oo(44), mar([fwd(8)])).events).toEqual([
      { type: "unit/marched", rule: "CORE-MOVE-2", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 18 }, facing: 90, cost: 8, allowance: 8, wheel: 0, turns: 0, surcharge: 0 },
    ]);
    expect(refusal(oo(18), mar([fwd(1)])).violation).toEqual({ code: "movement/enemy_within_8", rule: "CORE-MOVE-2", unit: "fr-1", enemies: ["gb-1"] });
    const cav = ready([frCav("fr-1", 36, 20, { formation: "CAV_COLUMN", files: 2 }), gb("gb-1", 10, 44)]);
    expect(events(cav, mar([fwd(16)])).events[0]).toMatchObject({ type: "unit/marched", rule: "CORE-MOVE-2", cost: 16, allowance: 16 });
    expect(refusal(cav, mar([fwd(16.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-2", unit: "fr-1", cost: 16.01, allowance: 16, surcharge: 0 });
  });

  it("CORE-MOVE-2: a fleeing enemy within 8\" does not stop a march; the enemies named are those within 8, in order", () => {
    const s = ready([fr("fr-1", 36, 10, { formation: "MARCH_COLUMN", files: 2 }), gb("gb-1", 36, 16), gb("gb-2", 10, 16), gb("gb-3", 60, 44)]);
    expect(enemiesWithin8(s, unitOf(s, "fr-1")).map((e) => e.id)).toEqual(["gb-1"]);
    expect(refusal(s, mar([fwd(1)])).violation).toEqual({ code: "movement/enemy_within_8", rule: "WHN-MOVE-1", unit: "fr-1", enemies: ["gb-1"] });
    const fleeing = patch(s, "gb-1", { order: "FLEEING" });
    expect(enemiesWithin8(fleeing, unitOf(fleeing, "fr-1"))).toEqual([]);
    expect(flagsOf(must(fleeing, mar([fwd(1)]))).marched).toBe(true);
    const two = ready([fr("fr-1", 36, 10, { formation: "MARCH_COLUMN", files: 2 }), gb("gb-1", 36, 16), gb("gb-2", 28, 14, { files: 4, figures: 8, startingFigures: 8 })]);
    expect(refusal(two, mar([fwd(1)])).violation).toEqual({ code: "movement/enemy_within_8", rule: "WHN-MOVE-1", unit: "fr-1", enemies: ["gb-1", "gb-2"] });
    expect(MARCH_BLOCK_RANGE).toBe(8);
  });

  it("WHN-MOVE-3: a line and a cavalry line may not march, whole refusal and text", () => {
    const s = ready([fr("fr-1", 36, 10, { formation: "LINE", files: 12 }), frCav("fr-2", 10, 10), gb("gb-1", 36, 44)]);
    const v = refusal(s, mar([fwd(1)]));
    expect(v.violation).toEqual({ code: "movement/may_not_march", rule: "WHN-MOVE-3", unit: "fr-1", formation: "LINE" });
    expect(v.text).toBe("A unit in LINE may not march. [WHN-MOVE-3]");
    expect(refusal(s, mar([fwd(1)], "fr-2")).violation).toEqual({ code: "movement/may_not_march", rule: "WHN-MOVE-3", unit: "fr-2", formation: "CAV_LINE" });
  });

  it("WHN-ART-4: an unlimbered gun may not march; a gun limbered or unlimbered this turn may not either", () => {
    const s = ready([fr("fr-1", 36, 10), frGun("fr-g", 20, 10, "light", "horse", "UNLIMBERED"), frGun("fr-h", 50, 10, "light", "horse", "LIMBERED"), gb("gb-1", 36, 44)]);
    expect(whyNoMarch(s, unitOf(s, "fr-g"))).toEqual({ code: "movement/may_not_march", rule: "WHN-ART-4", unit: "fr-g", formation: "UNLIMBERED" });
    expect(whyNoMarch(s, unitOf(s, "fr-h"))).toBeNull();
    const limbered = patch(s, "fr-h", { flags: { ...flagsOf(s, "fr-h"), limberedOrUnlimbered: true } });
    expect(whyNoMarch(limbered, unitOf(limbered, "fr-h"))).toEqual({ code: "movement/march_after_limbering", rule: "WHN-ART-4", unit: "fr-h" });
  });

  it("WHN-FCHG-2, CORE-MOVE-2: no march after a formation change or after moving; no turns in a march; whole refusals", () => {
    const changed = must(ready(), { type: "movement/changeFormation", unit: "fr-1", formation: "ATTACK_COLUMN", files: 3 });
    const a = refusal(changed, mar([fwd(1)]));
    expect(a.violation).toEqual({ code: "movement/march_after_formation_change", rule: "WHN-FCHG-2", unit: "fr-1" });
    expect(a.text).toBe("Unit fr-1 changed formation this turn and may not march. [WHN-FCHG-2]");
    const moved = must(ready(), mv([fwd(1)]));
    const b = refusal(moved, mar([fwd(1)]));
    expect(b.violation).toEqual({ code: "movement/march_after_moving", rule: "CORE-MOVE-2", unit: "fr-1", moveUsed: 0.25 });
    expect(b.text).toBe("A march is the unit's whole move; fr-1 has already moved. [CORE-MOVE-2]");
    const c = refusal(ready(), mar([fwd(1), { kind: "turn", degrees: 90 }]));
    expect(c.violation).toEqual({ code: "movement/march_no_turns", rule: "CORE-MOVE-2", unit: "fr-1" });
    expect(c.text).toBe("A march is made of forward moves and wheels only (fr-1). [CORE-MOVE-2]");
    // The turn is refused before the march's own conditions are asked.
    expect(refusal(moved, mar([{ kind: "turn", degrees: 90 }])).violation).toEqual({ code: "movement/march_no_turns", rule: "CORE-MOVE-2", unit: "fr-1" });
    // A stationary unit is refused for that first.
    expect(refusal(patch(ready(), "fr-1", { order: "DISORDERED" }), mar([{ kind: "turn", degrees: 90 }])).violation).toEqual({ code: "movement/disordered", rule: "WHN-MOVE-6", unit: "fr-1" });
  });

  it("CORE-MOVE-2: whyNoMarch checks in order: formation, change, limbering, moving, enemies", () => {
    const s = ready([fr("fr-1", 36, 10, { formation: "MARCH_COLUMN", files: 2 }), gb("gb-1", 36, 16)]);
    const u = unitOf(s, "fr-1") as Unit;
    const all = { ...u, flags: { ...u.flags, formationChanges: 1, limberedOrUnlimbered: true, moveUsed: 0.5 } };
    expect(whyNoMarch(s, all)).toEqual({ code: "movement/march_after_formation_change", rule: "WHN-FCHG-2", unit: "fr-1" });
    expect(whyNoMarch(s, { ...all, flags: { ...all.flags, formationChanges: 0 } })).toEqual({ code: "movement/march_after_limbering", rule: "WHN-ART-4", unit: "fr-1" });
    expect(whyNoMarch(s, { ...all, flags: { ...all.flags, formationChanges: 0, limberedOrUnlimbered: false } })).toEqual({ code: "movement/march_after_moving", rule: "CORE-MOVE-2", unit: "fr-1", moveUsed: 0.5 });
    expect(whyNoMarch(s, u)).toEqual({ code: "movement/enemy_within_8", rule: "WHN-MOVE-1", unit: "fr-1", enemies: ["gb-1"] });
    expect(whyNoMarch(s, { ...u, formation: "ATTACK_COLUMN" })).toBeNull();
  });
});

describe("the unit after a move (unitAfterMove)", () => {
  it("CORE-MOVE-1, CORE-MOVE-2: placed at the end, facing normalised, move share grown (capped at 1), a march uses all", () => {
    const s = ready();
    const u = unitOf(s, "fr-1") as Unit;
    const end = { p: { x: 40, y: 12 }, facing: 450 };
    expect(unitAfterMove(u, end, 2, 4, false)).toEqual({ ...u, position: { x: 40, y: 12 }, facing: 90, flags: { ...u.flags, moved: true, marched: false, moveUsed: 0.5 } });
    expect(unitAfterMove(u, end, 2, 4, true)).toEqual({ ...u, position: { x: 40, y: 12 }, facing: 90, flags: { ...u.flags, moved: true, marched: true, moveUsed: 1 } });
    const half = { ...u, flags: { ...u.flags, moveUsed: 0.75, marched: true } };
    expect(unitAfterMove(half, { p: { x: 1, y: 2 }, facing: -90 }, 2, 4, false).flags).toEqual({ ...u.flags, moved: true, marched: true, moveUsed: 1 });
    // A rate of 0 (a gun that may not move) uses the whole move.
    expect(unitAfterMove(u, end, 0, 0, false).flags.moveUsed).toBe(1);
    expect(unitAfterMove(u, { p: { x: 1, y: 2 }, facing: -90 }, 1, 4, false).facing).toBe(270);
  });
});

describe("terrain, units and enemies on the path (CORE-MOVE-4, CORE-MOVE-5)", () => {
  const sq = (id: string, x0: number, y0: number, x1: number, y1: number, tags: Record<string, boolean>) => ({
    id,
    kind: "test",
    polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }],
    tags,
  });
  // A marsh whose south edge is 2" in front of the column.
  const marsh = () => toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)], { terrain: [sq("m", 30, 12, 42, 20, { difficult: true })] }), "remaining");

  it("CORE-MOVE-5: each inch in difficult ground costs 2: 2\" plain and 1\" in the marsh is exactly M; the whole event", () => {
    expect(events(marsh(), mv([fwd(3)])).events).toEqual([
      { type: "unit/moved", rule: "CORE-MOVE-1", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 13 }, facing: 90, cost: 4, allowance: 4, wheel: 0, turns: 0, surcharge: 1 },
    ]);
    // Up to the marsh's edge it is plain.
    expect(events(marsh(), mv([fwd(2)])).events[0]).toMatchObject({ cost: 2, surcharge: 0 });
  });

  it("CORE-MOVE-5: 0.01\" more into the marsh is too far under the terrain rule, with the surcharge", () => {
    const v = refusal(marsh(), mv([fwd(3.01)])).violation;
    expect(v).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-5", unit: "fr-1", cost: 4.02, allowance: 4, surcharge: expect.closeTo(1.01, 9) as unknown });
  });

  it("CORE-MOVE-1: a path longer than the allowance on plain measure is refused before its terrain is measured (surcharge unknown)", () => {
    expect(refusal(marsh(), mv([fwd(4.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-1", unit: "fr-1", cost: 4.01, allowance: 4, surcharge: null });
    expect(refusal(marsh(), mar([fwd(8.01)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-2", unit: "fr-1", cost: 8.01, allowance: 8, surcharge: null });
  });

  it("CORE-MOVE-2, CORE-MOVE-5: a march pays the terrain too; refused under the march rule", () => {
    expect(events(marsh(), mar([fwd(5)])).events).toEqual([
      { type: "unit/marched", rule: "WHN-MOVE-2", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 15 }, facing: 90, cost: 8, allowance: 8, wheel: 0, turns: 0, surcharge: 3 },
    ]);
    expect(refusal(marsh(), mar([fwd(6)])).violation).toEqual({ code: "movement/too_far", rule: "CORE-MOVE-2", unit: "fr-1", cost: 10, allowance: 8, surcharge: 4 });
  });

  it("CORE-MOVE-5: impassable ground may not be entered; up to its edge the move is made", () => {
    const rock = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 44)], { terrain: [sq("r", 30, 12, 42, 14, { impassable: true })] }), "remaining");
    const v = refusal(rock, mv([fwd(3)]));
    expect(v.violation).toEqual({ code: "movement/impassable", rule: "CORE-MOVE-5", unit: "fr-1" });
    expect(v.text).toBe("Unit fr-1 cannot enter impassable terrain. [CORE-MOVE-5]");
    expect(events(rock, mv([fwd(2)])).events[0]).toMatchObject({ to: { x: 36, y: 12 }, cost: 2, surcharge: 0 });
  });

  it("CORE-MOVE-4: not through a friend, not within 1\" of an enemy; 1.01\" away is allowed", () => {
    const b = toStep(battleOf([fr("fr-1", 36, 10), fr("fr-2", 36, 13, { facing: 270, formation: "LINE", files: 12 }), gb("gb-1", 36, 44)]), "remaining");
    expect(refusal(b, mv([fwd(3.5)])).violation).toEqual({ code: "movement/through_unit", rule: "CORE-MOVE-4", unit: "fr-1", other: "fr-2" });
    const e = toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 14)]), "remaining");
    expect(refusal(e, mv([fwd(3)])).violation).toEqual({ code: "movement/too_close_to_enemy", rule: "CORE-MOVE-4", unit: "fr-1", enemy: "gb-1", distance: 1 });
    expect(events(e, mv([fwd(2.99)])).events[0]).toMatchObject({ to: { x: 36, y: 12.99 }, cost: 2.99 });
  });
});
