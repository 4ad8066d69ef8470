/**
 * `fusillade tournament`: a round robin between bots on the built-in scenarios of both rulesets,
 * each pairing played on every scenario with sides swapped; prints each pairing's wins, draws and
 * the first bot's win rate with its 95 % Wilson interval, per scenario and overall (`--json` for
 * the games and the table as JSON).
 */
import { wilsonInterval } from "../../analysis/stats.js";
import { builtinMatchScenarios, playMatch, type MatchBotKind, type MatchBotSpec, type MatchGame, type MatchScenario } from "../../bots/match.js";
import { UsageError, type Io } from "../io.js";

/** Options of `tournament`. */
export interface TournamentOptions {
  readonly bots?: string;
  readonly scenarios?: string;
  readonly pairs?: string;
  readonly seed?: string;
  readonly searchMs?: string;
  readonly searchClock?: string;
  readonly searchBudget?: string;
  readonly greedyBudget?: string;
  readonly fnfTurns?: string;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

const KINDS = ["random", "greedy", "search"] as const;

function whole(name: string, v: string | undefined, fallback: number, min = 1): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number ≥ ${min}, got "${v}"`);
  return n;
}

/** One row of the table: a pairing on a scenario (or "all"). */
export interface TournamentRow {
  readonly a: string;
  readonly b: string;
  readonly scenario: string;
  readonly games: number;
  readonly winsA: number;
  readonly winsB: number;
  readonly draws: number;
  /** A's win rate (draws count as not won) with its 95 % Wilson interval. */
  readonly rateA: number;
  readonly low: number;
  readonly high: number;
}

function row(a: string, b: string, scenario: string, games: readonly MatchGame[]): TournamentRow {
  const winsA = games.filter((g) => g.winner === 0).length;
  const winsB = games.filter((g) => g.winner === 1).length;
  const w = wilsonInterval(winsA, games.length);
  return { a, b, scenario, games: games.length, winsA, winsB, draws: games.length - winsA - winsB, rateA: w.estimate, low: w.low, high: w.high };
}

/** The rows as a fixed-width table. */
export function tournamentTable(rows: readonly TournamentRow[]): string {
  const head = ["pairing", "scenario", "games", "wins A", "wins B", "draws", "A win rate [95% Wilson]"];
  const body = rows.map((r) => [`${r.a} vs ${r.b}`, r.scenario, String(r.games), String(r.winsA), String(r.winsB), String(r.draws), `${r.rateA.toFixed(2)} [${r.low.toFixed(2)}, ${r.high.toFixed(2)}]`]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? "").length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(w[i] ?? 0)).join("  ").trimEnd();
  return [line(head), line(w.map((n) => "-".repeat(n))), ...body.map(line)].join("\n") + "\n";
}

/** Runs `tournament`; returns the exit code. */
export function tournamentCommand(io: Io, o: TournamentOptions): number {
  const kinds = (o.bots ?? "random,greedy,search").split(",").map((b) => b.trim());
  for (const k of kinds) if (!(KINDS as readonly string[]).includes(k)) throw new UsageError(`--bots: unknown bot "${k}"; bots: ${KINDS.join(", ")}`);
  if (kinds.length < 2) throw new UsageError("--bots needs at least two bots");
  const all = builtinMatchScenarios();
  const scenarios = o.scenarios === undefined ? all : (o.scenarios.split(",").map((s) => s.trim()) as MatchScenario[]);
  for (const s of scenarios) if (!all.includes(s)) throw new UsageError(`--scenarios: unknown scenario "${s}"; built-in: ${all.join(", ")}`);
  const pairs = whole("pairs", o.pairs, 2);
  const seed = whole("seed", o.seed, 1, 0);
  const searchBudget = o.searchBudget === undefined ? undefined : whole("search-budget", o.searchBudget, 64);
  const searchMs = whole("search-ms", o.searchMs, 200);
  const clockKind = o.searchClock ?? "cpu";
  if (clockKind !== "cpu" && clockKind !== "wall") throw new UsageError(`--search-clock must be cpu or wall, got "${clockKind}"`);
  // CPU time of this process: what a decision costs on an idle machine, whatever else runs here.
  const cpuMs = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const searchClock = clockKind === "cpu" ? cpuMs : (): number => io.now();
  const greedyBudget = whole("greedy-budget", o.greedyBudget, 24);
  const fnfTurns = whole("fnf-turns", o.fnfTurns, 8);
  // What the search did, for the footer: playouts a searched decision.
  let searched = 0;
  let playouts = 0;
  const search = { onSearch: (i: { readonly playouts: number }): void => {
    searched++;
    playouts += i.playouts;
  } };
  const spec = (k: MatchBotKind): MatchBotSpec => {
    if (k === "greedy") return { kind: k, budget: greedyBudget };
    if (k === "search") return searchBudget !== undefined ? { kind: k, budget: searchBudget, search } : { kind: k, timeMs: searchMs, clock: searchClock, search };
    return { kind: k };
  };
  const rows: TournamentRow[] = [];
  const games: (MatchGame & { a: string; b: string })[] = [];
  const started = io.now();
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i + 1; j < kinds.length; j++) {
      const a = kinds[i] as MatchBotKind;
      const b = kinds[j] as MatchBotKind;
      const mine: MatchGame[] = [];
      for (const sc of scenarios) {
        const t = playMatch(sc, [spec(a), spec(b)], seed, pairs, {
          fnfTurns,
          onGame: (g) => {
            if (o.quiet !== true && o.json !== true) io.stderr.write(`${a} vs ${b} ${sc} seed ${g.seed}: ${g.winner === null ? "draw" : g.winner === 0 ? a : b} (${g.reason})\n`);
          },
        });
        rows.push(row(a, b, sc, t.games));
        mine.push(...t.games);
        for (const g of t.games) games.push({ ...g, a, b });
      }
      rows.push(row(a, b, "all", mine));
    }
  }
  const seconds = (io.now() - started) / 1000;
  if (o.json === true) {
    io.stdout.write(JSON.stringify({ options: { bots: kinds, scenarios, pairs, seed, searchMs: searchBudget === undefined ? searchMs : null, searchClock: searchBudget === undefined ? clockKind : null, searchBudget: searchBudget ?? null, greedyBudget, fnfTurns }, rows, games, seconds, search: { decisions: searched, playouts } }, null, 2) + "\n");
  } else {
    io.stdout.write(tournamentTable(rows));
    const perDecision = searched === 0 ? "" : `; ${(playouts / searched).toFixed(1)} playouts a searched decision on average, over ${searched}`;
    io.stdout.write(`${games.length} battles in ${seconds.toFixed(0)} s (sides swapped on every seed; search: ${searchBudget === undefined ? `${searchMs} ms of ${clockKind === "cpu" ? "CPU" : "wall-clock"} time` : `at most ${searchBudget} playouts`} a decision${perDecision})\n`);
  }
  return 0;
}
