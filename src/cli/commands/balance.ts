/**
 * `fusillade balance <file>`: searches point values (or any numeric rule parameter) until each
 * parameter's paired score over its match-ups is 50 % within the file's tolerance; prints the
 * table and writes JSON (with version, seed, options, match-ups and wall time), a Markdown table
 * and an SVG chart of the search.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { balanceRows, builtinExperiments, parseBalance, runBalance, type BalanceResult } from "../../analysis/index.js";
import { UsageError, writeOutput, type Io } from "../io.js";
import { ENGINE } from "../engine.js";
import { checkOutputs, readJsonFile, studiesDir } from "./study.js";
import { loadReport } from "../loadReport.js";

/** Options of `balance`. */
export interface BalanceOptions {
  readonly json?: string;
  readonly md?: string;
  readonly svg?: string;
  readonly seed?: string;
  readonly tolerance?: string;
  readonly maxN?: string;
  readonly timing: boolean;
  readonly quiet?: boolean;
}

/** A balance file by path, or a built-in by name (`studies/balance/<name>.json`). */
function balanceFile(io: Io, file: string): string {
  if (existsSync(resolve(io.cwd, file))) return file;
  const named = join(studiesDir(), "balance", file.endsWith(".json") ? file : `${file}.json`);
  return existsSync(named) ? named : file;
}

const fmt = (x: number, d = 2): string => x.toFixed(d);
const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

/** The result as a Markdown table (values with intervals, scores with intervals, samples). */
export function balanceMarkdown(r: BalanceResult, wallTimeMs?: number): string {
  const b = r.balance;
  const lines = [
    `**${r.title ?? r.name}** — \`${b.experiment}\`, seed ${JSON.stringify(b.seed)}, ${Math.round(b.confidence * 100)} % intervals, tolerance ±${pct(b.tolerance)}, ${ENGINE.name} ${ENGINE.version}`,
    "",
    "| parameter | value | interval of the value | score at value | score interval | samples per match-up | status |",
    "| --- | ---: | --- | ---: | --- | ---: | --- |",
  ];
  for (const p of r.parameters) {
    lines.push(`| ${p.name} | ${fmt(p.value)} | ${fmt(p.low)} – ${fmt(p.high)} | ${pct(p.estimate.score)} | ${pct(p.estimate.low)} – ${pct(p.estimate.high)} | ${p.estimate.n} | ${p.status} |`);
  }
  lines.push("", "| match-up | scores | side | score at the balanced value |", "| --- | --- | --- | ---: |");
  for (const p of r.parameters) for (const m of p.matchups) lines.push(`| ${m.name} | ${p.name} | ${m.side} | ${pct(m.score)} |`);
  lines.push("", `${r.samples} samples in all, ${r.sweeps} sweep(s)${wallTimeMs === undefined ? "" : `, ${(wallTimeMs / 1000).toFixed(0)} s`}.`);
  return `${lines.join("\n")}\n`;
}

/** The result as a plain table for the terminal. */
function balanceTable(r: BalanceResult): string {
  const rows = balanceRows(r);
  const head = ["parameter", "value", "low", "high", "score", "scoreLow", "scoreHigh", "n", "status"];
  const cells = rows.map((row) => head.map((h) => (typeof row[h] === "number" ? (h === "n" ? String(row[h]) : fmt(row[h] as number, h.startsWith("score") ? 4 : 3)) : String(row[h]))));
  const w = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: readonly string[]): string => c.map((x, i) => x.padEnd(w[i] as number)).join("  ");
  return `${r.title ?? r.name} — ${r.balance.experiment}, seed ${JSON.stringify(r.balance.seed)}, tolerance ±${pct(r.balance.tolerance)} at ${Math.round(r.balance.confidence * 100)} %\n\n${[line(head), line(w.map((n) => "-".repeat(n))), ...cells.map(line)].join("\n")}\n`;
}

/** A Vega-Lite spec of the search: every evaluation (value, score, interval) per parameter, 50 % and the tolerance band. */
export function balanceChartSpec(r: BalanceResult): Record<string, unknown> {
  const tol = r.balance.tolerance;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: r.title ?? r.name,
    vconcat: r.parameters.map((p) => ({
      title: `${r.balance.parameters[p.name]?.title ?? p.name}: ${fmt(p.value)} (${fmt(p.low)} – ${fmt(p.high)})`,
      width: 480,
      height: 180,
      layer: [
        { data: { values: [{ lo: 0.5 - tol, hi: 0.5 + tol }] }, mark: { type: "rect", opacity: 0.15, color: "#2a7" }, encoding: { y: { field: "lo", type: "quantitative" }, y2: { field: "hi" } } },
        { data: { values: [{ x0: p.low, x1: p.high }] }, mark: { type: "rect", opacity: 0.15, color: "#27c" }, encoding: { x: { field: "x0", type: "quantitative" }, x2: { field: "x1" } } },
        { data: { values: [{ y: 0.5 }] }, mark: { type: "rule", strokeDash: [4, 3] }, encoding: { y: { field: "y", type: "quantitative" } } },
        {
          data: { values: p.trace.map((e) => ({ value: e.value, score: e.score, low: e.low, high: e.high, n: e.n })) },
          layer: [
            { mark: { type: "errorbar" }, encoding: { x: { field: "value", type: "quantitative", title: "value" }, y: { field: "low", type: "quantitative", title: "score (win = 1, neither = ½)", scale: { domain: [0, 1] } }, y2: { field: "high" } } },
            { mark: { type: "point", filled: true }, encoding: { x: { field: "value", type: "quantitative" }, y: { field: "score", type: "quantitative" }, size: { field: "n", type: "quantitative", title: "samples" } } },
          ],
        },
      ],
    })),
  };
}

function positive(name: string, v: string | undefined, integer: boolean): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  if (v.trim() === "" || !Number.isFinite(x) || x <= 0 || (integer && !Number.isInteger(x))) throw new UsageError(`--${name} must be a positive ${integer ? "whole " : ""}number, got "${v}"`);
  return x;
}

/** Runs `balance`; returns the exit code (0: every parameter within tolerance, 1: some not). */
export async function balanceCommand(io: Io, file: string, o: BalanceOptions): Promise<number> {
  const { value } = readJsonFile(io, balanceFile(io, file), false);
  let raw = value;
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
    const r: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
    if (o.seed !== undefined) r["seed"] = /^\d+$/.test(o.seed) && Number.isSafeInteger(Number(o.seed)) ? Number(o.seed) : o.seed;
    const tol = positive("tolerance", o.tolerance, false);
    if (tol !== undefined) r["tolerance"] = tol;
    const maxN = positive("max-n", o.maxN, true);
    if (maxN !== undefined) r["maxN"] = maxN;
    raw = r;
  }
  const parsed = parseBalance(raw);
  if (!parsed.ok) throw new UsageError(`${file}: invalid balance file\n${parsed.issues.map((i) => `  ${i.path}: ${i.message}`).join("\n")}`);
  for (const f of [o.json, o.md, o.svg]) if (f !== undefined) checkOutputs(io, { json: f, timing: o.timing });
  const t0 = io.now();
  let last = t0;
  let result: BalanceResult;
  try {
    result = runBalance(parsed.balance, builtinExperiments(), {
      onProgress: (p) => {
        if (o.quiet === true || io.now() - last < 2000) return;
        last = io.now();
        io.stderr.write(`  ${p.parameter}: ${p.value.toFixed(3)} → ${(p.score * 100).toFixed(1)} % (${p.n} samples)\n`);
      },
    });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  }
  const wallTimeMs = Math.round(io.now() - t0);
  const doc = { ...result, engine: ENGINE, ...(o.timing ? { run: { wallTimeMs } } : {}) };
  if (o.json !== undefined) {
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    o.json === "-" ? io.stdout.write(text) : writeOutput(io, resolve(io.cwd, o.json), text);
  }
  if (o.md !== undefined) writeOutput(io, resolve(io.cwd, o.md), balanceMarkdown(result, o.timing ? wallTimeMs : undefined));
  if (o.svg !== undefined) {
    const { renderSvg } = await loadReport("--svg");
    writeOutput(io, resolve(io.cwd, o.svg), await renderSvg(balanceChartSpec(result)));
  }
  if (o.quiet !== true && o.json !== "-") io.stdout.write(balanceTable(result));
  return result.complete ? 0 : 1;
}
