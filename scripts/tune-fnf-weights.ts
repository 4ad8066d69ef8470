/**
 * Self-play tuning of the FnF evaluation weights (issue 22): each candidate weight set plays the
 * current weights (FNF_EVAL_WEIGHTS) with greedy bots on Coa 1811, seeded, sides swapped on every
 * seed; prints each candidate's score (wins + draws / 2) with a Wilson interval on its wins. A
 * candidate that scores above 0.5 is a better set; copy it into src/bots/evaluateFnf.ts with the
 * figures in docs/guides/bots.md.
 *
 *   nice npx tsx scripts/tune-fnf-weights.ts [pairs=2] [turns=4] [seed=1]
 */
import { FNF_EVAL_WEIGHTS, playMatch, type FnfEvalWeights } from "../src/bots/index.js";
import { wilsonInterval } from "../src/analysis/stats.js";

const pairs = Number(process.argv[2] ?? 2);
const turns = Number(process.argv[3] ?? 4);
const seed = Number(process.argv[4] ?? 1);
const base = FNF_EVAL_WEIGHTS;

/** Candidates: one term moved at a time, and an aggressive and a cautious blend. */
const CANDIDATES: { readonly name: string; readonly w: FnfEvalWeights }[] = [
  { name: "approach×3", w: { ...base, approach: base.approach * 3 } },
  { name: "approach÷3", w: { ...base, approach: base.approach / 3 } },
  { name: "approach0", w: { ...base, approach: 0 } },
  { name: "disorder-heavy", w: { ...base, disordered: 0.5, spent: 0.4 } },
  { name: "guns-cheap", w: { ...base, battery: 1, cavalryBase: 1.2 } },
  { name: "aggressive", w: { ...base, approach: 0.3, disordered: 0.8, fresh: 0 } },
];

const only = process.env["TUNE_ONLY"]?.split(",");
for (const c of CANDIDATES) {
  if (only !== undefined && !only.includes(c.name)) continue;
  const t0 = performance.now();
  const t = playMatch("fnf:coa1811", [{ kind: "greedy", fnfWeights: c.w, budget: 12 }, { kind: "greedy", budget: 12 }], seed, pairs, { fnfTurns: turns });
  const n = t.games.length;
  const score = (t.wins[0] + t.draws / 2) / n;
  const w = wilsonInterval(t.wins[0], n);
  console.log(`${c.name.padEnd(16)} score ${score.toFixed(2)}  wins ${t.wins[0]}-${t.wins[1]} draws ${t.draws} of ${n}  win rate ${w.estimate.toFixed(2)} [${w.low.toFixed(2)}, ${w.high.toFixed(2)}]  ${((performance.now() - t0) / 1000).toFixed(0)} s  ${JSON.stringify(c.w)}`);
}
