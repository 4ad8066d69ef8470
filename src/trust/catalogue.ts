/**
 * The invariant catalogue: every named invariant, and checkers that run the ones that apply to a
 * state or a step. Pure, so apps can run them on states they load or receive.
 */
import type { BattleEvent, BattleState } from "../state/battle.js";
import { COMMON_INVARIANTS } from "./invariants/common.js";
import { WHN_INVARIANTS } from "./invariants/whn.js";
import { FNF_INVARIANTS } from "./invariants/fnf.js";
import { CORE_INVARIANTS } from "./invariants/core.js";
import { REFUSAL_INVARIANTS } from "./invariants/refusal.js";
import { STRUCTURE_INVARIANTS } from "./invariants/structure.js";
import { SETUP_INVARIANTS } from "./invariants/setup.js";
import type { Violation } from "../engine/violation.js";
import type { Breach, Cost, Invariant, RefusalInvariant, StateInvariant, StepInvariant, Verdict } from "./invariants/types.js";
import { badArg, objectArg, readingArg } from "../engine/args.js";

/** The ruleset of a value handed as a state, read defensively (null, a Proxy that throws: `engine/misuse`). */
function rulesetOf(api: string, arg: string, state: unknown): BattleState["ruleset"] {
  const s = objectArg(api, arg, state);
  return readingArg(api, arg, () => s["ruleset"]) as BattleState["ruleset"];
}

/**
 * Every invariant of the catalogue, documented and tied to the rule it protects.
 * @example
 * for (const i of INVARIANTS) console.log(i.id, i.rule, i.doc);
 */
export const INVARIANTS: readonly Invariant[] = [...COMMON_INVARIANTS, ...STRUCTURE_INVARIANTS, ...SETUP_INVARIANTS, ...WHN_INVARIANTS, ...CORE_INVARIANTS, ...FNF_INVARIANTS, ...REFUSAL_INVARIANTS];

/** Which invariants to run: `cheap` skips those linear in the whole state (see {@link Cost}). */
export interface CheckOptions {
  readonly cost?: Cost | "all";
  /** Invariant ids to skip. */
  readonly skip?: ReadonlySet<string>;
}

function selected<K extends Invariant["kind"]>(kind: K, ruleset: BattleState["ruleset"], o: CheckOptions): Extract<Invariant, { kind: K }>[] {
  const cost = o.cost ?? "all";
  return INVARIANTS.filter(
    (i): i is Extract<Invariant, { kind: K }> => i.kind === kind && i.rulesets.includes(ruleset) && (cost === "all" || i.cost === "cheap" || cost === i.cost) && !(o.skip?.has(i.id) ?? false),
  );
}

/** Runs one invariant, turning an exception inside the check into a breach of that invariant. */
function run(i: Invariant, call: () => Verdict): Breach | null {
  let v: Verdict;
  try {
    v = call();
  } catch (e) {
    v = `the check threw: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (v === null) return null;
  return typeof v === "string" ? { invariant: i.id, rule: i.rule, message: v, path: [] } : { invariant: i.id, rule: i.rule, message: v.message, path: v.path };
}

/**
 * Checks the state invariants that apply to a state; returns every breach (empty: all hold).
 * @example
 * const breaches = checkState(loaded); if (breaches.length > 0) console.warn(breaches);
 */
export function checkState(state: BattleState, options: CheckOptions = {}): Breach[] {
  // The state is checked as given (not adopted: a copy would hide what the plain-data invariants look for).
  const ruleset = rulesetOf("checkState", "state", state);
  objectArg("checkState", "options", options);
  const out: Breach[] = [];
  for (const i of readingArg("checkState", "options", () => selected("state", ruleset, options)) as StateInvariant[]) {
    const b = run(i, () => i.check(state));
    if (b !== null) out.push(b);
  }
  return out;
}

/** State invariants the state schema already enforces (or, for a value parsed from JSON, holds by construction). */
const SCHEMA_INVARIANTS: ReadonlySet<string> = new Set(["state.schema", "state.plainJson", "state.jsonRoundTrip"]);

/**
 * Checks a state that has just passed the state schema (a loaded or received state) against the
 * rest of the catalogue: every state invariant except the schema's own. Empty: play can go on from it.
 * @example
 * const breaches = checkLoaded(parsed); // [{ invariant: "combat.wellFormed", path: ["combats", "c1", "units"], … }]
 */
export function checkLoaded(state: BattleState): Breach[] {
  return checkState(state, { skip: SCHEMA_INVARIANTS });
}

/**
 * Checks an accepted step: the step invariants, then the state invariants of the state after it.
 * @example
 * const r = apply(s, a); if (r.ok) console.log(checkStep(s, a, r.state, r.events));
 */
export function checkStep(before: BattleState, action: unknown, after: BattleState, events: readonly BattleEvent[], options: CheckOptions = {}): Breach[] {
  rulesetOf("checkStep", "before", before);
  const ruleset = rulesetOf("checkStep", "after", after);
  if (!Array.isArray(events)) throw badArg("checkStep", "events", "an array of events", events);
  objectArg("checkStep", "options", options);
  const out: Breach[] = [];
  const step = { before, action, after, events };
  for (const i of readingArg("checkStep", "options", () => selected("step", ruleset, options)) as StepInvariant[]) {
    const b = run(i, () => i.check(step));
    if (b !== null) out.push(b);
  }
  out.push(...checkState(after, options));
  return out;
}

/**
 * Checks a refused action: the violation is typed and formattable. (That the state is unchanged is
 * the harness's job: it deep-freezes every state, so a mutation throws.)
 * @example
 * const r = apply(s, a); if (!r.ok) console.log(checkRefusal(s, a, r.violation));
 */
export function checkRefusal(before: BattleState, action: unknown, violation: Violation, options: CheckOptions = {}): Breach[] {
  const ruleset = rulesetOf("checkRefusal", "before", before);
  objectArg("checkRefusal", "options", options);
  const out: Breach[] = [];
  for (const i of readingArg("checkRefusal", "options", () => selected("refusal", ruleset, options)) as RefusalInvariant[]) {
    const b = run(i, () => i.check({ before, action, violation }));
    if (b !== null) out.push(b);
  }
  return out;
}

/** How many invariants {@link checkStep} runs for a ruleset at a cost level. */
export function invariantCount(ruleset: BattleState["ruleset"], kind: Invariant["kind"] | "both", options: CheckOptions = {}): number {
  const n = (k: Invariant["kind"]): number => selected(k, ruleset, options).length;
  return kind === "both" ? n("state") + n("step") : n(kind);
}
