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
import { shooterProblem, shotSituation } from "../../rules/whn/shooting/situation.js";
import { rangeBand, weaponStats } from "../../rules/whn/shooting/weapons.js";
import { getUnit, layoutOf } from "../../rules/whn/unit.js";
import { inArcOf, layoutDistance } from "../../rules/whn/layoutPairs.js";
import type { UnitId } from "../../state/ids.js";
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

/**
 * Whether a shooting candidate applies. A `shooting/fire` of these candidates (the active side's
 * unit in play, in the shooting phase, nothing pending: the engine's phase and actor checks pass)
 * is refused only by its situation (CORE-SHOOT-1, arcs, sight, range…): once that reads, the fire
 * resolves, whatever the dice. So the reading is the check, without rolling the volley; the same
 * reading is then remembered for the apply. Other candidates are dry-run through the engine.
 */
function shootingApplies(state: BattleState, a: Action): boolean {
  if (a.type !== "shooting/fire") return applies(state, a);
  // A unit target out of the shooter's arc (every face of a square) or beyond the weapon's reach is
  // refused whatever else the reading finds (CORE-GEO-15, WHN-SHOOT-3): the same arc test, distance
  // and band the reading makes, kept per pair of layouts (the draw asks the same pairs state after
  // state), without the reading's line of sight.
  const s = getUnit(state, a.shooter);
  const t = Object.hasOwn(state.units, a.target) ? getUnit(state, a.target as UnitId) : undefined;
  if (s !== undefined && t !== undefined && s.equipment.missile !== null) {
    // A unit that has shot may not shoot again (CORE-SHOOT-1); a square's faces are read one by one.
    if (s.flags.shot && s.formation !== "SQUARE") return false;
    const sl = layoutOf(s);
    const tl = layoutOf(t);
    if (!inArcOf(sl, tl)) return false;
    if (rangeBand(weaponStats(s.equipment.missile, state.options), layoutDistance(sl, tl)) === null) return false;
  }
  return shotSituation(state, a.face === undefined ? { shooter: a.shooter, target: a.target } : { shooter: a.shooter, target: a.target, face: a.face }).ok;
}

/**
 * The draw's quick refusal (`CandidateListing.refuses`): a fire whose reading refuses it, found
 * without the apply's machinery. Exactly `!shootingApplies` for fires; the reading it makes is
 * remembered, so a fire that passes costs the apply nothing more.
 */
function shootingRefuses(state: BattleState, a: Action): boolean {
  return a.type === "shooting/fire" && !shootingApplies(state, a);
}

/** Auto-advance's order of trying (`CandidateListing.rank`): fires at the nearest targets first, as the likeliest in range. */
function shootingRank(state: BattleState, a: Action): number {
  if (a.type !== "shooting/fire") return 3.5;
  const s = state.units[a.shooter];
  const t = Object.hasOwn(state.units, a.target) ? state.units[a.target as keyof typeof state.units] : state.characters[a.target as keyof typeof state.characters];
  if (s === undefined || t === undefined) return 3.5;
  const dx = s.position.x - t.position.x;
  const dy = s.position.y - t.position.y;
  return 3 + Math.min(dx * dx + dy * dy, 1e5) * 1e-6;
}

/** The shooting listing: the candidates above, each checked as the engine would. */
export const SHOOTING_LISTING: CandidateListing<Action> = { candidates: shootingCandidates, check: shootingApplies, rank: shootingRank, refuses: shootingRefuses };

/** The shooting actions of the active side (each checked with the engine). */
export function shootingLegal(state: BattleState): Action[] {
  return listLegal(state, SHOOTING_LISTING);
}
