import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtinExperiments, parseStudy, planStudy, runPlanSync, runChunk, type Plan, type StudyInput } from "../../src/analysis/index.js";
import { runWithPool, type ThreadStats } from "../../src/cli/pool.js";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./helpers.js";

function plan(input: StudyInput): Plan {
  const parsed = parseStudy(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const planned = planStudy(parsed.study, builtinExperiments());
  if (!planned.ok) throw new Error(JSON.stringify(planned.issues));
  return planned.plan;
}

const FIXED: StudyInput = { name: "pool-volley", experiment: "whn/volley", seed: 7, n: 4000, chunk: 250, sweep: { range: [6, 14, 20] } };
const STOPPING: StudyInput = { name: "pool-stop", experiment: "whn/volley", seed: 8, chunk: 200, stop: { metric: "casualties", halfWidth: 0.2, minN: 400, maxN: 6000 }, sweep: { range: [6, 20] } };

describe("the study pool gives the inline result, however the work is spread", () => {
  it("2 workers (main thread + 1), 3 pool threads without the main thread, and a stop rule", async () => {
    for (const input of [FIXED, STOPPING]) {
      const p = plan(input);
      const inline = JSON.stringify(runPlanSync(p, (u) => runChunk(p, u.cell, u.chunk)));
      let stats: readonly ThreadStats[] = [];
      const two = await runWithPool(plan(input), 2, { onFinish: (s) => (stats = s) });
      expect(JSON.stringify(two)).toBe(inline);
      // Both threads sampled, and every chunk was sampled once.
      expect(stats.map((s) => s.thread)).toContain("main");
      if (input === FIXED) {
        expect(stats.length).toBe(2);
        expect(stats.reduce((n, s) => n + s.chunks, 0)).toBe(3 * 16);
      }
      expect(JSON.stringify(await runWithPool(plan(input), 3, { mainThread: false }))).toBe(inline);
    }
  }, 120_000);
});

describe("a worker script that cannot load fails the run with a clear error", () => {
  const dir = mkdtempSync(join(tmpdir(), "fusillade-pool-"));
  const broken = join(dir, "broken-worker.mjs");
  writeFileSync(broken, 'throw new Error("broken on purpose");\n');

  it("runWithPool rejects (it used to hang, and the process exited with code 0)", async () => {
    await expect(runWithPool(plan(FIXED), 2, { script: { filename: broken } })).rejects.toThrow(/study pool: a worker thread failed \(.*broken-worker\.mjs\): broken on purpose/);
    await expect(runWithPool(plan(FIXED), 3, { mainThread: false, script: { filename: broken } })).rejects.toThrow(/broken on purpose/);
  });

  it("a missing worker script too", async () => {
    await expect(runWithPool(plan(FIXED), 2, { script: { filename: join(dir, "nowhere.mjs") } })).rejects.toThrow(/study pool: a worker thread failed/);
  });
});

describe("fusillade study --workers", () => {
  it("--workers 3 writes the JSON of the inline run", async () => {
    const io = memoryIo();
    const file = join(io.dir, "study.json");
    writeFileSync(file, JSON.stringify(FIXED));
    expect(await runCli(["study", file, "--json", "one.json", "--no-timing", "-q"], io)).toBe(0);
    expect(await runCli(["study", file, "--workers", "3", "--json", "three.json", "--no-timing", "-q"], io)).toBe(0);
    expect(readFileSync(join(io.dir, "three.json"), "utf8")).toBe(readFileSync(join(io.dir, "one.json"), "utf8"));
  }, 60_000);
});
