/**
 * eˣ and ln x from + − × ÷ only, so they return the same bits on every engine (`Math.exp` and
 * `Math.log` differ in the last bits between V8 versions and browsers). Within a couple of ulps of
 * the true value; exact at `exp(0) === 1` and `ln(1) === 0`. For the bots' and the studies' choices,
 * which must replay identically wherever they run.
 */

/** ln 2 split in two: the high part has 20 significant bits, so k·LN2_HI is exact for |k| < 2¹¹. */
const LN2_HI = 0.6931467056274414;
const LN2_LO = 4.7493250390316726e-7;
const INV_LN2 = 1.4426950408889634;

/** Taylor coefficients 1/n! of eʳ for n = 2…13 (the truncation error is below 1e-17 on |r| ≤ ln2/2). */
const E2 = 1 / 2;
const E3 = 1 / 6;
const E4 = 1 / 24;
const E5 = 1 / 120;
const E6 = 1 / 720;
const E7 = 1 / 5040;
const E8 = 1 / 40320;
const E9 = 1 / 362880;
const E10 = 1 / 3628800;
const E11 = 1 / 39916800;
const E12 = 1 / 479001600;
const E13 = 1 / 6227020800;

/** 2ᵏ for an integer |k| ≤ 1000, by repeated squaring of 2 or ½ (every step exact). */
function pow2(k: number): number {
  let base = k < 0 ? 0.5 : 2;
  let e = k < 0 ? -k : k;
  let p = 1;
  while (e > 0) {
    if (e % 2 === 1) p *= base;
    base *= base;
    e = Math.floor(e / 2);
  }
  return p;
}

/** 2¹⁰⁰⁰ and 2⁻¹⁰⁰⁰ (exact powers of two). */
const TWO_1000 = 1.0715086071862673e301;
const TWO_M1000 = 9.332636185032189e-302;

/**
 * eˣ: x = k·ln 2 + r with |r| ≤ ½ ln 2 (r from the split ln 2, nearly exact), eʳ by its series,
 * then scaled by the exact power 2ᵏ.
 * @example
 * exp(0) // 1
 */
export function exp(x: number): number {
  if (x !== x) return Number.NaN;
  if (x > 709.782712893384) return Infinity;
  if (x < -745.1332191019412) return 0;
  const k = Math.round(x * INV_LN2);
  const r = x - k * LN2_HI - k * LN2_LO;
  const p = 1 + r * (1 + r * (E2 + r * (E3 + r * (E4 + r * (E5 + r * (E6 + r * (E7 + r * (E8 + r * (E9 + r * (E10 + r * (E11 + r * (E12 + r * E13))))))))))));
  if (k > 1000) return p * TWO_1000 * pow2(k - 1000);
  if (k < -1000) return p * TWO_M1000 * pow2(k + 1000);
  return p * pow2(k);
}

/** 2³² and 2⁻³², for coarse exact rescaling. */
const TWO_32 = 4294967296;
const TWO_M32 = 1 / 4294967296;

/**
 * ln x: x = m·2ᵉ with m in [√½, √2) (exact rescaling), then ln m = 2·atanh s with
 * s = (m − 1)/(m + 1), |s| ≤ 0.172, by its series to s²⁵ (truncation below 1e-19).
 * NaN below 0, −Infinity at 0.
 * @example
 * ln(1) // 0
 */
export function ln(x: number): number {
  if (!(x >= 0)) return Number.NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return Infinity;
  let m = x;
  let e = 0;
  while (m >= TWO_32) {
    m *= TWO_M32;
    e += 32;
  }
  while (m < TWO_M32) {
    m *= TWO_32;
    e -= 32;
  }
  while (m >= Math.SQRT2) {
    m *= 0.5;
    e += 1;
  }
  while (m < Math.SQRT1_2) {
    m *= 2;
    e -= 1;
  }
  const s = (m - 1) / (m + 1);
  const z = s * s;
  const series = z * (1 / 3 + z * (1 / 5 + z * (1 / 7 + z * (1 / 9 + z * (1 / 11 + z * (1 / 13 + z * (1 / 15 + z * (1 / 17 + z * (1 / 19 + z * (1 / 21 + z * (1 / 23 + z * (1 / 25))))))))))));
  const lnM = 2 * s + 2 * s * series;
  return e * LN2_HI + (e * LN2_LO + lnM);
}
