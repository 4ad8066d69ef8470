/**
 * Minimal replays: re-plays a record checking the whole catalogue after every step, and shrinks a
 * failing record (delta debugging over its actions) to a shorter one that fails the same way.
 */
import type { BattleState } from "../../state/battle.js";
import { FusilladeError } from "../../engine/violation.js";
import { playAction, startBattle } from "../../battle/game.js";
import { checkRefusal, checkState, checkStep } from "../catalogue.js";
import { deepFreeze } from "../freeze.js";
import type { FuzzRecord } from "./run.js";

/** The first failure a record's replay meets: its signature prefix and message, or null. */
export interface ReplayVerdict {
  readonly signature: string;
  readonly message: string;
  /** Index of the action that failed (-1: the setup). */
  readonly index: number;
}

/**
 * Replays a record action by action through the engine, checking every invariant (full cost) after
 * each applied action; an action refused is skipped (so a shortened record still replays). Returns
 * the first failure: an exception, a breached invariant, or a typed-violation breach.
 * @example
 * const v = replayVerdict(failure.record); // { signature: "breach:unit.noOverlap", index: 41, … }
 */
export function replayVerdict(record: FuzzRecord): ReplayVerdict | null {
  let state: BattleState;
  try {
    const r = startBattle(record.setup, record.victory);
    if (!r.ok) return { signature: "setup:refused", message: r.error.issues[0]?.message ?? "", index: -1 };
    state = deepFreeze(r.value);
  } catch (e) {
    return { signature: "setup:exception", message: String(e), index: -1 };
  }
  const first = checkState(state)[0];
  if (first !== undefined) return { signature: `breach:${first.invariant}`, message: first.message, index: -1 };
  for (const [index, action] of record.actions.entries()) {
    let r;
    try {
      r = playAction(state, action, record.victory, false);
    } catch (e) {
      const typed = e instanceof FusilladeError;
      return { signature: `exception:${typed ? "typed" : "untyped"}`, message: e instanceof Error ? e.message : String(e), index };
    }
    if (!r.ok) {
      const b = checkRefusal(state, action, r.violation)[0];
      if (b !== undefined) return { signature: `breach:${b.invariant}`, message: b.message, index };
      continue;
    }
    const b = checkStep(state, action, r.state, r.events)[0];
    if (b !== undefined) return { signature: `breach:${b.invariant}`, message: b.message, index };
    state = deepFreeze(r.state);
  }
  return null;
}

/** Whether two signatures name the same failure (a breach of the same invariant, or the same kind of exception). */
function same(a: string, b: string): boolean {
  return a.split(":").slice(0, 2).join(":") === b.split(":").slice(0, 2).join(":");
}

/**
 * Shrinks a failing record: removes chunks of actions (halves, quarters, … single actions) while
 * the replay still fails the same way, then cuts everything after the failing action. `budget`
 * caps the replays tried.
 * @example
 * const small = shrinkRecord(failure.record); // the same breach in far fewer actions
 */
export function shrinkRecord(record: FuzzRecord, budget = 400): { record: FuzzRecord; verdict: ReplayVerdict | null; replays: number } {
  let best = record;
  let verdict = replayVerdict(best);
  let replays = 1;
  if (verdict === null) return { record, verdict, replays };
  const target = verdict.signature;
  const cut = (r: FuzzRecord, v: ReplayVerdict): FuzzRecord => ({ ...r, actions: r.actions.slice(0, v.index + 1) });
  best = cut(best, verdict);
  for (let chunk = Math.max(1, Math.floor(best.actions.length / 2)); chunk >= 1 && replays < budget; chunk = Math.floor(chunk / 2)) {
    for (let start = 0; start < best.actions.length && replays < budget; ) {
      const trial = { ...best, actions: [...best.actions.slice(0, start), ...best.actions.slice(start + chunk)] };
      const v = replayVerdict(trial);
      replays++;
      if (v !== null && same(v.signature, target)) {
        best = cut(trial, v);
        verdict = v;
      } else start += chunk;
    }
    if (chunk === 1) break;
  }
  return { record: best, verdict, replays };
}
