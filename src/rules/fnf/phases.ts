import type { BattleState } from "../../state/battle.js";
import type { ActionContext } from "../../engine/context.js";
import { MUSKET_RANGE } from "./tables/maneuver.js";
import { longestRange } from "./tables/fire.js";
import { firerKind } from "./firePoints.js";
import { markOutOfCommand, replaceLostLeaders, resetTurn } from "./command.js";
import { compulsoryMoves } from "./maneuver.js";
import { fightRemainingMelees } from "./melee.js";
import { activeUnits, basesLost, fnfOf, putUnit } from "./units.js";
import { enemiesOf, unitDistance } from "./world.js";

/**
 * Command phase (FNF-TURN-1): melees left from the last turn are fought first; per-turn flags are
 * cleared; lost leaders are replaced (FNF-LDR-3); division leaders out of range of their corps
 * leader are marked out of command (FNF-CMD-2, FNF-CMD-3).
 */
export function enterCommand(state: BattleState, ctx: ActionContext): BattleState {
  let s = fightRemainingMelees(state, ctx);
  s = resetTurn(s);
  s = replaceLostLeaders(s, ctx);
  return markOutOfCommand(s, ctx);
}

/** Maneuver phase (FNF-TURN-1): compulsory low-ammo and silenced moves (FNF-FIRE-9, FNF-ART-4). */
export function enterManeuver(state: BattleState, ctx: ActionContext): BattleState {
  return compulsoryMoves(state, ctx);
}

/**
 * End of the maneuver phase, run as defensive fire begins (FNF-TURN-1): LOW ON AMMO is removed from
 * the phasing side's units out of range of every enemy (FNF-FIRE-9, AMB-69).
 */
export function enterDefensiveFire(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (const u of activeUnits(s, s.turn.activeSide)) {
    if (!u.lowAmmo) continue;
    const inRange = enemiesOf(s, u.side).some((e) => {
      const kind = firerKind(e);
      const reach = s.options.fnf.ammoRecoveryMusketRangeOnly ? MUSKET_RANGE : kind === null ? 0 : longestRange(kind);
      return reach > 0 && unitDistance(u, e) <= reach + 1e-3;
    });
    if (!inRange) {
      s = putUnit(s, { ...u, lowAmmo: false });
      ctx.emit("fnf/ammoReplenished", "FNF-FIRE-9", { unit: u.id });
    }
  }
  return s;
}

/** End of the battle: pending melees are fought, then the side that lost fewer bases wins (engine choice). */
export function enterFinished(state: BattleState, ctx: ActionContext): BattleState {
  const s = fightRemainingMelees(state, ctx);
  const loss = new Map<string, number>();
  for (const u of Object.values(fnfOf(s).units)) {
    const lost = u.removed !== null && u.removed !== "rejoined" ? (u.kind === "brigade" ? u.startingBases : 1) : basesLost(u);
    loss.set(u.side, (loss.get(u.side) ?? 0) + lost);
  }
  const [a, b] = Object.keys(s.sides);
  if (a === undefined || b === undefined) return s;
  const la = loss.get(a) ?? 0;
  const lb = loss.get(b) ?? 0;
  const winner = la === lb ? null : la < lb ? a : b;
  ctx.emit("fnf/battleJudged", "FNF-TURN-1", { losses: { [a]: la, [b]: lb }, winner });
  return { ...s, result: { winner: winner as BattleState["turn"]["activeSide"] | null, reason: `bases lost: ${a} ${la}, ${b} ${lb}`, rule: "FNF-TURN-1" } };
}
