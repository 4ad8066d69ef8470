/**
 * Rule tests for survivors of the fresh seed-5 sample of src/rules/whn/morale (#17,
 * docs/guides/trust.md "Seed 5, fresh: … (2 Dec 2026, sixth session)"): each case fails with its
 * mutant applied to the source by hand.
 */
import { describe, expect, it } from "vitest";
import { formatViolation } from "../../src/index.js";
import { panicTest } from "../../src/rules/whn/morale/panic.js";
import { makeContext } from "../../src/engine/apply.js";
import { roller } from "../../src/dice/index.js";
import { battalion, battle } from "../fixtures/morale.js";

describe("messages of morale refusals (morale/messages.ts)", () => {
  it("CORE-CHAR-1 / CORE-RALLY-4: a character out of reach, a character on a unit and a reform off the table are each named (messages.ts:16, :28, :30)", () => {
    expect(formatViolation({ code: "morale/out_of_reach", rule: "CORE-CHAR-1", character: "ney", distance: 7.456, max: 6 } as never)).toBe('That is 7.46" away; the character has 6.00" of movement left. [CORE-CHAR-1]');
    expect(formatViolation({ code: "morale/overlaps_unit", rule: "CORE-CHAR-1", character: "ney", unit: "gb-1" } as never)).toBe("The character would stand on unit gb-1. [CORE-CHAR-1]");
    expect(formatViolation({ code: "morale/reform_off_table", rule: "CORE-RALLY-4", unit: "fr-1" } as never)).toBe("Reformed that way, unit fr-1 would stand off the table. [CORE-RALLY-4]");
  });
});

describe("a Panic test of a unit that is not there (morale/panic.ts panicTest)", () => {
  it("CORE-PANIC-1: asking for the Panic test of an unknown unit is a programming error that names the unit (panic.ts:66)", () => {
    const s = battle([battalion("a", "fr")]);
    const { ctx } = makeContext(s, roller(s.dice));
    expect(() => panicTest(s, "ghost" as never, ctx, { kind: "casualties" } as never)).toThrow('panicTest: unknown unit "ghost"');
  });
});
