/**
 * Self-play tuning of the bots' evaluation weights, for both rulesets (issue 22).
 *
 * 1. **Positions**: ε-greedy bots (greedy, with a random legal action at rate ε) play every built-in
 *    scenario of the ruleset, seeded; every position a bot decides in is recorded as its feature
 *    vector (src/bots/evaluate.ts `whnFeatures`, src/bots/evaluateFnf.ts `fnfFeatures`), seen from
 *    both sides, labelled with that side's result (1 won, 0.5 drawn, 0 lost).
 * 2. **Fit**: first the scale `s` of the hand evaluation (a one-term logistic regression of the
 *    result on the hand score: how many log-odds one unit of evaluation is worth); then a logistic
 *    regression of the result on the features (Newton steps) with a ridge prior centred on the
 *    hand weights times `s` (`--ridge`: how strongly the data must disagree to move a weight), and
 *    one nuisance term per scenario and seat (which side the position is seen from), so that a
 *    scenario's built-in advantage is not read into the features; the nuisance terms are dropped
 *    afterwards (they are the same for every action at a decision). Features named in `--keep`
 *    stay at their hand weights: the approach and aggression terms are there to make an attacker
 *    move, and in self-play they mostly measure who attacks (correlation, not worth).
 *    Then common sense is imposed: a unit is never worth more for being disordered or fleeing
 *    (by arm, formed ≥ disordered ≥ fleeing, adjacent violators pooled), and a penalty term never
 *    turns into a bonus (FnF disorder, spent, low ammunition, silenced, lost leaders ≤ 0).
 * 3. **Scale**: the fitted weights are divided by `s`, so they read on the hand weights' scale, and
 *    `win` keeps its hand value.
 * 4. **Check**: greedy with the fitted weights plays greedy with the hand weights on every scenario
 *    of the ruleset, sides swapped, and the fitted side's score is printed with a Wilson interval.
 *
 * Seeded and reproducible. `--write` stores the fitted weights in src/bots/tunedWeights.ts with the
 * command line that produced them.
 *
 *   nice npx tsx scripts/tune-eval.ts --ruleset whn --games 8 --seed 1 [--eps 0.25] [--check 2] [--write]
 *   nice npx tsx scripts/tune-eval.ts --ruleset fnf --games 8 --seed 1 --fnf-turns 6 [--write]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { BattleState } from "../src/state/battle.js";
import type { SideId } from "../src/state/ids.js";
import { playBattle, scenarioContext } from "../src/battle/play.js";
import { playSetup } from "../src/battle/playSetup.js";
import { builtinScenario, BUILTIN_SCENARIO_IDS } from "../src/scenarios/builtin.js";
import { fnfScenario, FNF_SCENARIOS, type FnfScenarioName } from "../src/rules/fnf/scenarios.js";
import { legalActions } from "../src/engine/decisions.js";
import { greedyBot } from "../src/bots/greedy.js";
import { botRng, mixSeed } from "../src/bots/rng.js";
import { decider, type Bot, type BotContext } from "../src/bots/types.js";
import { whnFeatures, HAND_WHN_WEIGHTS, WHN_FEATURES, type WhnEvalWeights } from "../src/bots/evaluate.js";
import { fnfFeatures, HAND_FNF_WEIGHTS, FNF_FEATURES, type FnfEvalWeights } from "../src/bots/evaluateFnf.js";
import { playMatch, builtinMatchScenarios, type MatchBotSpec } from "../src/bots/match.js";
import { wilsonInterval } from "../src/analysis/stats.js";
import { solve } from "./solve.js";

const { values: o } = parseArgs({
  options: {
    ruleset: { type: "string", default: "whn" },
    games: { type: "string", default: "8" },
    seed: { type: "string", default: "1" },
    eps: { type: "string", default: "0.25" },
    ridge: { type: "string", default: "20" },
    keep: { type: "string", default: "approach,aggression" },
    check: { type: "string", default: "2" },
    "fnf-turns": { type: "string", default: "6" },
    budget: { type: "string", default: "12" },
    write: { type: "boolean", default: false },
  },
});
const ruleset = o.ruleset === "fnf" ? "fnf" : "whn";
const games = Number(o.games);
const seed = Number(o.seed);
const eps = Number(o.eps);
const ridge = Number(o.ridge);
const fnfTurns = Number(o["fnf-turns"]);
const budget = Number(o.budget);
const names: readonly string[] = ruleset === "whn" ? WHN_FEATURES : FNF_FEATURES;
const features = (s: BattleState, side: SideId, ctx: BotContext): Record<string, number> => (ruleset === "whn" ? whnFeatures(s, side, ctx) : fnfFeatures(s, side, ctx));

interface Row {
  readonly x: readonly number[];
  readonly y: number;
}
const rows: Row[] = [];
const scenarios = ruleset === "whn" ? [...BUILTIN_SCENARIO_IDS] : Object.keys(FNF_SCENARIOS);
const nuisance = scenarios.length;

/** An ε-greedy bot that records each position it decides in (as [state, side]). */
function recorder(ctx: BotContext, seen: { s: BattleState; side: SideId }[]): Bot {
  const greedy = greedyBot(ctx);
  return (s, botSeed, b) => {
    const side = decider(s) as SideId;
    if (s.pending.length === 0) seen.push({ s, side });
    const rng = botRng(mixSeed(botSeed, 0xe95));
    if (rng.float() < eps) {
      const all = legalActions(s);
      return all[rng.int(all.length)]!;
    }
    return greedy(s, botSeed, b);
  };
}

const t0 = performance.now();
let played = 0;
for (const [si, name] of scenarios.entries()) {
  for (let g = 0; g < games; g++) {
    const gameSeed = mixSeed(seed, si * 1000 + g) % 1_000_000_007;
    const seen: { s: BattleState; side: SideId }[] = [];
    let sides: string[];
    let winner: string | null;
    let ctx: BotContext;
    if (ruleset === "whn") {
      const sc = builtinScenario(name as (typeof BUILTIN_SCENARIO_IDS)[number]);
      ctx = scenarioContext(sc);
      sides = sc.sides.map((x) => x.id);
      const out = playBattle(sc, [recorder(ctx, seen), recorder(ctx, seen)], gameSeed, { maxDecisions: 1500, budget });
      winner = out.result?.winner ?? null;
    } else {
      const setup = fnfScenario(name as FnfScenarioName, gameSeed, fnfTurns);
      sides = setup.sides.map((x) => x.id as string);
      ctx = { victory: null, posture: { [sides[0]!]: "attack", [sides[1]!]: "defend" } };
      const out = playSetup(setup, [recorder(ctx, seen), recorder(ctx, seen)], gameSeed, { maxDecisions: 1500, budget });
      winner = out.result?.winner ?? null;
    }
    played++;
    for (const { s } of seen) {
      for (const [seat, side] of sides.entries()) {
        const f = features(s, side as SideId, ctx);
        const x = [...names.map((n) => f[n] ?? 0), ...scenarios.map((_, k) => (k === si ? (seat === 0 ? 1 : -1) : 0))];
        rows.push({ x, y: winner === null ? 0.5 : winner === side ? 1 : 0 });
      }
    }
    process.stderr.write(`${name} game ${g + 1}/${games}: ${winner ?? "draw"}, ${seen.length} positions\n`);
  }
}
const collectSec = (performance.now() - t0) / 1000;

/**
 * Logistic regression by Newton steps with a ridge prior centred on `centre` and a fixed offset a
 * row (no intercept: the data are symmetric by side).
 */
function fit(data: readonly Row[], offset: readonly number[], centre: readonly number[], lambda: number): number[] {
  const d = centre.length;
  const w = [...centre];
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (const [i, r] of data.entries()) {
      let z = offset[i]!;
      for (let j = 0; j < d; j++) z += w[j]! * r.x[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const q = p * (1 - p);
      for (let j = 0; j < d; j++) {
        grad[j]! += (p - r.y) * r.x[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += q * r.x[j]! * r.x[k]!;
      }
    }
    for (let j = 0; j < d; j++) {
      grad[j]! += lambda * (w[j]! - centre[j]!);
      hess[j]![j]! += lambda;
    }
    const step = solve(hess, grad);
    let move = 0;
    for (let j = 0; j < d; j++) {
      w[j]! -= step[j]!;
      move = Math.max(move, Math.abs(step[j]!));
    }
    if (move < 1e-9) break;
  }
  return w;
}


const hand: Record<string, number> = ruleset === "whn" ? { ...HAND_WHN_WEIGHTS } : { ...HAND_FNF_WEIGHTS };
const kept = new Set((o.keep ?? "").split(",").filter((k) => k !== ""));
const handScore = (r: Row): number => names.reduce((v, n, j) => v + hand[n]! * r.x[j]!, 0);
// Stage 1: the hand evaluation's scale in log-odds (with the nuisance terms free).
const stage1 = fit(rows.map((r) => ({ x: [handScore(r), ...r.x.slice(names.length)], y: r.y })), rows.map(() => 0), new Array<number>(1 + nuisance).fill(0), 1e-3);
const scale = stage1[0]!;
if (!(scale > 0)) throw new Error(`the hand evaluation's fitted scale is ${scale}: not usable (more games?)`);
// Stage 2: the free weights, centred on the hand weights times the scale; kept ones as an offset.
const free = names.filter((n) => !kept.has(n));
const freeRows = rows.map((r) => ({ x: [...free.map((n) => r.x[names.indexOf(n)]!), ...r.x.slice(names.length)], y: r.y }));
const offsets = rows.map((r) => names.reduce((v, n, j) => v + (kept.has(n) ? scale * hand[n]! * r.x[j]! : 0), 0));
const raw = fit(freeRows, offsets, [...free.map((n) => scale * hand[n]!), ...new Array<number>(nuisance).fill(0)], ridge);
const round = (v: number): number => Math.round(v * 1000) / 1000;
const tuned: Record<string, number> = Object.fromEntries(names.map((n) => [n, kept.has(n) ? hand[n]! : round(raw[free.indexOf(n)]! / scale)]));
tuned["win"] = hand["win"]!;
/** Pools adjacent violators so the chain's weights do not increase (formed ≥ disordered ≥ fleeing). */
function nonIncreasing(chain: readonly string[]): void {
  const present = chain.filter((n) => n in tuned && !kept.has(n));
  for (let pass = 0; pass < present.length; pass++) {
    for (let i = 0; i + 1 < present.length; i++) {
      const a = present[i]!;
      const b = present[i + 1]!;
      if (tuned[b]! > tuned[a]!) tuned[a] = tuned[b] = round((tuned[a]! + tuned[b]!) / 2);
    }
  }
}
const before = { ...tuned };
if (ruleset === "whn") {
  nonIncreasing(["foot", "footDisordered", "footFleeing"]);
  nonIncreasing(["cavalry", "cavalryDisordered", "cavalryFleeing"]);
} else {
  for (const n of ["disordered", "spent", "lowAmmo", "silenced", "leaderLost"]) if (!kept.has(n)) tuned[n] = Math.min(0, tuned[n]!);
  for (const n of ["fresh", "leader", "leaderAttached"]) if (!kept.has(n)) tuned[n] = Math.max(0, tuned[n]!);
}
const main = `hand evaluation (${kept.size > 0 ? `kept at hand weights: ${[...kept].join(", ")}` : "all fitted"})`;
console.log(`${played} games, ${rows.length / 2} positions (seen from both sides) in ${collectSec.toFixed(0)} s; log-odds per unit of ${main}: ${scale.toFixed(3)}`);
console.log("feature              hand     fitted  constrained");
for (const n of names) console.log(`${n.padEnd(20)} ${String(hand[n]).padStart(7)}  ${String(before[n]).padStart(7)}  ${String(tuned[n]).padStart(7)}`);
console.log(`scenario/seat terms: ${scenarios.map((sc, k) => `${sc} ${(raw[free.length + k]! / scale).toFixed(2)}`).join(", ")}`);

// 4. Check: greedy with the fitted weights against greedy with the hand weights.
const pairs = Number(o.check);
if (pairs > 0) {
  const mine: MatchBotSpec = ruleset === "whn" ? { kind: "greedy", whnWeights: tuned as WhnEvalWeights, label: "fitted" } : { kind: "greedy", fnfWeights: tuned as FnfEvalWeights, label: "fitted" };
  const theirs: MatchBotSpec = ruleset === "whn" ? { kind: "greedy", whnWeights: HAND_WHN_WEIGHTS } : { kind: "greedy", fnfWeights: HAND_FNF_WEIGHTS };
  let won = 0;
  let drawn = 0;
  let n = 0;
  for (const sc of builtinMatchScenarios().filter((s) => s.startsWith(`${ruleset}:`))) {
    const t = playMatch(sc, [mine, theirs], mixSeed(seed, 77), pairs, { fnfTurns });
    console.log(`check ${sc}: fitted ${t.wins[0]}, hand ${t.wins[1]}, drawn ${t.draws}`);
    won += t.wins[0];
    drawn += t.draws;
    n += t.games.length;
  }
  const w = wilsonInterval(won, n);
  console.log(`check: fitted greedy vs hand greedy, ${n} battles sides swapped: won ${won}, drawn ${drawn}; score ${((won + drawn / 2) / n).toFixed(2)}; win rate ${w.estimate.toFixed(2)} [${w.low.toFixed(2)}, ${w.high.toFixed(2)}]`);
}

if (o.write) {
  const file = new URL("../src/bots/tunedWeights.ts", import.meta.url);
  const text = readFileSync(file, "utf8");
  const key = ruleset === "whn" ? "TUNED_WHN_WEIGHTS" : "TUNED_FNF_WEIGHTS";
  const type = ruleset === "whn" ? "WhnEvalWeights" : "FnfEvalWeights";
  const command = `npx tsx scripts/tune-eval.ts ${process.argv.slice(2).join(" ")}`;
  const body = `/** ${ruleset === "whn" ? "WHN/CORE" : "FnF"} weights fitted by self-play, or null. Produced by: \`${command}\` (${rows.length / 2} positions of ${played} games). */\nexport const ${key}: ${type} | null = ${JSON.stringify(tuned, null, 2).replace(/"(\w+)":/g, "$1:")};`;
  const re = new RegExp(`/\\*\\*[^\\n]*\\n?export const ${key}: ${type} \\| null = (null|\\{[\\s\\S]*?\\});`);
  if (!re.test(text)) throw new Error(`${key} not found in tunedWeights.ts`);
  writeFileSync(file, text.replace(re, body));
  console.log(`wrote ${key} to src/bots/tunedWeights.ts`);
}
