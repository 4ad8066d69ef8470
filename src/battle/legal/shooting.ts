/**
 * Fallback lister of the WHN shooting phase (the shooting module declares no `legal` yet).
 *
 * Discretisation: for each of the active side's units able to shoot (CORE-SHOOT-1), one
 * `shooting/fire` at each enemy unit in play and at each lone enemy character (CORE-LOS-1); a
 * square lists each of its four faces separately (WHN-SHOOT-10); with the volley house rule on
 * (HR-VOLLEY-2), one `shooting/volley` aimed at each enemy unit. Every candidate is checked with
 * the engine, so range, arc and sight are the rules' own.
 */
import { type BattleState, isFigureScale } from "../../state/battle.js";
import type { Action } from "../../engine/actions.js";
import { shooterProblem } from "../../rules/whn/shooting/situation.js";
import { listLegal, type CandidateListing } from "../../engine/module.js";
import { applies, decidingUnits } from "./common.js";

/** The shooting candidates of the active side, unchecked. */
export function shootingCandidates(state: BattleState): Action[] {
  if (!isFigureScale(state.ruleset) || state.turn.phase !== "shooting" || state.pending.length > 0) return [];
  const enemies = Object.values(state.units).filter((u) => u.side !== state.turn.activeSide && u.removed === null && u.figures > 0);
  const loners = Object.values(state.characters).filter((c) => c.side !== state.turn.activeSide && c.removed === null && c.joinedTo === null);
  const out: Action[] = [];
  for (const s of decidingUnits(state)) {
    if (shooterProblem(state, s, false) !== null) continue;
    for (const e of enemies) {
      if (s.formation === "SQUARE") {
        for (const face of [0, 1, 2, 3] as const) out.push({ type: "shooting/fire", shooter: s.id, target: e.id, face });
      } else {
        out.push({ type: "shooting/fire", shooter: s.id, target: e.id });
      }
      if (state.options.hr.volley) out.push({ type: "shooting/volley", shooter: s.id, aim: { unit: e.id } });
    }
    for (const c of loners) out.push({ type: "shooting/fire", shooter: s.id, target: c.id });
  }
  return out;
}

/** The shooting listing: the candidates above, each checked with the engine. */
export const SHOOTING_LISTING: CandidateListing<Action> = { candidates: shootingCandidates, check: applies };

/** The shooting actions of the active side (each checked with the engine). */
export function shootingLegal(state: BattleState): Action[] {
  return listLegal(state, SHOOTING_LISTING);
}
