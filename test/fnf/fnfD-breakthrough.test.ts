// fnfD (seventh session, issue #17): breakthrough.ts beyond fnfA's cases — the aim at the nearest point of
// the nearest enemy, a unit already touching it, joining a melee not yet fought instead of fighting
// (AMB-89), and the 1" stop of both advances measured against every enemy (FNF-MEL-7).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { breakthrough, carryPosition } from "../../src/rules/fnf/breakthrough.js";
import { closestPointOnRect, dist } from "../../src/rules/fnf/geometry/prims.js";
import { layoutDistance, rectsOf } from "../../src/rules/fnf/geometry/measure.js";
import { layout } from "../../src/rules/fnf/world.js";
import { brigade, fnfBattle, unit } from "./helpers.js";
import { recorder, rounded } from "../fixtures/fnfD.js";

const noFight = (): BattleState => {
  throw new Error("no melee expected");
};
const gap = (s: BattleState, a: string, b: string) => layoutDistance(layout(unit(s, a)), layout(unit(s, b)));

describe("fnfD: where a breakthrough goes (FNF-MEL-7, AMB-89)", () => {
  it("FNF-MEL-7: the unit turns toward the nearest point of the nearest enemy's bases and goes half a move that way", () => {
    // gb1's line runs north-south at x = 50; its nearest base to fr1 is its southern end.
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 50, 30, { facing: 180 }) } });
    const p = unit(s, "fr1").position;
    let aim = rectsOf(layout(unit(s, "gb1")))[0]?.center ?? p;
    for (const r of rectsOf(layout(unit(s, "gb1")))) {
      const q = closestPointOnRect(p, r);
      if (dist(p, q) < dist(p, aim)) aim = q;
    }
    expect(aim.y).toBeLessThan(30);
    const { ctx, log } = recorder(s);
    const r = breakthrough(s, "fr1", 12, ctx, noFight);
    const want = (Math.atan2(aim.y - p.y, aim.x - p.x) * 180) / Math.PI;
    expect(unit(r, "fr1").facing).toBeCloseTo(want, 6);
    expect(rounded(log)).toEqual([{ type: "fnf/breakthrough", rule: "FNF-MEL-7", unit: "fr1", target: "gb1", distance: 6, contact: false }]);
    expect(dist(unit(r, "fr1").position, p)).toBeCloseTo(6, 6);
  });
  it("FNF-MEL-7: a unit already touching the enemy at its reference point does not move; it is only marked as having broken through", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 30), gb1: brigade("gb1", "gb", 20, 30) } });
    const { ctx, log } = recorder(s);
    const r = breakthrough(s, "fr1", 12, ctx, noFight);
    expect(log).toEqual([]);
    expect(unit(r, "fr1")).toEqual({ ...unit(s, "fr1"), turn: { ...unit(s, "fr1").turn, breakthrough: true } });
  });
  it("AMB-89: contacting the defender of a melee not yet fought joins that melee as a breakthrough attacker; nothing is fought now", () => {
    const s0 = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 24), fr9: brigade("fr9", "fr", 40, 24, { facing: 180, bases: 2 }) } });
    const fnf = s0.fnf;
    if (fnf === null) throw new Error("not fnf");
    const s: BattleState = { ...s0, fnf: { ...fnf, melees: { "melee-7": { id: "melee-7", defender: "gb1", attackers: ["fr9"], breakthrough: [] } } } };
    const { ctx, log } = recorder(s);
    const r = breakthrough(s, "fr1", 12, ctx, noFight);
    expect(rounded(log)).toEqual([
      { type: "fnf/breakthrough", rule: "FNF-MEL-7", unit: "fr1", target: "gb1", distance: 3.9995, contact: true },
      { type: "fnf/contact", rule: "FNF-MEL-1a", melee: "melee-7", attacker: "fr1", defender: "gb1", breakthrough: true },
    ]);
    expect(r.fnf?.melees).toEqual({ "melee-7": { id: "melee-7", defender: "gb1", attackers: ["fr9", "fr1"], breakthrough: ["fr1"] } });
    expect(gap(r, "fr1", "gb1")).toBeLessThanOrEqual(1e-3);
  });
  it("FNF-MEL-7: a new melee made by a breakthrough is handed to the fight at once, and what the fight returns is the result", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 24) } });
    const { ctx } = recorder(s);
    const marker = { ...s, seed: "fought" } as unknown as BattleState;
    const seen: string[] = [];
    const r = breakthrough(s, "fr1", 12, ctx, (st, id) => {
      seen.push(id, Object.keys(st.fnf?.melees ?? {}).join(","));
      return marker;
    });
    expect(r).toBe(marker);
    expect(seen).toEqual(["melee-1", "melee-1"]);
  });
  it("FNF-MEL-7: carrying the position stops 1\" from any enemy base ahead, here a second enemy, not the one driven back", () => {
    // gb1 is far ahead; gb2's line crosses fr1's path 4" ahead: fr1 stops about 3" on.
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 44), gb2: brigade("gb2", "gb", 28, 24, { bases: 2 }) } });
    const { ctx, log } = recorder(s);
    const r = carryPosition(s, "fr1", 6, true, ctx);
    const d = log[0]?.["distance"] as number;
    expect(log).toEqual([{ type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: d }]);
    expect(d).toBeLessThan(6);
    expect(gap(r, "fr1", "gb2")).toBeGreaterThanOrEqual(1 - 1e-6);
    expect(gap(r, "fr1", "gb2")).toBeLessThan(1.05);
    expect(unit(r, "fr1").position).toEqual({ x: 20, y: 20 + d });
  });
});
