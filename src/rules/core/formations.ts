/**
 * CORE formations (CORE-MOVE-1, CORE-SHOOT-2, CORE-PANIC-9): a unit stands in a block of files and
 * ranks, or — light troops only — skirmishes in open order. A reform re-lays the unit about its
 * front and is its whole move. WHN's columns, lines and squares (WHN-FORM) do not exist here.
 */
import type { Formation, Unit } from "../../state/unit.js";
import { violation, type Violation } from "../../engine/violation.js";

/** The formations of a CORE battle: blocks, and open order for light troops (skirmishers). */
export const CORE_FORMATIONS = ["BLOCK", "OPEN_ORDER"] as const satisfies readonly Formation[];

/** Whether a unit may stand in a formation under the CORE rules; null when it may. */
export function coreFormationRefusal(u: Pick<Unit, "id" | "troopType" | "light">, formation: Formation): Violation | null {
  if (u.troopType === "artillery") return violation("movement/formation_not_allowed", "CORE-MOVE-1", { unit: u.id, formation, why: "the CORE rules have no artillery" });
  if (!(CORE_FORMATIONS as readonly string[]).includes(formation))
    return violation("movement/formation_not_allowed", "CORE-MOVE-1", { unit: u.id, formation, why: "CORE units stand in blocks or skirmish" });
  if (formation === "OPEN_ORDER" && !u.light) return violation("movement/formation_not_allowed", "CORE-MOVE-1", { unit: u.id, formation, why: "only light troops skirmish" });
  return null;
}

/**
 * What a CORE reform costs (CORE-MOVE-1): the whole move, so only a unit that has not moved may
 * reform, and it may not move again this turn. Returns the cost (1) or the refusal.
 */
export function coreReformCost(u: Unit): number | Violation {
  if (u.flags.moved || u.flags.moveUsed > 0 || u.flags.formationChanges > 0)
    return violation("movement/reform_after_moving", "CORE-MOVE-1", { unit: u.id, moveUsed: u.flags.moveUsed });
  return 1;
}
