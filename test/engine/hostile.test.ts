import { describe, expect, it } from "vitest";
import { applyUnknown as apply, createBattleUnknown as createBattle, loadState, parseState, saveState, type BattleState } from "../../src/index.js";
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
