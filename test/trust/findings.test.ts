import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { replayVerdict, type FuzzRecord } from "../../src/trust/index.js";
import { KNOWN_FAILURES } from "./known.js";

/**
 * The minimal replays of the bugs the fuzzer found in other modules. Each still fails the way it
 * was reported; once its owner fixes it, this test fails: delete the file and its KNOWN_FAILURES entry.
 */
const DIR = new URL("./findings/", import.meta.url);

describe("fuzzer findings (minimal replays, reported)", () => {
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json"))) {
    it(`${file} still reproduces its reported failure`, () => {
      const f = JSON.parse(readFileSync(new URL(file, DIR), "utf8")) as { signature: string; record: FuzzRecord };
      expect(Object.hasOwn(KNOWN_FAILURES, f.signature)).toBe(true);
      expect(replayVerdict(f.record)?.signature).toBe(f.signature);
    });
  }
});
