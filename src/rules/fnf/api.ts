/** The public surface of the FnF ruleset besides its module: tables, odds, geometry, scenarios. */
export { MANEUVER_TABLE, MANEUVER_EFFECTS, MANEUVER_MODIFIERS, MOVE_RATES, maneuverResult, type ManeuverRow, type MoveClass } from "./tables/maneuver.js";
export { FIRE_POINTS, RANGE_BANDS, MUSKETRY_TABLE, FIRE_EFFECTS, FIRE_MODIFIERS, musketryRow, fireEffect, firePointsAt, type FireEffect, type MusketryRow } from "./tables/fire.js";
export { CHARGE_TABLE, CHARGE_RESULTS, MELEE_MODIFIERS, chargeResult, type ChargeResult, type ChargeRow } from "./tables/charge.js";
export { COMMAND_RADIUS, FALLEN_LEADERS, fallenLeaderRow } from "./tables/leaders.js";
export { NATIONS, nationManeuver, type NationTraits } from "./tables/nations.js";
export { maneuverOdds, fireOdds, meleeOdds, meleeDifference, meleeOddsFor, maneuverOddsFor, fireOddsFor, type MeleeOdds } from "./odds.js";
export { formationSlots, type FnfLayout, type PlacedBase } from "./geometry/layout.js";
export { layoutOf, firePoints, fireModifiers, maneuverModifiers, meleeModifiers, stands } from "./public.js";
export { spentThreshold, isFresh, isSpent, basesLost } from "./units.js";
export type { Modifier } from "./maneuverMods.js";
export { fnfScenario as scenario, FNF_SCENARIOS as SCENARIOS, type FnfScenarioName as ScenarioName } from "./scenarios.js";
export { distanceBetween, commandOf, inCommand, sees, visibleUnits, type CommandStatus, type SightOptions } from "./measuring.js";
export * from "./deprecated.js";
export {
  PoseSchema,
  MoveLeaderActionSchema,
  ManeuverActionSchema,
  FormationTargetSchema,
  MoveActionSchema,
  FireActionSchema,
  ResolveMeleeActionSchema,
  DetachActionSchema,
  RejoinActionSchema,
  type FormationTarget,
  type MoveLeaderAction,
  type ManeuverAction,
  type MoveAction,
  type FireAction,
  type ResolveMeleeAction,
  type DetachAction,
  type RejoinAction,
} from "./actions.js";
