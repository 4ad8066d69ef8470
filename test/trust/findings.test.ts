import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { replayVerdict, type FuzzRecord } from "../../src/trust/index.js";
import { KNOWN_FAILURES } from "./known.js";

/**
 * The minimal replays of the bugs the fuzzer found in other modules, kept as regression tests: a
 * replay whose signature is still listed in KNOWN_FAILURES must still fail that way (a reminder to
 * unlist it when fixed); every other replay must now keep every invariant.
 */
const DIR = new URL("./findings/", import.meta.url);

describe("fuzzer findings (minimal replays, reported)", () => {
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json"))) {
    it(`${file}: the reported failure is fixed (or still listed as known)`, () => {
      const f = JSON.parse(readFileSync(new URL(file, DIR), "utf8")) as { signature: string; record: FuzzRecord };
      if (Object.hasOwn(KNOWN_FAILURES, f.signature)) expect(replayVerdict(f.record)?.signature).toBe(f.signature);
      else expect(replayVerdict(f.record)).toBeNull();
    });
  }
});
