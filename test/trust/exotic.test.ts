/**
 * Exotic objects at every public function (issue 17): each function of every entry of the package
 * (test/trust/surface.ts enumerates them) is handed, in each argument position, null, a Proxy
 * whose traps all throw, an object whose getter throws, an array of a million items, an object
 * that contains itself, and the numbers and values a careless caller passes for a seed or a count
 * (NaN, 0.5, −1, 2^53, a string, an empty object). The other arguments are a valid battle state
 * (first position) or left out.
 *
 * - A **boundary** function (the engine, battle, bots, trust, scenarios, presets, render, the
 *   ruleset entries and the adapters) returns a value or throws the one error type,
 *   `FusilladeError`: never a raw `TypeError`/`RangeError`/`Error`, and never takes a second.
 * - A **helper** (the rule, geometry and analysis namespaces of the root: building blocks handed
 *   out through one wrapper, `guarded`) is held to none as well: with two of the values in a
 *   default run, with all of them under `EXOTIC_ALL=1`.
 * - An **open** function is meant to be a boundary but is not fixed yet, and a **class** is called
 *   with `new` (`EXOTIC_ALL=1`): the raw escapes of both are counted and may not grow past the
 *   count recorded in the catalogue (docs/guides/trust.md lists them).
 * - Every export is in test/trust/surface.catalogue.ts: a new one fails here until it is placed.
 *
 * Inputs are frozen (a write would throw, and be reported as an escape) and the shared state's
 * hash is held at the end. `EXOTIC_REPORT=1` prints the per-function escapes for the catalogue.
 */
import { afterAll, describe, expect, it } from "vitest";
import { appendFileSync, readFileSync } from "node:fs";
import { FusilladeError, createBattle, type BattleState } from "../../src/index.js";
import { deepFreeze, stateHash } from "../../src/trust/index.js";
import { smallBattle } from "../fixtures/setups.js";
import { DATA_ENTRIES, ENTRIES, surface, type SurfaceFunction } from "./surface.js";
import { CATALOGUE } from "./surface.catalogue.js";

const trap = (): never => {
  throw new Error("trap");
};
const BIG = deepFreeze(new Array<number>(1_000_000).fill(0));
/** The long array handed to helpers: they loop over what they are given (some quadratically), which is theirs to do. */
const LONG = deepFreeze(new Array<number>(1_000).fill(0));
const CYCLE = (() => {
  const o: Record<string, unknown> = { type: "turn/advance", turn: {} };
  o["self"] = o;
  (o["turn"] as Record<string, unknown>)["back"] = o;
  return Object.freeze(o);
})();

/** The hostile values (the readable ones frozen and shared; the others built afresh). */
export const EXOTIC: readonly (readonly [string, () => unknown])[] = [
  ["null", () => null],
  ["a Proxy whose traps throw", () => new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap, apply: trap, set: trap, defineProperty: trap })],
  ["an object whose getter throws", () => Object.defineProperty({ type: "turn/advance" }, "turn", { get: trap, enumerable: true })],
  ["an array of a million items (a thousand for helpers)", () => BIG],
  ["an object that contains itself", () => CYCLE],
  ["NaN", () => Number.NaN],
  ["0.5", () => 0.5],
  ["-1", () => -1],
  ["2^53", () => 2 ** 53],
  ["a string", () => "x"],
  ["an empty object", () => Object.freeze({})],
];

/** A file that names each call before it is made (to find a call that hangs). */
const LOG = process.env["EXOTIC_LOG"];

/** Boundary functions whose job is to walk any JSON value (their work is linear in it): handed the shorter array too. */
const WALKS_ANY_VALUE = new Set(["root:trust.canonicalJson", "root:trust.stateHash"]);

/** Only the functions of this tier (a quick run while working on one). */
const TIER = process.env["EXOTIC_TIER"];

/**
 * The whole catalogue (helpers and classes too, with every exotic value). By default `npm test` runs
 * the boundary, open and class tiers in full and the helper tier with {@link QUICK} only: every helper is
 * the same `guarded` wrapper (test/trust/guarded.test.ts holds that), so two values per argument
 * show the wrapper is in place at a tenth of the cost.
 */
const ALL_TIERS = process.env["EXOTIC_ALL"] === "1";

/** The exotic values the helper tier is handed in a default run. */
const QUICK = new Set(["null", "a Proxy whose traps throw"]);

/**
 * A call slower than this is work unbounded by its input (a hang, an exponential copy). Linear work
 * over the million-item array takes up to ~2 s on a machine at load 40, hence the margin.
 */
const SLOW_MS = 5000;

const STATE: BattleState = (() => {
  const r = createBattle(smallBattle() as never);
  if (!r.ok) throw new Error("fixture");
  return deepFreeze(r.value);
})();
const STATE_HASH = stateHash(STATE);

/** What a call did: "value", "typed" (a FusilladeError) or the raw error's name and message. */
async function outcome(f: () => unknown): Promise<string> {
  try {
    const r = f();
    // A function that hands back its (hostile) argument returns a value: reading `then` off it is the harness's business.
    let then: unknown;
    try {
      then = r !== null && typeof r === "object" ? (r as { then?: unknown }).then : undefined;
    } catch {
      then = undefined;
    }
    if (typeof then === "function") {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new FusilladeError("engine/misuse", "still running after 2 s")), 2000).unref());
      await Promise.race([r, timeout]);
    }
    return "value";
  } catch (e) {
    if (e instanceof FusilladeError) return "typed";
    let text: string;
    try {
      text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    } catch {
      text = "unprintable";
    }
    return `raw ${text}`.slice(0, 160);
  }
}

/** Every exotic call of a function: its raw escapes and slow calls, and the number of calls. */
async function probe(f: SurfaceFunction, helper: boolean, quick: boolean): Promise<{ escapes: string[]; slow: string[]; calls: number }> {
  const escapes: string[] = [];
  const slow: string[] = [];
  let calls = 0;
  const positions = Math.max(1, Math.min(f.fn.length, 3));
  for (let p = 0; p < positions; p++) {
    for (const [what, make] of EXOTIC) {
      if (quick && !QUICK.has(what)) continue;
      const value = helper && what.startsWith("an array of a million") ? LONG : make();
      const args = Array.from({ length: positions }, (_, i) => (i === p ? value : i === 0 ? STATE : undefined));
      const t0 = performance.now();
      if (LOG !== undefined) appendFileSync(LOG, `${f.name} ${p + 1} ${what}\n`);
      const o = await outcome(() => (f.isClass ? new (f.fn as unknown as new (...a: unknown[]) => unknown)(...args) : f.fn(...args)));
      const ms = performance.now() - t0;
      calls++;
      if (o.startsWith("raw")) escapes.push(`${f.name} (argument ${p + 1}: ${what}): ${o}`);
      if (ms > SLOW_MS) slow.push(`${f.name} (argument ${p + 1}: ${what}): ${ms.toFixed(0)} ms`);
    }
  }
  return { escapes, slow, calls };
}

const ALL = surface();
const totals = { functions: 0, calls: 0, boundaryEscapes: 0, helperEscapes: 0, ms: 0 };
const report: string[] = [];

describe("the catalogue of the public surface", () => {
  it("names every subpath of package.json's exports", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports).sort()).toEqual([...Object.keys(ENTRIES), ...DATA_ENTRIES].sort());
  });

  it("places every exported function, and only those (add a new export to test/trust/surface.catalogue.ts)", () => {
    const names = ALL.map((f) => f.name);
    expect(names.filter((n) => !Object.hasOwn(CATALOGUE, n)), "exports missing from the catalogue").toEqual([]);
    expect(Object.keys(CATALOGUE).filter((n) => !names.includes(n)), "catalogued names no entry exports any more").toEqual([]);
    for (const f of ALL) if (f.isClass) expect(CATALOGUE[f.name], `${f.name} is a class`).toMatch(/^class/);
  });
});

describe("exotic objects at every public function", () => {
  const seen = new Set<unknown>();
  for (const f of ALL) {
    const entry = CATALOGUE[f.name] ?? "boundary";
    if (entry === "harness") continue;
    if (TIER !== undefined && !entry.startsWith(TIER)) continue;
    if (!ALL_TIERS && !entry.startsWith("boundary") && !entry.startsWith("open") && !entry.startsWith("class") && !entry.startsWith("helper")) continue;
    // One function reachable under two names (the root and an entry) is called once.
    if (seen.has(f.fn)) continue;
    seen.add(f.fn);
    const [tier, pinned] = entry.split(":") as [string, string | undefined];
    it(`${f.name} (${tier}): a value or a FusilladeError for every exotic argument, each call under ${SLOW_MS} ms`, async () => {
      const t0 = performance.now();
      const { escapes, slow, calls } = await probe(f, tier !== "boundary" || WALKS_ANY_VALUE.has(f.name), !ALL_TIERS && tier === "helper");
      if (LOG !== undefined) appendFileSync(LOG, `= ${f.name} ${(performance.now() - t0).toFixed(0)} ms\n`);
      totals.ms += performance.now() - t0;
      totals.functions++;
      totals.calls += calls;
      if (escapes.length > 0) report.push(`  "${f.name}": "${tier}:${escapes.length}", // ${process.env["EXOTIC_REPORT"] === "all" ? escapes.join("\n    // ") : escapes[0]}`);
      expect(slow).toEqual([]);
      if (tier === "boundary") {
        totals.boundaryEscapes += escapes.length;
        expect(escapes).toEqual([]);
      } else {
        totals.helperEscapes += escapes.length;
        expect(escapes.length, escapes.join("\n")).toBeLessThanOrEqual(Number(pinned ?? 0));
      }
    });
  }

  it("left the shared state as it was", () => {
    expect(stateHash(STATE)).toBe(STATE_HASH);
  });

  afterAll(() => {
    console.log(`exotic-object catalogue: ${ALL.length} exported functions (${seen.size} distinct), ${EXOTIC.length} exotic values, ${totals.calls} calls, raw errors: ${totals.boundaryEscapes} at the boundary, ${totals.helperEscapes} from open functions, helpers and classes (pinned); ${(totals.ms / 1000).toFixed(1)} s`);
    if (process.env["EXOTIC_REPORT"] !== undefined) console.log(report.join("\n"));
  });
});
