/**
 * JSON patches between two battle states, in immer's patch format (`{ op, path, value }`), so an
 * app can send a move over the network or keep an undo stack without copying whole states.
 *
 * The engine shares every part of a state an action did not change, so the diff walks only the
 * changed branches: a unit that moved is one patch, an event appended to a list one `add`.
 * No immer is needed to make them; immer's `applyPatches` reads them.
 */
import { apply, type ApplyResult } from "../engine/apply.js";
import { adopt } from "../engine/owned.js";
import { misread, objectArg } from "../engine/args.js";
import type { BattleState } from "../state/battle.js";
import type { ActionInput } from "../engine/actions.js";

/** One change, as immer's `Patch`: `add` / `remove` a key or array element, `replace` a value. */
export interface JsonPatch {
  readonly op: "add" | "remove" | "replace";
  readonly path: (string | number)[];
  readonly value?: unknown;
}

/** The patches from one state to another, and the inverse patches that lead back. */
export interface StatePatches {
  readonly patches: JsonPatch[];
  readonly inversePatches: JsonPatch[];
}

/** What {@link applyWithPatches} returns: `apply`'s result, with the patches when it applied. */
export type PatchedResult = (Extract<ApplyResult, { ok: true }> & StatePatches) | Extract<ApplyResult, { ok: false }>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The patches that turn `base` into `next` (and back). Parts both states share are skipped, so
 * the cost follows the size of the change, not of the state.
 * @example
 * const { patches, inversePatches } = diffStates(before, after);
 * applyPatches(before, patches); // equal to `after` (immer's applyPatches, after enablePatches())
 */
export function diffStates(base: BattleState, next: BattleState): StatePatches {
  objectArg("diffStates", "base", base);
  objectArg("diffStates", "next", next);
  const patches: JsonPatch[] = [];
  const inverse: JsonPatch[] = [];
  try {
    diffValue(base, next, [], patches, inverse);
  } catch (e) {
    throw misread("diffStates", "base or next", e);
  }
  inverse.reverse();
  return { patches, inversePatches: inverse };
}

function diffValue(a: unknown, b: unknown, path: (string | number)[], out: JsonPatch[], inv: JsonPatch[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b)) return diffArray(a, b, path, out, inv);
  if (isRecord(a) && isRecord(b)) return diffRecord(a, b, path, out, inv);
  if (typeof a !== "object" && typeof b !== "object" && Object.is(a, b)) return;
  out.push({ op: "replace", path: [...path], value: b });
  inv.push({ op: "replace", path: [...path], value: a });
}

function diffRecord(a: Record<string, unknown>, b: Record<string, unknown>, path: (string | number)[], out: JsonPatch[], inv: JsonPatch[]): void {
  for (const key of Object.keys(a)) {
    if (!Object.hasOwn(b, key)) {
      out.push({ op: "remove", path: [...path, key] });
      inv.push({ op: "add", path: [...path, key], value: a[key] });
    }
  }
  for (const key of Object.keys(b)) {
    if (!Object.hasOwn(a, key)) {
      out.push({ op: "add", path: [...path, key], value: b[key] });
      inv.push({ op: "remove", path: [...path, key] });
    } else diffValue(a[key], b[key], [...path, key], out, inv);
  }
}

function diffArray(a: readonly unknown[], b: readonly unknown[], path: (string | number)[], out: JsonPatch[], inv: JsonPatch[]): void {
  const common = Math.min(a.length, b.length);
  // Element by element while the arrays line up (lists the engine appends to, or edits in place);
  // a list that was rebuilt (an element inserted or removed before the end) is replaced whole.
  let changed = 0;
  for (let i = 0; i < common; i++) if (a[i] !== b[i]) changed++;
  if (changed > 0 && changed > common / 2 && a.length !== b.length) {
    out.push({ op: "replace", path: [...path], value: b });
    inv.push({ op: "replace", path: [...path], value: a });
    return;
  }
  for (let i = 0; i < common; i++) diffValue(a[i], b[i], [...path, i], out, inv);
  for (let i = common; i < b.length; i++) {
    out.push({ op: "add", path: [...path, i], value: b[i] });
    inv.push({ op: "remove", path: [...path, i] });
  }
  for (let i = a.length - 1; i >= common; i--) {
    out.push({ op: "remove", path: [...path, i] });
    inv.push({ op: "add", path: [...path, i], value: a[i] });
  }
}

/**
 * {@link apply}, with the JSON patches (immer's format) from the state to the next one and the
 * inverse patches back, for network sync or an undo stack. The next state is the engine's own.
 * @example
 * const r = applyWithPatches(state, { type: "turn/advance" });
 * if (r.ok) socket.send(JSON.stringify(r.patches));
 */
export function applyWithPatches(state: BattleState, action: ActionInput): PatchedResult {
  // Adopted once, so the next state shares its parts (and no patch value is a draft).
  const base = adopt(state);
  const r = apply(base, action);
  if (!r.ok) return r;
  return { ...r, ...diffStates(base, r.state) };
}
