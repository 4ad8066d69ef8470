/**
 * Tests (#17, cmbD) of pursuing units that fled in panic (brokenPanic.ts panicPursuits): only the
 * fled units that are FLEEING afterwards count as quarries (CORE-PANIC-10).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { panicPursuits } from "../../src/rules/whn/combat/brokenPanic.js";
import { engaged, foot } from "../fixtures/combat.js";
import { scripted, u } from "../fixtures/cmbB.js";

const W = 20 / 25.4;
const setUnit = (s: BattleState, id: string, over: object): BattleState => ({ ...s, units: { ...s.units, [id]: { ...u(s, id), ...over } } }) as BattleState;
/** c1: a and a2 (fr) against b and b2 (gb), one round fought, gb won it. */
const won = (): BattleState =>
  engaged({}, {}, {
    units: [foot("a2", "fr", { position: { x: 36 + 5 * W, y: 24 }, facing: 90 }), foot("b2", "gb", { position: { x: 36 + 5 * W, y: 24 }, facing: 270 })],
    combat: { units: ["a", "b", "a2", "b2"] as never, lastWinner: "gb" as never, rounds: 1 },
  });

describe("panicPursuits (combat/brokenPanic.ts)", () => {
  it("CORE-PANIC-10: a listed unit destroyed instead of fleeing is no quarry, even when nobody is left to fight", () => {
    const before = won();
    const after = setUnit(setUnit(before, "a", { removed: { reason: "destroyed", gameTurn: 1 } }), "a2", { order: "FLEEING" });
    const x = scripted(after, []);
    expect(panicPursuits(before, after, x.r, ["a" as never], new Set())).toEqual([]);
    // The one that did flee is chased, by each winner left with no foe.
    expect(panicPursuits(before, after, x.r, ["a" as never, "a2" as never], new Set())).toEqual([
      { kind: "restraint", side: "gb", unit: "b", targets: ["a2"], rule: "CORE-PANIC-10" },
      { kind: "restraint", side: "gb", unit: "b2", targets: ["a2"], rule: "CORE-PANIC-10" },
    ]);
    expect(x.events()).toEqual([]);
  });

  it("CORE-PANIC-10: a listed unit that held (still GOOD) is no quarry, even out of contact", () => {
    const before = won();
    // a held but stands far away (not a foe any more); a2 fled.
    const after = setUnit(setUnit(before, "a", { position: { x: 5, y: 40 } }), "a2", { order: "FLEEING" });
    const x = scripted(after, []);
    expect(panicPursuits(before, after, x.r, ["a" as never], new Set())).toEqual([]);
  });
});
