import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtinExperiments, parseStudy, planStudy, runPlanSync, runChunk, type Plan, type StudyInput } from "../../src/analysis/index.js";
import { openStudyPool, runWithPool, type ThreadStats } from "../../src/cli/pool.js";
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

describe("a pool kept open across studies", () => {
  it("runs two different studies (and the first again) with the inline tallies, each thread reused", async () => {
    const OTHER: StudyInput = { name: "pool-other", experiment: "whn/volley", seed: 11, n: 3000, chunk: 300, sweep: { range: [8, 16] } };
    const inline = (input: StudyInput): string => {
      const p = plan(input);
      return JSON.stringify(runPlanSync(p, (u) => runChunk(p, u.cell, u.chunk)));
    };
    for (const [workers, mainThread] of [[2, true], [2, false]] as const) {
      const pool = openStudyPool(workers, { mainThread });
      try {
        const threads = new Set<string>();
        const note = (s: readonly ThreadStats[]): void => s.forEach((t) => t.thread !== "main" && threads.add(t.thread));
        expect(JSON.stringify(await pool.run(plan(FIXED), { onFinish: note }))).toBe(inline(FIXED));
        expect(JSON.stringify(await pool.run(plan(OTHER), { onFinish: note }))).toBe(inline(OTHER));
        expect(JSON.stringify(await pool.run(plan(FIXED), { onFinish: note }))).toBe(inline(FIXED));
        // The same threads served every study (none was started again).
        expect(threads.size).toBeLessThanOrEqual(mainThread ? 1 : 2);
        // Runs asked for at once are taken one at a time, each with its own result.
        const [a, b] = await Promise.all([pool.run(plan(OTHER)), pool.run(plan(STOPPING))]);
        expect(JSON.stringify(a)).toBe(inline(OTHER));
        expect(JSON.stringify(b)).toBe(inline(STOPPING));
      } finally {
        await pool.close();
      }
    }
  }, 120_000);

  it("close during a run rejects that run and the runs queued behind it", async () => {
    const pool = openStudyPool(2);
    const long = plan({ ...FIXED, name: "pool-long", n: 400_000 });
    const first = pool.run(long);
    const queued = pool.run(plan(FIXED));
    await new Promise((r) => setTimeout(r, 300));
    await pool.close();
    await expect(first).rejects.toThrow(/study pool: close\(\) was called during the run/);
    await expect(queued).rejects.toThrow(/study pool: run\(\) after close\(\)/);
  }, 60_000);

  it("run after close rejects, and close is idempotent", async () => {
    for (const workers of [1, 2]) {
      const pool = openStudyPool(workers);
      await pool.close();
      await pool.close();
      await expect(pool.run(plan(FIXED))).rejects.toThrow(/study pool: run\(\) after close\(\)/);
    }
  });
});

describe("a worker script that cannot load fails the run with a clear error", () => {
  const dir = mkdtempSync(join(tmpdir(), "fusillade-pool-"));
  const broken = join(dir, "broken-worker.mjs");
  writeFileSync(broken, 'throw new Error("broken on purpose");\n');

  it("runWithPool rejects (it used to hang, and the process exited with code 0)", async () => {
    await expect(runWithPool(plan(FIXED), 2, { script: { filename: broken } })).rejects.toThrow(/study pool: a worker thread failed \(.*broken-worker\.mjs\): broken on purpose/);
    await expect(runWithPool(plan(FIXED), 3, { mainThread: false, script: { filename: broken } })).rejects.toThrow(/broken on purpose/);
  });

  it("on an open pool, every run rejects with it, and close still works", async () => {
    const pool = openStudyPool(2, { script: { filename: broken } });
    await expect(pool.run(plan(FIXED))).rejects.toThrow(/study pool: a worker thread failed \(.*broken-worker\.mjs\): broken on purpose/);
    await expect(pool.run(plan(FIXED))).rejects.toThrow(/broken on purpose/);
    await pool.close();
    await pool.close();
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
