// Lists every mutant Stryker would make in the given source files, without running anything
// (the instrumenter alone: parse + mutate, about a second per thousand lines).
// `node stryker/enumerate.mjs file.ts ...` prints JSON lines { file, key, mutatorName, replacement, line }.
import { readFileSync } from "node:fs";
import { Instrumenter } from "@stryker-mutator/instrumenter";

const quiet = { isDebugEnabled: () => false, isTraceEnabled: () => false, isInfoEnabled: () => false, isWarnEnabled: () => false, isErrorEnabled: () => true, isFatalEnabled: () => true, trace() {}, debug() {}, info() {}, warn() {}, error: console.error, fatal: console.error };

/** One stable key per mutant: file, 0-based location, mutator and replacement (what Stryker's incremental mode keys on too). */
export function mutantKey(file, m) {
  const l = m.location;
  return `${file}@${l.start.line}:${l.start.column}-${l.end.line}:${l.end.column}#${m.mutatorName}#${m.replacement}`;
}

export async function enumerate(files, { excludedMutations = [] } = {}) {
  const instrumenter = new Instrumenter(quiet);
  const out = [];
  for (const file of files) {
    const { mutants } = await instrumenter.instrument(
      [{ name: file, content: readFileSync(file, "utf8"), mutate: true }],
      { plugins: null, excludedMutations, ignorers: [] },
    );
    for (const m of mutants) {
      if (m.status === "Ignored") continue;
      out.push({ file, key: mutantKey(file, m), mutatorName: m.mutatorName, replacement: m.replacement, line: m.location.start.line + 1 });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const list = await enumerate(process.argv.slice(2));
  for (const m of list) console.log(JSON.stringify(m));
}
