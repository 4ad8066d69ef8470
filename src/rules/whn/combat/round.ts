/**
 * One round of close combat resolved with dice on plain values (CORE-CC-2…6, CORE-CR-1): strike
 * steps in order, each rolling every to-hit die first, then to-wound dice, then saves; casualties
 * removed after each step so slain models do not strike back.
 */
import type { Dice } from "../../../dice/index.js";
import { rollToHit } from "../../../dice/index.js";
import { settle, scoreSides } from "./score.js";
import { slotIsTied, slotSteps, strikeSlots } from "./order.js";
import type { RoundInput, RoundResult, SideIndex, StepReport, StrikeStep, Striker, Victim } from "./types.js";

/** Running losses of one victim during the round. */
interface Loss {
  models: number;
  wounds: number;
  taken: number;
}

/**
 * Fighting models of each group given its owner's losses so far (CORE-CC-5): the owner's
 * casualties come off its groups from the last listed backwards, never below 0.
 */
export function fightingModels(strikers: readonly Striker[], lostByOwner: (owner: string) => number): number[] {
  const out = strikers.map((s) => s.models);
  const owners = new Map<string, number[]>();
  strikers.forEach((s, i) => owners.set(s.owner, [...(owners.get(s.owner) ?? []), i]));
  for (const [owner, idx] of owners) {
    let lost = lostByOwner(owner);
    for (let k = idx.length - 1; k >= 0 && lost > 0; k--) {
      const i = idx[k] as number;
      const cut = Math.min(out[i] as number, lost);
      out[i] = (out[i] as number) - cut;
      lost -= cut;
    }
  }
  return out;
}

/** Attacks a group makes with `fighting` models left (CORE-CC-3, CORE-LEAD-2). */
export function attacksOf(s: Striker, fighting: number): number {
  return fighting <= 0 ? 0 : fighting * s.attacks + s.bonusAttacks;
}

/** Wounds a victim can still lose: models × W − wounds already taken (CORE-CR-1). */
export function woundsLeft(v: Victim, lost: { models: number; taken: number }): number {
  const models = v.models - lost.models;
  return models <= 0 ? 0 : models * v.wounds - lost.taken;
}

/** Applies `n` unsaved wounds to a victim, each to the wounded model first (CORE-SAVE-2). */
export function takeWounds(v: Victim, loss: Loss, n: number): number {
  const dealt = Math.min(n, woundsLeft(v, loss));
  const total = loss.taken + dealt;
  loss.models += Math.floor(total / v.wounds);
  loss.taken = total % v.wounds;
  loss.wounds += dealt;
  return dealt;
}

/**
 * Resolves one round (CORE-CC-4, CORE-CC-5, CORE-CC-6, CORE-CR-1) with dice: strike steps, the
 * losses of every victim, each side's score and the verdict (CORE-MUS-2/3, HR-SQUARE).
 * @example
 * const r = resolveRound(input, roller(scriptedDice([6, 5, 1])));
 * r.winner; r.margin; r.losses["gb-1"].models;
 */
export function resolveRound(input: RoundInput, dice: Dice): RoundResult {
  const victimIndex = new Map<string, number>();
  input.victims.forEach((v, i) => victimIndex.set(v.id, i));
  const loss: Loss[] = input.victims.map((v) => ({ models: 0, wounds: 0, taken: v.woundsTaken }));
  const lostOf = (id: string): number => loss[victimIndex.get(id) ?? -1]?.models ?? 0;
  const strikerIndex = new Map<string, number>();
  input.strikers.forEach((s, i) => strikerIndex.set(s.id, i));
  const inflicted: [number, number] = [0, 0];
  const reports: StepReport[] = [];

  for (const slot of strikeSlots(input.strikers)) {
    let first: SideIndex = slot.bySide[0].length > 0 ? 0 : 1;
    if (slotIsTied(slot)) first = input.lastWinner ?? (dice.rollOff() === "first" ? 0 : 1);
    for (const step of slotSteps(slot, first, input.strikers)) reports.push(strike(input, step, strikerIndex, loss, victimIndex, lostOf, inflicted, dice));
  }

  const left = input.victims.map((v, i) => Math.max(0, v.models - (loss[i] as Loss).models));
  const scores = scoreSides(input, left, inflicted);
  const pre = settle(scores, input);
  const verdict = pre.kind === "decided" ? pre.verdict : dice.rollOff() === "first" ? pre.ifFirst : pre.ifSecond;
  const losses: Record<string, { models: number; wounds: number; woundsTaken: number }> = {};
  input.victims.forEach((v, i) => {
    const l = loss[i] as Loss;
    losses[v.id] = { models: l.models, wounds: l.wounds, woundsTaken: l.taken };
  });
  return { ...verdict, steps: reports, losses };
}

/** One strike step: all to-hit dice, then to-wound dice, then saves; losses applied at the end. */
function strike(
  input: RoundInput,
  step: StrikeStep,
  strikerIndex: Map<string, number>,
  loss: Loss[],
  victimIndex: Map<string, number>,
  lostOf: (id: string) => number,
  inflicted: [number, number],
  dice: Dice,
): StepReport {
  const fighting = fightingModels(input.strikers, lostOf);
  const groups = step.strikers.map((id) => {
    const i = strikerIndex.get(id) as number;
    const s = input.strikers[i] as Striker;
    return { s, attacks: attacksOf(s, fighting[i] as number), hits: 0, wounds: 0, unsaved: 0 };
  });
  for (const g of groups) for (let k = 0; k < g.attacks; k++) if (rollToHit(dice, g.s.hitNeed)) g.hits++;
  for (const g of groups) {
    if (g.s.woundNeed === null) continue;
    for (let k = 0; k < g.hits; k++) if (dice.d6() >= g.s.woundNeed) g.wounds++;
  }
  for (const g of groups) {
    g.unsaved = g.wounds;
    if (g.s.saveNeed === null) continue;
    for (let k = 0; k < g.wounds; k++) if (dice.d6() >= g.s.saveNeed) g.unsaved--;
  }
  const pending = new Map<number, number>();
  for (const g of groups) {
    const vi = victimIndex.get(g.s.target);
    if (vi !== undefined) pending.set(vi, (pending.get(vi) ?? 0) + g.unsaved);
  }
  for (const [vi, n] of pending) {
    const v = input.victims[vi] as Victim;
    inflicted[step.side] += takeWounds(v, loss[vi] as Loss, n);
  }
  const sum = (f: (g: (typeof groups)[number]) => number): number => groups.reduce((a, g) => a + f(g), 0);
  return { ...step, attacks: sum((g) => g.attacks), hits: sum((g) => g.hits), wounds: sum((g) => g.wounds), unsaved: sum((g) => g.unsaved) };
}
