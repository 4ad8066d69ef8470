/**
 * The shape of an invariant of the catalogue: a named, documented, pure check of one state or of
 * one step (before, action, after, events), with the rule id it protects.
 */
import type { BattleEvent, BattleState, Ruleset } from "../../state/battle.js";
import type { RuleId } from "../../state/ids.js";
import type { Violation } from "../../engine/violation.js";

/** One accepted step: the state before, the action, the state after and the events it logged. */
export interface Step {
  readonly before: BattleState;
  readonly action: unknown;
  readonly after: BattleState;
  readonly events: readonly BattleEvent[];
}

/** Where in a state a breach lies: the path of keys and indices from the state's root. */
export type StatePath = readonly (string | number)[];

/**
 * What an invariant says when it breaks: null when it holds, else a message naming the culprit,
 * optionally with the path of the offending value (see {@link at}).
 */
export type Verdict = string | { readonly message: string; readonly path: StatePath } | null;

/** A breach verdict at a path of the state. */
export function at(path: StatePath, message: string): Verdict {
  return { message, path };
}

/**
 * How often a harness should run an invariant: `cheap` after every step; `full` (linear in the
 * whole state, e.g. a JSON round trip) at a sampled rate and at the end of every battle.
 */
export type Cost = "cheap" | "full";

/** Fields every invariant has. */
interface InvariantBase {
  /** A stable, dotted name, e.g. `"unit.figuresNeverIncrease"`. */
  readonly id: string;
  /** The rule the invariant protects. */
  readonly rule: RuleId;
  /** One sentence: what must always hold. */
  readonly doc: string;
  /** The rulesets it applies to. */
  readonly rulesets: readonly Ruleset[];
  readonly cost: Cost;
}

/** An invariant of one state (checked on every state a battle reaches). */
export interface StateInvariant extends InvariantBase {
  readonly kind: "state";
  readonly check: (state: BattleState) => Verdict;
}

/** An invariant of one accepted step. */
export interface StepInvariant extends InvariantBase {
  readonly kind: "step";
  readonly check: (step: Step) => Verdict;
}

/** One refused action: the state it was tried on, the action and the violation returned. */
export interface Refusal {
  readonly before: BattleState;
  readonly action: unknown;
  readonly violation: Violation;
}

/** An invariant of a refused action (the violation a player or app gets back). */
export interface RefusalInvariant extends InvariantBase {
  readonly kind: "refusal";
  readonly check: (refusal: Refusal) => Verdict;
}

/** Any invariant of the catalogue. */
export type Invariant = StateInvariant | StepInvariant | RefusalInvariant;

/** A broken invariant: which one, the rule, what was wrong and where (empty path: the whole state or step). */
export interface Breach {
  readonly invariant: string;
  readonly rule: RuleId;
  readonly message: string;
  readonly path: StatePath;
}

/** Defines a state invariant (a typed identity helper). */
export function stateInvariant(i: Omit<StateInvariant, "kind">): StateInvariant {
  return { ...i, kind: "state" };
}

/** Defines a refusal invariant (a typed identity helper). */
export function refusalInvariant(i: Omit<RefusalInvariant, "kind">): RefusalInvariant {
  return { ...i, kind: "refusal" };
}

/** Defines a step invariant (a typed identity helper). */
export function stepInvariant(i: Omit<StepInvariant, "kind">): StepInvariant {
  return { ...i, kind: "step" };
}
