/**
 * Reading shard files before they are merged: a shard document is untrusted input (hand-edited,
 * truncated, from another study), so its shape, its study and every tally are checked first. A
 * tally must hold exactly the samples of the chunks it lists, with counts that add up; a merge of
 * checked shards is then exact, or refused with a message naming the file and the field.
 */
import * as z from "zod";
import type { MetricTally, Tally } from "../tally.js";
import { chunkRange, planStudy, type Plan } from "./plan.js";
import { parseStudy } from "./schema.js";
import { shardChunks, type ShardDocument } from "./shard.js";
import type { ExperimentRegistry } from "../experiment.js";

/** Most shards a study splits into (as `parseShard` allows). */
const MAX_SHARDS = 100_000;
const safeCount = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
const safeInt = z.int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

const MetricTallySchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("number"), n: safeCount, sum: safeInt, sumSq: safeCount, hist: z.record(z.string().regex(/^-?\d+$/), safeCount) }),
  z.strictObject({ kind: z.literal("boolean"), n: safeCount, k: safeCount }),
  z.strictObject({ kind: z.literal("category"), n: safeCount, counts: z.record(z.string().max(200), safeCount) }),
]);

/** Zod schema of a shard document's shape (its study is checked by `parseStudy`). */
const ShardShape = z.object({
  format: z.literal("fusillade/study-shard@1"),
  engine: z.object({ name: z.string().max(200), version: z.string().max(200) }),
  study: z.record(z.string(), z.unknown()),
  shard: z.strictObject({ index: z.int().min(1).max(MAX_SHARDS), count: z.int().min(1).max(MAX_SHARDS) }).refine((s) => s.index <= s.count, "the shard index is at most the shard count"),
  complete: z.boolean(),
  cells: z.array(z.strictObject({ index: z.int().min(0), chunks: z.array(z.int().min(0)).max(10_000_000), tally: z.strictObject({ n: safeCount, metrics: z.record(z.string().max(500), MetricTallySchema) }) })).max(1_000_000),
  wallTimeMs: z.number().finite().min(0).optional(),
});

/** What is wrong with one metric's counts, or null. */
function metricProblem(m: MetricTally, n: number): string | null {
  if (m.n > n) return `counts ${m.n} samples of ${n}`;
  if (m.kind === "boolean") return m.k > m.n ? `has k = ${m.k} > n = ${m.n}` : null;
  if (m.kind === "category") {
    const total = Object.values(m.counts).reduce((s, c) => s + c, 0);
    return total === m.n ? null : `category counts add up to ${total}, not n = ${m.n}`;
  }
  let total = 0;
  let sum = 0;
  let sumSq = 0;
  for (const [k, c] of Object.entries(m.hist)) {
    const x = Number(k);
    total += c;
    sum += x * c;
    sumSq += x * x * c;
  }
  if (total !== m.n) return `histogram counts add up to ${total}, not n = ${m.n}`;
  // Exact while the sums stay safe integers (they do for any real study); past that, not compared.
  if (Number.isSafeInteger(sumSq) && (sum !== m.sum || sumSq !== m.sumSq)) return "its sum or sum of squares disagrees with its histogram";
  return null;
}

/** What is wrong with a shard's tallies against the plan, or null. */
function tallyProblem(plan: Plan, doc: ShardDocument): string | null {
  if (doc.cells.length !== plan.cells.length) return `has ${doc.cells.length} cells; the study has ${plan.cells.length}`;
  const expected = shardChunks(plan, doc.shard);
  for (const [i, cell] of doc.cells.entries()) {
    if (cell.index !== i) return `cells[${i}] has index ${cell.index}`;
    const want = expected[i] ?? [];
    if (cell.chunks.length !== want.length || cell.chunks.some((c, j) => c !== want[j]))
      return `cells[${i}] lists chunks ${cell.chunks.slice(0, 5).join(", ")}${cell.chunks.length > 5 ? ", …" : ""}; shard ${doc.shard.index}/${doc.shard.count} runs ${want.slice(0, 5).join(", ")}${want.length > 5 ? ", …" : ""}`;
    let samples = 0;
    for (const c of cell.chunks) {
      const [from, to] = chunkRange(plan, c);
      samples += to - from;
    }
    const t: Tally = cell.tally;
    if (t.n !== samples) return `cells[${i}] tallies ${t.n} samples; its chunks hold ${samples}`;
    for (const [key, m] of Object.entries(t.metrics)) {
      const bad = metricProblem(m, t.n);
      if (bad !== null) return `cells[${i}] metric "${key}" ${bad}`;
    }
  }
  return null;
}

/**
 * Checks shard files (already parsed from JSON) before a merge: each is a complete shard document
 * of the same, valid study with consistent tallies. Returns the plan and the documents, or a
 * message naming the file at fault.
 * @example
 * const r = checkShards([{ label: "a.json", value }], builtinExperiments());
 * if (r.ok) mergeShards(r.plan, r.docs);
 */
export function checkShards(files: readonly { readonly label: string; readonly value: unknown }[], registry: ExperimentRegistry): { ok: true; plan: Plan; docs: ShardDocument[] } | { ok: false; message: string } {
  const docs: ShardDocument[] = [];
  let plan: Plan | null = null;
  for (const { label, value } of files) {
    const shape = ShardShape.safeParse(value);
    if (!shape.success) {
      const i = shape.error.issues[0];
      return { ok: false, message: `${label}: not a valid shard file (${i === undefined ? "bad shape" : `${i.path.join(".") || "the file"}: ${i.message}`})` };
    }
    const study = parseStudy(shape.data.study);
    if (!study.ok) return { ok: false, message: `${label}: the study inside is invalid (${study.issues.map((x) => `${x.path}: ${x.message}`).join("; ")})` };
    if (plan === null) {
      const planned = planStudy(study.study, registry);
      if (!planned.ok) return { ok: false, message: `${label}: the study inside is invalid (${planned.issues.map((x) => `${x.path}: ${x.message}`).join("; ")})` };
      plan = planned.plan;
    } else if (JSON.stringify(study.study) !== JSON.stringify(plan.study)) {
      return { ok: false, message: `${label}: a shard of a different study (or different study settings) than ${files[0]?.label ?? "the first"}` };
    }
    const doc = { ...shape.data, study: study.study } as ShardDocument;
    if (!doc.complete) return { ok: false, message: `${label}: shard ${doc.shard.index}/${doc.shard.count} was interrupted (incomplete); re-run it` };
    const bad = tallyProblem(plan, doc);
    if (bad !== null) return { ok: false, message: `${label}: ${bad}` };
    docs.push(doc);
  }
  return plan === null ? { ok: false, message: "merge: no shard files given" } : { ok: true, plan, docs };
}
