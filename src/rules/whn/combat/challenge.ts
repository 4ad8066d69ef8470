/**
 * Challenges (CORE-CHAL-1…3): one per combat before blows, the active player first; accepted, the
 * two characters fight only each other, round after round, until one is slain or flees; refused,
 * a character of the refusing side retires to the rear and does nothing this turn (AMB-07).
 *
 * A unit's champion with a profile of his own (CORE-LEAD-1, AMB-111) takes part as a character
 * does, named by his unit's id (units and characters share one id space): he may issue, accept or
 * retire, and in a challenge he fights with his own profile.
 */
import type { BattleState } from "../../../state/battle.js";
import type { CombatRecord as Combat } from "./types.js";
import type { CharacterId, CombatId, SideId } from "../../../state/ids.js";
import type { Character, Profile, Unit } from "../../../state/unit.js";
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

/**
 * The unit whose champion `id` names, when he may take part in a challenge of this combat: its
 * leader is alive and has a profile of his own (AMB-111), the unit is in the combat, not fleeing,
 * and has a trooper besides him (our reading: an army-list champion; the unnamed leader of a unit
 * without a champion profile stays in the ranks).
 */
export function championUnit(state: BattleState, combat: Combat, id: string): Unit | undefined {
  if (!combat.units.includes(id as never)) return undefined;
  const u = getUnit(state, id);
  if (u === undefined || !inPlay(u) || u.order === "FLEEING" || !u.command.leader || u.champion === null || u.figures < 2) return undefined;
  return u;
}

/** One who may fight a challenge: a character, or a unit's champion (named by his unit's id). */
export interface Challenger {
  readonly id: CharacterId;
  readonly side: SideId;
  readonly profile: Profile;
  /** The unit whose champion this is; null for a character. */
  readonly championOf: string | null;
}

/** Characters, then champions, of one side that may issue, accept or retire in a combat's challenge (CORE-CHAL-1, AMB-111). */
export function challengers(state: BattleState, combat: Combat, side: SideId): Challenger[] {
  const out: Challenger[] = combatCharacters(state, combat, side).map((c) => ({ id: c.id, side: c.side, profile: c.profile, championOf: null }));
  for (const id of combat.units) {
    const u = championUnit(state, combat, id);
    if (u !== undefined && u.side === side && u.champion !== null) out.push({ id: u.id as string as CharacterId, side, profile: u.champion, championOf: u.id });
  }
  return out;
}

/** Whether a character or champion is still in a combat: alive, not fleeing, fighting in one of its units. */
function stillIn(state: BattleState, combat: Combat, id: string): boolean {
  const c = state.characters[id as CharacterId];
  if (c === undefined) return championUnit(state, combat, id) !== undefined;
  return c.removed === null && c.order !== "FLEEING" && c.joinedTo !== null && combat.units.includes(c.joinedTo);
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
  const both = challengers(state, combat, sides[0]).length > 0 && challengers(state, combat, sides[1]).length > 0;
  if (!both) return { kind: "none" };
  for (const side of sides) if (!declined.has(side)) return { kind: "offer", side };
  return { kind: "none" };
}
