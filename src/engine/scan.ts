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
  const walk = (v: unknown, path: (string | number)[]): void => {
    if (issues.length >= 20 || v === null || typeof v !== "object") return;
    if (path.length > MAX_INPUT_DEPTH) {
      issues.push({ path, message: `nested deeper than ${MAX_INPUT_DEPTH} levels`, code: "too_deep" });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, [...path, i]));
      return;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN.has(key)) {
        issues.push({ path: [...path, key], message: `the key "${key}" is not allowed`, code: "forbidden_key" });
        continue;
      }
      walk((v as Record<string, unknown>)[key], [...path, key]);
    }
  };
  walk(input, []);
  return issues;
}
