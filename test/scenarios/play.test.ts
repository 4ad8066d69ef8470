import { describe, expect, it } from "vitest";
import { scenarios } from "../../src/index.js";
import { legalActions, type Action, type BattleState } from "../../src/index.js";
import { playBattle, replay } from "../../src/battle/index.js";
import { botRng } from "../../src/bots/index.js";

/** A random bot that ends the step half the time (shorter battles than the uniform random bot). */
function hastyBot(state: BattleState, seed: number): Action {
  const actions = legalActions(state);
  const rng = botRng(seed);
  const advance = actions.find((a) => a.type === "turn/advance");
  if (advance !== undefined && rng.float() < 0.5) return advance;
  return actions[rng.int(actions.length)] as Action;
}

/**
 * Each built-in scenario played to the end with fixed seeds; the assertions pin each battle's
 * result and the events that decided it.
 */
describe("built-in scenarios played to the end", () => {
  it.each([
    ["quatre-bras", 1, "fr", /^2 of gb's units destroyed or fled$/, ["charge/declared", "unit/fled"]],
    ["reverse-slope", 2, "gb", /^no victory condition met at the turn limit: gb keeps the field$/, ["shooting/fired", "unit/casualties"]],
    ["skirmish-screen", 3, "gb", /^no victory condition met at the turn limit: gb keeps the field$/, ["shooting/fired", "unit/casualties"]],
  ] as const)("%s (seed %i) ends with a result judged by its victory rules", (id, seed, winner, reason, keyEvents) => {
    const s = scenarios.builtinScenario(id);
    const out = playBattle(s, [hastyBot, hastyBot], seed, { maxDecisions: 3000, autoAdvance: false });
    expect(out.stopped).toBe("finished");
    expect(out.state.turn.phase).toBe("finished");
    expect(out.state.turn.gameTurn).toBeLessThanOrEqual(s.maxTurns);
    expect(out.result).toMatchObject({ winner, rule: "CORE-TURN-1" });
    expect(out.result?.reason).toMatch(reason);
    const types = new Set(out.log.map((e) => e.type));
    for (const t of ["unit/moved", "battle/victory", ...keyEvents]) expect([t, types.has(t)]).toEqual([t, true]);
    const victory = out.log.find((e) => e.type === "battle/victory");
    expect(victory?.["winner"]).toBe(winner);
    expect(out.log.every((e, i) => e.seq === i && typeof e.rule === "string")).toBe(true);
    // The record replays to the same final state.
    const again = replay(out.record);
    expect(again.ok).toBe(true);
    if (again.ok) expect(JSON.stringify(again.value.states.at(-1))).toBe(JSON.stringify(out.state));
  });
});
