/**
 * Who decides next, and what they may do: the decision stack and the legal-action listing that
 * apps and bots drive a whole battle with.
 *
 * The phase model is never interrupted: a decision the rules ask of a player out of turn (a charge
 * response in the enemy's movement phase, a restraint choice, a challenge…) is pushed on
 * `state.pending`; while it is there, `pendingDecision` names it and its side, `legalActions`
 * lists only the answers to it, and `turn/advance` is refused. Once answered (popped), play goes on
 * from the same phase and step.
 */
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "./actions.js";
import { otherSide } from "./sequence.js";
import { PHASE_MODULES } from "./modules.js";
import { applyTrusted } from "./apply.js";
import { FALLBACK_LISTERS, type Lister } from "../battle/legal/index.js";

/** Who must act next, and what about. */
export type PendingDecision =
  | { readonly kind: "none"; readonly side: null }
  | { readonly kind: "turn"; readonly side: SideId; readonly phase: BattleState["turn"]["phase"]; readonly step: BattleState["turn"]["step"] }
  | (BattleState["pending"][number] & { readonly depth: number });

/**
 * Says who must decide what next: the top of the decision stack (`state.pending[0]`: a charge
 * response, a restraint choice, a challenge…) with the stack's `depth`, else the active player's
 * move in the current phase and step; `none` once the battle is over.
 * @example
 * const d = pendingDecision(state); // { kind: "chargeResponse", side: "gb", unit: "gb-52", depth: 1, … }
 */
export function pendingDecision(state: BattleState): PendingDecision {
  if (state.turn.phase === "finished") return { kind: "none", side: null };
  const top = state.pending[0];
  if (top !== undefined) return { ...top, depth: state.pending.length };
  // FnF defensive fire is the other side's move (FNF-TURN-1): the phasing player only waits.
  const side = state.ruleset === "fnf" && state.turn.phase === "defensiveFire" ? otherSide(state, state.turn.activeSide) : state.turn.activeSide;
  return { kind: "turn", side, phase: state.turn.phase, step: state.turn.step };
}

/** The side that must act next (null when the battle is over). */
export function decidingSide(state: BattleState): SideId | null {
  return pendingDecision(state).side;
}

const ADVANCE: Action = { type: "turn/advance" };

let listers: readonly Lister[] | null = null;

/** Each module's lister: its own `legal`, else the fallback in src/battle/legal (built on first use, after every module has loaded). */
function moduleListers(): readonly Lister[] {
  listers ??= PHASE_MODULES.flatMap((m): Lister[] => {
    const own = (m as { legal?: (s: BattleState) => readonly Action[] }).legal;
    if (own !== undefined) return [(s) => [...own(s)]];
    const fallback = FALLBACK_LISTERS[m.name];
    return fallback === undefined ? [] : [fallback];
  });
  return listers;
}

/** Listings already made, per state object (states are immutable, so a listing never goes stale). */
const CACHE = new WeakMap<BattleState, readonly Action[]>();

/**
 * Every legal action for the deciding side: each module's listing (a bounded discretisation of
 * continuous choices, documented beside each lister) plus `turn/advance` when no decision is
 * pending. Every action returned applies without a violation. With a decision pending, only the
 * answers to the top decision are listed. Listings are cached per state object.
 * @example
 * const actions = legalActions(state); // [{ type: "movement/move", unit: "fr-1e", path: […] }, …, { type: "turn/advance" }]
 */
export function legalActions(state: BattleState): Action[] {
  if (state.turn.phase === "finished") return [];
  const cached = CACHE.get(state);
  if (cached !== undefined) return [...cached];
  const out: Action[] = [];
  for (const list of moduleListers()) out.push(...list(state));
  if (state.pending.length === 0) out.push(ADVANCE);
  CACHE.set(state, out);
  return [...out];
}

/** Dry run: whether an action would apply, without returning the next state. */
export function isLegal(state: BattleState, action: Action): boolean {
  return applyTrusted(state, action).ok;
}
