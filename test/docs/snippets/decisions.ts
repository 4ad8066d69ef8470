import { apply, createBattle, legalActions, pendingDecision, scenarios, type BattleState } from "./fusillade.js";

const created = createBattle(scenarios.ridgeAction(7));
if (!created.ok) throw new Error("the built-in scenario is always valid");
let state: BattleState = created.value;

// Whoever must decide — the active player, or a player asked out of turn (a charge response) —
// picks one of the legal actions; `turn/advance` ends the step when nothing is pending.
for (let i = 0; i < 40 && state.result === null; i++) {
  const decision = pendingDecision(state); // { kind: "turn", side: "fr", phase: "movement", … }
  const [first] = legalActions(state).filter((a) => a.type !== "turn/advance");
  const r = apply(state, i % 3 === 0 && first !== undefined ? first : { type: "turn/advance" });
  if (!r.ok) throw new Error(`${decision.kind}: ${r.violation.code}`);
  state = r.state;
}
export const final = state;
console.log(state.turn.gameTurn, state.turn.phase, state.eventSeq); // events so far
