/**
 * Stable hashes of battle states for golden replays: canonical JSON (object keys sorted at every
 * level) hashed with FNV-1a in two 32-bit lanes. Pure, no dependencies, the same in every runtime.
 */
import { badArg, readingArg } from "../engine/args.js";

/** Offset bases of the two FNV-1a lanes (the standard 32-bit basis and a second one). */
const BASIS_A = 0x811c9dc5;
const BASIS_B = 0x01000193 ^ 0x5bd1e995;
const PRIME = 0x01000193;

/**
 * JSON text with object keys sorted at every level, so equal data always gives equal text
 * (`-0` prints as `0`, as in `JSON.stringify`).
 * @example
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }) // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return readingArg("canonicalJson", "value", () => canonicalText(value));
}

function canonicalText(value: unknown): string {
  // JSON.stringify finds a cycle only among the values it serialises, and the replacer hands it a
  // fresh sorted copy of every object, so a value that contains itself was followed until the
  // call stack overflowed (thousands of copies, seconds on a loaded machine). The replacer keeps the
  // path of originals itself instead and refuses a cycle at its first repeat.
  // The replacer is called depth first: `this` is the holder of the key, which is on the path.
  const nodes: object[] = [];
  const originals: object[] = [];
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (v === null || typeof v !== "object") return v;
    // Back up the path to the holder (usually its top already: the replacer has just descended).
    let depth = nodes.length;
    while (depth > 0 && nodes[depth - 1] !== this) depth--;
    if (depth !== nodes.length) {
      nodes.length = depth;
      originals.length = depth;
    }
    for (let i = 0; i < depth; i++) if (originals[i] === v) throw new RangeError("the value contains itself");
    let node: object = v;
    if (!Array.isArray(v)) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
      node = out;
    }
    nodes.push(node);
    originals.push(v);
    return node;
  });
}

/**
 * FNV-1a over the UTF-16 code units of a string, in two 32-bit lanes: 16 lower-case hex digits.
 * @example
 * fnv1a64("") // "811c9dc55ad1e806"
 */
export function fnv1a64(text: string): string {
  if (typeof text !== "string") throw badArg("fnv1a64", "text", "a string", text);
  let a = BASIS_A;
  let b = BASIS_B >>> 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, PRIME);
    b = Math.imul(b ^ (c & 0xff) ^ (c >>> 8), PRIME);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/**
 * The hash of a battle state (or any JSON value): FNV-1a of its canonical JSON. Equal states hash
 * equal whatever the key order; golden replays compare this.
 * @example
 * stateHash(state) // "3f9a…" (16 hex digits)
 */
export function stateHash(value: unknown): string {
  return fnv1a64(readingArg("stateHash", "value", () => canonicalText(value) ?? "undefined"));
}
