/**
 * Names of the FnF API that repeated their namespace (`fnf.fnfFirePoints`). They stay for one
 * minor version; use the short names (`fnf.firePoints`, `fnf.scenario`, …).
 */
import { layoutOf, firePoints, fireModifiers, maneuverModifiers, meleeModifiers, stands as standsOf } from "./public.js";
import { fnfScenario as fnfScenarioImpl, FNF_SCENARIOS as FNF_SCENARIOS_IMPL, type FnfScenarioName as ScenarioName } from "./scenarios.js";

/** @deprecated Use `fnf.layoutOf`. */
export const fnfLayoutOf: typeof layoutOf = layoutOf;
/** @deprecated Use `fnf.firePoints`. */
export const fnfFirePoints: typeof firePoints = firePoints;
/** @deprecated Use `fnf.fireModifiers`. */
export const fnfFireModifiers: typeof fireModifiers = fireModifiers;
/** @deprecated Use `fnf.maneuverModifiers`. */
export const fnfManeuverModifiers: typeof maneuverModifiers = maneuverModifiers;
/** @deprecated Use `fnf.meleeModifiers`. */
export const fnfMeleeModifiers: typeof meleeModifiers = meleeModifiers;
/** @deprecated Use `fnf.stands`. */
export const fnfStands: typeof standsOf = standsOf;
/** @deprecated Use `fnf.scenario`. */
export const fnfScenario: typeof fnfScenarioImpl = fnfScenarioImpl;
/** @deprecated Use `fnf.SCENARIOS`. */
export const FNF_SCENARIOS: typeof FNF_SCENARIOS_IMPL = FNF_SCENARIOS_IMPL;
/** @deprecated Use `fnf.ScenarioName`. */
export type FnfScenarioName = ScenarioName;
