/**
 * The worker-thread side of the pool (piscina): runs one work unit of a study and returns its
 * tally. Plans are cached per study text, so each worker prepares a cell once.
 */
import { builtinExperiments, planStudy, runChunk, type Plan, type Study, type Tally } from "../analysis/index.js";

/** What the pool sends a worker. */
export interface ChunkTask {
  /** JSON of the normalized study (key order kept). */
  readonly study: string;
  readonly cell: number;
  readonly chunk: number;
}

const plans = new Map<string, Plan>();
const registry = builtinExperiments();

/** Runs one work unit (piscina's default export). */
export default function runTask(task: ChunkTask): Tally {
  let plan = plans.get(task.study);
  if (plan === undefined) {
    const r = planStudy(JSON.parse(task.study) as Study, registry);
    if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join("; "));
    plan = r.plan;
    if (plans.size > 8) plans.clear();
    plans.set(task.study, plan);
  }
  return runChunk(plan, task.cell, task.chunk);
}

/** Study text for tasks (the key workers cache plans by). Key order is kept: it orders axes and variants. */
export function studyKey(study: Study): string {
  return JSON.stringify(study);
}
