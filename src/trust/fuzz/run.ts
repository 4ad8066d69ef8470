/**
 * The fuzz runner: plays one battle from a setup, one probe per choice word, checking the invariant
 * catalogue after every accepted step and the refusal invariants after every refused one, catching
 * every exception. Pure and deterministic: the same setup and words always give the same report.
 */
import type { BattleState } from "../../state/battle.js";
import type { BattleSetup } from "../../state/setup.js";
import type { Action } from "../../engine/actions.js";
import type { ApplyResult } from "../../engine/apply.js";
import { FusilladeError } from "../../engine/violation.js";
import { legalActions } from "../../engine/decisions.js";
import { legalMovementActions } from "../../rules/whn/movement/legal.js";
import { formatInputError } from "../../engine/format.js";
import { playAction, startBattle } from "../../battle/game.js";
import type { VictorySpec } from "../../scenarios/format.js";
import { checkRefusal, checkState, checkStep, invariantCount } from "../catalogue.js";
import type { Breach } from "../invariants/types.js";
import { deepFreeze } from "../freeze.js";
import { Rng } from "./rng.js";
import { DEFAULT_WEIGHTS, ProbeMemory, makeProbe, type Probe, type ProbeWeights } from "./probes.js";

/** A battle as a record: its setup, victory rules and the actions that applied, in order. */
export interface FuzzRecord {
  readonly setup: BattleSetup;
  readonly victory: VictorySpec | null;
  readonly actions: readonly unknown[];
}

/** Kinds of failure the fuzzer reports. */
export type FailureKind = "breach" | "exception" | "illegalAccepted" | "legalRefused" | "setup";

/** One failure: where, what, and the record that reaches it (the failing action last). */
export interface Failure {
  readonly kind: FailureKind;
  /** A stable signature (kind, invariant or action type, message shape) for grouping and known-issue lists. */
  readonly signature: string;
  readonly step: number;
  readonly probe: Probe["kind"] | null;
  readonly message: string;
  readonly breaches: readonly Breach[];
  /** For exceptions: whether it was a FusilladeError, and its code. */
  readonly typed: boolean | null;
  readonly record: FuzzRecord;
}

/** Options of {@link fuzzBattle}. */
export interface FuzzOptions {
  readonly victory?: VictorySpec | null;
  /** How many steps may call `legalActions` (it is costly); default: every step. */
  readonly legalBudget?: number;
  /** Run the `full` invariants every this many accepted steps (and at the end); default 50. */
  readonly fullEvery?: number;
  readonly weights?: ProbeWeights;
  /** Stop after this many failures (default 20). */
  readonly maxFailures?: number;
}

/** What one fuzzed battle did. */
export interface FuzzReport {
  readonly steps: number;
  readonly accepted: number;
  readonly refused: number;
  readonly invariantsChecked: number;
  readonly inputsTried: number;
  readonly legalCalls: number;
  readonly failures: readonly Failure[];
  /** Every action that applied, in order (the battle's record). */
  readonly record: FuzzRecord;
  readonly final: BattleState | null;
}

/** One unit's legal movement actions (the answer to a pending charge response, else a random unit of the active side). */
function cheapLegal(s: BattleState, rng: Rng): readonly Action[] {
  const top = s.pending[0];
  if (top !== undefined) return top.kind === "chargeResponse" && top.unit !== null ? (legalMovementActions(s, top.unit) as Action[]) : [];
  const mine = Object.values(s.units).filter((u) => u.side === s.turn.activeSide && u.removed === null && u.order !== "FLEEING");
  const u = rng.pick(mine);
  return u === undefined ? [] : (legalMovementActions(s, u.id) as Action[]);
}

function typeOf(action: unknown): string {
  const t = action !== null && typeof action === "object" ? (action as { type?: unknown }).type : undefined;
  return typeof t === "string" ? t.slice(0, 40) : typeof action;
}

/** A message's shape: numbers and quoted ids blanked, so equal bugs group together. */
function shape(msg: string): string {
  return msg.replace(/"[^"]*"/g, '""').replace(/-?\d+(\.\d+)?/g, "#").slice(0, 120);
}

function errorText(e: unknown): { message: string; typed: boolean } {
  if (e instanceof FusilladeError) {
    const cause = e.cause instanceof Error ? ` (cause: ${e.cause.name}: ${e.cause.message})` : "";
    return { message: `FusilladeError ${e.code}: ${e.message}${cause}`, typed: true };
  }
  return { message: e instanceof Error ? `${e.name}: ${e.message}` : `thrown non-error: ${String(e)}`, typed: false };
}

/**
 * Fuzzes one battle: one probe per word of `words` (each word seeds that step's choices).
 * @example
 * const report = fuzzBattle(scenarios.ridgeAction(7), [1, 2, 3], { legalBudget: 10 });
 * if (report.failures.length > 0) console.log(report.failures[0]);
 */
export function fuzzBattle(setup: BattleSetup, words: readonly number[], options: FuzzOptions = {}): FuzzReport {
  const victory = options.victory ?? null;
  const fullEvery = options.fullEvery ?? 50;
  const maxFailures = options.maxFailures ?? 20;
  let legalLeft = options.legalBudget ?? Number.POSITIVE_INFINITY;
  const failures: Failure[] = [];
  const actions: unknown[] = [];
  let checked = 0;
  let tried = 1;
  let accepted = 0;
  let refused = 0;
  let legalCalls = 0;
  const record = (extra: unknown[] = []): FuzzRecord => ({ setup, victory, actions: [...actions, ...extra] });
  const fail = (f: Omit<Failure, "record">, failing: unknown[] = []): void => {
    failures.push({ ...f, record: record(failing) });
  };

  let started;
  try {
    started = startBattle(setup, victory);
  } catch (e) {
    const t = errorText(e);
    fail({ kind: "setup", signature: `setup:exception:${shape(t.message)}`, step: -1, probe: null, message: t.message, breaches: [], typed: t.typed });
    return { steps: 0, accepted, refused, invariantsChecked: checked, inputsTried: tried, legalCalls, failures, record: record(), final: null };
  }
  if (!started.ok) {
    fail({ kind: "setup", signature: "setup:refused", step: -1, probe: null, message: formatInputError(started.error), breaches: [], typed: true });
    return { steps: 0, accepted, refused, invariantsChecked: checked, inputsTried: tried, legalCalls, failures, record: record(), final: null };
  }
  let state = deepFreeze(started.value);
  const first = checkState(state);
  checked += invariantCount(state.ruleset, "state");
  for (const b of first) fail({ kind: "breach", signature: `breach:${b.invariant}`, step: -1, probe: null, message: b.message, breaches: [b], typed: null });

  let legalCache: { state: BattleState; list: readonly Action[] } | null = null;
  const fullLegal = (s: BattleState): readonly Action[] => {
    if (legalCache?.state === s) return legalCache.list;
    legalCalls++;
    legalLeft--;
    const list = legalActions(s);
    legalCache = { state: s, list };
    return list;
  };
  /** Legal actions, rationed: the full listing while the budget lasts, else one unit's movement listing. */
  const legalOf = (s: BattleState, rng: Rng): readonly Action[] => {
    if (legalCache?.state === s || legalLeft > 0 || s.ruleset === "fnf" || s.turn.phase !== "movement") return fullLegal(s);
    return cheapLegal(s, rng);
  };

  const memory = new ProbeMemory();
  let step = 0;
  for (; step < words.length && failures.length < maxFailures; step++) {
    const rng = new Rng(words[step] ?? 0);
    const s = state;
    const mayList = legalCache?.state === s || legalLeft > 0 || (s.ruleset !== "fnf" && s.turn.phase === "movement");
    let probe: Probe;
    try {
      probe = makeProbe(s, rng, mayList ? (g) => legalOf(s, g) : null, options.weights ?? DEFAULT_WEIGHTS, memory);
    } catch (e) {
      const t = errorText(e);
      fail({ kind: "exception", signature: `exception:legalActions:${shape(t.message)}`, step, probe: "legal", message: `legalActions threw: ${t.message}`, breaches: [], typed: t.typed });
      legalCache = { state: s, list: [] };
      continue;
    }
    tried++;
    let r: ApplyResult;
    try {
      r = playAction(s, probe.action, victory, probe.trusted);
    } catch (e) {
      const t = errorText(e);
      fail({ kind: "exception", signature: `exception:${typeOf(probe.action)}:${shape(t.message)}`, step, probe: probe.kind, message: t.message, breaches: [], typed: t.typed }, [probe.action]);
      continue;
    }
    if (!r.ok) {
      refused++;
      if (probe.expect === "applies") {
        fail({ kind: "legalRefused", signature: `legal-refused:${typeOf(probe.action)}:${r.violation.code}`, step, probe: probe.kind, message: `a listed legal action was refused: ${r.violation.code}`, breaches: [], typed: null }, [probe.action]);
      }
      const breaches = checkRefusal(s, probe.action, r.violation);
      checked += 2;
      for (const b of breaches) fail({ kind: "breach", signature: `breach:${b.invariant}:${r.violation.code}`, step, probe: probe.kind, message: b.message, breaches: [b], typed: null }, [probe.action]);
      continue;
    }
    accepted++;
    if (probe.expect === "refused") {
      fail({ kind: "illegalAccepted", signature: `illegal-accepted:${probe.kind}:${typeOf(probe.action)}`, step, probe: probe.kind, message: `an input that must be refused applied: ${JSON.stringify(probe.action)?.slice(0, 300) ?? "undefined"}`, breaches: [], typed: null }, [probe.action]);
    }
    const full = accepted % fullEvery === 0 || r.state.turn.phase === "finished";
    const breaches = checkStep(s, probe.action, r.state, r.events, { cost: full ? "all" : "cheap" });
    checked += invariantCount(s.ruleset, "both", { cost: full ? "all" : "cheap" });
    for (const b of breaches) fail({ kind: "breach", signature: `breach:${b.invariant}`, step, probe: probe.kind, message: b.message, breaches: [b], typed: null }, [probe.action]);
    memory.applied(s, typeOf(probe.action));
    actions.push(probe.action);
    state = deepFreeze(r.state);
  }
  const last = checkState(state);
  checked += invariantCount(state.ruleset, "state");
  for (const b of last) if (!failures.some((f) => f.signature === `breach:${b.invariant}`)) fail({ kind: "breach", signature: `breach:${b.invariant}`, step, probe: null, message: b.message, breaches: [b], typed: null });
  return { steps: step, accepted, refused, invariantsChecked: checked, inputsTried: tried, legalCalls, failures, record: record(), final: state };
}
