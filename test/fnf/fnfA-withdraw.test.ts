// fnfA (sixth session, sprint on issue #17): withdraw.ts — moves away (FNF-GEO-9) by direct calls: the
// lengths, a unit blocked by an enemy, a unit leaving the table.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { ActionContext } from "../../src/engine/context.js";
import { roller, seedDice } from "../../src/dice/index.js";
import { withdraw } from "../../src/rules/fnf/withdraw.js";
import { brigade, fnfBattle, unit } from "./helpers.js";

const battery = (id: string, side: "fr" | "gb", x: number, y: number, gun: Record<string, unknown> = {}) =>
  ({ id, side, kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", ...gun }, position: { x, y }, facing: side === "fr" ? 90 : 270 }) as const;

function recorder(state: BattleState): { ctx: ActionContext; log: Record<string, unknown>[] } {
  const log: Record<string, unknown>[] = [];
  return { log, ctx: { dice: roller(seedDice(0)), options: state.options, emit: (type, rule, details = {}) => void log.push({ type, rule, ...details }) } };
}

const ev = (log: Record<string, unknown>[]) => log.map((e) => (typeof e["distance"] === "number" ? { ...e, distance: Math.round((e["distance"] as number) * 1e6) / 1e6 } : e));

describe("fnfA: moving away (FNF-GEO-9, withdraw.ts)", () => {
  const open = fnfBattle({ leaders: {}, units: { gb1: brigade("gb1", "gb", 20, 30), fr1: brigade("fr1", "fr", 20, 25), gb3: brigade("gb3", "gb", 30, 3), fr3: brigade("fr3", "fr", 30, 14) } });
  const away = (s: BattleState, id: string, from: string, len: "recoil" | "fullMove" | "beyondMusket" | "disengage") => {
    const { ctx, log } = recorder(s);
    const r = withdraw(s, id, unit(s, from), len, [unit(s, from)], "FNF-MEL-6", ctx);
    return { ...r, log: ev(log) };
  };

  it("FNF-MEL-6 and FNF-GEO-9: a recoil is 2\" straight away from the enemy, under the caller's rule", () => {
    const r = away(open, "gb1", "fr1", "recoil");
    expect(r.log).toEqual([{ type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb1", from: "fr1", distance: 2, direction: [0, 1], how: "recoil" }]);
    expect([r.distance, unit(r.state, "gb1").position]).toEqual([2, { x: 20, y: 32 }]);
  });

  it("FNF-GEO-9: a full move is the unit's normal move (infantry 12\", foot guns 8\")", () => {
    const r = away(open, "gb1", "fr1", "fullMove");
    expect(r.log).toEqual([{ type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb1", from: "fr1", distance: 12, direction: [0, 1], how: "fullMove" }]);
    expect(unit(r.state, "gb1").position).toEqual({ x: 20, y: 42 });
    const g = fnfBattle({ leaders: {}, units: { frb: battery("frb", "fr", 50, 20), gb2: brigade("gb2", "gb", 50, 30) } });
    const b = away(g, "frb", "gb2", "fullMove");
    expect(b.distance).toBeCloseTo(8, 6);
    expect(unit(b.state, "frb").position.y).toBeCloseTo(12, 6);
  });

  it("FNF-GEO-9: beyond musket range is 4\" (and a hair) from the enemy; disengage the same when that is within a move", () => {
    const s = fnfBattle({ leaders: {}, units: { gb1: brigade("gb1", "gb", 20, 30), fr1: brigade("fr1", "fr", 20, 28.5) } });
    for (const how of ["beyondMusket", "disengage"] as const) {
      const r = away(s, "gb1", "fr1", how);
      expect(r.log).toEqual([{ type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb1", from: "fr1", distance: 2.501, direction: [0, 1], how }]);
    }
    // Already beyond musket range: no move.
    expect(away(open, "gb1", "fr1", "beyondMusket").distance).toBe(0);
  });

  it("FNF-GEO-9 (AMB-92): a unit pushed off the table quits the field", () => {
    const r = away(open, "gb3", "fr3", "fullMove");
    expect(r.log).toEqual([
      { type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb3", from: "fr3", distance: 12, direction: [0, -1], how: "fullMove" },
      { type: "fnf/unitRemoved", rule: "FNF-GEO-9", unit: "gb3", reason: "quitField" },
    ]);
    expect(unit(r.state, "gb3").removed).toBe("quitField");
  });

  const box = {
    fr1: brigade("fr1", "fr", 20, 28.5),
    fr4: brigade("fr4", "fr", 20, 32, { facing: 270 }),
    frl: brigade("frl", "fr", 8, 30.5, { formation: "COLUMN_OF_ROUTE", facing: 90 }),
    frr: brigade("frr", "fr", 32, 30.5, { formation: "COLUMN_OF_ROUTE", facing: 90 }),
  };

  it("FNF-GEO-9: a brigade with enemies on every way out loses one more stand, captured and credited to the enemy", () => {
    const s = fnfBattle({ leaders: {}, units: { gb1: brigade("gb1", "gb", 20, 30, { bases: 4 }), ...box } });
    const r = away(s, "gb1", "fr1", "fullMove");
    expect(r.log).toEqual([
      { type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb1", from: "fr1", distance: 0.317898, direction: [0, 1], how: "fullMove" },
      { type: "fnf/blocked", rule: "FNF-GEO-9", unit: "gb1" },
      { type: "fnf/basesLost", rule: "FNF-GEO-9", unit: "gb1", bases: 1, how: "captured", left: 3 },
    ]);
    expect([unit(r.state, "gb1").bases, unit(r.state, "gb1").removed, r.state.fnf?.captured]).toEqual([3, null, { fr: 1 }]);
  });
});
