/** `fusillade merge <shards...>`: combine shard files of one study into its result, exactly. */
import { builtinExperiments, checkShards, mergeShards, studyResult } from "../../analysis/index.js";
import { UsageError, type Io } from "../io.js";
import { checkOutputs, readJsonFile, writeOutputs, type OutputOptions } from "./study.js";

/** Runs `merge`; returns the exit code. */
export async function mergeCommand(io: Io, files: readonly string[], o: OutputOptions): Promise<number> {
  if (files.length === 0) throw new UsageError("merge: give the shard files to merge");
  checkOutputs(io, o);
  // Every file is checked (shape, study, complete, tallies consistent) before any is merged.
  const checked = checkShards(
    files.map((f) => ({ label: f, value: readJsonFile(io, f, false).value })),
    builtinExperiments(),
  );
  if (!checked.ok) throw new UsageError(`${checked.message} (write shards with \`fusillade study <file> --shard k/n --json <file>\`)`);
  const { plan, docs } = checked;
  let merged: ReturnType<typeof mergeShards>;
  try {
    merged = mergeShards(plan, docs);
  } catch (e) {
    // Checked tallies merge exactly; only sums past 2^53 can still fail.
    throw new UsageError(`merge: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!merged.ok) throw new UsageError(merged.message);
  const first = docs[0];
  if (first === undefined) throw new UsageError("merge: give the shard files to merge");
  const doc = studyResult(plan, merged.outcome, first.engine, o.timing ? { wallTimeMs: merged.wallTimeMs, workers: 1, shards: docs.length } : undefined);
  await writeOutputs(io, doc, o);
  return 0;
}
