import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  EPSILON,
  angleDiff,
  forward,
  inContact,
  leq,
  lt,
  mmToInches,
  right,
  toLocal,
  toWorld,
  vec,
} from "../../src/geometry/index.js";

describe("units, tolerance and frames", () => {
  it("CORE-GEO-1: millimetres convert at 25.4 per inch with no rounding", () => {
    expect(mmToInches(20)).toBeCloseTo(0.78740157480315, 12);
    expect(mmToInches(25.4)).toBe(1);
  });

  it("CORE-GEO-1: comparisons use ε = 0.001\"", () => {
    expect(EPSILON).toBe(0.001);
    expect(leq(12.0009, 12)).toBe(true);
    expect(leq(12.0011, 12)).toBe(false);
    expect(lt(11.9995, 12)).toBe(false);
    expect(lt(11.998, 12)).toBe(true);
    expect(inContact(0.001)).toBe(true);
    expect(inContact(0.0011)).toBe(false);
  });

  it("CORE-GEO-2: facing θ gives f = (cos θ, sin θ) and r = (sin θ, −cos θ)", () => {
    expect(forward(90).x).toBeCloseTo(0, 12);
    expect(forward(90).y).toBeCloseTo(1, 12);
    expect(right(90).x).toBeCloseTo(1, 12);
    expect(right(90).y).toBeCloseTo(0, 12);
    expect(right(0).y).toBeCloseTo(-1, 12);
    expect(angleDiff(350, 10)).toBeCloseTo(20, 12);
    expect(angleDiff(10, 350)).toBeCloseTo(-20, 12);
  });

  it("CORE-GEO-3: local u runs to the unit's right and v toward its rear", () => {
    const frame = { p: vec(10, 10), facing: 90 };
    const l = toLocal(frame, vec(11, 8));
    expect(l.u).toBeCloseTo(1, 12);
    expect(l.v).toBeCloseTo(2, 12);
    const back = toWorld(frame, l.u, l.v);
    expect(back.x).toBeCloseTo(11, 12);
    expect(back.y).toBeCloseTo(8, 12);
  });

  it("CORE-GEO-4: standard base sizes in inches", () => {
    expect(BASE_SIZES.foot.w).toBeCloseTo(0.7874016, 6);
    expect(BASE_SIZES.foot.d).toBeCloseTo(0.7874016, 6);
    expect(BASE_SIZES.cavalry.w).toBeCloseTo(0.9842520, 6);
    expect(BASE_SIZES.cavalry.d).toBeCloseTo(1.9685039, 6);
    expect(BASE_SIZES.gunUnlimbered.w).toBeCloseTo(1.9685039, 6);
    expect(BASE_SIZES.gunUnlimbered.d).toBeCloseTo(3.1496063, 6);
    expect(BASE_SIZES.gunLimbered.w).toBeCloseTo(1.5748031, 6);
    expect(BASE_SIZES.gunLimbered.d).toBeCloseTo(4.7244094, 6);
  });
});
