/**
 * The close combat phase as a small machine (CORE-TURN-2 step 4, CORE-CC-1): every combat not yet
 * fought this phase is fought, after its challenge step (CORE-CHAL-1/2) when both sides have
 * characters in it. Player choices wait on `state.pending` (challenge, challengeAnswer, restraint);
 * everything else runs by itself. Called on entering the phase and after each combat action.
 */
import type { BattleState, Decision } from "../../../state/battle.js";
import type { CombatId } from "../../../state/ids.js";
import { fightBatch } from "./aftermath.js";
import { sideOrder } from "./build.js";
import { challengeStage } from "./challenge.js";
import { splitDecisions } from "./split.js";
import { view, type Recorder } from "./recorder.js";

/** Combats created by a pursuit this phase: fought next phase (CORE-PURS-6). */
function newThisPhase(state: BattleState): Set<string> {
  return new Set(state.facts.step.pursuitCharges.map((p) => p.combat));
}

/** Combats still to fight this phase, in id order (CORE-CC-1). */
export function unfoughtCombats(state: BattleState): CombatId[] {
  const fought = new Set<string>(state.facts.step.fought);
  const fresh = newThisPhase(state);
  return (Object.keys(state.combats) as CombatId[]).filter((id) => !fought.has(id) && !fresh.has(id)).sort();
}

/** The decision a combat's challenge step waits for, if any (CORE-CHAL-1, CORE-CHAL-2). */
export function challengeDecision(state: BattleState, id: CombatId): Decision | null {
  const c = state.combats[id];
  if (c === undefined) return null;
  const stage = challengeStage(state, c, sideOrder(state));
  if (stage.kind === "none") return null;
  return { kind: stage.kind === "offer" ? "challenge" : "challengeAnswer", side: stage.side, unit: null, targets: [...c.units], rule: stage.kind === "offer" ? "CORE-CHAL-1" : "CORE-CHAL-2" };
}

/**
 * Runs the phase as far as it goes without a player: pushes the next challenge decision, or the
 * attack-split decisions (CORE-CC-2, `core.ownerChoices: "ask"`), or fights every ready combat (and its aftermath, which may push restraint decisions).
 */
export function drive(state: BattleState, r: Recorder): BattleState {
  if (state.turn.phase !== "combat" || state.pending.length > 0) return state;
  const seen = view(state, r);
  const todo = unfoughtCombats(seen);
  for (const id of todo) {
    const d = challengeDecision(seen, id);
    if (d !== null) return { ...state, pending: [...state.pending, d] };
  }
  const asked = splitDecisions(seen, todo);
  if (asked.length > 0) return { ...state, pending: [...state.pending, ...asked] };
  return todo.length === 0 ? state : fightBatch(state, r, todo);
}
