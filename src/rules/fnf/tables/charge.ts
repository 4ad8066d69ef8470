/** Charge-table results, attacker's best first (FNF-MEL-5). */
export const CHARGE_RESULTS = ["SWEPT", "DRIVEN_BACK", "HARD_PRESSED", "DESPERATE_STRUGGLE", "ASSAULT_CHECKED", "ASSAULT_FALTERS", "CHARGE_REPULSED"] as const;
/** A charge-table result. */
export type ChargeResult = (typeof CHARGE_RESULTS)[number];

/** One row of the charge table: a band of differences (attacker − defender). */
export interface ChargeRow {
  readonly min: number | null;
  readonly max: number | null;
  readonly result: ChargeResult;
}

/** The charge table (FNF-MEL-5). */
export const CHARGE_TABLE = [
  { min: 7, max: null, result: "SWEPT" },
  { min: 4, max: 6, result: "DRIVEN_BACK" },
  { min: 1, max: 3, result: "HARD_PRESSED" },
  { min: 0, max: 0, result: "DESPERATE_STRUGGLE" },
  { min: -3, max: -1, result: "ASSAULT_CHECKED" },
  { min: -6, max: -4, result: "ASSAULT_FALTERS" },
  { min: null, max: -7, result: "CHARGE_REPULSED" },
] as const satisfies readonly ChargeRow[];

/** The charge-table result of a modified difference (FNF-MEL-5). */
export function chargeResult(difference: number): ChargeResult {
  for (const r of CHARGE_TABLE) if ((r.min === null || difference >= r.min) && (r.max === null || difference <= r.max)) return r.result;
  throw new RangeError(`chargeResult: no row for ${difference}`);
}

/** Melee modifiers (FNF-MEL-3), as data. */
export const MELEE_MODIFIERS = {
  leader: 1,
  fresh: 2,
  spent: -2,
  frenchOrCavalryAttacker: 1,
  russianDefender: 1,
  cavalry: 1,
  armoured: 1,
  lancersCharging: 1,
  supported: 1,
  breakthrough: 1,
  outnumbered3to2: -1,
  outnumbered2to1: -2,
  outnumbered3to1: -3,
  disordered: -1,
  lowAmmo: -1,
  perStandLost: -1,
  outflanked: -3,
  surrounded: -5,
  guard: 1,
  militia: -1,
} as const satisfies Record<string, number>;

/** Defensive terrain for the defender (FNF-MEL-3, FNF-GEO-6); only the best applies. */
export const DEFENSIVE_TERRAIN = { hill: 1, woods: 1, stream: 1, ford: 1, sunkenRoad: 2, buildings: 2, stoneWall: 2, works: 3 } as const satisfies Record<string, number>;

/** Points of difference beyond which each further point captures one more stand (FNF-MEL-5). */
export const EXTRA_CAPTURE_BEYOND = 10;

/** "Recoil 2"" distance (FNF-MEL-6). */
export const RECOIL = 2;
