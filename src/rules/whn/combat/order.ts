/**
 * Strike order (CORE-CC-4, CORE-CC-5): tiers 1, 2, 3; within a tier, chargers in their first round
 * before the rest, then higher Initiative first; one side's groups of equal standing strike
 * together; when both sides share a slot, last round's winner goes first, else a roll-off.
 */
import type { RoundInput, SideIndex, StepSlot, StrikeStep, Striker } from "./types.js";

/** Groups the strikers into slots in strike order (CORE-CC-4). */
export function strikeSlots(strikers: readonly Striker[]): StepSlot[] {
  const slots = new Map<string, { tier: 1 | 2 | 3; charged: boolean; initiative: number; bySide: [number[], number[]] }>();
  strikers.forEach((s, i) => {
    const key = `${s.tier}|${s.charged ? 0 : 1}|${s.initiative}`;
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = { tier: s.tier, charged: s.charged, initiative: s.initiative, bySide: [[], []] };
      slots.set(key, slot);
    }
    slot.bySide[s.side].push(i);
  });
  return [...slots.values()].sort((a, b) => a.tier - b.tier || Number(b.charged) - Number(a.charged) || b.initiative - a.initiative);
}

/** Whether a slot holds groups of both sides, so it needs an order (CORE-CC-4). */
export function slotIsTied(slot: StepSlot): boolean {
  return slot.bySide[0].length > 0 && slot.bySide[1].length > 0;
}

/** The steps of one slot, the side `first` striking first when both sides are in it. */
export function slotSteps(slot: StepSlot, first: SideIndex, strikers: readonly Striker[]): StrikeStep[] {
  const order: SideIndex[] = first === 0 ? [0, 1] : [1, 0];
  const out: StrikeStep[] = [];
  for (const side of order) {
    const ids = slot.bySide[side];
    if (ids.length === 0) continue;
    out.push({ tier: slot.tier, charged: slot.charged, initiative: slot.initiative, side, strikers: ids.map((i) => (strikers[i] as Striker).id) });
  }
  return out;
}
