/** Small helpers shared by the invariants: actors of actions, events naming a piece, JSON safety. */
import type { BattleEvent, BattleState } from "../../state/battle.js";

/** Action fields that name the piece acting (WHN and FnF). */
export const ACTOR_FIELDS = ["unit", "shooter", "charger", "character", "challenger", "champion", "firer", "leader", "detachment"] as const;

/** The `type` of an action, or "" when it has none. */
export function actionType(action: unknown): string {
  if (action === null || typeof action !== "object") return "";
  const t = (action as { type?: unknown }).type;
  return typeof t === "string" ? t : "";
}

/** The acting piece of an action: its field and id, or null. */
export function actorOf(action: unknown): { field: string; id: string } | null {
  if (action === null || typeof action !== "object") return null;
  const a = action as Record<string, unknown>;
  for (const field of ACTOR_FIELDS) {
    const id = a[field];
    if (typeof id === "string") return { field, id };
  }
  return null;
}

/** The side that decides next in a state (the top pending decision's, else the active side's). */
export function decidingSide(state: BattleState): string {
  return state.pending[0]?.side ?? state.turn.activeSide;
}

/** Whether an event names a piece in any string detail (`unit`, `crew`, `square`, …). */
export function eventNames(e: BattleEvent, id: string): boolean {
  for (const k of Object.keys(e)) if (e[k] === id && k !== "type" && k !== "rule") return true;
  return false;
}

/** Events of the given types that name a piece. */
export function eventsNaming(events: readonly BattleEvent[], types: ReadonlySet<string>, id: string): BattleEvent[] {
  return events.filter((e) => types.has(e.type) && eventNames(e, id));
}

/** The path of the first value that is not plain JSON (finite numbers, no undefined, plain objects), or null. */
export function firstNonJson(value: unknown, path = "$", depth = 0): string | null {
  if (depth > 200) return `${path} (nested deeper than 200)`;
  if (value === null || typeof value === "string" || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : `${path} = ${String(value)}`;
  if (typeof value !== "object") return `${path} is a ${typeof value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = firstNonJson(value[i], `${path}[${i}]`, depth + 1);
      if (bad !== null) return bad;
    }
    return null;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return `${path} is not a plain object`;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) return `${path}.${k} is undefined`;
    const bad = firstNonJson(v, `${path}.${k}`, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

/** Shallow structural equality of two JSON values (deep, but short-circuits on identity). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
