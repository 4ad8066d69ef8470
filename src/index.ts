/**
 * fusillade — a headless rules engine for Napoleonic miniature wargames.
 *
 * The core is pure: no I/O, no clock, no `Math.random`. A battle is a plain, JSON-serialisable
 * {@link BattleState}; {@link apply} plays an action and returns the next state with the events it
 * caused, or a {@link Violation} saying which rule forbids it.
 * @packageDocumentation
 * @module fusillade
 */
// The state format's types and the values an app uses to build a setup; its schemas and constant
// lists are at `fusillade/state` (deprecated aliases below, in ./deprecated.ts).
export { DEFAULT_OPTIONS, characterId, combatId, isFigureScale, isRuleId, sideId, unitId } from "./state/index.js";
export type {
  Artillery,
  BaseSize,
  BattleEvent,
  BattleResult,
  BattleSetup,
  BattleState,
  ChallengeFacts,
  Character,
  CharacterId,
  Combat,
  CombatId,
  CoverShotKind,
  Decision,
  DeepReadonly,
  Equipment,
  FigureRuleset,
  Fire,
  FnfBatteryType,
  FnfFormation,
  FnfLeader,
  FnfManeuver,
  FnfManeuverResult,
  FnfMelee,
  FnfMorale,
  FnfNation,
  FnfRating,
  FnfState,
  FnfStateInput,
  FnfUnit,
  FnfUnitInput,
  Formation,
  GunType,
  JsonValue,
  MeleeWeapon,
  MissileWeapon,
  MovementStep,
  Objective,
  OrderState,
  Phase,
  Profile,
  Quality,
  RuleId,
  RulesOptions,
  RulesOptionsInput,
  Ruleset,
  Side,
  SideId,
  TerrainFeature,
  TroopType,
  Turn,
  TurnFacts,
  Unit,
  UnitFlags,
  UnitId,
  UnitSetup,
  Vec2,
  VictoryCondition,
  VictorySpec,
  VictorySpecInput,
} from "./state/index.js";
export * from "./engine/index.js";
export * from "./events/index.js";
export * from "./dice/index.js";
export * as scenarios from "./scenarios/index.js";
export * as geometry from "./geometry/index.js";
export * as fnf from "./rules/fnf/index.js";
export * as battle from "./battle/index.js";
export * as bots from "./bots/index.js";
export * as analysis from "./analysis/index.js";
export * as whn from "./rules/whn/index.js";
export { renderSvg, recentEvents, type RenderOptions } from "./render/index.js";
export * as presets from "./presets/index.js";
export * from "./deprecated.js";
/** Every rule id of the specification, as data (the type is {@link RuleId}). */
export { RULE_IDS } from "./rules/ruleIds.js";
