/** Deep freezing for tests and fuzzing: any mutation of a frozen input throws in strict code. */
import { misread } from "../engine/args.js";

/**
 * Freezes an object graph in place (objects already frozen are taken as frozen all the way down,
 * so re-freezing a state that shares most of its structure with a frozen one is cheap).
 * @example
 * const s = deepFreeze(state); apply(s, action); // a reducer that mutates `s` throws a TypeError
 */
export function deepFreeze<T>(value: T): T {
  try {
    return freeze(value);
  } catch (e) {
    throw misread("deepFreeze", "value", e);
  }
}

function freeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value as object)) freeze(v);
  return value;
}
