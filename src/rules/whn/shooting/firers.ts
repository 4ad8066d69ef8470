/**
 * Who fires and how many (WHN-SHOOT-9 … WHN-SHOOT-11, HR-HILL-1, CORE-SHOOT-2): plain functions of
 * a unit's formation, rank sizes, order state and whether it moved.
 */
import type { Formation, OrderState } from "../../../state/unit.js";

/** What decides how many models of a unit fire. */
export interface FirersInput {
  readonly formation: Formation;
  /** Models per rank, front first (a square or extended-order unit: one rank of all its models). */
  readonly ranks: readonly number[];
  readonly figures: number;
  readonly order: OrderState;
  /** Moved this turn (WHN-SHOOT-8). */
  readonly moved: boolean;
  /** Whole footprint on a hill with the HR-HILL switch on (HR-HILL-1). */
  readonly onHillTwoRanks?: boolean;
}

/** Which rule gave the count, for the event log. */
export type FirersRule = "WHN-SHOOT-9" | "WHN-SHOOT-10" | "WHN-SHOOT-11" | "HR-HILL-1" | "CORE-SHOOT-2";

/** The number of firing models and the rule behind it. */
export interface Firers {
  readonly count: number;
  readonly rule: FirersRule;
}

/** Models of a SQUARE that fire from one face: a quarter of the square, rounded down (WHN-SHOOT-10). */
export function squareFaceFirers(figures: number): number {
  return Math.floor(figures / 4);
}

/**
 * How many models fire (WHN-SHOOT-9): front rank, plus half the second rank (rounded down, AMB-22)
 * for a stationary attack column or line; a square's quarter per face (WHN-SHOOT-10); skirmishers
 * all. A DISORDERED unit fires with its front rank only (WHN-SHOOT-11). On a hill, the first two
 * ranks in full, except squares, skirmishers and disordered units (HR-HILL-1, AMB-54).
 */
export function firingModels(u: FirersInput): Firers {
  const front = u.ranks[0] ?? 0;
  const second = u.ranks[1] ?? 0;
  if (u.figures <= 0) return { count: 0, rule: "WHN-SHOOT-9" };
  switch (u.formation) {
    case "SQUARE":
      return { count: squareFaceFirers(u.figures), rule: "WHN-SHOOT-10" };
    case "EXTENDED_ORDER":
      return { count: u.figures, rule: "WHN-SHOOT-9" };
    case "OPEN_ORDER":
      return u.order === "DISORDERED" ? { count: front, rule: "WHN-SHOOT-11" } : { count: u.figures, rule: "WHN-SHOOT-9" };
    default:
      break;
  }
  if (u.order === "DISORDERED") return { count: front, rule: "WHN-SHOOT-11" };
  if (u.onHillTwoRanks === true) return { count: front + second, rule: "HR-HILL-1" };
  if (u.formation === "BLOCK") return { count: front, rule: "CORE-SHOOT-2" };
  if ((u.formation === "ATTACK_COLUMN" || u.formation === "LINE") && !u.moved) {
    return { count: front + Math.floor(second / 2), rule: "WHN-SHOOT-9" };
  }
  return { count: front, rule: "WHN-SHOOT-9" };
}
