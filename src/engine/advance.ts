/**
 * Auto-advance: plays the forced steps of the turn sequence for the players. Much of a battle is
 * `turn/advance` when it is the only legal action (a movement step in which no unit may act, a
 * phase with nothing to shoot at…); a UI or a bot would otherwise click through each one.
 */
import type { BattleState } from "../state/battle.js";
import type { EngineEvent } from "../events/catalogue.js";
import type { Action } from "./actions.js";
import { applyTrusted, type ApplyResult } from "./apply.js";
import { hasChoice } from "./decisions.js";
import type { Violation } from "./violation.js";

/** Where {@link advance} stops: at the next real decision (the only stop so far). */
export type AdvanceUntil = "decision";

/** Options of {@link advance}. */
export interface AdvanceOptions {
  /** Where to stop (default `"decision"`: as soon as the deciding side has a choice to make). */
  readonly until?: AdvanceUntil;
  /** At most this many forced steps (default 1000; a game turn has a few dozen at most). */
  readonly maxSteps?: number;
  /**
   * How each step is applied (default `applyTrusted`). `battle.playAction` with the scenario's
   * victory rules fits, so a battle played with them is judged after every step as before.
   */
  readonly step?: (state: BattleState, action: Action) => ApplyResult;
}

/** What {@link advance} did: the state it reached, every event on the way, and the steps it applied. */
export interface Advanced {
  readonly state: BattleState;
  /** The events of every step applied, in order. */
  readonly events: readonly EngineEvent[];
  /** The actions applied (each `{ type: "turn/advance" }`), to append to a battle record. */
  readonly actions: readonly Action[];
  /**
   * `decision`: the deciding side has a real choice (or a decision is pending); `finished`: the
   * battle is over; `cap`: `maxSteps` were applied; `refused`: a step was refused (`violation`).
   */
  readonly stopped: "decision" | "finished" | "cap" | "refused";
  readonly violation?: Violation;
}

const ADVANCE: Action = { type: "turn/advance" };

/**
 * Whether the deciding side has no choice: no decision is pending and `turn/advance` is the only
 * legal action. Checks candidates only until one is legal (any one: the listing's order does not matter here).
 * @example
 * if (isForcedStep(state)) state = advance(state).state;
 */
export function isForcedStep(state: BattleState): boolean {
  if (state.turn.phase === "finished" || state.pending.length > 0) return false;
  return !hasChoice(state);
}

/**
 * Applies `turn/advance` while it is the only legal action, and returns the state where a real
 * choice awaits (or the battle is over) with every event on the way. Deterministic: the same state
 * always gives the same result. The steps are ordinary actions: a battle record that lists them
 * (`advance(...).actions`) replays exactly with `replay`, which needs no notion of auto-advance.
 * @example
 * let state = advance(first).state;
 * const r = apply(state, chosen);
 * if (r.ok) {
 *   const next = advance(r.state);
 *   state = next.state;
 *   show([...r.events, ...next.events]);
 * }
 */
export function advance(state: BattleState, options: AdvanceOptions = {}): Advanced {
  const maxSteps = options.maxSteps ?? 1000;
  const step = options.step ?? applyTrusted;
  const events: EngineEvent[] = [];
  const actions: Action[] = [];
  let s = state;
  for (;;) {
    if (s.turn.phase === "finished") return { state: s, events, actions, stopped: "finished" };
    if (!isForcedStep(s)) return { state: s, events, actions, stopped: "decision" };
    if (actions.length >= maxSteps) return { state: s, events, actions, stopped: "cap" };
    const r = step(s, ADVANCE);
    if (!r.ok) return { state: s, events, actions, stopped: "refused", violation: r.violation };
    for (const e of r.events) events.push(e);
    actions.push(ADVANCE);
    s = r.state;
  }
}
