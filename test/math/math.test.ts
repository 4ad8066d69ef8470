import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { atan2Deg, cosDeg, exp, hypot, ln, sinDeg, tanDeg } from "../../src/math/index.js";

/** The IEEE 754 bit pattern of a double, as 16 hex digits. */
const bits = (v: number): string => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
};

/** The spacing of doubles at v. */
const ulp = (v: number): number => {
  const a = Math.abs(v);
  return a === 0 ? Number.MIN_VALUE : 2 ** (Math.floor(Math.log2(a)) - 52);
};

// Pinned outputs: these bits are what every engine must compute (pure + − × ÷ and sqrt). A change
// here changes saved replays: regenerate on purpose only, with a changeset.
const SIN_COS: readonly (readonly [number, string, string])[] = [
  [1, "3f91df0b2b89dd1e", "3feffec097f5af8a"],
  [10, "3fc63a1a7e0b7389", "3fef838b8c811c17"],
  [22.5, "3fd87de2a6aea963", "3fed906bcf328d46"],
  [33.3, "3fe191984d01e95b", "3feabeef145aa617"],
  [44.99, "3fe69f9b8fa4870c", "3fe6a1a131c98b95"],
  [60.1, "3febbd9e4035fd07", "3fdfe7391eecc73b"],
  [89.999, "3fefffffffeb111d", "3ef24d15211596ef"],
  [123.456, "3feab2a9b25a9ab9", "bfe1a43870d371f9"],
  [200.25, "bfd626c8282f1408", "bfee05a9d625af0f"],
  [271.7, "bfeffc64f5b36d46", "3f9e60d3f0901486"],
  [359.9, "bf5c98701025f245", "3feffffcce4c8e64"],
  [-37.5, "bfe37af93f9513ea", "3fe963268b572492"],
  [-100.125, "bfef806c25684ea8", "bfc6807e1489cb33"],
  [1000000.1, "bfef810cd0198d6c", "3fc6726ab8af5aba"],
  [0.001, "3ef24d15211536db", "3fefffffffeb111d"],
];

const ATAN2: readonly (readonly [number, number, string])[] = [
  [1, 2, "403a90a731a61dc4"],
  [2, 1, "404fb7ac672cf11e"],
  [0.3, 7, "4003a1db5bcb8906"],
  [-5, 3, "c04d84a3a03eb80c"],
  [3, -5, "4062a128e80fae03"],
  [-1e-9, -4, "c0667ffffff84f55"],
  [12.5, 0.001, "40567fb4e6ba06bf"],
  [7, 7.000001, "40467fffddab4de2"],
  [0.1, 0.2, "403a90a731a61dc4"],
];

const HYPOT: readonly (readonly [number, number, string])[] = [
  [1, 1, "3ff6a09e667f3bcd"],
  [0.1, 0.2, "3fcc9f25c5bfedda"],
  [1e200, 3e200, "69908669e596b4f8"],
  [3e-200, 1e-200, "16835d5244b69495"],
  [12.25, -7.5, "402cba2779a9b2cc"],
];

const EXP: readonly (readonly [number, string])[] = [
  [1, "4005bf0a8b14576a"],
  [-1, "3fd78b56362cef38"],
  [0.5, "3ffa61298e1e069c"],
  [-4.2, "3f8eb600403a9684"],
  [20.75, "41ce9c1c635f078a"],
  [-700.5, "00c4ff475c68ca02"],
];

const LN: readonly (readonly [number, string])[] = [
  [2, "3fe62e42fefa39ef"],
  [10, "40026bb1bbb55516"],
  [0.3, "bff34378fcbda721"],
  [1234.5, "401c79436f818745"],
  [1e-300, "c085963447f87fb5"],
  [1.0000001, "3e7ad7f2847b6491"],
];

describe("deterministic math: pinned bits", () => {
  it.each(SIN_COS)("CORE-GEO-2: sinDeg(%s) and cosDeg have pinned bits", (deg, sin, cos) => {
    expect(bits(sinDeg(deg))).toBe(sin);
    expect(bits(cosDeg(deg))).toBe(cos);
  });

  it.each(ATAN2)("CORE-GEO-2: atan2Deg(%s, %s) has pinned bits", (y, x, expected) => {
    expect(bits(atan2Deg(y, x))).toBe(expected);
  });

  it.each(HYPOT)("CORE-GEO-1: hypot(%s, %s) has pinned bits", (x, y, expected) => {
    expect(bits(hypot(x, y))).toBe(expected);
  });

  it("exp and ln have pinned bits", () => {
    for (const [x, expected] of EXP) expect([x, bits(exp(x))]).toEqual([x, expected]);
    for (const [x, expected] of LN) expect([x, bits(ln(x))]).toEqual([x, expected]);
    expect(bits(tanDeg(10))).toBe("3fc691e1ebc5cbbc");
    expect(bits(tanDeg(-80))).toBe("c016af648056a137");
  });
});

describe("deterministic math: exact values", () => {
  it("CORE-GEO-2: quarter turns are exact, with no −0", () => {
    const quarters: readonly (readonly [number, number, number])[] = [
      [0, 0, 1],
      [90, 1, 0],
      [180, 0, -1],
      [270, -1, 0],
      [360, 0, 1],
      [-90, -1, 0],
      [-180, 0, -1],
      [450, 1, 0],
      [-630, 1, 0],
      [3.6e11 + 90, 1, 0],
      [-3.6e15 - 270, 1, 0],
    ];
    for (const [deg, s, c] of quarters) {
      expect([deg, sinDeg(deg)]).toEqual([deg, s]);
      expect([deg, cosDeg(deg)]).toEqual([deg, c]);
      expect(Object.is(cosDeg(deg), -0)).toBe(false);
    }
  });

  it("CORE-GEO-2: 30°, 45° and their mirrors are exact", () => {
    expect(sinDeg(30)).toBe(0.5);
    expect(cosDeg(60)).toBe(0.5);
    expect(sinDeg(150)).toBe(0.5);
    expect(cosDeg(120)).toBe(-0.5);
    expect(sinDeg(-30)).toBe(-0.5);
    for (const deg of [45, 135, 225, 315, -45, -135]) {
      expect(Math.abs(sinDeg(deg))).toBe(Math.SQRT1_2);
      expect(Math.abs(cosDeg(deg))).toBe(Math.SQRT1_2);
    }
    expect(tanDeg(45)).toBe(1);
    expect(tanDeg(-45)).toBe(-1);
  });

  it("CORE-GEO-2: atan2Deg is exact on the axes and diagonals, in (−180, 180]", () => {
    const cases: readonly (readonly [number, number, number])[] = [
      [0, 1, 0],
      [1, 0, 90],
      [0, -1, 180],
      [-0, -1, 180],
      [-1, 0, -90],
      [2, 2, 45],
      [2, -2, 135],
      [-2, -2, -135],
      [-2, 2, -45],
      [0, 0, 0],
      [0, -0, 180],
      [Infinity, 1, 90],
      [1, -Infinity, 180],
      [Infinity, Infinity, 45],
    ];
    for (const [y, x, deg] of cases) expect([y, x, atan2Deg(y, x)]).toEqual([y, x, deg]);
    expect(Object.is(atan2Deg(-0, 1), 0)).toBe(true);
    expect(atan2Deg(Number.NaN, 1)).toBeNaN();
  });

  it("hypot, exp and ln at their edges", () => {
    expect(hypot(3, 4)).toBe(5);
    expect(hypot(-5, 12)).toBe(13);
    expect(hypot(0, 0)).toBe(0);
    expect(hypot(Number.MIN_VALUE, 0)).toBe(Number.MIN_VALUE);
    expect(hypot(Infinity, Number.NaN)).toBe(Infinity);
    expect(hypot(Number.NaN, 1)).toBeNaN();
    expect(hypot(1e308, 1e308)).toBe(Math.SQRT2 * 1e308);
    expect(exp(0)).toBe(1);
    expect(exp(800)).toBe(Infinity);
    expect(exp(-800)).toBe(0);
    expect(exp(Number.NaN)).toBeNaN();
    expect(ln(1)).toBe(0);
    expect(ln(0)).toBe(-Infinity);
    expect(ln(-1)).toBeNaN();
    expect(ln(Infinity)).toBe(Infinity);
    expect(ln(Number.MIN_VALUE)).toBeCloseTo(-744.4400719213812, 12);
    expect(Number.isNaN(sinDeg(Infinity)) && Number.isNaN(cosDeg(Number.NaN))).toBe(true);
  });
});

describe("deterministic math: the memo is invisible", () => {
  it("CORE-GEO-2: sinDeg and cosDeg give the same bits with the memo cold or warm, in any call order", () => {
    const angles = [90, 37.5, 37.5, -0, 0, 270, 12.25, 90, 1e11 + 0.5, 37.5];
    const cold = angles.map((a) => [bits(sinDeg(a)), bits(cosDeg(a))]);
    const warm = angles.map((a) => {
      sinDeg(a);
      cosDeg(a);
      return [bits(sinDeg(a)), bits(cosDeg(a))];
    });
    const reversed = [...angles].reverse().map((a) => [bits(cosDeg(a)), bits(sinDeg(a))]).reverse().map(([c, s]) => [s, c]);
    expect(warm).toEqual(cold);
    expect(reversed).toEqual(cold);
  });
});

describe("deterministic math: properties", () => {
  const angle = fc.double({ min: -1e6, max: 1e6, noNaN: true });

  it("CORE-GEO-2: sin² + cos² = 1 within 4e-16, and both stay within an ulp or two of Math's", () => {
    fc.assert(
      fc.property(angle, (deg) => {
        const s = sinDeg(deg);
        const c = cosDeg(deg);
        expect(Math.abs(s * s + c * c - 1)).toBeLessThanOrEqual(4e-16);
        // Math.sin(deg·π/180) carries the rounding of the conversion (up to ~1e-10 at 1e6°), so
        // compare against it only where that rounding is small.
        if (Math.abs(deg) <= 360) {
          expect(Math.abs(s - Math.sin((deg * Math.PI) / 180))).toBeLessThanOrEqual(2e-15);
          expect(Math.abs(c - Math.cos((deg * Math.PI) / 180))).toBeLessThanOrEqual(2e-15);
        }
      }),
      { seed: 17, numRuns: 3000 },
    );
  });

  it("CORE-GEO-2: sin is odd, cos even, and a half turn negates both, exactly", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), (deg) => {
        expect(sinDeg(-deg) === -sinDeg(deg)).toBe(true);
        expect(cosDeg(-deg)).toBe(cosDeg(deg));
        // Adding 360 is exact only when deg is a multiple of the ulp of deg + 360.
        if (Number.isInteger(deg * 1024)) {
          expect(sinDeg(deg + 360)).toBe(sinDeg(deg));
          expect(sinDeg(deg + 180) === -sinDeg(deg)).toBe(true);
          expect(cosDeg(deg + 90) === -sinDeg(deg)).toBe(true);
        }
      }),
      { seed: 18, numRuns: 3000 },
    );
  });

  it("CORE-GEO-2: atan2Deg inverts (cosDeg, sinDeg) on (−180, 180] and is odd in y", () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true, minExcluded: true }), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (deg, r) => {
        const back = atan2Deg(r * sinDeg(deg), r * cosDeg(deg));
        expect(Math.abs(back - deg)).toBeLessThanOrEqual(1e-12);
        const y = r * sinDeg(deg);
        const x = r * cosDeg(deg);
        if (y !== 0) expect(atan2Deg(-y, x) === -atan2Deg(y, x)).toBe(true);
        if (y > 0 && x > 0) expect(atan2Deg(y, -x)).toBe(180 - atan2Deg(y, x));
      }),
      { seed: 19, numRuns: 3000 },
    );
  });

  it("atan2Deg stays within 2 ulps of Math.atan2 in degrees", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }), (y, x) => {
        fc.pre(Math.abs(x) > 1e-300 || Math.abs(y) > 1e-300);
        const reference = (Math.atan2(y, x) * 180) / Math.PI;
        const tolerance = reference === -180 ? 0 : 3 * ulp(reference);
        if (reference !== -180) expect(Math.abs(atan2Deg(y, x) - reference)).toBeLessThanOrEqual(tolerance);
      }),
      { seed: 20, numRuns: 3000 },
    );
  });

  it("CORE-GEO-1: hypot is within an ulp of Math.hypot, symmetric and sign-blind", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), (x, y) => {
        const h = hypot(x, y);
        expect(h).toBe(hypot(y, x));
        expect(h).toBe(hypot(-x, y));
        const m = Math.hypot(x, y);
        if (m === Infinity) expect(h).toBe(Infinity);
        else expect(Math.abs(h - m)).toBeLessThanOrEqual(2 * ulp(m));
      }),
      { seed: 21, numRuns: 3000 },
    );
  });

  it("exp and ln invert each other and stay within 2 ulps of Math's", () => {
    fc.assert(
      fc.property(fc.double({ min: -700, max: 700, noNaN: true }), (x) => {
        const e = exp(x);
        expect(Math.abs(e - Math.exp(x))).toBeLessThanOrEqual(2 * ulp(Math.exp(x)));
        expect(Math.abs(ln(e) - x)).toBeLessThanOrEqual(4 * ulp(x) + 1e-15);
      }),
      { seed: 22, numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true }), (x) => {
        const reference = Math.log(x);
        expect(Math.abs(ln(x) - reference)).toBeLessThanOrEqual(2 * ulp(reference));
      }),
      { seed: 23, numRuns: 3000 },
    );
  });
});
