/**
 * `npm run bench -- --soak[=N]`: plays N random-bot battles one after another (default 100 000),
 * keeping nothing, and reads the heap after a full GC at 20 checkpoints. Heap growth is the
 * least-squares slope of heapUsed over battles, in bytes per battle, and the rise from the first
 * checkpoint to the last; a flat heap shows no battle leaks memory (caches are weak or bounded).
 */
import { performance } from "node:perf_hooks";
import { playBattle } from "../src/battle/index.js";
import { benchScenario } from "./scenes.js";

/** The soak's outcome. */
export interface SoakResult {
  readonly battles: number;
  readonly seconds: number;
  readonly checkpoints: ReadonlyArray<{ readonly battles: number; readonly heapMb: number }>;
  /** Least-squares slope of heapUsed per battle, bytes. */
  readonly slopeBytesPerBattle: number;
  /** heapUsed at the last checkpoint minus the first (after the warm-up), MB. */
  readonly growthMb: number;
}

/** Least-squares slope of y over x. */
function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += ((xs[i] ?? 0) - mx) * ((ys[i] ?? 0) - my);
    den += ((xs[i] ?? 0) - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Runs the soak; `onCheckpoint` reports progress. */
export function soak(battles: number, onCheckpoint: (line: string) => void): SoakResult {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("bench --soak needs node --expose-gc (npm run bench passes it)");
  const scenario = benchScenario();
  const every = Math.max(1, Math.floor(battles / 20));
  const checkpoints: { battles: number; heapMb: number }[] = [];
  const t0 = performance.now();
  // The first battles fill lazy tables and JIT caches: the baseline is taken after them.
  for (let i = 0; i < battles; i++) {
    playBattle(scenario, ["random", "random"], 100_000 + i);
    if ((i + 1) % every === 0 || i + 1 === battles) {
      gc();
      gc();
      const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
      checkpoints.push({ battles: i + 1, heapMb });
      onCheckpoint(`soak: ${i + 1}/${battles} battles, heapUsed ${heapMb.toFixed(2)} MB, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  }
  const xs = checkpoints.map((c) => c.battles);
  const ys = checkpoints.map((c) => c.heapMb * 2 ** 20);
  const first = checkpoints[0]?.heapMb ?? 0;
  const last = checkpoints[checkpoints.length - 1]?.heapMb ?? 0;
  return { battles, seconds: (performance.now() - t0) / 1000, checkpoints, slopeBytesPerBattle: slope(xs, ys), growthMb: last - first };
}
