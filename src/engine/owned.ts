/**
 * Which states this copy of the engine built, so the rest of the engine may cache on them.
 *
 * The engine keeps caches keyed by object identity (unit layouts, the units in play, legal-action
 * listings) because states are immutable. That holds for the states it builds, but not for what an
 * app may hand it: an immer draft is a mutable proxy that is revoked when its recipe returns, and a
 * plain object built around a draft holds such proxies. A cache that kept one would go stale or
 * throw later ("Cannot perform 'get' on a proxy that has been revoked").
 *
 * So the public entry points {@link adopt} their input: a state this copy built (or one spread from
 * such states' parts, as `{ ...state, dice }`) is used as it is; any other part (a draft, a part a
 * finalised immer state rebuilt, a state from another copy of the library) is copied once as plain
 * data. The check is one `WeakSet` lookup for the engine's own states, so the fast path stays fast.
 */
import type { BattleState } from "../state/battle.js";
import { FusilladeError } from "./violation.js";
import { describe } from "./plain.js";

/**
 * States built by this copy of the engine off the hot path (created, loaded, re-seeded, adopted),
 * with their top-level parts (units record, turn, dice…).
 */
const OWNED = new WeakSet<object>();

/**
 * The states committed last, held strongly: registering every committed state in a `WeakSet`
 * costs more than the rest of a cheap action (weak tables weigh on the garbage collector), and a
 * state is nearly always used again right after it is made. An older one that is neither here
 * nor in {@link OWNED} is only copied once more.
 */
const RECENT: object[] = [];
const RECENT_SIZE = 8;
let at = 0;

/** The state committed last: its parts are the engine's own too, for spreads of it (`{ ...state, dice }`). */
let last: Record<string, unknown> = {};

/** Registers a state this engine built and returns to its caller (an action's result): one store. */
export function ownRecent(state: BattleState): BattleState {
  last = state as unknown as Record<string, unknown>;
  at = at + 1 === RECENT_SIZE ? 0 : at + 1;
  RECENT[at] = state;
  return state;
}

/** Registers a state this engine built off the hot path, with its top-level parts. */
export function own(state: BattleState): BattleState {
  last = state as unknown as Record<string, unknown>;
  OWNED.add(state);
  for (const v of Object.values(state) as unknown[]) if (typeof v === "object" && v !== null) OWNED.add(v);
  return state;
}

/** Whether this copy of the engine built the state (it can be cached on as it is). */
export function isOwned(state: BattleState): boolean {
  if (state === last) return true;
  for (let i = 0; i < RECENT.length; i++) if (RECENT[i] === state) return true;
  return OWNED.has(state);
}

/**
 * The state as the engine may cache on it: the state itself when this copy built it, else a copy
 * whose parts are the engine's own parts where the input shares them and plain copies elsewhere.
 * Reading an immer draft this way is safe while its recipe runs; the copy holds no proxy.
 */
export function adopt(state: BattleState): BattleState {
  return isOwned(state) ? state : adoptForeign(state);
}

function adoptForeign(state: BattleState): BattleState {
  // Anything but a record of the state's parts is refused before it is read (null, an array of a
  // million items, a number); a state whose getters or Proxy traps throw, or that refers to itself,
  // is refused as it is copied. Always the one error type, never a raw TypeError or RangeError.
  if (typeof state !== "object" || state === null || Array.isArray(state)) throw notAState(`got ${state === null ? "null" : Array.isArray(state) ? "an array" : typeof state}`);
  let out: Record<string, unknown>;
  try {
    // A spread keeps the object shape of the engine's own states (an object filled key by key gets
    // another hidden class, and every rule reading it would slow down); foreign parts are replaced.
    out = { ...state } as unknown as Record<string, unknown>;
    const seen = last;
    for (const key in out) {
      const v = out[key];
      if (typeof v === "object" && v !== null && v !== seen[key] && !OWNED.has(v)) {
        const copy = plainCopy(v, 0) as object;
        OWNED.add(copy);
        put(out, key, copy);
      }
    }
  } catch (e) {
    throw notAState(`it could not be read (${describe(e)})`, e);
  }
  const turn = out["turn"] as Record<string, unknown> | null | undefined;
  if (typeof turn !== "object" || turn === null || typeof out["units"] !== "object" || out["units"] === null || !Array.isArray(out["pending"]) || typeof out["dice"] !== "object" || out["dice"] === null) {
    throw notAState("it lacks the turn, units, pending decisions or dice of one");
  }
  return ownRecent(out as unknown as BattleState);
}

/** The error for a value handed where a battle state belongs (a programmer error: `engine/misuse`). */
function notAState(why: string, cause?: unknown): FusilladeError {
  return new FusilladeError("engine/misuse", `fusillade: not a battle state: ${why}; load one with loadState or parseState`, cause === undefined ? undefined : { cause });
}

/** Deepest nesting copied: a state is far shallower; deeper means a cycle or a hostile value. */
const MAX_DEPTH = 64;

/**
 * A deep copy of JSON-like data, read through any proxy. Objects are copied by spread, as the
 * engine builds its own, so the copies share their hidden classes (and rules stay monomorphic).
 */
function plainCopy(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_DEPTH) throw new RangeError(`nested more than ${MAX_DEPTH} levels deep (a cycle?)`);
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = plainCopy(value[i], depth + 1);
    return out;
  }
  const out: Record<string, unknown> = { ...value };
  for (const key in out) {
    const v = out[key];
    if (typeof v === "object" && v !== null) put(out, key, plainCopy(v, depth + 1));
  }
  return out;
}

/** Stores a property; a key named "__proto__" (possible in parsed JSON) stays an own property. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
