import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { finalState, loadRecord } from "../../src/battle/index.js";
import { checkState, stateHash } from "../../src/trust/index.js";

/**
 * Golden battles: saved records whose replay must reproduce the same final state, hash for hash.
 * A change here is a change to the dice sequence or to the rules: a major version with a changeset,
 * and the goldens regenerated on purpose (`npx tsx test/golden/generate.ts`).
 */
const DIR = new URL("./", import.meta.url);
const GOLDENS = readdirSync(DIR).filter((f) => f.endsWith(".json"));

describe("golden replays", () => {
  it("has goldens of both rulesets", () => {
    const rulesets = GOLDENS.map((f) => (JSON.parse(readFileSync(new URL(f, DIR), "utf8")) as { record: { setup: { ruleset?: string } } }).record.setup.ruleset ?? "whn");
    expect(new Set(rulesets)).toEqual(new Set(["whn", "fnf"]));
  });

  for (const file of GOLDENS) {
    it(`CORE-TURN-1: ${file} replays to the same final state hash`, () => {
      const golden = JSON.parse(readFileSync(new URL(file, DIR), "utf8")) as { record: unknown; actions: number; finalHash: string };
      const record = loadRecord(golden.record);
      expect(record.ok).toBe(true);
      if (!record.ok) return;
      expect(record.value.actions.length).toBe(golden.actions);
      const final = finalState(record.value);
      expect(final.ok).toBe(true);
      if (!final.ok) return;
      expect(stateHash(final.value)).toBe(golden.finalHash);
      expect(checkState(final.value)).toEqual([]);
    });
  }

  it("the state hash ignores key order and sees every value", () => {
    expect(stateHash({ a: 1, b: [1, 2] })).toBe(stateHash({ b: [1, 2], a: 1 }));
    expect(stateHash({ a: 1 })).not.toBe(stateHash({ a: 2 }));
    expect(stateHash([1, 2])).not.toBe(stateHash([2, 1]));
  });
});
