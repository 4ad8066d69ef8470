/**
 * Army presets: mechanics-only profiles and equipment for the troop types the rules name, for the
 * main nations, and typed builders returning a `UnitSetup` for `createBattle`.
 * @example
 * import { presets } from "fusillade";
 * const unit = presets.infantryBattalion({ nation: "french", quality: "veteran", figures: 24 });
 */
export { NATIONS, NATION_TRAITS, TROOPS, TROOP_KINDS, type Nation, type NationTraits, type TroopKind, type TroopPreset } from "./data.js";
export {
  infantryBattalion,
  cavalryRegiment,
  footBattery,
  horseBattery,
  defaultFiles,
  type QualityInput,
  type UnitOptions,
  type InfantryOptions,
  type CavalryOptions,
  type FootBatteryOptions,
  type HorseBatteryOptions,
} from "./builders.js";
export {
  CORE_TROOPS,
  CORE_TROOP_KINDS,
  CORE_CHARACTERS,
  coreUnit,
  coreCharacter,
  type CoreTroopKind,
  type CoreTroopPreset,
  type CoreCharacterKind,
  type CoreUnitOptions,
  type CoreCharacterOptions,
} from "./core.js";
