/**
 * Sine, cosine, tangent and arctangent in degrees, and `hypot`, from + − × ÷ and `Math.sqrt` only.
 * Those operations are exactly rounded by IEEE 754 on every engine, so these functions return the
 * same bits in Node, every browser and every future V8; `Math.sin`/`cos`/`atan2`/`hypot` are
 * implementation-defined and differ in the last bits between engines (and between V8 versions).
 *
 * Angles are reduced exactly (`%` and the subtraction of a multiple of 90 lose nothing), so the
 * quarter turns are exact: `sinDeg(90) === 1`, `cosDeg(90) === 0`, `cosDeg(180) === -1`; so are
 * `sinDeg(30) === 0.5` and `sinDeg(45) === cosDeg(45) === Math.SQRT1_2`. Elsewhere the results are
 * within a couple of ulps of the true value.
 */

/** π/180 as the nearest double. */
const DEG_TO_RAD = 0.017453292519943295;

/** 180/π as the nearest double. */
const RAD_TO_DEG = 57.29577951308232;

/**
 * sin(t) for |t| ≤ π/4 (and a little beyond): the Taylor series to t¹⁷, whose truncation error
 * there is below 1e-19, evaluated by Horner's rule.
 */
function sinKernel(t: number): number {
  const z = t * t;
  return t + t * z * (S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17)))))));
}
const S3 = -1 / 6;
const S5 = 1 / 120;
const S7 = -1 / 5040;
const S9 = 1 / 362880;
const S11 = -1 / 39916800;
const S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000;
const S17 = 1 / 355687428096000;

/**
 * cos(t) for |t| ≤ π/4: the Taylor series to t¹⁸ (truncation error below 1e-21); the leading
 * 1 − t²/2 is summed with its rounding error carried, which keeps the result within an ulp.
 */
function cosKernel(t: number): number {
  const z = t * t;
  const r = z * z * (C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18)))))));
  const hz = 0.5 * z;
  const w = 1 - hz;
  return w + (1 - w - hz + r);
}
const C4 = 1 / 24;
const C6 = -1 / 720;
const C8 = 1 / 40320;
const C10 = -1 / 3628800;
const C12 = 1 / 479001600;
const C14 = -1 / 87178291200;
const C16 = 1 / 20922789888000;
const C18 = -1 / 6402373705728000;

/** sin of r degrees, |r| ≤ 45 (a little beyond is fine), exact at 0, ±30 and ±45. */
function sinOfReduced(r: number): number {
  if (r === 0) return 0;
  const a = Math.abs(r);
  if (a === 30) return r > 0 ? 0.5 : -0.5;
  if (a === 45) return r > 0 ? Math.SQRT1_2 : -Math.SQRT1_2;
  return sinKernel(r * DEG_TO_RAD);
}

/** cos of r degrees, |r| ≤ 45, exact at 0 and ±45. */
function cosOfReduced(r: number): number {
  if (r === 0) return 1;
  if (r === 45 || r === -45) return Math.SQRT1_2;
  return cosKernel(r * DEG_TO_RAD);
}

/** 1/90, to find the nearest quarter turn (any rounding of it serves: the rest is exact anyway). */
const INV_90 = 1 / 90;

/**
 * The quarter turns q nearest to θ, for θ = 90·q + r with r in [−45, 45] (give or take an ulp).
 * Both parts are exact: below 6·10¹⁰ in size, 90·q is an integer and a multiple of the ulp of θ,
 * and so is r, which is small enough to be held exactly; larger angles go through `θ % 360` first
 * (exact too, see {@link wrapped}). Halves round away from zero, so sin(−θ) = −sin θ and
 * cos(−θ) = cos θ hold exactly. NaN and ±Infinity give NaN, and so do the functions built on it.
 */
function quarterTurns(d: number): number {
  return d < 0 ? -Math.round(-d * INV_90) : Math.round(d * INV_90);
}

/** θ itself, or θ mod 360 (exact) when it is too large for {@link quarterTurns} to stay exact. */
function wrapped(deg: number): number {
  return Math.abs(deg) < 6e10 ? deg : deg % 360;
}

// One-entry memos: a unit's bases share one facing, so footprints ask for the same angle many
// times in a row. Keyed by the angle's value and returning the same bits, they cannot change a
// result (a cache by content, never by identity).
let sinIn = 0;
let sinOut = 0;
let cosIn = 0;
let cosOut = 1;

/**
 * sin θ for θ in degrees; NaN for NaN or ±Infinity.
 * @example
 * sinDeg(90) // 1
 */
export function sinDeg(deg: number): number {
  if (deg === sinIn) return sinOut;
  const d = wrapped(deg);
  const q = quarterTurns(d);
  const r = d - q * 90;
  const k = q & 3;
  const out = k === 0 ? sinOfReduced(r) : k === 1 ? cosOfReduced(r) : k === 2 ? 0 - sinOfReduced(r) : 0 - cosOfReduced(r);
  sinIn = deg;
  sinOut = out;
  return out;
}

/**
 * cos θ for θ in degrees; NaN for NaN or ±Infinity. Never −0 (cos 90° is +0).
 * @example
 * cosDeg(180) // -1
 */
export function cosDeg(deg: number): number {
  if (deg === cosIn) return cosOut;
  const d = wrapped(deg);
  const q = quarterTurns(d);
  const r = d - q * 90;
  const k = q & 3;
  const out = k === 0 ? cosOfReduced(r) : k === 1 ? 0 - sinOfReduced(r) : k === 2 ? 0 - cosOfReduced(r) : sinOfReduced(r) + 0;
  cosIn = deg;
  cosOut = out;
  return out;
}

/**
 * tan θ for θ in degrees (sin/cos; ±Infinity at odd multiples of 90°).
 * @example
 * tanDeg(45) // 1
 */
export function tanDeg(deg: number): number {
  return sinDeg(deg) / cosDeg(deg);
}

/** atan(k/8) in degrees for k = 0…8, each the double nearest the true value. */
const ATAN_EIGHTHS = [0, 7.125016348901798, 14.036243467926479, 20.556045219583464, 26.56505117707799, 32.005383208083494, 36.86989764584402, 41.18592516570965, 45];

/**
 * atan(t) in degrees for t in [0, 1]: atan(t) = atan(c) + atan((t − c)/(1 + t·c)) with c the
 * nearest eighth, so the series runs on |u| ≤ 1/16, where terms to u¹⁵ leave an error below 1e-20.
 */
function atanDegUnit(t: number): number {
  const k = Math.round(t * 8);
  const c = k / 8;
  const u = (t - c) / (1 + t * c);
  const z = u * u;
  const series = u + u * z * (-1 / 3 + z * (1 / 5 + z * (-1 / 7 + z * (1 / 9 + z * (-1 / 11 + z * (1 / 13 + z * (-1 / 15)))))));
  return (ATAN_EIGHTHS[k] as number) + series * RAD_TO_DEG;
}

/**
 * The direction of the vector (x, y) in degrees counter-clockwise from +x, in (−180, 180]: the
 * heading convention of `geometry.angleOf`. Exact on the axes and the diagonals (0, ±45, ±90,
 * ±135, 180); the zero vector gives 0 (180 when x is −0, as `Math.atan2` does). NaN in, NaN out.
 * @example
 * atan2Deg(1, -1) // 135
 */
export function atan2Deg(y: number, x: number): number {
  if (y !== y || x !== x) return Number.NaN;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let a: number;
  if (ax === 0 && ay === 0) a = 0;
  else if (ax === ay) a = 45;
  else if (ay < ax) a = atanDegUnit(ay / ax);
  else a = 90 - atanDegUnit(ax / ay);
  if (x < 0 || (x === 0 && 1 / x < 0)) a = 180 - a;
  return y < 0 ? 0 - a : a;
}

/** 2⁶⁰⁰ and 2⁻⁶⁰⁰ (exact powers of two), for rescaling a hypot whose squares overflow or underflow. */
const BIG = 4.149515568880993e180;
const SMALL = 2.409919865102884e-181;

/**
 * √(x² + y²), from one `Math.sqrt` of the sum of squares (exactly rounded), rescaled by a power of
 * two when the squares would overflow or lose precision to underflow. ±Infinity in either gives
 * +Infinity, as `Math.hypot` does.
 * @example
 * hypot(3, 4) // 5
 */
export function hypot(x: number, y: number): number {
  const s = x * x + y * y;
  if (s > 1e-290 && s < 1e290) return Math.sqrt(s);
  if (x === Infinity || x === -Infinity || y === Infinity || y === -Infinity) return Infinity;
  if (s !== s) return Number.NaN;
  if (s === 0 && x === 0 && y === 0) return 0;
  const k = s >= 1e290 ? SMALL : BIG;
  const xs = x * k;
  const ys = y * k;
  return Math.sqrt(xs * xs + ys * ys) / k;
}
