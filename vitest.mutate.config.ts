// Vitest configuration used by `npm run mutate` only (Stryker's vitest runner loads it).
// The test files come from FUSILLADE_MUTATE_TESTS (comma-separated folders or files), so each
// mutant runs against the tests of the rules under mutation rather than the whole suite.
import { defineConfig } from "vitest/config";

const roots = (process.env.FUSILLADE_MUTATE_TESTS ?? "test")
  .split(",")
  .map((root) => root.trim().replace(/\/+$/, ""))
  .filter((root) => root.length > 0);

export default defineConfig({
  test: {
    include: roots.map((root) => (root.endsWith(".test.ts") ? root : `${root}/**/*.test.ts`)),
    // Whole battles played by bots cover most rule code but assert only that play goes on: they
    // would run for nearly every mutant and kill next to none, so mutation runs leave them out.
    exclude: ["**/node_modules/**", "test/fnf/selfplay.test.ts", "test/bots/**", "test/golden/**"],
    testTimeout: 60_000,
    // Stryker switches mutants through a global, so the engine's modules can stay loaded between
    // runs: re-importing them for every mutant costs far more than the tests themselves.
    isolate: false,
  },
});
