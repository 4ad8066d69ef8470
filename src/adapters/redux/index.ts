/**
 * `fusillade/redux`: a battle slice for Redux and Redux Toolkit apps, with undo/redo from immer
 * patches, and `applyWithPatches` for apps that sync or undo with patches of their own.
 * @packageDocumentation
 * @module fusillade/redux
 */
export { createBattleSlice, type BattleSlice, type BattleSliceOptions, type BattleSliceState, type BattleSliceAction, type BattleStep, type BattleActionCreator } from "./slice.js";
export { applyWithPatches, diffStates, type JsonPatch, type StatePatches, type PatchedResult } from "../patches.js";
