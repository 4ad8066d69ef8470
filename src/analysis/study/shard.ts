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
}

/** Builds a shard document from a shard run. */
export function shardDocument(plan: Plan, shard: ShardSpec, outcome: RunOutcome, engine: EngineInfo, wallTimeMs?: number): ShardDocument {
  const doc: ShardDocument = {
    format: "fusillade/study-shard@1",
    engine,
    study: plan.study,
    shard,
    complete: !outcome.interrupted,
    cells: outcome.cells.map((c, i) => ({ index: i, chunks: c.chunks, tally: c.tally })),
  };
  return wallTimeMs === undefined ? doc : { ...doc, wallTimeMs };
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
