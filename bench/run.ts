/**
 * `npm run bench`: every figure of issue 12 measured in one warmed-up process, printed as a table
 * and, last, as `BENCH {json}`. Options:
 *   --quick            shorter samples and battle budget (a smoke run, figures noisier)
 *   --battles=SECONDS  wall-time budget for whole battles (default 20; at least 3 battles)
 *   --only=a,b         only these groups: volley, apply, combat, battles, workers, history, worst, legal, bots
 *   --soak[=N]         instead: N battles in a row (default 100000), heap read at 20 checkpoints
 * Run through `npm run bench` (bundled by bench/build.mjs, node --expose-gc); `tsx bench/run.ts`
 * works too, without the memory figures unless node gets --expose-gc.
 */
import os from "node:os";
import { applyVolleyFigure, battleFigures, combatOddsFigure, memoryFigures, missing, volleyFigures, fmt, type Figure } from "./figures.js";
import { workerFigures } from "./workers.js";
import { soak } from "./soak.js";
import { worstCaseFigures } from "./worstCase.js";
import { historyFigures } from "./history.js";
import { legalFigures } from "./legal.js";
import { fnfBattleFigures, searchWinRateFigure } from "./bots.js";

/** Every key of the BENCH line, in order, with its label and unit (for keys a group did not run). */
const KEYS: ReadonlyArray<readonly [string, string, string]> = [
  ["volleySamplePerSec", "volley, sampleVolley(volleySpec)", "/s"],
  ["volleyBaselinePerSec", "volley, hand-written mutable loop", "/s"],
  ["volleyRatio", "volley ratio sample / baseline", "×"],
  ["applyVolleyPerSec", "volley, apply(state, shooting/fire)", "/s"],
  ["combatOddsMs", "combat round odds, 20 v 20", "ms"],
  ["battlesPerSec", "WHN battles, random bots, 8 a side", "/s"],
  ["decisionsPerSec", "decisions (legalActions + apply)", "/s"],
  ["workerSpeedup", "study on 2 workers vs 1", "×"],
  ["workerSpeedupCpu", "same, on 2 free cores (from CPU time)", "×"],
  ["heapPerBattleKb", "heap per battle in flight", "kB"],
  ["stateBytes", "JSON size of a mid-battle state", "B"],
  ["worstLegalMs", "legalActions at the setup limits", "ms"],
  ["worstApplyMs", "one apply at the setup limits", "ms"],
  ["worstHostileFnfMs", "hostile FnF move / leader move / spin", "ms"],
  ["stateBytesStart", "saved state at the battle's start", "B"],
  ["stateBytesEnd", "saved state at the battle's end", "B"],
  ["applyEarlyUs", "applyTrusted around decision 10", "µs"],
  ["applyLateUs", "applyTrusted late in a long battle", "µs"],
  ["applyLateRatio", "apply cost, late / decision 10", "×"],
  ["legalActionsP99Ms", "legalActions p99 over bench battle states", "ms"],
  ["legalActionsAtLimitsMs", "legalActions at the setup limits (worst)", "ms"],
  ["applyAtLimitsMs", "one apply at the setup limits (worst)", "ms"],
  // bots (issue 22): FnF speed and search strength.
  ["fnfBattlesPerSec", "FnF battles, random bots, Coa 1811", "/s"],
  ["fnfDecisionsPerSec", "FnF decisions (random bots)", "/s"],
  ["searchWinRate", "search vs greedy, sides swapped", ""],
];

function arg(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const hit = process.argv[i];
  if (hit === undefined) return undefined;
  if (hit.includes("=")) return hit.slice(hit.indexOf("=") + 1);
  // `--name value` as well as `--name=value`.
  const next = process.argv[i + 1];
  return next !== undefined && !next.startsWith("--") ? next : "";
}

/** Prints the figures as an aligned table. */
function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [f.key, f.value === null ? "null" : `${fmt(f.value)} ${f.unit}`, f.spread, f.note]);
  const head = ["key", "median", "spread (min–max)", "notes"];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: readonly string[]): string => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(w[i] ?? 0))).join("  ");
  return [line(head), line(w.map((n) => "-".repeat(Math.min(n, 40)))), ...rows.map(line)].join("\n");
}

async function main(): Promise<void> {
  const machine = `${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, node ${process.version}, ${os.platform()} ${os.arch()}`;
  const soakArg = arg("soak");
  if (soakArg !== undefined) {
    const n = soakArg === "" ? 100_000 : Number(soakArg);
    if (!Number.isInteger(n) || n < 2) throw new Error(`--soak=N needs an integer N ≥ 2, got "${soakArg}"`);
    console.log(`fusillade soak: ${n} battles — ${machine}`);
    const r = soak(n, (l) => console.log(l));
    console.log(`soak: ${r.battles} battles in ${r.seconds.toFixed(0)} s; heap growth ${r.growthMb.toFixed(2)} MB first→last checkpoint, slope ${r.slopeBytesPerBattle.toFixed(1)} B/battle`);
    console.log(`BENCH ${JSON.stringify({ soakBattles: r.battles, soakSeconds: Math.round(r.seconds), soakGrowthMb: Math.round(r.growthMb * 100) / 100, soakSlopeBytesPerBattle: Math.round(r.slopeBytesPerBattle * 10) / 10, soakHeapMb: r.checkpoints.map((c) => Math.round(c.heapMb * 100) / 100) })}`);
    return;
  }
  const quick = arg("quick") !== undefined;
  const only = new Set((arg("only") ?? "volley,apply,combat,battles,workers,history,worst,legal,bots").split(","));
  const o = quick ? { warmupMs: 150, sampleMs: 100, samples: 5 } : { warmupMs: 400, sampleMs: 250, samples: 9 };
  const battleSeconds = Number(arg("battles") ?? (quick ? 5 : 20));
  console.log(`fusillade bench — ${machine}${quick ? " (quick)" : ""}`);
  const figures: Figure[] = [];
  const step = async (group: string, f: () => Figure[] | Promise<Figure[]>): Promise<void> => {
    if (!only.has(group)) return;
    const t = Date.now();
    const got = await f();
    figures.push(...got);
    console.log(`bench: ${group} done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  await step("volley", () => volleyFigures(o));
  await step("apply", () => [applyVolleyFigure(o)]);
  await step("combat", () => [combatOddsFigure(o)]);
  await step("battles", () => {
    const run = battleFigures(battleSeconds, 3);
    return [...run.figures, ...memoryFigures(run.midStates)];
  });
  await step("history", () => historyFigures(quick));
  await step("workers", () => workerFigures(quick ? 100_000 : 300_000, quick ? 2 : 5));
  await step("worst", () => worstCaseFigures(quick ? 40 : 150));
  await step("legal", () => legalFigures(quick ? 6 : 30, quick ? 60 : 150));
  // bots (issue 22).
  await step("bots", () => [...fnfBattleFigures(quick ? 3 : 10, 3), searchWinRateFigure(quick ? 1 : 4, quick ? 8 : 16, 4)]);
  const all = KEYS.map(([key, label, unit]) => figures.find((f) => f.key === key) ?? missing(key, label, unit, "not run (--only)"));
  console.log(table(all));
  console.log(`BENCH ${JSON.stringify(Object.fromEntries(all.map((f) => [f.key, f.value])))}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
