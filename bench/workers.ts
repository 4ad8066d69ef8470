/**
 * `workerSpeedup`: one Monte Carlo study run inline (1 worker) and with `--workers 2` (src/cli/pool.ts:
 * the main thread and one piscina thread), wall time including the pool's start-up; the figure is
 * the median of T(1) / T(2) over interleaved pairs of runs. Every run must give the same tallies.
 *
 * The machines are shared, so the wall-time figure moves with the load; the CPU time of each run
 * (process.cpuUsage(): every thread, helper threads included) says what the pool would do on two
 * free cores: the work is balanced dynamically, so there T(2) ≈ CPU(2) / 2 and the speedup ≈
 * 2 × CPU(1) / CPU(2). On Linux, each thread's on-CPU and run-queue time (/proc/self/task/<tid>/schedstat)
 * is read before the pool stops, to show how long the threads waited for a core. With Linux's
 * sched_autogroup on (the default on desktop kernels, and here), the scheduler shares the cores
 * fairly between sessions, not threads: while other sessions keep both cores busy, this process's
 * two threads share one session's share, and no pool can show a wall-time speedup.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { builtinExperiments, parseStudy, planStudy, type Plan, type RunOutcome } from "../src/analysis/index.js";
import { runWithPool, type ThreadStats } from "../src/cli/pool.js";
import { round3, type Figure } from "./figures.js";

/** The study: a firefight by range, sampled (exact odds off so only sampling is timed), in the default 1 000-sample chunks. */
function benchPlan(n: number): Plan {
  const parsed = parseStudy({ name: "bench-workers", experiment: "whn/firefight", seed: 1815, n, exact: false, sweep: { range: [4, 8, 12, 16] } });
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

async function timedRun(n: number, workers: number): Promise<Run> {
  const before = threadTimes();
  let after = before;
  let stats: readonly ThreadStats[] = [];
  const c0 = process.cpuUsage();
  const t = performance.now();
  const out = await runWithPool(benchPlan(n), workers, {
    onFinish: (s) => {
      stats = s;
      after = threadTimes();
    },
  });
  const ms = performance.now() - t;
  const c = process.cpuUsage(c0);
  if (workers <= 1) after = threadTimes();
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
 * Times a study of `n` samples a cell inline and on 2 workers, `pairs` interleaved pairs: the
 * wall-time figure and the CPU-time one. The size is fixed, not fitted to the machine, so runs
 * compare like with like (300 000 a cell: about 5–6 s of CPU inline on the 2-core bench machine).
 */
export async function workerFigures(n: number, pairs = 5): Promise<Figure[]> {
  console.log(`bench: workers: ${n} samples × 4 cells, ${pairs} pairs; load ${load()}`);
  // Warm this thread's code paths, inline and pooled, as a process that has run a study has.
  await timedRun(4000, 1);
  await timedRun(4000, 2);
  const one: Run[] = [];
  const two: Run[] = [];
  for (let r = 0; r < pairs; r++) {
    const a = await timedRun(n, 1);
    const b = await timedRun(n, 2);
    one.push(a);
    two.push(b);
    const per = b.stats.map((s) => `${s.thread} ${s.chunks} chunks ${(s.busyMs / 1000).toFixed(2)} s`).join(", ");
    const thr = b.threads.map((x) => `${(x.cpu / 1000).toFixed(2)}/${(x.wait / 1000).toFixed(2)}`).join(" ");
    console.log(
      `bench: workers: pair ${r + 1}: 1 → ${(a.ms / 1000).toFixed(2)} s (CPU ${(a.cpuMs / 1000).toFixed(2)} s), 2 → ${(b.ms / 1000).toFixed(2)} s (CPU ${(b.cpuMs / 1000).toFixed(2)} s); ` +
        `×${(a.ms / b.ms).toFixed(2)}; busy ${per}; threads cpu/run-queue s ${thr}; load ${load()}`,
    );
  }
  const same = [...one, ...two].every((x) => x.digest === (one[0] as Run).digest);
  const ratios = one.map((a, i) => a.ms / (two[i] as Run).ms);
  const free = one.map((a, i) => (2 * a.cpuMs) / (two[i] as Run).cpuMs);
  const sizes = `whn/firefight ${n} × 4 cells`;
  return [
    {
      key: "workerSpeedup",
      label: "study on 2 workers vs 1",
      value: round3(median(ratios)),
      unit: "×",
      spread: `${round3(Math.min(...ratios))}–${round3(Math.max(...ratios))} (${pairs})`,
      note: `${sizes}; median ${(median(one.map((x) => x.ms)) / 1000).toFixed(2)} s vs ${(median(two.map((x) => x.ms)) / 1000).toFixed(2)} s wall, pool start-up included; load ${load()}${autogroup() ? " (sched_autogroup on)" : ""}${same ? "" : "; TALLIES DIFFER"}; goal ≥ 1.8`,
    },
    {
      key: "workerSpeedupCpu",
      label: "same, on 2 free cores (from CPU time)",
      value: round3(median(free)),
      unit: "×",
      spread: `${round3(Math.min(...free))}–${round3(Math.max(...free))} (${pairs})`,
      note: `2 × CPU(1) / CPU(2) per pair, every thread counted; median CPU ${(median(one.map((x) => x.cpuMs)) / 1000).toFixed(2)} s vs ${(median(two.map((x) => x.cpuMs)) / 1000).toFixed(2)} s`,
    },
  ];
}
