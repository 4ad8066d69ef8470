/**
 * Panic tests for friends of units that broke in close combat (CORE-PANIC-5, CORE-PANIC-9): after
 * the phase's Break tests, and again when a blocked fall back turns into a flight (AMB-29: treated
 * as a failed Break test), each time before the broken units flee.
 */
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { leq } from "../../../geometry/vec.js";
import { panicTest } from "../morale/panic.js";
import { panicsUnit, testOrder } from "../morale/order.js";
import { footprintOf, unitsOf } from "../unit.js";
import type { Recorder } from "./recorder.js";

/** Range within which a broken friend causes a Panic test (CORE-PANIC-5). */
export const BROKEN_FRIEND_RANGE = 12;

/**
 * Panic tests for friends within 12" of units that broke (measured where they broke), one test per
 * unit however many broke at once (CORE-PANIC-2); the units that fail are returned, their flight waits.
 */
export function brokenFriendPanic(state: BattleState, r: Recorder, broken: readonly Unit[]): { state: BattleState; fled: UnitId[] } {
  let s = state;
  const fled: UnitId[] = [];
  const brokenIds = new Set(broken.map((b) => b.id as string));
  const sides = [...new Set(broken.map((b) => b.side))].sort();
  for (const side of sides) {
    const sources = broken.filter((b) => b.side === side);
    const testers = unitsOf(s, side).filter(
      (u) => !brokenIds.has(u.id) && u.order !== "FLEEING" && sources.some((b) => panicsUnit(b, u) && leq(footprintDistance(footprintOf(b), footprintOf(u)), BROKEN_FRIEND_RANGE)),
    );
    for (const u of testOrder(s, testers)) {
      const out = panicTest(s, u.id, r.ctx, { rule: "CORE-PANIC-5", from: null, fleeNow: false });
      s = out.state;
      if (out.result === "fled") fled.push(u.id);
    }
  }
  return { state: s, fled };
}
