import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isForcedStep, legalActions, sampleLegalAction, scenarios, type BattleState } from "../../src/index.js";
import { botRng, randomBot } from "../../src/bots/index.js";
import { playBattle, playSetup } from "../../src/battle/index.js";
import { fnfScenario } from "../../src/rules/fnf/index.js";

const key = (a: unknown): string => JSON.stringify(a);

/**
 * Every state of a random-bot battle played without auto-advance (the bot itself draws
 * `turn/advance` among the legal actions), so forced steps and real choices both come up.
 */
function walkStates(id: (typeof scenarios.BUILTIN_SCENARIO_IDS)[number], seed: number, n: number): BattleState[] {
  const states: BattleState[] = [];
  playBattle(scenarios.builtinScenario(id), ["random", "random"], seed, { maxDecisions: n, autoAdvance: false, onDecision: (s) => void states.push(s) });
  return states;
}

/** A fresh, foreign copy of a state: the engine knows nothing about it yet (no remembered tries). */
const fresh = (s: BattleState): BattleState => JSON.parse(JSON.stringify(s)) as BattleState;

/** The full answer: a step is forced when `turn/advance` is the only legal action. */
const forcedByListing = (s: BattleState): boolean => {
  const legal = legalActions(fresh(s));
  return s.turn.phase !== "finished" && s.pending.length === 0 && legal.length === 1 && legal[0]?.type === "turn/advance";
};

describe("isForcedStep: the auto-advance test", () => {
  it("CORE-TURN-2: says forced exactly when turn/advance is the only legal action (WHN and CORE walk states)", () => {
    let forced = 0;
    let choices = 0;
    fc.assert(
      fc.property(fc.constantFrom(...scenarios.BUILTIN_SCENARIO_IDS), fc.integer({ min: 1, max: 100_000 }), (id, seed) => {
        for (const s of walkStates(id, seed, 160)) {
          const expected = forcedByListing(s);
          expect([id, seed, s.turn.phase, s.turn.step, isForcedStep(s)]).toEqual([id, seed, s.turn.phase, s.turn.step, expected]);
          if (expected) forced++;
          else choices++;
        }
      }),
      { seed: 22, numRuns: 12 },
    );
    // Both answers came up many times (a test that only ever saw one answer would prove little).
    expect(forced).toBeGreaterThan(100);
    expect(choices).toBeGreaterThan(100);
  });

  it("CORE-TURN-2: FnF walk states too", () => {
    const states: BattleState[] = [];
    playSetup(fnfScenario("coa1811", 3), [randomBot, randomBot], 3, { maxDecisions: 120, autoAdvance: false, onDecision: (s) => void states.push(s) });
    expect(states.length).toBeGreaterThan(50);
    for (const s of states) expect(isForcedStep(s)).toBe(forcedByListing(s));
  });

  it("CORE-TURN-2: the bot's draw after the test (which remembers what it checked) is the draw on a fresh state", () => {
    for (const id of scenarios.BUILTIN_SCENARIO_IDS) {
      for (const [i, s] of walkStates(id, 5, 120).entries()) {
        if (s.turn.phase === "finished") continue;
        isForcedStep(s);
        const warm = sampleLegalAction(s, botRng(i));
        const cold = sampleLegalAction(fresh(s), botRng(i));
        expect(key(warm === null ? null : { a: warm.action, s: warm.state, e: warm.events })).toBe(key(cold === null ? null : { a: cold.action, s: cold.state, e: cold.events }));
      }
    }
  });
});
