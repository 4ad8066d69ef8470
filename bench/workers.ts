/**
 * `workerSpeedup`: a Monte Carlo study run inline (1 worker) and on 2 workers of a pool that is
 * already open (src/cli/pool.ts `openStudyPool`: the main thread and one piscina thread, started
 * and warmed by one untimed study before the pairs), as the issue asks: "once the pool exists".
 * The figure is the median of T(1) / T(2) over interleaved runs; each round runs a new study (its
 * own seed), so the pool's thread plans and prepares it as it would a new study of a sweep. Each
 * round also runs the study through `runWithPool` (a pool started and stopped for the one study,
 * as `fusillade study --workers 2` does): that cold figure is reported in the note. Within a round
 * every run must give the same tallies.
 *
 * The machines are shared, so the wall-time figure moves with the load; the CPU time of each run
 * (process.cpuUsage(): every thread, helper threads included) says what the pool would do on two
 * free cores: the work is balanced dynamically, so there T(2) ≈ CPU(2) / 2 and the speedup ≈
 * 2 × CPU(1) / CPU(2). On Linux, each thread's on-CPU and run-queue time (/proc/self/task/<tid>/schedstat)
 * is read before the run ends, to show how long the threads waited for a core. With Linux's
 * sched_autogroup on (the default on desktop kernels, and here), the scheduler shares the cores
 * fairly between sessions, not threads: while other sessions keep both cores busy, this process's
 * two threads share one session's share, and no pool can show a wall-time speedup.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { builtinExperiments, parseStudy, planStudy, type Plan, type RunOutcome } from "../src/analysis/index.js";
import { openStudyPool, runWithPool, type StudyPool, type ThreadStats } from "../src/cli/pool.js";
import { round3, type Figure } from "./figures.js";

/** The study: a firefight by range, sampled (exact odds off so only sampling is timed), in the default 1 000-sample chunks. */
function benchPlan(n: number, seed = 1815): Plan {
  const parsed = parseStudy({ name: "bench-workers", experiment: "whn/firefight", seed, n, exact: false, sweep: { range: [4, 8, 12, 16] } });
  if (!parsed.ok) throw new Error(`bench: the worker study is invalid: ${JSON.stringify(parsed.issues)}`);
  const planned = planStudy(parsed.study, builtinExperiments());
  if (!planned.ok) throw new Error(`bench: the worker study does not plan: ${JSON.stringify(planned.issues)}`);
  return planned.plan;
}

/** A digest of a run's tallies, to check that every run agrees. */
function digest(o: RunOutcome): string {
  return JSON.stringify(o.cells.map((c) => c.tally));
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Per-thread on-CPU and run-queue ms (Linux), keyed by thread id; empty elsewhere. */
function threadTimes(): Map<string, { cpu: number; wait: number }> {
  const out = new Map<string, { cpu: number; wait: number }>();
  if (!existsSync("/proc/self/task")) return out;
  for (const t of readdirSync("/proc/self/task")) {
    try {
      const [cpu, wait] = readFileSync(`/proc/self/task/${t}/schedstat`, "utf8").trim().split(" ").map(Number);
      out.set(t, { cpu: (cpu ?? 0) / 1e6, wait: (wait ?? 0) / 1e6 });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

interface Run {
  readonly ms: number;
  readonly cpuMs: number;
  readonly digest: string;
  readonly stats: readonly ThreadStats[];
  /** Threads that used more than 50 ms of CPU in the run: on-CPU and run-queue ms (Linux). */
  readonly threads: ReadonlyArray<{ cpu: number; wait: number }>;
}

/** How a run is made: inline, on the open pool, or on a pool started for the run (cold). */
type How = { readonly kind: "inline" } | { readonly kind: "open"; readonly pool: StudyPool } | { readonly kind: "cold" };

async function timedRun(n: number, seed: number, how: How): Promise<Run> {
  const before = threadTimes();
  let after = before;
  let stats: readonly ThreadStats[] = [];
  const onFinish = (s: readonly ThreadStats[]): void => {
    stats = s;
    after = threadTimes();
  };
  const plan = benchPlan(n, seed);
  const c0 = process.cpuUsage();
  const t = performance.now();
  const out = how.kind === "open" ? await how.pool.run(plan, { onFinish }) : await runWithPool(plan, how.kind === "inline" ? 1 : 2, { onFinish });
  const ms = performance.now() - t;
  const c = process.cpuUsage(c0);
  if (how.kind === "inline") after = threadTimes();
  const threads = [...after].map(([id, a]) => ({ cpu: a.cpu - (before.get(id)?.cpu ?? 0), wait: a.wait - (before.get(id)?.wait ?? 0) })).filter((x) => x.cpu > 50);
  return { ms, cpuMs: (c.user + c.system) / 1000, digest: digest(out), stats, threads };
}

const load = (): string => os.loadavg().map((x) => x.toFixed(2)).join(" ");

/** Whether the kernel schedules by session (autogroup): then other sessions' load caps this process's share. */
function autogroup(): boolean {
  const f = "/proc/sys/kernel/sched_autogroup_enabled";
  return existsSync(f) && readFileSync(f, "utf8").trim() === "1";
}

/**
 * Times a study of `n` samples a cell inline, on 2 workers of an open, warm pool, and on 2 workers
 * of a pool started for the run, `rounds` interleaved rounds: the wall-time figure (warm; the cold
 * one in the note) and the CPU-time one (warm). The size is fixed, not fitted to the machine, so
 * runs compare like with like (300 000 a cell: about 3.5 s of CPU inline on the 2-core bench machine).
 */
export async function workerFigures(n: number, rounds = 5): Promise<Figure[]> {
  console.log(`bench: workers: ${n} samples × 4 cells, ${rounds} rounds; load ${load()}`);
  // Warm this thread's code paths, inline and pooled, as a process that has run a study has.
  await timedRun(4000, 1, { kind: "inline" });
  await timedRun(4000, 1, { kind: "cold" });
  const pool = openStudyPool(2);
  const one: Run[] = [];
  const two: Run[] = [];
  const cold: Run[] = [];
  let same = true;
  try {
    // The pool exists and has run a study (untimed): its thread has loaded the bundle and warmed its JIT.
    const w = await timedRun(n, 1, { kind: "open", pool });
    console.log(`bench: workers: warm-up study on the open pool ${(w.ms / 1000).toFixed(2)} s (CPU ${(w.cpuMs / 1000).toFixed(2)} s)`);
    const fmtRun = (x: Run): string => `${(x.ms / 1000).toFixed(2)} s (CPU ${(x.cpuMs / 1000).toFixed(2)} s)`;
    const fmtThreads = (x: Run): string =>
      `busy ${x.stats.map((s) => `${s.thread} ${s.chunks} chunks ${(s.busyMs / 1000).toFixed(2)} s`).join(", ")}; threads cpu/run-queue s ${x.threads.map((t) => `${(t.cpu / 1000).toFixed(2)}/${(t.wait / 1000).toFixed(2)}`).join(" ")}`;
    for (let r = 0; r < rounds; r++) {
      // A new study each round (its own seed): the pool meets it as a sweep's next study.
      const seed = 1815 + 1 + r;
      const a = await timedRun(n, seed, { kind: "inline" });
      const b = await timedRun(n, seed, { kind: "open", pool });
      const c = await timedRun(n, seed, { kind: "cold" });
      one.push(a);
      two.push(b);
      cold.push(c);
      same &&= b.digest === a.digest && c.digest === a.digest;
      console.log(
        `bench: workers: round ${r + 1}: 1 → ${fmtRun(a)}, 2 open → ${fmtRun(b)} ×${(a.ms / b.ms).toFixed(2)}, 2 cold → ${fmtRun(c)} ×${(a.ms / c.ms).toFixed(2)}; load ${load()}\n` +
          `bench: workers:   open: ${fmtThreads(b)}\n` +
          `bench: workers:   cold: ${fmtThreads(c)}`,
      );
    }
  } finally {
    await pool.close();
  }
  const ratios = one.map((a, i) => a.ms / (two[i] as Run).ms);
  const coldRatios = one.map((a, i) => a.ms / (cold[i] as Run).ms);
  const free = one.map((a, i) => (2 * a.cpuMs) / (two[i] as Run).cpuMs);
  const freeCold = one.map((a, i) => (2 * a.cpuMs) / (cold[i] as Run).cpuMs);
  const secs = (xs: readonly Run[], f: (x: Run) => number): string => (median(xs.map(f)) / 1000).toFixed(2);
  const sizes = `whn/firefight ${n} × 4 cells`;
  return [
    {
      key: "workerSpeedup",
      label: "study on 2 workers vs 1 (pool open)",
      value: round3(median(ratios)),
      unit: "×",
      spread: `${round3(Math.min(...ratios))}–${round3(Math.max(...ratios))} (${rounds})`,
      note:
        `${sizes}, a new study each round; median ${secs(one, (x) => x.ms)} s vs ${secs(two, (x) => x.ms)} s wall on a pool already open and warmed by one study; ` +
        `cold (pool started for the run, as \`study --workers 2\`): ×${round3(median(coldRatios))} (${round3(Math.min(...coldRatios))}–${round3(Math.max(...coldRatios))}), ${secs(cold, (x) => x.ms)} s; ` +
        `load ${load()}${autogroup() ? " (sched_autogroup on)" : ""}${same ? "" : "; TALLIES DIFFER"}; goal ≥ 1.8`,
    },
    {
      key: "workerSpeedupCpu",
      label: "same, on 2 free cores (from CPU time)",
      value: round3(median(free)),
      unit: "×",
      spread: `${round3(Math.min(...free))}–${round3(Math.max(...free))} (${rounds})`,
      note: `2 × CPU(1) / CPU(2) per round, pool open, every thread counted; median CPU ${secs(one, (x) => x.cpuMs)} s vs ${secs(two, (x) => x.cpuMs)} s; cold ×${round3(median(freeCold))} (CPU ${secs(cold, (x) => x.cpuMs)} s)`,
    },
  ];
}
