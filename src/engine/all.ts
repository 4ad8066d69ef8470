/**
 * The engine with every ruleset registered: what the root entry exports. Each function registers
 * the rulesets (once) and calls the engine; `fusillade/whn` and `fusillade/fnf` export the same
 * functions for one ruleset, so a bundle of one of them leaves the other ruleset out.
 */
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { BattleSetup } from "../state/setup.js";
import type { Action, ActionInput } from "../engine/actions.js";
import type { InputError, Result, Violation } from "../engine/violation.js";
import { apply as apply0, applyUnknown as applyUnknown0, applyTrusted as applyTrusted0, parseAction as parseAction0, type ApplyResult } from "../engine/apply.js";
import { createBattle as createBattle0, createBattleUnknown as createBattleUnknown0, createBattleWithEvents as createBattleWithEvents0, parseState as parseState0, loadState as loadState0 } from "../engine/create.js";
import { advance as advance0, isForcedStep as isForcedStep0, type AdvanceOptions, type Advanced } from "../engine/advance.js";
import { legalActions as legalActions0, firstLegalAction as firstLegalAction0, sampleLegalAction as sampleLegalAction0, isLegal as isLegal0, type IntSource, type LegalPick } from "../engine/decisions.js";
import { formatViolation as formatViolation0 } from "../engine/format.js";
import { actionTypes as actionTypes0 } from "../engine/router.js";
import { ensureRulesetOf } from "../engine/modules.js";
import { registerRuleset, setDefaultLoader } from "./modules.js";
import { WHN_RULESET } from "../rules/whn/ruleset.js";
import { FNF_RULESET } from "../rules/fnf/ruleset.js";
import { adopt } from "./owned.js";
import { objectArg } from "./args.js";

/** Registers every ruleset with the engine (idempotent). */
export function registerAllRulesets(): void {
  registerRuleset(WHN_RULESET);
  registerRuleset(FNF_RULESET);
}

// Loaded, the root entry plays every ruleset: its functions below register them too, for bundles
// that keep only the functions an app calls.
registerAllRulesets();
setDefaultLoader(registerAllRulesets);

/**
 * Starts a battle from a setup: validates it, rolls the wind, begins the first turn. The
 * setup is typed ({@link BattleSetup}) and still validated in full at run time; the result is the
 * first state, or an `InputError` with the path of every problem.
 * @example
 * const r = createBattle(setup);
 * if (!r.ok) console.log(formatInputError(r.error));
 */
export function createBattle(setup: BattleSetup): Result<BattleState, InputError> {
  registerAllRulesets();
  return createBattle0(setup);
}

/** {@link createBattle} for a value of unknown shape (parsed JSON, a message): the same validation. */
export function createBattleUnknown(setup: unknown): Result<BattleState, InputError> {
  registerAllRulesets();
  return createBattleUnknown0(setup);
}

/** {@link createBattle}, with the events of the battle's opening (the start of its history). */
export function createBattleWithEvents(setup: unknown): Result<{ state: BattleState; events: BattleEvent[] }, InputError> {
  registerAllRulesets();
  return createBattleWithEvents0(setup);
}

/**
 * Validates a saved battle state (e.g. read back from JSON): migrated from an earlier format
 * version if need be, then the state schema and every state invariant. Returns it typed, or an
 * `InputError` with the path of every problem.
 */
export function parseState(input: unknown): Result<BattleState, InputError> {
  registerAllRulesets();
  return parseState0(input);
}

/** Parses and validates a saved battle state from JSON text (size-limited); see {@link parseState}. */
export function loadState(text: string): Result<BattleState, InputError> {
  registerAllRulesets();
  return loadState0(text);
}

/**
 * Applies an action to a battle state: the next state and the events of the step, or a violation
 * naming the rule that forbids it. The input state is never mutated; a violation changes nothing.
 * The action is typed ({@link ActionInput}) and still validated in full at run time.
 * @example
 * const r = apply(state, { type: "turn/advance" });
 * if (r.ok) state = r.state; else console.log(formatViolation(r.violation));
 */
export function apply(state: BattleState, action: ActionInput): ApplyResult {
  registerAllRulesets();
  return apply0(state, action);
}

/** {@link apply} for a value of unknown shape (parsed JSON, a network message): the same validation. */
export function applyUnknown(state: BattleState, action: unknown): ApplyResult {
  registerAllRulesets();
  return applyUnknown0(state, action);
}

/**
 * Applies an already-typed action without validating its shape (the fast path for bots, whose
 * actions come from {@link legalActions}); the game rules are still checked.
 */
export function applyTrusted(state: BattleState, action: Action): ApplyResult {
  registerAllRulesets();
  return applyTrusted0(state, action);
}

/**
 * Validates a value as an action of every ruleset without applying it: the typed action (defaults
 * filled in), or the `action/invalid` violation {@link apply} would return.
 */
export function parseAction(input: unknown): { readonly ok: true; readonly value: Action } | { readonly ok: false; readonly violation: Violation } {
  registerAllRulesets();
  return parseAction0(input);
}

/**
 * Applies `turn/advance` while it is the only legal action, stopping where a real choice awaits
 * (or the battle is over), with every event on the way.
 * @example
 * state = advance(state).state;
 */
export function advance(state: BattleState, options?: AdvanceOptions): Advanced {
  registerAllRulesets();
  ensureRulesetOf(state);
  if (options !== undefined) objectArg("advance", "options", options);
  return advance0(adopt(state), options);
}

/** Whether the deciding side has no choice (`turn/advance` is its only legal action). */
export function isForcedStep(state: BattleState): boolean {
  registerAllRulesets();
  ensureRulesetOf(state);
  return isForcedStep0(adopt(state));
}

/**
 * Every legal action for the deciding side (each applies without a violation), plus `turn/advance`
 * when no decision is pending.
 * @example
 * const actions = legalActions(state);
 */
export function legalActions(state: BattleState): Action[] {
  registerAllRulesets();
  ensureRulesetOf(state);
  return legalActions0(state);
}

/** The first action {@link legalActions} would list, checking candidates only up to it. */
export function firstLegalAction(state: BattleState): Action | undefined {
  registerAllRulesets();
  ensureRulesetOf(state);
  return firstLegalAction0(state);
}

/**
 * A uniformly random legal action, applied: the action with its result, checking only the
 * candidates it draws. Null when nothing is legal.
 */
export function sampleLegalAction(state: BattleState, rng: IntSource): LegalPick | null {
  registerAllRulesets();
  ensureRulesetOf(state);
  return sampleLegalAction0(state, rng);
}

/** Dry run: whether an action would apply. */
export function isLegal(state: BattleState, action: Action): boolean {
  registerAllRulesets();
  ensureRulesetOf(state);
  return isLegal0(state, action);
}

/**
 * Renders a violation as an English sentence, naming its rule.
 * @example
 * formatViolation(r.violation) // "The battle is over; … [CORE-TURN-1]"
 */
export function formatViolation(v: Violation): string {
  registerAllRulesets();
  return formatViolation0(v);
}

/** Every action type the engine routes. */
export function actionTypes(): readonly string[] {
  registerAllRulesets();
  return actionTypes0();
}
