/**
 * FnF profiling and fingerprint driver (issue 22): random-bot battles on Coa 1811, as the `bots`
 * bench group plays them (seeds 1000, 1001, …). Build and run:
 *   npx esbuild bench/fnfProf.ts --bundle --platform=node --format=esm --outfile=bench/.out/fnfProf.js
 *   node --cpu-prof --cpu-prof-dir=.scratch/prof bench/.out/fnfProf.js battle 20   # CPU seconds
 *   node bench/.out/fnfProf.js print 1000 1020      # per seed: decisions, forced steps, final hash
 * `print` is how a speed change is shown to keep play identical: the same lines before and after.
 */
import { fnfScenario } from "../src/rules/fnf/index.js";
import { playSetup } from "../src/battle/index.js";
import { randomBot } from "../src/bots/index.js";
import { stateHash } from "../src/trust/index.js";
import { now } from "./harness.js";

const mode = process.argv[2] ?? "battle";
if (mode === "battle") {
  const seconds = Number(process.argv[3] ?? 10);
  const t0 = now("cpu");
  let n = 0;
  let decisions = 0;
  while (n < 1 || now("cpu") - t0 < seconds * 1000) {
    const seed = 1000 + n;
    decisions += playSetup(fnfScenario("coa1811", seed), [randomBot, randomBot], seed, { maxDecisions: 2000 }).decisions;
    n++;
  }
  const ms = now("cpu") - t0;
  console.log(`fnf battle: ${n} battles, ${decisions} decisions in ${(ms / 1000).toFixed(1)} CPU s: ${(ms / n).toFixed(1)} ms a battle, ${((n * 1000) / ms).toFixed(2)} battles/s`);
} else if (mode === "print") {
  const from = Number(process.argv[3] ?? 1000);
  const to = Number(process.argv[4] ?? 1010);
  for (let seed = from; seed < to; seed++) {
    const out = playSetup(fnfScenario("coa1811", seed), [randomBot, randomBot], seed, { maxDecisions: 2000 });
    console.log(seed, out.decisions, out.autoAdvanced, out.stopped, out.result?.winner ?? null, stateHash(out.state));
  }
} else throw new Error(`bench/fnfProf: unknown mode "${mode}" (battle | print)`);
