/**
 * Names of the FnF API that repeated their namespace (`fnf.fnfFirePoints`). They stay for one
 * minor version; use the short names (`fnf.firePoints`, `fnf.scenario`, …). Also here until 0.2: three
 * internals the namespace used to export (the engine's FnF module, its list of action schemas, and the
 * base sizes, which moved to `fusillade/state`).
 */
import { FNF_BASES as FNF_BASES_IMPL } from "./geometry/bases.js";
import { FNF_ACTIONS as FNF_ACTIONS_IMPL } from "./actions.js";
import { fnfModule as fnfModuleImpl } from "./module.js";
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
/** @deprecated Import `FNF_BASES` from `fusillade/state` (or read each base's size from `fnf.layoutOf`). */
export const FNF_BASES: typeof FNF_BASES_IMPL = FNF_BASES_IMPL;
/** @deprecated An internal of the engine (the FnF action schemas are in `ActionSchema` and as `fnf.MoveActionSchema`, …). */
export const FNF_ACTIONS: typeof FNF_ACTIONS_IMPL = FNF_ACTIONS_IMPL;
/** @deprecated An internal of the engine: `fusillade/fnf`, or the root entry, registers the FnF rules. */
export const fnfModule: typeof fnfModuleImpl = fnfModuleImpl;
