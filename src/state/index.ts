/**
 * `fusillade/state`: the state format as data: the zod schemas of battle states, setups and turn
 * facts, and the constant lists they are built from (formations, troop types, the FnF enums, …).
 * For tools that validate, generate or migrate states; an app that plays battles needs none of it
 * (`parseState` and `createBattle` validate for it).
 * @example
 * import { BattleStateSchema } from "fusillade/state";
 * const ok = BattleStateSchema.safeParse(JSON.parse(text)).success;
 * @packageDocumentation
 * @module fusillade/state
 */
export * from "./ids.js";
export * from "./common.js";
export * from "./options.js";
export * from "./terrain.js";
export * from "./unit.js";
export * from "./battle.js";
export * from "./setup.js";
export * from "./fnf.js";
export * from "./victory.js";
export { DiceStateSchema } from "./dice.js";
export * from "./facts.js";
export { SETUP_LIMITS } from "./limits.js";
export { ACTION_FIELD_DOCS } from "../engine/actionFieldDocs.js";
/** FnF base sizes in inches, frontage × depth (FNF-GEO-1). */
export { FNF_BASES } from "../rules/fnf/geometry/bases.js";
