/**
 * The built-in CORE scenarios (`ruleset: "core"`) play to the end with every bot; their records
 * replay to the same final state and undo one step.
 */
import { describe, expect, it } from "vitest";
import { createBattle, legalActions, scenarios, type BattleState } from "../../src/index.js";
import { playBattle, replay, undo } from "../../src/battle/index.js";

const CORE_SCENARIOS = ["spears-and-bows", "cavalry-clash"] as const;

describe("built-in CORE scenarios", () => {
  it.each(CORE_SCENARIOS)("CORE-TURN-1: %s is a valid CORE battle with victory rules and legal actions", (id) => {
    const s = scenarios.builtinScenario(id);
    expect(s.ruleset).toBe("core");
    expect(s.victory.conditions.length).toBeGreaterThan(0);
    const r = createBattle(scenarios.scenarioSetup(s, 1));
    expect(r.ok).toBe(true);
    if (r.ok) expect(legalActions(r.value as BattleState).length).toBeGreaterThan(0);
  });

  it.each(CORE_SCENARIOS.flatMap((id) => (["random", "greedy", "search"] as const).map((bot) => [id, bot] as const)))(
    "CORE-TURN-1: %s plays to the end with the %s bot; the record replays and undoes",
    (id, bot) => {
      const s = { ...scenarios.builtinScenario(id), maxTurns: bot === "search" ? 2 : 3 };
      const out = playBattle(s, [bot, bot], 11, { maxDecisions: 4000, ...(bot === "search" ? { budget: 4 } : {}) });
      expect(out.stopped).toBe("finished");
      expect(out.state.ruleset).toBe("core");
      expect(out.result?.rule).toBe("CORE-TURN-1");
      expect(out.log.some((e) => e.type === "battle/victory")).toBe(true);
      // No WHN-only outcome ever happens in a CORE battle.
      expect(out.log.filter((e) => ["unit/disordered", "unit/fellBack", "combat/fallBackDue"].includes(e.type))).toEqual([]);
      const again = replay(out.record);
      expect(again.ok).toBe(true);
      if (again.ok) expect(JSON.stringify(again.value.states.at(-1))).toBe(JSON.stringify(out.state));
      if (out.record.actions.length > 0) {
        const back = undo(out.record);
        expect(back.ok).toBe(true);
        if (back.ok) expect(back.value.record.actions.length).toBeLessThan(out.record.actions.length);
      }
    },
  );
});
