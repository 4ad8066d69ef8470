/** The built-in experiments and a registry holding them. */
import { ExperimentRegistry } from "../experiment.js";
import { breakTestExperiment, combatExperiment, combatRoundExperiment, leadershipExperiment, volleyExperiment } from "./whn.js";
import { fnfFireExperiment, fnfMeleeExperiment } from "./fnf.js";
import { firefightExperiment } from "./firefight.js";
import { battleExperiment } from "./battle.js";

export { breakTestExperiment, combatExperiment, combatRoundExperiment, leadershipExperiment, volleyExperiment, combatInput, combatState, CombatParams } from "./whn.js";
export { fnfFireExperiment, fnfMeleeExperiment } from "./fnf.js";
export { firefightExperiment } from "./firefight.js";
export { battleExperiment, BattleParams, prepareBattle, playCell, battleSeed, type BattleCell, type PreparedBattle } from "./battle.js";
export { UnitParamsSchema, twoUnitTable, type UnitParams } from "./table.js";

/**
 * A new registry holding every built-in experiment (add your own with `register`).
 * @example
 * const reg = builtinExperiments();
 * reg.names(); // ["fnf/fire", "fnf/melee", "whn/breakTest", …]
 */
export function builtinExperiments(): ExperimentRegistry {
  return new ExperimentRegistry()
    .register(leadershipExperiment)
    .register(breakTestExperiment)
    .register(volleyExperiment)
    .register(firefightExperiment)
    .register(combatRoundExperiment)
    .register(combatExperiment)
    .register(fnfFireExperiment)
    .register(fnfMeleeExperiment)
    .register(battleExperiment);
}
