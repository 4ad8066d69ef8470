/**
 * Model-based fuzzing of whole battles (issue 13): `npm run fuzz -- --steps N --seed S`.
 *
 * fast-check draws a battle (the built-in scenarios of both rulesets, or a random setup) and a list
 * of choice words; `fuzzBattle` plays one probe per word (legal actions, schema-made actions and
 * inputs that must be refused), checking the invariant catalogue after every step. Prints the
 * count of steps, invariants checked and inputs tried, and every distinct failure with its seed and
 * a shrunk replay (a battle record `{ setup, victory, actions }`).
 *
 * `npm run fuzz -- --mode fastpaths [--seeds N]` (or `--fast-paths`) instead holds every fast path
 * (exact odds, samplers, experiments) against the engine playing the same situations through
 * `apply`, on the whole grid, with a chi-square test at a family-wise false-alarm rate of 0.001:
 * see scripts/fuzz-fastpaths.ts.
 * `--mode walk` (issue 17) plays whole battles with listed actions only instead: see scripts/fuzz-walk.ts.
 */
import fc from "fast-check";
import { fuzzBattle, type Failure } from "../src/trust/fuzz/run.js";
import { campaignBattle } from "../src/trust/fuzz/scenarios.js";
import { shrinkRecord } from "../src/trust/fuzz/shrink.js";
import { runFastPaths } from "./fuzz-fastpaths.js";
import { runWalks } from "./fuzz-walk.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a non-negative number`);
  return v;
}

function text(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] ?? fallback : fallback;
}

// `--fast-paths` is the older spelling of `--mode fastpaths`.
const mode = process.argv.includes("--fast-paths") ? "fastpaths" : text("mode", "probe");
if (mode !== "probe" && mode !== "walk" && mode !== "fastpaths") throw new Error("--mode is probe (default), walk or fastpaths");
if (mode === "walk") {
  process.exitCode = runWalks(arg, text);
} else if (mode === "fastpaths") {
  process.exitCode = runFastPaths(arg, text);
} else {
  probe();
}

function probe(): void {
  const steps = arg("steps", 100_000);
  const seed = arg("seed", 1);
  const perBattle = arg("per-battle", 400);
  const legalBudget = arg("legal", 8);
  const runs = Math.max(1, Math.ceil(steps / perBattle));

  const totals = { battles: 0, steps: 0, accepted: 0, refused: 0, invariants: 0, inputs: 0, legalCalls: 0 };
  const bySignature = new Map<string, { count: number; first: Failure; battle: string; index: number }>();
  const t0 = performance.now();

  fc.assert(
    fc.property(fc.nat({ max: 1_000_000 }), fc.array(fc.nat({ max: 0xffffffff }), { minLength: perBattle, maxLength: perBattle }), (index, words) => {
      const b = campaignBattle(index, seed);
      const r = fuzzBattle(b.setup, words, { victory: b.victory, legalBudget, fullEvery: 100 });
      totals.battles++;
      totals.steps += r.steps;
      totals.accepted += r.accepted;
      totals.refused += r.refused;
      totals.invariants += r.invariantsChecked;
      totals.inputs += r.inputsTried;
      totals.legalCalls += r.legalCalls;
      for (const f of r.failures) {
        const seen = bySignature.get(f.signature);
        if (seen !== undefined) seen.count++;
        else bySignature.set(f.signature, { count: 1, first: f, battle: b.name, index });
      }
      if (totals.battles % 25 === 0) process.stderr.write(`… ${totals.steps} steps, ${bySignature.size} distinct failures\n`);
      return true;
    }),
    { seed, numRuns: runs }
  );

  const seconds = (performance.now() - t0) / 1000;
  console.log(`fuzz: seed ${seed}, ${totals.battles} battles, ${totals.steps} steps (${totals.accepted} applied, ${totals.refused} refused) in ${seconds.toFixed(1)} s`);
  console.log(`      ${totals.invariants} invariants checked, ${totals.inputs} inputs tried, ${totals.legalCalls} full legalActions listings`);
  console.log(`      ${bySignature.size} distinct failure(s)`);
  for (const [sig, { count, first, battle, index }] of bySignature) {
    const shrunk = shrinkRecord(first.record, 200);
    console.log(`\n✗ ${sig} ×${count}  [battle ${battle}, campaign index ${index}, seed ${seed}, step ${first.step}, probe ${first.probe ?? "-"}]`);
    console.log(`  ${first.message}`);
    if (shrunk.verdict !== null)
      console.log(`  replay (${first.record.actions.length} → ${shrunk.record.actions.length} actions, ${shrunk.replays} replays): ${shrunk.verdict.signature}: ${shrunk.verdict.message}`);
    else console.log("  (the replay does not reproduce it: the failure came from a refused input; the record ends with it)");
    console.log(`  record: ${JSON.stringify(shrunk.verdict !== null ? shrunk.record : first.record)}`);
  }
  process.exitCode = bySignature.size === 0 ? 0 : 1;
}
