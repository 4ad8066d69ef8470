/**
 * The compulsory morale steps of a player turn: start-of-turn Panic tests for fleeing friends within
 * 4" (CORE-PANIC-3, WHN-TURN-1) and the flee moves of the compulsory-moves step (CORE-FLEE-6).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { leq } from "../../../geometry/vec.js";
import { footprintOf, getUnit, modelCount, unitsOf, withUnit } from "../unit.js";
import { fleeUnit } from "./flee.js";
import { canPanic, panicTest } from "./panic.js";
import { outnumbersTwoToOne, panicsUnit, testOrder } from "./order.js";

/** Fleeing friends within this distance at the start of the turn cause a Panic test (CORE-PANIC-3). */
export const FLEEING_FRIENDS_RANGE = 4;

/** Fleeing friends of `u` within 4" that can panic it (CORE-PANIC-3, CORE-PANIC-9). */
export function fleeingFriendsNear(state: BattleState, u: Unit): Unit[] {
  const fp = footprintOf(u);
  return unitsOf(state, u.side).filter(
    (f) => f.id !== u.id && f.order === "FLEEING" && panicsUnit(f, u) && leq(footprintDistance(fp, footprintOf(f)), FLEEING_FRIENDS_RANGE),
  );
}

/**
 * Start of turn (CORE-PANIC-3): each of the active player's units with fleeing friends within 4"
 * tests, unless it outnumbers them all together 2:1. The friends are those fleeing when the turn
 * begins, so a failure here does not set off further tests. Failures follow WHN-PANIC-3; a unit
 * that must flee is marked FLEEING and moves in the compulsory-moves step; every failure bars a
 * rally this turn (`flags.failedStartPanic`, CORE-RALLY-3).
 */
export function startOfTurnPanic(state: BattleState, ctx: ActionContext): BattleState {
  const candidates: { unit: Unit; fleeing: Unit[] }[] = [];
  for (const u of unitsOf(state, state.turn.activeSide)) {
    if (!canPanic(u)) continue;
    const fleeing = fleeingFriendsNear(state, u);
    if (fleeing.length === 0) continue;
    const others = fleeing.reduce((n, f) => n + modelCount(state, f), 0);
    if (outnumbersTwoToOne(state, u, others)) {
      ctx.emit("morale/panicExempt", "CORE-PANIC-3", { unit: u.id, models: modelCount(state, u), fleeingModels: others, fleeing: fleeing.map((f) => f.id) });
      continue;
    }
    candidates.push({ unit: u, fleeing });
  }
  let s = state;
  for (const u of testOrder(state, candidates.map((c) => c.unit))) {
    const r = panicTest(s, u.id, ctx, { rule: "CORE-PANIC-3", fleeNow: false });
    if (r.result === "disordered" || r.result === "fled") {
      const after = getUnit(r.state, u.id) ?? u;
      s = withUnit(r.state, { ...after, flags: { ...after.flags, failedStartPanic: true } });
    } else s = r.state;
  }
  return s;
}

/**
 * Compulsory moves (CORE-FLEE-6, CORE-RALLY-1, WHN-RALLY-4): every FLEEING unit of the active player
 * that has not already fled this turn flees again, away from the nearest enemy.
 */
export function compulsoryFlees(state: BattleState, ctx: ActionContext): BattleState {
  let s = state;
  for (const u of unitsOf(state, state.turn.activeSide)) {
    const now = getUnit(s, u.id);
    if (now === undefined || now.removed !== null || now.order !== "FLEEING" || now.flags.moved) continue;
    s = fleeUnit(s, now.id, ctx, { from: null, rule: now.flags.failedStartPanic ? "CORE-PANIC-3" : "CORE-FLEE-6" }).state;
  }
  return s;
}
