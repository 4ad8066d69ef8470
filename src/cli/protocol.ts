/**
 * What the study pool (src/cli/pool.ts) and its worker threads (src/cli/worker.ts) send each other.
 * Kept apart from the worker script, which runs as it loads.
 */
import type { Study, Tally } from "../analysis/index.js";

/**
 * What the pool sends a worker: consecutive chunks of one cell of a study. The study travels as
 * `text` only until the thread has it (the thread keeps the last study it planned, by `study`).
 */
export interface ChunkTask {
  /** The study's number in this pool (its identity: one number per study text). */
  readonly study: number;
  /** {@link studyKey} of the study, on the first tasks of a study only. */
  readonly text?: string;
  readonly cell: number;
  readonly chunks: readonly number[];
}

/** What a worker sends back: one tally per chunk of the task, in order, and how long it sampled. */
export interface ChunkResult {
  readonly tallies: readonly Tally[];
  /** Wall time spent in the task, ms (measured in the worker: no queueing or messaging). */
  readonly busyMs: number;
  readonly threadId: number;
}

/** Study text for {@link ChunkTask}. Key order is kept: it orders axes and variants. */
export function studyKey(study: Study): string {
  return JSON.stringify(study);
}
