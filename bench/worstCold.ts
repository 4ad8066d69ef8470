/**
 * The worst-case row's slowest call, alone: plays the limit battle exactly as `limitBattle` does
 * (same warm-up, same bot seed, every listing on a fresh copy) up to the first movement/remaining
 * state, then (mode `through`) lists that state once, cold, and prints its CPU time. Mode `upto`
 * stops before that call, so the instruction count of the call alone is the difference of the two
 * runs under valgrind (`--tool=cachegrind --cache-sim=no`): process start, setup and the earlier
 * decisions cancel out. After `node bench/build.mjs`:
 *   node bench/.out/worstCold.js [upto|through] [units] [woods] [--mark]
 * It prints the process's CPU time of the call and its main thread's alone (the rest is V8's
 * background threads: optimising compiles, concurrent GC); `--mark` prints a line just before the
 * call, to find it in `--trace-opt` / `--trace-deopt` output.
 */
import { legalActions } from "../src/index.js";
import { limitBattle, limitSetup, mainThreadMs } from "./worstCase.js";
import { now } from "./harness.js";

const mode = process.argv[2] ?? "through";
// Optional: another unit count and terrain count than the setup limits (to see how the call scales).
const counts = process.argv.slice(3).filter((a) => /^\d+$/.test(a)).map(Number);
const units = counts[0];
const woods = counts[1];
const b = limitBattle(150, limitSetup(units, woods), 11, (s) => s.turn.phase === "movement" && s.turn.step === "remaining");
const s = b.stoppedAt;
if (s === null) throw new Error("worstCold: no remaining step reached");
if (mode === "through") {
  if (process.argv.includes("--mark")) console.log("worstCold: the call starts");
  const w = now("wall");
  const m = mainThreadMs();
  const t = now("cpu");
  const n = legalActions({ ...s }).length;
  const ms = now("cpu") - t;
  const main = mainThreadMs() - m;
  const wall = now("wall") - w;
  console.log(`first remaining listing: ${n} actions, ${ms.toFixed(1)} ms CPU (main thread ${main.toFixed(1)}), ${wall.toFixed(1)} ms wall (after ${b.decisions} decisions)`);
} else {
  console.log(`stopped before the first remaining listing (after ${b.decisions} decisions)`);
}
