import { describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./helpers.js";

const STUDY = { name: "cli-bounds", experiment: "whn/volley", seed: 5, n: 1000, chunk: 250, sweep: { range: [8, 12] } };

/** A memory Io with the study written and its two shards run. */
async function withShards(): Promise<ReturnType<typeof memoryIo>> {
  const io = memoryIo();
  writeFileSync(join(io.dir, "study.json"), JSON.stringify(STUDY));
  for (const k of [1, 2]) expect(await runCli(["study", "study.json", "--shard", `${k}/2`, "--json", `s${k}.json`, "-q"], io)).toBe(0);
  return io;
}

type Shard = { shard: { index: number; count: number }; complete: boolean; cells: { chunks: number[]; tally: { n: number; metrics: Record<string, { kind: string; n: number; k?: number; sum?: number; hist?: Record<string, number> }> } }[] };

/** Edits shard 1's JSON in place. */
function editShard(io: ReturnType<typeof memoryIo>, edit: (s: Shard) => unknown): void {
  const path = join(io.dir, "s1.json");
  const s = JSON.parse(readFileSync(path, "utf8")) as Shard;
  const out = edit(s);
  writeFileSync(path, JSON.stringify(out === undefined ? s : out));
}

/** The last error message, checked to be a clear line and no stack trace. */
function lastError(io: ReturnType<typeof memoryIo>): string {
  const text = io.err.join("");
  expect(text).not.toMatch(/\n\s+at /);
  return text;
}

describe("merge checks shard files before merging (exit 2, a clear message)", () => {
  const cases: [string, (s: Shard) => unknown, RegExp][] = [
    ["a shard count of 1e9", (s) => void (s.shard.count = 1e9), /shard\.count/],
    ["a shard index past the count", (s) => void (s.shard.index = 3), /shard/],
    ["missing cells", (s) => void delete (s as Partial<Shard>).cells, /cells/],
    ["a null tally", (s) => void ((s.cells[0] as unknown as { tally: null }).tally = null), /cells\.0\.tally/],
    ["not an object", () => 42, /not a valid shard file/],
    ["a negative n", (s) => void ((s.cells[0] as Shard["cells"][number]).tally.n = -250), /cells\.0\.tally\.n/],
    ["a tally multiplied by 1000", (s) => {
      const t = (s.cells[0] as Shard["cells"][number]).tally;
      t.n *= 1000;
      for (const m of Object.values(t.metrics)) {
        m.n *= 1000;
        if (m.k !== undefined) m.k *= 1000;
        if (m.sum !== undefined) m.sum *= 1000;
        if (m.hist !== undefined) for (const h of Object.keys(m.hist)) m.hist[h] = (m.hist[h] ?? 0) * 1000;
      }
    }, /tallies 500000 samples; its chunks hold 500/],
    ["a metric counting more than the tally", (s) => {
      const t = (s.cells[0] as Shard["cells"][number]).tally;
      const m = Object.values(t.metrics)[0];
      if (m !== undefined) m.n = t.n + 1;
    }, /metric/],
    ["a histogram that disagrees with its sum", (s) => {
      const t = (s.cells[0] as Shard["cells"][number]).tally;
      const m = Object.values(t.metrics).find((x) => x.kind === "number");
      if (m?.sum !== undefined) m.sum += 7;
    }, /sum/],
    ["chunks of another shard", (s) => void ((s.cells[0] as Shard["cells"][number]).chunks = [1, 3]), /lists chunks/],
    ["an interrupted shard", (s) => void (s.complete = false), /interrupted/],
  ];
  for (const [what, edit, message] of cases) {
    it(`refuses ${what}`, async () => {
      const io = await withShards();
      editShard(io, edit);
      expect(await runCli(["merge", "s1.json", "s2.json", "-q"], io)).toBe(2);
      expect(lastError(io)).toMatch(/s1\.json/);
      expect(lastError(io)).toMatch(message);
    }, 30_000);
  }

  it("still merges the untouched shards", async () => {
    const io = await withShards();
    expect(await runCli(["merge", "s1.json", "s2.json", "--json", "m.json", "-q"], io)).toBe(0);
    expect((JSON.parse(readFileSync(join(io.dir, "m.json"), "utf8")) as { cells: { n: number }[] }).cells.map((c) => c.n)).toEqual([1000, 1000]);
  }, 30_000);
});

describe("paths and workers", () => {
  it("a folder given to --json, --csv or --report is exit 2 before any work, naming the option", async () => {
    const io = memoryIo();
    writeFileSync(join(io.dir, "study.json"), JSON.stringify(STUDY));
    mkdirSync(join(io.dir, "out"));
    for (const option of ["--json", "--csv", "--report"]) {
      expect(await runCli(["study", "study.json", option, "out", "-q"], io)).toBe(2);
      expect(lastError(io)).toMatch(new RegExp(`${option} .*out: is a folder`));
    }
    writeFileSync(join(io.dir, "plain"), "x");
    expect(await runCli(["study", "study.json", "--json", "plain/r.json", "-q"], io)).toBe(2);
    expect(lastError(io)).toMatch(/is a file, not a folder/);
  });

  it("an existing file given to --svg-dir is exit 2; an absolute --svg-dir is used as given", async () => {
    const io = memoryIo();
    writeFileSync(join(io.dir, "taken"), "x");
    expect(await runCli(["play", "reverse-slope", "--svg-dir", "taken"], io)).toBe(2);
    expect(lastError(io)).toMatch(/--svg-dir .*taken: is a file/);
    const abs = join(io.dir, "abs", "pics");
    await runCli(["play", "reverse-slope", "--max-decisions", "20", "--svg-dir", abs], io);
    expect(readdirSync(abs).filter((f) => f.endsWith(".svg")).length).toBeGreaterThan(0);
    expect(() => readdirSync(join(io.dir, io.dir))).toThrow(); // not under $PWD/<abs>
  });

  it("--workers past the cores is capped (with a note) and the run is the same", async () => {
    const io = memoryIo();
    writeFileSync(join(io.dir, "study.json"), JSON.stringify(STUDY));
    expect(await runCli(["study", "study.json", "--workers", "100", "--json", "a.json", "--no-timing", "-q"], io)).toBe(0);
    expect(io.err.join("")).toMatch(/--workers 100: this machine has \d+ core\(s\); using \d+/);
    expect(await runCli(["study", "study.json", "--json", "b.json", "--no-timing", "-q"], io)).toBe(0);
    expect(readFileSync(join(io.dir, "a.json"), "utf8")).toBe(readFileSync(join(io.dir, "b.json"), "utf8"));
  }, 60_000);
});

describe("odds arguments", () => {
  it("refuses values outside their range (--ld -5, 1e308) with exit 2", async () => {
    const io = memoryIo();
    for (const args of [["leadership", "--ld", "-5"], ["leadership", "--ld", "1e308"], ["breakTest", "--ld", "7", "--margin", "1e9"], ["fnfFire", "--points", "-1"], ["rally", "--ld", "7", "--models", "99999"], ["fnfMelee", "--attacker", "1e308"]]) {
      expect(await runCli(["odds", ...args], io), args.join(" ")).toBe(2);
    }
    expect(lastError(io)).toMatch(/--ld must be 0…12, got "-5"/);
    expect(await runCli(["odds", "leadership", "--ld", "12"], io)).toBe(0);
  });

  it("a chance of exactly 0 prints as 0 (not 0.0000); whole means and variances print without decimals", async () => {
    const io = memoryIo();
    expect(await runCli(["odds", "breakTest", "--ld", "2", "--margin", "20"], io)).toBe(0);
    const text = io.out.join("");
    expect(text).toMatch(/^fallBack +0$/m);
    expect(text).toMatch(/^broke +100\.00 %$/m);
    expect(text).toMatch(/^mean 1 {2}variance 0 {2}/m);
    expect(text).not.toMatch(/0\.0000/);
  });

  it("a question's own numbers are required: odds leadership without --ld is exit 2, not a silent default", async () => {
    const io = memoryIo();
    for (const args of [["leadership"], ["breakTest", "--ld", "7"], ["breakTest", "--margin", "2"], ["panic"], ["rally"], ["fnfFire"]]) {
      expect(await runCli(["odds", ...args], io), args.join(" ")).toBe(2);
    }
    expect(await runCli(["odds", "leadership"], io)).toBe(2);
    expect(lastError(io)).toMatch(/odds leadership: --ld is required/);
  });
});
