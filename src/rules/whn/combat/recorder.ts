/**
 * Emits events through the action context and remembers them, so that later steps of the same
 * action see their facts as if the events were already committed (the turn facts of the phase:
 * rounds fought, challenges, due fall backs).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleEvent, BattleState } from "../../../state/battle.js";
import type { JsonValue } from "../../../state/common.js";
import type { RuleId } from "../../../state/ids.js";
import { recordFacts } from "../facts.js";

/** An action context plus the events emitted through it so far. */
export interface Recorder {
  readonly ctx: ActionContext;
  readonly recent: BattleEvent[];
}

/** Wraps an action context so its events can be read back within the action. */
export function recorder(ctx: ActionContext): Recorder {
  const recent: BattleEvent[] = [];
  const wrapped: ActionContext = {
    dice: ctx.dice,
    options: ctx.options,
    emit(type, rule, details) {
      ctx.emit(type, rule, details);
      recent.push({ ...(details ?? {}), type, rule, seq: -1, gameTurn: -1 } as BattleEvent);
    },
  };
  return { ctx: wrapped, recent };
}

/** Emits an event through a recorder. */
export function emit(r: Recorder, type: string, rule: RuleId, details: { readonly [k: string]: JsonValue } = {}): void {
  r.ctx.emit(type, rule, details);
}

/** The state with this action's events folded into its turn facts, for queries only (never returned). */
export function view(state: BattleState, r: Recorder): BattleState {
  return r.recent.length === 0 ? state : { ...state, facts: recordFacts(state.facts, r.recent, state.combats) };
}
