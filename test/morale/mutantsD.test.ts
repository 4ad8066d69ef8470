/**
 * Rule tests for the open survivors of the seed-3 60-mutant extension of src/rules/whn/morale
 * (docs/guides/trust.md, "Seed 3: combat, morale, WHN top level, core"): each fails with its mutant
 * applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fleeUnit } from "../../src/rules/whn/morale/flee.js";
import { panicForGeneralsSlainSince } from "../../src/rules/whn/morale/triggers.js";
import { battalion, battle, character, leader, run, unit } from "../fixtures/morale.js";

const flee = (s: BattleState, dice: number[]) => run(s, dice, (st, ctx) => fleeUnit(st, "fr-1" as never, ctx, { from: "gb-1" as never, rule: "WHN-PANIC-3" }).state);

describe("seed-3 open survivor: morale/flee.ts:71 (a flight that costs exactly its roll)", () => {
  it("CORE-FLEE-2: difficult ground on the table but off the flight's path takes nothing off the roll: the flight is the full 7\", to the bit", () => {
    // The flight goes north from (36, 24), away from gb-1; the wood lies far to the east of its path.
    const wood = { id: "wood", kind: "wood", polygon: [{ x: 60, y: 2 }, { x: 70, y: 2 }, { x: 70, y: 19 }, { x: 60, y: 19 }], tags: { difficult: true } };
    const open = battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 34 }, facing: 270, formation: "LINE", files: 12 })]);
    const wooded = { ...open, terrain: [wood] } as BattleState;
    const a = flee(open, [3, 4]);
    const b = flee(wooded, [3, 4]);
    expect(a.events.find((e) => e.type === "unit/fled")).toMatchObject({ distance: 7 });
    expect(b.events.find((e) => e.type === "unit/fled")).toMatchObject({ distance: 7 });
    expect(unit(b.state, "fr-1").position).toEqual(unit(a.state, "fr-1").position);
    expect(unit(b.state, "fr-1").facing).toBe(unit(a.state, "fr-1").facing);
  });
});

describe("seed-3 open survivor: morale/triggers.ts:155 (a General of `before` missing from `state`)", () => {
  const withGeneral = (): BattleState =>
    battle([battalion("fr-1", "fr", { position: { x: 36, y: 24 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 36, y: 40 }, facing: 270, formation: "LINE", files: 12 })], {
      characters: [leader("ney", "fr", { position: { x: 40, y: 22 }, isGeneral: true })],
    });

  it("CORE-PANIC-7: a General slain between the two states triggers the test (the case the next is held against)", () => {
    const before = withGeneral();
    const after = { ...before, characters: { ...before.characters, ney: { ...character(before, "ney"), removed: { reason: "destroyed", gameTurn: 1 } } } } as BattleState;
    let tests = -1;
    run(after, Array.from({ length: 20 }, () => 1), (s, ctx) => {
      const out = panicForGeneralsSlainSince(before, s, ctx);
      tests = out.tests.length;
      return out.state;
    });
    expect(tests).toBeGreaterThan(0);
  });

  it("CORE-PANIC-7: a General of `before` that `state` does not hold at all was not slain in it: no Panic test and no error from the public function", () => {
    const before = withGeneral();
    const after = { ...before, characters: {} } as BattleState;
    let same = false;
    let tests = -1;
    const r = run(after, [], (s, ctx) => {
      const out = panicForGeneralsSlainSince(before, s, ctx);
      same = out.state === s;
      tests = out.tests.length;
      return out.state;
    });
    expect([same, tests]).toEqual([true, 0]);
    expect(r.events).toEqual([]);
  });
});
