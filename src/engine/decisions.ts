/**
 * Who decides next, and what they may do: the decision stack and the legal-action listing that
 * apps and bots drive a whole battle with.
 *
 * The phase model is never interrupted: a decision the rules ask of a player out of turn (a charge
 * response in the enemy's movement phase, a restraint choice, a challenge…) is pushed on
 * `state.pending`; while it is there, `pendingDecision` names it and its side, `legalActions`
 * lists only the answers to it, and `turn/advance` is refused. Once answered (popped), play goes on
 * from the same phase and step.
 *
 * Each module lists its candidates unchecked and checks them separately (`CandidateListing`), so a
 * random choice (`sampleLegalAction`) checks only what it draws while `legalActions` checks them all.
 */
import type { EngineEvent } from "../events/catalogue.js";
import type { BattleState } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Action } from "./actions.js";
import { otherSide } from "./sequence.js";
import { PHASE_MODULES } from "./modules.js";
import { applyOwned } from "./apply.js";
import { adopt, ownRecent } from "./owned.js";
import { FusilladeError } from "./violation.js";
import { describe } from "./plain.js";
import { isDeferred, listLegal, type Candidate, type CandidateListing } from "./module.js";
import { FALLBACK_LISTINGS, checkedListing } from "../battle/legal/index.js";

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
export function pendingDecision(input: BattleState): PendingDecision {
  const state = adopt(input);
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

let listings: readonly CandidateListing<Action>[] | null = null;

/**
 * Each module's listing: its own `listing`, else its own `legal` (already checked), else the
 * fallback in src/battle/legal (built on first use, after every module has loaded).
 */
function moduleListings(): readonly CandidateListing<Action>[] {
  listings ??= PHASE_MODULES.flatMap((m): CandidateListing<Action>[] => {
    const mod = m as { readonly listing?: CandidateListing<Action>; readonly legal?: (s: BattleState) => readonly Action[] };
    if (mod.listing !== undefined) return [mod.listing];
    const own = mod.legal;
    if (own !== undefined) return [checkedListing((s) => [...own(s)])];
    const fallback = FALLBACK_LISTINGS[m.name];
    return fallback === undefined ? [] : [fallback];
  });
  return listings;
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
export function legalActions(input: BattleState): Action[] {
  const state = adopt(input);
  if (state.turn.phase === "finished") return [];
  const cached = CACHE.get(state);
  if (cached !== undefined) return [...cached];
  const out: Action[] = [];
  for (const listing of moduleListings()) out.push(...listLegal(state, listing));
  if (state.pending.length === 0) out.push(ADVANCE);
  CACHE.set(state, out);
  return [...out];
}

/** The first action `legalActions` would list, checking candidates only up to it. */
export function firstLegalAction(input: BattleState): Action | undefined {
  const state = adopt(input);
  if (state.turn.phase === "finished") return undefined;
  const cached = CACHE.get(state);
  if (cached !== undefined) return cached[0];
  for (const listing of moduleListings()) {
    for (const c of listing.candidates(state)) {
      const a = resolve(state, listing, c);
      if (a !== null) return a;
    }
  }
  return state.pending.length === 0 ? ADVANCE : undefined;
}

/** A candidate's action if it is legal, else null. */
function resolve(state: BattleState, listing: CandidateListing<Action>, c: Candidate<Action>): Action | null {
  if (isDeferred(c)) return c();
  return listing.check(state, c) ? c : null;
}

/** A legal action drawn by {@link sampleLegalAction}, with what applying it gave. */
export interface LegalPick {
  readonly action: Action;
  /** The state after the action (as `applyTrusted(state, action)` returns it). */
  readonly state: BattleState;
  /** The events the action logged. */
  readonly events: readonly EngineEvent[];
}

/** What {@link sampleLegalAction} draws with: a uniform integer in [0, n) (a bot's `BotRng` fits). */
export interface IntSource {
  int(n: number): number;
}

const ADVANCE_LISTING = checkedListing(() => [ADVANCE]);

/**
 * A uniformly random legal action, applied: draws the candidates of every module's listing (and
 * `turn/advance` when no decision is pending) in a random order without replacement, checks each
 * drawn one, and returns the first that applies together with its result, so the caller need not
 * apply it again. The first legal element of a uniform random permutation is uniform over the
 * legal actions, so this picks as `legalActions(state)[rng.int(n)]` would in distribution, but
 * checks one or a few candidates rather than all of them. Null when nothing is legal.
 * @example
 * const pick = sampleLegalAction(state, bots.botRng(7));
 * if (pick !== null) state = pick.state;
 */
export function sampleLegalAction(input: BattleState, rng: IntSource): LegalPick | null {
  const state = adopt(input);
  const draw = drawWith(rng);
  if (state.turn.phase === "finished") return null;
  const entries: Candidate<Action>[] = [];
  const owners: CandidateListing<Action>[] = [];
  for (const listing of moduleListings()) {
    for (const c of listing.candidates(state)) {
      entries.push(c);
      owners.push(listing);
    }
  }
  if (state.pending.length === 0) {
    entries.push(ADVANCE);
    owners.push(ADVANCE_LISTING);
  }
  const n = entries.length;
  for (let i = 0; i < n; i++) {
    const j = i + draw(n - i);
    const c = entries[j] as Candidate<Action>;
    const owner = owners[j] as CandidateListing<Action>;
    entries[j] = entries[i] as Candidate<Action>;
    owners[j] = owners[i] as CandidateListing<Action>;
    if (isDeferred(c)) {
      const a = c();
      if (a === null) continue;
      const r = applyOwned(state, a);
      if (r.ok) return { action: a, state: ownRecent(r.state), events: r.events };
      continue;
    }
    // Apply first: an action that rolled no dice applies exactly when its check passes (the
    // listing's contract), so only one that rolled dice is checked as well.
    const r = applyOwned(state, c);
    if (!r.ok) continue;
    if (r.state.dice.draws !== state.dice.draws && !owner.check(state, c)) continue;
    return { action: c, state: ownRecent(r.state), events: r.events };
  }
  return null;
}

/**
 * The caller's random source, read defensively: a source that is not one (null, no `int`, a
 * throwing Proxy) or that draws outside [0, n) is a programmer error, thrown as `engine/misuse`.
 */
function drawWith(rng: IntSource): (n: number) => number {
  let int: unknown;
  try {
    int = (rng as { int?: unknown } | null)?.int;
  } catch (e) {
    throw new FusilladeError("engine/misuse", `sampleLegalAction: the random source could not be read (${describe(e)})`, { cause: e });
  }
  if (typeof int !== "function") throw new FusilladeError("engine/misuse", "sampleLegalAction: the random source has no int(n) method");
  return (n) => {
    let k: unknown;
    try {
      k = (int as (n: number) => unknown).call(rng, n);
    } catch (e) {
      throw new FusilladeError("engine/misuse", `sampleLegalAction: the random source failed (${describe(e)})`, { cause: e });
    }
    if (typeof k !== "number" || !Number.isInteger(k) || k < 0 || k >= n) throw new FusilladeError("engine/misuse", `sampleLegalAction: rng.int(${n}) gave ${String(k)}, not an integer in [0, ${n})`);
    return k;
  };
}

/** Dry run: whether an action would apply, without returning the next state. */
export function isLegal(state: BattleState, action: Action): boolean {
  return applyOwned(adopt(state), action).ok;
}
