import { apply, createBattle, loadState, saveState, scenarios, unitId } from "./fusillade.js";

const created = createBattle(scenarios.ridgeAction(7));
if (!created.ok) throw new Error("the built-in scenario is always valid");
const start = created.value;

const loaded = loadState(saveState(start)); // plain JSON out, validated on the way back in
if (!loaded.ok) throw new Error("a corrupt save is an InputError, never a crash");

const a = apply(start, { type: "turn/advance" });
const b = apply(loaded.value, { type: "turn/advance" });
export const same = a.ok && b.ok && a.events.length === b.events.length && a.state.dice.draws === b.state.dice.draws; // true

const column = start.units[unitId("fr-1e")]; // units are a record keyed by branded ids
console.log(column?.formation, column?.figures, column?.order); // ATTACK_COLUMN 24 GOOD
