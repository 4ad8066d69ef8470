import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.js";
import { scenarios } from "../../src/index.js";
import { memoryIo } from "./helpers.js";

const STUDY = {
  name: "cli-volley",
  experiment: "whn/volley",
  seed: 12,
  n: 3000,
  chunk: 500,
  sweep: { range: [6, 14] },
  variants: { line: { "firer.formation": "LINE", "firer.files": 12 }, column: { "firer.formation": "ATTACK_COLUMN", "firer.files": 4 } },
};

function studyFile(dir: string, body: unknown = STUDY, name = "study.json"): string {
  const p = join(dir, name);
  writeFileSync(p, typeof body === "string" ? body : JSON.stringify(body));
  return p;
}

describe("fusillade study: the same seed gives byte-identical JSON however it runs", () => {
  it("inline, on 2 workers, and as 4 shards merged", async () => {
    const io = memoryIo();
    const file = studyFile(io.dir);
    expect(await runCli(["study", file, "--json", "one.json", "--no-timing", "-q"], io)).toBe(0);
    expect(await runCli(["study", file, "--workers", "2", "--json", "two.json", "--no-timing", "-q"], io)).toBe(0);
    for (const k of [1, 2, 3, 4]) expect(await runCli(["study", file, "--shard", `${k}/4`, "--json", `s${k}.json`, "-q"], io)).toBe(0);
    expect(await runCli(["merge", "s3.json", "s1.json", "s4.json", "s2.json", "--json", "merged.json", "--no-timing", "--csv", "merged.csv"], io)).toBe(0);
    const one = readFileSync(join(io.dir, "one.json"), "utf8");
    expect(readFileSync(join(io.dir, "two.json"), "utf8")).toBe(one);
    expect(readFileSync(join(io.dir, "merged.json"), "utf8")).toBe(one);
    const doc = JSON.parse(one) as { complete: boolean; provenance: { seed: number; engine: { version: string } }; cells: Array<{ n: number }> };
    expect(doc.complete).toBe(true);
    expect(doc.provenance.seed).toBe(12);
    expect(doc.cells.map((c) => c.n)).toEqual([3000, 3000]);
    expect(readFileSync(join(io.dir, "merged.csv"), "utf8").split("\n")[0]).toBe("range,metric,n,estimate,low,high,exact");
    expect(io.out.join("")).toMatch(/line:casualties/); // merge printed the table
  }, 60_000);

  it("with timing, the JSON carries wall time and workers in `run`", async () => {
    const io = memoryIo();
    const file = studyFile(io.dir);
    expect(await runCli(["study", file, "--n", "500", "--json", "-"], io)).toBe(0);
    const doc = JSON.parse(io.out.join("")) as { run: { wallTimeMs: number; workers: number } };
    expect(doc.run.workers).toBe(1);
    expect(doc.run.wallTimeMs).toBeGreaterThanOrEqual(0);
  });
});

describe("bad input: a clear message and exit code 2", () => {
  it("a study file that is not JSON", async () => {
    const io = memoryIo();
    expect(await runCli(["study", studyFile(io.dir, "{ nope")], io)).toBe(2);
    expect(io.err.join("")).toMatch(/study\.json: not valid JSON/);
  });
  it("a study file that breaks the schema names the paths", async () => {
    const io = memoryIo();
    expect(await runCli(["study", studyFile(io.dir, { ...STUDY, chunk: -1, colour: "blue" })], io)).toBe(2);
    const err = io.err.join("");
    expect(err).toMatch(/invalid study file/);
    expect(err).toMatch(/chunk: Too small/);
    expect(err).toMatch(/colour/);
    expect(await runCli(["study", studyFile(io.dir, { ...STUDY, sweep: { range: ["far"] } })], io)).toBe(2);
    expect(io.err.join("")).toMatch(/base\.range: .*range="far"/);
  });
  it("a missing file and an unknown experiment", async () => {
    const io = memoryIo();
    expect(await runCli(["study", "no-such-study"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/no such file/);
    expect(await runCli(["study", studyFile(io.dir, { ...STUDY, experiment: "whn/teaParty" })], io)).toBe(2);
    expect(io.err.join("")).toMatch(/unknown experiment "whn\/teaParty"/);
  });
  it("an unknown option", async () => {
    const io = memoryIo();
    expect(await runCli(["study", studyFile(io.dir), "--bogus"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/unknown option '--bogus'/);
    expect(await runCli(["odds", "teaParty"], io)).toBe(2);
  });
  it("a bad shard spec, and a shard of a stop-rule study", async () => {
    const io = memoryIo();
    const file = studyFile(io.dir);
    for (const spec of ["5/4", "x", "0/3", "1/0"]) {
      expect(await runCli(["study", file, "--shard", spec], io)).toBe(2);
    }
    expect(io.err.join("")).toMatch(/--shard: bad shard "5\/4": k must be 1…4/);
    const { n: _n, ...rest } = STUDY;
    const stopFile = studyFile(io.dir, { ...rest, stop: { metric: "casualties", halfWidth: 0.5 } }, "stop.json");
    expect(await runCli(["study", stopFile, "--shard", "1/2"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/needs a fixed n/);
  });
  it("merging shards of different studies, or an incomplete set", async () => {
    const io = memoryIo();
    const file = studyFile(io.dir);
    expect(await runCli(["study", file, "--shard", "1/2", "--json", "a.json", "-q"], io)).toBe(0);
    expect(await runCli(["study", file, "--seed", "99", "--shard", "2/2", "--json", "b.json", "-q"], io)).toBe(0);
    expect(await runCli(["merge", "a.json", "b.json"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/different study/);
    expect(await runCli(["merge", "a.json"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/missing shard\(s\) 2\/2/);
  });
});

describe("Ctrl-C", () => {
  it("stops cleanly, writes the partial results marked incomplete, exit code 130", async () => {
    const io = memoryIo({ tty: true, onNow: (calls, interrupt) => void (calls === 4 && interrupt()) });
    const file = studyFile(io.dir, { ...STUDY, n: 100_000, chunk: 500, variants: undefined });
    expect(await runCli(["study", file, "--json", "partial.json", "--csv", "partial.csv"], io)).toBe(130);
    const doc = JSON.parse(readFileSync(join(io.dir, "partial.json"), "utf8")) as { complete: boolean; cells: Array<{ n: number; stoppedBy: string }> };
    expect(doc.complete).toBe(false);
    expect(doc.cells[0]?.n).toBeGreaterThan(0);
    expect(doc.cells[0]?.n).toBeLessThan(100_000);
    expect((doc.cells[0]?.n ?? 1) % 500).toBe(0);
    expect(doc.cells[0]?.stoppedBy).toBe("interrupted");
    expect(io.err.join("")).toMatch(/interrupted: kept \d+ samples/);
    expect(io.out.join("")).toMatch(/INTERRUPTED, partial results/);
  });
});

describe("fusillade odds and play", () => {
  it("prints an exact distribution", async () => {
    const io = memoryIo();
    expect(await runCli(["odds", "breakTest", "--ld", "7", "--margin", "2"], io)).toBe(0);
    expect(io.out.join("")).toMatch(/1 broke\s+72\.22 %/);
    expect(await runCli(["odds", "fnfFire", "--points", "x"], io)).toBe(2);
    expect(await runCli(["odds", "volley", "--params", '{"range": 10}', "--json"], io)).toBe(0);
    expect(JSON.parse(io.out.slice(-1)[0] ?? "{}").outcome).toBe("casualties");
  });
  it("plays a built-in scenario to the end and writes a picture of every phase with --svg-dir", async () => {
    const io = memoryIo();
    expect(await runCli(["play", "reverse-slope", "--seed", "1", "--bots", "greedy,random", "--svg-dir", "pics"], io)).toBe(0);
    const text = io.out.join("");
    expect(text).toMatch(/Result: /);
    expect(text).toMatch(/\[CORE-TURN-1\]/);
    const pics = readdirSync(join(io.dir, "pics")).filter((f) => f.endsWith(".svg"));
    expect(pics.length).toBeGreaterThan(5);
    expect(readFileSync(join(io.dir, "pics", pics[0] as string), "utf8")).toMatch(/^<svg/);
    expect(await runCli(["play", "atlantis"], io)).toBe(2);
    expect(await runCli(["play", "quatre-bras", "--bots", "greedy,oracle"], io)).toBe(2);
  });
  it("plays a scenario file; an unreadable or invalid file is exit 2 with the reason", async () => {
    const io = memoryIo();
    const file = { ...(scenarios.BUILTIN_SCENARIO_FILES["reverse-slope"] as Record<string, unknown>), id: "my-slope", name: "My slope" };
    writeFileSync(join(io.dir, "my-slope.json"), JSON.stringify(file));
    expect(await runCli(["play", "my-slope.json", "--seed", "2", "--max-decisions", "3", "--json"], io)).toBe(1);
    const out = JSON.parse(io.out.at(-1) ?? "{}");
    expect(out).toMatchObject({ scenario: "my-slope.json", decisions: 3, stopped: "maxDecisions" });
    expect(await runCli(["play", "missing.json"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/cannot read scenario file missing\.json/);
    writeFileSync(join(io.dir, "bad.json"), JSON.stringify({ ...file, maxTurns: "six" }));
    expect(await runCli(["play", "bad.json"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/bad\.json is not a valid scenario file[\s\S]*maxTurns/);
    // The schema it names is one the package ships.
    const named = /see (schemas\/[\w.-]+\.json)/.exec(io.err.join(""))?.[1];
    expect(named).toBe("schemas/scenario.json");
    expect(readdirSync(join(import.meta.dirname, "..", "..", "schemas"))).toContain("scenario.json");
    expect(await runCli(["play", "atlantis"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/unknown scenario "atlantis"; built-in: quatre-bras, reverse-slope, skirmish-screen/);
  });
});
