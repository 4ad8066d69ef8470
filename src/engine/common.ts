/**
 * What every engine entry exports besides the functions that play rules (those register their
 * rulesets: see ./all.ts and src/whn.ts, src/fnf.ts): functions that need no ruleset, and types.
 */
export { pendingDecision, decidingSide, type PendingDecision, type LegalPick, type IntSource } from "./decisions.js";
export { saveState, reseed, forkState, MAX_STATE_TEXT } from "./create.js";
export { formatInputError } from "./format.js";
export { violation, FusilladeError, type Violation, type InputError, type InputIssue, type Result, type FusilladeErrorCode } from "./violation.js";
export { withScriptedDice } from "./testing.js";
export { PLAYER_TURN } from "./sequence.js";
export type { ApplyResult } from "./apply.js";
export type { AdvanceOptions, AdvanceUntil, Advanced } from "./advance.js";
export type { Action, ActionInput, ActionType, ActionOf } from "./actions.js";
export type { BattleState, BattleEvent, Ruleset } from "../state/battle.js";
export type { BattleSetup } from "../state/setup.js";
export type { EngineEvent } from "../events/catalogue.js";
