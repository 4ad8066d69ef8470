/**
 * Actions the engine listed (issue 22 speed). `legalActions` and the draw hand out actions they
 * built themselves and deeply froze: plain data, no getter, no Proxy, unchangeable. When an app
 * hands one back to `apply` (or `isLegal`), reading it defensively again (a plain copy, the hostile
 * input scan, the schema parse) would only rebuild the same value, so the parse made the first time
 * is kept per listed action object and reused. Keyed by actions only, never by a state; weak.
 */
import type { Action } from "./actions.js";

/** Actions the engine built and froze for a listing. */
const LISTED = new WeakSet<object>();

/** The parse of a listed action (what `parseAction` gave for it the first time). */
const PARSED = new WeakMap<object, Action>();

/** Marks an action the engine built and deeply froze as listed. */
export function markListed(action: object): void {
  LISTED.add(action);
}

/** Whether a value is an action the engine listed. */
export function isListed(value: unknown): value is object {
  return typeof value === "object" && value !== null && LISTED.has(value);
}

/** The remembered parse of a listed action, if any. */
export function listedParse(action: object): Action | undefined {
  return PARSED.get(action);
}

/** Remembers the parse of a listed action, deeply frozen (it is handed out again). */
export function rememberListedParse(action: object, parsed: Action): void {
  deepFreeze(parsed);
  PARSED.set(action, parsed);
}

/**
 * Freezes a listed action and everything in it (paths, legs, models, points), once: an action
 * already frozen is left as it is (listers hand out the same objects again and again).
 */
export function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (const v of value as unknown[]) if (typeof v === "object" && v !== null) deepFreeze(v);
    return;
  }
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === "object" && v !== null) deepFreeze(v);
  }
}
