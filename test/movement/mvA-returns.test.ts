/**
 * Pursuers coming back onto the table (src/rules/whn/movement/returns.ts, CORE-PURS-7, AMB-03): the
 * edge they come back at and their exact spot and facing at each of the four edges and the corners,
 * the search along the edge when the spot is taken, and the phase-start step with its event.
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent, BattleState } from "../../src/index.js";
import { returnSpot } from "../../src/rules/whn/movement/returns.js";
import type { Unit } from "../../src/state/unit.js";
import { battleOf, fr, gb, patch, run, unitOf } from "../fixtures/movement.js";
import { COL_D, COL_W } from "../fixtures/mvA.js";

const close = (v: number) => expect.closeTo(v, 9);

/** fr-1 (the 4 × 6 column) gone off the table at `at`; other units as given. */
function gone(at: { x: number; y: number }, others: Parameters<typeof battleOf>[0] = [gb("gb-1", 60, 30)]): { state: BattleState; u: Unit } {
  const s0 = battleOf([fr("fr-1", 36, 20), ...others]);
  const state = patch(s0, "fr-1", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: at });
  return { state, u: unitOf(state, "fr-1") };
}

const spot = (at: { x: number; y: number }, others?: Parameters<typeof battleOf>[0]) => {
  const { state, u } = gone(at, others);
  const back = returnSpot(state, u);
  return back === null ? null : { position: back.position, facing: back.facing, removed: back.removed, returnAt: back.returnAt };
};

describe("mvA: where a pursuer comes back (CORE-PURS-7)", () => {
  it("CORE-PURS-7: at each edge it stands with its rear on that edge where it left, facing into the table", () => {
    expect(spot({ x: 20, y: 48 })).toEqual({ position: { x: 20, y: close(48 - COL_D) }, facing: 270, removed: null, returnAt: null });
    expect(spot({ x: 20, y: 0 })).toEqual({ position: { x: 20, y: close(COL_D) }, facing: 90, removed: null, returnAt: null });
    expect(spot({ x: 0, y: 30 })).toEqual({ position: { x: close(COL_D), y: 30 }, facing: 0, removed: null, returnAt: null });
    expect(spot({ x: 72, y: 30 })).toEqual({ position: { x: close(72 - COL_D), y: 30 }, facing: 180, removed: null, returnAt: null });
  });

  it("CORE-PURS-7: a point just inside the table counts for the nearest edge", () => {
    expect(spot({ x: 30, y: 47.5 })?.facing).toBe(270);
    expect(spot({ x: 30, y: 0.5 })?.facing).toBe(90);
    expect(spot({ x: 0.5, y: 20 })?.facing).toBe(0);
    expect(spot({ x: 71.5, y: 20 })?.facing).toBe(180);
    expect(spot({ x: 10, y: 9 })?.facing).toBe(90);
    expect(spot({ x: 9, y: 10 })?.facing).toBe(0);
    expect(spot({ x: 9.99, y: 10 })?.facing).toBe(0);
    // Equally near two edges: the south edge before the west, the north edge before the east.
    expect(spot({ x: 10, y: 10 })?.facing).toBe(90);
    expect(spot({ x: 62, y: 38 })?.facing).toBe(270);
  });

  it("CORE-PURS-7: at a corner it slides along the edge until the whole unit is on the table (1\" steps, alternating sides)", () => {
    // South-west corner: the south edge comes first among equals; x 0, 1 and back at 0 stick out, 2 fits.
    expect(spot({ x: 0, y: 0 })).toEqual({ position: { x: 2, y: close(COL_D) }, facing: 90, removed: null, returnAt: null });
    // North-east corner: the north edge; x 72 (twice), 71, 72 stick out, 70 fits.
    expect(spot({ x: 72, y: 48 })).toEqual({ position: { x: 70, y: close(48 - COL_D) }, facing: 270, removed: null, returnAt: null });
    // A west-edge exit low down: at y 0.6 the unit (3.15" wide along the edge) sticks out; 1" up, at 1.6, it fits.
    expect(spot({ x: 0, y: 0.6 })).toEqual({ position: { x: close(COL_D), y: close(1.6) }, facing: 0, removed: null, returnAt: null });
  });

  it("CORE-PURS-7: a unit standing on its spot pushes it along the edge to the first free spot, +1\", −1\", +2\", … from the exit", () => {
    // A friend's column (3.15" wide) centred on the exit point x = 20, with its rear on the north edge.
    const blocker = fr("fr-2", 20, 48 - COL_D, { facing: 270 });
    expect(spot({ x: 20, y: 48 }, [blocker, gb("gb-1", 60, 30)])).toEqual({ position: { x: 24, y: close(48 - COL_D) }, facing: 270, removed: null, returnAt: null });
    // The same blocker 0.5" further east (x 18.93–22.07): +3" (x 23) still overlaps it, −3" (x 17, tried first) is clear.
    const east = fr("fr-2", 20.5, 48 - COL_D, { facing: 270 });
    expect(spot({ x: 20, y: 48 }, [east, gb("gb-1", 60, 30)])?.position).toEqual({ x: 17, y: close(48 - COL_D) });
    // It may come back next to an enemy (it left them there), but not onto one.
    const enemy = gb("gb-1", 20 + COL_W / 2 + 0.6 + 4.8, 48 - 1.6, { facing: 270 });
    expect(spot({ x: 20, y: 48 }, [enemy])?.position).toEqual({ x: 20, y: close(48 - COL_D) });
  });

  it("CORE-PURS-7: the search goes 24\" each way: a spot free only 24\" west of the exit is found", () => {
    // Six lines (9.45" wide, 0.01" apart) cover x 13.58–70.34 along the north edge; x 12 (10.43–13.57) is free.
    const line = 12 * (20 / 25.4);
    const wall = [0, 1, 2, 3, 4, 5].map((i) => gb(`gb-${i}`, 13.58 + line / 2 + (line + 0.01) * i, 46, { facing: 270 }));
    expect(spot({ x: 36, y: 48 }, wall)).toEqual({ position: { x: 12, y: close(48 - COL_D) }, facing: 270, removed: null, returnAt: null });
  });

  it("CORE-PURS-7: with every spot along the edge taken it does not come back", () => {
    const wall = [0, 1, 2, 3, 4, 5, 6].map((i) => gb(`gb-${i}`, 4.8 + 9.5 * i, 48 - 1.6, { facing: 90 }));
    expect(spot({ x: 36, y: 48 }, wall)).toBeNull();
  });
});

describe("mvA: the phase-start return (CORE-PURS-7)", () => {
  /** Advances to the French compulsory-moves step (the pursuers come back on entering it), gathering events. */
  function toMovement(s0: BattleState): { state: BattleState; events: BattleEvent[] } {
    let s = s0;
    const events: BattleEvent[] = [];
    for (let i = 0; i < 10 && !(s.turn.phase === "movement" && s.turn.step === "compulsory"); i++) {
      const r = run(s, { type: "turn/advance" });
      events.push(...r.events);
      s = r.state;
    }
    return { state: s, events };
  }

  it("CORE-PURS-7, WHN-DET-5: the active side's pursuer comes back as its movement phase begins, with the detachment merged into it, marked as having used its move", () => {
    const s0 = battleOf([fr("fr-1", 36, 20), fr("fr-2", 10, 20), gb("gb-1", 60, 30)]);
    let s = patch(s0, "fr-1", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: { x: 20, y: 48 } });
    s = patch(s, "fr-2", { removed: { reason: "offTable", gameTurn: 1 }, mergedInto: "fr-1" });
    const { state: t, events } = toMovement(s);
    const u = unitOf(t, "fr-1");
    expect([u.position, u.facing, u.removed, u.returnAt]).toEqual([{ x: 20, y: close(48 - COL_D) }, 270, null, null]);
    expect([u.flags.moved, u.flags.moveUsed]).toEqual([true, 1]);
    expect([unitOf(t, "fr-2").removed, unitOf(t, "fr-2").mergedInto]).toEqual([null, "fr-1"]);
    const returned = events.filter((e) => e.type === "unit/returned");
    expect(returned.map((e) => ({ ...e, seq: 0 }))).toEqual([{ ...returned[0], seq: 0, type: "unit/returned", rule: "CORE-PURS-7", unit: "fr-1", to: { x: 20, y: close(48 - COL_D) }, facing: 270 }]);
  });

  it("CORE-PURS-7: the other side's pursuer, a unit gone for another reason, and a detachment merged into a unit on the table stay off", () => {
    const s0 = battleOf([fr("fr-1", 36, 20), fr("fr-2", 10, 20), fr("fr-3", 50, 20), gb("gb-1", 60, 30), gb("gb-2", 40, 40)]);
    let s = patch(s0, "gb-2", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: { x: 40, y: 48 } });
    s = patch(s, "fr-3", { removed: { reason: "fledTable", gameTurn: 1 }, returnAt: { x: 50, y: 0 } });
    s = patch(s, "fr-2", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: { x: 10, y: 0 }, mergedInto: "fr-1" });
    const { state: t, events } = toMovement(s);
    expect([unitOf(t, "gb-2").removed, unitOf(t, "fr-3").removed, unitOf(t, "fr-2").removed]).toEqual([
      { reason: "offTable", gameTurn: 1 },
      { reason: "fledTable", gameTurn: 1 },
      { reason: "offTable", gameTurn: 1 },
    ]);
    expect(events.filter((e) => e.type === "unit/returned")).toEqual([]);
  });

  it("CORE-PURS-7: two pursuers that left at the same point come back in id order, the second beside the first", () => {
    const s0 = battleOf([fr("fr-b", 50, 20), fr("fr-a", 36, 20), gb("gb-1", 60, 30)]);
    let s = patch(s0, "fr-b", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: { x: 20, y: 48 } });
    s = patch(s, "fr-a", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: { x: 20, y: 48 } });
    const { state: t, events } = toMovement(s);
    expect([unitOf(t, "fr-a").position, unitOf(t, "fr-b").position]).toEqual([{ x: 20, y: close(48 - COL_D) }, { x: 24, y: close(48 - COL_D) }]);
    expect(events.filter((e) => e.type === "unit/returned").map((e) => e["unit"])).toEqual(["fr-a", "fr-b"]);
  });

  it("CORE-PURS-7: a pursuer with no free spot waits; a detachment destroyed, not off the table, stays gone", () => {
    const wall = [0, 1, 2, 3, 4, 5, 6].map((i) => gb(`gb-${i}`, 4.8 + 9.5 * i, 46.4, { facing: 90 }));
    const s0 = battleOf([fr("fr-1", 36, 20), fr("fr-2", 10, 20), fr("fr-3", 20, 20), ...wall]);
    let s = patch(s0, "fr-1", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: { x: 36, y: 48 } });
    s = patch(s, "fr-3", { removed: { reason: "offTable", gameTurn: 1 }, returnAt: { x: 20, y: 0 } });
    s = patch(s, "fr-2", { removed: { reason: "destroyed", gameTurn: 1 }, mergedInto: "fr-3" });
    const { state: t, events } = toMovement(s);
    expect(unitOf(t, "fr-1").removed).toEqual({ reason: "offTable", gameTurn: 1 });
    expect(unitOf(t, "fr-3").removed).toBeNull();
    expect(unitOf(t, "fr-2").removed).toEqual({ reason: "destroyed", gameTurn: 1 });
    expect(events.filter((e) => e.type === "unit/returned").map((e) => e["unit"])).toEqual(["fr-3"]);
  });
});
