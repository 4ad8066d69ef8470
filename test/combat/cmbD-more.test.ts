/**
 * Tests (#17, cmbD) from the cmbD Stryker draws: the exact chain carries wounds taken into the next
 * round (markov.ts decisionChain), broken friends panic only their own side within 12" of any one
 * of them (brokenPanic.ts), and a unit in no combat has no split answers (split.ts).
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { decisionChain, type ChainState, type RoundBuilder } from "../../src/rules/whn/combat/markov.js";
import { brokenFriendPanic } from "../../src/rules/whn/combat/brokenPanic.js";
import { splitAnswers } from "../../src/rules/whn/combat/split.js";
import type { BuiltRound } from "../../src/rules/whn/combat/build.js";
import { duelInput, duelMorale, striker, victim } from "../fixtures/combatPlain.js";
import { engaged, foot } from "../fixtures/combat.js";
import { scripted, u } from "../fixtures/cmbB.js";

const W = 20 / 25.4;

describe("decisionChain: wounds taken carry into the next round (CORE-CC-6)", () => {
  it("CORE-CC-6: a 2-wound model wounded once holds (loserHolds) and enters round 2 with 1 wound taken", () => {
    const seen: ChainState[] = [];
    const morale = duelMorale();
    const build: RoundBuilder = (cs) => {
      seen.push(cs);
      const b: BuiltRound = {
        input: { ...duelInput(), strikers: [striker("a", 0, "b", 1)], victims: [victim("a", 0, 1), victim("b", 1, cs.models.get("b") ?? 1, { wounds: 2, woundsTaken: cs.taken.get("b") ?? 0 })] },
        sides: ["fr" as never, "gb" as never], units: [], contacts: [], morale,
      };
      return b;
    };
    const o = decisionChain(build, 2, true);
    const wounded = seen.filter((c) => c.round === 1 && c.lastWinner === 0);
    expect(wounded.map((c) => [[...c.models], [...c.taken]])).toEqual([[[["a", 1], ["b", 1]], [["a", 0], ["b", 1]]]]);
    // Round 1: ¼ a wound (b tests on 6: holds 15/36). Round 2 from there: ¼ the second wound slays b.
    const hold = 15 / 36;
    const fail = 21 / 36;
    expect(o.breaks[1]).toBeCloseTo(0.25 * fail + 0.75 * 0.25 * fail + 0.25 * hold * 0.25, 12);
    expect(o.breaks[0]).toBe(0);
  });
});

/** a and b fight at (36, 24); c (fr) stands exactly 12" left of a, d (fr) 12.01" right of it; e (gb) 6" right of b. */
const field = (): BattleState =>
  engaged({}, {}, {
    units: [
      foot("c", "fr", { position: { x: 36 - 5 * W - 12, y: 24 }, facing: 90 }),
      foot("d", "fr", { position: { x: 36 + 5 * W + 12.01, y: 24 }, facing: 90 }),
      foot("e", "gb", { position: { x: 36 + 5 * W + 6, y: 24 }, facing: 270 }),
    ],
  });

describe("brokenFriendPanic (combat/brokenPanic.ts)", () => {
  it("CORE-PANIC-5: a friend within 12\" of any one of its side's broken units tests, though far from the others", () => {
    const s = field();
    const x = scripted(s, [1, 1]);
    const out = brokenFriendPanic(s, x.r, [u(s, "a"), u(s, "d")]);
    expect(out.fled).toEqual([]);
    expect(x.events().map((e) => [e["type"], e["rule"], e["unit"], e["passed"]])).toEqual([["morale/panicTest", "CORE-PANIC-5", "c", true]]);
  });

  it("CORE-PANIC-5: an enemy's broken unit near a unit panics nobody of the other side", () => {
    const s = field();
    const x = scripted(s, [1, 1]);
    // d (fr) and e (gb) broke: a is 12.01" from d but near e, an enemy; only b (gb, near e) tests.
    const out = brokenFriendPanic(s, x.r, [u(s, "d"), u(s, "e")]);
    expect(out.fled).toEqual([]);
    expect(x.events().map((e) => [e["type"], e["unit"]])).toEqual([["morale/panicTest", "b"]]);
  });
});

describe("splitAnswers (combat/split.ts)", () => {
  it("CORE-CC-2: a unit on the table but in no combat has no answers", () => {
    const s = { ...engaged(), combats: {} } as BattleState;
    const d = { kind: "attackSplit", side: "fr", unit: "a", targets: ["b"], rule: "CORE-CC-2", batch: ["c1"], splits: [] } as never;
    expect(splitAnswers(s, d)).toEqual([]);
  });
});
