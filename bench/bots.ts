/**
 * The bots' figures (issue 22), in their own group (`--only=bots`): FnF battles a second with random
 * bots on Coa 1811 (with the decisions they made a second), and the search bot's win rate against
 * the greedy bot at a fixed playout budget, sides swapped on every seed, over the built-in scenarios
 * of both rulesets. Kept apart from the WHN battle figures so the two merge without conflict.
 */
import { fnfScenario } from "../src/rules/fnf/index.js";
import { playSetup } from "../src/battle/index.js";
import { randomBot } from "../src/bots/index.js";
import { builtinMatchScenarios, playMatch, type MatchGame } from "../src/bots/match.js";
import { wilsonInterval } from "../src/analysis/stats.js";
import type { Figure } from "./figures.js";
import { now } from "./harness.js";

/**
 * Random-bot FnF battles on Coa 1811 for about `seconds` of this process's CPU time (at least `min`
 * battles), like the WHN battle figures: a loaded machine does not charge other work to them.
 */
export function fnfBattleFigures(seconds: number, min: number): Figure[] {
  const t0 = now("cpu");
  let battles = 0;
  let decisions = 0;
  while (battles < min || now("cpu") - t0 < seconds * 1000) {
    const seed = 1000 + battles;
    const out = playSetup(fnfScenario("coa1811", seed), [randomBot, randomBot], seed, { maxDecisions: 2000 });
    decisions += out.decisions;
    battles++;
  }
  const wall = (now("cpu") - t0) / 1000;
  return [
    { key: "fnfBattlesPerSec", label: "FnF battles, random bots, Coa 1811", value: Math.round((battles / wall) * 100) / 100, unit: "/s", spread: "", note: `${battles} battles, ${((wall * 1000) / battles).toFixed(1)} CPU ms each, goal ≥ 20` },
    { key: "fnfDecisionsPerSec", label: "FnF decisions (random bots)", value: Math.round(decisions / wall), unit: "/s", spread: "", note: `${decisions} decisions` },
  ];
}

/**
 * Search (fixed playouts) against greedy: `pairs` seeds a scenario (at least 2, so the figure always
 * rests on ≥ 20 battles), each played with sides swapped. A playout budget, not a clock, so a loaded
 * machine plays the same battles; the note gives the CPU time the battles took.
 */
export function searchWinRateFigure(pairs: number, playouts: number, fnfTurns: number): Figure {
  const games: MatchGame[] = [];
  let searched = 0;
  let done = 0;
  const search = { onSearch: (i: { readonly playouts: number }): void => void ((searched += 1), (done += i.playouts)) };
  const t0 = now("cpu");
  for (const sc of builtinMatchScenarios()) games.push(...playMatch(sc, [{ kind: "search", budget: playouts, search }, { kind: "greedy" }], 22, Math.max(2, pairs), { fnfTurns }).games);
  const cpu = (now("cpu") - t0) / 1000;
  const wins = games.filter((g) => g.winner === 0).length;
  const w = wilsonInterval(wins, games.length);
  const draws = games.filter((g) => g.winner === null).length;
  return {
    key: "searchWinRate",
    label: `search (${playouts} playouts) vs greedy, sides swapped`,
    value: Math.round(w.estimate * 1000) / 1000,
    unit: "",
    spread: `${w.low.toFixed(2)}–${w.high.toFixed(2)}`,
    note: `${wins} won, ${draws} drawn of ${games.length} battles (95 % Wilson); ${searched} searched decisions, ${(done / Math.max(1, searched)).toFixed(1)} playouts each; ${cpu.toFixed(0)} CPU s in all; goal ≥ 0.7`,
  };
}
