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
 * Battle seeds are `--seed-base` (7919) times `--seed-from` (1) … `--seed-from` + `--seeds` − 1: a
 * variant chosen on the default seeds can be checked on others (e.g. `--seed-base 104729`), and a
 * long run can be split over processes by `--seed-from`. Besides the total, the search's results are
 * printed per scenario and per side it played (first or second).
 */
import { parseArgs } from "node:util";
import { playMatchGame, builtinMatchScenarios } from "../src/bots/match.js";
import type { SearchInfo, SearchOptions } from "../src/bots/index.js";
import { wilsonInterval } from "../src/analysis/stats.js";

const { values: o, positionals } = parseArgs({
  allowPositionals: true,
  options: { budget: { type: "string", default: "16" }, seeds: { type: "string", default: "2" }, scenarios: { type: "string", default: "all" }, "fnf-turns": { type: "string", default: "4" }, "seed-base": { type: "string", default: "7919" }, "seed-from": { type: "string", default: "1" } },
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
const reasons: string[] = [];
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const byCell = new Map<string, [number, number, number]>();
for (let seed = Number(o["seed-from"]); seed < Number(o["seed-from"]) + Number(o.seeds); seed++) {
  for (const sc of scs) {
    for (const seat of [0, 1] as const) {
      const g = playMatchGame(sc, [{ kind: "search", budget: Number(o.budget), search }, { kind: "greedy" }], seed * Number(o["seed-base"]), seat, { fnfTurns: Number(o["fnf-turns"]) });
      if (g.winner === 0) w++;
      else if (g.winner === 1) l++;
      else d++;
      const key = `${sc} ${seat === 0 ? "first side" : "second side"}`;
      const t = byCell.get(key) ?? [0, 0, 0];
      t[g.winner === 0 ? 0 : g.winner === 1 ? 1 : 2]++;
      byCell.set(key, t);
      cells.push(`${sc}#${seed}${seat === 0 ? "a" : "b"}:${g.winner === 0 ? "W" : g.winner === 1 ? "L" : "d"}`);
      process.stderr.write(`${cells.at(-1)} `);
      reasons.push(`${cells.at(-1)} ${g.decisions} decisions: ${g.reason}`);
    }
  }
}
const n = w + l + d;
const ci = wilsonInterval(w, n);
console.log(`search ${JSON.stringify(options)} at ${o.budget} playouts vs greedy: won ${w}, lost ${l}, drawn ${d} of ${n}; win rate ${ci.estimate.toFixed(2)} [${ci.low.toFixed(2)}, ${ci.high.toFixed(2)}] (${((performance.now() - t0) / 1000).toFixed(0)} s wall, ${(((u) => u.user + u.system)(process.cpuUsage(cpu0)) / 1e6).toFixed(0)} CPU s)`);
console.log(cells.join(" "));
for (const r of reasons) console.log(`  ${r}`);
for (const [k, [cw, cl, cd]] of byCell) console.log(`  ${k.padEnd(36)} search won ${cw}, lost ${cl}, drawn ${cd}`);
for (const [k, v] of [...byKind].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${k.padEnd(32)} ${String(v.n).padStart(5)} decisions, overruled greedy ${((100 * v.over) / v.n).toFixed(0).padStart(3)} %, ${(v.playouts / v.n).toFixed(1)} playouts`);
