import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./helpers.js";

describe("fusillade balance", () => {
  it("runs the built-in WHN list by name (loose tolerance here) and writes JSON with version, seed, options and match-ups, Markdown and an SVG chart", async () => {
    const io = memoryIo();
    const code = await runCli(["balance", "whn-small-list", "--tolerance", "0.15", "--max-n", "400", "--json", "b.json", "--md", "b.md", "--svg", "b.svg", "-q"], io);
    expect(code).toBe(0);
    const doc = JSON.parse(readFileSync(join(io.dir, "b.json"), "utf8")) as Record<string, any>;
    expect(doc.format).toBe("fusillade/balance@1");
    expect(doc.engine.name).toBe("fusillade");
    expect(doc.balance.seed).toBe(1815);
    expect(doc.balance.matchups.length).toBe(4);
    expect(doc.parameters.map((p: { name: string }) => p.name)).toEqual(["hussars", "light"]);
    for (const p of doc.parameters) expect(p.low).toBeLessThanOrEqual(p.high);
    expect(readFileSync(join(io.dir, "b.md"), "utf8")).toMatch(/\| light \|/);
    expect(readFileSync(join(io.dir, "b.svg"), "utf8")).toMatch(/^<svg/);
  }, 300_000);

  it("a bad balance file is exit code 2 with the path", async () => {
    const io = memoryIo();
    io.writeFile(join(io.dir, "bad.json"), JSON.stringify({ name: "x", experiment: "whn/combat", parameters: {}, matchups: [] }));
    expect(await runCli(["balance", "bad.json"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/matchups/);
  });
});
