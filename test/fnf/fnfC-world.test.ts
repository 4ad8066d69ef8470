import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { layoutOf, leaderRect } from "../../src/rules/fnf/geometry/layout.js";
import { layoutDistance, rectsOf } from "../../src/rules/fnf/geometry/measure.js";
import { enemiesOf, layout, nearestEnemy, shift, sideRects, sightBlockers, targetRects, unitDistance, unitsWithin } from "../../src/rules/fnf/world.js";
import { brigade, fnfBattle, unit } from "./helpers.js";

type Feature = BattleState["terrain"][number];
const area = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number, tags: Record<string, number> = {}): Feature =>
  ({ id, kind, polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], tags }) as unknown as Feature;
const small = (id: string, side: "fr" | "gb", x: number, y: number, over: Record<string, unknown> = {}) => brigade(id, side, x, y, { bases: 1, startingBases: 1, ...over });

function removed(s: BattleState, id: string): BattleState {
  const f = s.fnf;
  const u = f?.units[id];
  if (f === null || f === undefined || u === undefined) throw new Error("no unit");
  return { ...s, fnf: { ...f, units: { ...f.units, [id]: { ...u, removed: "quitField" } } } } as BattleState;
}

describe("fnfC: who is near whom (FNF-GEO-3)", () => {
  it("FNF-GEO-3: the nearest enemy of a unit; none when the other side has none on the table", () => {
    const s = fnfBattle({ units: { fr1: small("fr1", "fr", 20, 20), fr2: small("fr2", "fr", 20, 22, { facing: 270 }), gbf: small("gbf", "gb", 20, 40), gbn: small("gbn", "gb", 30, 25) } });
    expect(nearestEnemy(s, unit(s, "fr1"))?.id).toBe("gbn");
    expect(nearestEnemy(s, unit(s, "gbf"))?.id).toBe("fr2");
    expect(nearestEnemy(removed(s, "gbn"), unit(s, "fr1"))?.id).toBe("gbf");
    expect(nearestEnemy(removed(removed(s, "gbn"), "gbf"), unit(s, "fr1"))).toBeUndefined();
    expect(enemiesOf(removed(s, "gbn"), "fr").map((u) => u.id)).toEqual(["gbf"]);
    expect(enemiesOf(s, "gb").map((u) => u.id)).toEqual(["fr1", "fr2"]);
  });
  it("FNF-GEO-3: enemies the same distance off (to a millionth of an inch) tie, and the first listed is taken", () => {
    // gbb 10" away, gba a hundred-millionth nearer but listed second: a tie, so gbb
    const s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 36, 20), gbb: small("gbb", "gb", 40, 30), gba: small("gba", "gb", 32, 30 - 1e-8), gbc: small("gbc", "gb", 36, 31) } });
    expect(nearestEnemy(s, unit(s, "fr1"))?.id).toBe("gbb");
    // a thousandth nearer is nearer
    const t = fnfBattle({ units: { fr1: brigade("fr1", "fr", 36, 20), gbb: small("gbb", "gb", 40, 30), gba: small("gba", "gb", 32, 29.999) } });
    expect(nearestEnemy(t, unit(t, "fr1"))?.id).toBe("gba");
  });
  it("FNF-GEO-3: unitsWithin is distance ≤ gap, from both sides of the gap, near or far", () => {
    const s = fnfBattle({ units: { fr1: small("fr1", "fr", 20, 20), gb1: small("gb1", "gb", 20, 25), gb2: small("gb2", "gb", 60, 45) } });
    const [a, b, c] = [unit(s, "fr1"), unit(s, "gb1"), unit(s, "gb2")];
    expect(unitDistance(a, b)).toBeCloseTo(5, 9);
    expect([unitsWithin(a, b, 5 + 1e-9), unitsWithin(a, b, 4.99), unitsWithin(b, a, 5.01)]).toEqual([true, false, true]);
    expect(unitsWithin(a, c, 10)).toBe(false);
    expect(unitsWithin(a, c, 100)).toBe(true);
    // a fresh pair measured first, then asked again (remembered)
    const d = fnfBattle({ units: { fr1: small("fr1", "fr", 20, 20), gb1: small("gb1", "gb", 20, 23) } });
    expect(unitsWithin(unit(d, "gb1"), unit(d, "fr1"), 2.5)).toBe(false);
    expect(unitsWithin(unit(d, "gb1"), unit(d, "fr1"), 3)).toBe(true);
  });
  it("FNF-GEO-3: a distance remembered for a pair is measured again when either unit is placed anew", () => {
    const s = fnfBattle({ units: { fr1: small("fr1", "fr", 20, 20), gb1: small("gb1", "gb", 20, 25) } });
    const a = unit(s, "fr1");
    const b = unit(s, "gb1");
    expect(unitDistance(a, b)).toBeCloseTo(5, 9);
    const b2 = { ...b, position: { x: 20, y: 27 } };
    expect(unitDistance(a, b2)).toBeCloseTo(7, 9);
    expect(unitDistance({ ...a, position: { x: 20, y: 21 } }, b2)).toBeCloseTo(6, 9);
    expect(unitDistance(a, b)).toBeCloseTo(5, 9);
    expect(unitsWithin(a, b2, 6.5)).toBe(false);
  });
  it("FNF-GEO-2: a unit that becomes another kind on the same spot gets that kind's layout", () => {
    const s = fnfBattle({ units: { fr1: small("fr1", "fr", 20, 20) } });
    const u = unit(s, "fr1");
    expect(layout(u).bases).toHaveLength(2);
    const det = { ...u, kind: "detachment" as const };
    expect(layout(det)).toEqual(layoutOf(det));
    expect(layout(det).bases).toHaveLength(1);
    expect(layout({ ...u }).bases).toHaveLength(2);
  });
});

describe("fnfC: bases for sight, withdrawals and targets (FNF-GEO-8, FNF-GEO-9, FNF-LDR-4)", () => {
  const hill = area("h", "hill", 50, 0, 72, 48, { hill: 2 });
  const s = fnfBattle(
    {
      units: { fr1: small("fr1", "fr", 20, 20), fr2: small("fr2", "fr", 60, 20), gb1: small("gb1", "gb", 20, 30), gbx: small("gbx", "gb", 40, 30) },
      leaders: {
        lone: { id: "lone", side: "gb", rank: "corps", position: { x: 30, y: 40 } },
        att: { id: "att", side: "fr", rank: "corps", position: { x: 20, y: 19 }, attachedTo: "fr1" },
      },
    },
    [hill],
  );
  const gone = removed(s, "gbx");
  it("FNF-GEO-8: sight blockers are every other unit's bases, with the hill level under each", () => {
    const bl = sightBlockers(gone, ["fr1", "gb1"]);
    expect(bl).toEqual(rectsOf(layout(unit(s, "fr2"))).map((r) => ({ rect: r, elevation: 2 })));
    expect(sightBlockers(gone, ["fr2"])).toEqual([...rectsOf(layout(unit(s, "fr1"))), ...rectsOf(layout(unit(s, "gb1")))].map((r) => ({ rect: r, elevation: 0 })));
    expect(sightBlockers(s, [])).toHaveLength(8);
  });
  it("FNF-GEO-9: a side's bases, less the listed units and units off the table", () => {
    expect(sideRects(s, "fr")).toEqual([...rectsOf(layout(unit(s, "fr1"))), ...rectsOf(layout(unit(s, "fr2")))]);
    expect(sideRects(s, "fr", ["fr1"])).toEqual([...rectsOf(layout(unit(s, "fr2")))]);
    expect(sideRects(gone, "gb")).toEqual([...rectsOf(layout(unit(s, "gb1")))]);
  });
  it("FNF-LDR-4: a target's bases: a unit's, a lone leader's one base; not an attached, lost or unknown one", () => {
    expect(targetRects(s, "gb1")).toEqual(rectsOf(layout(unit(s, "gb1"))));
    expect(targetRects(s, "lone")).toEqual([leaderRect({ x: 30, y: 40 })]);
    expect(targetRects(s, "att")).toBeUndefined();
    expect(targetRects(s, "zz")).toBeUndefined();
    expect(targetRects(gone, "gbx")).toBeUndefined();
    const f = s.fnf;
    const lone = f?.leaders.lone;
    if (f === null || f === undefined || lone === undefined) throw new Error("no leader");
    const lost = { ...s, fnf: { ...f, leaders: { ...f.leaders, lone: { ...lone, lost: "casualty" } } } } as BattleState;
    expect(targetRects(lost, "lone")).toBeUndefined();
  });
  it("FNF-GEO-3: a layout's distance is edge to edge (front edges 10\" apart here); shift adds a vector", () => {
    expect(layoutDistance(layout(unit(s, "fr1")), layout(unit(s, "gb1")))).toBeCloseTo(10, 9);
    expect(shift({ x: 1, y: 2 }, { x: 3, y: -5 })).toEqual({ x: 4, y: -3 });
  });
});
