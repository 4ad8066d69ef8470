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
