/** Dotted-path updates on plain JSON params, and canonical JSON text. */

/** A copy of `obj` with the value at dotted `path` replaced (missing objects on the way are created). */
export function setPath(obj: unknown, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split(".");
  const root: Record<string, unknown> = isRecord(obj) ? { ...obj } : {};
  let cur = root;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i] as string;
    const next = cur[k];
    const copy: Record<string, unknown> = isRecord(next) ? { ...next } : {};
    cur[k] = copy;
    cur = copy;
  }
  cur[keys[keys.length - 1] as string] = value;
  return root;
}

/** Whether `v` is a plain object (not an array or null). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * JSON text with object keys sorted at every level: equal data gives equal text.
 * @example
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }) // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(sortKeys(v));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isRecord(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]);
  return out;
}
