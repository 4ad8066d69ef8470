/** `fusillade study <file>`: run a study file (or a built-in study by name) and write its outputs. */
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  builtinExperiments, parseShard, shardFromEnvironment, parseStudy, planStudy, shardChunks, shardDocument, studyResult, StudySetupError,
  type Plan, type RunOutcome, type ShardSource, type StudyResult,
} from "../../analysis/index.js";
import { checkOutputFile, UsageError, writeOutput, type Io } from "../io.js";
import { ENGINE } from "../engine.js";
import { runWithPool } from "../pool.js";
import { progressBar } from "../progress.js";
import { resultCsv, resultTable } from "../format.js";
import { loadReport } from "../loadReport.js";

/** Options of `study` (and of `merge`'s outputs). */
export interface OutputOptions {
  readonly json?: string;
  readonly csv?: string;
  readonly report?: string;
  readonly timing: boolean;
  readonly quiet?: boolean;
}

/** Options of `study`. */
export interface StudyOptions extends OutputOptions {
  readonly n?: string;
  readonly seed?: string;
  readonly chunk?: string;
  readonly workers?: string;
  readonly shard?: string;
  readonly shardCount?: string;
}

/** The folder of built-in studies (`studies/` at the package root, from src/cli/commands or dist/cli). */
export function studiesDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ["../..", "../../..", ".."]) {
    const d = resolve(here, up, "studies");
    if (existsSync(d)) return d;
  }
  return resolve(here, "../../../studies");
}

/** Reads and parses a JSON file, or a built-in study by name; bad input → UsageError. */
export function readJsonFile(io: Io, file: string, builtin: boolean): { path: string; value: unknown } {
  let path = resolve(io.cwd, file);
  if (!existsSync(path) && builtin) {
    const named = join(studiesDir(), file.endsWith(".json") ? file : `${file}.json`);
    if (existsSync(named)) path = named;
  }
  if (!existsSync(path)) throw new UsageError(`${file}: no such file${builtin ? " (and no built-in study of that name)" : ""}`);
  let text: string;
  try {
    text = io.readFile(path);
  } catch (e) {
    throw new UsageError(`${file}: cannot read it (${e instanceof Error ? e.message : String(e)})`);
  }
  try {
    return { path, value: JSON.parse(text) as unknown };
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

function intOption(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || !Number.isSafeInteger(Number(v))) throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${v}"`);
  return Number(v);
}

/** Validates and plans a study file, with command-line overrides. */
export function loadPlan(io: Io, file: string, o: Pick<StudyOptions, "n" | "seed" | "chunk">): Plan {
  const { value } = readJsonFile(io, file, true);
  let raw = value;
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
    const r: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
    const n = intOption("n", o.n, 1);
    if (n !== undefined) {
      r["n"] = n;
      delete r["stop"];
    }
    if (o.seed !== undefined) r["seed"] = /^\d+$/.test(o.seed) && Number.isSafeInteger(Number(o.seed)) ? Number(o.seed) : o.seed;
    const chunk = intOption("chunk", o.chunk, 1);
    if (chunk !== undefined) r["chunk"] = chunk;
    raw = r;
  }
  const parsed = parseStudy(raw);
  if (!parsed.ok) throw new UsageError(`${file}: invalid study file\n${parsed.issues.map((i) => `  ${i.path}: ${i.message}`).join("\n")}`);
  const planned = planStudy(parsed.study, builtinExperiments());
  if (!planned.ok) throw new UsageError(`${file}: invalid study file\n${planned.issues.map((i) => `  ${i.path}: ${i.message}`).join("\n")}`);
  return planned.plan;
}

/** Checks every output path before the work starts, so a bad path costs no run (exit 2). */
export function checkOutputs(io: Io, o: OutputOptions): void {
  for (const [option, path] of [["--json", o.json], ["--csv", o.csv], ["--report", o.report]] as const) {
    if (path !== undefined && path !== "-") checkOutputFile(option, resolve(io.cwd, path));
  }
}

/** Writes a result's table, JSON, CSV and report as asked. */
export async function writeOutputs(io: Io, doc: StudyResult, o: OutputOptions): Promise<void> {
  const json = `${JSON.stringify(doc, null, 2)}\n`;
  const toStdout = o.json === "-" || o.csv === "-";
  if (o.json !== undefined) o.json === "-" ? io.stdout.write(json) : writeOutput(io, resolve(io.cwd, o.json), json);
  if (o.csv !== undefined) o.csv === "-" ? io.stdout.write(resultCsv(doc)) : writeOutput(io, resolve(io.cwd, o.csv), resultCsv(doc));
  if (o.report !== undefined) {
    const { studyReport } = await loadReport("--report"); // vega loads only when a report is asked for
    writeOutput(io, resolve(io.cwd, o.report), await studyReport(doc));
  }
  if (!toStdout && o.quiet !== true) io.stdout.write(resultTable(doc, doc.provenance.study.report.metrics));
}

/**
 * Threads to sample with: 1 by default, one per core with "auto", else the count asked for, capped
 * by the cores (more threads than cores only add start-up cost and memory, and very many aborted
 * the process at teardown).
 */
function workersOf(io: Io, v: string | undefined, cores: number): number {
  if (v === undefined) return 1;
  const most = Math.max(1, cores);
  if (v === "auto") return most;
  const n = intOption("workers", v, 1);
  if (n === undefined || n > 256) throw new UsageError(`--workers must be 1…256 or "auto", got "${v}"`);
  if (n > most) io.stderr.write(`--workers ${n}: this machine has ${most} core(s); using ${most}\n`);
  return Math.min(n, most);
}

/** Runs `study`; returns the exit code. */
export async function studyCommand(io: Io, file: string, o: StudyOptions, availableCores: number): Promise<number> {
  const plan = loadPlan(io, file, o);
  const count = intOption("shard-count", o.shardCount, 1);
  if (count !== undefined && o.shard !== "auto") throw new UsageError("--shard-count goes with --shard auto");
  const shard = o.shard === undefined ? null : o.shard === "auto" ? shardFromEnvironment(io.env ?? {}, count) : parseShard(o.shard);
  if (shard !== null && !shard.ok) throw new UsageError(shard.message.startsWith("--shard") ? shard.message : `--shard: ${shard.message}`);
  const source: ShardSource | undefined = shard !== null && shard.ok && "source" in shard ? (shard as { source: ShardSource }).source : undefined;
  if (shard !== null && plan.study.stop !== undefined) throw new UsageError(`--shard: ${file} samples until an interval target (stop); a sharded run needs a fixed n (give --n)`);
  const workers = workersOf(io, o.workers, availableCores);
  checkOutputs(io, o);
  const abort = { aborted: false };
  const off = io.onInterrupt(() => {
    abort.aborted = true;
    io.stderr.write("\ninterrupted: finishing the work units in flight, then writing partial results (Ctrl-C again to quit at once)\n");
  });
  const bar = progressBar(io, plan.study.name);
  const t0 = io.now();
  let outcome: RunOutcome;
  try {
    const chunks = shard !== null && shard.ok ? shardChunks(plan, shard.shard) : undefined;
    outcome = await runWithPool(plan, workers, { signal: abort, onProgress: bar.onProgress, ...(chunks === undefined ? {} : { chunks }) });
  } catch (e) {
    if (e instanceof StudySetupError) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  } finally {
    bar.done();
    off();
  }
  const wallTimeMs = Math.round(io.now() - t0);
  if (shard !== null && shard.ok) {
    const doc = shardDocument(plan, shard.shard, outcome, ENGINE, o.timing ? wallTimeMs : undefined, source);
    const out = o.json ?? `${plan.study.name}.shard-${shard.shard.index}-of-${shard.shard.count}.json`;
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (out === "-") io.stdout.write(text);
    else writeOutput(io, resolve(io.cwd, out), text);
    if (o.quiet !== true) io.stderr.write(`shard ${shard.shard.index}/${shard.shard.count}${source === undefined ? "" : ` (${source.scheduler})`} of ${plan.study.name}: ${outcome.cells.reduce((s, c) => s + c.tally.n, 0)} samples${out === "-" ? "" : ` → ${basename(out)}`}\n`);
  } else {
    const doc = studyResult(plan, outcome, ENGINE, o.timing ? { wallTimeMs, workers } : undefined);
    await writeOutputs(io, doc, o);
  }
  if (outcome.interrupted) {
    io.stderr.write(`interrupted: kept ${outcome.cells.reduce((s, c) => s + c.tally.n, 0)} samples (marked incomplete)\n`);
    return 130;
  }
  return 0;
}
