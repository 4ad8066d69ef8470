/**
 * `workerSpeedup`: one Monte Carlo study run inline (1 worker) and on the piscina pool with 2
 * worker threads (src/cli/pool.ts), wall time including the pool's start-up; the speedup is
 * T(1) / T(2). The two runs must give the same tallies (the pool is deterministic).
 */
import { performance } from "node:perf_hooks";
import { builtinExperiments, parseStudy, planStudy, type Plan, type RunOutcome } from "../src/analysis/index.js";
import { runWithPool } from "../src/cli/pool.js";
import { round3, type Figure } from "./figures.js";

/** The study: a volley by formation and range, sampled (exact odds off so only sampling is timed). */
function benchPlan(n: number): Plan {
  const parsed = parseStudy({
    name: "bench-workers",
    experiment: "whn/firefight",
    seed: 1815,
    n,
    chunk: Math.max(1, Math.ceil(n / 8)),
    exact: false,
    sweep: { range: [4, 8, 12, 16] },
  });
  if (!parsed.ok) throw new Error(`bench: the worker study is invalid: ${JSON.stringify(parsed.issues)}`);
  const planned = planStudy(parsed.study, builtinExperiments());
  if (!planned.ok) throw new Error(`bench: the worker study does not plan: ${JSON.stringify(planned.issues)}`);
  return planned.plan;
}

/** A digest of a run's tallies, to check that 1 and 2 workers agree. */
function digest(o: RunOutcome): string {
  return JSON.stringify(o.cells.map((c) => c.tally));
}

/** Times the study on 1 and on 2 workers (best of `repeats` each). */
export async function workerFigure(seconds: number, repeats = 2): Promise<Figure> {
  // Size the study so one inline run samples for about `seconds`: the marginal cost per sample
  // from two sizes (each run also prepares its cells, a fixed cost the pool pays once per worker).
  const inline = async (n: number): Promise<number> => {
    const t = performance.now();
    await runWithPool(benchPlan(n), 1);
    return performance.now() - t;
  };
  const small = 4000;
  const t1 = await inline(small);
  const t4 = await inline(small * 4);
  const perSample = Math.max((t4 - t1) / (small * 3), t4 / (small * 4) / 4);
  const n = Math.round(Math.min(small * 4 * 50, Math.max(small * 4, (seconds * 1000) / perSample)));
  console.log(`bench: workers: ${small} samples/cell ${t1.toFixed(0)} ms, ${small * 4} ${t4.toFixed(0)} ms; timing ${n}`);
  const time = async (workers: number): Promise<{ ms: number; out: RunOutcome }> => {
    let best = Infinity;
    let out: RunOutcome | null = null;
    for (let r = 0; r < repeats; r++) {
      const t = performance.now();
      out = await runWithPool(benchPlan(n), workers);
      best = Math.min(best, performance.now() - t);
    }
    return { ms: best, out: out as RunOutcome };
  };
  const one = await time(1);
  const two = await time(2);
  const same = digest(one.out) === digest(two.out);
  return {
    key: "workerSpeedup",
    label: "study on 2 workers vs 1",
    value: round3(one.ms / two.ms),
    unit: "×",
    spread: `${(one.ms / 1000).toFixed(2)} s vs ${(two.ms / 1000).toFixed(2)} s`,
    note: `whn/firefight, ${n} samples × 4 cells, best of ${repeats}, pool start-up included${same ? "" : "; TALLIES DIFFER"}; goal ≥ 1.8`,
  };
}
