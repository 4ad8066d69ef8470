import type { FnfManeuverResult } from "../../../state/fnf.js";

/** One row of the maneuver table: a band of modified scores and the result in each column (FNF-MAN-2). */
export interface ManeuverRow {
  /** Lowest modified score of the band (null: no lower bound). */
  readonly min: number | null;
  /** Highest modified score of the band (null: no upper bound). */
  readonly max: number | null;
  readonly goodOrder: FnfManeuverResult;
  readonly disordered: FnfManeuverResult;
}

/** The maneuver table (FNF-MAN-2), good-order and disordered columns. */
export const MANEUVER_TABLE = [
  { min: null, max: 1, goodOrder: "RETIRE", disordered: "QUIT_FIELD" },
  { min: 2, max: 3, goodOrder: "DISENGAGE", disordered: "BROKEN" },
  { min: 4, max: 5, goodOrder: "HOLD", disordered: "WAVERING" },
  { min: 6, max: 7, goodOrder: "TARDY", disordered: "SHAKEN" },
  { min: 8, max: 10, goodOrder: "WELL_HANDLED", disordered: "RALLY_HALF_MOVE" },
  { min: 11, max: null, goodOrder: "WELL_HANDLED", disordered: "RALLY_ELAN" },
] as const satisfies readonly ManeuverRow[];

/** What a maneuver result lets the unit do (FNF-MAN-3); moves in fractions of a normal move. */
export interface ResultEffect {
  /** Voluntary move allowance as a fraction of the normal move. */
  readonly move: 0 | 0.5 | 1;
  readonly mayChange: boolean;
  readonly fullChangeAllowed: boolean;
  readonly mayContact: boolean;
  /** Compulsory part of the result. */
  readonly compulsory: "none" | "retire" | "disengage" | "quit" | "broken";
  /** Disorder after the result: set, cleared, or unchanged. */
  readonly disorder: "set" | "clear" | "keep";
  /** A declared bad-going move that this result stops disorders the brigade (FNF-MAN-5, AMB-64). */
  readonly failsBadGoing: boolean;
}

/** Meaning of each maneuver result (FNF-MAN-3; AMB-80 for Rally and half move). */
export const MANEUVER_EFFECTS = {
  RETIRE: { move: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, compulsory: "retire", disorder: "keep", failsBadGoing: true },
  DISENGAGE: { move: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, compulsory: "disengage", disorder: "keep", failsBadGoing: true },
  HOLD: { move: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, compulsory: "none", disorder: "keep", failsBadGoing: true },
  TARDY: { move: 0.5, mayChange: true, fullChangeAllowed: false, mayContact: false, compulsory: "none", disorder: "keep", failsBadGoing: false },
  WELL_HANDLED: { move: 1, mayChange: true, fullChangeAllowed: true, mayContact: true, compulsory: "none", disorder: "keep", failsBadGoing: false },
  QUIT_FIELD: { move: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, compulsory: "quit", disorder: "keep", failsBadGoing: false },
  BROKEN: { move: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, compulsory: "broken", disorder: "keep", failsBadGoing: false },
  WAVERING: { move: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, compulsory: "none", disorder: "keep", failsBadGoing: false },
  SHAKEN: { move: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, compulsory: "none", disorder: "clear", failsBadGoing: false },
  RALLY_HALF_MOVE: { move: 0.5, mayChange: true, fullChangeAllowed: false, mayContact: false, compulsory: "none", disorder: "clear", failsBadGoing: false },
  RALLY_ELAN: { move: 1, mayChange: true, fullChangeAllowed: true, mayContact: true, compulsory: "none", disorder: "clear", failsBadGoing: false },
} as const satisfies Record<FnfManeuverResult, ResultEffect>;

/** The maneuver result for a modified score (FNF-MAN-2). */
export function maneuverResult(score: number, disordered: boolean): FnfManeuverResult {
  const row = MANEUVER_TABLE.find((r) => (r.min === null || score >= r.min) && (r.max === null || score <= r.max)) ?? MANEUVER_TABLE[0];
  return disordered ? row.disordered : row.goodOrder;
}

/** Maneuver modifiers (FNF-MAN-4), as data; how they combine: AMB-63. */
export const MANEUVER_MODIFIERS = {
  column: 1,
  guard: 1,
  fresh: 2,
  spent: -2,
  attachedLeader: 1,
  attachedExceptionalLeader: 2,
  exceptionalBrigadier: 1,
  militia: -1,
  closeOrderBadGoing: -2,
  outOfRadius: -1,
  beyondLeaderMove: -2,
} as const satisfies Record<string, number>;

/** A maneuver modifier's name. */
export type ManeuverModifier = keyof typeof MANEUVER_MODIFIERS;

/** Movement rates by troop type (FNF-MOVE-1): normal move, road and rough multipliers, obstacle cost. */
export interface MoveRate {
  readonly normal: number;
  readonly road: number;
  readonly rough: number;
  readonly obstacle: number;
}

/** The movement table (FNF-MOVE-1). */
export const MOVE_RATES = {
  infantry: { normal: 12, road: 2, rough: 1 / 2, obstacle: 3 },
  cavalry: { normal: 18, road: 2, rough: 1 / 3, obstacle: 3 },
  leader: { normal: 18, road: 2, rough: 1 / 2, obstacle: 3 },
  footGuns: { normal: 8, road: 3, rough: 1 / 3, obstacle: 4 },
  horseGuns: { normal: 12, road: 3, rough: 1 / 4, obstacle: 6 },
} as const satisfies Record<string, MoveRate>;

/** A movement class of FNF-MOVE-1. */
export type MoveClass = keyof typeof MOVE_RATES;

/** Passage of lines costs (FNF-MOVE-3). */
export const PASSAGE_OF_LINES = { troops: 3, guns: 6 } as const;

/** Musket range: "out of musket range" means more than this from every enemy base (FNF-MAN-3). */
export const MUSKET_RANGE = 4;

/** The 2" rule distance (FNF-MAN-3, AMB-81). */
export const TWO_INCH_RULE = 2;
