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
import { registeredListings } from "./modules.js";
import { applyOwned, parseAction } from "./apply.js";
import { adopt, isOwned, ownRecent } from "./owned.js";
import { FusilladeError } from "./violation.js";
import { describe } from "./plain.js";
import { deepFreeze, markListed } from "./listed.js";
import { isDeferred, listLegal, type Candidate, type CandidateListing } from "./module.js";

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

const ADVANCE: Action = Object.freeze({ type: "turn/advance" });
markListed(ADVANCE);

/**
 * Freezes (see {@link deepFreeze}) and marks as listed (src/engine/listed.ts) an action the engine
 * hands out, so `apply` can reuse its parse. Both wait until then: most candidates are only checked
 * inside the engine (a weak set entry per candidate cost ~9 % of a bench battle, a freeze per
 * candidate ~1 %). Listed actions are shared (kept per state, and listers keep them per unit across
 * states): frozen, so an app that edits one gets a TypeError instead of corrupting later listings.
 */
function handOut<A extends object>(action: A): A {
  if (!Object.isFrozen(action)) deepFreeze(action);
  markListed(action);
  return action;
}

/**
 * Each registered module's listing: its own `listing`, else its own `legal` (already checked), else
 * its ruleset's fallback (src/battle/legal for WHN); see `registeredListings` in ./modules.ts.
 */
function moduleListings(): readonly CandidateListing<Action>[] {
  return registeredListings();
}

/** Listings already made, per state object (states are immutable, so a listing never goes stale). */
const CACHE = new WeakMap<BattleState, readonly Action[]>();

/**
 * One state's candidates (every listing's, in order, numbered on across listings without being
 * copied into one array) and what is already known of each: for a plain candidate whether its
 * check passed, for a deferred one what it resolved to. Auto-advance asks whether a step is forced,
 * and then the bot draws (or `legalActions` lists) on the same state: each candidate is checked at
 * most once between them.
 */
interface Tried {
  readonly state: BattleState;
  /** Each listing's candidates as it gave them (never edited). */
  readonly lists: readonly (readonly Candidate<Action>[])[];
  readonly owners: readonly CandidateListing<Action>[];
  /** The number of the first candidate of each list. */
  readonly starts: readonly number[];
  /** How many candidates in all. */
  readonly m: number;
  /** Per entry: undefined until known; for a plain candidate its check, for a deferred one its resolution. */
  readonly known: (boolean | Action | null | undefined)[];
}

/** The tries of the last engine-owned state asked about (one state: the decision being made). */
let lastTried: Tried | null = null;

/**
 * The candidates of a state with what is known of them. Kept for the next call only when the state
 * is the engine's own (never a draft or an app's object, which could change under the key).
 * Candidates are frozen when they leave the engine ({@link handOut}), not here: most are only checked.
 */
function triedOf(state: BattleState): Tried {
  if (lastTried !== null && lastTried.state === state) return lastTried;
  const lists: (readonly Candidate<Action>[])[] = [];
  const owners: CandidateListing<Action>[] = [];
  const starts: number[] = [];
  let m = 0;
  for (const listing of moduleListings()) {
    if (listing.segments !== undefined) {
      // The listing's own arrays, one list each (no entry copied).
      for (const list of listing.segments(state)) {
        if (list.length === 0) continue;
        lists.push(list);
        owners.push(listing);
        starts.push(m);
        m += list.length;
      }
      continue;
    }
    const list = listing.candidates(state);
    if (list.length === 0) continue;
    lists.push(list);
    owners.push(listing);
    starts.push(m);
    m += list.length;
  }
  const tried: Tried = { state, lists, owners, starts, m, known: new Array<undefined>(m) };
  if (isOwned(state)) lastTried = tried;
  return tried;
}

/** The list of entry `i` (the last list starting at or before it), by bisection (a list per unit makes a dozen or more). */
function listOf(tried: Tried, i: number): number {
  const starts = tried.starts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The legal action of entry `i` (checking it if not yet known), else null. */
function legalEntry(tried: Tried, i: number): Action | null {
  const j = listOf(tried, i);
  const c = (tried.lists[j] as readonly Candidate<Action>[])[i - (tried.starts[j] as number)] as Candidate<Action>;
  const k = tried.known[i];
  if (isDeferred(c)) {
    if (k !== undefined) return k as Action | null;
    const a = c();
    tried.known[i] = a;
    return a;
  }
  if (k !== undefined) return k === true ? c : null;
  const ok = (tried.owners[j] as CandidateListing<Action>).check(tried.state, c);
  tried.known[i] = ok;
  return ok ? c : null;
}

/**
 * Every legal action for the deciding side: each module's listing (a bounded discretisation of
 * continuous choices, documented beside each lister) plus `turn/advance` when no decision is
 * pending. Every action returned applies without a violation. With a decision pending, only the
 * answers to the top decision are listed. Listings are cached per state object, and the actions
 * are shared between calls, so they are deeply frozen: copy one (`{ ...a }`) to edit it.
 * @example
 * const actions = legalActions(state); // [{ type: "movement/move", unit: "fr-1e", path: […] }, …, { type: "turn/advance" }]
 */
export function legalActions(input: BattleState): Action[] {
  const state = adopt(input);
  if (state.turn.phase === "finished") return [];
  const cached = CACHE.get(state);
  if (cached !== undefined) return [...cached];
  const out: Action[] = [];
  const tried = triedOf(state);
  for (let i = 0; i < tried.m; i++) {
    const a = legalEntry(tried, i);
    if (a !== null) out.push(a);
  }
  if (state.pending.length === 0) out.push(ADVANCE);
  for (const a of out) handOut(a);
  CACHE.set(state, out);
  return [...out];
}

/** The first action `legalActions` would list, checking candidates only up to it. */
export function firstLegalAction(input: BattleState): Action | undefined {
  const state = adopt(input);
  if (state.turn.phase === "finished") return undefined;
  const cached = CACHE.get(state);
  if (cached !== undefined) return cached[0];
  const tried = triedOf(state);
  for (let i = 0; i < tried.m; i++) {
    const a = legalEntry(tried, i);
    if (a !== null) return handOut(a);
  }
  return state.pending.length === 0 ? ADVANCE : undefined;
}

/** The rank of a candidate whose listing gives none (see `CandidateListing.rank`). */
const DEFAULT_RANK = 3.5;

/**
 * Whether the deciding side may do anything but `turn/advance` (a pending decision counts as a
 * choice): the test auto-advance runs before every step, answered with as few checks as possible
 * (any legal candidate will do, not the first).
 */
export function hasChoice(input: BattleState): boolean {
  const state = adopt(input);
  if (state.turn.phase === "finished") return false;
  if (state.pending.length > 0) return true;
  const cached = CACHE.get(state);
  if (cached !== undefined) return cached.length > 1;
  // The listings' own shortcuts first: one that proves a choice answers without building anything;
  // when every listing proves it has none, the step is forced.
  let none: CandidateListing<Action>[] | null = null;
  let unsure = false;
  if (lastTried === null || lastTried.state !== state) {
    for (const listing of moduleListings()) {
      const q = listing.anyLegal === undefined ? undefined : listing.anyLegal(state);
      if (q === true) return true;
      if (q === false) (none ??= []).push(listing);
      else unsure = true;
    }
    if (!unsure) return false;
  }
  const tried = triedOf(state);
  const known = tried.known;
  // Anything already proved legal answers at once; otherwise check until one passes.
  for (let i = 0; i < known.length; i++) if (known[i] === true || (typeof known[i] === "object" && known[i] !== null)) return true;
  const n = known.length;
  const ranks = new Float64Array(n);
  for (let j = 0; j < tried.lists.length; j++) {
    const owner = tried.owners[j] as CandidateListing<Action>;
    const list = tried.lists[j] as readonly Candidate<Action>[];
    const start = tried.starts[j] as number;
    // Of a listing that proved it has nothing legal: not checked.
    const skip = none !== null && none.includes(owner);
    for (let k = 0; k < list.length; k++) {
      const i = start + k;
      // Already known: not checked again.
      if (skip || known[i] !== undefined) {
        ranks[i] = Infinity;
        continue;
      }
      const c = list[k] as Candidate<Action>;
      ranks[i] = owner.rank === undefined || isDeferred(c) ? DEFAULT_RANK : owner.rank(state, c);
    }
  }
  // The least rank first (the listing's order among equals): a plain scan per pick, since one or
  // two picks usually answer; past a few, the rest sorted once (a step where nothing applies tries all).
  for (let picks = 0; picks < SCANNED_PICKS; picks++) {
    let best = -1;
    let r = Infinity;
    for (let i = 0; i < n; i++) {
      if ((ranks[i] as number) < r) {
        r = ranks[i] as number;
        best = i;
      }
    }
    if (best < 0) break;
    ranks[best] = Infinity;
    if (legalEntry(tried, best) !== null) return true;
  }
  const rest: number[] = [];
  for (let i = 0; i < n; i++) if ((ranks[i] as number) < Infinity) rest.push(i);
  rest.sort((a, b) => (ranks[a] as number) - (ranks[b] as number) || a - b);
  for (const i of rest) if (legalEntry(tried, i) !== null) return true;
  return false;
}

/** Picks {@link hasChoice} finds by scanning before it sorts what is left. */
const SCANNED_PICKS = 6;

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

/** Marks `turn/advance` among the drawn entries (it is no listing's candidate). */
const ADVANCE_AT = -1;

/**
 * A uniformly random legal action, applied: draws the candidates of every module's listing (and
 * `turn/advance` when no decision is pending) in a random order without replacement, checks each
 * drawn one, and returns the first that applies together with its result, so the caller need not
 * apply it again. The first legal element of a uniform random permutation is uniform over the
 * legal actions, so this picks as `legalActions(state)[rng.int(n)]` would in distribution, but
 * checks one or a few candidates rather than all of them. A candidate already known to be refused
 * on this state (auto-advance's test checked it) is passed over without applying it: the draw is
 * the same. Null when nothing is legal.
 * @example
 * const pick = sampleLegalAction(state, bots.botRng(7));
 * if (pick !== null) state = pick.state;
 */
export function sampleLegalAction(input: BattleState, rng: IntSource): LegalPick | null {
  const state = adopt(input);
  const draw = drawWith(rng);
  if (state.turn.phase === "finished") return null;
  return drawFrom(state, draw, false) as LegalPick | null;
}

/**
 * Auto-advance's test and the random draw in one pass (issue 22 speed), for self-play with the
 * random bot: `"forced"` when `turn/advance` is the only legal action (what `isForcedStep` says),
 * else what {@link sampleLegalAction} would draw with the same source, already applied. The draw
 * runs first: when it meets a legal candidate before `turn/advance`, the state has a choice and the
 * test is answered without its own checks; only when it meets `turn/advance` first is the test
 * run (on what the draw already learned). A forced state's draws are thrown away: the caller asks
 * the bot again, with the same seed, at the next state.
 * @example
 * const d = drawUnlessForced(state, botRng(seed)); // "forced" | { action, state, events } | null
 */
export function drawUnlessForced(input: BattleState, rng: IntSource): LegalPick | "forced" | null {
  const state = adopt(input);
  const draw = drawWith(rng);
  if (state.turn.phase === "finished") return null;
  if (state.pending.length > 0) return drawFrom(state, draw, false);
  if (CACHE.has(state)) return hasChoice(state) ? drawFrom(state, draw, false) : "forced";
  return drawFrom(state, draw, true);
}

/**
 * The draw of {@link sampleLegalAction} on an adopted, unfinished state; with `fused`, meeting
 * `turn/advance` first runs auto-advance's test and answers `"forced"` when it finds no choice.
 */
function drawFrom(state: BattleState, draw: (n: number) => number, fused: boolean): LegalPick | "forced" | null {
  const tried = triedOf(state);
  const m = tried.m;
  const order: number[] = new Array<number>(m + 1);
  for (let i = 0; i < m; i++) order[i] = i;
  const n = state.pending.length === 0 ? m + 1 : m;
  if (n > m) order[m] = ADVANCE_AT;
  for (let i = 0; i < n; i++) {
    const j = i + draw(n - i);
    const at = order[j] as number;
    order[j] = order[i] as number;
    if (at === ADVANCE_AT) {
      if (fused && !hasChoice(state)) return "forced";
      const r = applyOwned(state, ADVANCE);
      if (r.ok) return { action: ADVANCE, state: ownRecent(r.state), events: r.events };
      continue;
    }
    const k = tried.known[at];
    if (k === false || k === null) continue;
    const li = listOf(tried, at);
    const c = (tried.lists[li] as readonly Candidate<Action>[])[at - (tried.starts[li] as number)] as Candidate<Action>;
    if (isDeferred(c)) {
      const a = k === undefined ? c() : (k as Action);
      tried.known[at] = a;
      if (a === null) continue;
      const r = applyOwned(state, a);
      if (r.ok) return { action: handOut(a), state: ownRecent(r.state), events: r.events };
      continue;
    }
    // The listing's quick refusal first, where it has one: most drawn candidates are refused, and
    // this skips the apply's machinery (roller, context, events sink) and the handler's slow path.
    const owner = tried.owners[li] as CandidateListing<Action>;
    if (k === undefined && owner.refuses !== undefined && owner.refuses(state, c)) {
      tried.known[at] = false;
      continue;
    }
    // Apply first: an action that rolled no dice applies exactly when its check passes (the
    // listing's contract), so only one that rolled dice, and not yet known to pass, is checked as
    // well. (Checking first was measured: +6 % instructions, as the pick then runs its rule twice.)
    const r = applyOwned(state, c);
    if (!r.ok) {
      tried.known[at] = false;
      continue;
    }
    if (k !== true && r.state.dice.draws !== state.dice.draws) {
      const ok = owner.check(state, c);
      tried.known[at] = ok;
      if (!ok) continue;
    }
    return { action: handOut(c), state: ownRecent(r.state), events: r.events };
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

/**
 * Dry run: whether an action would apply, without returning the next state. A value that is not a
 * valid action (null, unreadable, malformed) is not legal: false. A state that is not one throws.
 */
export function isLegal(state: BattleState, action: Action): boolean {
  const s = adopt(state);
  const parsed = parseAction(action);
  return parsed.ok && applyOwned(s, parsed.value).ok;
}
