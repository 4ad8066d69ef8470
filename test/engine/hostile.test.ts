import { describe, expect, it } from "vitest";
import { applyUnknown as apply, createBattleUnknown as createBattle, forkState, FusilladeError, loadState, parseState, reseed, saveState, type BattleState } from "../../src/index.js";
import { finalState, loadRecord, newRecord, recordAction, replay, saveRecord, undo, type BattleRecord } from "../../src/battle/index.js";
import { smallBattle, battalion } from "../fixtures/setups.js";

function fresh(): BattleState {
  const r = createBattle(smallBattle());
  if (!r.ok) throw new Error("fixture");
  return r.value;
}

/** A saved state as plain JSON data, for mutation. */
function savedJson(): Record<string, unknown> {
  return JSON.parse(saveState(fresh())) as Record<string, unknown>;
}

type Mutator = (s: any) => unknown;
const STATE_CLASSES: [string, Mutator][] = [
  ["missing turn", (s) => ({ ...s, turn: undefined })],
  ["wrong schema version", (s) => ({ ...s, schemaVersion: 99 })],
  ["unknown ruleset", (s) => ({ ...s, ruleset: "dba" })],
  ["string where a number belongs", (s) => ((s.turn.gameTurn = "1"), s)],
  ["negative figures", (s) => ((s.units["fr-1"].figures = -1), s)],
  ["fractional figures", (s) => ((s.units["fr-1"].figures = 2.5), s)],
  ["huge figures", (s) => ((s.units["fr-1"].figures = 1e12), s)],
  ["more figures than at the start", (s) => ((s.units["fr-1"].figures = 99), s)],
  ["NaN facing", (s) => ((s.units["fr-1"].facing = Number.NaN), s)],
  ["unit key and id disagree", (s) => ((s.units["fr-1"].id = "fr-9"), s)],
  ["unknown side on a unit", (s) => ((s.units["fr-1"].side = "prussia"), s)],
  ["extra field on a unit", (s) => ((s.units["fr-1"].colour = "blue"), s)],
  ["unknown formation", (s) => ((s.units["fr-1"].formation = "WEDGE"), s)],
  ["unknown order state", (s) => ((s.units["fr-1"].order = "PANICKING"), s)],
  ["three sides", (s) => ((s.sides.ru = { id: "ru", name: "Russia", nation: null }), s)],
  ["active side unknown", (s) => ((s.turn.activeSide = "ru"), s)],
  ["__proto__ unit key", (s) => JSON.parse(JSON.stringify(s).replace('"units":{', '"units":{"__proto__":{"id":"x"},'))],
  ["constructor unit key", (s) => ((s.units.constructor = s.units["fr-1"]), s)],
  ["prototype unit key", (s) => ((s.units.prototype = s.units["fr-1"]), s)],
  ["dice state with a bad word", (s) => ((s.dice.s = [1, 2, 3, -4]), s)],
  ["scripted dice with a 7", (s) => ({ ...s, dice: { kind: "scripted", d6: [7], angles: [], draws: 0 } })],
  ["a negative event count", (s) => ((s.eventSeq = -1), s)],
  ["a log in a version-2 state", (s) => ((s.log = []), s)],
  ["a charge declared by an id that is no id", (s) => ((s.facts.movement.charges = [{ unit: "", target: "gb-1", face: "front", distance: 3, move: 4 }]), s)],
  ["a version-1 event with an unknown rule id", (s) => ({ ...s, schemaVersion: 1, eventSeq: undefined, facts: undefined, log: [{ ...{ seq: 0, gameTurn: 1, type: "turn/phaseStarted", rule: "CORE-TURN-2", phase: "start", step: null, side: "fr" }, rule: "CORE-MAGIC-1" }] })],
  ["a version-1 event sequence gap", (s) => ({ ...s, schemaVersion: 1, eventSeq: undefined, facts: undefined, log: [{ ...{ seq: 0, gameTurn: 1, type: "turn/phaseStarted", rule: "CORE-TURN-2", phase: "start", step: null, side: "fr" }, seq: 5 }] })],
  ["unknown rules option", (s) => ((s.options.whn.frenzy = true), s)],
  ["wrong option value", (s) => ((s.options.hr.squareness = "always"), s)],
  ["game turn past the limit", (s) => ((s.turn.gameTurn = 50), s)],
  ["character joined to an unknown unit", (s) => ((s.characters.ney = { id: "ney", side: "fr", name: "Ney", profile: { M: 4, WS: 5, BS: 4, S: 4, T: 4, W: 3, I: 5, A: 3, Ld: 9 }, base: { w: 1, d: 1 }, position: { x: 1, y: 1 }, facing: 0, joinedTo: "ghost" }), s)],
  ["deeply nested junk in a version-1 event", (s) => { let deep: unknown = 1; for (let i = 0; i < 200; i++) deep = [deep]; return { ...s, schemaVersion: 1, eventSeq: undefined, facts: undefined, log: [{ ...{ seq: 0, gameTurn: 1, type: "turn/phaseStarted", rule: "CORE-TURN-2", phase: "start", step: null, side: "fr" }, junk: deep, fn: undefined, big: Infinity }] }; }],
  ["wounds taken not below W", (s) => ((s.units["fr-1"].woundsTaken = 1), s)],
  ["array instead of record", (s) => ({ ...s, units: Object.values(s.units) })],
];

describe("hostile saved states", () => {
  for (const [what, mutate] of STATE_CLASSES) {
    it(`rejects a state with ${what}, with a typed error`, () => {
      const input = mutate(savedJson());
      const snapshot = JSON.stringify(input);
      const r = parseState(input);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("state/invalid");
        expect(r.error.issues.length).toBeGreaterThan(0);
        for (const i of r.error.issues) expect(Array.isArray(i.path)).toBe(true);
      }
      expect(JSON.stringify(input)).toBe(snapshot); // the input is left unchanged
    });
  }

  it("rejects malformed JSON, empty text and non-object JSON", () => {
    for (const text of ["", "{", "[]", "null", "42", '"state"', "{\"a\":1}"]) {
      const r = loadState(text);
      expect(r.ok).toBe(false);
    }
  });

  it("never pollutes Object.prototype", () => {
    const text = saveState(fresh()).replace('"units":{', '"units":{"__proto__":{"polluted":true},');
    loadState(text);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("hostile actions", () => {
  const classes: [string, unknown, string][] = [
    ["null", null, "action/invalid"],
    ["a string", "turn/advance", "action/invalid"],
    ["an array", [{ type: "turn/advance" }], "action/invalid"],
    ["no type", {}, "action/invalid"],
    ["an unknown type", { type: "magic/fireball" }, "action/invalid"],
    ["a non-string type", { type: 7 }, "action/invalid"],
    ["extra fields", { type: "turn/advance", unit: "fr-1" }, "action/invalid"],
    ["a prototype-polluting key", JSON.parse('{"type":"turn/advance","__proto__":{"x":1}}'), "action/invalid"],
  ];
  for (const [what, action, code] of classes) {
    it(`rejects ${what} with ${code} and changes nothing`, () => {
      const s = fresh();
      const before = JSON.stringify(s);
      const r = apply(s, action);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.violation.code).toBe(code);
      expect(JSON.stringify(s)).toBe(before);
    });
  }
});

describe("hostile setups", () => {
  it("rejects an enormous unit list and very large numbers without throwing", () => {
    const many = smallBattle({ units: Array.from({ length: 10_001 }, (_, i) => battalion(`u${i}`, "fr")) });
    expect(createBattle(many).ok).toBe(false);
    expect(createBattle(smallBattle({ maxTurns: 1e9 })).ok).toBe(false);
    expect(createBattle(smallBattle({ table: { width: Number.MAX_VALUE, height: 48 } })).ok).toBe(false);
  });

  it("rejects -0-free nonsense: empty sides, one side, identical sides", () => {
    expect(createBattle({ ...smallBattle(), sides: [] }).ok).toBe(false);
    expect(createBattle({ ...smallBattle(), sides: [{ id: "fr", name: "F" }] }).ok).toBe(false);
    expect(createBattle({ ...smallBattle(), sides: [{ id: "fr", name: "F" }, { id: "fr", name: "F2" }] }).ok).toBe(false);
  });

  it("accepts -0 as a coordinate (it is a number) and stores it as a valid state", () => {
    const r = createBattle(smallBattle({ units: [battalion("fr-1", "fr", { position: { x: -0, y: 5 } })] }));
    expect(r.ok).toBe(true);
  });
});

/** Runs `f`; fails the test if it throws anything but a FusilladeError. Returns what it returned, or the error. */
function noRawThrow<T>(f: () => T): T | FusilladeError {
  try {
    return f();
  } catch (e) {
    expect(e).toBeInstanceOf(FusilladeError);
    return e as FusilladeError;
  }
}

describe("one error type at the boundary", () => {
  it("CORE-GEO-30: a dice state at the schema's draw limit loads, rolls and is refused or played, never a RangeError", () => {
    const s = savedJson();
    (s["dice"] as { draws: number }).draws = 2 ** 50;
    const loaded = loadState(JSON.stringify(s));
    expect(loaded.ok).toBe(true);
    (s["dice"] as { draws: number }).draws = Number.MAX_SAFE_INTEGER;
    expect(loadState(JSON.stringify(s)).ok).toBe(false);
    // A hand-built state past the limit: apply refuses it (typed) rather than throwing.
    const bad = { ...fresh(), dice: { ...fresh().dice, draws: Number.MAX_SAFE_INTEGER + 2 } } as BattleState;
    const r = noRawThrow(() => apply(bad, { type: "turn/advance" }));
    expect(r instanceof FusilladeError ? null : r.ok ? "ok" : r.violation.code).toBe("dice/invalid_state");
  });

  it("an action with a throwing getter is refused as action/invalid, naming where", () => {
    const s = fresh();
    const action = { type: "turn/advance" } as Record<string, unknown>;
    Object.defineProperty(action, "unit", { enumerable: true, get: () => { throw new Error("boom"); } });
    const r = noRawThrow(() => apply(s, action));
    expect(r instanceof FusilladeError ? null : r.ok ? "ok" : r.violation.code).toBe("action/invalid");
  });

  it("actions that are Proxies with throwing traps are refused, whichever trap throws", () => {
    const s = fresh();
    const traps: (keyof ProxyHandler<object>)[] = ["get", "ownKeys", "getOwnPropertyDescriptor"];
    for (const trap of traps) {
      const p = new Proxy({ type: "turn/advance" }, { [trap]: () => { throw new TypeError(`trap ${trap}`); } });
      const r = noRawThrow(() => apply(s, p));
      expect(r instanceof FusilladeError ? "threw" : r.ok ? "ok" : r.violation.code, trap).toBe("action/invalid");
    }
    const { proxy, revoke } = Proxy.revocable({ type: "turn/advance" }, {});
    revoke();
    const r = noRawThrow(() => apply(s, proxy));
    expect(r instanceof FusilladeError ? "threw" : r.ok ? "ok" : r.violation.code).toBe("action/invalid");
  });

  it("a well-behaved Proxy (a reactive store's) applies like the plain action, read once", () => {
    const s = fresh();
    let reads = 0;
    const p = new Proxy({ type: "turn/advance" }, { get: (t, k) => ((reads += 1), Reflect.get(t, k)) });
    const r = apply(s, p);
    expect(r.ok).toBe(true);
    expect(reads).toBe(1);
  });

  it("a state that is a throwing Proxy makes apply throw a FusilladeError, not a raw error", () => {
    const p = new Proxy(fresh(), { get: () => { throw new RangeError("nope"); } });
    const e = noRawThrow(() => apply(p, { type: "turn/advance" }));
    expect(e).toBeInstanceOf(FusilladeError);
  });

  it("loadState of null, a number or an object is a typed json/invalid error", () => {
    for (const bad of [null, undefined, 42, {}, []]) {
      const r = noRawThrow(() => loadState(bad as unknown as string));
      expect(r instanceof FusilladeError ? "threw" : r.ok ? "ok" : r.error.code).toBe("json/invalid");
    }
  });

  it("parseState and createBattle of Proxies whose traps throw are typed errors", () => {
    const trap = { ownKeys: () => { throw new Error("keys"); } };
    const a = noRawThrow(() => parseState(new Proxy(savedJson(), trap)));
    expect(a instanceof FusilladeError ? "threw" : a.ok ? "ok" : a.error.code).toBe("state/invalid");
    const b = noRawThrow(() => createBattle(new Proxy(smallBattle(), trap)));
    expect(b instanceof FusilladeError ? "threw" : b.ok ? "ok" : b.error.code).toBe("setup/invalid");
  });

  it("replay, undo and finalState of malformed in-memory records are typed errors", () => {
    const setup = smallBattle();
    const malformed: unknown[] = [null, 7, "x", [], {}, { setup }, { setup, actions: 5 }, { setup: null, actions: [] }, { setup, actions: [null] }, { setup, actions: [], victory: 3 }, new Proxy({ setup, actions: [] }, { get: () => { throw new Error("get"); } })];
    for (const [i, rec] of malformed.entries()) {
      for (const f of [replay, finalState, undo] as ((r: BattleRecord) => { ok: boolean })[]) {
        const r = noRawThrow(() => f(rec as BattleRecord));
        expect(r instanceof FusilladeError ? "threw" : r.ok, `${f.name}(malformed[${i}])`).toBe(false);
      }
    }
  });

  it("reseed and forkState with a bad seed or stream throw a FusilladeError (engine/misuse)", () => {
    const s = fresh();
    for (const seed of [0.5, Number.NaN, Infinity, 2 ** 60]) {
      const e = noRawThrow(() => reseed(s, seed));
      expect(e).toBeInstanceOf(FusilladeError);
      if (e instanceof FusilladeError) expect(e.code).toBe("engine/misuse");
    }
    expect(noRawThrow(() => forkState(s, -1))).toBeInstanceOf(FusilladeError);
    expect(reseed(s, 7).dice).not.toEqual(s.dice);
  });
});

describe("data safety of records", () => {
  function played(): BattleRecord {
    let record = newRecord(smallBattle());
    let state = finalState(record);
    for (let i = 0; i < 3 && state.ok; i++) {
      record = recordAction(record, { type: "turn/advance" });
      state = finalState(record);
    }
    return record;
  }

  it("CORE-TURN-2: undo refuses an empty record", () => {
    const r = undo(newRecord(smallBattle()));
    expect(r.ok ? null : r.error.code).toBe("undo/empty_record");
  });

  it("CORE-TURN-2: undo refuses a side that is not the battle's (a typo), and one that never acted", () => {
    const record = played();
    const typo = undo(record, { side: "GB" as never });
    expect(typo.ok ? null : typo.error).toMatchObject({ code: "undo/unknown_side", side: "GB", sides: ["fr", "gb"] });
    const one = recordAction(newRecord(smallBattle()), { type: "turn/advance" }); // only fr has acted
    const never = undo(one, { side: "gb" as never });
    expect(never.ok ? null : never.error).toMatchObject({ code: "undo/side_never_acted", side: "gb" });
    const fr = undo(one, { side: "fr" as never });
    expect(fr.ok && fr.value.record.actions.length).toBe(0);
  });

  it("loadRecord of an object copies it: the record returned shares no array with the caller's", () => {
    const input = JSON.parse(saveRecord(played())) as { actions: unknown[]; setup: { units: unknown[] } };
    const r = loadRecord(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.actions).not.toBe(input.actions);
    expect((r.value.setup as unknown as { units: unknown[] }).units).not.toBe(input.setup.units);
    input.actions.length = 0;
    input.setup.units.length = 0;
    expect(r.value.actions.length).toBe(3);
    expect((r.value.setup as unknown as { units: unknown[] }).units.length).toBe(3);
  });
});

describe("setup limits (SETUP_LIMITS: what the engine serves)", () => {
  it("refuses a setup past each limit with a typed error naming the path, and accepts one at it", async () => {
    const { SETUP_LIMITS } = await import("../../src/index.js");
    const grid = (n: number) => Array.from({ length: n }, (_, i) => battalion(`u${i}`, i % 2 === 0 ? "fr" : "gb", { position: { x: 5 + (i % 8) * 8, y: 4 + Math.floor(i / 8) * 5 }, facing: 90 }));
    const at = createBattle(smallBattle({ units: grid(SETUP_LIMITS.units), table: { width: 72, height: 48 } }));
    expect(at.ok, at.ok ? "" : JSON.stringify(at.error.issues.slice(0, 2))).toBe(true);
    const past = createBattle(smallBattle({ units: grid(SETUP_LIMITS.units + 1) }));
    expect(past.ok ? null : past.error.issues[0]?.path).toEqual(["units"]);
    const terrain = Array.from({ length: SETUP_LIMITS.terrainFeatures + 1 }, (_, i) => ({ id: `t${i}`, kind: "field", polygon: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }], tags: {} }));
    const t = createBattle(smallBattle({ terrain }));
    expect(t.ok ? null : t.error.issues[0]?.path).toEqual(["terrain"]);
    const vertices = Array.from({ length: SETUP_LIMITS.terrainVertices + 1 }, (_, i) => ({ x: i % 2, y: i / 100 }));
    const v = createBattle(smallBattle({ terrain: [{ id: "t", kind: "field", polygon: vertices, tags: {} }] }));
    expect(v.ok ? null : v.error.issues[0]?.path).toEqual(["terrain", 0, "polygon"]);
  });

  it("FNF-GEN-1: refuses an FnF brigade past the bases limit and too many FnF units or leaders", async () => {
    const { SETUP_LIMITS } = await import("../../src/index.js");
    const { fnfScenario } = await import("../../src/rules/fnf/scenarios.js");
    const base = fnfScenario("coa1811", 1, 4) as { fnf: { units: Record<string, { bases: number; startingBases?: number }>; leaders: Record<string, unknown> } };
    const big = structuredClone(base);
    const first = Object.values(big.fnf.units)[0];
    if (first !== undefined) Object.assign(first, { bases: 10_000, startingBases: 10_000 });
    const r = createBattle(big);
    expect(r.ok ? null : r.error.issues[0]?.path.slice(0, 2)).toEqual(["fnf", "units"]);
    const many = structuredClone(base);
    const [id, u] = Object.entries(many.fnf.units)[0] ?? ["", {}];
    for (let i = 0; i < SETUP_LIMITS.fnfUnits; i++) many.fnf.units[`${id}-${i}`] = { ...u, id: `${id}-${i}` } as never;
    const m = createBattle(many);
    expect(m.ok ? null : m.error.issues.map((i) => i.path.join("."))).toContain("fnf.units");
  });
});
