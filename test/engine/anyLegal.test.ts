import { describe, expect, it } from "vitest";
import { scenarios, type BattleState } from "../../src/index.js";
import { playBattle } from "../../src/battle/index.js";
import { registeredListings } from "../../src/engine/modules.js";
import { listLegal } from "../../src/engine/module.js";
import { MOVEMENT_LISTING } from "../../src/rules/whn/movement/legal.js";

/** Every state of a random-bot battle played without auto-advance, so forced steps and choices both come up. */
function walkStates(id: (typeof scenarios.BUILTIN_SCENARIO_IDS)[number], seed: number, n: number): BattleState[] {
  const states: BattleState[] = [];
  playBattle(scenarios.builtinScenario(id), ["random", "random"], seed, { maxDecisions: n, autoAdvance: false, onDecision: (s) => void states.push(s) });
  return states;
}

/** A fresh, foreign copy of a state: nothing remembered about it. */
const fresh = (s: BattleState): BattleState => JSON.parse(JSON.stringify(s)) as BattleState;

describe("CandidateListing.anyLegal: auto-advance's shortcut", () => {
  it("CORE-TURN-2: every shortcut answer agrees with the listing's own checked candidates (walk states of every built-in scenario)", () => {
    const answers = { yes: 0, no: 0, unsure: 0 };
    let states = 0;
    for (const id of scenarios.BUILTIN_SCENARIO_IDS) {
      for (const seed of [1, 2, 3]) {
        for (const s of walkStates(id, seed, 200)) {
          if (s.turn.phase === "finished") continue;
          states++;
          for (const listing of registeredListings()) {
            if (listing.anyLegal === undefined) continue;
            const q = listing.anyLegal(fresh(s));
            const any = listLegal(fresh(s), listing).length > 0;
            if (q === undefined) {
              answers.unsure++;
              continue;
            }
            expect([id, seed, s.turn.phase, s.turn.step, s.pending.length, q]).toEqual([id, seed, s.turn.phase, s.turn.step, s.pending.length, any]);
            if (q) answers.yes++;
            else answers.no++;
          }
        }
      }
    }
    expect(registeredListings()).toContain(MOVEMENT_LISTING);
    expect(states).toBeGreaterThan(500);
    // Both exact answers came up many times, and the shortcut answered most states.
    expect(answers.yes).toBeGreaterThan(100);
    expect(answers.no).toBeGreaterThan(100);
    expect(answers.yes + answers.no).toBeGreaterThan(answers.unsure);
  });
});
