import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadState, saveState, scenarios, type BattleEvent, type BattleState } from "../../src/index.js";
import { playBattle, replay } from "../../src/battle/index.js";

const RULES = new URL("../../src/rules/", import.meta.url).pathname;

/** Every TypeScript file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** States of a random-bot battle of a built-in scenario, every `every` decisions, and its events. */
function played(id: scenarios.BuiltinScenarioId, seed: number, decisions: number): { states: BattleState[]; log: readonly BattleEvent[]; record: ReturnType<typeof playBattle>["record"] } {
  const states: BattleState[] = [];
  const out = playBattle(scenarios.builtinScenario(id), ["random", "random"], seed, { maxDecisions: decisions, onDecision: (s) => void states.push(s) });
  // The last decision may be followed by forced steps played automatically: end on the final state.
  if (states.at(-1) !== out.state) states.push(out.state);
  return { states, log: out.log, record: out.record };
}

describe("a state without history", () => {
  it("no file under src/rules reads an event log (facts the rules need are typed state)", () => {
    const files = sources(RULES);
    expect(files.length).toBeGreaterThan(50);
    const readers = files.filter((f) => {
      const text = readFileSync(f, "utf8").replace(/Math\.log\(|console\.log\(/g, "");
      return /\.log\b|\["log"\]|\bphaseEvents\b/.test(text);
    });
    expect(readers).toEqual([]);
  });

  it("apply numbers events on from eventSeq, and replay rebuilds every event of the battle", () => {
    const { states, log, record } = played("reverse-slope", 4, 300);
    expect(log.length).toBeGreaterThan(100);
    expect(log.every((e, i) => e.seq === i)).toBe(true);
    expect(states.at(-1)?.eventSeq).toBe(log.length);
    const r = replay(record);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.events).toEqual(log);
    expect(r.value.states.at(-1)).toEqual(states.at(-1));
    // Each action's events sit between its start and the next one's.
    const i = Math.floor(record.actions.length / 2);
    const mine = r.value.events.slice(r.value.eventStart[i], r.value.eventStart[i + 1]);
    expect(mine.every((e) => e.seq >= (r.value.states[i]?.eventSeq ?? -1) && e.seq < (r.value.states[i + 1]?.eventSeq ?? -1))).toBe(true);
  });

  it("the saved state stays about its starting size however long the battle runs", () => {
    const { states } = played("quatre-bras", 9, 1500);
    const first = saveState(states[0] as BattleState).length;
    const sizes = states.map((s) => saveState(s).length);
    expect(Math.max(...sizes)).toBeLessThan(first * 1.25);
  });
});

describe("canonical saves", () => {
  const battles = (["quatre-bras", "reverse-slope", "skirmish-screen"] as const).map((id, i) => played(id, 20 + i, 250).states);

  it("saveState(loadState(t)) === t for states of played battles", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: battles.length - 1 }), fc.nat(), (b, k) => {
        const states = battles[b] as BattleState[];
        const t = saveState(states[k % states.length] as BattleState);
        const loaded = loadState(t);
        expect(loaded.ok).toBe(true);
        if (loaded.ok) expect(saveState(loaded.value)).toBe(t);
      }),
      { numRuns: 200, seed: 20 },
    );
  });

  it("the saved text does not depend on the order of the state's keys", () => {
    const s = battles[0]?.at(-1) as BattleState;
    const reversed = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reversed) : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)])) : v;
    expect(saveState(reversed(s) as BattleState)).toBe(saveState(s));
  });
});
