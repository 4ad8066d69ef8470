import type { InputIssue } from "./violation.js";

/** Object keys that reach a prototype when assigned; never accepted in any input. */
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);
/** Deepest nesting any input may have. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Scans untrusted input before schema parsing: prototype keys anywhere (zod would silently drop a
 * `__proto__` record key, losing data), and nesting deeper than {@link MAX_INPUT_DEPTH}. Returns the
 * problems found with their paths (at most 20).
 */
export function scanInput(input: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  // One path stack, copied only into an issue: a clean action (the usual case) allocates nothing.
  const path: (string | number)[] = [];
  const walk = (v: unknown): void => {
    if (issues.length >= 20 || v === null || typeof v !== "object") return;
    if (path.length > MAX_INPUT_DEPTH) {
      issues.push({ path: path.slice(), message: `nested deeper than ${MAX_INPUT_DEPTH} levels`, code: "too_deep" });
      return;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) continue; // holes, as forEach skips them
        path.push(i);
        walk(v[i]);
        path.pop();
      }
      return;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN.has(key)) {
        issues.push({ path: [...path, key], message: `the key "${key}" is not allowed`, code: "forbidden_key" });
        continue;
      }
      path.push(key);
      walk((v as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  walk(input);
  return issues;
}
