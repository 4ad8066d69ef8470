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
  readonly enter?: { readonly [key: EnterKey]: EnterHook };
  /**
   * Lists this module's legal actions for the deciding side in a state (a bounded discretisation of
   * continuous choices); every action listed must apply without a violation.
   */
  readonly legal?: (state: BattleState) => readonly ActionsOf<S>[];
}

/** Declares a rules module, checking that every action has a route. */
export function defineModule<const S extends readonly ActionSchemaLike[]>(m: RulesModule<S>): RulesModule<S> {
  return m;
}
