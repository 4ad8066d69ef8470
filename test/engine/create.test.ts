import { describe, expect, it } from "vitest";
import { createBattleUnknown as createBattle, applyUnknown as apply, formatViolation, parseState, loadState, saveState, DEFAULT_OPTIONS, unitId, type BattleState } from "../../src/index.js";
import { smallBattle, battalion } from "../fixtures/setups.js";

function mustCreate(setup: unknown): BattleState {
  const r = createBattle(setup);
  if (!r.ok) throw new Error(JSON.stringify(r.error.issues));
  return r.value;
}

describe("createBattle", () => {
  it("builds a validated first state: first side's turn, start phase, defaults filled in", () => {
    const s = mustCreate(smallBattle());
    expect(s.schemaVersion).toBe(2);
    expect(s.eventSeq).toBeGreaterThan(0);
    expect(s.turn).toEqual({ gameTurn: 1, maxTurns: 6, firstSide: "fr", activeSide: "fr", phase: "start", step: null });
    expect(s.options).toEqual(DEFAULT_OPTIONS);
    expect(s.units[unitId("fr-1")]?.startingFigures).toBe(24);
    expect(s.units[unitId("fr-1")]?.order).toBe("GOOD");
    expect(s.wind).toBeGreaterThanOrEqual(0);
    expect(s.wind).toBeLessThan(360);
  });

  it("fills every rules option with the specification's defaults", () => {
    expect(DEFAULT_OPTIONS.whn.carbineLongRange).toBe(9);
    expect(DEFAULT_OPTIONS.whn.maxFormationChangesPerTurn).toBe(1);
    expect(DEFAULT_OPTIONS.hr.squareness).toBe("off");
    expect(DEFAULT_OPTIONS.hr.coverType.firearms).toBe("hard");
    expect(DEFAULT_OPTIONS.hr.coverType.bows).toBe("soft");
    expect(DEFAULT_OPTIONS.fnf.spentFractions.AVERAGE).toBeCloseTo(1 / 3, 12);
    expect(DEFAULT_OPTIONS.hr.modelCountCap).toBeNull();
  });

  it("keeps a partial options object and fills the rest", () => {
    const s = mustCreate(smallBattle({ options: { hr: { squareness: "tieOnly" } } }));
    expect(s.options.hr.squareness).toBe("tieOnly");
    expect(s.options.hr.volley).toBe(false);
  });

  const bad: [string, (s: ReturnType<typeof smallBattle>) => unknown, (string | number)[]][] = [
    ["a missing field", (s) => ({ ...s, units: [{ ...s.units[0], profile: undefined }] }), ["units", 0, "profile"]],
    ["a wrong type", (s) => ({ ...s, seed: true }), ["seed"]],
    ["negative figures", (s) => ({ ...s, units: [{ ...s.units[0], figures: -3 }] }), ["units", 0, "figures"]],
    ["a NaN coordinate", (s) => ({ ...s, units: [{ ...s.units[0], position: { x: Number.NaN, y: 1 } }] }), ["units", 0, "position", "x"]],
    ["an infinite coordinate", (s) => ({ ...s, units: [{ ...s.units[0], position: { x: 1, y: Infinity } }] }), ["units", 0, "position", "y"]],
    ["an unknown side", (s) => ({ ...s, units: [battalion("x", "prussia")] }), ["units", 0, "side"]],
    ["a duplicate unit id", (s) => ({ ...s, units: [s.units[0], s.units[0]] }), ["units", 1, "id"]],
    ["a __proto__ id", (s) => ({ ...s, units: [battalion("__proto__", "fr")] }), ["units", 0, "id"]],
    ["a constructor id", (s) => ({ ...s, units: [battalion("constructor", "fr")] }), ["units", 0, "id"]],
    ["an unknown rules option", (s) => ({ ...s, options: { whn: { carbineRange: 9 } } }), ["options", "whn"]],
    ["an unknown top-level key", (s) => ({ ...s, colour: "blue" }), []],
    ["an unknown joined unit", (s) => ({ ...s, characters: [{ id: "ney", side: "fr", name: "Ney", profile: { M: 4, WS: 5, BS: 4, S: 4, T: 4, W: 3, I: 5, A: 3, Ld: 9 }, base: { w: 1, d: 1 }, position: { x: 1, y: 1 }, facing: 0, joinedTo: "nobody" }] }), ["characters", 0, "joinedTo"]],
    ["a unit off the table", (s) => ({ ...s, units: [battalion("far", "fr", { position: { x: 500, y: 10 } })] }), ["units", 0, "position"]],
  ];
  for (const [what, mutate, path] of bad) {
    it(`rejects ${what} with a typed error naming the path`, () => {
      const r = createBattle(mutate(smallBattle()));
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe("setup/invalid");
      expect(r.error.issues.map((i) => i.path)).toContainEqual(path);
    });
  }

  it("never throws on garbage", () => {
    for (const g of [null, undefined, 42, "x", [], { seed: 1 }, { __proto__: { seed: 1 } }]) {
      expect(() => createBattle(g)).not.toThrow();
      expect(createBattle(g).ok).toBe(false);
    }
  });
});

describe("saved states", () => {
  it("survive a JSON round trip and validate again, equal", () => {
    const s = mustCreate(smallBattle());
    const back = loadState(saveState(s));
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.value).toEqual(s);
  });

  it("reject malformed JSON and broken references with a path", () => {
    const bad = loadState("{ not json");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe("json/invalid");
    const s = JSON.parse(saveState(mustCreate(smallBattle())));
    s.units["fr-1"].side = "prussia";
    const r = parseState(s);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues.map((i) => i.path)).toContainEqual(["units", "fr-1", "side"]);
  });
});

describe("apply", () => {
  it("CORE-TURN-2: turn/advance walks the WHN turn sequence: start, the six movement steps, shooting, combat", () => {
    let s = mustCreate(smallBattle());
    const seen: string[] = [];
    for (let i = 0; i < 9; i++) {
      const r = apply(s, { type: "turn/advance" });
      if (!r.ok) throw new Error(formatViolation(r.violation));
      s = r.state;
      seen.push(`${s.turn.activeSide}:${s.turn.phase}${s.turn.step ? "." + s.turn.step : ""}`);
    }
    expect(seen).toEqual([
      "fr:movement.declareCharges",
      "fr:movement.chargeResponses",
      "fr:movement.rally",
      "fr:movement.compulsory",
      "fr:movement.chargeMoves",
      "fr:movement.remaining",
      "fr:shooting",
      "fr:combat",
      "gb:start",
    ]);
  });

  it("CORE-TURN-1: after both players' turns the game turn ends; at the limit the battle is over", () => {
    let s = mustCreate(smallBattle({ maxTurns: 1 }));
    for (let i = 0; i < 18; i++) {
      const r = apply(s, { type: "turn/advance" });
      if (!r.ok) throw new Error(formatViolation(r.violation));
      s = r.state;
    }
    expect(s.turn.phase).toBe("finished");
    expect(s.result).toEqual({ winner: null, reason: "turn limit reached", rule: "CORE-TURN-1" });
    const after = apply(s, { type: "turn/advance" });
    expect(after.ok).toBe(false);
    if (!after.ok) {
      expect(after.violation).toMatchObject({ code: "battle/finished", rule: "CORE-TURN-1" });
      expect(formatViolation(after.violation)).toContain("[CORE-TURN-1]");
    }
  });

  it("rejects a malformed action with a typed violation and leaves the state alone", () => {
    const s = mustCreate(smallBattle());
    const before = JSON.stringify(s);
    for (const a of [null, {}, { type: "nope" }, { type: "turn/advance", extra: 1 }, "turn/advance"]) {
      const r = apply(s, a);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.violation.code).toBe("action/invalid");
    }
    expect(JSON.stringify(s)).toBe(before);
  });

  it("FNF-TURN-1: an FnF battle walks command, maneuver, defensive fire, offensive fire, melee", () => {
    let s = mustCreate({ ...smallBattle({ units: [] }), ruleset: "fnf" });
    expect(s.turn.phase).toBe("command");
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = apply(s, { type: "turn/advance" });
      if (!r.ok) throw new Error(formatViolation(r.violation));
      s = r.state;
      seen.push(`${s.turn.activeSide}:${s.turn.phase}`);
    }
    expect(seen).toEqual(["fr:maneuver", "fr:defensiveFire", "fr:offensiveFire", "fr:melee", "gb:command"]);
  });
});
