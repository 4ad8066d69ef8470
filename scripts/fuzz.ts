/**
 * Model-based fuzzing of whole battles (issue 13): `npm run fuzz -- --steps N --seed S`.
 *
 * fast-check draws a battle (the built-in scenarios of both rulesets, or a random setup) and a list
 * of choice words; `fuzzBattle` plays one probe per word (legal actions, schema-made actions and
 * inputs that must be refused), checking the invariant catalogue after every step. Prints the
 * count of steps, invariants checked and inputs tried, and every distinct failure with its seed and
 * a shrunk replay (a battle record `{ setup, victory, actions }`).
 *
 * `npm run fuzz -- --fast-paths [--seeds N]` instead holds the exact combat-to-a-decision chain
 * against combats played through `apply` on the whole grid (src/trust/fastPaths.ts).
 * `--mode walk` (issue 17) plays whole battles with listed actions only instead: see scripts/fuzz-walk.ts.
 */
import fc from "fast-check";
import { fuzzBattle, type Failure } from "../src/trust/fuzz/run.js";
import { campaignBattle } from "../src/trust/fuzz/scenarios.js";
import { shrinkRecord } from "../src/trust/fuzz/shrink.js";
import { chainGap, checkCell, combatGrid } from "../src/trust/fastPaths.js";
import { runWalks } from "./fuzz-walk.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a non-negative number`);
  return v;
}

if (process.argv.includes("--fast-paths")) {
  // The fast paths against the engine (issue 18): every grid cell's exact chain against combats played through apply.
  const seeds = arg("seeds", 2000);
  // `--from i --to j` (1-based, inclusive) re-checks a slice of the grid.
  const all = combatGrid();
  const from = arg("from", 1);
  const grid = all.slice(from - 1, arg("to", all.length));
  let bad = 0;
  let maxZ = 0;
  let maxGap = 0;
  const t = performance.now();
  grid.forEach((cell, i) => {
    const c = checkCell(cell, seeds, 0.001 / all.length, 1 + (from - 1 + i) * seeds);
    const gap = chainGap(cell);
    if (!c.agrees || gap > 1e-9) bad++;
    maxZ = Math.max(maxZ, c.maxZ);
    maxGap = Math.max(maxGap, gap);
    const share = c.played.map((n) => (n / seeds).toFixed(3)).join(" ");
    console.log(`${c.agrees && gap <= 1e-9 ? "✓" : "✗"} ${from + i}/${all.length} ${JSON.stringify(cell)}\n    exact ${c.exact.map((x) => x.toFixed(3)).join(" ")}\n    apply ${share}  (max ${c.maxZ.toFixed(2)} SE; exact vs state chain ${gap.toExponential(1)})`);
  });
  console.log(`fast paths: ${grid.length} cells × ${seeds} seeds through apply, ${bad} outside the bound, max deviation ${maxZ.toFixed(2)} SE, exact vs state-based chain max |Δ| ${maxGap.toExponential(2)}, ${((performance.now() - t) / 1000).toFixed(0)} s`);
  process.exit(bad === 0 ? 0 : 1);
}

function text(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] ?? fallback : fallback;
}

const mode = text("mode", "probe");
if (mode !== "probe" && mode !== "walk") throw new Error("--mode is probe (default) or walk");
if (mode === "walk") {
  process.exitCode = runWalks(arg, text);
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
