export { advance, isForcedStep, type AdvanceOptions, type AdvanceUntil, type Advanced } from "./advance.js";
export { apply, applyUnknown, parseAction, applyTrusted, type ApplyResult } from "./apply.js";
export { createBattle, createBattleUnknown, createBattleWithEvents, parseState, loadState, saveState, reseed, forkState, MAX_STATE_TEXT } from "./create.js";
export { ActionSchema, type Action, type ActionInput, type ActionType, type ActionOf } from "./actions.js";
export { formatViolation, formatInputError } from "./format.js";
export { violation, FusilladeError, type Violation, type InputError, type InputIssue, type Result, type FusilladeErrorCode } from "./violation.js";
// The rules-module authoring kit (defineModule, listLegal, RulesModule, ActionContext, Route, …)
// is internal: the library's modules import it from ./module.js and ./context.js directly.
export { actionTypes } from "./router.js";
export { PLAYER_TURN } from "./sequence.js";
export { withScriptedDice } from "./testing.js";
export { pendingDecision, decidingSide, legalActions, sampleLegalAction, firstLegalAction, isLegal, type PendingDecision, type LegalPick, type IntSource } from "./decisions.js";
