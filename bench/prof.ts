/**
 * Profiling driver: runs one workload for a while so `node --cpu-prof` sees its steady state.
 * Usage (after `node bench/build.mjs`):
 *   node --cpu-prof --cpu-prof-dir=.scratch/prof bench/.out/prof.js <apply|sample|combat|battle> [seconds]
 *   npx tsx bench/profile.ts .scratch/prof/<file>.cpuprofile
 */
import { roller, seedDice } from "../src/dice/index.js";
import { apply } from "../src/engine/apply.js";
import { sampleVolley } from "../src/rules/whn/shooting/index.js";
import { combatRoundOdds } from "../src/rules/whn/combat/index.js";
import { playBattle } from "../src/battle/index.js";
import { now } from "./harness.js";
import { benchScenario, combatState, volleySpecOf, volleyState, VOLLEY_ACTION } from "./scenes.js";

const WORKLOADS: { readonly [k: string]: () => () => number } = {
  apply: () => {
    const base = volleyState();
    let dice = base.dice;
    return () => {
      const r = apply({ ...base, dice }, VOLLEY_ACTION);
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      dice = r.state.dice;
      return 1;
    };
  },
  sample: () => {
    const spec = volleySpecOf(volleyState());
    const dice = roller(seedDice(1));
    return () => sampleVolley(dice, spec).casualties;
  },
  combat: () => {
    const { state, combat } = combatState();
    return () => combatRoundOdds(state, combat).draw;
  },
  battle: () => {
    const scenario = benchScenario();
    let seed = 1;
    return () => playBattle(scenario, ["random", "random"], seed++).decisions;
  },
};

const name = process.argv[2] ?? "apply";
const seconds = Number(process.argv[3] ?? 10);
const make = WORKLOADS[name];
if (make === undefined) throw new Error(`bench/prof: unknown workload "${name}"; one of ${Object.keys(WORKLOADS).join(", ")}`);
const step = make();
const t0 = now("cpu");
let n = 0;
let sink = 0;
while ((n % 16 !== 0 || now("cpu") - t0 < seconds * 1000)) {
  sink += step();
  n++;
}
console.log(`${name}: ${n} runs in ${seconds} CPU s (${((now("cpu") - t0) / n).toFixed(3)} ms each) ${sink > -1 ? "" : "!"}`);
