/**
 * Whole-file tests (#17, cmbB) of Panic tests for friends of broken units and of pursuing units that
 * fled in panic out of their combats (combat/brokenPanic.ts, CORE-PANIC-5/9/10, WHN-PANIC-3).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { BROKEN_FRIEND_RANGE, brokenFriendPanic, panicPursuits } from "../../src/rules/whn/combat/brokenPanic.js";
import { engaged, foot } from "../fixtures/combat.js";
import { scripted, u } from "../fixtures/cmbB.js";

const W = 20 / 25.4;
const setUnit = (s: BattleState, id: string, over: object): BattleState => ({ ...s, units: { ...s.units, [id]: { ...u(s, id), ...over } } }) as BattleState;
/** a and b fight at (36, 24); c (fr) stands exactly 12" left of a, d (fr) 12.01" right of it; e (gb) 6" right of b. */
const field = (): BattleState =>
  engaged({}, {}, {
    units: [
      foot("c", "fr", { position: { x: 36 - 5 * W - 12, y: 24 }, facing: 90 }),
      foot("d", "fr", { position: { x: 36 + 5 * W + 12.01, y: 24 }, facing: 90 }),
      foot("e", "gb", { position: { x: 36 + 5 * W + 6, y: 24 }, facing: 270 }),
    ],
  });

describe("Panic tests for friends of broken units (combat/brokenPanic.ts brokenFriendPanic)", () => {
  it("CORE-PANIC-5 / WHN-PANIC-3: a friend within 12\" of a broken unit tests; one just past 12\" does not; a good unit that fails is disordered", () => {
    expect(BROKEN_FRIEND_RANGE).toBe(12);
    const s = field();
    const x = scripted(s, [6, 6]);
    const out = brokenFriendPanic(s, x.r, [u(s, "a")]);
    expect(out.fled).toEqual([]);
    expect(u(out.state, "c").order).toBe("DISORDERED");
    expect(u(out.state, "d").order).toBe("GOOD");
    expect(x.events()).toEqual([
      { type: "morale/panicTest", rule: "CORE-PANIC-5", unit: "c", test: "WHN-PANIC-4", dice: [6, 6], total: 12, target: 6, passed: false, order: "GOOD", leadersNear: [] },
      { type: "unit/disordered", rule: "WHN-PANIC-3", unit: "c", cause: "CORE-PANIC-5" },
    ]);
  });

  it("CORE-PANIC-5: a disordered friend that fails is returned to flee later; one that passes stays", () => {
    const s = setUnit(field(), "c", { order: "DISORDERED" });
    const x = scripted(s, [6, 6]);
    const out = brokenFriendPanic(s, x.r, [u(s, "a")]);
    expect(out.fled).toEqual(["c"]);
    const y = scripted(s, [1, 1]);
    const held = brokenFriendPanic(s, y.r, [u(s, "a")]);
    expect(held.fled).toEqual([]);
    expect(y.events().map((e) => [e["type"], e["unit"], e["passed"]])).toEqual([["morale/panicTest", "c", true]]);
  });

  it("CORE-PANIC-2 / CORE-PANIC-9: each side's friends test once however many broke, sides in id order; broken and fleeing units do not test", () => {
    const s = field();
    const x = scripted(s, [1, 1, 1, 1]);
    const out = brokenFriendPanic(s, x.r, [u(s, "b"), u(s, "a"), u(s, "a")]);
    expect(out.fled).toEqual([]);
    expect(x.events().map((e) => [e["type"], e["unit"]])).toEqual([
      ["morale/panicTest", "c"],
      ["morale/panicTest", "e"],
    ]);
    const fleeing = setUnit(s, "c", { order: "FLEEING" });
    const y = scripted(fleeing, []);
    expect(brokenFriendPanic(fleeing, y.r, [u(s, "a")]).state).toBe(fleeing);
    expect(y.events()).toEqual([]);
    const z = scripted(s, []);
    expect(brokenFriendPanic(s, z.r, [])).toEqual({ state: s, fled: [] });
  });

  it("CORE-PANIC-2: friends test in id order, whatever order they stand in the record", () => {
    const s0 = engaged({}, {}, { units: [foot("f", "fr", { position: { x: 26, y: 24 }, facing: 90 }), foot("c", "fr", { position: { x: 46, y: 24 }, facing: 90 })] });
    const x = scripted(s0, [1, 1, 1, 1]);
    brokenFriendPanic(s0, x.r, [u(s0, "a")]);
    expect(x.events().map((e) => e["unit"])).toEqual(["c", "f"]);
  });

  it("CORE-PANIC-9: skirmishers breaking panic only other skirmishers", () => {
    const s = field();
    const loose = { ...u(s, "a"), formation: "EXTENDED_ORDER" } as never;
    const x = scripted(s, []);
    expect(brokenFriendPanic(s, x.r, [loose]).state).toBe(s);
    const looseFriend = setUnit(s, "c", { formation: "EXTENDED_ORDER" });
    const y = scripted(looseFriend, [1, 1]);
    brokenFriendPanic(looseFriend, y.r, [loose]);
    expect(y.events().map((e) => e["unit"])).toEqual(["c"]);
  });
});

/** c1: a and a2 (fr) against b and b2 (gb), one round fought, fr won it; a2 stands right of a, b2 right of b. */
const won = (lastWinner: string | null = "fr", rounds = 1, order: string[] = ["a", "b", "a2", "b2"]): BattleState =>
  engaged({}, {}, {
    units: [foot("a2", "fr", { position: { x: 36 + 5 * W, y: 24 }, facing: 90 }), foot("b2", "gb", { position: { x: 36 + 5 * W, y: 24 }, facing: 270 })],
    combat: { units: order as never, lastWinner: lastWinner as never, rounds },
  });

describe("pursuing a unit that fled in panic (combat/brokenPanic.ts panicPursuits)", () => {
  it("CORE-PANIC-10: each enemy of the fled units that won the last round and fights nobody else is asked, in id order, with every unit it may chase", () => {
    const before = won("gb", 1, ["b2", "a2", "b", "a"]);
    const after = setUnit(setUnit(before, "a", { order: "FLEEING" }), "a2", { order: "FLEEING" });
    const x = scripted(after, []);
    expect(panicPursuits(before, after, x.r, ["a" as never, "a2" as never], new Set())).toEqual([
      { kind: "restraint", side: "gb", unit: "b", targets: ["a", "a2"], rule: "CORE-PANIC-10" },
      { kind: "restraint", side: "gb", unit: "b2", targets: ["a", "a2"], rule: "CORE-PANIC-10" },
    ]);
    expect(panicPursuits(before, after, x.r, ["a" as never, "a2" as never], new Set(), "CORE-PURS-1").map((d) => d.rule)).toEqual(["CORE-PURS-1", "CORE-PURS-1"]);
    // Already asked: not asked twice.
    expect(panicPursuits(before, after, x.r, ["a" as never, "a2" as never], new Set(["b"])).map((d) => d.unit)).toEqual(["b2"]);
    expect(x.events()).toEqual([]);
  });

  it("CORE-PANIC-10: no pursuit when the enemy's side did not win the last round, or no round was fought", () => {
    for (const before of [won("fr"), won(null), won("gb", 0)]) {
      const after = setUnit(setUnit(before, "a", { order: "FLEEING" }), "a2", { order: "FLEEING" });
      const x = scripted(after, []);
      expect(panicPursuits(before, after, x.r, ["a" as never, "a2" as never], new Set())).toEqual([]);
    }
  });

  it("CORE-PANIC-10: an enemy still fighting a foe, fleeing, or gone is not asked", () => {
    const before = won("gb");
    const oneFled = setUnit(before, "a", { order: "FLEEING" });
    const x = scripted(oneFled, []);
    // a2 still fights: b and b2 both have a foe left.
    expect(panicPursuits(before, oneFled, x.r, ["a" as never], new Set())).toEqual([]);
    const both = setUnit(setUnit(before, "a", { order: "FLEEING" }), "a2", { order: "FLEEING" });
    const bFled = setUnit(both, "b", { order: "FLEEING" });
    expect(panicPursuits(before, bFled, x.r, ["a" as never, "a2" as never], new Set()).map((d) => d.unit)).toEqual(["b2"]);
    const bGone = setUnit(both, "b", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(panicPursuits(before, bGone, x.r, ["a" as never, "a2" as never], new Set()).map((d) => d.unit)).toEqual(["b2"]);
    const bMissing = { ...both, units: { ...both.units, b: undefined } } as never;
    expect(panicPursuits(before, bMissing, x.r, ["a" as never, "a2" as never], new Set()).map((d) => d.unit)).toEqual(["b2"]);
  });

  it("CORE-PANIC-10: a unit not fleeing after all, unknown, or in no combat before, gives no pursuit", () => {
    const before = won("gb");
    const after = setUnit(before, "a2", { order: "FLEEING" });
    const x = scripted(after, []);
    expect(panicPursuits(before, after, x.r, ["a" as never], new Set())).toEqual([]);
    expect(panicPursuits(before, after, x.r, ["zz" as never], new Set())).toEqual([]);
    const noCombat = { ...before, combats: {} } as BattleState;
    const both = setUnit(setUnit(before, "a", { order: "FLEEING" }), "a2", { order: "FLEEING" });
    expect(panicPursuits(noCombat, both, x.r, ["a" as never, "a2" as never], new Set())).toEqual([]);
  });

  it("WHN-BREAK-5: a square that won may never pursue: it says so and is not asked", () => {
    const before = setUnit(won("gb"), "b", { formation: "SQUARE" });
    const after = setUnit(setUnit(before, "a", { order: "FLEEING" }), "a2", { order: "FLEEING" });
    const x = scripted(after, []);
    expect(panicPursuits(before, after, x.r, ["a" as never, "a2" as never], new Set())).toEqual([{ kind: "restraint", side: "gb", unit: "b2", targets: ["a", "a2"], rule: "CORE-PANIC-10" }]);
    expect(x.events()).toEqual([{ type: "combat/noPursuit", rule: "WHN-BREAK-5", unit: "b" }]);
  });
});
