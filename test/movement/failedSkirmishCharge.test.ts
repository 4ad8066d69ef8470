/**
 * A failed charge by an extended-order unit (CORE-CHRG-6, CORE-GEO-24): its models turn to face the
 * target and move together toward it, M at most and never within 1" of it, keeping their spacing.
 */
import { describe, expect, it } from "vitest";
import { failedLooseChargeMove } from "../../src/geometry/charge.js";
import { footprintDistance, rectBehindFrame } from "../../src/geometry/rect.js";
import { battleOf, chargeMove, declare, fr, gb, must, ofType, patch, respond, run, toStep, unitOf } from "../fixtures/movement.js";

const BASE = { w: 20 / 25.4, d: 20 / 25.4 };
const HALF = BASE.d / 2;
const line = (y: number, facing = 90) => [31, 33, 35, 37, 39, 41].map((x) => ({ x, y, facing }));
const skirmishers = (models = line(11.5)) =>
  fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 6, startingFigures: 6, files: 6, command: {}, models });

/** Declares fr-x on gb-1, gb-1 holds, and the charge-moves step is reached. */
function atChargeMoves(units: Parameters<typeof battleOf>[0]) {
  const s0 = toStep(battleOf(units), "declareCharges");
  const d = toStep(must(must(s0, declare("fr-x", "gb-1")), { type: "turn/advance" }), "chargeResponses");
  return toStep(must(d, respond("gb-1", "hold")), "chargeMoves");
}

describe("CORE-GEO-24: the failed-charge move of an extended-order unit", () => {
  it("CORE-CHRG-6: skirmishers 10\" short of a line move 4\" straight at it, keep their files and are spent", () => {
    const r = run(atChargeMoves([skirmishers(), gb("gb-1", 36, 22)]), chargeMove("fr-x"));
    const u = unitOf(r.state, "fr-x");
    expect(u.models).toEqual(line(15.5));
    expect(u.position).toEqual({ x: 31, y: 15.5 + HALF });
    expect(u.facing).toBe(90);
    expect(u.flags).toMatchObject({ failedCharge: true, charged: false, moved: true, moveUsed: 1 });
    expect(ofType(r.events, "charge/failed")).toEqual([
      expect.objectContaining({ type: "charge/failed", rule: "CORE-CHRG-6", unit: "fr-x", target: "gb-1", why: "out of reach", to: { x: 31, y: 15.5 + HALF }, resolved: true }),
    ]);
  });

  it("CORE-CHRG-6: a target off to one side turns every model along the line its nearest model takes", () => {
    // The line runs from x = 40.3 to 49.7; its nearest point to the skirmishers' east model (41, 11.5)
    // is straight ahead of it, so the whole group keeps facing north even though its centre is west of the target.
    const r = run(atChargeMoves([skirmishers(), gb("gb-1", 45, 22)]), chargeMove("fr-x"));
    expect(unitOf(r.state, "fr-x").models).toEqual(line(15.5));
    // A target to the north-east of every model: the group turns 45° and moves 4" along the diagonal.
    const models = [31, 33, 35].map((x) => ({ x, y: 11.5, facing: 90 }));
    const r2 = run(
      atChargeMoves([
        fr("fr-x", 36, 12, { light: true, extendedOrderAllowed: true, formation: "EXTENDED_ORDER", figures: 3, startingFigures: 3, files: 3, command: {}, models }),
        gb("gb-1", 48, 30, { facing: 180, formation: "ATTACK_COLUMN", files: 4 }),
      ]),
      chargeMove("fr-x"),
    );
    const moved = unitOf(r2.state, "fr-x").models ?? [];
    expect(moved).toHaveLength(3);
    const dx = (moved[0]?.x ?? 0) - 31;
    const dy = (moved[0]?.y ?? 0) - 11.5;
    expect(Math.sqrt(dx * dx + dy * dy)).toBeCloseTo(4, 9);
    expect(dx).toBeGreaterThan(1);
    expect(dy).toBeGreaterThan(1);
    // Every model moved by the same vector and faces along it.
    moved.forEach((m, i) => {
      expect(m.x - (models[i]?.x ?? 0)).toBeCloseTo(dx, 12);
      expect(m.y - 11.5).toBeCloseTo(dy, 12);
      expect(m.facing).toBeCloseTo((Math.atan2(dy, dx) * 180) / Math.PI, 9);
    });
  });

  it("CORE-CHRG-6: skirmishers whose failed move would end on another unit stay where they were", () => {
    const blocked = patch(atChargeMoves([skirmishers(), gb("gb-1", 36, 22), fr("fr-2", 60, 40, { formation: "LINE", files: 12 })]), "fr-2", {
      position: { x: 36, y: 16.5 },
    });
    const r = run(blocked, chargeMove("fr-x"));
    const u = unitOf(r.state, "fr-x");
    expect(u.models).toEqual(line(11.5));
    expect(ofType(r.events, "charge/failed")).toEqual([expect.objectContaining({ unit: "fr-x", why: "out of reach", to: { x: 36, y: 12 } })]);
    expect(u.flags).toMatchObject({ failedCharge: true, moved: true });
  });
});

describe("CORE-GEO-24: failedLooseChargeMove (geometry)", () => {
  const target = [rectBehindFrame({ p: { x: 36, y: 15 }, facing: 270 }, 10, 2)];

  it("CORE-GEO-24: stops with the nearest base 1\" short of the target when M would bring it closer", () => {
    const r = failedLooseChargeMove(line(11.5), BASE, target, 4);
    expect(r).not.toBeNull();
    const moved = r?.moved ?? 0;
    // Front edges start at 11.5 + HALF; they stop at 14 (1" short of the target's front at 15).
    expect(moved).toBeCloseTo(14 - (11.5 + HALF), 9);
    const fp = (r?.models ?? []).map((m) => rectBehindFrame({ p: { x: m.x, y: m.y + HALF }, facing: 90 }, BASE.w, BASE.d));
    expect(footprintDistance(fp, target)).toBeCloseTo(1, 9);
    expect(r?.facing).toBe(90);
  });

  it("CORE-GEO-24: moves the full M when the target is far; the nearest model (lowest index on a tie) sets the line", () => {
    const far = [rectBehindFrame({ p: { x: 36, y: 40 }, facing: 270 }, 10, 2)];
    expect(failedLooseChargeMove(line(11.5), BASE, far, 4)).toEqual({ models: line(15.5), facing: 90, moved: 4 });
    // Only the west model is in line with a narrow target to the north-west; the group follows it.
    const nw = [rectBehindFrame({ p: { x: 25, y: 40 }, facing: 270 }, 1, 1)];
    const r = failedLooseChargeMove(line(11.5), BASE, nw, 4);
    expect(r?.moved).toBe(4);
    const m0 = r?.models[0];
    const expectedDir = { x: 25.5 - 31, y: 40 - 11.5 };
    expect(((m0?.x ?? 0) - 31) / ((m0?.y ?? 0) - 11.5)).toBeCloseTo(expectedDir.x / expectedDir.y, 9);
  });

  it("CORE-GEO-24: no line (a model already touching the target's nearest point) gives no move", () => {
    expect(failedLooseChargeMove([], BASE, target, 4)).toBeNull();
    expect(failedLooseChargeMove([{ x: 36, y: 15, facing: 90 }], BASE, target, 4)).toBeNull();
  });
});
