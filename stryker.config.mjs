// Stryker configuration for `npm run mutate` (scripts/mutate.mjs sets the environment below).
// FUSILLADE_MUTATE: comma-separated globs of source files to mutate.
// FUSILLADE_MUTATE_SLUG: name of the report and incremental files under reports/mutation/.
const mutate = (process.env.FUSILLADE_MUTATE ?? "src/rules/**/*.ts").split(",");
const slug = process.env.FUSILLADE_MUTATE_SLUG ?? "rules";
// FUSILLADE_MUTATE_SAMPLE: a sample file from scripts/mutate-sample.mjs; only its mutants are run.
const sample = process.env.FUSILLADE_MUTATE_SAMPLE || "";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  ...(sample ? { appendPlugins: ["./stryker/sample-checker.mjs"], checkers: ["sample"] } : {}),
  vitest: { configFile: "vitest.mutate.config.ts", related: false },
  mutate,
  // Two cores are shared by many processes: one test runner, tests chosen per mutant.
  concurrency: 1,
  coverageAnalysis: "perTest",
  // Static mutants (module-level constants) would rerun every test for each one.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/mutation/${slug}.incremental.json`,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 80, break: null },
};
