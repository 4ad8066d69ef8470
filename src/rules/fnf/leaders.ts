import type { BattleState } from "../../state/battle.js";
import type { ActionContext, Outcome } from "../../engine/context.js";
import { fail, ok } from "../../engine/context.js";
import { violation } from "../../engine/violation.js";
import type { Vec2 } from "./geometry/prims.js";
import { EPSILON } from "./geometry/prims.js";
import { leaderRect } from "./geometry/layout.js";
import { basesDistance, rectsOf } from "./geometry/measure.js";
import { pathCost } from "./geometry/pricing.js";
import { MOVE_RATES } from "./tables/maneuver.js";
import { LEADER_MOVE, fallenLeaderRow } from "./tables/leaders.js";
import type { MoveLeaderAction } from "./actions.js";
import type { Leader } from "./units.js";
import { activeUnits, fnfOf, putLeader, putUnit, seniorAttached, unitOf } from "./units.js";
import { layout } from "./world.js";

/** Moves a leader up to 18" (terrain as leaders, FNF-MOVE-1) and attaches him (FNF-CMD-5). */
export function moveLeader(state: BattleState, a: MoveLeaderAction, ctx: ActionContext): Outcome {
  const l = fnfOf(state).leaders[a.leader];
  if (l === undefined || l.lost !== null) return fail(violation("fnf/unknown_leader", "FNF-CMD-5", { leader: a.leader }));
  if (l.side !== state.turn.activeSide) return fail(violation("fnf/not_your_leader", "FNF-CMD-5", { leader: a.leader }));
  if (l.moved) return fail(violation("fnf/leader_already_moved", "FNF-CMD-5", { leader: a.leader }));
  const rolled = activeUnits(state, l.side).find((u) => u.turn.maneuver !== null || u.turn.compulsoryMoved);
  if (rolled !== undefined) return fail(violation("fnf/leaders_move_first", "FNF-CMD-5", { leader: a.leader, unit: rolled.id }));
  const path: Vec2[] = [l.position, ...a.via, a.to];
  // Priced within the budget: a far waypoint is refused from the path's length, without sampling it.
  const cost = pathCost(state.terrain, path, { rate: MOVE_RATES.leader, roads: true, roughFree: false }, LEADER_MOVE + EPSILON);
  if (cost > LEADER_MOVE + EPSILON) return fail(violation("fnf/leader_too_far", "FNF-CMD-5", { leader: a.leader, cost: Number.isFinite(cost) ? cost : null, max: LEADER_MOVE }));
  let attachedTo: string | null = null;
  if (a.attachTo !== null) {
    const u = unitOf(state, a.attachTo);
    if (u === undefined || u.side !== l.side) return fail(violation("fnf/bad_attachment", "FNF-CMD-5", { leader: a.leader, unit: a.attachTo }));
    const d = basesDistance([leaderRect(a.to)], rectsOf(layout(u)));
    if (d > EPSILON) return fail(violation("fnf/not_in_contact", "FNF-CMD-5", { leader: a.leader, unit: a.attachTo, distance: d }));
    attachedTo = u.id;
  }
  ctx.emit("fnf/leaderMoved", "FNF-CMD-5", { leader: l.id, to: [a.to.x, a.to.y], cost, attachedTo });
  return ok(putLeader(state, { ...l, position: a.to, attachedTo, moved: true }));
}

/** Removes a leader as a casualty or captive, to be replaced (FNF-LDR-2, FNF-LDR-3). */
export function loseLeader(state: BattleState, l: Leader, how: "casualty" | "captured", ctx: ActionContext): BattleState {
  ctx.emit("fnf/leaderLost", "FNF-LDR-3", { leader: l.id, how });
  return putLeader(state, { ...l, lost: how, attachedTo: null });
}

/** A brigadier lost: replaced at once by an ordinary one (FNF-LDR-3). */
export function loseBrigadier(state: BattleState, unitId: string, how: "casualty" | "captured", ctx: ActionContext): BattleState {
  const u = unitOf(state, unitId);
  if (u === undefined) return state;
  ctx.emit("fnf/brigadierLost", "FNF-LDR-3", { unit: unitId, how, wasExceptional: u.exceptionalBrigadier });
  return putUnit(state, { ...u, exceptionalBrigadier: false });
}

/** Rolls 2D6 on the Fallen Leaders table for one leader or brigadier (FNF-LDR-1, FNF-LDR-2). */
export function rollFallenLeader(state: BattleState, who: { leader: Leader } | { brigadierOf: string }, ctx: ActionContext): BattleState {
  const roll = ctx.dice.d6() + ctx.dice.d6();
  const row = fallenLeaderRow(roll);
  ctx.emit("fnf/fallenLeaders", "FNF-LDR-1", { roll, text: row.text, casualty: row.casualty, ...("leader" in who ? { leader: who.leader.id } : { brigadierOf: who.brigadierOf }) });
  if (!row.casualty) return state;
  return "leader" in who ? loseLeader(state, who.leader, "casualty", ctx) : loseBrigadier(state, who.brigadierOf, "casualty", ctx);
}

/** The officer at risk in a unit hit by an 11 or 12: its senior attached leader, else its brigadier (FNF-FIRE-8, AMB-87). */
export function officerAtRisk(state: BattleState, unitId: string): { leader: Leader } | { brigadierOf: string } | null {
  const senior = seniorAttached(state, unitId);
  if (senior !== undefined) return { leader: senior };
  const u = unitOf(state, unitId);
  return u !== undefined && u.kind === "brigade" ? { brigadierOf: u.id } : null;
}
