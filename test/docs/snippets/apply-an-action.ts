import { apply, createBattle, formatViolation, legalActions, scenarios } from "./fusillade.js";

const created = createBattle(scenarios.ridgeAction(42));
if (!created.ok) throw new Error("the built-in scenario is always valid");
let state = created.value;

const r = apply(state, { type: "turn/advance" }); // end the start of turn: on to the movement phase
if (!r.ok) throw new Error(formatViolation(r.violation));
state = r.state; // the old state is untouched: keep it for undo
for (const e of r.events) console.log(e.rule, e.type); // "CORE-TURN-2 turn/stepStarted"

const refused = apply(state, { type: "shooting/fire", shooter: "fr-1e", target: "gb-52" });
if (!refused.ok) console.log(formatViolation(refused.violation)); // wrong phase: a value, not a throw

export const choices = legalActions(state); // what the deciding side may do now
export const last = state;
