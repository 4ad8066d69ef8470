/**
 * What the study pool (src/cli/pool.ts) and its worker threads (src/cli/worker.ts) send each other.
 * Kept apart from the worker script, which plans its study as it loads.
 */
import type { Study, Tally } from "../analysis/index.js";

/** What the pool gives each worker thread when it starts. */
export interface WorkerInit {
  /** JSON of the normalized study (key order kept: it orders axes and variants). */
  readonly study: string;
}

/** What the pool sends a worker: consecutive chunks of one cell. */
export interface ChunkTask {
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

/** Study text for {@link WorkerInit}. Key order is kept: it orders axes and variants. */
export function studyKey(study: Study): string {
  return JSON.stringify(study);
}
