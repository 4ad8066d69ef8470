import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { campaignBattle, replayVerdict, walkBattle, type FuzzRecord } from "../../src/trust/index.js";

/**
 * Legal-play walks (issue 17): the minimal records of the breaches the walks found, each replayed
 * with the whole catalogue after every step, and a fixed-seed slice of the walk itself.
 */
const DIR = new URL("./walks/", import.meta.url);

interface WalkFinding {
  readonly rule: string;
  readonly description: string;
  readonly signature: string;
  readonly record: FuzzRecord;
}

describe("legal-play walk findings (minimal records)", () => {
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json")).sort()) {
    const f = JSON.parse(readFileSync(new URL(file, DIR), "utf8")) as WalkFinding;
    it(`${f.rule}: ${f.description} (${file}, was ${f.signature})`, () => {
      expect(f.record.actions.length).toBeGreaterThan(0);
      expect(replayVerdict(f.record)).toBeNull();
    });
  }
});

/** The fixed-seed slice of `npm run fuzz -- --mode walk` that `npm test` runs. */
const SEED = 17;
const BATTLES = 16;

describe("legal-play walks (fixed-seed slice)", () => {
  it(`plays ${BATTLES} whole battles with listed actions only, the catalogue holding after every step (full-cost invariants every 10)`, () => {
    const t0 = performance.now();
    const totals = { steps: 0, checks: 0, finished: 0, rulesets: new Set<string>(), bots: new Set<string>() };
    const failures: string[] = [];
    for (let i = 0; i < BATTLES; i++) {
      const b = campaignBattle(i, SEED);
      const r = walkBattle(b, (Math.imul(SEED, 1_000_003) + i) >>> 0, { fullEvery: 10, maxDecisions: 250 });
      totals.steps += r.steps;
      totals.checks += r.checks;
      if (r.stopped === "finished") totals.finished++;
      totals.rulesets.add(b.setup.ruleset ?? "whn");
      for (const k of r.bots) totals.bots.add(k);
      if (r.failure !== null) failures.push(`${b.name} (index ${i}): ${r.failure.signature}: ${r.failure.message}\nrecord: ${JSON.stringify(r.failure.record)}`);
    }
    console.log(`walk slice: ${BATTLES} battles, ${totals.steps} steps, ${totals.checks} invariant checks, ${totals.finished} finished, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    expect(failures, failures.join("\n\n")).toEqual([]);
    expect(totals.steps).toBeGreaterThan(BATTLES * 20);
    expect([...totals.rulesets].sort()).toEqual(["core", "fnf", "whn"]);
    expect([...totals.bots].sort()).toEqual(["greedy", "random", "search"]);
  }, 120_000);
});
