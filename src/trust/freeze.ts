/** Deep freezing for tests and fuzzing: any mutation of a frozen input throws in strict code. */

/**
 * Freezes an object graph in place (objects already frozen are taken as frozen all the way down,
 * so re-freezing a state that shares most of its structure with a frozen one is cheap).
 * @example
 * const s = deepFreeze(state); apply(s, action); // a reducer that mutates `s` throws a TypeError
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value as object)) deepFreeze(v);
  return value;
}
