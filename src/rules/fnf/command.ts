import type { BattleState } from "../../state/battle.js";
import type { ActionContext } from "../../engine/context.js";
import { rectDistance } from "./geometry/prims.js";
import { commandRect, leaderRect } from "./geometry/layout.js";
import { COMMAND_RADIUS, LEADER_MOVE } from "./tables/leaders.js";
import type { Leader, Unit } from "./units.js";
import { activeLeaders, activeUnits, fnfOf, leaderOf, putLeader, withFnf, FRESH_TURN } from "./units.js";
import { layout } from "./world.js";

const DOWNGRADE = { exceptional: "normal", normal: "poor", poor: null } as const;

/** A leader's current command radius: his rating's, one grade lower when out of command (FNF-CMD-1/2). */
export function commandRadius(l: Leader): number {
  const rating = l.outOfCommand ? DOWNGRADE[l.rating] : l.rating;
  return rating === null ? 0 : COMMAND_RADIUS[l.rank][rating];
}

/** Distance from a leader's base to a unit's command base (FNF-GEO-3). */
export function leaderToUnit(l: Leader, u: Unit): number {
  return rectDistance(leaderRect(l.position), commandRect(layout(u)));
}

/** A unit's command standing (FNF-CMD-4, FNF-MAN-4, AMB-82): in radius, out of radius, or beyond 18". */
export function commandStanding(state: BattleState, u: Unit): "inRadius" | "outOfRadius" | "beyondMove" {
  if (u.division === null) return "inRadius";
  const l = leaderOf(state, u.division);
  if (l === undefined) return "outOfRadius";
  const d = leaderToUnit(l, u);
  if (d > LEADER_MOVE + 1e-3) return "beyondMove";
  return d <= commandRadius(l) + 1e-3 ? "inRadius" : "outOfRadius";
}

/**
 * Marks the active side's subordinate leaders out of command when beyond their superior's radius
 * (FNF-CMD-2; corps leaders only against an army commander, FNF-CMD-3). Superiors first.
 */
export function markOutOfCommand(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (const rank of ["corps", "division"] as const) {
    for (const l of activeLeaders(s, s.turn.activeSide).filter((x) => x.rank === rank)) {
      if (l.superior === null) continue;
      const sup = leaderOf(s, l.superior);
      const radius = sup === undefined ? 0 : commandRadius(sup);
      const d = sup === undefined ? Infinity : rectDistance(leaderRect(l.position), leaderRect(sup.position));
      const out = d > radius + 1e-3;
      if (out) ctx.emit("fnf/outOfCommand", "FNF-CMD-2", { leader: l.id, superior: l.superior, distance: Number.isFinite(d) ? d : null, radius });
      s = putLeader(s, { ...l, outOfCommand: out });
    }
  }
  return s;
}

/** Clears per-turn flags of every unit and leader (start of a player turn, FNF-TURN-1). */
export function resetTurn(state: BattleState): BattleState {
  const fnf = fnfOf(state);
  const units = Object.fromEntries(Object.entries(fnf.units).map(([k, u]) => [k, { ...u, turn: FRESH_TURN }]));
  const leaders = Object.fromEntries(Object.entries(fnf.leaders).map(([k, l]) => [k, { ...l, moved: false, outOfCommand: l.side === state.turn.activeSide ? false : l.outOfCommand }]));
  return withFnf(state, { ...fnf, units, leaders });
}

/**
 * Replaces the active side's lost division and corps leaders by ordinary ones (FNF-LDR-3, AMB-73):
 * placed touching the command base of a unit of his division, or beside one of his division leaders.
 */
export function replaceLostLeaders(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (const l of Object.values(fnfOf(s).leaders)) {
    if (l.lost === null || l.side !== s.turn.activeSide) continue;
    const anchor =
      l.rank === "division"
        ? activeUnits(s, l.side).find((u) => u.division === l.id)?.position
        : activeLeaders(s, l.side).find((x) => x.superior === l.id)?.position;
    if (anchor === undefined) continue;
    const position = { x: anchor.x, y: anchor.y };
    s = putLeader(s, { ...l, lost: null, rating: "normal", position, attachedTo: null, outOfCommand: false });
    ctx.emit("fnf/leaderReplaced", "FNF-LDR-3", { leader: l.id, position: [position.x, position.y] });
  }
  return s;
}
