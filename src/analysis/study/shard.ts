/**
 * Shards: a study's work units split round-robin into n slices that run anywhere (an array job),
 * each written as a shard document, and merged back exactly: tallies are integer sums, so the
 * merge equals the single run to the byte.
 */
import { mergeTallies, EMPTY_TALLY, type Tally } from "../tally.js";
import type { Plan } from "./plan.js";
import type { RunOutcome } from "./schedule.js";
import type { Study } from "./schema.js";
import type { EngineInfo } from "./result.js";

/** Shard k of n (1-based k). */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

/**
 * Parses `"k/n"` (1 ≤ k ≤ n ≤ 100000).
 * @example
 * parseShard("2/4") // { ok: true, shard: { index: 2, count: 4 } }
 */
export function parseShard(text: string): { ok: true; shard: ShardSpec } | { ok: false; message: string } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (m === null) return { ok: false, message: `bad shard "${text}": write k/n, e.g. 2/4 (shard 2 of 4)` };
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 100_000) return { ok: false, message: `bad shard "${text}": n must be 1…100000` };
  if (index < 1 || index > count) return { ok: false, message: `bad shard "${text}": k must be 1…${count}` };
  return { ok: true, shard: { index, count } };
}

/** Where an automatic shard spec came from. */
export interface ShardSource {
  /** `kubernetes` (Indexed Job), `slurm` (job array), `awsBatch` (array job). */
  readonly scheduler: "kubernetes" | "slurm" | "awsBatch";
  /** The environment variables read (name → value), and the count's origin. */
  readonly variables: Readonly<Record<string, string>>;
}

const KNOWN_COUNT = "FUSILLADE_SHARD_COUNT";

/**
 * Shard k/n from a cluster engine's array-job environment (`--shard auto`). The core reads no
 * process state: pass the environment as a plain object.
 * - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (0-based); the count is not in the environment,
 *   so give it (`count`, or `FUSILLADE_SHARD_COUNT`, e.g. set from `spec.completions`).
 * - Slurm job array: `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_STEP`
 *   (default 1) and `SLURM_ARRAY_TASK_COUNT` or `SLURM_ARRAY_TASK_MAX`; shard = (id − min) / step + 1.
 * - AWS Batch array job: `AWS_BATCH_JOB_ARRAY_INDEX` (0-based); the size is not in the
 *   environment: give it as for Kubernetes.
 * @example
 * shardFromEnvironment({ SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "16" })
 * // { ok: true, shard: { index: 3, count: 16 }, source: { scheduler: "slurm", … } }
 */
export function shardFromEnvironment(env: Readonly<Record<string, string | undefined>>, count?: number): { ok: true; shard: ShardSpec; source: ShardSource } | { ok: false; message: string } {
  const int = (name: string): number | null | "bad" => {
    const v = env[name];
    if (v === undefined || v === "") return null;
    return /^\d+$/.test(v.trim()) && Number.isSafeInteger(Number(v)) ? Number(v) : "bad";
  };
  const given = (): { n: number; from: string } | { bad: string } | null => {
    if (count !== undefined) return { n: count, from: "--shard-count" };
    const c = int(KNOWN_COUNT);
    if (c === "bad") return { bad: `${KNOWN_COUNT}=${env[KNOWN_COUNT] ?? ""} is not a whole number` };
    return c === null ? null : { n: c, from: KNOWN_COUNT };
  };
  const make = (scheduler: ShardSource["scheduler"], index: number, n: number, vars: Record<string, string>) => {
    const r = parseShard(`${index}/${n}`);
    if (!r.ok) return { ok: false as const, message: `--shard auto (${scheduler}): ${r.message}` };
    return { ok: true as const, shard: r.shard, source: { scheduler, variables: vars } };
  };
  const pick = (names: readonly string[]): Record<string, string> => Object.fromEntries(names.filter((n) => env[n] !== undefined).map((n) => [n, env[n] as string]));
  const zeroBased = (scheduler: "kubernetes" | "awsBatch", indexVar: string, hint: string) => {
    const i = int(indexVar);
    if (i === "bad") return { ok: false as const, message: `--shard auto: ${indexVar}=${env[indexVar] ?? ""} is not a whole number` };
    const c = given();
    if (c === null) return { ok: false as const, message: `--shard auto: ${scheduler} gives the index (${indexVar}) but not the count; pass --shard-count N or set ${KNOWN_COUNT} (${hint})` };
    if ("bad" in c) return { ok: false as const, message: `--shard auto: ${c.bad}` };
    return make(scheduler, (i as number) + 1, c.n, { ...pick([indexVar, KNOWN_COUNT]), count: c.from });
  };
  if (env["JOB_COMPLETION_INDEX"] !== undefined) return zeroBased("kubernetes", "JOB_COMPLETION_INDEX", "the Job's spec.completions");
  if (env["SLURM_ARRAY_TASK_ID"] !== undefined) {
    const names = ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT"] as const;
    const [id, min, max, step, cnt] = names.map(int);
    for (const [k, v] of names.map((n, j) => [n, [id, min, max, step, cnt][j]] as const)) if (v === "bad") return { ok: false, message: `--shard auto: ${k}=${env[k] ?? ""} is not a whole number` };
    if (min === null) return { ok: false, message: "--shard auto: slurm gives SLURM_ARRAY_TASK_ID but not SLURM_ARRAY_TASK_MIN" };
    const st = (step ?? 1) as number;
    if (st < 1) return { ok: false, message: "--shard auto: SLURM_ARRAY_TASK_STEP must be at least 1" };
    const off = (id as number) - (min as number);
    if (off < 0 || off % st !== 0) return { ok: false, message: `--shard auto: task ${String(id)} is not on the array's grid (min ${String(min)}, step ${st})` };
    const c = given();
    if (c !== null && "bad" in c) return { ok: false, message: `--shard auto: ${c.bad}` };
    const n = c !== null ? c.n : cnt !== null ? (cnt as number) : max !== null ? Math.floor(((max as number) - (min as number)) / st) + 1 : null;
    if (n === null) return { ok: false, message: "--shard auto: slurm gives neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX; pass --shard-count N" };
    return make("slurm", off / st + 1, n, { ...pick(names), count: c !== null ? c.from : cnt !== null ? "SLURM_ARRAY_TASK_COUNT" : "SLURM_ARRAY_TASK_MAX" });
  }
  if (env["AWS_BATCH_JOB_ARRAY_INDEX"] !== undefined) return zeroBased("awsBatch", "AWS_BATCH_JOB_ARRAY_INDEX", "the array job's arrayProperties.size");
  return { ok: false, message: "--shard auto: no array-job environment found (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX); give --shard k/n" };
}

/** The chunks of each cell that shard k/n runs: work unit g = cell × chunksPerCell + chunk goes to shard (g mod n) + 1. */
export function shardChunks(plan: Plan, shard: ShardSpec): number[][] {
  return plan.cells.map((c) => {
    const out: number[] = [];
    for (let chunk = 0; chunk < plan.chunksPerCell; chunk++) if ((c.index * plan.chunksPerCell + chunk) % shard.count === shard.index - 1) out.push(chunk);
    return out;
  });
}

/** A shard's output: the study, which slice, and per cell the merged tally of its chunks. */
export interface ShardDocument {
  readonly format: "fusillade/study-shard@1";
  readonly engine: EngineInfo;
  readonly study: Study;
  readonly shard: ShardSpec;
  readonly complete: boolean;
  readonly cells: ReadonlyArray<{ readonly index: number; readonly chunks: readonly number[]; readonly tally: Tally }>;
  readonly wallTimeMs?: number;
  /** Where `--shard auto` found the spec (absent for `--shard k/n`). */
  readonly source?: ShardSource;
}

/** Builds a shard document from a shard run. */
export function shardDocument(plan: Plan, shard: ShardSpec, outcome: RunOutcome, engine: EngineInfo, wallTimeMs?: number, source?: ShardSource): ShardDocument {
  const doc: ShardDocument = {
    format: "fusillade/study-shard@1",
    engine,
    study: plan.study,
    shard,
    complete: !outcome.interrupted,
    cells: outcome.cells.map((c, i) => ({ index: i, chunks: c.chunks, tally: c.tally })),
  };
  const timed = wallTimeMs === undefined ? doc : { ...doc, wallTimeMs };
  return source === undefined ? timed : { ...timed, source };
}

/**
 * Merges shard documents of one study into one run outcome, checking that they are of the same
 * study and engine and cover every chunk exactly once.
 * @example
 * const r = mergeShards(plan, docs);
 * if (r.ok) studyResult(plan, r.outcome, engine);
 */
export function mergeShards(plan: Plan, shards: readonly ShardDocument[]): { ok: true; outcome: RunOutcome; wallTimeMs: number } | { ok: false; message: string } {
  if (shards.length === 0) return { ok: false, message: "merge: no shard files given" };
  const key = JSON.stringify(plan.study);
  const first = shards[0] as ShardDocument;
  const seen = new Set<number>();
  for (const s of shards) {
    if (s.format !== "fusillade/study-shard@1") return { ok: false, message: `merge: not a shard file (format ${JSON.stringify(s.format)})` };
    if (JSON.stringify(s.study) !== key) return { ok: false, message: `merge: shard ${s.shard.index}/${s.shard.count} is of a different study (or different study settings)` };
    if (s.engine.version !== first.engine.version || s.engine.name !== first.engine.name) return { ok: false, message: `merge: shards come from different engines (${first.engine.version} and ${s.engine.version})` };
    if (s.shard.count !== first.shard.count) return { ok: false, message: `merge: shards of different splits (/${first.shard.count} and /${s.shard.count})` };
    if (seen.has(s.shard.index)) return { ok: false, message: `merge: shard ${s.shard.index}/${s.shard.count} given twice` };
    seen.add(s.shard.index);
  }
  const missingShards = Array.from({ length: first.shard.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missingShards.length > 0) return { ok: false, message: `merge: missing shard(s) ${missingShards.map((i) => `${i}/${first.shard.count}`).join(", ")}` };
  const cells = plan.cells.map((c) => {
    let tally: Tally = EMPTY_TALLY;
    const chunks: number[] = [];
    for (const s of shards) {
      const sc = s.cells[c.index];
      if (sc === undefined) continue;
      tally = mergeTallies(tally, sc.tally);
      chunks.push(...sc.chunks);
    }
    chunks.sort((a, b) => a - b);
    return { tally, chunks };
  });
  for (let i = 0; i < cells.length; i++) {
    const chunks = (cells[i] as { chunks: number[] }).chunks;
    const dup = chunks.find((x, j) => j > 0 && chunks[j - 1] === x);
    if (dup !== undefined) return { ok: false, message: `merge: cell ${i} chunk ${dup} appears in two shards` };
    if (chunks.length !== plan.chunksPerCell) {
      const have = new Set(chunks);
      const missing = Array.from({ length: plan.chunksPerCell }, (_, k) => k).filter((k) => !have.has(k));
      return { ok: false, message: `merge: cell ${i} is missing chunk(s) ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", …" : ""} (an interrupted shard? re-run it)` };
    }
  }
  return {
    ok: true,
    outcome: { interrupted: false, cells: cells.map((c) => ({ tally: c.tally, chunks: c.chunks, reason: "n" as const })) },
    wallTimeMs: shards.reduce((s, d) => s + (d.wallTimeMs ?? 0), 0),
  };
}
