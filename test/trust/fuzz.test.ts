import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { campaignBattle, fuzzBattle, shrinkRecord, type Failure } from "../../src/trust/index.js";
import { KNOWN_FAILURES } from "./known.js";

/** The fixed-seed fuzz budget of `npm test` (issue 13): at least 100 000 steps. */
const SEED = 13;
const STEPS_PER_BATTLE = 400;
const BATTLES = 250;

describe("model-based fuzzing of whole battles", () => {
  it(`plays ${BATTLES * STEPS_PER_BATTLE} fixed-seed steps over both rulesets with every invariant holding`, () => {
    const totals = { steps: 0, accepted: 0, refused: 0, invariants: 0, inputs: 0, rulesets: new Set<string>() };
    const found = new Map<string, Failure>();
    const t0 = performance.now();
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.array(fc.nat({ max: 0xffffffff }), { minLength: STEPS_PER_BATTLE, maxLength: STEPS_PER_BATTLE }), (index, words) => {
        const b = campaignBattle(index, SEED);
        const r = fuzzBattle(b.setup, words, { victory: b.victory, legalBudget: 2, fullEvery: 200 });
        totals.steps += r.steps;
        totals.accepted += r.accepted;
        totals.refused += r.refused;
        totals.invariants += r.invariantsChecked;
        totals.inputs += r.inputsTried;
        totals.rulesets.add(r.final?.ruleset ?? "none");
        for (const f of r.failures) if (!found.has(f.signature)) found.set(f.signature, f);
        return true;
      }),
      { seed: SEED, numRuns: BATTLES },
    );
    const seconds = (performance.now() - t0) / 1000;
    console.log(`fuzz budget: ${totals.steps} steps (${totals.accepted} applied, ${totals.refused} refused), ${totals.invariants} invariants checked, ${totals.inputs} inputs tried, ${seconds.toFixed(1)} s`);
    const unknown = [...found.values()].filter((f) => !Object.hasOwn(KNOWN_FAILURES, f.signature.split(":").slice(0, 2).join(":")));
    const report = unknown.map((f) => {
      const small = shrinkRecord(f.record, 60);
      return `${f.signature} (seed ${SEED}, step ${f.step}, probe ${f.probe ?? "-"}): ${f.message}\nreplay: ${JSON.stringify(small.record)}`;
    });
    expect(report, report.join("\n\n")).toEqual([]);
    expect(totals.steps).toBeGreaterThanOrEqual(100_000);
    expect([...totals.rulesets].sort()).toEqual(["core", "fnf", "whn"]);
  }, 600_000);
});
