/**
 * Probe of the search bot against the greedy bot (issue 22): plays the search with the given
 * options against greedy on the chosen built-in scenarios, seeded, sides swapped, at a fixed
 * playout budget (reproducible on a loaded machine), and prints the search's wins with a Wilson
 * interval, each battle's result, and, by kind of decision, how often the search overruled the
 * greedy choice (the prior's best) and the mean playouts a decision. Use it to compare
 * search options (candidates, horizon, tolerance) on the same seeds.
 *
 *   nice npx tsx scripts/tune-search.ts --budget 16 --seeds 2 --scenarios whn '{"candidates":3}'
 *
 * Battle seeds are `--seed-base` (7919) times 1 … `--seeds`: a variant chosen on the default seeds
 * can be checked on others (e.g. `--seed-base 104729`).
 */
import { parseArgs } from "node:util";
import { playMatchGame, builtinMatchScenarios } from "../src/bots/match.js";
import type { SearchInfo, SearchOptions } from "../src/bots/index.js";
import { wilsonInterval } from "../src/analysis/stats.js";

const { values: o, positionals } = parseArgs({
  allowPositionals: true,
  options: { budget: { type: "string", default: "16" }, seeds: { type: "string", default: "2" }, scenarios: { type: "string", default: "all" }, "fnf-turns": { type: "string", default: "4" }, "seed-base": { type: "string", default: "7919" } },
});
const options = JSON.parse(positionals[0] ?? "{}") as SearchOptions;
const byKind = new Map<string, { n: number; over: number; playouts: number }>();
const search: SearchOptions = {
  ...options,
  onSearch: (i: SearchInfo) => {
    const k = byKind.get(i.decision) ?? { n: 0, over: 0, playouts: 0 };
    k.n++;
    k.over += i.overruled ? 1 : 0;
    k.playouts += i.playouts;
    byKind.set(i.decision, k);
  },
};
const only = o.scenarios ?? "all";
const scs = builtinMatchScenarios().filter((s) => only === "all" || only.split(",").some((p) => s.includes(p)));
let w = 0;
let l = 0;
let d = 0;
const cells: string[] = [];
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (let seed = 1; seed <= Number(o.seeds); seed++) {
  for (const sc of scs) {
    for (const seat of [0, 1] as const) {
      const g = playMatchGame(sc, [{ kind: "search", budget: Number(o.budget), search }, { kind: "greedy" }], seed * Number(o["seed-base"]), seat, { fnfTurns: Number(o["fnf-turns"]) });
      if (g.winner === 0) w++;
      else if (g.winner === 1) l++;
      else d++;
      cells.push(`${sc}#${seed}${seat === 0 ? "a" : "b"}:${g.winner === 0 ? "W" : g.winner === 1 ? "L" : "d"}`);
      process.stderr.write(`${cells.at(-1)} `);
    }
  }
}
const n = w + l + d;
const ci = wilsonInterval(w, n);
console.log(`search ${JSON.stringify(options)} at ${o.budget} playouts vs greedy: won ${w}, lost ${l}, drawn ${d} of ${n}; win rate ${ci.estimate.toFixed(2)} [${ci.low.toFixed(2)}, ${ci.high.toFixed(2)}] (${((performance.now() - t0) / 1000).toFixed(0)} s wall, ${(((u) => u.user + u.system)(process.cpuUsage(cpu0)) / 1e6).toFixed(0)} CPU s)`);
console.log(cells.join(" "));
for (const [k, v] of [...byKind].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${k.padEnd(32)} ${String(v.n).padStart(5)} decisions, overruled greedy ${((100 * v.over) / v.n).toFixed(0).padStart(3)} %, ${(v.playouts / v.n).toFixed(1)} playouts`);
