import type { Violation } from "../../engine/violation.js";
import { violation } from "../../engine/violation.js";
import type { FormationTarget } from "./actions.js";
import { planFormationChange } from "./geometry/formationChange.js";
import type { Unit } from "./units.js";
import { normalMove } from "./units.js";

/** Formations each arm may use (FNF-FORM-1): cavalry only SUPPORTED LINE and COLUMN OF ROUTE. */
export const ARM_FORMATIONS = {
  infantry: ["LINE", "SUPPORTED_LINE", "COLUMN_OF_ROUTE", "COLUMN_OF_ATTACK"],
  cavalry: ["SUPPORTED_LINE", "COLUMN_OF_ROUTE"],
  artillery: [],
} as const satisfies Record<Unit["arm"], readonly string[]>;

/** The unit after a formation change, or why it may not make it (FNF-FORM-1, FNF-SKIRM-1, FNF-ART-1). */
export function changedUnit(u: Unit, to: FormationTarget, facing: number | undefined): { ok: true; unit: Unit } | { ok: false; violation: Violation } {
  const f = facing ?? u.facing;
  const no = (rule: Violation["rule"] & string): { ok: false; violation: Violation } => ({ ok: false, violation: violation("fnf/illegal_formation", rule, { unit: u.id, to }) });
  if (u.kind === "detachment") return no("FNF-DET-3");
  if (u.battery !== null) {
    if (to === "LIMBERED" && !u.battery.limbered) return { ok: true, unit: { ...u, facing: f, battery: { ...u.battery, limbered: true } } };
    if (to === "UNLIMBERED" && u.battery.limbered) return { ok: true, unit: { ...u, facing: f, battery: { ...u.battery, limbered: false } } };
    if (to === "PIVOT" && !u.battery.limbered && facing !== undefined) return { ok: true, unit: { ...u, facing: f } };
    return no("FNF-ART-1");
  }
  if (to === "SKIRMISH") {
    if (!u.light || u.arm !== "infantry" || u.skirmishing) return no("FNF-SKIRM-1");
    return { ok: true, unit: { ...u, facing: f, skirmishing: true, formation: "LINE" } };
  }
  if (to === "CLOSE_ORDER") {
    if (!u.skirmishing) return no("FNF-SKIRM-1");
    return { ok: true, unit: { ...u, facing: f, skirmishing: false, formation: "LINE" } };
  }
  if (to === "LIMBERED" || to === "UNLIMBERED" || to === "PIVOT") return no("FNF-ART-1");
  if (u.skirmishing) return no("FNF-SKIRM-1");
  if (!(ARM_FORMATIONS[u.arm] as readonly string[]).includes(to)) return no("FNF-FORM-1");
  if (to === u.formation && f === u.facing) return no("FNF-FORM-2");
  return { ok: true, unit: { ...u, facing: f, formation: to } };
}

/** Cost of a change in inches of move: half a move, or a full move when some base travels farther than a move (FNF-FORM-2/3). */
export function changeCost(before: Unit, after: Unit): { cost: number; full: boolean; travel: number } {
  const M = normalMove(before);
  const travel = planFormationChange(before, after).travel;
  const full = before.kind === "brigade" && travel > M + 1e-3;
  return { cost: full ? M : M / 2, full, travel };
}
