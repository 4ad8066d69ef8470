import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyTrusted, firstLegalAction, legalActions, sampleLegalAction, scenarios, type BattleState } from "../../src/index.js";
import { botRng, randomBot, type Bot } from "../../src/bots/index.js";
import { playBattle, playSetup } from "../../src/battle/index.js";
import { fnfScenario } from "../../src/rules/fnf/index.js";
import { advanceTo, chargeSetup, create } from "../battle/helpers.js";

const key = (a: unknown): string => JSON.stringify(a);

/** States reached by random-bot play: the first `n` decisions of a built-in scenario. */
function playedStates(id: (typeof scenarios.BUILTIN_SCENARIO_IDS)[number], seed: number, n: number): BattleState[] {
  const states: BattleState[] = [];
  playBattle(scenarios.builtinScenario(id), ["random", "random"], seed, { maxDecisions: n, onDecision: (s) => void states.push(s) });
  return states;
}

describe("sampleLegalAction: the lazy uniform draw", () => {
  it("CORE-TURN-2: picks an action legalActions lists, applied exactly as applyTrusted applies it (states reached by random play)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...scenarios.BUILTIN_SCENARIO_IDS), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 80 }), (id, seed, n) => {
        const states = playedStates(id, seed, n);
        const s = states[states.length - 1] as BattleState;
        const legal = legalActions(s).map(key);
        for (let k = 0; k < 4; k++) {
          const pick = sampleLegalAction(s, botRng(seed * 31 + k));
          if (pick === null) {
            expect(legal).toEqual([]);
            continue;
          }
          expect(legal).toContain(key(pick.action));
          const r = applyTrusted(s, pick.action);
          expect(r.ok).toBe(true);
          if (r.ok) expect(key({ state: pick.state, events: pick.events })).toBe(key({ state: r.state, events: r.events }));
        }
        expect(key(firstLegalAction(s))).toBe(key(legalActions(s)[0]));
      }),
      { seed: 21, numRuns: 10 },
    );
  });

  it("CORE-TURN-2: picks every legal action of a small state across seeds, about equally often", () => {
    const s = advanceTo(create(chargeSetup({ firstSide: "gb" })), "movement", "remaining");
    const legal = legalActions(s).map(key);
    expect(legal.length).toBeGreaterThan(3);
    const counts = new Map<string, number>(legal.map((a) => [a, 0]));
    const draws = 60 * legal.length;
    for (let seed = 0; seed < draws; seed++) {
      const pick = sampleLegalAction(s, botRng(seed));
      expect(pick).not.toBeNull();
      const k = key(pick?.action);
      expect(counts.has(k)).toBe(true);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    // Uniform: each of the k actions is drawn ~60 times; 20–120 leaves room for chance only.
    for (const [a, n] of counts) expect([a, n >= 20 && n <= 120]).toEqual([a, true]);
  });

  it("CORE-TURN-1: a finished battle has nothing to pick", () => {
    const out = playBattle(scenarios.builtinScenario("reverse-slope"), ["random", "random"], 4, { maxDecisions: 3000 });
    expect(out.state.turn.phase).toBe("finished");
    expect(sampleLegalAction(out.state, botRng(1))).toBeNull();
    expect(firstLegalAction(out.state)).toBeUndefined();
  });

  it("the random bot's decide is its plain choice, applied; plain bots still play", () => {
    const states = playedStates("quatre-bras", 9, 40);
    for (const [i, s] of states.entries()) {
      if (s.turn.phase === "finished") continue;
      const d = randomBot.decide(s, i);
      expect(d).not.toBeNull();
      expect(randomBot(s, i)).toEqual(d?.action);
    }
    // A bot without `decide` (the plain signature) plays the same battle as the random bot when it chooses alike.
    const plain: Bot = (s, seed) => randomBot(s, seed);
    const a = playBattle(scenarios.builtinScenario("skirmish-screen"), [plain, plain], 5, { maxDecisions: 150 });
    const b = playBattle(scenarios.builtinScenario("skirmish-screen"), ["random", "random"], 5, { maxDecisions: 150 });
    expect(a.record.actions).toEqual(b.record.actions);
    expect(key(a.state)).toBe(key(b.state));
    const f1 = playSetup(fnfScenario("coa1811", 5), [plain, plain], 5, { maxDecisions: 60 });
    const f2 = playSetup(fnfScenario("coa1811", 5), [randomBot, randomBot], 5, { maxDecisions: 60 });
    expect(key(f1.state)).toBe(key(f2.state));
  });
});
