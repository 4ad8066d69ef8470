import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { compulsoryFlees, fleeingFriendsNear, FLEEING_FRIENDS_RANGE, startOfTurnPanic } from "../../src/rules/whn/morale/start.js";
import { battalion, battle, patchUnit, run, unit } from "../fixtures/morale.js";

/** An attack column of 4 files of 20 mm bases is 3.1496" wide. */
const WIDTH = (4 * 20) / 25.4;

/** fr-1 at x 20, fr-2 (fleeing) with its near edge `gap` inches along the row; gb-1 at the far side. */
function pair(gap: number, over: Record<string, object> = {}): BattleState {
  const s = battle([
    battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90, ...over["fr-1"] }),
    battalion("fr-2", "fr", { position: { x: 20 + WIDTH + gap, y: 24 }, facing: 90, ...over["fr-2"] }),
    battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, ...over["gb-1"] }),
  ]);
  return patchUnit(s, "fr-2", { order: "FLEEING", ...over["fr-2*"] });
}

const start = (s: BattleState, dice: number[]) => run(s, dice, (st, ctx) => startOfTurnPanic(st, ctx));

describe("morA: start-of-turn panic and compulsory flees (start.ts)", () => {
  it("CORE-PANIC-3: the range is 4\"; a fleeing friend 3.95\" away counts, 4.05\" away does not", () => {
    expect(FLEEING_FRIENDS_RANGE).toBe(4);
    const inside = pair(3.95);
    expect(fleeingFriendsNear(inside, unit(inside, "fr-1")).map((u) => u.id)).toEqual(["fr-2"]);
    const outside = pair(4.05);
    expect(fleeingFriendsNear(outside, unit(outside, "fr-1"))).toEqual([]);
    // A friend that is not fleeing does not count, nor does the unit itself.
    const calm = patchUnit(pair(1), "fr-2", { order: "DISORDERED" });
    expect(fleeingFriendsNear(calm, unit(calm, "fr-1"))).toEqual([]);
  });

  it("CORE-PANIC-3, WHN-PANIC-3: the whole test and disorder events for a failure at 3.95\"; nothing at 4.05\"", () => {
    const r = start(pair(3.95, { "fr-2*": { figures: 13 } }), [6, 6]);
    expect(r.events).toEqual([
      { type: "morale/panicTest", rule: "CORE-PANIC-3", unit: "fr-1", test: "WHN-PANIC-4", dice: [6, 6], total: 12, target: 6, passed: false, order: "GOOD", leadersNear: [], seq: 1, gameTurn: 1 },
      { type: "unit/disordered", rule: "WHN-PANIC-3", unit: "fr-1", cause: "CORE-PANIC-3", seq: 2, gameTurn: 1 },
    ]);
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "DISORDERED", flags: { failedStartPanic: true } });
    const far = start(pair(4.05, { "fr-2*": { figures: 13 } }), [6, 6]);
    expect(far.events).toEqual([]);
    expect(unit(far.state, "fr-1").order).toBe("GOOD");
  });

  it("CORE-PANIC-3, CORE-GEN-7: 24 models against exactly 12 fleeing are exempt (event in full); against 13 they test", () => {
    const r = start(pair(1, { "fr-2*": { figures: 12 } }), []);
    expect(r.events).toEqual([
      { type: "morale/panicExempt", rule: "CORE-PANIC-3", unit: "fr-1", models: 24, fleeingModels: 12, fleeing: ["fr-2"], seq: 1, gameTurn: 1 },
    ]);
    const due = start(pair(1, { "fr-2*": { figures: 13 } }), [1, 1]);
    expect(due.events.map((e) => e.type)).toEqual(["morale/panicTest"]);
    expect(unit(due.state, "fr-1").flags.failedStartPanic).toBe(false);
  });

  it("CORE-PANIC-3: only the active side's units test; the other side's are left alone", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 20, y: 40 }, facing: 270 }),
      battalion("gb-2", "gb", { position: { x: 20 + WIDTH + 1, y: 40 }, facing: 270 }),
    ]);
    const gbFleeing = patchUnit(patchUnit(s, "gb-2", { order: "FLEEING", figures: 13 }), "gb-1", { figures: 24 });
    expect(s.turn.activeSide).toBe("fr");
    expect(start(gbFleeing, [6, 6]).events).toEqual([]);
  });

  it("CORE-FLEE-6, CORE-PANIC-3: compulsory flees name CORE-PANIC-3 after a start-of-turn failure, CORE-FLEE-6 otherwise", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90 }),
      battalion("fr-2", "fr", { position: { x: 50, y: 24 }, facing: 90 }),
      battalion("fr-3", "fr", { position: { x: 60, y: 10 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270 }),
      battalion("gb-2", "gb", { position: { x: 10, y: 40 }, facing: 270 }),
    ]);
    let t = patchUnit(s, "fr-1", { order: "FLEEING", flags: { ...unit(s, "fr-1").flags, failedStartPanic: true } });
    t = patchUnit(t, "fr-2", { order: "FLEEING" });
    // fr-3 fled already this turn; gb-2 flees but is not the active side.
    t = patchUnit(t, "fr-3", { order: "FLEEING", flags: { ...unit(s, "fr-3").flags, moved: true } });
    t = patchUnit(t, "gb-2", { order: "FLEEING" });
    const r = run(t, [1, 1, 2, 2], (st, ctx) => compulsoryFlees(st, ctx));
    expect(r.events.map((e) => [e.type, e.rule, (e as { unit?: string }).unit, (e as { roll?: number }).roll])).toEqual([
      ["unit/fled", "CORE-PANIC-3", "fr-1", 2],
      ["unit/fled", "CORE-FLEE-6", "fr-2", 4],
    ]);
    expect(unit(r.state, "fr-3").position).toEqual(unit(t, "fr-3").position);
    expect(unit(r.state, "gb-2").position).toEqual(unit(t, "gb-2").position);
  });

  it("CORE-FLEE-6: a removed fleeing unit makes no compulsory move", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270 }),
    ]);
    const gone = patchUnit(s, "fr-1", { order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 } });
    const r = run(gone, [1, 1], (st, ctx) => compulsoryFlees(st, ctx));
    expect(r.events).toEqual([]);
    expect(r.state.units).toEqual(gone.units);
  });
});
