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
import { getUnit, inPlay, withUnit } from "../unit.js";
import { fleeUnit } from "../morale/flee.js";
import { panicTest, type PanicResult } from "../morale/panic.js";
import type { PanicSpec } from "./volley.js";
import { traitsOf } from "../../traits.js";

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
  // The members in id order, as `unitsInPlay` lists them; read straight from the record, since the
  // state is usually fresh (casualties were just taken) and its in-play list not made yet.
  const keys: string[] = [];
  for (const id of Object.keys(state.units)) {
    const m = state.units[id as UnitId];
    if (m !== undefined && inPlay(m) && (m.id === lead.id || m.detachmentOf === lead.id)) keys.push(id);
  }
  if (keys.length > 1) keys.sort();
  const members: Unit[] = [];
  let hasU = false;
  for (const id of keys) {
    const m = state.units[id as UnitId] as Unit;
    members.push(m);
    if (m.id === u.id) hasU = true;
  }
  if (!hasU) members.push(u);
  return { lead, members };
}

/** Casualties this phase and models at its start, summed over a group (WHN-DET-3). */
function groupCounts(members: readonly Unit[]): { casualties: number; figuresAtStart: number } {
  let casualties = 0;
  let figuresAtStart = 0;
  for (const m of members) {
    casualties += m.phase.casualties;
    figuresAtStart += m.phase.figuresAtStart;
  }
  return { casualties, figuresAtStart };
}

/** Whether a group may still test this phase: its lead in play and not fleeing, no member tested. */
function groupMayTest(lead: Unit, members: readonly Unit[]): boolean {
  if (lead.order === "FLEEING" || !inPlay(lead)) return false;
  for (const m of members) if (m.phase.panicTested) return false;
  return true;
}

/** The threshold of a unit in its battle: WHN-PANIC-2 by quality, or CORE-PANIC-8's 25 % for every unit. */
function thresholdOf(state: BattleState, lead: Unit, figuresAtStart: number): number {
  return panicThreshold(traitsOf(state).panicThresholdQuality ?? lead.quality, figuresAtStart);
}

/** Whether a group that may test has reached its threshold (WHN-PANIC-2, CORE-PANIC-8). */
function groupDue(state: BattleState, lead: Unit, counts: { casualties: number; figuresAtStart: number }): boolean {
  return counts.casualties > 0 && counts.casualties >= thresholdOf(state, lead, counts.figuresAtStart);
}

/**
 * The Panic facts for fire at `u` in the current state: how many more casualties trigger the test
 * (Infinity if the group has tested this phase or is fleeing), the Leadership and order state.
 */
export function panicSpecFor(state: BattleState, u: Unit): PanicSpec | null {
  const { lead, members } = panicGroup(state, u);
  if (!groupMayTest(lead, members)) return null;
  const { casualties, figuresAtStart } = groupCounts(members);
  const threshold = thresholdOf(state, lead, figuresAtStart);
  // `disordered` means "a failed test flees": always so under the core rules (CORE-PANIC-1).
  return { trigger: Math.max(1, threshold - casualties), ld: effectiveLeadership(state, lead).value, disordered: lead.order === "DISORDERED" || !traitsOf(state).disorderBeforeFlight };
}

/** Whether the group of `u` has reached its threshold this phase and not yet tested (WHN-PANIC-2). */
export function panicDue(state: BattleState, u: Unit): boolean {
  const { lead, members } = panicGroup(state, u);
  return groupMayTest(lead, members) && groupDue(state, lead, groupCounts(members));
}

/**
 * Takes the shooting Panic test for `unit` if its threshold is reached (WHN-PANIC-2): one test for
 * the group, marked as taken for the phase; the result is shared by its detachments (WHN-DET-3).
 * A unit that flees runs directly away from the nearest enemy, not from the shooter (CORE-FLEE-3).
 */
export function shootingPanic(state: BattleState, unit: UnitId, ctx: ActionContext): { state: BattleState; result: PanicResult } {
  const u = getUnit(state, unit);
  if (u === undefined || !inPlay(u)) return { state, result: "notTested" };
  const { lead, members } = panicGroup(state, u);
  if (!groupMayTest(lead, members)) return { state, result: "notTested" };
  const counts = groupCounts(members);
  if (!groupDue(state, lead, counts)) return { state, result: "notTested" };
  const rule = traitsOf(state).rules.panicThreshold;
  ctx.emit("shooting/panicThreshold", rule, {
    unit: lead.id,
    casualties: counts.casualties,
    figuresAtStart: counts.figuresAtStart,
    quality: lead.quality,
  });
  const tested = panicTest(state, lead.id, ctx, { rule, from: null });
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
      s = fleeUnit(s, cur.id, ctx, { from: null, rule: "WHN-PANIC-3" }).state;
    }
  }
  return { state: s, result: tested.result };
}
