import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import { memoryIo } from "./helpers.js";

describe("fusillade tournament", () => {
  it("plays a round robin with sides swapped and prints win rates with Wilson intervals; --json gives the games", async () => {
    const io = memoryIo();
    expect(await runCli(["tournament", "--bots", "random,greedy", "--scenarios", "whn:reverse-slope", "--pairs", "1", "--greedy-budget", "4", "--json"], io)).toBe(0);
    const doc = JSON.parse(io.out.join("")) as { rows: { scenario: string; games: number; winsA: number; winsB: number; draws: number; low: number; high: number }[]; games: { firstSeat: number }[] };
    expect(doc.rows.map((r) => r.scenario)).toEqual(["whn:reverse-slope", "all"]);
    const r = doc.rows[0];
    expect(r?.games).toBe(2);
    expect((r?.winsA ?? 0) + (r?.winsB ?? 0) + (r?.draws ?? 0)).toBe(2);
    expect(r?.low).toBeLessThanOrEqual(r?.high ?? 0);
    expect(doc.games.map((g) => g.firstSeat)).toEqual([0, 1]);
    const text = memoryIo();
    expect(await runCli(["tournament", "--bots", "random,random", "--scenarios", "whn:reverse-slope", "--pairs", "1", "-q"], text)).toBe(0);
    expect(text.out.join("")).toMatch(/random vs random\s+whn:reverse-slope\s+2 /);
    expect(text.out.join("")).toMatch(/\[0\.\d\d, [01]\.\d\d\]/);
    expect(await runCli(["tournament", "--bots", "random,oracle"], memoryIo())).toBe(2);
    expect(await runCli(["tournament", "--scenarios", "whn:atlantis"], memoryIo())).toBe(2);
  }, 60_000);

  it("--search-budget makes the search reproducible and the output counts its playouts a decision", async () => {
    const run = async () => {
      const io = memoryIo();
      expect(await runCli(["tournament", "--bots", "random,search", "--scenarios", "whn:cavalry-clash", "--pairs", "1", "--search-budget", "2", "--json"], io)).toBe(0);
      return JSON.parse(io.out.join("")) as { games: unknown[]; search: { decisions: number; playouts: number } };
    };
    const a = await run();
    expect(a.search.decisions).toBeGreaterThan(0);
    expect(a.search.playouts).toBeGreaterThan(0);
    expect(a.search.playouts).toBeLessThanOrEqual(2 * a.search.decisions);
    expect((await run()).games).toEqual(a.games);
  }, 120_000);
});
