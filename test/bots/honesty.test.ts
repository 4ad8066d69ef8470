/**
 * Determinised search stays honest (issue 22): the bots never read the battle's own dice stream, so
 * their choices — and everything the search does on the way (playouts, whether it overruled the
 * prior) — are the same whatever the state's dice hold. States are taken along a real battle so
 * every kind of decision (moves, charges, fire, answers to a charge, combat) is met.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyTrusted, forkState, legalActions, reseed, withScriptedDice, type BattleState } from "../../src/index.js";
import { greedyBot, searchBot, type SearchInfo } from "../../src/bots/index.js";
import { playBattle, scenarioContext } from "../../src/battle/play.js";
import { builtinScenario } from "../../src/scenarios/builtin.js";
import { decider } from "../../src/bots/types.js";

/** Decision states of a greedy-vs-greedy quatre-bras battle: one of every few, with a choice to make. */
function battleStates(): BattleState[] {
  const sc = builtinScenario("quatre-bras");
  const seen: BattleState[] = [];
  playBattle(sc, ["greedy", "greedy"], 3, { maxDecisions: 60, onDecision: (s, _a, i) => void (i % 6 === 0 && legalActions(s).length > 1 && seen.push(s)) });
  return seen;
}

describe("honest determinised search", () => {
  const sc = builtinScenario("quatre-bras");
  const ctx = scenarioContext(sc);
  const states = battleStates();

  it("meets decisions of several kinds along the battle", () => {
    expect(states.length).toBeGreaterThanOrEqual(5);
    const kinds = new Set(states.map((s) => (s.pending.length > 0 ? "pending" : `${s.turn.phase}/${s.turn.step ?? ""}`)));
    expect(kinds.size).toBeGreaterThanOrEqual(3);
  });

  it("the search's choice and its whole search are the same on any re-seeding of the battle's dice (bot seed fixed)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: states.length - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 1000 }), (k, diceSeed, botSeed) => {
        const s = states[k] as BattleState;
        const infos: SearchInfo[] = [];
        const bot = searchBot(ctx, { rolloutSteps: 30, onSearch: (i) => void infos.push(i) });
        const base = bot(s, botSeed, 6);
        expect(legalActions(s)).toContainEqual(base);
        for (const v of [reseed(s, diceSeed), forkState(s, diceSeed % 97), withScriptedDice(s, [6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1])]) expect(bot(v, botSeed, 6)).toEqual(base);
        // Same playouts, same overrule decision: nothing in the search read the real stream.
        for (const i of infos) expect(i).toEqual(infos[0]);
      }),
      { seed: 22, numRuns: 6 },
    );
  }, 120_000);

  it("the distribution of choices over bot seeds is the same on a re-seeded battle (greedy and search)", () => {
    const greedy = greedyBot(ctx);
    const search = searchBot(ctx, { rolloutSteps: 30 });
    for (const s of states.slice(0, 3)) {
      const other = reseed(s, 424242);
      const pick = (bot: typeof greedy, st: BattleState): string[] => [1, 2, 3, 4].map((seed) => JSON.stringify(bot(st, seed, 4)));
      expect(pick(greedy, other)).toEqual(pick(greedy, s));
      expect(pick(search, other)).toEqual(pick(search, s));
    }
  }, 120_000);

  it("a battle whose future dice are rigged for one charge does not draw the search to it", () => {
    // The same decision with the real dice replaced by all-sixes and by all-ones: a bot that peeked
    // would charge on one and hold on the other. The choice must not move.
    for (const s of states) {
      if (decider(s) === null) continue;
      const bot = searchBot(ctx, { rolloutSteps: 30 });
      const six = bot(withScriptedDice(s, Array(40).fill(6)), 9, 4);
      const one = bot(withScriptedDice(s, Array(40).fill(1)), 9, 4);
      expect(six).toEqual(one);
      expect(applyTrusted(s, six).ok).toBe(true);
    }
  }, 120_000);
});
