/**
 * The main job: plays a built-in battle with bots and prints a readable account and the result.
 * Usage: `npm run demo [-- <scenario> <seed> <bot> <bot>]`, e.g. `npm run demo -- reverse-slope 3 greedy search`.
 * Scenarios: quatre-bras, reverse-slope, skirmish-screen. Bots: random, greedy, search.
 */
import { scenarios } from "../src/index.js";
import { battleAccount, playBattle, type BotName } from "../src/battle/index.js";

const [scenarioArg, seedArg, botA, botB] = process.argv.slice(2);
const id = (scenarioArg ?? "quatre-bras") as scenarios.BuiltinScenarioId;
if (!scenarios.BUILTIN_SCENARIO_IDS.includes(id)) {
  console.error(`unknown scenario "${id}"; built-in: ${scenarios.BUILTIN_SCENARIO_IDS.join(", ")}`);
  process.exit(2);
}
const BOTS = ["random", "greedy", "search"] as const;
const bot = (b: string | undefined): BotName => {
  const name = (b ?? "greedy") as BotName;
  if (!BOTS.includes(name)) {
    console.error(`unknown bot "${name}"; bots: ${BOTS.join(", ")}`);
    process.exit(2);
  }
  return name;
};
const seed = Number(seedArg ?? 7);
const scenario = scenarios.builtinScenario(id);
const pair: [BotName, BotName] = [bot(botA), bot(botB ?? botA)];
console.log(`${scenario.name}\n${scenario.history}\n\n${scenario.sides[0].name} (${pair[0]} bot) against ${scenario.sides[1].name} (${pair[1]} bot), seed ${seed}.\n`);
const started = performance.now();
const out = playBattle(scenario, pair, seed, { maxDecisions: 5000 });
console.log(battleAccount(out.state, out.log, { title: scenario.name }));
console.log(`\n${out.decisions} decisions in ${((performance.now() - started) / 1000).toFixed(1)} s (${out.stopped}).`);
if (out.stopped !== "finished") process.exit(1);
