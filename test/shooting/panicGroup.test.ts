/**
 * WHN-DET-3 / WHN-PANIC-3 through the shooting Panic test: the parent tests for the group and a
 * detachment shares the result (cases found by the sampled mutation run, #17).
 */
import { describe, expect, it } from "vitest";
import { shootingPanic } from "../../src/rules/whn/shooting/panic.js";
import type { BattleState, Unit } from "../../src/index.js";
import { run } from "../fixtures/morale.js";
import { battleOf, fr, gb, unitOf } from "../fixtures/movement.js";

const det = (x: number, y: number) => fr("fr-d", x, y, { light: true, figures: 6, startingFigures: 6, files: 6, formation: "LINE", detachmentOf: "fr-1", command: {} });
const hit = (u: Unit, casualties: number, order: Unit["order"]): Unit => ({ ...u, order, phase: { ...u.phase, casualties, figuresAtStart: u.figures + casualties } });

function group(order: Unit["order"]): BattleState {
  // gb-1 is the nearest enemy (about 25" south); gb-2 (about 39" west) is further off.
  const s = battleOf([fr("fr-1", 36, 20), det(43, 20), gb("gb-1", 36, 44), gb("gb-2", 4, 22)]);
  return { ...s, units: { ...s.units, "fr-1": hit(unitOf(s, "fr-1"), 6, order), "fr-d": hit(unitOf(s, "fr-d"), 0, "GOOD") } } as BattleState;
}

describe("shooting Panic of a parent and its detachment", () => {
  it("WHN-DET-3, WHN-PANIC-3: a failed test of a DISORDERED parent makes both flee; the detachment flees from the nearest enemy", () => {
    const r = run(group("DISORDERED"), [6, 6, 3, 3, 3, 3], (s, ctx) => shootingPanic(s, "fr-1" as never, ctx).state);
    expect([unitOf(r.state, "fr-1").order, unitOf(r.state, "fr-d").order]).toEqual(["FLEEING", "FLEEING"]);
    const fled = r.events.filter((e) => e.type === "unit/fled").map((e) => [e.rule, (e as unknown as { unit: string }).unit]);
    expect(fled).toContainEqual(["WHN-PANIC-3", "fr-d"]);
    expect(unitOf(r.state, "fr-d").phase.panicTested).toBe(true);
    // Directly away from the nearest enemy, gb-1 (CORE-FLEE-3): mostly north, not east away from gb-2.
    const p = unitOf(r.state, "fr-d").position;
    expect(20 - p.y).toBeGreaterThan(3);
    expect(Math.abs(p.x - 43)).toBeLessThan(20 - p.y);
  });

  it("WHN-DET-3, WHN-PANIC-3: a failed test of a parent in good order disorders both", () => {
    const r = run(group("GOOD"), [6, 6], (s, ctx) => shootingPanic(s, "fr-1" as never, ctx).state);
    expect([unitOf(r.state, "fr-1").order, unitOf(r.state, "fr-d").order]).toEqual(["DISORDERED", "DISORDERED"]);
    expect(r.events.filter((e) => e.type === "unit/disordered").map((e) => [e.rule, (e as unknown as { unit: string }).unit])).toContainEqual(["WHN-PANIC-3", "fr-d"]);
  });
});
