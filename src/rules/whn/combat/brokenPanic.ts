/**
 * Panic tests for friends of units that broke in close combat (CORE-PANIC-5, CORE-PANIC-9): after
 * the phase's Break tests, and again when a blocked fall back turns into a flight (AMB-29: treated
 * as a failed Break test), each time before the broken units flee. A friend that flees out of a
 * combat of its own may be pursued at once by the enemies that won that combat's last round
 * (CORE-PANIC-10).
 */
import type { BattleState, Decision } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { footprintDistance } from "../../../geometry/rect.js";
import { leq } from "../../../geometry/vec.js";
import { panicTest } from "../morale/panic.js";
import { panicsUnit, testOrder } from "../morale/order.js";
import { mayPursuePanicked } from "../morale/triggers.js";
import { footprintOf, getUnit, inPlay, unitsOf } from "../unit.js";
import { combatOfUnit, foesOf } from "./disengage.js";
import { mayEverPursue } from "./pursuit.js";
import { emit, type Recorder } from "./recorder.js";

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

/**
 * CORE-PANIC-10: the pursuit decisions for units that fled in panic out of their combats. `before`
 * is the state before their flight (their combats as they were); each enemy in such a combat whose
 * side won its last round, that may pursue (WHN-BREAK-5) and now fights nobody else, is asked at
 * once. `asked`: pursuers with a decision already (not asked twice). `rule`: the decision's rule
 * (the fight's own pursuit decisions say CORE-PURS-1; after the fall backs, CORE-PANIC-10).
 */
export function panicPursuits(before: BattleState, after: BattleState, r: Recorder, fled: readonly UnitId[], asked: ReadonlySet<string>, rule: "CORE-PANIC-10" | "CORE-PURS-1" = "CORE-PANIC-10"): Decision[] {
  const quarries = new Map<string, UnitId[]>();
  for (const id of fled) {
    const c = combatOfUnit(before, id);
    const gone = getUnit(after, id);
    if (c === undefined || gone === undefined || gone.order !== "FLEEING") continue;
    for (const e of c.units) {
      const u = getUnit(after, e);
      if (u === undefined || u.side === gone.side || asked.has(e) || !inPlay(u) || u.order === "FLEEING" || !mayPursuePanicked(c, u)) continue;
      if (foesOf(after, u).length > 0) continue;
      quarries.set(e, [...(quarries.get(e) ?? []), id]);
    }
  }
  const out: Decision[] = [];
  for (const [id, targets] of [...quarries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const u = getUnit(after, id) as Unit;
    if (!mayEverPursue(u)) emit(r, "combat/noPursuit", "WHN-BREAK-5", { unit: u.id });
    else out.push({ kind: "restraint", side: u.side, unit: u.id, targets, rule });
  }
  return out;
}
