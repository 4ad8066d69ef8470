/**
 * A small benchmark harness: warm up, then take several timed samples of a batch, report the median
 * rate and the spread (min–max of the samples), all in one process so ratios compare like with like.
 *
 * Time is this process's CPU time (user + system, `process.cpuUsage`) by default, not wall time:
 * the machines are shared, and a process that is descheduled by other load must not be charged
 * for it. GC threads count (their work is a real cost). Pass `clock: "wall"` for wall time.
 */
import { performance } from "node:perf_hooks";

/** Which clock a measure reads. */
export type Clock = "cpu" | "wall";

/** Milliseconds on a clock (CPU: user + system time of the process). */
export function now(clock: Clock): number {
  if (clock === "wall") return performance.now();
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** One measured figure. */
export interface Measure {
  readonly name: string;
  /** Operations per second, median of the samples. */
  readonly perSec: number;
  /** Slowest and fastest sample, operations per second. */
  readonly min: number;
  readonly max: number;
  readonly samples: number;
}

/** Options of {@link measure}. */
export interface MeasureOptions {
  readonly warmupMs?: number;
  readonly sampleMs?: number;
  readonly samples?: number;
  readonly clock?: Clock;
}

/**
 * Measures `fn` (which runs `batch` operations per call): runs it for `warmupMs`, then `samples`
 * samples of about `sampleMs` each.
 */
export function measure(name: string, batch: number, fn: () => void, o: MeasureOptions = {}): Measure {
  const warmupMs = o.warmupMs ?? 300;
  const sampleMs = o.sampleMs ?? 250;
  const n = o.samples ?? 7;
  const clock = o.clock ?? "cpu";
  const t0 = now(clock);
  let calls = 0;
  while (now(clock) - t0 < warmupMs) {
    fn();
    calls++;
  }
  const perCall = (now(clock) - t0) / Math.max(1, calls);
  const callsPerSample = Math.max(1, Math.round(sampleMs / Math.max(perCall, 1e-6)));
  const rates: number[] = [];
  for (let s = 0; s < n; s++) {
    const a = now(clock);
    for (let i = 0; i < callsPerSample; i++) fn();
    const ms = now(clock) - a;
    rates.push((callsPerSample * batch * 1000) / Math.max(ms, 1e-6));
  }
  rates.sort((x, y) => x - y);
  return { name, perSec: rates[Math.floor(n / 2)] ?? 0, min: rates[0] ?? 0, max: rates[n - 1] ?? 0, samples: n };
}

/** Formats a rate for the table. */
export function fmtRate(x: number): string {
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M/s`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k/s`;
  return `${x.toFixed(1)} /s`;
}
