import { describe, expect, it, vi } from "vitest";
import { apply, legalActions, saveState, trust, type BattleState } from "../../src/index.js";
import { picker, referencePlay, ridgeBattle } from "./helpers.js";

describe("states from another copy of the library, and frozen states", () => {
  it("two copies of the engine play one battle by turns, each on the other's states", async () => {
    vi.resetModules();
    // A query string makes the bundler load the package a second time: another copy of the engine.
    // @ts-expect-error TypeScript does not resolve module specifiers with a query.
    const other = (await import("../../src/index.js?copy")) as typeof import("../../src/index.js");
    expect(other.apply).not.toBe(apply);
    const start = ridgeBattle(3);
    const reference = referencePlay(start, 11, 120);
    const pick = picker(11);
    let state: BattleState = start;
    for (let i = 0; i < reference.decisions; i++) {
      const engine = i % 2 === 0 ? other : { apply, legalActions };
      const r = engine.apply(state, pick(engine.legalActions(state)));
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      state = r.state;
    }
    expect(saveState(state)).toBe(saveState(reference.state));
  }, 240_000);

  it("deep-frozen states play as plain ones", () => {
    const start = ridgeBattle(3);
    const reference = referencePlay(start, 11, 120);
    const pick = picker(11);
    let state = trust.deepFreeze(start);
    for (let i = 0; i < reference.decisions; i++) {
      const r = apply(state, pick(legalActions(state)));
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      state = trust.deepFreeze(JSON.parse(saveState(r.state)) as BattleState);
    }
    expect(saveState(state)).toBe(saveState(reference.state));
  }, 240_000);
});
