/** Auto-advance: forced `turn/advance` steps played for the players, deterministically, replayably. */
import { describe, expect, it } from "vitest";
import { advance, applyTrusted, battle, isForcedStep, legalActions, scenarios, type BattleState } from "../../src/index.js";

function start(id: scenarios.BuiltinScenarioId, seed: number): BattleState {
  const s = scenarios.builtinScenario(id);
  const r = battle.startBattle(scenarios.scenarioSetup(s, seed), s.victory);
  if (!r.ok) throw new Error("scenario does not start");
  return r.value;
}

describe("advance", () => {
  it("CORE-TURN-2: stops where the deciding side has a real choice, having applied only forced steps", () => {
    let state = start("quatre-bras", 5);
    for (let i = 0; i < 30 && state.turn.phase !== "finished"; i++) {
      const adv = advance(state);
      // Every step it took was forced: turn/advance was the only legal action there.
      let s = state;
      for (const a of adv.actions) {
        expect(a).toEqual({ type: "turn/advance" });
        expect(legalActions(s)).toEqual([{ type: "turn/advance" }]);
        const r = applyTrusted(s, a);
        if (!r.ok) throw new Error("refused");
        s = r.state;
      }
      expect(s).toEqual(adv.state);
      if (adv.stopped === "decision") {
        expect(isForcedStep(adv.state)).toBe(false);
        const legal = legalActions(adv.state);
        expect(legal.length === 0 || legal.some((a) => a.type !== "turn/advance") || adv.state.pending.length > 0).toBe(true);
        // Take the first real choice and go on.
        const choice = legal.find((a) => a.type !== "turn/advance") ?? legal[0];
        if (choice === undefined) break;
        const r = applyTrusted(adv.state, choice);
        if (!r.ok) throw new Error("refused");
        state = r.state;
      } else state = adv.state;
    }
  });

  it("returns every event of the steps it applied, in order, with unique sequence numbers", () => {
    const state = start("reverse-slope", 3);
    const adv = advance(state);
    let s = state;
    const events = [];
    for (const a of adv.actions) {
      const r = applyTrusted(s, a);
      if (!r.ok) throw new Error("refused");
      events.push(...r.events);
      s = r.state;
    }
    expect(adv.events).toEqual(events);
    expect(new Set(adv.events.map((e) => e.seq)).size).toBe(adv.events.length);
  });

  it("is deterministic and never mutates its input", () => {
    const state = start("skirmish-screen", 9);
    const copy = structuredClone(state);
    const a = advance(state);
    const b = advance(state);
    expect(state).toEqual(copy);
    expect(a.state).toEqual(b.state);
    expect(a.events).toEqual(b.events);
  });

  it("stops at the cap", () => {
    const state = start("quatre-bras", 1);
    const full = advance(state);
    if (full.actions.length < 2) return;
    const capped = advance(state, { maxSteps: 1 });
    expect(capped.stopped).toBe("cap");
    expect(capped.actions).toHaveLength(1);
  });

  it("does nothing when a decision is pending or the battle is over", () => {
    const state = start("quatre-bras", 1);
    const done: BattleState = { ...state, turn: { ...state.turn, phase: "finished", step: null } };
    expect(advance(done)).toMatchObject({ stopped: "finished", actions: [] });
  });

  it("playBattle counts only real choices and its record, auto-advances included, replays to the same state", () => {
    const s = scenarios.builtinScenario("reverse-slope");
    const auto = battle.playBattle(s, ["random", "random"], 4, { maxDecisions: 150 });
    const manual = battle.playBattle(s, ["random", "random"], 4, { maxDecisions: 150, autoAdvance: false });
    expect(auto.autoAdvanced).toBeGreaterThan(0);
    expect(manual.autoAdvanced).toBe(0);
    expect(auto.record.actions.length).toBe(auto.decisions + auto.autoAdvanced);
    const replayed = battle.finalState(auto.record);
    if (!replayed.ok) throw new Error("record does not replay");
    expect(replayed.value).toEqual(auto.state);
    // With auto-advance, far fewer of the counted decisions are turn/advance.
    const advances = (out: typeof auto): number => out.record.actions.filter((a) => a.type === "turn/advance").length - out.autoAdvanced;
    expect(advances(auto) / auto.decisions).toBeLessThan(advances(manual) / manual.decisions);
  });
});
