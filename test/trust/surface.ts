/**
 * The package's public surface, enumerated: every function reachable from each entry of
 * package.json's `exports` (the root, `fusillade/whn`, `fusillade/fnf`, the adapters and
 * `fusillade/node`), through the namespaces they export (`bots`, `whn.movement`, …).
 * test/trust/exotic.test.ts holds it against test/trust/surface.catalogue.ts, so a new export
 * fails a test until it is catalogued.
 */
import * as root from "../../src/index.js";
import * as whn from "../../src/whn.js";
import * as fnf from "../../src/fnf.js";
import * as redux from "../../src/adapters/redux/index.js";
import * as bgio from "../../src/adapters/boardgame-io/index.js";
import * as node from "../../src/node/index.js";
import * as stateEntry from "../../src/state/index.js";
import * as trustEntry from "../../src/trust/index.js";

/** Each subpath of package.json's `exports` that carries code, with its module. */
export const ENTRIES: Readonly<Record<string, object>> = {
  ".": root,
  "./whn": whn,
  "./fnf": fnf,
  "./redux": redux,
  "./boardgame.io": bgio,
  "./node": node,
  "./state": stateEntry,
  "./trust": trustEntry,
};

/** Subpaths that carry no code (data files, the manifest). */
export const DATA_ENTRIES: readonly string[] = ["./schemas/*", "./package.json"];

/** A public function: its name (`<entry>:<namespace path>.<export>`) and whether it is a class. */
export interface SurfaceFunction {
  readonly name: string;
  readonly fn: (...args: unknown[]) => unknown;
  readonly isClass: boolean;
}

function isNamespace(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && ((v as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === "Module" || Object.getPrototypeOf(v) === null);
}

function isClass(f: unknown): boolean {
  return typeof f === "function" && /^class\b/.test(Function.prototype.toString.call(f));
}

/** Every public function of every entry, sorted by name. */
export function surface(): SurfaceFunction[] {
  const out: SurfaceFunction[] = [];
  const walk = (prefix: string, o: Record<string, unknown>): void => {
    for (const k of Object.keys(o).sort()) {
      const v = o[k];
      if (typeof v === "function") out.push({ name: prefix + k, fn: v as SurfaceFunction["fn"], isClass: isClass(v) });
      else if (isNamespace(v)) walk(`${prefix}${k}.`, v);
    }
  };
  for (const [entry, m] of Object.entries(ENTRIES)) walk(`${entry === "." ? "root" : entry.slice(2)}:`, m as Record<string, unknown>);
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
