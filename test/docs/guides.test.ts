import { describe, expect, it, vi } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_OPTIONS } from "../../src/index.js";
import { RULE_IDS } from "../../src/rules/ruleIds.js";

const ROOT = join(import.meta.dirname, "..", "..");
const GUIDES = join(ROOT, "docs", "guides");
const SNIPPETS = join(import.meta.dirname, "snippets");
/** The guides this suite keeps honest (architecture.md is the kernel's own). */
const CHECKED = ["getting-started.md", "concepts.md", "app-integration.md", "writing-a-bot.md", "options.md"];

const read = (p: string): string => readFileSync(p, "utf8");
/** A snippet as the guides print it: imported from the package, as a user writes it. */
const asPrinted = (file: string): string => read(join(SNIPPETS, file)).replaceAll('"./fusillade.js"', '"fusillade"').trimEnd();
const snippets = readdirSync(SNIPPETS).filter((f) => f.endsWith(".ts") && f !== "fusillade.ts");
const tsBlocks = (md: string): string[] => [...md.matchAll(/```ts\n([\s\S]*?)\n```/g)].map((m) => m[1]!.trimEnd());

/** Runs a snippet module (quietly) and returns its exports. */
async function run(file: string): Promise<Record<string, unknown>> {
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    return (await import(`./snippets/${file.replace(/\.ts$/, ".js")}`)) as Record<string, unknown>;
  } finally {
    log.mockRestore();
  }
}

describe("the guides", () => {
  it.each(CHECKED.map((g) => [g]))("%s: every TypeScript example is a snippet that the tests compile and run", (guide) => {
    const printed = new Set(snippets.map(asPrinted));
    for (const block of tsBlocks(read(join(GUIDES, guide)))) expect(printed.has(block), `a \`\`\`ts block of ${guide} is not in test/docs/snippets:\n${block}`).toBe(true);
  });

  it("getting started: build a battle, apply an action and render SVG, each in under 20 lines", () => {
    const blocks = tsBlocks(read(join(GUIDES, "getting-started.md")));
    expect(blocks).toEqual(["build-a-battle.ts", "apply-an-action.ts", "render-svg.ts"].map(asPrinted));
    for (const b of blocks) expect(b.split("\n").length).toBeLessThan(20);
  });

  it("CORE-TURN-1: the build-a-battle snippet gives the first state of a battle", async () => {
    const { state } = await run("build-a-battle.ts");
    expect(state).toMatchObject({ turn: { gameTurn: 1, activeSide: "fr" }, result: null });
  });

  it("CORE-TURN-2: the apply-an-action snippet advances, and the refused action is a violation", async () => {
    const { last, choices } = await run("apply-an-action.ts");
    expect(last).toMatchObject({ turn: { phase: "movement" } });
    expect(choices).toContainEqual({ type: "turn/advance" });
  });

  it("the render snippet gives an SVG document", async () => {
    const { svg } = await run("render-svg.ts");
    expect(String(svg)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);
  });

  it("the concepts snippets run: state is data, dice and exact odds, decisions", async () => {
    expect((await run("state-is-data.ts"))["same"]).toBe(true);
    const dice = await run("dice-and-odds.ts");
    expect(dice["pass"]).toBeCloseTo(21 / 36, 12);
    const decided = await run("decisions.ts");
    expect(decided["final"]).toMatchObject({ schemaVersion: 2 });
  });

  it("the app and bot snippets run", async () => {
    const app = await run("app-undo.ts");
    expect(typeof app["play"]).toBe("function");
    const bots = await run("random-bot.ts");
    expect(typeof bots["randomBot"]).toBe("function");
    expect(typeof (await run("greedy-bot.ts"))["greedyBot"]).toBe("function");
    await run("options.ts");
  });

  it("options.md lists every rules option with its default", () => {
    const md = read(join(GUIDES, "options.md"));
    const leaves = (o: unknown, p = ""): Array<[string, unknown]> =>
      o !== null && typeof o === "object" ? Object.entries(o).flatMap(([k, v]) => leaves(v, p === "" ? k : `${p}.${k}`)) : [[p, o]];
    for (const [key, value] of leaves(DEFAULT_OPTIONS)) expect(md).toContain(`| \`${key}\` | \`${JSON.stringify(value)}\` |`);
    expect(md).toContain("| AMB-01 |");
  });

  it("coverage.md lists every rule id of the specification", () => {
    const md = read(join(GUIDES, "coverage.md"));
    for (const id of RULE_IDS) expect(md).toContain(`| ${id} |`);
  });
});
