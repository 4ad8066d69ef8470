/**
 * The worker pool adapter: piscina worker threads running `runChunk`, driven by the core's
 * `runPlanAsync`, so the merged result is the single-threaded one whatever the pool size. Inline
 * runs (`workers` = 1) go through the same driver, yielding to the event loop between chunks so
 * Ctrl-C is heard.
 */
import { Piscina } from "piscina";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { runChunk, runPlanAsync, type Plan, type RunOptions, type RunOutcome, type Tally } from "../analysis/index.js";
import { studyKey, type ChunkTask } from "./worker.js";

/** The worker script next to this module: `study-worker.js` when built, `worker.ts` from source (run through tsx). */
function workerFile(): { filename: string; execArgv?: string[] } {
  const js = new URL("./study-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(js))) return { filename: fileURLToPath(js) };
  const ts = new URL("./worker.ts", import.meta.url);
  // From source (tests, `npm run study`): the worker loads through tsx, resolved from here, not from the cwd.
  return { filename: fileURLToPath(ts), execArgv: ["--import", import.meta.resolve("tsx")] };
}

const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * Runs a plan on `workers` threads (1: inline in this thread).
 * @example
 * const outcome = await runWithPool(plan, 4, { onProgress });
 */
export async function runWithPool(plan: Plan, workers: number, options: Omit<RunOptions, "parallelism"> = {}): Promise<RunOutcome> {
  if (workers <= 1) {
    return runPlanAsync(
      plan,
      async (u) => {
        await yieldToLoop();
        return runChunk(plan, u.cell, u.chunk);
      },
      { ...options, parallelism: 1 },
    );
  }
  const w = workerFile();
  const pool = new Piscina<ChunkTask, Tally>({ filename: w.filename, ...(w.execArgv === undefined ? {} : { execArgv: w.execArgv }), minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
  const study = studyKey(plan.study);
  let poolError: unknown = null;
  pool.on("error", (e: unknown) => void (poolError ??= e));
  const run = async (u: { cell: number; chunk: number }): Promise<Tally> => {
    if (poolError !== null) throw poolError;
    return pool.run({ study, cell: u.cell, chunk: u.chunk });
  };
  try {
    return await runPlanAsync(plan, run, { ...options, parallelism: workers * 2 });
  } finally {
    await pool.destroy();
  }
}
