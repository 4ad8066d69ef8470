/** `fusillade merge <shards...>`: combine shard files of one study into its result, exactly. */
import { builtinExperiments, mergeShards, planStudy, studyResult, type ShardDocument } from "../../analysis/index.js";
import { UsageError, type Io } from "../io.js";
import { ENGINE } from "../engine.js";
import { readJsonFile, writeOutputs, type OutputOptions } from "./study.js";

function isShard(v: unknown): v is ShardDocument {
  return typeof v === "object" && v !== null && (v as { format?: unknown }).format === "fusillade/study-shard@1";
}

/** Runs `merge`; returns the exit code. */
export async function mergeCommand(io: Io, files: readonly string[], o: OutputOptions): Promise<number> {
  if (files.length === 0) throw new UsageError("merge: give the shard files to merge");
  const docs: ShardDocument[] = files.map((f) => {
    const { value } = readJsonFile(io, f, false);
    if (!isShard(value)) throw new UsageError(`${f}: not a fusillade shard file (write one with \`fusillade study <file> --shard k/n\`)`);
    return value;
  });
  const first = docs[0] as ShardDocument;
  const planned = planStudy(first.study, builtinExperiments());
  if (!planned.ok) throw new UsageError(`${files[0] as string}: the study inside is invalid\n${planned.issues.map((i) => `  ${i.path}: ${i.message}`).join("\n")}`);
  const merged = mergeShards(planned.plan, docs);
  if (!merged.ok) throw new UsageError(merged.message);
  const doc = studyResult(planned.plan, merged.outcome, first.engine, o.timing ? { wallTimeMs: merged.wallTimeMs, workers: 1, shards: docs.length } : undefined);
  await writeOutputs(io, doc, o);
  return 0;
}
