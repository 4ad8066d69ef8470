/**
 * Setup checks of a CORE battle: the pieces the core rules know (blocks and skirmishers of infantry
 * and cavalry, characters, one battle standard per army) and none of WHN's (guns, detachments,
 * columns, lines, squares, fires). A WHN battle has no battle standard (WHN-GEN-3).
 */
import type { BattleState } from "../../state/battle.js";
import type { InputIssue } from "../../engine/violation.js";
import { coreFormationRefusal } from "./formations.js";

/** WHN firearms (WHN-SHOOT-2), not in the core weapon list (CORE-SHOOT-7). */
export const WHN_ONLY_MISSILES = ["rifle", "musket", "carbine", "pistol"] as const;
/** WHN close-combat weapons (WHN-CC-1); the CORE lance is its own entry (CORE-WPN-7). */
export const WHN_ONLY_MELEE = ["musketBayonet", "rifleSwordBayonet", "lance", "infantrySword", "sabre"] as const;

/** Problems of a parsed battle for its ruleset's CORE-specific limits, with setup paths. */
export function coreSetupIssues(state: BattleState, unitOrder: readonly string[], characterOrder: readonly string[]): InputIssue[] {
  const issues: InputIssue[] = [];
  const core = state.ruleset === "core";
  if (core) {
    unitOrder.forEach((id, i) => {
      const u = state.units[id as keyof typeof state.units];
      if (u === undefined) return;
      const bad = coreFormationRefusal(u, u.formation);
      if (bad !== null) issues.push({ path: ["units", i, u.troopType === "artillery" ? "troopType" : "formation"], message: `${String(bad["why"])} (CORE-MOVE-1)`, code: "not_in_core" });
      const w = u.equipment.missile;
      if (w !== null && (WHN_ONLY_MISSILES as readonly string[]).includes(w)) issues.push({ path: ["units", i, "equipment", "missile"], message: `${w}: the CORE rules have no firearms (CORE-SHOOT-7)`, code: "not_in_core" });
      if ((WHN_ONLY_MELEE as readonly string[]).includes(u.equipment.melee)) issues.push({ path: ["units", i, "equipment", "melee"], message: `${u.equipment.melee} is a WHN weapon (CORE-WPN; the CORE lance is "coreLance")`, code: "not_in_core" });
      if (u.detachmentOf !== null || u.mergedInto !== null) issues.push({ path: ["units", i, "detachmentOf"], message: "the CORE rules have no detachments (WHN-DET)", code: "not_in_core" });
    });
    if (state.fires.length > 0) issues.push({ path: ["fires"], message: "the CORE rules have no fires (WHN-FIRE)", code: "not_in_core" });
  }
  const bearers = new Map<string, number>();
  characterOrder.forEach((id, i) => {
    const c = state.characters[id as keyof typeof state.characters];
    if (c?.battleStandard !== true) return;
    if (!core) issues.push({ path: ["characters", i, "battleStandard"], message: "only CORE battles have battle standards (WHN-GEN-3)", code: "not_in_ruleset" });
    bearers.set(c.side, (bearers.get(c.side) ?? 0) + 1);
    if ((bearers.get(c.side) ?? 0) > 1) issues.push({ path: ["characters", i, "battleStandard"], message: `side "${c.side}" has more than one battle standard (CORE-BSB-1)`, code: "custom" });
  });
  return issues;
}
