import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "./actions.js";
import { turnModule } from "./turn.js";
import { PHASE_MODULES } from "./modules.js";
import { applyTrusted } from "./apply.js";

/** Who must act next, and what about. */
export type PendingDecision =
  | { readonly kind: "none"; readonly side: null }
  | { readonly kind: "turn"; readonly side: SideId; readonly phase: BattleState["turn"]["phase"]; readonly step: BattleState["turn"]["step"] }
  | BattleState["pending"][number];

/**
 * Says who must decide what next: the top of the decision stack (a charge response, a restraint
 * test choice, a challenge…) if any, else the active player's move in the current phase; `none` once
 * the battle is over.
 * @example
 * const d = pendingDecision(state); // { kind: "chargeResponse", side: "gb", unit: "gb-52", … }
 */
export function pendingDecision(state: BattleState): PendingDecision {
  if (state.turn.phase === "finished") return { kind: "none", side: null };
  const top = state.pending[0];
  if (top !== undefined) return top;
  return { kind: "turn", side: state.turn.activeSide, phase: state.turn.phase, step: state.turn.step };
}

/** The side that must act next (null when the battle is over). */
export function decidingSide(state: BattleState): SideId | null {
  return pendingDecision(state).side;
}

/**
 * Every legal action for the deciding side: each module's own listing (a bounded discretisation of
 * continuous choices, documented by the module) plus `turn/advance` when no decision is pending.
 * Every action returned applies without a violation.
 */
export function legalActions(state: BattleState): Action[] {
  if (state.turn.phase === "finished") return [];
  const out: Action[] = [];
  for (const m of PHASE_MODULES) {
    const legal = (m as { legal?: (s: BattleState) => readonly Action[] }).legal;
    if (legal !== undefined) out.push(...legal(state));
  }
  if (state.pending.length === 0) out.push(turnModule.actions[0].parse({ type: "turn/advance" }) as Action);
  return out;
}

/** Dry run: whether an action would apply, without returning the next state. */
export function isLegal(state: BattleState, action: Action): boolean {
  return applyTrusted(state, action).ok;
}
