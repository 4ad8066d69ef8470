/**
 * Seeded dice whose whole state is plain data, scripted dice for tests, and exact
 * distributions for odds.
 */

/** Plain-data dice state stored inside the battle state (PRNG or scripted). */
export type { DiceState, PrngDiceState, ScriptedDiceState } from "./state.js";

/**
 * Seeds a deterministic dice state from a safe integer or a string.
 * @example
 * const state = seedDice("fusillade");
 * const dice = roller(state);
 * dice.nd6(2); // a 2D6 roll
 */
export { seedDice } from "./state.js";

/** Scripted dice for tests: D6 values (and angles) returned in the order listed. */
export { scriptedDice } from "./state.js";

/** Derives an independent, reproducible child stream from a dice state. */
export { forkDice } from "./state.js";

/** The mutable roller used inside one action. */
export type { Dice } from "./roller.js";

/**
 * Creates a roller continuing from a dice state; `snapshot()` gives the state back.
 * @example
 * const dice = roller(scriptedDice([6, 5, 1]));
 * dice.d6(); // 6
 * dice.snapshot(); // { kind: "scripted", d6: [5, 1], angles: [], draws: 1 }
 */
export { roller } from "./roller.js";

/** Thrown by scripted dice when their `d6` or `angles` script runs out. */
export { DiceScriptExhaustedError } from "./roller.js";

/** Artillery die faces, scatter die faces, and D6 readings of them (CORE-GEO-30). */
export type { ArtilleryFace, ScatterFace } from "./faces.js";

/** The artillery die's faces in D6 order: 2, 4, 6, 8, 10, "MISFIRE". */
export { ARTILLERY_FACES } from "./faces.js";

/** Reads a D6 face as an artillery die face. */
export { artilleryFaceOf } from "./faces.js";

/** Reads a D6 face as a D3. */
export { d3Of } from "./faces.js";

/** True when a D6 face reads HIT on the scatter die. */
export { isScatterHit } from "./faces.js";

/**
 * Immutable exact distribution over numeric outcomes.
 * @example
 * const twoD6 = Dist.nd6(2);
 * twoD6.pAtMost(7); // 21/36, a Leadership 7 test passing
 * Dist.d6().compare(Dist.d6()); // { less: 15/36, equal: 6/36, greater: 15/36 }
 */
export { Dist } from "./dist.js";

/** The dice a needed to-hit score calls for (CORE-SHOOT-3), or null when it cannot hit. */
export type { ToHitRolls } from "./odds.js";

/** The dice a needed to-hit score calls for (CORE-SHOOT-3). */
export { toHitRolls } from "./odds.js";

/** Exact chance that a to-hit roll needing `need` succeeds (CORE-SHOOT-3). */
export { toHitChance } from "./odds.js";

/** Rolls one to-hit attempt with the same rule as `toHitChance`. */
export { rollToHit } from "./odds.js";

/** P(2D6 ≤ Leadership): the chance a Leadership test passes (CORE-GEN-3). */
export { pLeadershipPass, MAX_LEADERSHIP } from "./odds.js";
