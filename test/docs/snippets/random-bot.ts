import { applyTrusted, createBattle, legalActions, scenarios, type Action, type BattleState } from "./fusillade.js";

/** A bot: (state, seed, budget) → one legal action for the side that must decide. */
export type Bot = (state: BattleState, seed: number, budget: number) => Action;

export const randomBot: Bot = (state, seed) => {
  const actions = legalActions(state); // every one applies without a violation
  return actions[(Math.imul(seed, 2654435761) >>> 0) % actions.length]!;
};

const created = createBattle(scenarios.ridgeAction(1));
if (!created.ok) throw new Error("the built-in scenario is always valid");
let state = created.value;
let last = "";
for (let i = 0; i < 12 && state.result === null; i++) {
  const r = applyTrusted(state, randomBot(state, i, 0)); // skips the schema parse: actions come from the engine
  if (!r.ok) throw new Error(r.violation.code);
  state = r.state;
  last = r.events.at(-1)?.rule ?? last; // the step's events: the state keeps no history
}
console.log(state.turn.phase, last); // e.g. "movement CORE-MOVE-1"
