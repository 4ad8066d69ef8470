/**
 * Panic from shooting casualties (WHN-PANIC-2, CORE-PANIC-8): the threshold by quality, counted
 * against the models at the start of the phase, once per unit per phase; a detachment counts with
 * its parent and tests on the parent's Leadership (WHN-DET-3). The test itself is morale's
 * `panicTest` (WHN-PANIC-3, WHN-PANIC-4).
 */
import type { ActionContext } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Quality, Unit } from "../../../state/unit.js";
import { effectiveLeadership } from "../leadership.js";
import { getUnit, inPlay, unitsInPlay, withUnit } from "../unit.js";
import { fleeUnit } from "../morale/flee.js";
import { panicTest, type PanicResult } from "../morale/panic.js";
import type { PanicSpec } from "./volley.js";

/**
 * Casualties in one phase that trigger a test (WHN-PANIC-2, CORE-GEN-5): RAW any, REGULAR 10 %,
 * VETERAN 25 % of the models at the start of the phase (integer arithmetic: 15 → 2, 10 → 3).
 */
export function panicThreshold(quality: Quality, figuresAtStart: number): number {
  if (quality === "RAW") return 1;
  const share = quality === "VETERAN" ? 4 : 10;
  return Math.max(1, Math.ceil(figuresAtStart / share));
}

/** The units that test together: a parent and its detachments (WHN-DET-3). */
export function panicGroup(state: BattleState, u: Unit): { lead: Unit; members: Unit[] } {
  const lead = (u.detachmentOf !== null ? getUnit(state, u.detachmentOf) : undefined) ?? u;
  const members = unitsInPlay(state).filter((m) => m.id === lead.id || m.detachmentOf === lead.id);
  if (!members.some((m) => m.id === u.id)) members.push(u);
  return { lead, members };
}

/**
 * The Panic facts for fire at `u` in the current state: how many more casualties trigger the test
 * (Infinity if the group has tested this phase or is fleeing), the Leadership and order state.
 */
export function panicSpecFor(state: BattleState, u: Unit): PanicSpec | null {
  const { lead, members } = panicGroup(state, u);
  if (lead.order === "FLEEING" || !inPlay(lead) || members.some((m) => m.phase.panicTested)) return null;
  const start = members.reduce((s, m) => s + m.phase.figuresAtStart, 0);
  const sofar = members.reduce((s, m) => s + m.phase.casualties, 0);
  const threshold = panicThreshold(lead.quality, start);
  return { trigger: Math.max(1, threshold - sofar), ld: effectiveLeadership(state, lead).value, disordered: lead.order === "DISORDERED" };
}

/** Whether the group of `u` has reached its threshold this phase and not yet tested (WHN-PANIC-2). */
export function panicDue(state: BattleState, u: Unit): boolean {
  const { lead, members } = panicGroup(state, u);
  if (lead.order === "FLEEING" || !inPlay(lead) || members.some((m) => m.phase.panicTested)) return false;
  const start = members.reduce((s, m) => s + m.phase.figuresAtStart, 0);
  const sofar = members.reduce((s, m) => s + m.phase.casualties, 0);
  return sofar > 0 && sofar >= panicThreshold(lead.quality, start);
}

/**
 * Takes the shooting Panic test for `unit` if its threshold is reached (WHN-PANIC-2): one test for
 * the group, marked as taken for the phase; the result is shared by its detachments (WHN-DET-3).
 */
export function shootingPanic(
  state: BattleState,
  unit: UnitId,
  ctx: ActionContext,
  from: UnitId,
): { state: BattleState; result: PanicResult } {
  const u = getUnit(state, unit);
  if (u === undefined || !inPlay(u) || !panicDue(state, u)) return { state, result: "notTested" };
  const { lead, members } = panicGroup(state, u);
  ctx.emit("shooting/panicThreshold", "WHN-PANIC-2", {
    unit: lead.id,
    casualties: members.reduce((s, m) => s + m.phase.casualties, 0),
    figuresAtStart: members.reduce((s, m) => s + m.phase.figuresAtStart, 0),
    quality: lead.quality,
  });
  const tested = panicTest(state, lead.id, ctx, { rule: "WHN-PANIC-2", from });
  let s = tested.state;
  for (const m of members) {
    const cur = getUnit(s, m.id);
    if (cur === undefined) continue;
    s = withUnit(s, { ...cur, phase: { ...cur.phase, panicTested: true } });
    if (m.id === lead.id || !inPlay(cur)) continue;
    if (tested.result === "disordered" && cur.order === "GOOD") {
      ctx.emit("unit/disordered", "WHN-PANIC-3", { unit: cur.id, cause: "WHN-PANIC-2" });
      s = withUnit(s, { ...cur, order: "DISORDERED", phase: { ...cur.phase, panicTested: true } });
    } else if (tested.result === "fled" && cur.order !== "FLEEING") {
      s = fleeUnit(s, cur.id, ctx, { from, rule: "WHN-PANIC-3" }).state;
    }
  }
  return { state: s, result: tested.result };
}
