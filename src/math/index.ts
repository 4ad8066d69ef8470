/**
 * Deterministic math for the core: every function here is built from + − × ÷ and `Math.sqrt`,
 * which IEEE 754 rounds exactly, so a battle computes the same bits in Node, in every browser and
 * after an engine upgrade. The core calls these instead of the engine's transcendental `Math.*`
 * (sin, cos, tan, atan2, hypot, exp, log, pow), whose last bits are implementation-defined;
 * test/math/scan.test.ts keeps it that way. Angles are in degrees, as everywhere in the rules.
 */
/** sin, cos, tan, atan2 in degrees, and hypot. */
export { sinDeg, cosDeg, tanDeg, atan2Deg, hypot } from "./trig.js";
/** eˣ and ln x. */
export { exp, ln } from "./explog.js";
/** Rounding lengths so exact ties fall to a stable key. */
export { TIE_GRAIN, tieKey } from "./ties.js";
