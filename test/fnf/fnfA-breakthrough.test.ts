// fnfA (sixth session, sprint on issue #17): breakthrough.ts by direct calls — carrying the position and
// the breakthrough charge's three endings (no enemy, short of the enemy, contact).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import type { ActionContext } from "../../src/engine/context.js";
import { roller, seedDice } from "../../src/dice/index.js";
import { breakthrough, carryPosition } from "../../src/rules/fnf/breakthrough.js";
import { layoutDistance } from "../../src/rules/fnf/geometry/measure.js";
import { layout } from "../../src/rules/fnf/world.js";
import { brigade, fnfBattle, unit } from "./helpers.js";

function recorder(state: BattleState): { ctx: ActionContext; log: Record<string, unknown>[] } {
  const log: Record<string, unknown>[] = [];
  return { log, ctx: { dice: roller(seedDice(0)), options: state.options, emit: (type, rule, details = {}) => void log.push({ type, rule, ...details }) } };
}
const gap = (s: BattleState, a: string, b: string) => layoutDistance(layout(unit(s, a)), layout(unit(s, b)));
const noFight = (): BattleState => {
  throw new Error("no melee expected");
};

describe("fnfA: carrying the position (FNF-MEL-7, carryPosition)", () => {
  it("FNF-MEL-7: no advance chosen, or nothing moved away: the state is unchanged and nothing is said", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 40) } });
    const { ctx, log } = recorder(s);
    expect(carryPosition(s, "fr1", 5, false, ctx)).toBe(s);
    expect(carryPosition(s, "fr1", 0, true, ctx)).toBe(s);
    expect(carryPosition(s, "nobody", 5, true, ctx)).toBe(s);
    expect(log).toEqual([]);
  });

  it("FNF-MEL-7: the attacker advances straight ahead the whole distance when no enemy comes within 1\"", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 40) } });
    const { ctx, log } = recorder(s);
    const r = carryPosition(s, "fr1", 5, true, ctx);
    expect(log).toEqual([{ type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 5 }]);
    expect(unit(r, "fr1").position).toEqual({ x: 20, y: 25 });
    expect(unit(r, "fr1").facing).toBe(90);
  });

  it("FNF-MEL-7: the advance stops 1\" (to the 0.05\" step) from an enemy base", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 30) } });
    const before = gap(s, "fr1", "gb1");
    const { ctx, log } = recorder(s);
    const r = carryPosition(s, "fr1", 12, true, ctx);
    const d = log[0]?.["distance"] as number;
    expect(d).toBeLessThan(before - 1 + 1e-9);
    expect(d).toBeGreaterThan(before - 1 - 0.05);
    expect(unit(r, "fr1").position.y).toBeCloseTo(20 + d, 9);
    expect(gap(r, "fr1", "gb1")).toBeGreaterThanOrEqual(1 - 1e-6);
    expect(gap(r, "fr1", "gb1")).toBeLessThan(1.05);
  });
});

describe("fnfA: the breakthrough charge (FNF-MEL-7, AMB-89)", () => {
  it("FNF-MEL-7: with no enemy on the table the unit only records that it broke through", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20) } });
    const { ctx, log } = recorder(s);
    const r = breakthrough(s, "fr1", 12, ctx, noFight);
    expect(log).toEqual([]);
    expect(unit(r, "fr1")).toEqual({ ...unit(s, "fr1"), turn: { ...unit(s, "fr1").turn, breakthrough: true } });
  });

  it("FNF-MEL-7: an enemy beyond half a move: the unit turns to it and goes its half move (6\"), no contact", () => {
    // gb1 stands due east: fr1 turns to face it (0°) and moves 6" east.
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 50, 20, { facing: 180 }) } });
    const { ctx, log } = recorder(s);
    const r = breakthrough(s, "fr1", 12, ctx, noFight);
    expect(log.map((e) => ({ ...e, distance: Math.round((e["distance"] as number) * 1e9) / 1e9 }))).toEqual([
      { type: "fnf/breakthrough", rule: "FNF-MEL-7", unit: "fr1", target: "gb1", distance: 6, contact: false },
    ]);
    expect(unit(r, "fr1").facing).toBe(0);
    expect(unit(r, "fr1").position.x).toBeCloseTo(26, 9);
    expect(unit(r, "fr1").position.y).toBeCloseTo(20, 9);
    expect(unit(r, "fr1").turn.breakthrough).toBe(true);
    expect(r.fnf?.melees).toEqual({});
  });

  it("FNF-MEL-7: an enemy within half a move is contacted, a new melee is made and fought at once", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 24) } });
    const { ctx, log } = recorder(s);
    const fought: string[] = [];
    const r = breakthrough(s, "fr1", 12, ctx, (st, id) => {
      fought.push(id);
      return st;
    });
    // Fronts 4" apart: contact is found by bisection to half the geometry EPSILON (0.0005").
    expect(log.map((e) => (e["distance"] === undefined ? e : { ...e, distance: Math.round((e["distance"] as number) * 1e6) / 1e6 }))).toEqual([
      { type: "fnf/breakthrough", rule: "FNF-MEL-7", unit: "fr1", target: "gb1", distance: 3.9995, contact: true },
      { type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-1", attacker: "fr1", defender: "gb1", breakthrough: true },
    ]);
    expect(gap(r, "fr1", "gb1")).toBeLessThanOrEqual(1e-3); // in contact (within the geometry EPSILON)
    expect(fought).toEqual(Object.keys(r.fnf?.melees ?? {}));
    expect(Object.values(r.fnf?.melees ?? {})).toEqual([expect.objectContaining({ defender: "gb1", attackers: ["fr1"] })]);
    expect(unit(r, "fr1").turn.breakthrough).toBe(true);
  });

  it("FNF-MEL-7: a second breakthrough in the phase only carries the position by the distance given", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 50, 20, { facing: 180 }) } });
    const { ctx } = recorder(s);
    const once = breakthrough(s, "fr1", 12, ctx, noFight);
    const { ctx: ctx2, log } = recorder(once);
    const twice = breakthrough(once, "fr1", 3, ctx2, noFight);
    expect(log).toEqual([{ type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 3 }]);
    expect(unit(twice, "fr1").position.x).toBeCloseTo(29, 9);
  });

  it("FNF-MEL-7 and FNF-GEO-2a: a contact spot that another unit occupies is refused: the charge stops 1\" short instead", () => {
    // fr2 (one base) stands where fr1's bases would be when touching gb1.
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 24), fr2: brigade("fr2", "fr", 14.5, 23, { bases: 1, formation: "COLUMN_OF_ROUTE" }) } });
    const { ctx, log } = recorder(s);
    const r = breakthrough(s, "fr1", 12, ctx, noFight);
    expect(log.map((e) => ({ ...e, distance: Math.round((e["distance"] as number) * 1e9) / 1e9 }))).toEqual([
      { type: "fnf/breakthrough", rule: "FNF-MEL-7", unit: "fr1", target: "gb1", distance: 3, contact: false },
    ]);
    expect(unit(r, "fr1").position.y).toBeCloseTo(23, 9);
    expect(r.fnf?.melees).toEqual({});
  });
});
