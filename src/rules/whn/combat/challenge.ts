/**
 * Challenges (CORE-CHAL-1…3): one per combat before blows, the active player first; accepted, the
 * two characters fight only each other, round after round, until one is slain or flees; refused,
 * a character of the refusing side retires to the rear and does nothing this turn (AMB-07).
 */
import type { BattleState } from "../../../state/battle.js";
import type { CombatRecord as Combat } from "./types.js";
import type { CharacterId, CombatId, SideId } from "../../../state/ids.js";
import type { Character } from "../../../state/unit.js";
import { getUnit, inPlay, joinedCharacters } from "../unit.js";

/** Two characters fighting a challenge. */
export interface Duel {
  readonly a: CharacterId;
  readonly b: CharacterId;
}

/** Characters of one side engaged in a combat: joined to one of its units, not fleeing (CORE-CHAL-1). */
export function combatCharacters(state: BattleState, combat: Combat, side: SideId): Character[] {
  const out: Character[] = [];
  for (const id of combat.units) {
    const u = getUnit(state, id);
    if (u === undefined || !inPlay(u) || u.side !== side || u.order === "FLEEING") continue;
    for (const c of joinedCharacters(state, u.id)) if (c.order !== "FLEEING") out.push(c);
  }
  return out;
}

/** Whether a character is still in a combat: alive, not fleeing, joined to one of its units. */
function stillIn(state: BattleState, combat: Combat, id: string): boolean {
  const c = state.characters[id as CharacterId];
  return c !== undefined && c.removed === null && c.order !== "FLEEING" && c.joinedTo !== null && combat.units.includes(c.joinedTo);
}

/**
 * The challenge being fought in a combat, if any: the last accepted one while both characters are
 * alive and not fleeing (CORE-CHAL-3: it may last several rounds).
 */
export function activeDuel(state: BattleState, combat: Combat): Duel | null {
  const duels = state.facts.duels;
  const d = Object.hasOwn(duels, combat.id) ? duels[combat.id] : undefined;
  if (d === undefined) return null;
  return stillIn(state, combat, d.a) && stillIn(state, combat, d.b) ? { a: d.a, b: d.b } : null;
}

/** The challenge step of a combat this phase, as the turn facts hold it. */
function challengeFacts(state: BattleState, combat: string): BattleState["facts"]["step"]["challenges"][CombatId] | undefined {
  const all = state.facts.step.challenges;
  return Object.hasOwn(all, combat) ? all[combat as CombatId] : undefined;
}

/** Characters retired by a refused challenge this phase (CORE-CHAL-2). */
export function retiredThisPhase(state: BattleState, combat: string): readonly string[] {
  return challengeFacts(state, combat)?.retired ?? [];
}

/** What the challenge step of a combat still waits for this phase. */
export type ChallengeStage = { readonly kind: "none" } | { readonly kind: "offer"; readonly side: SideId } | { readonly kind: "answer"; readonly side: SideId; readonly challenger: CharacterId; readonly retireIfRefused: string };

/**
 * Whose challenge move is due in a combat (CORE-CHAL-1): none while a challenge goes on or once
 * settled this phase; else the active side may offer, then the other side.
 */
export function challengeStage(state: BattleState, combat: Combat, sides: readonly [SideId, SideId]): ChallengeStage {
  if (activeDuel(state, combat) !== null) return { kind: "none" };
  const facts = challengeFacts(state, combat.id);
  if (facts?.settled === true) return { kind: "none" };
  const issued = facts?.issued ?? null;
  if (issued !== null) {
    const side = issued.side === sides[0] ? sides[1] : sides[0];
    return { kind: "answer", side, challenger: issued.challenger, retireIfRefused: issued.retireIfRefused };
  }
  const declined = new Set<string>(facts?.declined ?? []);
  const both = combatCharacters(state, combat, sides[0]).length > 0 && combatCharacters(state, combat, sides[1]).length > 0;
  if (!both) return { kind: "none" };
  for (const side of sides) if (!declined.has(side)) return { kind: "offer", side };
  return { kind: "none" };
}
