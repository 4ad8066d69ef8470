import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/program.js";
import { shardFromEnvironment } from "../../src/analysis/index.js";
import { memoryIo } from "./helpers.js";

const STUDY = {
  name: "array-volley",
  experiment: "whn/volley",
  seed: 21,
  n: 1200,
  chunk: 300,
  sweep: { range: [6, 14] },
  variants: { line: { "firer.formation": "LINE", "firer.files": 12 }, column: { "firer.formation": "ATTACK_COLUMN", "firer.files": 4 } },
};

/** Each cluster engine's environment for task t of 3 (as the scheduler would set it), and extra flags. */
const ENGINES: ReadonlyArray<{ name: string; env: (t: number) => Record<string, string>; flags: string[] }> = [
  { name: "kubernetes", env: (t) => ({ JOB_COMPLETION_INDEX: String(t), FUSILLADE_SHARD_COUNT: "3" }), flags: [] },
  { name: "kubernetes (--shard-count)", env: (t) => ({ JOB_COMPLETION_INDEX: String(t) }), flags: ["--shard-count", "3"] },
  { name: "slurm (--array=1-3)", env: (t) => ({ SLURM_ARRAY_TASK_ID: String(t + 1), SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "3", SLURM_ARRAY_TASK_COUNT: "3", SLURM_ARRAY_JOB_ID: "77" }), flags: [] },
  { name: "slurm (--array=0-8:4, no count)", env: (t) => ({ SLURM_ARRAY_TASK_ID: String(t * 4), SLURM_ARRAY_TASK_MIN: "0", SLURM_ARRAY_TASK_MAX: "8", SLURM_ARRAY_TASK_STEP: "4" }), flags: [] },
  { name: "awsBatch", env: (t) => ({ AWS_BATCH_JOB_ARRAY_INDEX: String(t) }), flags: ["--shard-count", "3"] },
];

describe("--shard auto on existing cluster engines", () => {
  it("each engine's simulated array job, merged, equals the single-process result byte for byte; every shard records its scheduler", async () => {
    const io = memoryIo();
    const file = join(io.dir, "study.json");
    writeFileSync(file, JSON.stringify(STUDY));
    expect(await runCli(["study", file, "--json", "one.json", "--no-timing", "-q"], io)).toBe(0);
    const one = readFileSync(join(io.dir, "one.json"), "utf8");
    for (const [e, engine] of ENGINES.entries()) {
      const names: string[] = [];
      for (const t of [2, 0, 1]) {
        const sio = { ...io, env: engine.env(t) };
        const out = `e${e}-t${t}.json`;
        expect(await runCli(["study", file, "--shard", "auto", ...engine.flags, "--json", out, "-q"], sio), engine.name).toBe(0);
        const doc = JSON.parse(readFileSync(join(io.dir, out), "utf8")) as { shard: { index: number; count: number }; source: { scheduler: string }; engine: { version: string }; study: { seed: number } };
        expect(doc.shard, engine.name).toEqual({ index: t + 1, count: 3 });
        expect(engine.name.startsWith(doc.source.scheduler)).toBe(true);
        expect(doc.study.seed).toBe(21);
        names.push(out);
      }
      expect(await runCli(["merge", ...names, "--json", `m${e}.json`, "--no-timing", "-q"], io)).toBe(0);
      expect(readFileSync(join(io.dir, `m${e}.json`), "utf8"), engine.name).toBe(one);
    }
  }, 300_000);

  it("no array-job environment, a missing count or an off-grid task is exit code 2 with a message", async () => {
    const io = memoryIo();
    const file = join(io.dir, "study.json");
    writeFileSync(file, JSON.stringify(STUDY));
    expect(await runCli(["study", file, "--shard", "auto", "-q"], { ...io, env: {} })).toBe(2);
    expect(io.err.join("")).toMatch(/no array-job environment/);
    expect(await runCli(["study", file, "--shard", "auto", "-q"], { ...io, env: { AWS_BATCH_JOB_ARRAY_INDEX: "0" } })).toBe(2);
    expect(io.err.join("")).toMatch(/--shard-count/);
    expect(await runCli(["study", file, "--shard", "2/4", "--shard-count", "4", "-q"], io)).toBe(2);
  });

  it("shardFromEnvironment: index base and count per engine", () => {
    expect(shardFromEnvironment({ SLURM_ARRAY_TASK_ID: "5", SLURM_ARRAY_TASK_MIN: "5", SLURM_ARRAY_TASK_COUNT: "10" })).toMatchObject({ ok: true, shard: { index: 1, count: 10 } });
    expect(shardFromEnvironment({ SLURM_ARRAY_TASK_ID: "6", SLURM_ARRAY_TASK_MIN: "0", SLURM_ARRAY_TASK_MAX: "8", SLURM_ARRAY_TASK_STEP: "4" })).toMatchObject({ ok: false });
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: "15" }, 16)).toMatchObject({ ok: true, shard: { index: 16, count: 16 } });
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: "16" }, 16)).toMatchObject({ ok: false });
    expect(shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: "x", FUSILLADE_SHARD_COUNT: "2" })).toMatchObject({ ok: false });
  });
});
