import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { applyTrusted, legalActions, loadState, saveState, SCHEMA_VERSION, type BattleState } from "../../src/index.js";
import { loadRecord, replay } from "../../src/battle/index.js";

/** A version-1 save and the record that leads to it (test/fixtures/v1, made by the engine before version 2). */
const fixture = JSON.parse(readFileSync(new URL("../fixtures/v1/skirmish-screen-8.json", import.meta.url), "utf8")) as {
  record: unknown;
  state: { schemaVersion: number; log: { type: string }[] };
};

/** The state the current engine reaches by replaying the fixture's record. */
function replayed(): BattleState {
  const record = loadRecord(JSON.stringify(fixture.record));
  if (!record.ok) throw new Error(JSON.stringify(record.error));
  const r = replay(record.value);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.states.at(-1) as BattleState;
}

/** Plain data with every number rounded to 1e-9 (last-bit differences between math libraries vanish). */
function rounded(v: unknown): unknown {
  if (typeof v === "number") return Math.round(v * 1e9) / 1e9;
  if (Array.isArray(v)) return v.map(rounded);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rounded(x)]));
  return v;
}

describe("version-1 saves", () => {
  it("the fixture is a version-1 save with its event log", () => {
    expect(fixture.state.schemaVersion).toBe(1);
    expect(fixture.state.log.filter((e) => e.type === "charge/declared")).toHaveLength(3);
  });

  it("load as version 2: the log dropped, eventSeq its length, the turn facts derived from it", () => {
    const loaded = loadState(JSON.stringify(fixture.state));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const s = loaded.value;
    expect(s.schemaVersion).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(2);
    expect("log" in s).toBe(false);
    expect(s.eventSeq).toBe(fixture.state.log.length);
    expect(s.facts.movement.charges).toHaveLength(3);
    expect(Object.keys(s.facts.fleeRolls)).toHaveLength(1);
    // The state the current engine reaches by playing the same actions. The fixture was saved before
    // the core's deterministic math (src/math), so lengths and angles may differ in their last bits.
    expect(rounded(JSON.parse(saveState(s)))).toEqual(rounded(JSON.parse(saveState(replayed()))));
  });

  it("play on from a migrated save exactly as from the state the current engine reached", () => {
    const loaded = loadState(JSON.stringify(fixture.state));
    if (!loaded.ok) throw new Error("the fixture loads");
    let a = loaded.value;
    let b = replayed();
    for (let i = 0; i < 40 && a.result === null; i++) {
      const actions = legalActions(a);
      const pick = actions[(i * 7) % actions.length];
      if (pick === undefined) break;
      const ra = applyTrusted(a, pick);
      const rb = applyTrusted(b, pick);
      expect(ra.ok && rb.ok).toBe(true);
      if (!ra.ok || !rb.ok) return;
      expect(ra.events).toEqual(rb.events);
      a = ra.state;
      b = rb.state;
    }
    expect(saveState(a)).toBe(saveState(b));
  });
});
