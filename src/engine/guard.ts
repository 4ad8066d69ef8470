/**
 * The callers' face of the rule, geometry and analysis helpers (issue 17, "one error type at the
 * boundary"). The root's `geometry`, `analysis`, `fnf` and `whn.*` namespaces export each helper
 * through {@link guarded}: whatever a caller hands it, it returns what the helper returns or throws
 * a {@link FusilladeError}. The rules import the helpers from their own modules, not through these
 * namespaces, so the engine's inner loops never pass through a wrapper.
 */
import { describe } from "./plain.js";
import { FusilladeError } from "./violation.js";

/** The error a helper's raw failure becomes: `engine/misuse` naming the helper, the original kept as `cause`. */
export function helperError(api: string, e: unknown): FusilladeError {
  let own = false;
  try {
    own = e instanceof FusilladeError;
  } catch {
    // A thrown Proxy whose traps throw: not ours.
  }
  return own ? (e as FusilladeError) : new FusilladeError("engine/misuse", `${api}: failed on its arguments (${describe(e)})`, { cause: e });
}

/** Whether a result is a promise, asked without trusting it (a caller's Proxy handed back may throw from its traps). */
function isPromise(r: unknown): r is Promise<unknown> {
  try {
    return r instanceof Promise;
  } catch {
    return false;
  }
}

/**
 * `f` for callers: the same arguments, `this` and result, but a raw `Error`, `TypeError`,
 * `RangeError` or any other thrown value (a rejected promise too) becomes {@link helperError}.
 * `length` and `name` are kept, so the wrapper reads like the helper. The generated namespaces
 * annotate each call as pure, so a bundler drops the wrappers an app does not use.
 * @example
 * export const dist: typeof dist0 = guarded("geometry.dist", dist0);
 */
export function guarded<F extends (...args: never[]) => unknown>(api: string, f: F): F {
  const g = function (this: unknown, ...args: unknown[]): unknown {
    let r: unknown;
    try {
      r = (f as unknown as (...a: unknown[]) => unknown).apply(this, args);
    } catch (e) {
      throw helperError(api, e);
    }
    return isPromise(r) ? r.catch((e: unknown) => Promise.reject(helperError(api, e))) : r;
  };
  Object.defineProperty(g, "length", { value: f.length });
  Object.defineProperty(g, "name", { value: f.name });
  return g as unknown as F;
}
