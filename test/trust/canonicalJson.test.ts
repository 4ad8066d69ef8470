/**
 * `trust.canonicalJson` and `trust.stateHash` refuse a value that contains itself at the first
 * repeat on the path (they once followed the cycle until the call stack overflowed, seconds under
 * load), and print every acyclic value exactly as before (golden hashes depend on it).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FusilladeError } from "../../src/index.js";
import { canonicalJson, stateHash } from "../../src/trust/index.js";

/** The previous printer, kept as the reference: a sorted copy of every object, no cycle check. */
function reference(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
    return out;
  });
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("canonical JSON of a value that contains itself", () => {
  const cycles: [string, () => unknown][] = [
    ["an object holding itself", () => { const o: Record<string, unknown> = { a: 1 }; o["self"] = o; return o; }],
    ["an object reached back through a child", () => { const o: Record<string, unknown> = { type: "turn/advance", turn: {} }; (o["turn"] as Record<string, unknown>)["back"] = o; o["self"] = o; return o; }],
    ["an array holding itself", () => { const a: unknown[] = [1]; a.push(a); return a; }],
    ["an array reached back through an object", () => { const a: unknown[] = []; a.push({ x: [a] }); return { root: a }; }],
  ];
  for (const [what, make] of cycles) {
    it(`CORE-GEN-1: ${what} is refused with a FusilladeError naming the cycle, not a stack overflow`, () => {
      for (const f of [canonicalJson, stateHash]) {
        const e = thrown(() => f(make()));
        expect(e).toBeInstanceOf(FusilladeError);
        expect((e as FusilladeError).message).toMatch(/could not be read \(RangeError: the value contains itself\)$/);
      }
    });
  }

  it("CORE-GEN-1: a sub-value shared by two siblings (no cycle) is printed twice", () => {
    const shared = { b: 2, a: [1, { d: 4, c: 3 }] };
    const arr = [shared, shared];
    expect(canonicalJson({ y: shared, x: shared, z: arr })).toBe(
      '{"x":{"a":[1,{"c":3,"d":4}],"b":2},"y":{"a":[1,{"c":3,"d":4}],"b":2},"z":[{"a":[1,{"c":3,"d":4}],"b":2},{"a":[1,{"c":3,"d":4}],"b":2}]}',
    );
  });

  it("CORE-GEN-1: every acyclic JSON value prints as the reference printer prints it (fast-check, seed 5)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(3), (v, copies) => {
        // Share the value a few times under one root, as states share nothing but callers might.
        const root = { v, again: Array.from({ length: copies }, () => v), "-0": -0 };
        expect(canonicalJson(root)).toBe(reference(root));
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { seed: 5, numRuns: 300 },
    );
  });
});
