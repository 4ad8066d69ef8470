/**
 * The worker-thread side of the study pool (piscina). The study arrives once, as `workerData`, and
 * is planned when the thread loads, so a task is only a cell and a few chunk indices. Each cell is
 * prepared once per worker (the plan memoises `prepare` and the experiment's own caches), and a
 * task returns one tally per chunk, so the pool merges exactly what an inline run merges.
 */
import { performance } from "node:perf_hooks";
import { threadId, workerData } from "node:worker_threads";
import { builtinExperiments, planStudy, runChunk, type Plan, type Study } from "../analysis/index.js";
import type { ChunkResult, ChunkTask, WorkerInit } from "./protocol.js";

function planOf(init: WorkerInit | undefined): Plan {
  if (init === undefined || typeof init.study !== "string") throw new Error("study worker: started without a study (workerData.study)");
  const r = planStudy(JSON.parse(init.study) as Study, builtinExperiments());
  if (!r.ok) throw new Error(`study worker: the study does not plan: ${r.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return r.plan;
}

// Planned while the thread loads: a study that does not plan fails the pool's start, not a task.
const plan = planOf(workerData as WorkerInit | undefined);

/** Runs one task (piscina's default export). */
export default function runTask(task: ChunkTask): ChunkResult {
  const t = performance.now();
  const tallies = task.chunks.map((chunk) => runChunk(plan, task.cell, chunk));
  return { tallies, busyMs: performance.now() - t, threadId };
}
