/**
 * The optional members of a candidate listing (src/engine/module.ts) that only speed up the random
 * draw must never change what is listed or drawn: `segments` gives exactly `candidates`, in order, and
 * `refuses` answers true only for a candidate whose `check` is false. Checked on every decision state
 * of random-bot play on each built-in scenario, over every candidate of every listing that has them.
 */
import { describe, expect, it } from "vitest";
import { scenarios, type BattleState } from "../../src/index.js";
import { playBattle } from "../../src/battle/index.js";
import { registeredListings } from "../../src/engine/modules.js";
import { isDeferred } from "../../src/engine/module.js";

function playedStates(id: (typeof scenarios.BUILTIN_SCENARIO_IDS)[number], seed: number, n: number): BattleState[] {
  const states: BattleState[] = [];
  playBattle(scenarios.builtinScenario(id), ["random", "random"], seed, { maxDecisions: n, onDecision: (s) => void states.push(s) });
  return states;
}

describe("candidate listings: the draw's shortcuts keep the listing's answers", () => {
  it("CORE-TURN-2: segments read end to end are the candidates, and refuses is true only where check is false", () => {
    let refused = 0;
    let passedAsked = 0;
    let segmented = 0;
    for (const id of scenarios.BUILTIN_SCENARIO_IDS) {
      for (const seed of [3, 17]) {
        for (const s of playedStates(id, seed, 120)) {
          for (const listing of registeredListings()) {
            const all = listing.candidates(s);
            if (listing.segments !== undefined) {
              expect(listing.segments(s).flat()).toEqual(all);
              segmented++;
            }
            if (listing.refuses === undefined) continue;
            for (const c of all) {
              if (isDeferred(c)) continue;
              if (listing.refuses(s, c)) {
                expect(listing.check(s, c)).toBe(false);
                refused++;
              } else if (listing.check(s, c)) passedAsked++;
            }
          }
        }
      }
    }
    // The shortcut must actually answer (else this test proves nothing), and legal candidates were asked too.
    expect(refused).toBeGreaterThan(500);
    expect(passedAsked).toBeGreaterThan(500);
    expect(segmented).toBeGreaterThan(50);
  }, 300_000);
});
