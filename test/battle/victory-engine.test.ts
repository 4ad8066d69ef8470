import { describe, expect, it } from "vitest";
import { applyUnknown as apply, createBattleUnknown as createBattle, parseState, scenarios, type Action, type BattleEvent, type BattleState } from "../../src/index.js";
import { judge, playBattle } from "../../src/battle/index.js";
import type { Bot } from "../../src/bots/index.js";
import { battalion } from "../fixtures/setups.js";

/**
 * The engine judges a battle's victory rules itself (`state.victory`, from the setup): an app that
 * only calls `apply` gets the same verdict as `playBattle`.
 */

/** Plays actions with the plain engine `apply` (no victory wrapper). */
function applyAll(state: BattleState, actions: readonly Action[]): BattleState {
  let s = state;
  history.length = 0;
  for (const [i, a] of actions.entries()) {
    const r = apply(s, a);
    if (!r.ok) throw new Error(`action ${i} refused: ${JSON.stringify(r.violation)}`);
    s = r.state;
    history.push(...r.events);
  }
  return s;
}

/** The events of the last `applyAll` or `advanceToEnd` (the state keeps no history). */
const history: BattleEvent[] = [];

/** Advances until the battle is finished. */
function advanceToEnd(state: BattleState, limit = 500): BattleState {
  let s = state;
  history.length = 0;
  for (let i = 0; i < limit && s.turn.phase !== "finished"; i++) {
    const r = apply(s, { type: "turn/advance" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    s = r.state;
    history.push(...r.events);
  }
  return s;
}

const advanceBot: Bot = () => ({ type: "turn/advance" }) as Action;

describe("victory judged by the engine", () => {
  it("CORE-TURN-1: a scenario battle advanced with plain apply ends with the scenario's turn-limit verdict, as playBattle gives", () => {
    const s = scenarios.builtinScenario("reverse-slope");
    const created = scenarios.createScenarioBattle(scenarios.BUILTIN_SCENARIO_FILES["reverse-slope"], 5);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.value.victory).toEqual(s.victory);
    const end = advanceToEnd(created.value);
    expect(end.turn.phase).toBe("finished");
    expect(end.result).toEqual({ winner: "gb", reason: "no victory condition met at the turn limit: gb keeps the field", rule: "CORE-TURN-1" });
    expect(end.result).toMatchObject({ winner: judge(end, s.victory, "final")?.winner });
    const victory = history.filter((e) => e.type === "battle/victory");
    expect(victory).toHaveLength(1);
    expect(victory[0]).toMatchObject({ rule: "CORE-TURN-1", winner: "gb", condition: null });
    const out = playBattle(s, [advanceBot, advanceBot], 5);
    expect(out.stopped).toBe("finished");
    expect(out.state).toEqual(end);
  });

  it("CORE-TURN-1: a condition met at the end of a game turn ends a plain-apply battle there, as playBattle gives", () => {
    const s = scenarios.builtinScenario("reverse-slope");
    const out = playBattle(s, ["random", "random"], 101, { maxDecisions: 400, autoAdvance: false });
    expect(out.stopped).toBe("finished");
    expect(out.result).toMatchObject({ winner: "fr", rule: "CORE-TURN-1", reason: "2 of gb's units destroyed or fled" });
    expect(out.state.turn.gameTurn).toBeLessThan(out.state.turn.maxTurns);

    const created = createBattle(scenarios.scenarioSetup(s, 101));
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const end = applyAll(created.value, out.record.actions);
    expect(end.turn.phase).toBe("finished");
    expect(end.result).toEqual(out.result);
    const tail = history.slice(-3).map((e) => [e.type, e.rule]);
    expect(tail).toEqual([
      ["turn/gameTurnEnded", "CORE-TURN-1"],
      ["battle/ended", "CORE-TURN-1"],
      ["battle/victory", "CORE-TURN-1"],
    ]);
    expect(history.at(-1)).toMatchObject({ winner: "fr", condition: 1 });
    expect(end).toEqual(out.state);
  });

  it("CORE-TURN-1: an army with no unit left loses at the next phase boundary under plain apply", () => {
    const setup = {
      seed: 3,
      sides: [
        { id: "fr", name: "French" },
        { id: "gb", name: "British" },
      ],
      maxTurns: 3,
      units: [battalion("fr-1", "fr", { position: { x: 20, y: 10 }, facing: 90 }), battalion("gb-1", "gb", { position: { x: 40, y: 30 }, facing: 270 })],
      victory: { conditions: [{ kind: "armyBroken", winner: "fr" }] },
    };
    const created = createBattle(setup);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const gb = created.value.units["gb-1" as keyof typeof created.value.units]!;
    const wiped: BattleState = { ...created.value, units: { ...created.value.units, [gb.id]: { ...gb, figures: 0 } } };
    const r = apply(wiped, { type: "turn/advance" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.turn.phase).toBe("finished");
    expect(r.state.result).toEqual({ winner: "fr", reason: "gb has no unit left on the field", rule: "CORE-TURN-1" });
    expect(r.events.map((e) => e.type).slice(-2)).toEqual(["battle/ended", "battle/victory"]);
  });

  it("CORE-TURN-1: the state's victory rules must name its sides", () => {
    const s = scenarios.createScenarioBattle(scenarios.BUILTIN_SCENARIO_FILES["reverse-slope"], 5);
    if (!s.ok) throw new Error("no battle");
    const bad = { ...s.value, victory: { ...s.value.victory!, otherwise: "prussia" } };
    const r = parseState(JSON.parse(JSON.stringify(bad)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues.map((i) => i.path.join("."))).toContain("victory.otherwise");
  });
});
