import type { BattleState, MovementStep, Phase, Ruleset } from "../state/battle.js";
import { MOVEMENT_STEPS, isFigureScale } from "../state/battle.js";

/** The phases of one player turn, in order, per ruleset (README turn sequences). */
export const PLAYER_TURN: { readonly [R in Ruleset]: readonly Phase[] } = {
  whn: ["start", "movement", "shooting", "combat"],
  core: ["start", "movement", "shooting", "combat"],
  fnf: ["command", "maneuver", "defensiveFire", "offensiveFire", "melee"],
};

/** A position in the turn sequence. */
export interface TurnPoint {
  readonly phase: Phase;
  readonly step: MovementStep | null;
}

/** Where the sequence goes next from a phase and step; `null` when the player turn is over. */
export function nextPoint(ruleset: Ruleset, phase: Phase, step: MovementStep | null): TurnPoint | null {
  if (isFigureScale(ruleset) && phase === "movement" && step !== null) {
    const i = MOVEMENT_STEPS.indexOf(step);
    const next = MOVEMENT_STEPS[i + 1];
    if (next !== undefined) return { phase, step: next };
  }
  const phases = PLAYER_TURN[ruleset];
  const next = phases[phases.indexOf(phase) + 1];
  if (next === undefined) return null;
  return { phase: next, step: next === "movement" ? MOVEMENT_STEPS[0] : null };
}

/** The first point of a player turn. */
export function firstPoint(ruleset: Ruleset): TurnPoint {
  const phase = PLAYER_TURN[ruleset][0] as Phase;
  return { phase, step: null };
}

/** The side that is not `side`. */
export function otherSide(state: BattleState, side: string): BattleState["turn"]["activeSide"] {
  for (const id of Object.keys(state.sides)) if (id !== side) return id as BattleState["turn"]["activeSide"];
  return side as BattleState["turn"]["activeSide"];
}
