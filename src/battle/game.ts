/**
 * A battle played with its scenario's victory rules: `startBattle` and `playAction` wrap
 * `createBattle` and `apply` and judge the scenario's conditions at the end of every game turn and
 * at the turn limit (CORE-TURN-1), writing `state.result` and ending the battle when one holds.
 */
import type { BattleEvent, BattleState } from "../state/battle.js";
import type { BattleSetup } from "../state/setup.js";
import type { JsonValue } from "../state/common.js";
import type { Action } from "../engine/actions.js";
import type { InputError, Result } from "../engine/violation.js";
import { apply, applyTrusted, type ApplyResult } from "../engine/apply.js";
import { createBattle } from "../engine/create.js";
import type { VictorySpec } from "../scenarios/format.js";
import { judge, resultOf, wipeOut, type Verdict } from "./victory.js";

/** Appends engine-style events (sequence numbers continue the log) to a state. */
function withEvents(state: BattleState, drafts: readonly { readonly type: string; readonly [k: string]: JsonValue }[]): { state: BattleState; events: BattleEvent[] } {
  const events = drafts.map((d, i) => ({ rule: "CORE-TURN-1", ...d, seq: state.log.length + i, gameTurn: state.turn.gameTurn }) as BattleEvent);
  return { state: { ...state, log: [...state.log, ...events] }, events };
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
 * Judges a step's outcome against the victory rules: at the turn limit the final verdict replaces
 * the engine's "turn limit" result; at the end of a game turn a condition that holds ends the
 * battle there (judged on the position as the game turn ended, before the next one begins); an
 * army wiped out loses at once.
 */
export function judgeOutcome(prev: BattleState, next: BattleState, events: readonly BattleEvent[], spec: VictorySpec | null): { state: BattleState; events: BattleEvent[] } {
  if (spec === null) return { state: next, events: [...events] };
  if (next.turn.phase === "finished") {
    if (!events.some((e) => e.type === "battle/ended")) return { state: next, events: [...events] };
    const v = judge(next, spec, "final") as Verdict;
    const done = conclude(next, v, true);
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
  const v = wipeOut(next);
  if (v === null) return { state: next, events: [...events] };
  const done = conclude(next, v, false);
  return { state: done.state, events: [...events, ...done.events] };
}

/**
 * Applies an action and then judges the scenario's victory rules (see {@link judgeOutcome}).
 * `trusted` skips the schema parse (actions from `legalActions` or code).
 * @example
 * const r = playAction(state, { type: "turn/advance" }, scenario.victory);
 */
export function playAction(state: BattleState, action: Action | unknown, spec: VictorySpec | null, trusted = false): ApplyResult {
  const r = trusted ? applyTrusted(state, action as Action) : apply(state, action);
  if (!r.ok) return r;
  return { ok: true, ...judgeOutcome(state, r.state, r.events, spec) };
}

/**
 * Creates a battle from a setup, judged from the start (an army with no unit on the table loses).
 * @example
 * const r = startBattle(scenarioSetup(scenario, 42), scenario.victory);
 */
export function startBattle(setup: BattleSetup | unknown, spec: VictorySpec | null): Result<BattleState, InputError> {
  const r = createBattle(setup);
  if (!r.ok || spec === null) return r;
  const v = wipeOut(r.value);
  return v === null ? r : { ok: true, value: conclude(r.value, v, false).state };
}
