import { roller, DiceScriptExhaustedError, type Dice } from "../dice/index.js";
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { JsonValue } from "../state/common.js";
import type { RuleId } from "../state/ids.js";
import type { ActionContext, EventDraft } from "./context.js";
import type { Action, ActionInput } from "./actions.js";
import { routeOf, routedActionSchema } from "./router.js";
import { FACTS_RECORDERS, ensureRuleset } from "./modules.js";
import { toIssues } from "./issues.js";
import { scanInput } from "./scan.js";
import { FusilladeError, violation, type InputIssue, type Violation } from "./violation.js";
import type { EngineEvent } from "../events/catalogue.js";
import { describe, plainCopy, UnreadableInput } from "./plain.js";
import { adopt, ownRecent } from "./owned.js";
import { badArg } from "./args.js";
import { isListed, listedParse, rememberListedParse } from "./listed.js";

/**
 * The result of {@link apply}: the next state and the events the action caused, typed by the event
 * catalogue ({@link EngineEvent}: switch on `type` and the payload narrows), or a violation.
 */
export type ApplyResult =
  | { readonly ok: true; readonly state: BattleState; readonly events: readonly EngineEvent[] }
  | { readonly ok: false; readonly violation: Violation };

/**
 * Collects events during one action. Each draft is already shaped as its event (`seq` and
 * `gameTurn` placeholders last), so {@link commit} fills the two numbers in instead of copying.
 */
class EventSink {
  readonly drafts: EventDraft[] = [];
  emit(type: string, rule: RuleId, details?: { readonly [k: string]: JsonValue }): void {
    if (details === undefined) {
      this.drafts.push({ type, rule, seq: 0, gameTurn: 0 });
      return;
    }
    // A plain copy, then four stores: the same object as `{ ...details, type, rule, seq, gameTurn }`
    // (keys in that order, a detail named like one of them overwritten in place), but this one call
    // site sees every event's shape, and a spread with trailing keys there is ~5× slower (megamorphic).
    const d: Record<string, JsonValue> = { ...details };
    d["type"] = type;
    d["rule"] = rule;
    d["seq"] = 0;
    d["gameTurn"] = 0;
    this.drafts.push(d as EventDraft);
  }
}

/** A context over a dice roller and an event sink, for one action or one engine step. */
export function makeContext(state: BattleState, dice: Dice, sink: EventSink = new EventSink()): { ctx: ActionContext; sink: EventSink } {
  const ctx: ActionContext = { dice, options: state.options, emit: (t, r, d) => sink.emit(t, r, d) };
  return { ctx, sink };
}

/**
 * Commits the dice and the events of a successful step to a state: the events are numbered on from
 * `eventSeq` and folded into the turn facts (the state keeps no history). Takes the sink's drafts
 * over: they become the events (their `seq` and `gameTurn` are filled in), so a sink is committed once.
 */
export function commit(next: BattleState, dice: Dice, drafts: readonly EventDraft[]): { state: BattleState; events: BattleEvent[] } {
  const start = next.eventSeq;
  const gameTurn = next.turn.gameTurn;
  const events = drafts as unknown as BattleEvent[];
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as { seq: number; gameTurn: number };
    e.seq = start + i;
    e.gameTurn = gameTurn;
  }
  // Copy, then store: the same object as `{ ...next, dice, eventSeq, facts }` without V8's slow path
  // for a spread followed by more keys (see `EventSink.emit`).
  const state = { ...next } as { -readonly [K in keyof BattleState]: BattleState[K] };
  state.dice = dice.snapshot();
  if (events.length > 0) {
    state.eventSeq = start + events.length;
    const record = FACTS_RECORDERS[next.ruleset];
    if (record !== undefined) state.facts = record(next.facts, events, next.combats);
  }
  return { state, events };
}

/** Runs a step against fresh dice and a fresh sink; never mutates `state`. */
export function runStep(state: BattleState, step: (ctx: ActionContext) => { ok: true; state: BattleState } | { ok: false; violation: Violation }): ApplyResult {
  let dice: Dice;
  try {
    dice = roller(state.dice);
  } catch (e) {
    // A dice state no loadable battle has (e.g. draws past the safe integers): refused, not thrown.
    return { ok: false, violation: violation("dice/invalid_state", "CORE-GEO-30", { message: describe(e) }) };
  }
  const { ctx, sink } = makeContext(state, dice);
  let out;
  try {
    out = step(ctx);
  } catch (e) {
    if (e instanceof DiceScriptExhaustedError) {
      return { ok: false, violation: violation("dice/script_exhausted", null, { kind: e.kind }) };
    }
    if (e instanceof FusilladeError) throw e;
    throw new FusilladeError("engine/internal", `fusillade: a rules module failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  if (!out.ok) return out;
  const { state: next, events } = commit(out.state, dice, sink.drafts);
  // Every emitted event matches the catalogue (test/events/catalogue.test.ts plays whole battles to hold this).
  return { ok: true, state: next, events: events as readonly BattleEvent[] as readonly EngineEvent[] };
}

/**
 * Applies an already-typed action without validating it (the fast path for bots and studies,
 * whose actions come from `legalActions` or code). Game rules are still checked. Any state is
 * accepted (an immer draft, a frozen or finalised state, one from another copy of the library).
 */
export function applyTrusted(state: BattleState, action: Action): ApplyResult {
  const s = adopt(state);
  if (typeof action !== "object" || action === null) throw badArg("applyTrusted", "action", "an action object (parseAction makes one)", action);
  let r: ApplyResult;
  try {
    r = applyOwned(s, action);
  } catch (e) {
    if (e instanceof FusilladeError) throw e;
    // A getter or Proxy trap of the action that throws while the engine reads it: the caller's mistake.
    throw new FusilladeError("engine/misuse", `applyTrusted: the action could not be read (${describe(e)}); parseAction makes a plain one`, { cause: e });
  }
  if (r.ok) ownRecent(r.state);
  return r;
}

/**
 * {@link applyTrusted} on a state the engine already adopted (see src/engine/owned.ts), for dry
 * runs inside the engine: the result is not registered as the engine's own; internal.
 */
export function applyOwned(state: BattleState, action: Action): ApplyResult {
  if (state.turn.phase === "finished") {
    return { ok: false, violation: violation("battle/finished", "CORE-TURN-1", { gameTurn: state.turn.gameTurn }) };
  }
  ensureRuleset(state.ruleset);
  const route = routeOf(action.type);
  if (route === undefined) return { ok: false, violation: violation("action/unknown_type", null, { type: action.type }) };
  if (!route.rulesets.includes(state.ruleset)) {
    return { ok: false, violation: violation("action/wrong_ruleset", null, { type: action.type, ruleset: state.ruleset }) };
  }
  if (route.phases !== "any" && !route.phases.includes(state.turn.phase)) {
    return {
      ok: false,
      violation: violation("action/wrong_phase", state.ruleset === "fnf" ? "FNF-TURN-1" : "CORE-TURN-2", {
        type: action.type,
        phase: state.turn.phase,
        allowed: [...route.phases],
      }),
    };
  }
  const actor = checkActor(state, action);
  if (actor !== null) return { ok: false, violation: actor };
  return runStep(state, (ctx) => route.handler(state, action, ctx));
}

/** Action fields naming the piece that acts: it must exist and belong to the deciding side. */
const ACTOR_KEYS = ["unit", "shooter", "charger", "character"] as const;

/** Refuses an action whose acting unit or character is unknown or not the deciding side's. */
function checkActor(state: BattleState, action: Action): Violation | null {
  if (state.ruleset === "fnf") return null;
  const deciding = state.pending[0]?.side ?? state.turn.activeSide;
  const a = action as unknown as Record<string, unknown>;
  for (const key of ACTOR_KEYS) {
    const id = a[key];
    if (typeof id !== "string") continue;
    const piece = key === "character" ? (Object.hasOwn(state.characters, id) ? state.characters[id as keyof typeof state.characters] : undefined) : Object.hasOwn(state.units, id) ? state.units[id as keyof typeof state.units] : undefined;
    if (piece === undefined) return violation(key === "character" ? "action/unknown_character" : "action/unknown_unit", null, { [key]: id });
    if (piece.removed !== null) return violation("action/removed", null, { [key]: id, reason: piece.removed.reason });
    // A detachment merged into its parent acts only through it until it splits off (WHN-DET-5).
    if ("mergedInto" in piece && piece.mergedInto !== null) return violation("action/merged", "WHN-DET-5", { [key]: id, parent: piece.mergedInto });
    if (piece.side !== deciding) return violation("action/not_your_turn", "CORE-TURN-2", { [key]: id, side: piece.side, deciding });
  }
  return null;
}

/**
 * Applies an action to a battle state. Returns the next state and the events of the step (the state
 * keeps no history: an app that wants one collects them, or rebuilds them with `replay`), or a
 * violation with a stable code, the rule id and the values involved. The input state is never
 * mutated, and a violation leaves nothing changed. The action is typed ({@link ActionInput}: the
 * union narrows on `type`, so fields complete and a wrong one is a compile error) and still
 * validated in full at run time. For an action of unknown shape (parsed JSON, a network message)
 * use {@link applyUnknown}, or {@link parseAction} then {@link applyTrusted}.
 * The state may be an immer draft, a frozen or finalised state, or one from another copy of the
 * library (it is copied as plain data then).
 * @example
 * const r = apply(state, { type: "turn/advance" });
 * if (r.ok) state = r.state; else console.log(formatViolation(r.violation));
 */
export function apply(state: BattleState, action: ActionInput): ApplyResult {
  return applyUnknown(state, action);
}

/**
 * {@link apply} for a value of unknown shape: the same run-time validation (a malformed action is an
 * `action/invalid` violation listing its issues), with no compile-time claim on the input.
 * @example
 * const r = applyUnknown(state, JSON.parse(message));
 */
export function applyUnknown(state: BattleState, action: unknown): ApplyResult {
  const parsed = parseAction(action);
  if (!parsed.ok) return parsed;
  try {
    return applyTrusted(state, parsed.value);
  } catch (e) {
    if (e instanceof FusilladeError) throw e;
    // Only a state that is not one (a Proxy whose traps throw, a hand-built object) gets here.
    throw new FusilladeError("engine/misuse", `apply: the state could not be read as a battle state (${describe(e)}); load it with loadState or parseState`, { cause: e });
  }
}

/**
 * Validates a value as an action without applying it: the typed action (defaults filled in), or the
 * `action/invalid` violation {@link apply} would return. Game rules are not checked here.
 * @example
 * const a = parseAction(JSON.parse(text)); if (a.ok) console.log(isLegal(state, a.value));
 */
export function parseAction(input: unknown): { readonly ok: true; readonly value: Action } | { readonly ok: false; readonly violation: Violation } {
  // An action the engine listed (built and deeply frozen by it) parses as it did the first time.
  if (isListed(input)) {
    const known = listedParse(input);
    if (known !== undefined) return { ok: true, value: known };
    const r = parseFresh(input);
    if (r.ok) rememberListedParse(input, r.value);
    return r;
  }
  return parseFresh(input);
}

/** {@link parseAction} of a value read for the first time. */
function parseFresh(input: unknown): { readonly ok: true; readonly value: Action } | { readonly ok: false; readonly violation: Violation } {
  // Read the action once, as plain data: getters and Proxy traps run here, and a throw is a refusal.
  const action = plainCopy(input);
  if (action instanceof UnreadableInput) {
    return { ok: false, violation: violation("action/invalid", null, { issues: [{ path: [...action.path], message: action.message }] }) };
  }
  const hostile = scanInput(action);
  if (hostile.length > 0) {
    return { ok: false, violation: violation("action/invalid", null, { issues: hostile.map((i) => ({ path: [...i.path], message: i.message })) }) };
  }
  const parsed = routedActionSchema().safeParse(action);
  if (!parsed.success) {
    const issues: InputIssue[] = toIssues(parsed.error);
    return {
      ok: false,
      violation: violation("action/invalid", null, {
        issues: issues.map((i) => ({ path: [...i.path], message: i.message })),
      }),
    };
  }
  return { ok: true, value: parsed.data };
}

export { EventSink };
