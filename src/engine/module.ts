import type { z } from "zod";
import type { EnterHook, Route } from "./context.js";
import type { BattleState } from "../state/battle.js";
import type { Violation } from "./violation.js";

/** A zod object schema for one action: it must have a literal `type`. */
export type ActionSchemaLike = z.ZodObject<{ type: z.ZodLiteral<string> } & z.ZodRawShape, z.core.$strict>;

/** The union of actions a tuple of action schemas describes. */
export type ActionsOf<S extends readonly ActionSchemaLike[]> = z.output<S[number]>;

/** A table of routes, one per action type of the union `A`. */
export type RoutesFor<A> = {
  readonly [T in A extends { type: infer K extends string } ? K : never]: Route<Extract<A, { type: T }>>;
};

/** Keys of enter hooks: a phase name, or `movement.<step>` for movement steps. */
export type EnterKey = string;

/**
 * A rules module: the actions it owns (zod schemas), the reducer for each, English templates for its
 * violation codes, and hooks for compulsory steps. Each phase of each ruleset is one module.
 */
export interface RulesModule<S extends readonly ActionSchemaLike[]> {
  readonly name: string;
  readonly actions: S;
  readonly routes: RoutesFor<ActionsOf<S>>;
  /** English renderings of this module's violation codes (used by `formatViolation`). */
  readonly messages?: { readonly [code: string]: (v: Violation) => string };
  /** Hooks keyed `"<ruleset>:<phase>"` or `"<ruleset>:movement.<step>"`. */
  readonly enter?: { readonly [key: string]: EnterHook };
  /**
   * Lists this module's legal actions for the deciding side in a state (a bounded discretisation of
   * continuous choices); every action listed must apply without a violation.
   */
  readonly legal?: (state: BattleState) => readonly ActionsOf<S>[];
  /**
   * The same listing in two halves, when checking a candidate is what costs: unchecked candidates
   * and the check each must pass. With it, `legalActions` lists the candidates that pass (in order)
   * and `sampleLegalAction` checks only the candidates it draws. It takes precedence over `legal`.
   */
  readonly listing?: CandidateListing<ActionsOf<S>>;
}

/**
 * One entry of a candidate listing: an action to check, or a deferred entry that resolves to the
 * one action it lists, already checked, or null (a move shortened step by step until it fits: the
 * first step that applies is listed, the others are not).
 */
export type Candidate<A> = A | (() => A | null);

/**
 * A legal-action listing split in two: `candidates` builds the bounded discretisation without
 * checking it (cheap), and `check` proves one candidate legal (usually a dry run through its
 * reducer). The legal actions are the candidates that pass, in order.
 * @example
 * const legal = listLegal(state, listing); // what `legalActions` gets from the module
 */
export interface CandidateListing<A> {
  candidates(state: BattleState): readonly Candidate<A>[];
  /**
   * Whether a candidate applies (it is only ever given this listing's own candidates). For an
   * action that rolls no dice, it must agree with `applyTrusted(state, action).ok`: the lazy
   * `sampleLegalAction` applies a drawn candidate first and checks only one that rolled dice.
   */
  check(state: BattleState, action: A): boolean;
  /**
   * Optional: the same candidates as `candidates`, in the same order, as a few arrays to be read end
   * to end (a listing that keeps one array per unit hands them over as they are, instead of copying
   * every entry into one). The arrays may be shared across calls: they are never edited.
   */
  segments?(state: BattleState): readonly (readonly Candidate<A>[])[];
  /**
   * Optional quick refusal for the random draw (`sampleLegalAction`), asked before a drawn
   * candidate is applied: `true` only when `check` would be false (the apply is then skipped),
   * `false` when it passes or cannot tell cheaply. Worth giving only where it costs much less than
   * the apply's refusal; it never changes what is listed or drawn.
   */
  refuses?(state: BattleState, action: A): boolean;
  /**
   * Optional hint for auto-advance's "is there any choice?" test, which may check candidates in any
   * order: a rank per candidate, lower first (the likeliest to pass and the cheapest to check).
   * It never changes what is listed or drawn. Candidates without a rank count as 3.5.
   */
  rank?(state: BattleState, action: A): number;
  /**
   * Optional shortcut for the same test, asked before any candidate is built: `true` only when some
   * candidate of this listing would pass its check (proved by checking one), `false` only when none
   * would (or there are none), `undefined` when it cannot tell cheaply. It never changes what is
   * listed or drawn; a wrong answer would change when auto-advance stops, so each answer must be exact.
   */
  anyLegal?(state: BattleState): boolean | undefined;
}

/** Whether a candidate is deferred (resolved on demand) rather than one action to check. */
export function isDeferred<A>(c: Candidate<A>): c is () => A | null {
  return typeof c === "function";
}

/**
 * The legal actions of a candidate listing, in order: each candidate that passes the check, and
 * each deferred candidate's resolution when it has one.
 * @example
 * const legal = listLegal(state, listing);
 */
export function listLegal<A>(state: BattleState, listing: CandidateListing<A>): A[] {
  const out: A[] = [];
  for (const c of listing.candidates(state)) {
    if (isDeferred(c)) {
      const a = c();
      if (a !== null) out.push(a);
    } else if (listing.check(state, c)) out.push(c);
  }
  return out;
}

/** Declares a rules module, checking that every action has a route. */
export function defineModule<const S extends readonly ActionSchemaLike[]>(m: RulesModule<S>): RulesModule<S> {
  return m;
}
