/**
 * Argument checks at the entry of public functions (issue 17, "one error type at the boundary"):
 * each checks one argument once per call, cheaply, and refuses a wrong one with a
 * {@link FusilladeError} `engine/misuse` naming the function and the argument. The value is
 * described without being read through (a huge array is not printed, a Proxy's traps do not run).
 */
import { describe } from "./plain.js";
import { FusilladeError } from "./violation.js";

/** A short description of a value that reads nothing from it: safe for Proxies and huge arrays. */
export function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "number") return Number.isNaN(v) ? "NaN" : String(v);
  if (typeof v === "string") return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (typeof v !== "object") return typeof v;
  try {
    return Array.isArray(v) ? "an array" : "an object";
  } catch {
    return "an unreadable object"; // a revoked Proxy
  }
}

/** The error for a wrong argument: `api` is the function's public name. */
export function badArg(api: string, arg: string, expected: string, got: unknown, cause?: unknown): FusilladeError {
  return new FusilladeError("engine/misuse", `${api}: ${arg} must be ${expected}, got ${kindOf(got)}`, cause === undefined ? undefined : { cause });
}

/**
 * A seed: a safe integer (negative ones too; the bots use its low 32 bits). NaN, fractions, numbers
 * past 2^53 − 1 (where neighbouring integers collide) and non-numbers are refused.
 * @example
 * const s = seedArg("botRng", "seed", seed);
 */
export function seedArg(api: string, arg: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v)) throw badArg(api, arg, "a safe integer", v);
  return v;
}

/** A whole number in [min, max]. */
export function intArg(api: string, arg: string, v: unknown, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) throw badArg(api, arg, `an integer in [${min}, ${max}]`, v);
  return v;
}

/** A finite number. */
export function numberArg(api: string, arg: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v)) throw badArg(api, arg, "a finite number", v);
  return v;
}

/** A string. */
export function stringArg(api: string, arg: string, v: unknown): string {
  if (typeof v !== "string") throw badArg(api, arg, "a string", v);
  return v;
}

/** A function. */
export function fnArg<F>(api: string, arg: string, v: F): F {
  if (typeof v !== "function") throw badArg(api, arg, "a function", v);
  return v;
}

/** A key of `table` (its own keys only: no "constructor" or "__proto__"). */
export function keyArg<K extends string>(api: string, arg: string, table: { readonly [k in K]: unknown }, v: unknown): K {
  if (typeof v !== "string" || !Object.hasOwn(table, v)) throw badArg(api, arg, `one of ${Object.keys(table).join(", ")}`, v);
  return v as K;
}

/** A plain, readable object (not null, not an array); its own fields are read by the caller. */
export function objectArg(api: string, arg: string, v: unknown): Record<string, unknown> {
  let ok: boolean;
  try {
    ok = typeof v === "object" && v !== null && !Array.isArray(v);
  } catch (e) {
    throw badArg(api, arg, "an object", v, e);
  }
  if (!ok) throw badArg(api, arg, "an object", v);
  return v as Record<string, unknown>;
}

/**
 * An optional options object, copied (its own fields, read once): undefined stays undefined; a
 * non-object, or one whose getters or Proxy traps throw, is refused. The caller reads the copy.
 */
export function optionsArg<T>(api: string, arg: string, v: T | undefined): T | undefined {
  return v === undefined ? undefined : recordArg(api, arg, v);
}

/** A required options object, copied as {@link optionsArg} does. */
export function recordArg<T>(api: string, arg: string, v: T): T {
  objectArg(api, arg, v);
  return readingArg(api, arg, () => ({ ...v }));
}

/** For a `catch`: a FusilladeError passes through, anything else becomes `engine/misuse` naming the argument (no closure on a hot path). */
export function misread(api: string, arg: string, e: unknown): FusilladeError {
  return e instanceof FusilladeError ? e : new FusilladeError("engine/misuse", `${api}: ${arg} could not be read (${describe(e)})`, { cause: e });
}

/**
 * Runs `f`, turning a raw error thrown while it reads a caller's argument (a getter or a Proxy trap
 * that throws, a field of the wrong type) into `engine/misuse`. A FusilladeError passes through.
 */
export function readingArg<T>(api: string, arg: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw misread(api, arg, e);
  }
}
