import type { JsonValue } from "../state/common.js";
import type { RuleId } from "../state/ids.js";

/**
 * Why an action cannot be applied: a stable `code` (namespaced, e.g. `"shooting/out_of_range"`),
 * the rule that forbids it (or null for format errors), and the values involved.
 */
export interface Violation {
  readonly code: string;
  readonly rule: RuleId | null;
  readonly [detail: string]: JsonValue;
}

/**
 * Builds a violation value.
 * @example
 * violation("shooting/out_of_range", "WHN-SHOOT-3", { max: 24, actual: 30.5 })
 */
export function violation(code: string, rule: RuleId | null, details: { readonly [k: string]: JsonValue } = {}): Violation {
  // A plain copy, then two stores: the same object as `{ ...details, code, rule }` (keys in that
  // order), but without the slow path V8 takes for a spread followed by more keys at a call site
  // that sees many shapes (every refusal of every rule comes through here).
  const v: Record<string, JsonValue> = { ...details };
  v["code"] = code;
  v["rule"] = rule;
  return v as unknown as Violation;
}

/** One problem found in an input, with the path to it. */
export interface InputIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly code: string;
  /** For a state refused by the invariant catalogue (`code: "invariant"`): the invariant's id. */
  readonly invariant?: string;
}

/** A successful result or a typed error; nothing is thrown for bad input. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** The typed error for a bad battle setup, saved state or file: every problem with its path. */
export interface InputError {
  readonly code: "setup/invalid" | "state/invalid" | "action/invalid" | "options/invalid" | "json/invalid";
  readonly issues: readonly InputIssue[];
}

/** Error codes of {@link FusilladeError}. */
export type FusilladeErrorCode = "engine/internal" | "engine/misuse" | "dice/script_exhausted" | "scenario/unknown" | "study/setup";

/**
 * The one error class the library throws, for programmer errors only (a broken rules module, an
 * API called wrongly). Player mistakes are {@link Violation} values, never exceptions.
 */
export class FusilladeError extends Error {
  /** A stable code for the failure. */
  readonly code: FusilladeErrorCode;
  constructor(code: FusilladeErrorCode, message: string, options?: { cause?: unknown }) {
    // Read the arguments defensively: an error built from a caller's hostile value (a Proxy whose
    // traps throw, an object with a throwing getter) must still be this error, not a raw one.
    super(typeof message === "string" ? message : textOf(message), causeOf(options));
    this.name = "FusilladeError";
    this.code = code;
  }
}

/** A message from a non-string without running a throwing `toString` or Proxy trap. */
function textOf(v: unknown): string {
  try {
    return String(v);
  } catch {
    return "(unprintable message)";
  }
}

/** The `cause` option, when it can be read; none otherwise. */
function causeOf(options: unknown): { cause: unknown } | undefined {
  try {
    if (options === null || typeof options !== "object" || !("cause" in options)) return undefined;
    return { cause: (options as { cause?: unknown }).cause };
  } catch {
    return undefined;
  }
}
