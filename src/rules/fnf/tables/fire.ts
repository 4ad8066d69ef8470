/** Upper limits of the fire range bands in inches (FNF-FIRE-3); each applies from the previous one. */
export const RANGE_BANDS = [4, 6, 8, 12, 16, 18, 20, 24, 32] as const;

/** Kinds of firing base (FNF-FIRE-3). */
export type FirerKind = "infantry" | "rifle" | "FOOT" | "HORSE" | "HEAVY";

/** Fire points per firing base, one entry per range band (FNF-FIRE-3). */
export const FIRE_POINTS = {
  infantry: [1, 0, 0, 0, 0, 0, 0, 0, 0],
  rifle: [1, 1, 0, 0, 0, 0, 0, 0, 0],
  FOOT: [10, 3, 3, 3, 2, 2, 1, 1, 0],
  HORSE: [8, 3, 3, 2, 1, 1, 1, 0, 0],
  HEAVY: [12, 4, 4, 4, 4, 2, 2, 2, 1],
} as const satisfies Record<FirerKind, readonly [number, number, number, number, number, number, number, number, number]>;

/** Canister range of every battery (FNF-FIRE-3); a low-ammo battery fires only within it (FNF-FIRE-9). */
export const CANISTER_RANGE = 4;

/** Fire points of one base at a range (0 beyond its longest band). */
export function firePointsAt(kind: FirerKind, range: number, eps = 0.001): number {
  const i = RANGE_BANDS.findIndex((b) => range <= b + eps);
  return i < 0 ? 0 : (FIRE_POINTS[kind][i] ?? 0);
}

/** Longest range at which a firer kind has any fire points (FNF-FIRE-9, AMB-69). */
export function longestRange(kind: FirerKind): number {
  const pts = FIRE_POINTS[kind];
  let best = 0;
  pts.forEach((p, i) => {
    if (p > 0) best = RANGE_BANDS[i] ?? best;
  });
  return best;
}

/** Effects of fire, worst last (FNF-FIRE-6, FNF-FIRE-7). */
export const FIRE_EFFECTS = ["DESULTORY", "LIVELY", "TELLING", "DEADLY", "WITHERING"] as const;
/** A fire effect. */
export type FireEffect = (typeof FIRE_EFFECTS)[number];

/** One row of the musketry and cannonade table: the lowest modified score giving each effect. */
export interface MusketryRow {
  /** Fire points covered: [lowest, highest] (0.5 is the "1/2" row; highest null = no limit). */
  readonly points: readonly [number, number | null];
  readonly lively: number | null;
  readonly telling: number | null;
  readonly deadly: number | null;
  readonly withering: number | null;
}

/** The musketry and cannonade table (FNF-FIRE-6); scores below the Lively entry are Desultory. */
export const MUSKETRY_TABLE = [
  { points: [0.5, 0.5], lively: 11, telling: null, deadly: null, withering: null },
  { points: [1, 1], lively: 10, telling: null, deadly: null, withering: null },
  { points: [2, 2], lively: 9, telling: 12, deadly: null, withering: null },
  { points: [3, 3], lively: 9, telling: 11, deadly: null, withering: null },
  { points: [4, 4], lively: 8, telling: 11, deadly: null, withering: null },
  { points: [5, 5], lively: 7, telling: 10, deadly: null, withering: null },
  { points: [6, 7], lively: 6, telling: 9, deadly: 12, withering: null },
  { points: [8, 9], lively: 6, telling: 9, deadly: 11, withering: null },
  { points: [10, 11], lively: 5, telling: 8, deadly: 11, withering: null },
  { points: [12, 14], lively: 4, telling: 7, deadly: 10, withering: null },
  { points: [15, 19], lively: 3, telling: 6, deadly: 9, withering: 12 },
  { points: [20, 24], lively: 2, telling: 5, deadly: 8, withering: 11 },
  { points: [25, 29], lively: 1, telling: 4, deadly: 7, withering: 10 },
  { points: [30, 34], lively: 0, telling: 3, deadly: 6, withering: 9 },
  { points: [35, 39], lively: 0, telling: 2, deadly: 5, withering: 8 },
  { points: [40, 44], lively: 0, telling: 1, deadly: 4, withering: 7 },
  { points: [45, 49], lively: 0, telling: 1, deadly: 3, withering: 6 },
  { points: [50, null], lively: 0, telling: 1, deadly: 3, withering: 5 },
] as const satisfies readonly MusketryRow[];

/** The table row for a number of fire points (0.5 or a whole number ≥ 1), or null when it cannot fire. */
export function musketryRow(points: number): MusketryRow | null {
  return MUSKETRY_TABLE.find((r) => points >= r.points[0] && (r.points[1] === null || points <= r.points[1])) ?? null;
}

/** The effect of a modified score on a row; scores below 0 count as 0 (FNF-FIRE-6, AMB-68). */
export function fireEffect(row: MusketryRow, modified: number): FireEffect {
  const s = Math.max(0, modified);
  if (row.withering !== null && s >= row.withering) return "WITHERING";
  if (row.deadly !== null && s >= row.deadly) return "DEADLY";
  if (row.telling !== null && s >= row.telling) return "TELLING";
  if (row.lively !== null && s >= row.lively) return "LIVELY";
  return "DESULTORY";
}

/** Bases a brigade loses to each effect (FNF-FIRE-7). */
export const FIRE_BASE_LOSSES = { DESULTORY: 0, LIVELY: 0, TELLING: 1, DEADLY: 2, WITHERING: 3 } as const satisfies Record<FireEffect, number>;

/** Fire roll modifiers (FNF-FIRE-5), as data. */
export const FIRE_MODIFIERS = {
  targetDeepOrChanged: 1,
  targetCavalryOrLimbered: 1,
  britishLine: 1,
  softCover: -1,
  hardCover: -2,
  entrenchments: -3,
  openGroundSmallTarget: -1,
} as const satisfies Record<string, number>;

/** Natural 2D6 scores that make the firer LOW ON AMMO and call a Fallen Leaders roll (FNF-FIRE-8). */
export const LOW_AMMO_ROLL = 11;
