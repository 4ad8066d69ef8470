/**
 * `fusillade/node`: Node-only helpers for scripts that run studies. `openStudyPool(workers)` starts
 * worker threads once and keeps them warm (loaded bundle, JIT) across studies; `fusillade study`
 * runs on the same pool. Results are byte-identical to a single-threaded run.
 * @example
 * import { analysis } from "fusillade";
 * import { openStudyPool } from "fusillade/node";
 * const pool = openStudyPool(4);
 * try {
 *   for (const plan of plans) results.push(analysis.studyResult(plan, await pool.run(plan), engine));
 * } finally {
 *   await pool.close();
 * }
 * @packageDocumentation
 * @module fusillade/node
 */
export { openStudyPool, runWithPool, type StudyPool, type StudyPoolOptions, type StudyRunOptions, type PoolRunOptions, type ThreadStats, type WorkerScript } from "../cli/pool.js";
