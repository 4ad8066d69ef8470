import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyTrusted, legalActions, type Action, type BattleState } from "../../src/index.js";
import { loadRecord, newRecord, playAction, recordAction, replay, saveRecord, startBattle, undo, RECORD_VERSION, type BattleRecord } from "../../src/battle/index.js";
import { botRng, randomBot } from "../../src/bots/index.js";
import { chargeSetup } from "./helpers.js";

/** Plays `n` random-bot decisions from a setup seed, returning the record and every state. */
function randomRecord(seed: number, n: number): { record: BattleRecord; states: BattleState[] } {
  const setup = { ...chargeSetup(), seed };
  const start = startBattle(setup, null);
  if (!start.ok) throw new Error("setup");
  let record = newRecord(setup, null);
  const states = [start.value];
  let s = start.value;
  for (let i = 0; i < n && s.turn.phase !== "finished"; i++) {
    const a = randomBot(s, seed * 1000 + i);
    const r = playAction(s, a, null, true);
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    s = r.state;
    states.push(s);
    record = recordAction(record, a);
  }
  return { record, states };
}

describe("replay and undo", () => {
  it("replaying setup, seed and actions gives byte-identical states", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 5, max: 25 }), (seed, n) => {
        const { record, states } = randomRecord(seed, n);
        const text = saveRecord(record);
        const loaded = loadRecord(text);
        expect(loaded.ok).toBe(true);
        if (!loaded.ok) return;
        const r = replay(loaded.value);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.states.length).toBe(states.length);
        for (const [i, st] of states.entries()) expect(JSON.stringify(r.value.states[i])).toBe(JSON.stringify(st));
      }),
      { seed: 8, numRuns: 6 },
    );
  });

  it("undo, then the same action again, gives the same state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 2, max: 20 }), (seed, n) => {
        const { record, states } = randomRecord(seed, n);
        const back = undo(record);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.value.record.actions.length).toBe(record.actions.length - 1);
        expect(JSON.stringify(back.value.state)).toBe(JSON.stringify(states[states.length - 2]));
        const last = record.actions[record.actions.length - 1] as Action;
        const again = playAction(back.value.state, last, null, true);
        expect(again.ok).toBe(true);
        if (again.ok) expect(JSON.stringify(again.state)).toBe(JSON.stringify(states[states.length - 1]));
      }),
      { seed: 9, numRuns: 6 },
    );
  });

  it("undo for a side takes back that side's last decision and everything after it", () => {
    const { record } = randomRecord(5, 30);
    const r = replay(record);
    if (!r.ok) throw new Error("replay");
    const lastFr = r.value.actors.lastIndexOf("fr" as never);
    const back = undo(record, { side: "fr" as never });
    expect(back.ok && back.value.record.actions.length).toBe(lastFr);
  });

  it("a refused action in a record is reported with its index", () => {
    const { record } = randomRecord(3, 4);
    const bad = recordAction(record, { type: "shooting/fire", shooter: "gb-1", target: "fr-hus" } as Action);
    const r = replay(bad);
    expect(r.ok ? null : r.error).toMatchObject({ code: "replay/illegal_action", index: 4 });
  });

  it("a saved game of an older format loads through the migration table (fake v0 → v1)", () => {
    const { record, states } = randomRecord(21, 12);
    // Version 0 (imagined): no schemaVersion, the actions under "moves", no victory field.
    const v0 = { setup: record.setup, moves: record.actions };
    const migrations = { 0: (old: { readonly [k: string]: unknown }) => ({ schemaVersion: 1, setup: old["setup"], victory: null, actions: old["moves"] }) };
    const loaded = loadRecord(JSON.stringify(v0), migrations);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.schemaVersion).toBe(RECORD_VERSION);
    const r = replay(loaded.value);
    expect(r.ok && JSON.stringify(r.value.states.at(-1))).toBe(JSON.stringify(states.at(-1)));
    const noMigration = loadRecord(JSON.stringify(v0));
    expect(noMigration.ok ? null : noMigration.error.issues[0]).toMatchObject({ path: ["schemaVersion"], message: "no migration from record version 0" });
    const future = loadRecord(JSON.stringify({ ...record, schemaVersion: 99 }));
    expect(future.ok ? null : future.error.issues[0]?.path).toEqual(["schemaVersion"]);
    const badAction = loadRecord(JSON.stringify({ ...record, actions: [{ type: "movement/teleport" }] }));
    expect(badAction.ok ? null : badAction.error.issues[0]?.path).toEqual(["actions", 0, "type"]);
  });
});

describe("legal actions", () => {
  it("every action legalActions lists applies without a violation (states reached by random play)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 40 }), (seed, n) => {
        const { states } = randomRecord(seed, n);
        const s = states[states.length - 1] as BattleState;
        const rng = botRng(seed);
        const actions = legalActions(s);
        // Check a sample of at most 12 listed actions (every one in small listings).
        const picked = actions.length <= 12 ? actions : Array.from({ length: 12 }, () => actions[rng.int(actions.length)] as Action);
        for (const a of picked) {
          const r = applyTrusted(s, a);
          if (!r.ok) throw new Error(`${JSON.stringify(a)} refused at ${s.turn.phase}/${s.turn.step}: ${JSON.stringify(r.violation)}`);
        }
        if (s.turn.phase !== "finished") expect(actions.length).toBeGreaterThan(0);
      }),
      { seed: 10, numRuns: 12 },
    );
  });
});
