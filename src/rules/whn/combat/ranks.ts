/**
 * Rank bonus (CORE-CR-2 counting, WHN-CC-2 caps by formation, WHN-CC-3 for mixed enemies) and the
 * squareness bonus of the house rule (HR-SQUARE-1, HR-SQUARE-2, HR-SQUARE-5).
 */
import type { Formation, Unit } from "../../../state/unit.js";
import { removeModels } from "../casualties.js";
import { filesOf, rankCounts } from "../unit.js";

/** Models a rank behind the front needs to count (CORE-CR-2). */
export const RANK_MIN_MODELS = 4;

/** How a formation caps its rank bonus (WHN-CC-2); CORE blocks keep +3. */
export const RANK_BONUS_TABLE = {
  MARCH_COLUMN: { cap: 0, frontMin: 0, vsCavalry: "normal", vsSquare: "normal" },
  ATTACK_COLUMN: { cap: 3, frontMin: 4, vsCavalry: "none", vsSquare: "normal" },
  LINE: { cap: 1, frontMin: 0, vsCavalry: "none", vsSquare: "normal" },
  SQUARE: { cap: 0, frontMin: 0, vsCavalry: "flat4", vsSquare: "normal" },
  CAV_COLUMN: { cap: 2, frontMin: 4, vsCavalry: "normal", vsSquare: "none" },
  CAV_LINE: { cap: 1, frontMin: 0, vsCavalry: "normal", vsSquare: "none" },
  OPEN_ORDER: { cap: 0, frontMin: 0, vsCavalry: "normal", vsSquare: "normal" },
  EXTENDED_ORDER: { cap: 0, frontMin: 0, vsCavalry: "normal", vsSquare: "normal" },
  LIMBERED: { cap: 0, frontMin: 0, vsCavalry: "normal", vsSquare: "normal" },
  UNLIMBERED: { cap: 0, frontMin: 0, vsCavalry: "normal", vsSquare: "normal" },
  BLOCK: { cap: 3, frontMin: 0, vsCavalry: "normal", vsSquare: "normal" },
} as const satisfies Record<Formation, { cap: number; frontMin: number; vsCavalry: "normal" | "none" | "flat4"; vsSquare: "normal" | "none" }>;

/** The flat bonus of a square against cavalry (WHN-CC-2). */
export const SQUARE_VS_CAVALRY = 4;

/** Whom a unit fights, for the "vs cavalry" / "vs square" caps (WHN-CC-3: every enemy in contact). */
export interface Opposition {
  readonly allCavalry: boolean;
  readonly allSquares: boolean;
}

/** Rank bonus from rank counts (CORE-CR-2 then WHN-CC-2). */
export function rankBonusOf(formation: Formation, ranks: readonly number[], vs: Opposition): number {
  const row = RANK_BONUS_TABLE[formation];
  if (vs.allCavalry && row.vsCavalry === "flat4") return SQUARE_VS_CAVALRY;
  if (vs.allCavalry && row.vsCavalry === "none") return 0;
  if (vs.allSquares && row.vsSquare === "none") return 0;
  if ((ranks[0] ?? 0) < row.frontMin) return 0;
  const full = ranks.slice(1).filter((n) => n >= RANK_MIN_MODELS).length;
  return Math.min(full, row.cap, 3);
}

/** A unit's rank bonus for each number of models left, 0…figures (CORE-CR-9: counted after casualties). */
export function rankBonusTable(u: Unit, vs: Opposition): number[] {
  const out: number[] = [];
  for (let n = 0; n <= u.figures; n++) {
    if (n === 0) {
      out.push(0);
      continue;
    }
    const shrunk = removeModels(u, u.figures - n).unit;
    out.push(rankBonusOf(u.formation, rankCounts(shrunk), vs));
  }
  return out;
}

/** Formations with no squareness (HR-SQUARE-1). */
const NO_SQUARENESS: ReadonlySet<Formation> = new Set(["SQUARE", "OPEN_ORDER", "EXTENDED_ORDER", "LIMBERED", "UNLIMBERED"]);

/** Squareness A = min(files, full ranks) (HR-SQUARE-1); 0 for squares, skirmishers and fleeing units. */
export function squarenessOf(u: Unit): number {
  if (NO_SQUARENESS.has(u.formation) || u.order === "FLEEING" || u.figures <= 0) return 0;
  const files = filesOf(u);
  return Math.min(files, Math.floor(u.figures / files));
}

/** Squareness bonus A − 4, none at 4 or less (HR-SQUARE-2). */
export function squarenessBonus(a: number): number {
  return Math.max(0, a - 4);
}

/** Model-count bonus: +1 at 25, +1 per 10 more (HR-SQUARE-5, AMB-58), optionally capped. */
export function modelCountBonus(models: number, cap: number | null): number {
  const b = models < 25 ? 0 : Math.floor((models - 15) / 10);
  return cap === null ? b : Math.min(b, cap);
}
