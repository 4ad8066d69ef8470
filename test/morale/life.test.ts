import { describe, expect, it } from "vitest";
import { unitId, type BattleEvent, type BattleState } from "../../src/index.js";
import { panicForBrokenFriends } from "../../src/rules/whn/morale/triggers.js";
import { panicThreshold } from "../../src/rules/whn/shooting/panic.js";
import { atStep, battalion, battle, beforeStartOf, play, run, unit } from "../fixtures/morale.js";

const ORDER_EVENTS = new Set(["unit/disordered", "unit/mustFlee", "unit/fled", "unit/rallied", "unit/destroyed", "unit/leftTable"]);

describe("a unit's life in the event log", () => {
  it("WHN-GEN-5: every change of a unit's order state is logged with the rule behind it", () => {
    let s: BattleState = beforeStartOf(
      battle(
        [
          battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
          battalion("fr-2", "fr", { position: { x: 42, y: 24 }, facing: 90, order: "FLEEING" }),
          battalion("fr-3", "fr", { position: { x: 30, y: 16 }, facing: 90 }),
          battalion("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270, formation: "LINE", files: 12 }),
        ],
        { firstSide: "gb" },
      ),
      "fr",
    );
    // The events of each step (the state keeps no history).
    const seen: BattleEvent[] = [];
    const step = (r: { state: BattleState; events: readonly BattleEvent[] }): BattleState => (seen.push(...r.events), r.state);
    // Start of turn: fleeing fr-2 within 4" → test failed → DISORDERED.
    s = step(play(s, [6, 6], { type: "turn/advance" }));
    // Close combat: fr-3 breaks within 12" → fr-1 fails again and flees at once.
    s = step(run(s, [6, 6, 2, 2], (st, ctx) => panicForBrokenFriends(st, ctx, [unitId("fr-3")], { fleeNow: true }).state));
    // Next French turn, rally step: it rallies and reforms facing the enemy.
    const u = unit(s, "fr-1");
    s = atStep({ ...s, units: { ...s.units, [u.id]: { ...u, flags: { ...u.flags, failedStartPanic: false, moved: false } } } }, "fr", "rally");
    s = step(play(s, [1, 1], { type: "morale/rally", unit: "fr-1", reform: { facing: 90 } }));

    const life = seen.filter((e) => e["unit"] === "fr-1" && ORDER_EVENTS.has(e.type)).map((e) => [e.type, e.rule]);
    expect(life).toEqual([
      ["unit/disordered", "WHN-PANIC-3"],
      ["unit/fled", "WHN-PANIC-3"],
      ["unit/rallied", "CORE-RALLY-4"],
    ]);
    const tests = seen.filter((e) => e["unit"] === "fr-1" && (e.type === "morale/panicTest" || e.type === "morale/rallyTest")).map((e) => e.rule);
    expect(tests).toEqual(["CORE-PANIC-3", "CORE-PANIC-5", "CORE-RALLY-1"]);
    expect(unit(s, "fr-1")).toMatchObject({ order: "GOOD", facing: 90 });
  });

  it("CORE-PANIC-8: WHN replaces the 25% shooting threshold by WHN-PANIC-2's (a REGULAR 20 tests at 2 casualties, not 5)", () => {
    expect(panicThreshold("REGULAR", 20)).toBe(2);
    expect(panicThreshold("VETERAN", 20)).toBe(5);
    expect(panicThreshold("RAW", 20)).toBe(1);
  });
});
