/**
 * What has happened in this phase and in this combat, read back from the event log (the log is
 * part of the state, so every continuation survives a save and a reload).
 */
import type { BattleEvent, BattleState } from "../../../state/battle.js";

/** Events since the current phase started (the last `turn/phaseStarted` or `turn/stepStarted`). */
export function phaseEvents(state: BattleState): readonly BattleEvent[] {
  const log = state.log;
  for (let i = log.length - 1; i >= 0; i--) {
    const t = (log[i] as BattleEvent).type;
    if (t === "turn/phaseStarted" || t === "turn/stepStarted") return log.slice(i + 1);
  }
  return log;
}

/** A string detail of an event ("" when absent). */
export function detail(e: BattleEvent, key: string): string {
  const v = e[key];
  return typeof v === "string" ? v : "";
}

/** A number detail of an event (NaN when absent). */
export function numberDetail(e: BattleEvent, key: string): number {
  const v = e[key];
  return typeof v === "number" ? v : Number.NaN;
}

/** Whether a combat has fought its round this phase (CORE-CC-1). */
export function foughtThisPhase(state: BattleState, combat: string): boolean {
  return phaseEvents(state).some((e) => e.type === "combat/roundFought" && detail(e, "combat") === combat);
}
