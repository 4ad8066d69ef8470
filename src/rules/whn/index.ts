/**
 * The WHN ruleset, phase by phase, plus the helpers every phase shares.
 * @example
 * import { whn } from "fusillade";
 * const odds = whn.shooting.shootingOdds(state, { shooter, target });
 */
export * as movement from "./movement/index.js";
export * as shooting from "./shooting/index.js";
export * as combat from "./combat/index.js";
export * as morale from "./morale/index.js";
export * as artillery from "./artillery/index.js";
export * as units from "./unit.js";
export * as tables from "./tables.js";
export * as leadership from "./leadership.js";
export * as casualties from "./casualties.js";
