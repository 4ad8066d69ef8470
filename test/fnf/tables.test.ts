import { describe, expect, it } from "vitest";
import {
  CHARGE_TABLE,
  COMMAND_RADIUS,
  FALLEN_LEADERS,
  MOVE_RATES,
  NATIONS,
  chargeResult,
  fallenLeaderRow,
  fireEffect,
  firePointsAt,
  maneuverResult,
  musketryRow,
  nationManeuver,
  spentThreshold,
} from "../../src/rules/fnf/index.js";
import { DEFAULT_OPTIONS } from "../../src/index.js";

/** [points, [highest Desultory, Lively from, Telling from, Deadly from, Withering from]] per the table. */
const ROWS: [number, [number | null, number, number | null, number | null, number | null]][] = [
  [0.5, [10, 11, null, null, null]],
  [1, [9, 10, null, null, null]],
  [2, [8, 9, 12, null, null]],
  [3, [8, 9, 11, null, null]],
  [4, [7, 8, 11, null, null]],
  [5, [6, 7, 10, null, null]],
  [6, [5, 6, 9, 12, null]],
  [7, [5, 6, 9, 12, null]],
  [8, [5, 6, 9, 11, null]],
  [9, [5, 6, 9, 11, null]],
  [10, [4, 5, 8, 11, null]],
  [11, [4, 5, 8, 11, null]],
  [12, [3, 4, 7, 10, null]],
  [14, [3, 4, 7, 10, null]],
  [15, [2, 3, 6, 9, 12]],
  [19, [2, 3, 6, 9, 12]],
  [20, [1, 2, 5, 8, 11]],
  [24, [1, 2, 5, 8, 11]],
  [25, [0, 1, 4, 7, 10]],
  [29, [0, 1, 4, 7, 10]],
  [30, [null, 0, 3, 6, 9]],
  [34, [null, 0, 3, 6, 9]],
  [35, [null, 0, 2, 5, 8]],
  [39, [null, 0, 2, 5, 8]],
  [40, [null, 0, 1, 4, 7]],
  [44, [null, 0, 1, 4, 7]],
  [45, [null, 0, 1, 3, 6]],
  [49, [null, 0, 1, 3, 6]],
  [50, [null, 0, 1, 3, 5]],
  [80, [null, 0, 1, 3, 5]],
];

describe("FnF tables", () => {
  it.each(ROWS)("FNF-FIRE-6: musketry row for %s fire points, checked at every boundary", (points, [desMax, lively, telling, deadly, withering]) => {
    const row = musketryRow(points);
    expect(row).not.toBeNull();
    if (row === null) return;
    if (desMax !== null) expect(fireEffect(row, desMax)).toBe("DESULTORY");
    expect(fireEffect(row, lively)).toBe("LIVELY");
    if (telling !== null) {
      expect(fireEffect(row, telling - 1)).toBe("LIVELY");
      expect(fireEffect(row, telling)).toBe("TELLING");
    }
    if (deadly !== null) {
      expect(fireEffect(row, deadly - 1)).toBe("TELLING");
      expect(fireEffect(row, deadly)).toBe("DEADLY");
    }
    if (withering !== null) {
      expect(fireEffect(row, withering - 1)).toBe("DEADLY");
      expect(fireEffect(row, withering)).toBe("WITHERING");
    }
    const top = withering !== null ? "WITHERING" : deadly !== null ? "DEADLY" : telling !== null ? "TELLING" : "LIVELY";
    expect(fireEffect(row, 20)).toBe(top);
  });

  it("FNF-FIRE-6: a negative modified score counts as 0 (AMB-68); no row below ½ point", () => {
    const row = musketryRow(30);
    expect(row && fireEffect(row, -3)).toBe("LIVELY");
    expect(musketryRow(0)).toBeNull();
  });

  it("FNF-FIRE-3: fire points per base by range band", () => {
    expect([4, 4.0005, 6].map((r) => firePointsAt("infantry", r))).toEqual([1, 1, 0]);
    expect([4, 6, 6.1].map((r) => firePointsAt("rifle", r))).toEqual([1, 1, 0]);
    expect([4, 5, 12, 16, 18, 20, 24, 24.5].map((r) => firePointsAt("FOOT", r))).toEqual([10, 3, 3, 2, 2, 1, 1, 0]);
    expect([4, 8, 12, 16, 20, 21].map((r) => firePointsAt("HORSE", r))).toEqual([8, 3, 2, 1, 1, 0]);
    expect([4, 16, 18, 24, 32, 33].map((r) => firePointsAt("HEAVY", r))).toEqual([12, 4, 2, 2, 1, 0]);
  });

  it.each([
    [7, "SWEPT"], [30, "SWEPT"], [6, "DRIVEN_BACK"], [4, "DRIVEN_BACK"], [3, "HARD_PRESSED"], [1, "HARD_PRESSED"], [0, "DESPERATE_STRUGGLE"],
    [-1, "ASSAULT_CHECKED"], [-3, "ASSAULT_CHECKED"], [-4, "ASSAULT_FALTERS"], [-6, "ASSAULT_FALTERS"], [-7, "CHARGE_REPULSED"], [-30, "CHARGE_REPULSED"],
  ] as const)("FNF-MEL-5: a difference of %i is %s", (d, r) => {
    expect(chargeResult(d)).toBe(r);
  });

  it("FNF-MEL-5: the charge table has seven rows covering every difference", () => {
    expect(CHARGE_TABLE).toHaveLength(7);
  });

  it.each([
    [1, "RETIRE", "QUIT_FIELD"], [-4, "RETIRE", "QUIT_FIELD"], [2, "DISENGAGE", "BROKEN"], [3, "DISENGAGE", "BROKEN"], [4, "HOLD", "WAVERING"], [5, "HOLD", "WAVERING"],
    [6, "TARDY", "SHAKEN"], [7, "TARDY", "SHAKEN"], [8, "WELL_HANDLED", "RALLY_HALF_MOVE"], [10, "WELL_HANDLED", "RALLY_HALF_MOVE"], [11, "WELL_HANDLED", "RALLY_ELAN"], [17, "WELL_HANDLED", "RALLY_ELAN"],
  ] as const)("FNF-MAN-2: a modified %i gives %s in good order, %s disordered", (score, good, dis) => {
    expect(maneuverResult(score, false)).toBe(good);
    expect(maneuverResult(score, true)).toBe(dis);
  });

  it("FNF-MOVE-1: movement table", () => {
    expect(MOVE_RATES.infantry).toEqual({ normal: 12, road: 2, rough: 1 / 2, obstacle: 3 });
    expect(MOVE_RATES.cavalry).toEqual({ normal: 18, road: 2, rough: 1 / 3, obstacle: 3 });
    expect(MOVE_RATES.leader).toEqual({ normal: 18, road: 2, rough: 1 / 2, obstacle: 3 });
    expect(MOVE_RATES.footGuns).toEqual({ normal: 8, road: 3, rough: 1 / 3, obstacle: 4 });
    expect(MOVE_RATES.horseGuns).toEqual({ normal: 12, road: 3, rough: 1 / 4, obstacle: 6 });
  });

  it("FNF-CMD-1: command radius table", () => {
    expect(COMMAND_RADIUS.division).toEqual({ exceptional: 12, normal: 8, poor: 6 });
    expect(COMMAND_RADIUS.corps).toEqual({ exceptional: 24, normal: 18, poor: 12 });
  });

  it("FNF-LDR-1 and FNF-LDR-2: fallen leaders, 2–7 a casualty, 8–12 no effect", () => {
    expect(FALLEN_LEADERS.map((r) => r.roll)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(fallenLeaderRow(7).casualty).toBe(true);
    expect(fallenLeaderRow(8).casualty).toBe(false);
    expect(fallenLeaderRow(2).text).toBe("Felled by a sniper");
  });

  it("FNF-CLASS-2: national characteristics (Prussians only before 1809)", () => {
    expect(nationManeuver("austrian", 1813)).toBe(-1);
    expect(nationManeuver("spanish", 1808)).toBe(-1);
    expect(nationManeuver("prussian", 1806)).toBe(-1);
    expect(nationManeuver("prussian", 1813)).toBe(0);
    expect(NATIONS.french.attacker).toBe(1);
    expect(NATIONS.russian.defender).toBe(1);
    expect(NATIONS.british.lineFire).toBe(1);
  });

  it("FNF-STAT-2: Spent thresholds ceil(N/2), ceil(N/3), ceil(N/4)", () => {
    const t = (N: number, morale: "VETERAN" | "AVERAGE" | "RAW") => spentThreshold({ startingBases: N, morale }, DEFAULT_OPTIONS);
    expect([t(6, "VETERAN"), t(6, "AVERAGE"), t(6, "RAW")]).toEqual([3, 2, 2]);
    expect([t(8, "VETERAN"), t(8, "AVERAGE"), t(8, "RAW")]).toEqual([4, 3, 2]);
    expect(t(9, "AVERAGE")).toBe(3);
  });
});
