/**
 * Choices by length (the nearest enemy, the farthest model, the closest point) compare lengths
 * rounded to a millionth of an inch: far below anything measured on the table, far above the
 * rounding noise of sin, cos and sqrt. Two lengths that are equal in exact arithmetic (a skirmish
 * line facing an enemy square-on, two equidistant enemies) then compare equal, and the choice falls
 * to its stable key (id, index) rather than to the last bits of a computation.
 */

/** The grain of a tie, in inches. */
export const TIE_GRAIN = 1e-6;

/**
 * The key to compare a length by when choosing: an integer count of {@link TIE_GRAIN}s.
 * @example
 * tieKey(0.1 + 0.2) === tieKey(0.3) // true
 */
export function tieKey(length: number): number {
  return Math.round(length / TIE_GRAIN);
}
