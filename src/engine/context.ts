import type { Dice } from "../dice/index.js";
import type { JsonValue } from "../state/common.js";
import type { RuleId } from "../state/ids.js";
import type { BattleState, Phase, Ruleset } from "../state/battle.js";
import type { RulesOptions } from "../state/options.js";
import type { Violation } from "./violation.js";

/** Event details a rules module emits (the engine adds `seq` and `gameTurn`). */
export type EventDraft = { readonly type: string; readonly rule: RuleId; readonly [detail: string]: JsonValue };

/**
 * What a handler gets besides the state and the action: the dice for this action (plain values,
 * committed to the state once when the action succeeds) and an event sink.
 */
export interface ActionContext {
  readonly dice: Dice;
  readonly options: RulesOptions;
  /** Records an event; it enters the log only if the action succeeds. */
  emit(type: string, rule: RuleId, details?: { readonly [k: string]: JsonValue }): void;
}

/** What a handler returns: the next state, or the violation that stops the action (state untouched). */
export type Outcome = { readonly ok: true; readonly state: BattleState } | { readonly ok: false; readonly violation: Violation };

/** A pure reducer for one action type. It must not mutate `state`. */
export type Handler<A> = (state: BattleState, action: A, ctx: ActionContext) => Outcome;

/** Where an action may be played and the reducer that plays it. */
export interface Route<A> {
  readonly rulesets: readonly Ruleset[];
  /** Phases in which the action is allowed; `"any"` for every phase but the finished one. */
  readonly phases: readonly Phase[] | "any";
  readonly handler: Handler<A>;
}

/** A hook run by the engine when the turn enters a phase or movement step (compulsory steps). */
export type EnterHook = (state: BattleState, ctx: ActionContext) => BattleState;

/** Shorthand for a successful outcome. */
export function ok(state: BattleState): Outcome {
  return { ok: true, state };
}

/** Shorthand for a failed outcome. */
export function fail(v: Violation): Outcome {
  return { ok: false, violation: v };
}
