/**
 * The worker pool adapter: piscina worker threads sampling a study's work units, scheduled by the
 * core's `Scheduler`, so the merged result is the single-threaded one whatever the pool size, the
 * batching or the order results come back in (tallies are integer sums merged in chunk order).
 *
 * Why it is shaped like this (docs/performance.md, workerSpeedup): a thread costs a start-up, a
 * load of the bundle and a cold JIT; so the study is sent once per thread (`workerData`), planned
 * while the thread loads, each cell prepared once per thread, consecutive chunks of a cell are
 * batched into tasks of ~50 ms once their cost is known, each thread holds a second task so it
 * does not wait on a busy main thread, and the main thread samples too (N workers = the main thread
 * and N − 1 pool threads), so the run starts sampling at once, on code the process has warmed.
 */
import { Piscina } from "piscina";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { preparedFor, runChunk, runPlanAsync, Scheduler, type Plan, type RunOptions, type RunOutcome, type Study, type Tally } from "../analysis/index.js";
import { studyKey, type ChunkResult, type ChunkTask, type WorkerInit } from "./protocol.js";

/** Where the worker script is, and how to load it. */
export interface WorkerScript {
  readonly filename: string;
  readonly execArgv?: readonly string[];
}

/** The worker script next to this module: `study-worker.js` when built, `worker.ts` from source (run through tsx). */
function workerScript(): WorkerScript {
  const js = new URL("./study-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(js))) return { filename: fileURLToPath(js) };
  const ts = new URL("./worker.ts", import.meta.url);
  // From source (tests, `npm run study`): the worker loads through tsx, resolved from here, not from the cwd.
  return { filename: fileURLToPath(ts), execArgv: ["--import", import.meta.resolve("tsx")] };
}

/** A started pool of study threads. */
export interface StudyPool {
  readonly threads: number;
  /** Runs a task; rejects with the pool's error if a thread cannot start. */
  run(task: ChunkTask): Promise<ChunkResult>;
  destroy(): Promise<void>;
}

/**
 * Starts `threads` worker threads for one study; they load and plan it at once, before any task.
 * @example
 * const pool = startStudyPool(plan.study, 2);
 */
export function startStudyPool(study: Study, threads: number, script: WorkerScript = workerScript()): StudyPool {
  const workerData: WorkerInit = { study: studyKey(study) };
  const pool = new Piscina<ChunkTask, ChunkResult>({
    filename: script.filename,
    ...(script.execArgv === undefined ? {} : { execArgv: [...script.execArgv] }),
    workerData,
    minThreads: threads,
    maxThreads: threads,
    // One task running and one waiting in each thread: a thread never idles while the main thread samples.
    concurrentTasksPerWorker: 2,
    idleTimeout: 60_000,
  });
  // piscina reports a thread that fails while loading as an 'error' event and leaves queued tasks
  // pending forever (the process then exits with code 0 and no output): fail every task instead.
  // A thread that fails with a task assigned rejects that task with the bare error: name the worker.
  const clear = (e: unknown): Error => new Error(`study pool: a worker thread failed (${script.filename}): ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  let fail: (e: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  pool.on("error", (e: unknown) => fail(clear(e)));
  return {
    threads,
    run: (task) => Promise.race([pool.run(task).catch((e: unknown) => Promise.reject(clear(e))), failed]),
    destroy: () => pool.destroy(),
  };
}

/** Time spent by one thread of a pooled run. */
export interface ThreadStats {
  /** `"main"` or the worker's threadId. */
  readonly thread: string;
  readonly tasks: number;
  readonly chunks: number;
  /** Wall time inside tasks, ms. */
  readonly busyMs: number;
}

/** Options of {@link runWithPool}. */
export interface PoolRunOptions extends Omit<RunOptions, "parallelism"> {
  /** Whether the main thread samples too (default true): N workers are then the main thread and N − 1 pool threads. */
  readonly mainThread?: boolean;
  /** Called when the run is over, before the threads stop: per-thread busy time. */
  readonly onFinish?: (stats: readonly ThreadStats[]) => void;
  /** The worker script (tests). */
  readonly script?: WorkerScript;
}

const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A task's target length once chunk costs are known: long enough that messaging is noise, short enough to balance. */
const TASK_MS = 50;
/** The main thread's slices: short, so results from the pool are handled and answered promptly. */
const MAIN_SLICE_MS = 20;

/**
 * Runs a plan on `workers` threads (1: inline in this thread).
 * @example
 * const outcome = await runWithPool(plan, 4, { onProgress });
 */
export async function runWithPool(plan: Plan, workers: number, options: PoolRunOptions = {}): Promise<RunOutcome> {
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
  const main = options.mainThread ?? true;
  const pool = startStudyPool(plan.study, main ? workers - 1 : workers, options.script);
  try {
    // While the threads start: set up every cell here, so a cell the rules cannot set up fails
    // as a StudySetupError (a usage error) whichever thread would have met it first.
    for (const c of plan.cells) for (const v of plan.variants) preparedFor(plan, c.index, v);
    return await drive(plan, pool, main, options);
  } finally {
    await pool.destroy();
  }
}

/** Issues batches of units to the pool (and to this thread), merging every chunk through the scheduler. */
async function drive(plan: Plan, pool: StudyPool, main: boolean, options: PoolRunOptions): Promise<RunOutcome> {
  const executors = pool.threads + (main ? 1 : 0);
  const s = new Scheduler(plan, { ...options, parallelism: executors * 2 });
  const totalUnits = plan.cells.reduce((n, c) => n + (options.chunks?.[c.index]?.length ?? plan.chunksPerCell), 0);
  const stats = new Map<string, { thread: string; tasks: number; chunks: number; busyMs: number }>();
  const account = (thread: string, chunks: number, busyMs: number): void => {
    const st = stats.get(thread) ?? { thread, tasks: 0, chunks: 0, busyMs: 0 };
    st.tasks++;
    st.chunks += chunks;
    st.busyMs += busyMs;
    stats.set(thread, st);
    // Cost of a chunk: the cheapest seen (the first tasks of a thread run cold).
    const per = busyMs / chunks;
    if (chunks > 0 && per > 0) unitMs = unitMs === null ? per : Math.min(unitMs, per);
  };
  let unitMs: number | null = null;
  let issued = 0;
  // Units the scheduler has released, per cell. This thread takes from the first cell with work,
  // the pool from the last, so each cell's set-up (prepare, the experiment's lazily filled caches)
  // is mostly paid by one thread; within a cell chunks go in order, so merging and progress flow.
  const pending: number[][] = plan.cells.map(() => []);
  const pull = (): void => {
    for (let u = s.next(); u !== null; u = s.next()) (pending[u.cell] as number[]).push(u.chunk);
  };
  /** Up to `max` consecutive chunks of one cell (the first or the last with work), or null when none can be issued now. */
  const take = (max: number, fromEnd: boolean): { cell: number; chunks: number[] } | null => {
    pull();
    const n = pending.length;
    for (let i = 0; i < n; i++) {
      const cell = fromEnd ? n - 1 - i : i;
      const list = pending[cell] as number[];
      if (list.length === 0) continue;
      const chunks = list.splice(0, Math.max(1, max));
      issued += chunks.length;
      return { cell, chunks };
    }
    return null;
  };
  const batchFor = (targetMs: number): number => {
    if (unitMs === null) return 1;
    const spread = Math.max(1, Math.floor((totalUnits - issued) / (executors * 4)));
    return Math.max(1, Math.min(spread, Math.floor(targetMs / unitMs)));
  };
  const complete = (cell: number, chunks: readonly number[], tallies: readonly Tally[]): void => {
    chunks.forEach((chunk, i) => s.complete({ cell, chunk }, tallies[i] as Tally));
    options.onProgress?.(s.progress());
  };

  let failure: unknown = null;
  const stopped = (): boolean => failure !== null || options.signal?.aborted === true || s.finished;
  const inFlight = new Set<Promise<void>>();
  const launch = (): void => {
    while (!stopped() && inFlight.size < pool.threads * 2) {
      const batch = take(batchFor(TASK_MS), main);
      if (batch === null) return;
      const p: Promise<void> = pool
        .run(batch)
        .then(
          (r) => {
            account(String(r.threadId), batch.chunks.length, r.busyMs);
            if (failure === null) complete(batch.cell, batch.chunks, r.tallies);
          },
          (e: unknown) => void (failure ??= e),
        )
        .finally(() => {
          inFlight.delete(p);
          launch();
        });
      inFlight.add(p);
    }
  };

  launch();
  for (;;) {
    if (main && !stopped()) {
      await yieldToLoop();
      const batch = stopped() ? null : take(batchFor(MAIN_SLICE_MS), false);
      if (batch !== null) {
        const t = performance.now();
        try {
          const tallies = batch.chunks.map((chunk) => runChunk(plan, batch.cell, chunk));
          account("main", batch.chunks.length, performance.now() - t);
          complete(batch.cell, batch.chunks, tallies);
        } catch (e) {
          failure ??= e;
        }
        launch();
        continue;
      }
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
    launch();
  }
  options.onFinish?.([...stats.values()]);
  if (failure !== null) throw failure;
  return s.outcome();
}
