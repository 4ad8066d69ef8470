/** Hostile action inputs the fuzzer mixes in: every one must be refused with `action/invalid` or a rules violation. */
import type { Rng } from "./rng.js";

function nested(depth: number): unknown {
  let v: unknown = { type: "turn/advance" };
  for (let i = 0; i < depth; i++) v = { type: "movement/move", unit: "x", path: [v] };
  return v;
}

/** Factories of hostile actions, by name (the names are the classes the docs list). */
export const HOSTILE_ACTIONS: readonly (readonly [string, () => unknown])[] = [
  ["undefined", () => undefined],
  ["a number", () => 42],
  ["a boolean", () => true],
  ["an empty object", () => ({})],
  ["a type of the wrong case", () => ({ type: "TURN/ADVANCE" })],
  ["a type with trailing space", () => ({ type: "turn/advance " })],
  ["an id that is a number", () => ({ type: "movement/chargeMove", unit: 7 })],
  ["an id that is an object", () => ({ type: "movement/chargeMove", unit: { id: "fr-1" } })],
  ["an id that is empty", () => ({ type: "movement/chargeMove", unit: "" })],
  ["an id of 100 000 characters", () => ({ type: "movement/chargeMove", unit: "u".repeat(100_000) })],
  ["a reserved id (__proto__)", () => ({ type: "movement/chargeMove", unit: "__proto__" })],
  ["a reserved id (constructor)", () => ({ type: "shooting/fire", shooter: "constructor", target: "prototype" })],
  ["a constructor key", () => JSON.parse('{"type":"turn/advance","constructor":{"prototype":{"x":1}}}') as unknown],
  ["a __proto__ key in a nested object", () => JSON.parse('{"type":"movement/move","unit":"a","path":[{"kind":"forward","distance":1,"__proto__":{"x":1}}]}') as unknown],
  ["NaN distance", () => ({ type: "movement/move", unit: "a", path: [{ kind: "forward", distance: Number.NaN }] })],
  ["Infinity distance", () => ({ type: "movement/move", unit: "a", path: [{ kind: "forward", distance: Number.POSITIVE_INFINITY }] })],
  ["negative distance", () => ({ type: "movement/move", unit: "a", path: [{ kind: "forward", distance: -3 }] })],
  ["a huge wheel", () => ({ type: "movement/move", unit: "a", path: [{ kind: "wheel", degrees: 1e300, pivot: "left" }] })],
  ["an empty path", () => ({ type: "movement/move", unit: "a", path: [] })],
  ["a path of 10 000 legs", () => ({ type: "movement/move", unit: "a", path: Array.from({ length: 10_000 }, () => ({ kind: "forward", distance: 0.1 })) })],
  ["a path leg of an unknown kind", () => ({ type: "movement/move", unit: "a", path: [{ kind: "teleport", distance: 1 }] })],
  ["a coordinate that is a string", () => ({ type: "movement/moveTo", unit: "a", to: { x: "1", y: 2 } })],
  ["a coordinate beyond the model", () => ({ type: "fnf/moveLeader", leader: "a", to: { x: 1e9, y: 0 } })],
  ["an enum value not listed", () => ({ type: "movement/respond", unit: "a", response: "surrender" })],
  ["nesting deeper than the limit", () => nested(80)],
  ["an array of actions", () => [{ type: "turn/advance" }, { type: "turn/advance" }]],
  ["a type that is an array", () => ({ type: ["turn/advance"] })],
  ["a null type", () => ({ type: null })],
  ["a fractional file count", () => ({ type: "movement/changeFormation", unit: "a", formation: "LINE", files: 2.5 })],
  ["a negative gun circle", () => ({ type: "artillery/extinguish", unit: "a", fire: "f", circle: -1 })],
];

/** One hostile action, chosen by the fuzzer's generator. */
export function hostileAction(rng: Rng): unknown {
  const f = rng.pick(HOSTILE_ACTIONS);
  return f === undefined ? null : f[1]();
}
