/**
 * Runs a plan's work units with any executor (inline, a worker pool, one shard of many) and merges
 * them so the result never depends on how the work was spread: each cell's chunks are merged in
 * chunk order and a stop rule is checked after each, so a cell stops at the same chunk whether its
 * chunks ran one by one or eight at a time. Chunks sampled past that point are dropped.
 */
import { mergeTallies, EMPTY_TALLY, type Tally } from "../tally.js";
import { StudySetupError, type Plan } from "./plan.js";
import { FusilladeError } from "../../engine/violation.js";
import { metricHalfWidth } from "./summary.js";

/** One work unit: a chunk of a cell. */
export interface WorkUnit {
  readonly cell: number;
  readonly chunk: number;
}

/** Why a cell stopped. */
export type StopReason = "n" | "target" | "maxN" | "interrupted";

/** What a run produced for one cell. */
export interface CellRun {
  readonly tally: Tally;
  /** Chunk indices merged, ascending. */
  readonly chunks: readonly number[];
  readonly reason: StopReason;
}

/** What a run produced. */
export interface RunOutcome {
  readonly cells: readonly CellRun[];
  /** True when the run was stopped before every cell finished. */
  readonly interrupted: boolean;
}

/** Progress of a run: samples merged so far and the planned total (an upper bound under a stop rule). */
export interface Progress {
  readonly done: number;
  readonly total: number;
}

/** Anything with an `aborted` flag (an AbortSignal will do). */
export interface AbortFlag {
  readonly aborted: boolean;
}

/** Options of a run. */
export interface RunOptions {
  /** Work units in flight at once (the pool's size); 1 inline. */
  readonly parallelism?: number;
  /** Chunks per cell to run (a shard's slice); default every chunk. A stop rule needs every chunk. */
  readonly chunks?: ReadonlyArray<readonly number[]>;
  readonly signal?: AbortFlag;
  readonly onProgress?: (p: Progress) => void;
}

interface CellState {
  readonly list: readonly number[];
  issued: number;
  merged: Tally;
  mergedCount: number;
  readonly buffer: Map<number, Tally>;
  done: StopReason | null;
}

/** True when every criterion key of the stop rule is within its half-width. */
function satisfied(plan: Plan, tally: Tally): boolean {
  const stop = plan.study.stop;
  if (stop === undefined) return false;
  if (tally.n < stop.minN) return false;
  const first = plan.variants[0] as string;
  const keys = plan.variants.length === 1 ? [stop.metric] : plan.variants.slice(1).map((v) => `${v}-${first}:${stop.metric}`);
  for (const k of keys) {
    const m = tally.metrics[k];
    if (m === undefined) {
      const known = Object.keys(tally.metrics).join(", ");
      throw new StudySetupError(`stop.metric: "${stop.metric}" is not a ${plan.variants.length > 1 ? "paired numeric or yes/no " : ""}metric of ${plan.experiment.name} (metrics: ${known})`);
    }
    if (!(metricHalfWidth(m, plan.study.confidence) <= stop.halfWidth)) return false;
  }
  return true;
}

/** The scheduler behind both drivers: which unit next, and in-order merging with the stop rule. */
export class Scheduler {
  private cells: CellState[];
  private lookahead: number;
  private total: number;
  private doneSamples = 0;

  constructor(private readonly plan: Plan, options: RunOptions) {
    try {
      this.cells = [];
      this.lookahead = 1;
      this.total = 0;
      this.setUp(options);
    } catch (e) {
      if (e instanceof FusilladeError) throw e;
      throw new FusilladeError("engine/misuse", "Scheduler: plan must be a study plan made by planStudy, and options an object of run options", { cause: e });
    }
  }

  private setUp(options: RunOptions): void {
    const plan = this.plan;
    if (options.chunks !== undefined && plan.study.stop !== undefined) throw new StudySetupError("a study with a stop rule cannot be split into shards: give it a fixed `n`");
    const all = Array.from({ length: plan.chunksPerCell }, (_, i) => i);
    this.cells = plan.cells.map((c) => ({ list: options.chunks?.[c.index] ?? all, issued: 0, merged: EMPTY_TALLY, mergedCount: 0, buffer: new Map(), done: null }));
    for (const c of this.cells) if (c.list.length === 0) c.done = "n";
    this.lookahead = Math.max(1, options.parallelism ?? 1) * 2;
    // Samples the listed chunks hold: the last chunk of a cell is short when n is not a multiple of the chunk size.
    let total = 0;
    for (const c of this.cells) for (const chunk of c.list) total += Math.max(0, Math.min((chunk + 1) * plan.study.chunk, plan.maxPerCell) - chunk * plan.study.chunk);
    this.total = total;
  }

  /** The next unit to run, or null when nothing can be issued now. */
  next(): WorkUnit | null {
    for (let i = 0; i < this.cells.length; i++) {
      const c = this.cells[i] as CellState;
      if (c.done !== null || c.issued >= c.list.length) continue;
      if (this.plan.study.stop !== undefined && c.issued >= c.mergedCount + this.lookahead) continue;
      const chunk = c.list[c.issued++] as number;
      return { cell: i, chunk };
    }
    return null;
  }

  /** Records a finished unit; merges every unit now contiguous, checking the stop rule after each. */
  complete(u: WorkUnit, tally: Tally): void {
    const c = this.cells[u.cell] as CellState;
    if (c.done !== null) return;
    c.buffer.set(u.chunk, tally);
    for (;;) {
      const nextChunk = c.list[c.mergedCount];
      if (nextChunk === undefined) break;
      const t = c.buffer.get(nextChunk);
      if (t === undefined) break;
      c.buffer.delete(nextChunk);
      c.merged = mergeTallies(c.merged, t);
      c.mergedCount++;
      this.doneSamples += t.n;
      if (satisfied(this.plan, c.merged)) {
        c.done = "target";
        break;
      }
      if (c.mergedCount === c.list.length) {
        c.done = this.plan.study.stop === undefined ? "n" : "maxN";
        break;
      }
    }
  }

  /** Whether every cell has finished. */
  get finished(): boolean {
    return this.cells.every((c) => c.done !== null);
  }

  /** Samples merged so far and the planned total. */
  progress(): Progress {
    return { done: this.doneSamples, total: this.total };
  }

  /** The outcome so far (cells not finished are marked interrupted). */
  outcome(): RunOutcome {
    return {
      interrupted: !this.finished,
      cells: this.cells.map((c) => ({ tally: c.merged, chunks: [...c.list.slice(0, c.mergedCount)].sort((a, b) => a - b), reason: c.done ?? "interrupted" })),
    };
  }
}

/**
 * Runs a plan inline, one unit after another.
 * @example
 * const out = runPlanSync(plan, (u) => runChunk(plan, u.cell, u.chunk));
 */
export function runPlanSync(plan: Plan, exec: (u: WorkUnit) => Tally, options: RunOptions = {}): RunOutcome {
  const s = new Scheduler(plan, { ...options, parallelism: 1 });
  for (let u = s.next(); u !== null && options.signal?.aborted !== true; u = s.next()) {
    s.complete(u, exec(u));
    options.onProgress?.(s.progress());
  }
  return s.outcome();
}

/**
 * Runs a plan with an asynchronous executor (a worker pool), `parallelism` units in flight. The
 * outcome is the same as {@link runPlanSync}'s for any parallelism. On abort it stops issuing
 * units, waits for those in flight, and returns what was merged.
 */
export async function runPlanAsync(plan: Plan, exec: (u: WorkUnit) => Promise<Tally>, options: RunOptions = {}): Promise<RunOutcome> {
  const parallelism = Math.max(1, options.parallelism ?? 1);
  const s = new Scheduler(plan, { ...options, parallelism });
  const inFlight = new Map<number, Promise<{ id: number; u: WorkUnit; t: Tally }>>();
  let id = 0;
  let failure: unknown = null;
  const launch = (): void => {
    while (failure === null && inFlight.size < parallelism && options.signal?.aborted !== true) {
      const u = s.next();
      if (u === null) return;
      const my = id++;
      inFlight.set(my, exec(u).then((t) => ({ id: my, u, t })));
    }
  };
  launch();
  while (inFlight.size > 0) {
    try {
      const r = await Promise.race(inFlight.values());
      inFlight.delete(r.id);
      if (failure === null) {
        s.complete(r.u, r.t);
        options.onProgress?.(s.progress());
      }
    } catch (e) {
      failure ??= e;
      // Drop the failed promise: find it by settling each (they are few).
      for (const [k, p] of inFlight) await p.then(() => undefined, () => inFlight.delete(k));
    }
    launch();
  }
  if (failure !== null) throw failure;
  return s.outcome();
}
