import { describe, expect, it } from "vitest";
import { loadReport } from "../../src/cli/loadReport.js";
import { UsageError } from "../../src/cli/io.js";

// vega and vega-lite are optional peer dependencies: without them, a chart option is a usage error
// that says what to install, not a stack trace.
describe("loadReport", () => {
  it("loads the report module when vega is installed (a devDependency here)", async () => {
    const m = await loadReport("--report");
    expect(typeof m.studyReport).toBe("function");
  });

  it("turns a missing vega into a UsageError naming the option and the install command", async () => {
    const missing = Object.assign(new Error("Cannot find package 'vega'"), { code: "ERR_MODULE_NOT_FOUND" });
    const e = await loadReport("--svg", () => Promise.reject(missing)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).toContain("--svg");
    expect((e as Error).message).toContain("npm i vega@6 vega-lite@6");
  });

  it("passes any other failure through unchanged", async () => {
    const other = new TypeError("boom");
    await expect(loadReport("--report", () => Promise.reject(other))).rejects.toBe(other);
  });
});
