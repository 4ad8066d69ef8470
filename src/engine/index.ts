// The functions that play rules come from ./all.ts, which registers every ruleset (the ones in
// ./apply.ts, ./create.ts, … play the registered rulesets only; `fusillade/whn` and `fusillade/fnf`
// wrap them for one ruleset).
export {
  advance,
  isForcedStep,
  apply,
  applyUnknown,
  parseAction,
  applyTrusted,
  createBattle,
  createBattleUnknown,
  createBattleWithEvents,
  parseState,
  loadState,
  formatViolation,
  actionTypes,
  legalActions,
  sampleLegalAction,
  firstLegalAction,
  isLegal,
} from "./all.js";
export { type AdvanceOptions, type AdvanceUntil, type Advanced } from "./advance.js";
export { type ApplyResult } from "./apply.js";
export { saveState, reseed, forkState, MAX_STATE_TEXT } from "./create.js";
export { ActionSchema, type Action, type ActionInput, type ActionType, type ActionOf } from "./actions.js";
export { formatInputError } from "./format.js";
export { violation, FusilladeError, type Violation, type InputError, type InputIssue, type Result, type FusilladeErrorCode } from "./violation.js";
// The rules-module authoring kit (defineModule, listLegal, RulesModule, ActionContext, Route, …)
// is internal: the library's modules import it from ./module.js and ./context.js directly.
export { PLAYER_TURN } from "./sequence.js";
export { withScriptedDice } from "./testing.js";
export { pendingDecision, decidingSide, type PendingDecision, type LegalPick, type IntSource } from "./decisions.js";
