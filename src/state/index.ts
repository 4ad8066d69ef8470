export * from "./ids.js";
export * from "./common.js";
export * from "./options.js";
export * from "./terrain.js";
export * from "./unit.js";
export * from "./battle.js";
export * from "./setup.js";
export * from "./fnf.js";
export { DiceStateSchema } from "./dice.js";
