import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { ROOT, SKIP_REASON, launch, serve } from "./harness.js";
import { buildPlayground } from "../../scripts/build-playground.js";

const RULE_ID = /^(WHN|CORE|HR|FNF)-[A-Z]+-\d+[a-z]?$/;

async function snapshot(page: Page): Promise<{ svg: string; units: number; log: number; rules: string[]; status: string }> {
  return {
    svg: await page.locator("#board svg").evaluate((e) => e.outerHTML),
    units: await page.locator("#board g.unit").count(),
    log: await page.locator("#log li").count(),
    rules: await page.locator("#log li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-rule") ?? "")),
    status: (await page.locator("#status").textContent()) ?? "",
  };
}

describe.skipIf(SKIP_REASON !== null)("the playground page in headless chromium", () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    const code = await buildPlayground(null);
    server = await serve(join(ROOT, "docs", "playground"), { "/fusillade.js": code });
    browser = await launch();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("CORE-TURN-2: loads, steps phase by phase, and the picture and the event log change", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/index.html`);
    await page.waitForSelector("body[data-ready='true']", { timeout: 20_000 });
    expect(await page.locator("#scenario option").count()).toBeGreaterThanOrEqual(1);
    const first = await snapshot(page);
    expect(first.units).toBeGreaterThan(0);
    expect(first.log).toBeGreaterThan(0);

    await page.selectOption("#bot-0", "advance");
    await page.selectOption("#bot-1", "advance");
    for (let i = 0; i < 3; i++) await page.click("#step-phase");
    const later = await snapshot(page);
    expect(later.log).toBeGreaterThan(first.log);
    expect(later.svg).not.toBe(first.svg);
    expect(later.status).not.toBe(first.status);
    expect(later.rules.every((r) => RULE_ID.test(r))).toBe(true);
    expect(await page.locator("#log li .rule").first().textContent()).toMatch(RULE_ID);
    expect(await page.locator("#error").textContent()).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("plays another built-in scenario with the random bot and the engine's greedy bot", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/index.html`);
    await page.waitForSelector("body[data-ready='true']", { timeout: 20_000 });
    const ids = await page.locator("#scenario option").evaluateAll((os) => os.map((o) => o.getAttribute("value") ?? ""));
    await page.selectOption("#scenario", ids[ids.length - 1]!);
    const bots = await page.locator("#bot-1 option").evaluateAll((os) => os.map((o) => o.getAttribute("value") ?? ""));
    expect(bots).toEqual(expect.arrayContaining(["random", "advance"]));
    if (bots.includes("greedy")) await page.selectOption("#bot-1", "greedy");
    const first = await snapshot(page);
    for (let i = 0; i < 6; i++) await page.click("#step-action");
    const later = await snapshot(page);
    expect(later.log).toBeGreaterThan(first.log);
    expect(later.status).not.toBe(first.status);
    expect(await page.locator("#error").textContent()).toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });
});

it.runIf(SKIP_REASON !== null)("skips the playground tests with a reason", () => {
  console.warn(SKIP_REASON);
});
