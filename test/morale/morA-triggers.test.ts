import { describe, expect, it } from "vitest";
import { characterId, combatId, unitId, type BattleState } from "../../src/index.js";
import type { ActionContext } from "../../src/engine/context.js";
import type { PanicResult } from "../../src/rules/whn/morale/panic.js";
import {
  BROKEN_FRIENDS_RANGE,
  DESTROYED_FRIENDS_RANGE,
  FLANK_CHARGER_MIN_MODELS,
  isEngaged,
  panicForBrokenFriends,
  panicForDestroyedFleeing,
  panicForFlankCharge,
  panicForGeneralSlain,
  panicForGeneralsSlainSince,
  panicForScenario,
  type TriggerOutcome,
} from "../../src/rules/whn/morale/triggers.js";
import { battalion, battle, leader, patchUnit, regiment, run, unit } from "../fixtures/morale.js";

const ids = (...xs: string[]) => xs.map((x) => unitId(x));

function trigger(s: BattleState, dice: number[], f: (st: BattleState, ctx: ActionContext) => TriggerOutcome) {
  let out: TriggerOutcome = { state: s, tests: [] };
  const r = run(s, dice, (st, ctx) => {
    out = f(st, ctx);
    return out.state;
  });
  return { ...r, tests: out.tests };
}

/** An attack column 4 files of 20 mm bases is 3.1496" wide: fr-1 at x 20 ends at x 21.5748. */
const HALF = (4 * 20) / 25.4 / 2;

/** fr-1 at x 20 and fr-2 with its near edge `gap` inches away along the row; gb-1 far off. */
function pair(gap: number, over: Record<string, object> = {}, chars: object[] = []): BattleState {
  return battle(
    [
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90, ...over["fr-1"] }),
      battalion("fr-2", "fr", { position: { x: 20 + 2 * HALF + gap, y: 24 }, facing: 90, ...over["fr-2"] }),
      battalion("gb-1", "gb", { position: { x: 28, y: 46 }, facing: 270, ...over["gb-1"] }),
    ],
    { characters: chars as never },
  );
}

const panicEvent = (unitName: string, rule: string, dice: number[], order: string, seq: number, target = order === "DISORDERED" ? 5 : 6) => ({
  type: "morale/panicTest",
  rule,
  unit: unitName,
  test: "WHN-PANIC-4",
  dice,
  total: dice[0]! + dice[1]!,
  target,
  passed: dice[0]! + dice[1]! <= target,
  order,
  leadersNear: [],
  seq,
  gameTurn: 1,
});

describe("morA: panic triggers (triggers.ts)", () => {
  it("CORE-PANIC-5, CORE-PANIC-6, CORE-PANIC-4: the ranges and the charger size are 12\", 4\" and 5 models", () => {
    expect([BROKEN_FRIENDS_RANGE, DESTROYED_FRIENDS_RANGE, FLANK_CHARGER_MIN_MODELS]).toEqual([12, 4, 5]);
  });

  it("CORE-PANIC-7: a character who is not the General, or no such character, triggers nothing", () => {
    const s = pair(4, {}, [leader("nap", "fr", { isGeneral: true }), leader("ney", "fr")]);
    for (const who of ["ney", "nobody"]) {
      const r = trigger(s, [6, 6, 6, 6], (st, ctx) => panicForGeneralSlain(st, ctx, characterId(who)));
      expect(r.tests).toEqual([]);
      expect(r.events).toEqual([]);
      expect(r.state.units).toEqual(s.units);
    }
  });

  it("CORE-PANIC-7, WHN-PANIC-3: in the close combat phase a unit failing as DISORDERED is only marked FLEEING", () => {
    const base = pair(4, { "fr-1": { order: "DISORDERED" } }, [leader("nap", "fr", { isGeneral: true })]);
    const s = { ...base, turn: { ...base.turn, phase: "combat" } } as BattleState;
    const r = trigger(s, [6, 6, 1, 1], (st, ctx) => panicForGeneralSlain(st, ctx, characterId("nap")));
    expect(r.tests).toEqual([
      { unit: "fr-1", result: "fled" },
      { unit: "fr-2", result: "passed" },
    ]);
    expect(r.events).toEqual([
      { type: "morale/generalSlain", rule: "WHN-LEAD-5", character: "nap", side: "fr", seq: 1, gameTurn: 1 },
      panicEvent("fr-1", "CORE-PANIC-7", [6, 6], "DISORDERED", 2),
      { type: "unit/mustFlee", rule: "WHN-PANIC-3", unit: "fr-1", seq: 3, gameTurn: 1 },
      panicEvent("fr-2", "CORE-PANIC-7", [1, 1], "GOOD", 4),
    ]);
    expect(unit(r.state, "fr-1")).toMatchObject({ order: "FLEEING", position: { x: 20, y: 24 } });
  });

  it("CORE-PANIC-7: outside the close combat phase the failed DISORDERED unit flees at once; fleeNow overrides", () => {
    const s = pair(4, { "fr-1": { order: "DISORDERED" } }, [leader("nap", "fr", { isGeneral: true })]);
    const now = trigger(s, [6, 6, 1, 1, 3, 3], (st, ctx) => panicForGeneralSlain(st, ctx, characterId("nap")));
    expect(now.tests[0]).toEqual({ unit: "fr-1", result: "fled" });
    expect(now.events.map((e) => e.type)).toContain("unit/fled");
    expect(unit(now.state, "fr-1").position).not.toEqual({ x: 20, y: 24 });
    const later = trigger(s, [6, 6, 1, 1], (st, ctx) => panicForGeneralSlain(st, ctx, characterId("nap"), { fleeNow: false }));
    expect(later.events.map((e) => e.type)).toEqual(["morale/generalSlain", "morale/panicTest", "unit/mustFlee", "morale/panicTest"]);
    expect(unit(later.state, "fr-1")).toMatchObject({ order: "FLEEING", position: { x: 20, y: 24 } });
  });

  it("CORE-PANIC-5: a friend 11.95\" from the broken unit tests, one 12.05\" away does not", () => {
    const inside = trigger(pair(11.95), [6, 6], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1")));
    expect(inside.tests).toEqual([{ unit: "fr-2", result: "disordered" }]);
    expect(inside.events).toEqual([
      panicEvent("fr-2", "CORE-PANIC-5", [6, 6], "GOOD", 1),
      { type: "unit/disordered", rule: "WHN-PANIC-3", unit: "fr-2", cause: "CORE-PANIC-5", seq: 2, gameTurn: 1 },
    ]);
    expect(unit(inside.state, "fr-2").order).toBe("DISORDERED");
    const outside = trigger(pair(12.05), [6, 6], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1")));
    expect(outside.tests).toEqual([]);
    expect(outside.events).toEqual([]);
  });

  it("CORE-PANIC-5: the broken unit itself, fleeing friends, enemies and unknown ids take no test", () => {
    // Both French broke: neither tests (they are the broken ones).
    expect(trigger(pair(2), [], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1", "fr-2"))).tests).toEqual([]);
    // A friend already fleeing is not tested.
    expect(trigger(pair(2, { "fr-2": { order: "FLEEING" } }), [], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1"))).tests).toEqual([]);
    // An unknown id alone: nothing happens.
    const s = pair(2);
    const none = trigger(s, [], (st, ctx) => panicForBrokenFriends(st, ctx, ids("zz-9")));
    expect(none).toMatchObject({ tests: [], events: [] });
    expect(none.state.units).toEqual(s.units);
    // A British unit broke next to the French: only British friends would test (there are none).
    const near = pair(2, { "gb-1": { position: { x: 28, y: 28 }, facing: 270 } });
    expect(trigger(near, [], (st, ctx) => panicForBrokenFriends(st, ctx, ids("gb-1"))).tests).toEqual([]);
  });

  it("CORE-PANIC-5, CORE-PANIC-2: with the General's unit in the list it tests first, then by id", () => {
    const s = battle(
      [
        battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90 }),
        battalion("fr-2", "fr", { position: { x: 26, y: 24 }, facing: 90 }),
        battalion("fr-3", "fr", { position: { x: 32, y: 24 }, facing: 90 }),
        battalion("gb-1", "gb", { position: { x: 28, y: 46 }, facing: 270 }),
      ],
      { characters: [leader("nap", "fr", { isGeneral: true, joinedTo: "fr-3", position: { x: 32, y: 24 } })] as never },
    );
    const r = trigger(s, [1, 1, 2, 2], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1")));
    expect(r.tests).toEqual([
      { unit: "fr-3", result: "passed" },
      { unit: "fr-2", result: "passed" },
    ]);
  });

  /** fr-1 engaged to its front by gb-1; gb-2 (cavalry) on its left flank. */
  function engaged(chargerOver: object = {}, targetOver: object = {}): BattleState {
    return battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, order: "DISORDERED", ...targetOver }),
      battalion("gb-1", "gb", { position: { x: 36, y: 24 }, facing: 270 }),
      regiment("gb-2", "gb", { position: { x: 28, y: 22 }, facing: 0, files: 3, figures: 6, ...chargerOver }),
    ]);
  }
  const flank = (s: BattleState, dice: number[], target = "fr-1", charger = "gb-2", face?: "front" | "right" | "rear" | "left") => {
    let result: PanicResult = "notTested";
    const r = run(s, dice, (st, ctx) => {
      const out = panicForFlankCharge(st, ctx, unitId(target), unitId(charger), face);
      result = out.result;
      return out.state;
    });
    return { ...r, result };
  };

  it("CORE-PANIC-4: a charger of exactly 5 models causes the test; 4 models do not", () => {
    const five = flank(engaged({ figures: 5 }), [1, 1]);
    expect(five.result).toBe("passed");
    expect(five.events).toEqual([panicEvent("fr-1", "CORE-PANIC-4", [1, 1], "DISORDERED", 1)]);
    const four = flank(engaged({ figures: 4 }), [1, 1]);
    expect(four).toMatchObject({ result: "notTested", events: [] });
  });

  it("CORE-PANIC-4: an unknown target or charger, or a fleeing target, is not tested", () => {
    expect(flank(engaged(), [1, 1], "zz-9").result).toBe("notTested");
    expect(flank(engaged(), [1, 1], "fr-1", "zz-9").result).toBe("notTested");
    expect(flank(engaged({}, { order: "FLEEING" }), [1, 1]).result).toBe("notTested");
  });

  it("CORE-PANIC-4, CORE-GEO-21: an explicit face wins over the charger's position", () => {
    expect(flank(engaged(), [1, 1], "fr-1", "gb-2", "front")).toMatchObject({ result: "notTested", events: [] });
    expect(flank(engaged(), [1, 1], "fr-1", "gb-2", "rear").result).toBe("passed");
    expect(flank(engaged(), [1, 1], "fr-1", "gb-2", "right").result).toBe("passed");
  });

  it("CORE-PANIC-4: engaged means an in-play enemy in the same combat record or in base contact", () => {
    const s = engaged();
    expect(isEngaged(s, unit(s, "fr-1"))).toBe(true);
    const apart = patchUnit(s, "gb-1", { position: { x: 36, y: 40 } });
    expect(isEngaged(apart, unit(apart, "fr-1"))).toBe(false);
    const rec = (units: string[]) => ({ c1: { id: combatId("c1"), units: ids(...units), chargers: [], lastWinner: null, rounds: 0, squareness: {} } });
    const withEnemy = { ...apart, combats: rec(["fr-1", "gb-1"]) } as BattleState;
    expect(isEngaged(withEnemy, unit(withEnemy, "fr-1"))).toBe(true);
    // The record's only enemy is removed: not engaged.
    const gone = patchUnit(withEnemy, "gb-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(isEngaged(gone, unit(gone, "fr-1"))).toBe(false);
    // A record without fr-1 does not engage it.
    const other = { ...apart, combats: rec(["gb-2", "gb-1"]) } as BattleState;
    expect(isEngaged(other, unit(other, "fr-1"))).toBe(false);
  });

  /** fr-1 destroyed while fleeing, its last position `gap` inches from fr-2's near edge. */
  const gone = (gap: number, figures: number, over: Record<string, object> = {}) =>
    patchUnit(pair(gap, over), "fr-1", { figures, order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 } });

  it("CORE-PANIC-6: a friend 3.95\" from where the destroyed unit was caught tests, 4.05\" away does not", () => {
    const inside = trigger(gone(3.95, 13), [1, 2], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(inside.tests).toEqual([{ unit: "fr-2", result: "passed" }]);
    expect(inside.events).toEqual([panicEvent("fr-2", "CORE-PANIC-6", [1, 2], "GOOD", 1)]);
    const outside = trigger(gone(4.05, 13), [1, 2], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(outside).toMatchObject({ tests: [], events: [] });
  });

  it("CORE-PANIC-6, CORE-GEN-7: 24 models exactly twice 12 destroyed are exempt (event in full); 13 destroyed are not", () => {
    const exempt = trigger(gone(2, 12), [], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(exempt.tests).toEqual([]);
    expect(exempt.events).toEqual([
      { type: "morale/panicExempt", rule: "CORE-PANIC-6", unit: "fr-2", models: 24, destroyedModels: 12, destroyed: ["fr-1"], seq: 1, gameTurn: 1 },
    ]);
    const due = trigger(gone(2, 13), [6, 6], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(due.tests).toEqual([{ unit: "fr-2", result: "disordered" }]);
  });

  it("CORE-PANIC-6, WHN-PANIC-3: a DISORDERED friend failing flees at once (no waiting)", () => {
    const s = gone(2, 13, { "fr-2": { order: "DISORDERED" } });
    const r = trigger(s, [6, 6, 3, 3], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(r.tests).toEqual([{ unit: "fr-2", result: "fled" }]);
    expect(r.events.map((e) => e.type)).not.toContain("unit/mustFlee");
    expect(r.events.map((e) => e.type)).toContain("unit/fled");
  });

  it("CORE-PANIC-6: the models of several destroyed units add up; unknown ids add nothing", () => {
    const s = battle([
      battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90 }),
      battalion("fr-2", "fr", { position: { x: 26, y: 24 }, facing: 90 }),
      battalion("fr-3", "fr", { position: { x: 32, y: 24 }, facing: 90 }),
      battalion("gb-1", "gb", { position: { x: 28, y: 46 }, facing: 270 }),
    ]);
    const kill = (st: BattleState, id: string, figures: number) => patchUnit(st, id, { figures, order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 } });
    const both = kill(kill(s, "fr-1", 7), "fr-3", 6);
    const r = trigger(both, [1, 1], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1", "fr-3", "zz-9")));
    expect(r.tests).toEqual([{ unit: "fr-2", result: "passed" }]);
    const one = trigger(kill(s, "fr-1", 7), [], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(one.events).toEqual([
      { type: "morale/panicExempt", rule: "CORE-PANIC-6", unit: "fr-2", models: 24, destroyedModels: 7, destroyed: ["fr-1"], seq: 1, gameTurn: 1 },
    ]);
  });

  it("CORE-PANIC-7, CORE-CHAR-6: one trigger per General slain since `before`; one already gone or removed otherwise triggers none", () => {
    const alive = pair(4, {}, [leader("nap", "fr", { isGeneral: true })]);
    const slain = { ...alive, characters: { ...alive.characters, nap: { ...alive.characters[characterId("nap")]!, removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState;
    const r = trigger(slain, [1, 1, 1, 1], (st, ctx) => panicForGeneralsSlainSince(alive, st, ctx));
    expect(r.tests).toEqual([
      { unit: "fr-1", result: "passed" },
      { unit: "fr-2", result: "passed" },
    ]);
    expect(r.events[0]).toEqual({ type: "morale/generalSlain", rule: "WHN-LEAD-5", character: "nap", side: "fr", seq: 1, gameTurn: 1 });
    // Already slain in `before`: nothing new.
    expect(trigger(slain, [], (st, ctx) => panicForGeneralsSlainSince(slain, st, ctx))).toMatchObject({ tests: [], events: [] });
    // Alive in both: nothing.
    expect(trigger(alive, [], (st, ctx) => panicForGeneralsSlainSince(alive, st, ctx))).toMatchObject({ tests: [], events: [] });
  });

  it("CORE-PANIC-11: a scenario trigger skips unknown and fleeing units and flees failures at once", () => {
    const s = patchUnit(pair(4, { "fr-1": { order: "DISORDERED" } }), "fr-2", { order: "FLEEING" });
    const r = trigger(s, [6, 6, 3, 3], (st, ctx) => panicForScenario(st, ctx, ids("zz-9", "fr-2", "fr-1")));
    expect(r.tests).toEqual([{ unit: "fr-1", result: "fled" }]);
    expect(r.events[0]).toEqual(panicEvent("fr-1", "CORE-PANIC-11", [6, 6], "DISORDERED", 1));
    expect(r.events.map((e) => e.type)).toContain("unit/fled");
  });
});
