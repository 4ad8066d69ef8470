import { describe, expect, it } from "vitest";
import { legalActions, sampleLegalAction, scenarios, type BattleState } from "../../src/index.js";
import { botRng } from "../../src/bots/index.js";
import { battle } from "../../src/index.js";

/** Whether a value and everything in it is frozen. */
function deeplyFrozen(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return true;
  if (!Object.isFrozen(v)) return false;
  return Object.values(v).every(deeplyFrozen);
}

/** Decision states of a random-bot battle (moves, charges, responses, fire, combat answers…). */
function states(id: (typeof scenarios.BUILTIN_SCENARIO_IDS)[number], seed: number): BattleState[] {
  const out: BattleState[] = [];
  battle.playBattle(scenarios.builtinScenario(id), ["random", "random"], seed, { maxDecisions: 80, onDecision: (s) => void out.push(s) });
  return out;
}

describe("listed actions are frozen (they are shared between listings)", () => {
  it("CORE-TURN-2: every listed and every drawn action is deeply frozen, and an edit neither sticks nor changes the next listing", () => {
    let seen = 0;
    for (const id of ["skirmish-screen", "quatre-bras"] as const) {
      for (const s of states(id, 2)) {
        const listed = legalActions(s);
        const before = JSON.stringify(listed);
        for (const a of listed) expect(deeplyFrozen(a)).toBe(true);
        seen += listed.length;
        const a = listed[0] as unknown as Record<string, unknown>;
        // Test files are ES modules (strict mode): writing to a frozen object throws.
        expect(() => {
          a["type"] = "movement/edited";
        }).toThrow(TypeError);
        const path = (listed.find((x) => "path" in x) as { path?: unknown[] } | undefined)?.path;
        if (path !== undefined) expect(() => path.push({ kind: "turn", degrees: 90 })).toThrow(TypeError);
        expect(JSON.stringify(legalActions(s))).toBe(before);
        const pick = sampleLegalAction(s, botRng(5));
        if (pick !== null) expect(deeplyFrozen(pick.action)).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(1000);
  }, 120_000);
});
