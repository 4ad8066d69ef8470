/**
 * The `fnf` namespace of the root entry: the FnF ruleset's tables, odds, measuring helpers and
 * scenarios (./api.ts), with the names kept for one minor version (./deprecated.ts). The module the
 * engine registers is in ./module.ts.
 */
export * from "./api.js";
