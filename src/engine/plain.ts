/**
 * Reading untrusted input once, defensively: a deep copy of a value as plain data, so that getters,
 * Proxies (reactive stores hand them over) and shared arrays are read exactly once and never
 * aliased by what the engine keeps.
 */

/** Why an input could not be copied: a getter or a Proxy trap threw while it was read. */
export class UnreadableInput {
  constructor(
    readonly path: readonly (string | number)[],
    readonly message: string,
  ) {}
}

/** Deepest nesting copied; anything deeper is left in place (the input scan refuses it anyway). */
const MAX_COPY_DEPTH = 100;

/** Most objects and arrays copied: a shared sub-object counts each time it is reached (a chain of pairs pointing at the same next pair doubles per level). */
const MAX_COPY_NODES = 1_000_000;

/**
 * A deep copy of `value` as plain data: arrays and objects rebuilt from their own enumerable keys,
 * each property read once. Returns an {@link UnreadableInput} (never throws) when reading fails.
 * @example
 * const copy = plainCopy(action); if (copy instanceof UnreadableInput) refuse(copy.message);
 */
export function plainCopy(value: unknown): unknown {
  const path: (string | number)[] = [];
  // The objects on the path being copied: a value that contains itself is refused (copying it
  // down to the depth cap would take time exponential in the number of ways back to itself).
  const open = new Set<object>();
  let budget = MAX_COPY_NODES;
  const copy = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== "object" || depth > MAX_COPY_DEPTH) return v;
    if (open.has(v)) throw new RangeError("the value contains itself");
    if (--budget < 0) throw new RangeError(`more than ${MAX_COPY_NODES} objects`);
    open.add(v);
    let out: unknown;
    if (Array.isArray(v)) {
      const n = v.length;
      const arr: unknown[] = new Array<unknown>(n);
      for (let i = 0; i < n; i++) {
        if (!(i in v)) continue; // keep holes as holes
        path.push(i);
        arr[i] = copy(v[i], depth + 1);
        path.pop();
      }
      out = arr;
    } else {
      const obj: Record<string, unknown> = {};
      for (const key of Object.keys(v)) {
        path.push(key);
        const value = copy((v as Record<string, unknown>)[key], depth + 1);
        // A key the new object inherits ("__proto__", "toString", or a setter someone added to
        // Object.prototype) by defineProperty, so it stays a plain own key ("__proto__" one for the
        // scan to refuse); any other by assignment, which makes the same own, enumerable, writable
        // property several times faster.
        if (key in obj) Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
        else obj[key] = value;
        path.pop();
      }
      out = obj;
    }
    open.delete(v);
    return out;
  };
  try {
    return copy(value, 0);
  } catch (e) {
    return new UnreadableInput(path.slice(), `the input could not be read at ${path.length === 0 ? "its root" : path.join(".")}: ${describe(e)}`);
  }
}

/** A thrown value as text, read without trusting it. */
export function describe(e: unknown): string {
  try {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  } catch {
    return "an unprintable error";
  }
}
