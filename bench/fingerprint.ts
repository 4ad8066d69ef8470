/**
 * Play fingerprints, to show a speed change left play bit-identical (issue 22): one line per battle
 * with its decisions, forced steps, how it stopped and the final state's hash, over the bench battle
 * (random bots) and every built-in scenario (random/random, greedy/random). With `lists`, the hash
 * of every decision state's full `legalActions` list (order included) is folded into the line too.
 * Usage (after `node bench/build.mjs`):
 *   node bench/.out/fingerprint.js [plain|lists] [benchSeeds=30] [scenarioSeeds=3] [passes=1] > before.txt
 * With `passes` > 1 the bench seeds are played that many times (printed once): the instruction
 * count of passes=3 less that of passes=1, halved, is the cost of the bench battles on warm code
 * (`valgrind --tool=cachegrind --cache-sim=no node bench/.out/fingerprint.js plain 8 0 3`).
 */
import { legalActions } from "../src/engine/decisions.js";
import { playBattle, type BotName } from "../src/battle/play.js";
import { BUILTIN_SCENARIO_IDS, builtinScenario } from "../src/scenarios/builtin.js";
import type { Scenario } from "../src/scenarios/format.js";
import { stateHash, fnv1a64, canonicalJson } from "../src/trust/hash.js";
import { namedBot } from "../src/battle/play.js";
import type { Bot } from "../src/bots/types.js";
import type { BattleState } from "../src/state/battle.js";
import { benchScenario } from "./scenes.js";

const mode = process.argv[2] ?? "plain";
const benchSeeds = Number(process.argv[3] ?? 30);
const scenarioSeeds = Number(process.argv[4] ?? 3);
const passes = Number(process.argv[5] ?? 1);

/** A bot that folds the full legal list of every state it is asked about into `acc`. */
function listing(inner: Bot, acc: { h: string }): Bot {
  const fold = (s: BattleState) => {
    acc.h = fnv1a64(acc.h + canonicalJson(legalActions(s)));
  };
  const f = ((s: BattleState, seed: number, budget: number) => {
    fold(s);
    return inner(s, seed, budget);
  }) as Bot;
  if (inner.decide === undefined) return f;
  const decide = inner.decide;
  return Object.assign(f, {
    decide: (s: BattleState, seed: number, budget: number) => {
      fold(s);
      return decide(s, seed, budget);
    },
  });
}

function line(s: Scenario, bots: readonly [BotName, BotName], seed: number): string {
  const acc = { h: "" };
  const pair = mode === "lists" ? ([listing(namedBot(bots[0], s), acc), listing(namedBot(bots[1], s), acc)] as const) : bots;
  const o = playBattle(s, pair, seed, { maxDecisions: 3000 });
  return `${s.id} ${bots.join("/")} ${seed}: ${o.decisions} ${o.autoAdvanced} ${o.stopped} ${stateHash(o.state)}${mode === "lists" ? ` ${acc.h}` : ""}`;
}

const bench = benchScenario();
for (let pass = 1; pass < passes; pass++) for (let seed = 1; seed <= benchSeeds; seed++) line(bench, ["random", "random"], seed);
for (let seed = 1; seed <= benchSeeds; seed++) console.log(line(bench, ["random", "random"], seed));
for (const id of BUILTIN_SCENARIO_IDS) {
  const s = builtinScenario(id);
  for (let seed = 1; seed <= scenarioSeeds; seed++) {
    console.log(line(s, ["random", "random"], seed));
    console.log(line(s, ["greedy", "random"], seed));
  }
}
