import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRIES, renderEntry, staleEntries } from "../../scripts/gen-entries.js";

// The three engine entries are generated from one template (scripts/gen-entries.ts): an edit by
// hand, or a template change without `npm run gen:entries`, fails here.
describe("generated engine entries", () => {
  it("src/engine/all.ts, src/whn.ts and src/fnf.ts are what the template gives", () => {
    expect(staleEntries()).toEqual([]);
  });

  it("a hand-edited entry is reported stale", () => {
    const root = mkdtempSync(join(tmpdir(), "entries-"));
    try {
      for (const e of ENTRIES) {
        mkdirSync(dirname(join(root, e.file)), { recursive: true });
        writeFileSync(join(root, e.file), renderEntry(e));
      }
      expect(staleEntries(root)).toEqual([]);
      const whn = join(root, "src/whn.ts");
      writeFileSync(whn, readFileSync(whn, "utf8").replace("registerWhn();\n  return apply0", "return apply0"));
      expect(staleEntries(root)).toEqual(["src/whn.ts"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("every wrapper of every entry registers its rulesets first", () => {
    for (const e of ENTRIES) {
      const text = renderEntry(e);
      const bodies = [...text.matchAll(/^export function (\w+)\([^\n]*\{\n([^]*?)^\}/gm)];
      const wrappers = bodies.filter(([, name]) => name !== e.register);
      expect(wrappers.length).toBe(17);
      for (const [, name, body] of wrappers) expect(body!.trimStart().startsWith(`${e.register}();`), `${e.file} ${name}`).toBe(true);
    }
  });
});

describe("typedoc entry points", () => {
  it("every package entry with types is documented (typedoc.json lists its source, named by a @module tag)", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { exports: Record<string, unknown> };
    const typedoc = JSON.parse(readFileSync(new URL("../../typedoc.json", import.meta.url), "utf8")) as { entryPoints: string[] };
    const sources: string[] = [];
    for (const [key, value] of Object.entries(pkg.exports)) {
      const target = (value as { import?: { default?: string } }).import?.default;
      if (target === undefined) continue; // ./package.json, ./schemas/*
      // The ESM build keeps src/'s layout, except the Node helpers built with the CLI (tsup.cli.config.ts).
      const source = target === "./dist/cli/node.js" ? "src/node/index.ts" : target.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts");
      sources.push(source);
      const name = key === "." ? "fusillade" : `fusillade/${key.slice(2)}`;
      expect(readFileSync(new URL(`../../${source}`, import.meta.url), "utf8"), source).toContain(`@module ${name}\n`);
    }
    expect(sources.length).toBeGreaterThanOrEqual(8);
    expect([...typedoc.entryPoints].sort()).toEqual(sources.sort());
  });
});
