import { describe, expect, it } from "vitest";
import { chargeResult } from "../../src/rules/fnf/tables/charge.js";
import { FIRE_BASE_LOSSES, fireEffect, firePointsAt, longestRange, musketryRow } from "../../src/rules/fnf/tables/fire.js";
import { fallenLeaderRow } from "../../src/rules/fnf/tables/leaders.js";
import { maneuverResult } from "../../src/rules/fnf/tables/maneuver.js";

/**
 * The musketry and cannonade table of FNF-FIRE-6 as the rule book prints it: for each band of fire
 * points, the lowest modified score giving Lively, Telling, Deadly and Withering (null: no such column).
 */
const SPEC: [number, number, number | null, number | null, number | null, number | null][] = [
  [0.5, 0.5, 11, null, null, null],
  [1, 1, 10, null, null, null],
  [2, 2, 9, 12, null, null],
  [3, 3, 9, 11, null, null],
  [4, 4, 8, 11, null, null],
  [5, 5, 7, 10, null, null],
  [6, 7, 6, 9, 12, null],
  [8, 9, 6, 9, 11, null],
  [10, 11, 5, 8, 11, null],
  [12, 14, 4, 7, 10, null],
  [15, 19, 3, 6, 9, 12],
  [20, 24, 2, 5, 8, 11],
  [25, 29, 1, 4, 7, 10],
  [30, 34, 0, 3, 6, 9],
  [35, 39, 0, 2, 5, 8],
  [40, 44, 0, 1, 4, 7],
  [45, 49, 0, 1, 3, 6],
  [50, 200, 0, 1, 3, 5],
];

function specEffect(points: number, score: number): string {
  const band = SPEC.find(([lo, hi]) => points >= lo && points <= hi);
  if (band === undefined) throw new Error(`no band for ${points}`);
  const s = Math.max(0, score);
  const [, , l, t, d, w] = band;
  if (w !== null && s >= w) return "WITHERING";
  if (d !== null && s >= d) return "DEADLY";
  if (t !== null && s >= t) return "TELLING";
  if (l !== null && s >= l) return "LIVELY";
  return "DESULTORY";
}

const POINTS = [0.5, ...Array.from({ length: 60 }, (_, i) => i + 1), 99, 200];

describe("fnfE: the musketry table cell by cell (FNF-FIRE-6)", () => {
  it.each(POINTS)("FNF-FIRE-6: %s fire points, modified scores −3 to 16, give the rule book's effect", (points) => {
    const row = musketryRow(points);
    expect(row).not.toBeNull();
    if (row === null) return;
    const got = Array.from({ length: 20 }, (_, i) => fireEffect(row, i - 3));
    const want = Array.from({ length: 20 }, (_, i) => specEffect(points, i - 3));
    expect(got).toEqual(want);
  });

  it("FNF-FIRE-6: each band starts and ends where the rule book says", () => {
    for (const [lo, hi] of SPEC) {
      expect(musketryRow(lo)?.points[0]).toBe(lo);
      if (hi !== 200) expect(musketryRow(hi)?.points[1]).toBe(hi);
    }
    expect(musketryRow(0)).toBeNull();
    expect(musketryRow(0.25)).toBeNull();
    expect(musketryRow(-1)).toBeNull();
    expect(musketryRow(1000)?.points).toEqual([50, null]);
  });

  it("FNF-FIRE-7: bases lost per effect: none, none, 1, 2, 3", () => {
    expect(FIRE_BASE_LOSSES).toEqual({ DESULTORY: 0, LIVELY: 0, TELLING: 1, DEADLY: 2, WITHERING: 3 });
  });
});

describe("fnfE: ranges (FNF-FIRE-3, FNF-FIRE-9)", () => {
  it("FNF-FIRE-3: each firer's longest range is its last band with points", () => {
    expect((["infantry", "rifle", "FOOT", "HORSE", "HEAVY"] as const).map(longestRange)).toEqual([4, 6, 24, 20, 32]);
  });

  it("FNF-FIRE-3: a band's edge counts within the 0.001\" tolerance, and just past it the next band applies", () => {
    expect(firePointsAt("FOOT", 4.001)).toBe(10);
    expect(firePointsAt("FOOT", 4.002)).toBe(3);
    expect(firePointsAt("HEAVY", 32.001)).toBe(1);
    expect(firePointsAt("HEAVY", 32.002)).toBe(0);
    expect(firePointsAt("HEAVY", 0)).toBe(12);
    expect(firePointsAt("infantry", 4.5, 1)).toBe(1);
    expect(firePointsAt("infantry", 5.5, 1)).toBe(0);
  });
});

describe("fnfE: table lookups outside the dice (FNF-MEL-5, FNF-LDR-1, FNF-MAN-2)", () => {
  it("FNF-MEL-5: a difference that is not a number has no row and is refused with a RangeError naming it", () => {
    expect(() => chargeResult(Number.NaN)).toThrow(new RangeError("chargeResult: no row for NaN"));
  });

  it("FNF-LDR-1: a Fallen Leaders roll outside 2–12 is refused; 2 and 12 are rows", () => {
    expect(() => fallenLeaderRow(1)).toThrow(new RangeError("fallenLeaderRow: a 2D6 roll is 2..12, got 1"));
    expect(() => fallenLeaderRow(13)).toThrow(new RangeError("fallenLeaderRow: a 2D6 roll is 2..12, got 13"));
    expect(fallenLeaderRow(12)).toEqual({ roll: 12, text: "Mere flesh wound", casualty: false });
    expect(fallenLeaderRow(2).roll).toBe(2);
  });

  it("FNF-MAN-2: the maneuver table's edges in both columns, and a score that is no number falls to the worst row", () => {
    const edges = [-5, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 20];
    expect(edges.map((x) => maneuverResult(x, false))).toEqual(["RETIRE", "RETIRE", "DISENGAGE", "DISENGAGE", "HOLD", "HOLD", "TARDY", "TARDY", "WELL_HANDLED", "WELL_HANDLED", "WELL_HANDLED", "WELL_HANDLED"]);
    expect(edges.map((x) => maneuverResult(x, true))).toEqual(["QUIT_FIELD", "QUIT_FIELD", "BROKEN", "BROKEN", "WAVERING", "WAVERING", "SHAKEN", "SHAKEN", "RALLY_HALF_MOVE", "RALLY_HALF_MOVE", "RALLY_ELAN", "RALLY_ELAN"]);
    expect([maneuverResult(Number.NaN, false), maneuverResult(Number.NaN, true)]).toEqual(["RETIRE", "QUIT_FIELD"]);
  });
});
