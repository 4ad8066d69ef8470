import { checkScript, scriptedState } from "../dice/state.js";
import type { BattleState } from "../state/battle.js";
import { adopt, own } from "./owned.js";

/**
 * A copy of the state whose dice will roll exactly the given D6 values (and arrow angles), in the
 * order the rules consume them; when they run out, the action fails with `dice/script_exhausted`.
 * A value that is not a state or a script throws a FusilladeError (`engine/misuse`).
 * @example
 * const s = withScriptedDice(state, [6, 5, 1]); // "the attacker rolls 6, 5, 1"
 */
export function withScriptedDice(state: BattleState, d6: readonly number[], angles: readonly number[] = []): BattleState {
  checkScript(d6, angles, "withScriptedDice");
  const dice = scriptedState(d6, angles, 0);
  return own({ ...adopt(state), dice });
}
