// A Stryker "checker" that lets through only the mutants of a seeded sample (scripts/mutate-sample.mjs
// writes the sample file named by FUSILLADE_MUTATE_SAMPLE). Every other mutant is reported as a
// compile error with the reason "not in the sample": Stryker never runs a test for it and leaves it
// out of its score, so one run measures the sample only.
import { readFileSync } from "node:fs";
import { PluginKind, declareClassPlugin } from "@stryker-mutator/api/plugin";

export const NOT_SAMPLED = "not in the sample";

function key(m) {
  const file = m.fileName.split("\\").join("/");
  const at = file.lastIndexOf("src/");
  const l = m.location;
  return `${at >= 0 ? file.slice(at) : file}@${l.start.line}:${l.start.column}-${l.end.line}:${l.end.column}#${m.mutatorName}#${m.replacement}`;
}

class SampleChecker {
  sample = new Set();
  async init() {
    const path = process.env.FUSILLADE_MUTATE_SAMPLE;
    if (!path) throw new Error("sample checker: FUSILLADE_MUTATE_SAMPLE is not set");
    this.sample = new Set(JSON.parse(readFileSync(path, "utf8")).keys);
  }
  async check(mutants) {
    const out = {};
    for (const m of mutants) out[m.id] = this.sample.has(key(m)) ? { status: "passed" } : { status: "compileError", reason: NOT_SAMPLED };
    return out;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Checker, "sample", SampleChecker)];
