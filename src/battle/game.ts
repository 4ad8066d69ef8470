/**
 * A battle played with its scenario's victory rules. The engine judges them itself when the state
 * carries them (`state.victory`, from the setup): at the end of every game turn, at the turn limit
 * (CORE-TURN-1) and, for a wipe-out, at every phase boundary. `startBattle` and `playAction` wrap
 * `createBattle` and `apply`, put the rules into the state, and end a battle at once when an army
 * has no unit left.
 */
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { BattleSetup } from "../state/setup.js";
import type { JsonValue } from "../state/common.js";
import type { Action } from "../engine/actions.js";
import type { InputError, Result } from "../engine/violation.js";
import { applyUnknown, applyTrusted, type ApplyResult } from "../engine/apply.js";
import { createBattleUnknown, createBattleWithEvents } from "../engine/all.js";
import { adopt, own } from "../engine/owned.js";
import { badArg, objectArg, recordArg } from "../engine/args.js";
import type { VictorySpec } from "../state/victory.js";
import { judge, resultOf, wipeOut, type Verdict } from "./victory.js";
import type { EngineEvent } from "../events/catalogue.js";

/** Events judged by the victory rules are engine events (`battle/ended`, `battle/victory`). */
function typed(out: { state: BattleState; events: BattleEvent[] }): { state: BattleState; events: readonly EngineEvent[] } {
  return out as { state: BattleState; events: readonly BattleEvent[] } as { state: BattleState; events: readonly EngineEvent[] };
}

/**
 * Engine-style events (sequence numbers continuing the state's `eventSeq`) for a state. The victory
 * events change no turn fact, so the facts stay as they are.
 */
function withEvents(state: BattleState, drafts: readonly { readonly type: string; readonly [k: string]: JsonValue }[]): { state: BattleState; events: BattleEvent[] } {
  const events = drafts.map((d, i) => ({ rule: "CORE-TURN-1", ...d, seq: state.eventSeq + i, gameTurn: state.turn.gameTurn }) as BattleEvent);
  return { state: own({ ...state, eventSeq: state.eventSeq + events.length }), events };
}

/** Ends the battle on a verdict: result written, battle finished, both events logged. */
function conclude(state: BattleState, v: Verdict, ended: boolean): { state: BattleState; events: BattleEvent[] } {
  const finished: BattleState = ended ? state : { ...state, pending: [], turn: { ...state.turn, phase: "finished", step: null } };
  const drafts: { type: string; [k: string]: JsonValue }[] = [];
  if (!ended) drafts.push({ type: "battle/ended", reason: "victory condition", gameTurn: state.turn.gameTurn });
  drafts.push({ type: "battle/victory", winner: v.winner, reason: v.reason, condition: v.condition });
  return withEvents({ ...finished, result: resultOf(v) }, drafts);
}

/**
 * The state with victory rules to judge: its own, or `spec` when it carries none (a state created
 * without them). The engine then judges them at the end of every game turn and at the turn limit.
 */
function withVictory(state: BattleState, spec: VictorySpec | null): BattleState {
  return spec === null || state.victory !== null ? state : { ...state, victory: spec };
}

/**
 * Judges a step's outcome against the victory rules. A state that carries its victory rules
 * (`state.victory`) was already judged by the engine at the end of the game turn and at the turn
 * limit: only a wipe-out is checked here, so that an army with no unit left loses at once rather
 * than at the next phase. For a state without them, `spec` is judged as the engine would: at the
 * turn limit the final verdict replaces the "turn limit" result; at the end of a game turn a
 * condition that holds ends the battle there; an army wiped out loses at once.
 */
export function judgeOutcome(prevInput: BattleState, nextInput: BattleState, events: readonly BattleEvent[], spec: VictorySpec | null): { state: BattleState; events: BattleEvent[] } {
  const prev = adopt(prevInput);
  const next = adopt(nextInput);
  if (spec === null && next.victory === null) return { state: next, events: [...events] };
  if (next.victory === null && spec !== null) {
    if (next.turn.phase === "finished") {
      if (!events.some((e) => e.type === "battle/ended")) return { state: next, events: [...events] };
      const done = conclude(next, judge(next, spec, "final") as Verdict, true);
      return { state: done.state, events: [...events, ...done.events] };
    }
    const ended = events.find((e) => e.type === "turn/gameTurnEnded");
    if (ended !== undefined) {
      const v = judge(prev, spec, "turnEnd");
      if (v !== null) {
        const { seq: _s, gameTurn: _g, ...draft } = ended;
        const marked = withEvents(prev, [draft]);
        const done = conclude(marked.state, v, false);
        return { state: done.state, events: [...marked.events, ...done.events] };
      }
    }
  }
  if (next.turn.phase === "finished") return { state: next, events: [...events] };
  const v = wipeOut(next);
  if (v === null) return { state: next, events: [...events] };
  const done = conclude(next, v, false);
  return { state: done.state, events: [...events, ...done.events] };
}

/**
 * Applies an action and then judges the victory rules: the state's own (`state.victory`), or
 * `spec` when the state carries none (it is stored in the state, so the engine judges it from now
 * on). An army with no unit left loses at once.
 * `trusted` skips the schema parse (actions from `legalActions` or code).
 * @example
 * const r = playAction(state, { type: "turn/advance" }, scenario.victory);
 */
export function playAction(state: BattleState, action: Action | unknown, spec: VictorySpec | null, trusted = false): ApplyResult {
  const base = withVictory(adopt(state), spec);
  const r = trusted ? applyTrusted(base, action as Action) : applyUnknown(base, action);
  if (!r.ok) return r;
  return { ok: true, ...typed(judgeOutcome(base, r.state, r.events, null)) };
}

/**
 * {@link playAction} for an action a bot already applied to `state` (its `decide`): judges the
 * victory rules on the result without applying the action again. When `spec` must first be put
 * into the state (a state that carries no victory rules), the action is applied to that state.
 * @example
 * const d = randomBot.decide(state, 7);
 * if (d !== null) state = playApplied(state, d, scenario.victory);
 */
export function playApplied(input: BattleState, applied: { readonly action: Action; readonly state: BattleState; readonly events: readonly BattleEvent[] }, spec: VictorySpec | null): ApplyResult {
  const state = adopt(input);
  const a = recordArg("playApplied", "applied", applied);
  if (spec !== null) objectArg("playApplied", "spec", spec);
  const base = withVictory(state, spec);
  if (base !== state) return playAction(state, a.action, spec, true);
  if (!Array.isArray(a.events)) throw badArg("playApplied", "applied.events", "an array", a.events);
  return { ok: true, ...typed(judgeOutcome(base, adopt(a.state), a.events, null)) };
}

/**
 * Creates a battle from a setup with victory rules: `spec`, or the setup's own `victory` when `spec`
 * is null. The engine judges them from the start (an army with no unit on the table loses).
 * @example
 * const r = startBattle(scenarioSetup(scenario, 42), scenario.victory);
 */
export function startBattle(setup: BattleSetup | unknown, spec: VictorySpec | null): Result<BattleState, InputError> {
  return createBattleUnknown(withSpecOf(setup, spec));
}

/** {@link startBattle}, with the events of the battle's opening (the start of its history). */
export function startBattleWithEvents(setup: BattleSetup | unknown, spec: VictorySpec | null): Result<{ state: BattleState; events: BattleEvent[] }, InputError> {
  return createBattleWithEvents(withSpecOf(setup, spec));
}

/** The setup with victory rules `spec` (when given). */
function withSpecOf(setup: BattleSetup | unknown, spec: VictorySpec | null): unknown {
  if (spec === null || spec === undefined || typeof setup !== "object" || setup === null || Array.isArray(setup)) return setup;
  try {
    return { ...setup, victory: spec };
  } catch {
    return setup; // unreadable: the engine's own copy of it reports where
  }
}
