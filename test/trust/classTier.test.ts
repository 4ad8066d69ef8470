/**
 * Issue 17, "one error type at the boundary", for the exported classes: a constructor or method
 * handed a wrong argument throws a FusilladeError (the library's one error type), never a raw
 * TypeError or RangeError; the study scheduler's progress counts the samples it will really run.
 */
import { describe, expect, it } from "vitest";
import { builtinExperiments, parseStudy, planStudy, runChunk, runPlanSync, Scheduler, StudySetupError, type Plan, type Progress } from "../../src/analysis/index.js";
import { DiceScriptExhaustedError, Dist, roller, scriptedDice } from "../../src/dice/index.js";
import { FusilladeError } from "../../src/engine/violation.js";
import { Rng } from "../../src/trust/fuzz/rng.js";

/** A Proxy whose every trap throws: what a reactive store might hand over, at its worst. */
const hostile = new Proxy({}, { get: () => { throw new Error("trap"); }, has: () => { throw new Error("trap"); }, getPrototypeOf: () => { throw new Error("trap"); } });

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("the class tier throws only FusilladeError", () => {
  it("FusilladeError itself: a hostile message or options still make the typed error", () => {
    const e = new FusilladeError("engine/misuse", hostile as never, hostile as never);
    expect(e).toBeInstanceOf(FusilladeError);
    expect(e.code).toBe("engine/misuse");
    expect(e.message).toBe("(unprintable message)");
    expect(new FusilladeError("engine/misuse", "m", { cause: 3 }).cause).toBe(3);
  });

  it("DiceScriptExhaustedError is a FusilladeError with code dice/script_exhausted, thrown by scripted dice", () => {
    const dice = roller(scriptedDice([4]));
    expect(dice.d6()).toBe(4);
    const e = thrown(() => dice.d6());
    expect(e).toBeInstanceOf(DiceScriptExhaustedError);
    expect(e).toBeInstanceOf(FusilladeError);
    expect((e as FusilladeError).code).toBe("dice/script_exhausted");
    expect((e as DiceScriptExhaustedError).kind).toBe("d6");
    expect((e as DiceScriptExhaustedError).draws).toBe(1);
    expect(new DiceScriptExhaustedError("angle", hostile as never).message).toBe("scripted dice: the angles script is exhausted (after NaN draws)");
  });

  it("Dist: new from outside, non-arrays, non-functions and non-distributions are engine/misuse", () => {
    const D = Dist as unknown as new (...a: unknown[]) => Dist;
    for (const args of [[null], [[1], [1]], [hostile, hostile]]) expect(thrown(() => new D(...args))).toMatchObject({ code: "engine/misuse" });
    const d6 = Dist.d6();
    const cases: (() => unknown)[] = [
      () => Dist.uniform(null as never),
      () => Dist.uniform(hostile as never),
      () => Dist.uniform([]),
      () => Dist.fromEntries(null as never),
      () => Dist.fromEntries(hostile as never),
      () => Dist.fromEntries([5 as never]),
      () => Dist.fromEntries([[1, 0.5]]),
      () => Dist.nd6(2.5),
      () => d6.map(null as never),
      () => d6.chain(() => 3 as never),
      () => d6.add({} as never),
      () => d6.compare(hostile as never),
      () => d6.probabilityOf("x" as never),
      () => d6.quantile(1.5),
    ];
    for (const c of cases) {
      const e = thrown(c);
      expect(e, String(c)).toBeInstanceOf(FusilladeError);
      expect((e as FusilladeError).code).toBe("engine/misuse");
    }
    // The good paths are unchanged.
    expect(Dist.fromEntries([[1, 0.25], [2, 0.75]]).mean()).toBe(1.75);
    expect(d6.add(d6).pEqual(7)).toBeCloseTo(1 / 6, 15);
  });

  it("Dice.nd6 with a bad count is engine/misuse", () => {
    const dice = roller(scriptedDice([1, 2]));
    expect(thrown(() => dice.nd6(-1))).toMatchObject({ code: "engine/misuse", message: "Dice.nd6: the number of dice must be a non-negative integer, got -1" });
  });

  it("Rng (the fuzzer's generator) refuses a seed that is not a safe integer", () => {
    for (const s of [hostile, 0.5, Number.NaN, "1"]) expect(thrown(() => new Rng(s as never))).toMatchObject({ code: "engine/misuse" });
    expect(new Rng(7).next()).toBe(new Rng(7).next());
  });

  it("StudySetupError is a FusilladeError with code study/setup", () => {
    const e = new StudySetupError("cell x=1: cannot set up");
    expect(e).toBeInstanceOf(FusilladeError);
    expect(e.code).toBe("study/setup");
    expect(e.name).toBe("StudySetupError");
  });

  it("Scheduler: a plan or options not made by planStudy are engine/misuse; a stop rule with shards stays StudySetupError", () => {
    const S = Scheduler as unknown as new (...a: unknown[]) => Scheduler;
    for (const args of [[null, {}], [hostile, {}], [{}, null], [{ cells: 3 }, {}]]) expect(thrown(() => new S(...args))).toMatchObject({ code: "engine/misuse" });
    const stop = plan({ name: "s", experiment: "whn/leadership", stop: { metric: "passed", halfWidth: 0.1, minN: 10, maxN: 100 }, chunk: 10, seed: 1, base: { ld: 7 } });
    const e = thrown(() => new Scheduler(stop, { chunks: [[0]] }));
    expect(e).toBeInstanceOf(StudySetupError);
  });
});

function plan(input: unknown): Plan {
  const s = parseStudy(input as never);
  if (!s.ok) throw new Error(JSON.stringify(s.issues));
  const p = planStudy(s.study, builtinExperiments());
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.plan;
}

describe("study progress", () => {
  it("the total is the samples the listed chunks hold: n = 250 in chunks of 100 is 250 a cell, and the last report is 100 %", () => {
    const p = plan({ name: "v", experiment: "whn/leadership", n: 250, chunk: 100, seed: 3, sweep: { ld: [6, 8] } });
    const seen: Progress[] = [];
    runPlanSync(p, (u) => runChunk(p, u.cell, u.chunk), { onProgress: (x) => seen.push(x) });
    expect(seen.at(-1)).toEqual({ done: 500, total: 500 });
    expect(new Scheduler(p, { chunks: [[2], [0, 2]] }).progress()).toEqual({ done: 0, total: 50 + 150 });
  });
});
