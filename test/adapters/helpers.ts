/** Shared setup of the adapter tests: a small battle, and reference play without any framework. */
import { apply, createBattle, legalActions, scenarios, bots, type Action, type BattleState } from "../../src/index.js";

/** The ridge action (six units a side in all, six turns) with a dice seed. */
export function ridgeBattle(seed = 3): BattleState {
  const r = createBattle(scenarios.ridgeAction(seed));
  if (!r.ok) throw new Error("ridge action: invalid setup");
  return r.value;
}

/** Time allowed for a test that plays a whole battle (the machines running the suite are shared). */
export const WHOLE_BATTLE_MS = 240_000;

/** Picks the `i`-th legal action with a seeded stream, the way every test below does. */
export type Picker = (actions: readonly Action[]) => Action;

/** A picker drawing uniformly from the listed actions with a fixed seed. */
export function picker(seed: number): Picker {
  const rng = bots.botRng(seed);
  return (actions) => actions[rng.int(actions.length)] as Action;
}

/** Plays a battle with plain values, as the reference the framework runs are compared with. */
export function referencePlay(start: BattleState, seed: number, maxDecisions: number): { state: BattleState; decisions: number; states: BattleState[] } {
  const pick = picker(seed);
  let state = start;
  let decisions = 0;
  const states = [start];
  while (state.turn.phase !== "finished" && decisions < maxDecisions) {
    const r = apply(state, pick(legalActions(state)));
    if (!r.ok) throw new Error(`reference play: refused ${JSON.stringify(r.violation)}`);
    state = r.state;
    states.push(state);
    decisions++;
  }
  return { state, decisions, states };
}
