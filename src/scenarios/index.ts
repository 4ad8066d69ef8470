/**
 * Built-in battle setups, ready for `createBattle`.
 */
import type { BattleSetup } from "../state/setup.js";
import { cavalryRegiment, infantryBattalion } from "./presets.js";


/**
 * A small WHN action: two French battalions in attack column advance on a British line on a low
 * ridge, with a regiment of hussars on each flank.
 * @example
 * const r = createBattle(ridgeAction(7));
 */
export function ridgeAction(seed: number | string = 1): BattleSetup {
  return {
    ruleset: "whn",
    seed,
    table: { width: 72, height: 48 },
    sides: [
      { id: "fr", name: "French", nation: "french" },
      { id: "gb", name: "British", nation: "british" },
    ],
    firstSide: "fr",
    maxTurns: 6,
    units: [
      infantryBattalion({ id: "fr-1e", side: "fr", name: "1st Bn, 45e Ligne", x: 28, y: 8, facing: 90 }),
      infantryBattalion({ id: "fr-2e", side: "fr", name: "2nd Bn, 45e Ligne", x: 44, y: 8, facing: 90, quality: "VETERAN" }),
      cavalryRegiment({ id: "fr-hus", side: "fr", name: "7e Hussards", x: 10, y: 10, facing: 90 }),
      infantryBattalion({ id: "gb-52", side: "gb", name: "1/52nd Foot", x: 36, y: 34, facing: 270, formation: "LINE", files: 12, quality: "VETERAN" }),
      infantryBattalion({ id: "gb-95", side: "gb", name: "95th Rifles (coy)", x: 60, y: 30, facing: 270, formation: "OPEN_ORDER", files: 6, figures: 12, light: true, missile: "rifle" }),
      cavalryRegiment({ id: "gb-lgd", side: "gb", name: "23rd Light Dragoons", x: 62, y: 40, facing: 270 }),
    ],
    terrain: [
      { id: "ridge", kind: "hill", polygon: [{ x: 20, y: 30 }, { x: 56, y: 30 }, { x: 56, y: 42 }, { x: 20, y: 42 }], tags: { hill: 1 } },
      { id: "copse", kind: "woods", polygon: [{ x: 2, y: 22 }, { x: 12, y: 22 }, { x: 12, y: 30 }, { x: 2, y: 30 }], tags: { softCover: true, difficult: true, blocksLos: true, flammability: "woods" } },
    ],
  };
}

export { parseScenario, parseScenarioText, scenarioSetup, victoryOf, createScenarioBattle } from "./load.js";
export { builtinScenario, BUILTIN_SCENARIO_IDS, BUILTIN_SCENARIO_FILES, type BuiltinScenarioId } from "./builtin.js";
export {
  ScenarioSchema,
  VictorySpecSchema,
  VictoryConditionSchema,
  ObjectiveSchema,
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  type Scenario,
  type VictorySpec,
  type VictorySpecInput,
  type VictoryCondition,
  type Objective,
  type Rect,
} from "./format.js";
export type { ScenarioInput } from "./format.js";
export { UNIT_KINDS, UNIT_KIND_TABLE, CHARACTER_KINDS, type UnitKind, type CharacterKind } from "./kinds.js";
