/**
 * Self-play fit of the search bot's `odds` leaf (issue 22): the chance of winning a WHN/CORE
 * battle from a position, as a logistic model over the leaf features of src/bots/mcts.ts
 * (`leafOddsFeatures`: the evaluation, the victory progress difference and the difference of its
 * squares, who keeps the field at the turn limit and that times how late it is).
 *
 * ε-greedy bots (greedy, with a uniform legal action at rate ε) play every built-in WHN/CORE
 * scenario `--games` times, seeded; each position a bot decides in (no decision pending) is seen
 * from both sides and labelled with that side's result (won 1, drawn ½, lost 0). A logistic
 * regression without intercept (the features are antisymmetric by side) is fitted by Newton steps
 * with a light ridge (`--ridge`) towards 0. `--write` stores the weights as `TUNED_LEAF_ODDS` in
 * src/bots/tunedWeights.ts with the command that produced them.
 *
 *   nice npx tsx scripts/tune-leaf.ts --games 8 --seed 1 [--eps 0.25] [--write]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { BattleState } from "../src/state/battle.js";
import type { SideId } from "../src/state/ids.js";
import { playBattle, scenarioContext } from "../src/battle/play.js";
import { builtinScenario, BUILTIN_SCENARIO_IDS } from "../src/scenarios/builtin.js";
import { legalActions } from "../src/engine/decisions.js";
import { greedyBot } from "../src/bots/greedy.js";
import { botRng, mixSeed } from "../src/bots/rng.js";
import { decider, type Bot, type BotContext } from "../src/bots/types.js";
import { leafOddsFeatures, LEAF_ODDS_FEATURES } from "../src/bots/mcts.js";
import { solve } from "./solve.js";

const { values: o } = parseArgs({
  options: {
    games: { type: "string", default: "8" },
    seed: { type: "string", default: "1" },
    eps: { type: "string", default: "0.25" },
    ridge: { type: "string", default: "1" },
    budget: { type: "string", default: "12" },
    write: { type: "boolean", default: false },
  },
});
const games = Number(o.games);
const seed = Number(o.seed);
const eps = Number(o.eps);
const ridge = Number(o.ridge);
const budget = Number(o.budget);

interface Row {
  readonly x: readonly number[];
  readonly y: number;
}
const rows: Row[] = [];

/** An ε-greedy bot that notes each position it decides in. */
function recorder(ctx: BotContext, seen: BattleState[]): Bot {
  const greedy = greedyBot(ctx);
  return (s, botSeed, b) => {
    if (s.pending.length === 0) seen.push(s);
    const rng = botRng(mixSeed(botSeed, 0x1eaf));
    if (rng.float() < eps) {
      const all = legalActions(s);
      return all[rng.int(all.length)]!;
    }
    return greedy(s, botSeed, b);
  };
}

const t0 = performance.now();
let played = 0;
for (const [si, name] of BUILTIN_SCENARIO_IDS.entries()) {
  for (let g = 0; g < games; g++) {
    const gameSeed = mixSeed(seed, 0x1eaf00 + si * 1000 + g) % 1_000_000_007;
    const sc = builtinScenario(name);
    const ctx = scenarioContext(sc);
    const seen: BattleState[] = [];
    const out = playBattle(sc, [recorder(ctx, seen), recorder(ctx, seen)], gameSeed, { maxDecisions: 1500, budget });
    const winner = out.result?.winner ?? null;
    played++;
    for (const s of seen) {
      for (const side of sc.sides.map((x) => x.id as SideId)) {
        const f = leafOddsFeatures(s, side, ctx);
        rows.push({ x: LEAF_ODDS_FEATURES.map((k) => f[k]), y: winner === null ? 0.5 : winner === side ? 1 : 0 });
      }
    }
    process.stderr.write(`${name} game ${g + 1}/${games}: ${winner ?? "draw"} (${out.result?.reason ?? out.stopped}), ${seen.length} positions\n`);
  }
}

/** Logistic regression by Newton steps, no intercept, ridge towards 0; returns the weights and the mean log-loss. */
function fit(data: readonly Row[], lambda: number): { w: number[]; loss: number } {
  const d = LEAF_ODDS_FEATURES.length;
  const w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 60; iter++) {
    const grad = w.map((v) => lambda * v);
    const hess = Array.from({ length: d }, (_, j) => Array.from({ length: d }, (_, k) => (j === k ? lambda : 0)));
    for (const r of data) {
      const z = r.x.reduce((v, x, j) => v + w[j]! * x, 0);
      const p = 1 / (1 + Math.exp(-z));
      for (let j = 0; j < d; j++) {
        grad[j]! += (p - r.y) * r.x[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += p * (1 - p) * r.x[j]! * r.x[k]!;
      }
    }
    const step = solve(hess, grad);
    step.forEach((v, j) => (w[j]! -= v));
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  let loss = 0;
  for (const r of data) {
    const p = 1 / (1 + Math.exp(-r.x.reduce((v, x, j) => v + w[j]! * x, 0)));
    loss -= r.y * Math.log(Math.max(p, 1e-12)) + (1 - r.y) * Math.log(Math.max(1 - p, 1e-12));
  }
  return { w, loss: loss / data.length };
}


const { w, loss } = fit(rows, ridge);
const evalOnly = fit(rows.map((r) => ({ x: r.x.map((x, j) => (j === 0 ? x : 0)), y: r.y })), ridge);
const round = (v: number): number => Math.round(v * 1000) / 1000;
const tuned = Object.fromEntries(LEAF_ODDS_FEATURES.map((k, j) => [k, round(w[j]!)]));
console.log(`${played} games, ${rows.length / 2} positions (seen from both sides) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
console.log(`mean log-loss: the evaluation alone ${evalOnly.loss.toFixed(4)} (log-odds per unit ${evalOnly.w[0]!.toFixed(3)}), all leaf features ${loss.toFixed(4)}`);
for (const k of LEAF_ODDS_FEATURES) console.log(`${k.padEnd(16)} ${String(tuned[k]).padStart(8)}`);

if (o.write) {
  const file = new URL("../src/bots/tunedWeights.ts", import.meta.url);
  const text = readFileSync(file, "utf8");
  const command = `npx tsx scripts/tune-leaf.ts ${process.argv.slice(2).join(" ")}`;
  const body = `/** The search's \`odds\` leaf weights (log-odds of winning per unit of each leaf feature), fitted by self-play. Produced by: \`${command}\` (${rows.length / 2} positions of ${played} games). */\nexport const TUNED_LEAF_ODDS: LeafOddsWeights = ${JSON.stringify(tuned, null, 2).replace(/"(\w+)":/g, "$1:")};`;
  const re = /\/\*\*[^\n]*\n?export const TUNED_LEAF_ODDS: LeafOddsWeights = \{[\s\S]*?\};/;
  if (!re.test(text)) throw new Error("TUNED_LEAF_ODDS not found in tunedWeights.ts");
  writeFileSync(file, text.replace(re, body));
  console.log("wrote TUNED_LEAF_ODDS to src/bots/tunedWeights.ts");
}
