import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./helpers.js";

function chromiumPath(): string | null {
  for (const p of ["/usr/bin/chromium", "/usr/bin/chromium-browser"]) if (existsSync(p)) return p;
  try {
    return execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

const browser = chromiumPath();
if (browser === null) console.warn("report.test: Debian chromium not found (apt-get install -y chromium): the browser check is skipped");

describe("fusillade study --report", () => {
  it("writes a self-contained HTML report whose SVG charts render in headless Chromium", async (ctx) => {
    const io = memoryIo();
    expect(await runCli(["study", "musketry-by-formation", "--n", "400", "--chunk", "200", "--report", "report.html", "-q"], io)).toBe(0);
    const html = readFileSync(join(io.dir, "report.html"), "utf8");
    expect(html).not.toMatch(/<script(?![^>]*application\/json)/); // no scripts to run, nothing fetched
    expect((html.match(/<svg/g) ?? []).length).toBeGreaterThanOrEqual(4);
    if (browser === null) return ctx.skip();
    const b = await chromium.launch({ executablePath: browser, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
    try {
      const page = await b.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(pathToFileURL(join(io.dir, "report.html")).href);
      const charts = await page.$$eval("figure.chart", (figs) =>
        figs.map((f) => {
          const svg = f.querySelector("svg");
          const box = svg?.getBoundingClientRect();
          return { w: box?.width ?? 0, h: box?.height ?? 0, marks: svg?.querySelectorAll("g.mark-line path, g.mark-symbol path, g.mark-rect path, g.mark-rule line").length ?? 0, caption: f.querySelector("figcaption")?.textContent ?? "" };
        }),
      );
      expect(errors).toEqual([]);
      expect(charts.length).toBeGreaterThanOrEqual(4);
      for (const c of charts) {
        expect(c.w, c.caption).toBeGreaterThan(100);
        expect(c.h, c.caption).toBeGreaterThan(50);
        expect(c.marks, c.caption).toBeGreaterThan(0);
      }
      expect(charts.map((c) => c.caption)).toEqual(expect.arrayContaining([expect.stringMatching(/against range/), expect.stringMatching(/^Distribution of/)]));
    } finally {
      await b.close();
    }
  }, 60_000);
});
