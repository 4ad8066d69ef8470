import { apply, createBattle, formatViolation, scenarios, type ActionInput, type BattleState } from "./fusillade.js";

/** A minimal app store: the states so far (undo is a pop), the events for the log pane. */
const created = createBattle(scenarios.ridgeAction(3));
if (!created.ok) throw new Error("the built-in scenario is always valid");
const history: BattleState[] = [created.value];

export function play(action: ActionInput): string | null {
  const r = apply(history[history.length - 1]!, action);
  if (!r.ok) return formatViolation(r.violation); // show it to the player; nothing changed
  history.push(r.state);
  return null;
}
export const undo = (): void => void (history.length > 1 && history.pop());

console.log(play({ type: "turn/advance" }), play({ type: "shooting/fire", shooter: "fr-1e", target: "gb-52" }));
undo();
console.log(history.length); // 1
