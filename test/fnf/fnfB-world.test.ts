import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { meleeEnemies } from "../../src/rules/fnf/firePoints.js";
import { layout } from "../../src/rules/fnf/world.js";
import { layoutOf } from "../../src/rules/fnf/geometry/layout.js";
import { basesDistance, rectsOf } from "../../src/rules/fnf/geometry/measure.js";
import { acrossLine, crossingPoint, detachmentInHardCover, elevationAt, featuresOf, fnfKind, unitCover, unitElevation } from "../../src/rules/fnf/geometry/terrain.js";
import { visibleUnits } from "../../src/rules/fnf/measuring.js";
import { advanceTo, brigade, fnfBattle, unit } from "./helpers.js";

type Feature = BattleState["terrain"][number];
const area = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number, tags: Record<string, number> = {}): Feature =>
  ({ id, kind, polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], tags }) as unknown as Feature;
const line = (id: string, kind: string, pts: [number, number][]): Feature =>
  ({ id, kind, polygon: [], polyline: pts.map(([x, y]) => ({ x, y })), tags: {} }) as unknown as Feature;

describe("fnfB: melee enemies for pre-melee fire (FNF-FIRE-1, FNF-MEL-1a)", () => {
  const s0 = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), fr2: brigade("fr2", "fr", 40, 20), gb1: brigade("gb1", "gb", 30, 30) } });
  const fnf = s0.fnf;
  if (fnf === null) throw new Error("no fnf");
  const s = { ...s0, fnf: { ...fnf, melees: { m1: { id: "m1", defender: "gb1", attackers: ["fr1", "fr2"], breakthrough: [] } } } };

  it("FNF-MEL-1a: the defender's enemies are every attacker, in contact order", () => {
    expect(meleeEnemies(s, "gb1")).toEqual(["fr1", "fr2"]);
  });
  it("FNF-MEL-1a: an attacker's (first or later) only enemy is the defender", () => {
    expect(meleeEnemies(s, "fr1")).toEqual(["gb1"]);
    expect(meleeEnemies(s, "fr2")).toEqual(["gb1"]);
  });
  it("FNF-FIRE-1: a unit in no melee has none (null)", () => {
    expect(meleeEnemies(s, "fr9")).toBeNull();
    expect(meleeEnemies(s0, "gb1")).toBeNull();
  });
});

describe("fnfB: a unit's layout is remade when its footprint changes (FNF-GEO-2)", () => {
  const s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), frb: { id: "frb", side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered: false }, position: { x: 40, y: 20 }, facing: 90 } } });
  const inf = unit(s, "fr1");
  const bat = unit(s, "frb");
  const changes: [string, typeof inf, typeof inf][] = [
    ["arm (infantry to cavalry bases)", inf, { ...inf, arm: "cavalry" }],
    ["skirmishing", inf, { ...inf, skirmishing: true }],
    ["bases", inf, { ...inf, bases: 4 }],
    ["formation", inf, { ...inf, formation: "COLUMN_OF_ATTACK" }],
    ["facing", inf, { ...inf, facing: 0 }],
    ["x", inf, { ...inf, position: { x: 21, y: 20 } }],
    ["y", inf, { ...inf, position: { x: 20, y: 21 } }],
    ["limbered", bat, { ...bat, battery: bat.battery === null ? null : { ...bat.battery, limbered: true } }],
    ["gun type", bat, { ...bat, battery: bat.battery === null ? null : { ...bat.battery, type: "HEAVY" } }],
  ];
  for (const [what, before, after] of changes) {
    it(`FNF-GEO-2: a new value of the unit with another ${what} gets its own layout, not the one remembered`, () => {
      const first = layout(before);
      const second = layout(after);
      expect(second).toEqual(layoutOf(after));
      expect(second).not.toEqual(first);
      // The same placement again (a new object) gets the remembered layout back.
      expect(layout({ ...before })).toEqual(layoutOf(before));
    });
  }
});

describe("fnfB: terrain kinds and line crossings (FNF-GEO-6)", () => {
  const woods = area("w", "woods", 0, 0, 4, 4);
  const orchard = area("o", "orchard", 10, 0, 14, 4);
  const lava = area("l", "lava", 20, 0, 24, 4);
  const hill2 = area("h2", "hill", 0, 10, 10, 20, { hill: 2 });
  const hill1 = area("h1", "hill", 0, 10, 20, 20);
  const hedge = line("hd", "hedge", [[0, 30], [10, 30], [10, 40]]);

  it("FNF-GEO-6, AMB-91: features of a kind include its aliases and never a kind FnF ignores", () => {
    expect(fnfKind(lava)).toBeNull();
    expect(fnfKind(orchard)).toBe("woods");
    expect(featuresOf([woods, lava, orchard, hill1], ["woods"])).toEqual([woods, orchard]);
    expect(featuresOf([lava, hill1], ["woods", "hill"])).toEqual([hill1]);
    expect(featuresOf([lava], ["woods", "rough", "buildings", "hill", "impassable", "road", "stream", "hedge"])).toEqual([]);
  });

  it("FNF-GEO-6: a segment meets a polyline at its first crossing; an area feature (no polyline) is never crossed", () => {
    expect(crossingPoint({ x: 5, y: 25 }, { x: 5, y: 35 }, hedge)).toEqual({ x: 5, y: 30 });
    expect(crossingPoint({ x: 5, y: 35 }, { x: 15, y: 35 }, hedge)).toEqual({ x: 10, y: 35 });
    expect(crossingPoint({ x: 5, y: 31 }, { x: 9, y: 39 }, hedge)).toBeNull();
    expect(crossingPoint({ x: -5, y: 2 }, { x: 10, y: 2 }, woods)).toBeNull();
  });

  it("FNF-GEO-6: elevation is the highest hill level holding the point (a hill without a level is 1)", () => {
    expect(elevationAt([hill1, hill2], { x: 5, y: 15 })).toBe(2);
    expect(elevationAt([hill1, hill2], { x: 15, y: 15 })).toBe(1);
    expect(elevationAt([hill1, hill2, woods], { x: 2, y: 2 })).toBe(0);
  });

  it("FNF-GEO-7: a unit's elevation and cover are the best that more than half its bases have", () => {
    const t = [hill1, hill2];
    expect(unitElevation(t, [{ x: 5, y: 15 }, { x: 6, y: 15 }, { x: 15, y: 15 }])).toBe(2);
    expect(unitElevation(t, [{ x: 5, y: 15 }, { x: 15, y: 15 }, { x: 15, y: 16 }, { x: 30, y: 30 }])).toBe(1);
    expect(unitElevation(t, [{ x: 5, y: 15 }, { x: 30, y: 30 }])).toBe(0);
    expect(unitCover(["hard", "soft", "none"])).toBe("soft");
    expect(unitCover(["hard", "hard", "none"])).toBe("hard");
    expect(unitCover(["entrenchments", "none"])).toBe("none");
    expect(unitCover([])).toBe("none");
  });
});

describe("fnfB: visible units, nearest first (FNF-GEO-8)", () => {
  it("FNF-GEO-8: equally far targets come in id order, after a nearer one", () => {
    const s = advanceTo(
      fnfBattle({
        units: {
          fr1: brigade("fr1", "fr", 36, 10),
          gbz: brigade("gbz", "gb", 16, 30),
          gbm: brigade("gbm", "gb", 36, 26),
          gba: brigade("gba", "gb", 56, 30),
        },
      }),
      "maneuver",
      "fr",
    );
    // The units come in insertion order, gbz before gba: only the id tie-break puts gba first.
    expect(Object.keys(s.fnf?.units ?? {})).toEqual(["fr1", "gbz", "gbm", "gba"]);
    const mine = rectsOf(layout(unit(s, "fr1")));
    const d = (id: string) => basesDistance(mine, rectsOf(layout(unit(s, id))));
    expect(d("gba")).toBe(d("gbz"));
    expect(d("gbm")).toBeLessThan(d("gba"));
    expect(visibleUnits(s, "fr1")).toEqual(["gbm", "gba", "gbz"]);
  });
});

describe("fnfB: crossing lines and detachments' hard cover (FNF-GEO-7, FNF-DET-1)", () => {
  const wall = line("sw", "stoneWall", [[0, 0], [10, 0]]);
  const hedge = line("hd", "hedge", [[0, 0], [10, 0]]);
  const across: [{ x: number; y: number }, { x: number; y: number }][] = [
    [{ x: 1, y: -1 }, { x: 1, y: 1 }],
    [{ x: 2, y: -1 }, { x: 2, y: 1 }],
    [{ x: 20, y: -1 }, { x: 20, y: 1 }],
  ];
  it("FNF-GEO-7: a line is across when it crosses more than half of the segments (2 of 3 yes, 1 of 2 no, none of none)", () => {
    expect(acrossLine(wall, across)).toBe(true);
    expect(acrossLine(wall, [across[0], across[2]] as typeof across)).toBe(false);
    expect(acrossLine(wall, [])).toBe(false);
  });
  const rect = (x: number, y: number) => ({ center: { x, y }, halfWidth: 0.5, halfDepth: 0.5, facing: 90 });
  it("FNF-DET-1: a detachment base within 1\" of a stone wall is in hard cover; 1\" is the limit", () => {
    expect(detachmentInHardCover([wall], rect(5, 1.5))).toBe(true);
    expect(detachmentInHardCover([wall], rect(5, 1.6))).toBe(false);
    expect(detachmentInHardCover([hedge], rect(5, 1))).toBe(false);
  });
  it("FNF-DET-1: a base centred in buildings or on a sunken road is in hard cover; one centred outside is not", () => {
    const town = area("t", "town", 0, 0, 4, 4);
    const sunken = line("sr", "sunkenRoad", [[0, 10], [10, 10]]);
    expect(detachmentInHardCover([town], rect(2, 2))).toBe(true);
    expect(detachmentInHardCover([town], rect(2, 4.4))).toBe(false);
    expect(detachmentInHardCover([sunken], rect(5, 10.4))).toBe(true);
    expect(detachmentInHardCover([sunken], rect(5, 10.6))).toBe(false);
  });
});
