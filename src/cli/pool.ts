/**
 * The worker pool adapter: piscina worker threads sampling a study's work units, scheduled by the
 * core's `Scheduler`, so the merged result is the single-threaded one whatever the pool size, the
 * batching or the order results come back in (tallies are integer sums merged in chunk order).
 *
 * Why it is shaped like this (docs/performance.md, workerSpeedup): a thread costs a start-up, a
 * load of the bundle and a cold JIT; so a pool can stay open across studies (`openStudyPool`), its
 * threads keeping their bundle and JIT; a study's text rides only on its first tasks (until every
 * thread has returned a result for it), each thread plans it once, and later tasks carry its
 * number; each cell is prepared once per thread; consecutive chunks of a cell are batched into
 * tasks of ~50 ms once their cost is known; each thread holds a second task so it does not wait on
 * a busy main thread; and the main thread samples too (N workers = the main thread and N − 1 pool
 * threads), so a run starts sampling at once, on code the process has warmed.
 */
import { FusilladeError } from "../engine/violation.js";
import { Piscina } from "piscina";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { preparedFor, runChunk, runPlanAsync, Scheduler, type Plan, type RunOptions, type RunOutcome, type Tally } from "../analysis/index.js";
import { studyKey, type ChunkResult, type ChunkTask } from "./protocol.js";

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

/** Started worker threads, before any study: the pool's side of piscina. */
interface Threads {
  readonly threads: number;
  /** Runs a task; rejects with a clear error if a thread fails (then every later task fails too). */
  run(task: ChunkTask): Promise<ChunkResult>;
  /** The error that broke the pool (a thread that could not start), if any. */
  broken(): Error | null;
  /** Stops the threads; idempotent. */
  destroy(): Promise<void>;
}

/** Starts `threads` worker threads; they load the bundle at once and get a study with their first tasks. */
function startThreads(threads: number, script: WorkerScript): Threads {
  const pool = new Piscina<ChunkTask, ChunkResult>({
    filename: script.filename,
    ...(script.execArgv === undefined ? {} : { execArgv: [...script.execArgv] }),
    minThreads: threads,
    maxThreads: threads,
    // One task running and one waiting in each thread: a thread never idles while the main thread samples.
    concurrentTasksPerWorker: 2,
    // The pool lives until close(): its threads keep their loaded bundle and warm JIT between studies.
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  // piscina reports a thread that fails while loading as an 'error' event and leaves queued tasks
  // pending forever (the process then exits with code 0 and no output): fail every task instead,
  // and stop the pool so piscina does not keep replacing a thread that cannot load.
  // A thread that fails with a task assigned rejects that task with the bare error: name the worker.
  const clear = (e: unknown): Error => new FusilladeError("engine/internal", `study pool: a worker thread failed (${script.filename}): ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  let failure: Error | null = null;
  let fail: (e: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  let destroyed: Promise<void> | null = null;
  const destroy = (): Promise<void> => (destroyed ??= pool.destroy());
  pool.on("error", (e: unknown) => {
    failure ??= clear(e);
    fail(failure);
    void destroy().catch(() => undefined);
  });
  return {
    threads,
    run: (task) => (failure !== null ? Promise.reject(failure) : Promise.race([pool.run(task).catch((e: unknown) => Promise.reject(failure ?? clear(e))), failed])),
    broken: () => failure,
    destroy,
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

/** Options of one run on a {@link StudyPool}. */
export interface StudyRunOptions extends Omit<RunOptions, "parallelism"> {
  /** Called when the run is over: per-thread busy time (not called for an inline run). */
  readonly onFinish?: (stats: readonly ThreadStats[]) => void;
}

/** Options of {@link openStudyPool}. */
export interface StudyPoolOptions {
  /** Whether the main thread samples too (default true): N workers are then the main thread and N − 1 pool threads. */
  readonly mainThread?: boolean;
  /** The worker script (tests). */
  readonly script?: WorkerScript;
}

/** Options of {@link runWithPool}. */
export interface PoolRunOptions extends StudyRunOptions, StudyPoolOptions {}

/** A pool of study threads kept alive across studies (see {@link openStudyPool}). */
export interface StudyPool {
  /** Executors of a run: pool threads, plus this thread when it samples too. */
  readonly workers: number;
  /** Runs a plan on the pool; runs on one pool are taken one at a time, in call order. */
  run(plan: Plan, options?: StudyRunOptions): Promise<RunOutcome>;
  /** Stops the threads; idempotent. A run still going rejects; a later run rejects. */
  close(): Promise<void>;
}

const yieldToLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A task's target length once chunk costs are known: long enough that messaging is noise, short enough to balance. */
const TASK_MS = 50;
/** The main thread's slices: short, so results from the pool are handled and answered promptly. */
const MAIN_SLICE_MS = 20;

/** Runs a plan inline in this thread, yielding between chunks (progress and Ctrl-C stay live). */
function runInline(plan: Plan, options: StudyRunOptions): Promise<RunOutcome> {
  return runPlanAsync(
    plan,
    async (u) => {
      await yieldToLoop();
      return runChunk(plan, u.cell, u.chunk);
    },
    { ...options, parallelism: 1 },
  );
}

/**
 * Opens a pool of `workers` executors (1: inline in this thread) that stays open across studies:
 * its threads start now and keep their loaded bundle and warm JIT until `close()`, so a process
 * that runs many studies (an app, a sweep) pays a thread's start-up once. A study's text rides on
 * its first tasks, until every thread has it; each thread plans it once.
 * @example
 * const pool = openStudyPool(2);
 * try {
 *   for (const plan of plans) outcomes.push(await pool.run(plan, { onProgress }));
 * } finally {
 *   await pool.close();
 * }
 */
export function openStudyPool(workers: number, options: StudyPoolOptions = {}): StudyPool {
  const main = options.mainThread ?? true;
  const count = Math.max(1, Math.floor(workers));
  const threads = count <= 1 ? 0 : main ? count - 1 : count;
  const pool = threads === 0 ? null : startThreads(threads, options.script ?? workerScript());
  // Study identity: the study's text, numbered by this pool; the worker keeps the last study it planned.
  const ids = new Map<string, number>();
  // The study the threads were last given, and the threads that have it (a thread acknowledges a
  // study by returning a result for it); piscina chooses the thread, so a task carries the study
  // until every thread has it.
  let current: { id: number; text: string; have: Set<number> } | null = null;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  const runOne = async (plan: Plan, opts: StudyRunOptions): Promise<RunOutcome> => {
    if (closed) throw new FusilladeError("engine/misuse", "study pool: run() after close()");
    if (pool === null) return runInline(plan, opts);
    const broken = pool.broken();
    if (broken !== null) throw broken;
    const text = studyKey(plan.study);
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = ids.size + 1));
    if (current?.id !== id) current = { id, text, have: new Set() };
    const study = current;
    const send = (task: { cell: number; chunks: number[] }): Promise<ChunkResult> =>
      pool
        .run(study.have.size >= pool.threads ? { study: study.id, ...task } : { study: study.id, text: study.text, ...task })
        .then((r) => (study.have.add(r.threadId), r));
    try {
      // While the threads start or take the study: set up every cell here, so a cell the rules
      // cannot set up fails as a StudySetupError (a usage error) whichever thread would have met it first.
      for (const c of plan.cells) for (const v of plan.variants) preparedFor(plan, c.index, v);
      return await drive(plan, send, pool.threads, main, opts);
    } catch (e) {
      // A thread may have been replaced meanwhile: send the study again next time.
      current = null;
      if (closed) throw new FusilladeError("engine/misuse", "study pool: close() was called during the run", { cause: e });
      throw e;
    }
  };

  return {
    workers: count,
    run(plan, opts = {}) {
      if (closed) return Promise.reject(new FusilladeError("engine/misuse", "study pool: run() after close()"));
      const r = queue.then(() => runOne(plan, opts));
      queue = r.catch(() => undefined);
      return r;
    },
    close() {
      closed = true;
      return pool === null ? Promise.resolve() : pool.destroy();
    },
  };
}

/**
 * Runs a plan on `workers` threads (1: inline in this thread): opens a pool, runs, closes it.
 * @example
 * const outcome = await runWithPool(plan, 4, { onProgress });
 */
export async function runWithPool(plan: Plan, workers: number, options: PoolRunOptions = {}): Promise<RunOutcome> {
  const { mainThread, script, ...run } = options;
  const pool = openStudyPool(workers, { ...(mainThread === undefined ? {} : { mainThread }), ...(script === undefined ? {} : { script }) });
  try {
    return await pool.run(plan, run);
  } finally {
    await pool.close();
  }
}

/** Issues batches of units to the pool (and to this thread), merging every chunk through the scheduler. */
async function drive(plan: Plan, send: (task: { cell: number; chunks: number[] }) => Promise<ChunkResult>, threads: number, main: boolean, options: StudyRunOptions): Promise<RunOutcome> {
  const executors = threads + (main ? 1 : 0);
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
    while (!stopped() && inFlight.size < threads * 2) {
      const batch = take(batchFor(TASK_MS), main);
      if (batch === null) return;
      const p: Promise<void> = send(batch)
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
