/**
 * The worker-thread side of the study pool (piscina). A thread lives across studies: it keeps the
 * last study it was sent, planned once, so a task is only a study number, a cell and a few chunk
 * indices (the study's text comes with the first tasks of a study). Each cell is prepared once per
 * worker and study (the plan memoises `prepare` and the experiment's own caches), and a task
 * returns one tally per chunk, so the pool merges exactly what an inline run merges.
 */
import { performance } from "node:perf_hooks";
import { threadId } from "node:worker_threads";
import { builtinExperiments, planStudy, runChunk, type Plan, type Study } from "../analysis/index.js";
import type { ChunkResult, ChunkTask } from "./protocol.js";

function planOf(text: string): Plan {
  const r = planStudy(JSON.parse(text) as Study, builtinExperiments());
  if (!r.ok) throw new Error(`study worker: the study does not plan: ${r.issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  return r.plan;
}

/** The study this thread was last sent: one at a time, since a pool runs one study at a time. */
let current: { readonly id: number; readonly plan: Plan } | null = null;

/** Runs one task (piscina's default export). */
export default function runTask(task: ChunkTask): ChunkResult {
  if (current?.id !== task.study) {
    if (task.text === undefined) throw new Error(`study worker: a task of study #${task.study} came without the study, which this thread has not been sent`);
    current = { id: task.study, plan: planOf(task.text) };
  }
  const plan = current.plan;
  const t = performance.now();
  const tallies = task.chunks.map((chunk) => runChunk(plan, task.cell, chunk));
  return { tallies, busyMs: performance.now() - t, threadId };
}
