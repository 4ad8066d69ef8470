import type { BattleState } from "../../state/battle.js";
import type { RuleId } from "../../state/ids.js";
import type { ActionContext } from "../../engine/context.js";
import { putUnit, removeUnit, unitOf } from "./units.js";

/**
 * Damages a battery: DAMAGED, or WRECKED (removed) if it already was (FNF-ART-4); each damage this
 * turn counts as a stand lost for the melee modifiers (FNF-ART-5).
 */
export function damageBattery(state: BattleState, id: string, rule: RuleId, ctx: ActionContext): BattleState {
  const u = unitOf(state, id);
  if (u === undefined || u.battery === null) return state;
  if (u.battery.damaged) return removeUnit(state, id, "wrecked", "FNF-ART-4", ctx);
  ctx.emit("fnf/damaged", rule, { unit: id });
  return putUnit(state, { ...u, battery: { ...u.battery, damaged: true }, turn: { ...u.turn, basesLost: u.turn.basesLost + 1 } });
}

/** Silences a battery (FNF-ART-4); `withdrawn` when it has already made its silenced move in a melee (FNF-ART-5). */
export function silenceBattery(state: BattleState, id: string, withdrawn: boolean, rule: RuleId, ctx: ActionContext): BattleState {
  const u = unitOf(state, id);
  if (u === undefined || u.battery === null) return state;
  ctx.emit("fnf/silenced", rule, { unit: id });
  return putUnit(state, { ...u, battery: { ...u.battery, silenced: true, withdrawn } });
}

/** Limbers a battery at no cost before it retreats or withdraws (FNF-ART-5). */
export function limberForRetreat(state: BattleState, id: string): BattleState {
  const u = unitOf(state, id);
  if (u === undefined || u.battery === null || u.battery.limbered) return state;
  return putUnit(state, { ...u, battery: { ...u.battery, limbered: true } });
}
