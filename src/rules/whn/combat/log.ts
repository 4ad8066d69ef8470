/**
 * What has happened in this phase and in this combat, read from the turn facts (`state.facts`, part
 * of the state, so every continuation survives a save and a reload).
 */
import type { BattleState } from "../../../state/battle.js";

/** Whether a combat has fought its round this phase (CORE-CC-1). */
export function foughtThisPhase(state: BattleState, combat: string): boolean {
  return (state.facts.step.fought as readonly string[]).includes(combat);
}
