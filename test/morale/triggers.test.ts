import { describe, expect, it } from "vitest";
import { characterId, combatId, unitId, type BattleState } from "../../src/index.js";
import type { TriggerOutcome } from "../../src/rules/whn/morale/triggers.js";
import {
  mayPursuePanicked,
  panicForBrokenFriends,
  panicForDestroyedFleeing,
  panicForFlankCharge,
  panicForGeneralSlain,
  panicForScenario,
} from "../../src/rules/whn/morale/triggers.js";
import type { PanicResult } from "../../src/rules/whn/morale/panic.js";
import { battalion, battle, leader, patchUnit, regiment, run, types, unit } from "../fixtures/morale.js";

const ids = (...xs: string[]) => xs.map(unitId);

function trigger(s: BattleState, dice: number[], f: (st: BattleState, ctx: Parameters<Parameters<typeof run>[2]>[1]) => TriggerOutcome) {
  let out: TriggerOutcome = { state: s, tests: [] };
  const r = run(s, dice, (st, ctx) => {
    out = f(st, ctx);
    return out.state;
  });
  return { ...r, tests: out.tests };
}

/** fr-1 … fr-3 in a row 8" apart; the British far off. */
function row(over: Record<string, object> = {}): BattleState {
  return battle([
    battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90, startingFigures: 24, ...over["fr-1"] }),
    battalion("fr-2", "fr", { position: { x: 28, y: 24 }, facing: 90, ...over["fr-2"] }),
    battalion("fr-3", "fr", { position: { x: 44, y: 24 }, facing: 90, ...over["fr-3"] }),
    battalion("gb-1", "gb", { position: { x: 28, y: 44 }, facing: 270, formation: "LINE", files: 12, ...over["gb-1"] }),
  ]);
}

describe("Panic triggers", () => {
  it("CORE-PANIC-5: friends within 12\" of a unit that broke test once, after the Break tests; flee moves wait (WHN-PANIC-1)", () => {
    const s = patchUnit(row(), "fr-2", { order: "DISORDERED" });
    const r = trigger(s, [6, 6], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1")));
    expect(r.tests).toEqual([{ unit: "fr-2", result: "fled" }]);
    expect(r.events[0]).toMatchObject({ type: "morale/panicTest", rule: "CORE-PANIC-5", unit: "fr-2" });
    expect(types(r.events)).toEqual(["morale/panicTest", "unit/mustFlee"]);
    expect(unit(r.state, "fr-2")).toMatchObject({ order: "FLEEING", position: { x: 28, y: 24 } });
  });

  it("CORE-PANIC-5: one test per unit however many friends broke (CORE-PANIC-2)", () => {
    const r = trigger(row(), [1, 1], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1", "fr-3")));
    expect(r.tests).toEqual([{ unit: "fr-2", result: "passed" }]);
  });

  it("CORE-PANIC-9: a broken skirmisher panics only skirmishing friends", () => {
    const lights = { light: true, formation: "OPEN_ORDER", files: 6, figures: 12 }; // 6.7" wide: no overlap 8" apart
    const formed = trigger(row({ "fr-1": lights }), [], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1")));
    expect(formed.tests).toEqual([]);
    const skirm = trigger(row({ "fr-1": lights, "fr-2": lights }), [1, 1], (st, ctx) => panicForBrokenFriends(st, ctx, ids("fr-1")));
    expect(skirm.tests).toEqual([{ unit: "fr-2", result: "passed" }]);
  });

  /** fr-1 engaged to its front by gb-1; gb-2 (cavalry) on its left flank. */
  function engaged(chargerOver: object = {}, targetOver: object = {}): BattleState {
    return battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90, order: "DISORDERED", ...targetOver }),
      battalion("gb-1", "gb", { position: { x: 36, y: 24 }, facing: 270 }),
      regiment("gb-2", "gb", { position: { x: 28, y: 22 }, facing: 0, files: 3, figures: 6, ...chargerOver }),
    ]);
  }
  const flank = (s: BattleState, dice: number[]) => {
    let result: PanicResult = "notTested";
    const r = run(s, dice, (st, ctx) => {
      const out = panicForFlankCharge(st, ctx, unitId("fr-1"), unitId("gb-2"));
      result = out.result;
      return out.state;
    });
    return { ...r, result };
  };

  it("CORE-PANIC-4, CORE-FLEE-3: an engaged unit charged in the flank by 5+ models tests at once and flees from the nearest enemy", () => {
    const r = flank(engaged(), [5, 5, 3, 3]);
    expect(r.result).toBe("fled");
    expect(r.events[0]).toMatchObject({ type: "morale/panicTest", rule: "CORE-PANIC-4", unit: "fr-1" });
    expect(r.events[1]).toMatchObject({ type: "unit/fled", from: "gb-1", roll: 6, facing: 270 });
  });

  it("CORE-PANIC-4: no test for a front charge, a charger under 5 models, an unengaged unit or a square (AMB-26)", () => {
    expect(flank(engaged({ figures: 4, files: 2 }), []).result).toBe("notTested");
    expect(flank(engaged({ position: { x: 36, y: 36 }, facing: 270 }), []).result).toBe("notTested");
    expect(flank(engaged({}, { formation: "SQUARE" }), []).result).toBe("notTested");
    const free = battle([
      battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }),
      regiment("gb-2", "gb", { position: { x: 28, y: 22 }, facing: 0, files: 3, figures: 6 }),
    ]);
    expect(flank(free, []).result).toBe("notTested");
  });

  it("CORE-PANIC-4: a unit in a combat record counts as engaged", () => {
    const s = engaged({}, {});
    const apart = patchUnit(s, "gb-1", { position: { x: 36, y: 40 } });
    const withCombat = { ...apart, combats: { c1: { id: combatId("c1"), units: ids("fr-1", "gb-1"), chargers: [], lastWinner: null, rounds: 0, squareness: {} } } } as BattleState;
    expect(flank(withCombat, [1, 1]).result).toBe("passed");
  });

  it("CORE-PANIC-6: fleeing friends destroyed by chargers within 4\" cause one test, unless outnumbered 2:1", () => {
    const gone = (figures: number) =>
      patchUnit(row({ "fr-1": { figures } }), "fr-1", { order: "FLEEING", removed: { reason: "destroyed", gameTurn: 1 }, position: { x: 24, y: 24 } });
    const exempt = trigger(gone(12), [], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(exempt.tests).toEqual([]);
    expect(exempt.events[0]).toMatchObject({ type: "morale/panicExempt", rule: "CORE-PANIC-6", unit: "fr-2", destroyedModels: 12 });
    const due = trigger(gone(13), [4, 3], (st, ctx) => panicForDestroyedFleeing(st, ctx, ids("fr-1")));
    expect(due.tests).toEqual([{ unit: "fr-2", result: "disordered" }]);
    expect(due.events[0]).toMatchObject({ rule: "CORE-PANIC-6", unit: "fr-2" });
  });

  it("CORE-PANIC-7: when the General is slain every unit of his army tests at once (WHN-LEAD-5)", () => {
    const s = battle(
      [
        battalion("fr-1", "fr", { position: { x: 20, y: 24 }, facing: 90 }),
        battalion("fr-2", "fr", { position: { x: 60, y: 24 }, facing: 90, order: "FLEEING" }),
        battalion("fr-3", "fr", { position: { x: 40, y: 10 }, facing: 90, order: "DISORDERED" }),
        battalion("gb-1", "gb", { position: { x: 28, y: 44 }, facing: 270 }),
      ],
      { characters: [leader("nap", "fr", { isGeneral: true, removed: { reason: "destroyed", gameTurn: 1 } })] },
    );
    const r = trigger(s, [6, 6, 1, 1], (st, ctx) => panicForGeneralSlain(st, ctx, characterId("nap")));
    expect(r.events[0]).toMatchObject({ type: "morale/generalSlain", rule: "WHN-LEAD-5", character: "nap" });
    expect(r.tests).toEqual([
      { unit: "fr-1", result: "disordered" },
      { unit: "fr-3", result: "passed" },
    ]);
    expect(r.events.filter((e) => e.type === "morale/panicTest").every((e) => e.rule === "CORE-PANIC-7")).toBe(true);
  });

  it("CORE-PANIC-11: a scenario trigger tests the units it names", () => {
    const r = trigger(row(), [4, 4], (st, ctx) => panicForScenario(st, ctx, ids("fr-3")));
    expect(r.tests).toEqual([{ unit: "fr-3", result: "disordered" }]);
    expect(r.events[0]).toMatchObject({ rule: "CORE-PANIC-11" });
  });

  it("CORE-PANIC-10: a unit fleeing a combat after a Panic test is pursued only by winners of the last round", () => {
    const c = { id: combatId("c1"), units: ids("fr-1", "gb-1"), chargers: [], lastWinner: null, rounds: 0, squareness: {} };
    const gb = unit(row(), "gb-1");
    expect(mayPursuePanicked(c, gb)).toBe(false);
    expect(mayPursuePanicked({ ...c, rounds: 1, lastWinner: gb.side }, gb)).toBe(true);
    expect(mayPursuePanicked({ ...c, rounds: 1, lastWinner: unit(row(), "fr-1").side }, gb)).toBe(false);
  });
});
