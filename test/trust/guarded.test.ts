/**
 * Issue 17, "one error type at the boundary", for the helper tier: the root's `geometry`,
 * `analysis`, `fnf` and `whn.*` namespaces hand out every function through `guarded`
 * (src/engine/guard.ts, the namespaces generated into src/guarded/ by scripts/gen-entries.ts).
 * Held here: what the wrapper does with a raw error, a FusilladeError, a thrown non-error and a
 * rejected promise; that every function of those namespaces (and only the functions: classes,
 * tables and schemas are the modules' own) is such a wrapper over the function the rules use; and
 * that no module of the core imports the guarded namespaces (the rules never pay for the wrapper).
 * test/trust/exotic.test.ts probes each wrapper with the hostile values (helper tier, pinned at 0).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FusilladeError, analysis, fnf, geometry, whn } from "../../src/index.js";
import { guarded, helperError } from "../../src/engine/guard.js";
import * as geometryRaw from "../../src/geometry/index.js";
import * as analysisRaw from "../../src/analysis/index.js";
import * as fnfRaw from "../../src/rules/fnf/index.js";
import * as whnRaw from "../../src/rules/whn/index.js";
import { CATALOGUE } from "./surface.catalogue.js";

const isClass = (f: unknown): boolean => typeof f === "function" && /^class\b/.test(Function.prototype.toString.call(f));
const isNamespace = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && ((v as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === "Module" || Object.getPrototypeOf(v) === null);

/** The source text every wrapper `guarded` returns shares (one function expression). */
const WRAPPER_TEXT = Function.prototype.toString.call(guarded("x", () => 0));

/** [public name, what the root exports, what the rules use] for every export of the guarded namespaces. */
function pairs(): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  const walk = (prefix: string, pub: Record<string, unknown>, raw: Record<string, unknown>): void => {
    expect(Object.keys(pub).sort(), `${prefix} exports what its module exports`).toEqual(Object.keys(raw).sort());
    for (const k of Object.keys(raw)) {
      if (isNamespace(raw[k])) walk(`${prefix}${k}.`, pub[k] as Record<string, unknown>, raw[k] as Record<string, unknown>);
      else out.push([`${prefix}${k}`, pub[k], raw[k]]);
    }
  };
  walk("geometry.", geometry, geometryRaw);
  walk("analysis.", analysis, analysisRaw);
  walk("fnf.", fnf, fnfRaw);
  walk("whn.", whn, whnRaw);
  return out;
}

describe("guarded: one wrapper turns any raw failure of a helper into a FusilladeError", () => {
  it("a TypeError becomes engine/misuse naming the helper, the original kept as its cause", () => {
    const raw = (p: { x: number }): number => p.x;
    const g = guarded("geometry.example", raw);
    let caught: unknown;
    try {
      g(null as never);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FusilladeError);
    const e = caught as FusilladeError;
    expect(e.code).toBe("engine/misuse");
    expect(e.message).toBe("geometry.example: failed on its arguments (TypeError: Cannot read properties of null (reading 'x'))");
    expect(e.cause).toBeInstanceOf(TypeError);
  });

  it("a FusilladeError passes through as the same object; a thrown string or an unprintable Proxy is wrapped", () => {
    const own = new FusilladeError("scenario/unknown", "no such scenario");
    expect(() => guarded("h", () => { throw own; })()).toThrow(own);
    expect(helperError("h", "boom").message).toBe("h: failed on its arguments (boom)");
    const hostile = new Proxy({}, { get: () => { throw new Error("trap"); }, getPrototypeOf: () => { throw new Error("trap"); } });
    const e = helperError("h", hostile);
    expect(e.message).toBe("h: failed on its arguments (an unprintable error)");
    expect(e.cause).toBe(hostile);
    expect(() => guarded("h", () => { throw new RangeError("too many"); })()).toThrow(new FusilladeError("engine/misuse", "h: failed on its arguments (RangeError: too many)"));
  });

  it("a rejected promise becomes a rejection with the FusilladeError; a resolved one is the helper's value", async () => {
    const failing = guarded("analysis.example", async (n: number) => {
      if (n < 0) throw new RangeError("negative");
      return n * 2;
    });
    await expect(failing(-1)).rejects.toThrow(new FusilladeError("engine/misuse", "analysis.example: failed on its arguments (RangeError: negative)"));
    await expect(failing(21)).resolves.toBe(42);
  });

  it("a caller's value handed back is returned as it is, even a Proxy whose traps throw", () => {
    const hostile = new Proxy({}, { get: () => { throw new Error("trap"); }, getPrototypeOf: () => { throw new Error("trap"); } });
    expect(guarded("analysis.example", (e: unknown) => e)(hostile)).toBe(hostile);
  });

  it("arguments, `this` and the result are the helper's own; length and name are kept", () => {
    function raw(this: unknown, a: number, b: number): [unknown, number] {
      return [this, a + b];
    }
    const g = guarded("h", raw);
    const self = { g };
    expect(self.g(2, 3)).toEqual([self, 5]);
    expect(g.length).toBe(2);
    expect(g.name).toBe("raw");
  });
});

describe("the root's rule, geometry and analysis namespaces", () => {
  it("wrap every function of the modules the rules use, and nothing else", () => {
    const all = pairs();
    const functions = all.filter(([, , raw]) => typeof raw === "function" && !isClass(raw));
    expect(functions.length).toBeGreaterThanOrEqual(420);
    for (const [name, pub, raw] of all) {
      if (typeof raw === "function" && !isClass(raw)) {
        expect(pub, name).not.toBe(raw);
        expect(Function.prototype.toString.call(pub), `${name} is a guarded wrapper`).toBe(WRAPPER_TEXT);
        expect((pub as () => unknown).length, `${name}.length`).toBe((raw as () => unknown).length);
        expect((pub as () => unknown).name, `${name}.name`).toBe((raw as () => unknown).name);
      } else {
        expect(pub, `${name} is the module's own value`).toBe(raw);
      }
    }
  });

  it("every helper of the exotic catalogue is pinned at 0 raw errors", () => {
    const helpers = Object.entries(CATALOGUE).filter(([, tier]) => tier.startsWith("helper"));
    expect(helpers.length).toBeGreaterThan(380);
    expect(helpers.filter(([, tier]) => tier !== "helper:0")).toEqual([]);
  });

  it("no module of the core imports the guarded namespaces (only the root entry re-exports them)", () => {
    const importers: string[] = [];
    const walk = (dir: string): void => {
      for (const d of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, d.name);
        if (d.isDirectory()) {
          if (p !== join("src", "guarded")) walk(p);
        } else if (p.endsWith(".ts") && p !== join("src", "index.ts") && /from "[./]*guarded\//.test(readFileSync(p, "utf8"))) importers.push(p);
      }
    };
    walk("src");
    expect(importers).toEqual([]);
  });
});
