/**
 * Fighting one combat's round on the state: build the plain round, resolve it with dice, take the
 * losses off the units and characters (WHN-FORM-8, CORE-STD-3, CORE-STD-4), log every step, and
 * record the result on the combat (CORE-CC-1, CORE-CR-1).
 */
import type { BattleState, Decision } from "../../../state/battle.js";
import type { CombatRecord as Combat } from "./types.js";
import type { CharacterId, CombatId, SideId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { removeModels } from "../casualties.js";
import { commitCasualties, combinedOf } from "../combined.js";
import { asksCasualties, casualtyDecision, withWoundsOnly } from "../shooting/casualtyChoice.js";
import { footprintOf, getUnit, layoutOf, unitsInPlay, withCharacter, withUnit, removeUnit } from "../unit.js";
import { buildRound, championVictim, fightingUnits, type BuiltRound } from "./build.js";
import { squarenessOf } from "./ranks.js";
import { shifted } from "./fallBack.js";
import { EPSILON, dist, dot, forward, right, scale, sub, type Vec2 } from "../../../geometry/vec.js";
import { overlapInterval } from "../../../geometry/sweep.js";
import type { Contact } from "./contacts.js";
import { centreOfUnit } from "./contacts.js";
import { loseStandard } from "./breakTest.js";
import { resolveRound } from "./round.js";
import { emit, view, type Recorder } from "./recorder.js";
import type { RoundResult, SideIndex } from "./types.js";

/**
 * What one fought round leaves for the rest of the phase (its Break tests, flee moves and pursuit):
 * the winner, the margin, the units that fought and who touched whom. Kept on the combat entry
 * while owners choose casualties (`Combat.round`, WHN-FORM-8).
 */
export type RoundSummary = NonNullable<Combat["round"]>;

/** A fought round and its combat. */
export interface Fought {
  readonly combat: CombatId;
  readonly round: RoundSummary;
}

/** A contact as the round summary keeps it: models counted, not listed. */
type ContactLike = { readonly unit: string; readonly enemy: string; readonly models: readonly number[] | number };

/** The enemy a unit lost to: the one with most models touching it (CORE-FLEE-3, WHN-BREAK-2). */
export function mainEnemy(contacts: readonly ContactLike[], unit: string): UnitId | null {
  const n = (c: ContactLike): number => (typeof c.models === "number" ? c.models : c.models.length);
  const against = contacts.filter((c) => c.enemy === unit).sort((a, b) => n(b) - n(a) || (a.unit < b.unit ? -1 : 1));
  return (against[0]?.unit as UnitId | undefined) ?? null;
}

/** The summary of a round just resolved (see {@link RoundSummary}). */
function summarise(built: BuiltRound, result: RoundResult, winner: SideId | null): RoundSummary {
  return {
    winner,
    margin: result.margin,
    units: built.units.map((u) => u.id),
    contacts: built.contacts.map((c) => ({ unit: c.unit as UnitId, enemy: c.enemy as UnitId, models: c.models.length })),
  };
}

/**
 * Elites of a combined unit touching the enemy (CORE-UNIT-1): the elites stand in the front rank and
 * take the places in contact first (our reading), so as many as both counts allow.
 */
function elitesInContact(state: BattleState, u: Unit, contacts: readonly Contact[]): number {
  const c = combinedOf(state, u);
  if (c === null) return 0;
  const models = layoutOf(u).models;
  const touching = new Set<number>();
  for (const k of contacts) if (k.unit === u.id) for (const i of k.models) if (models[i]?.rank === 0) touching.add(i);
  return Math.min(c.elitesInFront, touching.size);
}

/**
 * A square that lost models is re-laid about its centre (WHN-FORM-8, CORE-GEO-7), so each face
 * steps in by half of what its side lost; the enemies touching it before the loss step in after it,
 * straight across the face they touch, so the combat stays in base contact (CORE-CC-1).
 */
export function closeUpOnSquare(state: BattleState, before: Unit, contacts: readonly Contact[]): BattleState {
  const after = getUnit(state, before.id);
  if (after === undefined) return state;
  const step = dist(before.position, after.position);
  if (step === 0) return state;
  const centre = centreOfUnit(after);
  const normals = [forward(before.facing), right(before.facing), scale(forward(before.facing), -1), scale(right(before.facing), -1)];
  let s = state;
  for (const id of new Set(contacts.filter((c) => c.enemy === before.id).map((c) => c.unit))) {
    const foe = getUnit(s, id);
    if (foe === undefined || foe.removed !== null) continue;
    const towards = sub(centreOfUnit(foe), centre);
    const face = normals.reduce((best, n) => (dot(n, towards) > dot(best, towards) ? n : best));
    s = withUnit(s, shifted(foe, scale(face, -stepClear(s, foe, scale(face, -1), step, before.id))));
  }
  return s;
}

/**
 * How far a foe stepping in on a shrunken square may go along `dir` (at most `step`) without ending
 * on another unit (CORE-MOVE-4): a friend beside it at the corner stops it short, out of contact.
 */
function stepClear(state: BattleState, foe: Unit, dir: Vec2, step: number, square: UnitId): number {
  let allowed = step;
  const others = unitsInPlay(state).filter((o) => o.id !== foe.id && o.id !== square);
  for (const m of footprintOf(foe)) for (const o of others) for (const b of footprintOf(o)) {
    const iv = overlapInterval(m, dir, b);
    if (iv !== null && iv.hi > 0 && iv.lo < allowed) allowed = Math.max(0, iv.lo - EPSILON);
  }
  return allowed;
}

/** The suffix of a champion's victim id (see `championVictim`). */
const CHAMPION = championVictim("");

/**
 * Takes a round's losses off the state's units and characters (WHN-FORM-8, CORE-SAVE-2, CORE-STD-3).
 * With `core.ownerChoices: "ask"`, an EXTENDED_ORDER unit keeps its models (only the wounded model's
 * wounds change) and the decision asking its owner which go is pushed onto `asked`.
 */
function applyLosses(state: BattleState, r: Recorder, built: BuiltRound, result: RoundResult, asked: Decision[]): BattleState {
  let s = state;
  for (const v of built.input.victims) {
    const loss = result.losses[v.id];
    if (loss === undefined || loss.wounds === 0) continue;
    if (v.kind === "character" && v.id.endsWith(CHAMPION)) {
      // A champion slain in a challenge: his unit loses its leader's model (CORE-CHAL-3, CORE-LEAD-1).
      const u = getUnit(s, v.id.slice(0, -CHAMPION.length));
      if (u === undefined || loss.models === 0 || !u.command.leader) continue;
      const removal = removeModels({ ...u, command: { ...u.command, leader: false } }, 1);
      emit(r, "combat/casualties", "CORE-CC-6", { unit: u.id, wounds: loss.wounds, removed: 1, figures: removal.unit.figures, commandLost: ["leader"] });
      s = commitCasualties(s, removal.unit, 1, { kind: "combat", eliteInContact: elitesInContact(s, u, built.contacts) }, (type, rule, d) => emit(r, type, rule, d));
      if (u.formation === "SQUARE") s = closeUpOnSquare(s, u, built.contacts);
      continue;
    }
    if (v.kind === "character") {
      const c = s.characters[v.id as CharacterId];
      if (c === undefined) continue;
      const slain = loss.models > 0;
      emit(r, slain ? "character/slain" : "character/wounded", "CORE-CHAL-3", { character: c.id, wounds: loss.wounds });
      s = withCharacter(s, slain ? { ...c, woundsTaken: 0, removed: { reason: "destroyed", gameTurn: s.turn.gameTurn } } : { ...c, woundsTaken: loss.woundsTaken });
      continue;
    }
    const u = getUnit(s, v.id) as Unit;
    const from = mainEnemy(built.contacts, u.id);
    const foe = from === null ? undefined : getUnit(s, from);
    const cause = foe === undefined ? undefined : centreOfUnit(foe);
    // The owner picks which extended-order models go (WHN-FORM-8); a combined unit's elites are not asked about.
    if (asksCasualties(s, u, loss.models) && combinedOf(s, u) === null) {
      s = withWoundsOnly(s, u, loss.woundsTaken);
      asked.push({ ...casualtyDecision(u, loss.models, cause, from), wounds: loss.wounds });
      continue;
    }
    const removal = removeModels(u, loss.models, cause);
    const unit: Unit = { ...removal.unit, woundsTaken: removal.unit.figures === 0 ? 0 : loss.woundsTaken };
    emit(r, "combat/casualties", "CORE-CC-6", { unit: u.id, wounds: loss.wounds, removed: removal.removed, figures: unit.figures, commandLost: [...removal.commandLost] });
    s = commitCasualties(s, unit, removal.removed, { kind: "combat", eliteInContact: elitesInContact(s, u, built.contacts) }, (type, rule, d) => emit(r, type, rule, d));
    if (u.formation === "SQUARE" && unit.figures > 0) s = closeUpOnSquare(s, u, built.contacts);
    if (unit.figures === 0) {
      emit(r, "unit/destroyed", "CORE-CC-6", { unit: u.id, reason: "slain in close combat" });
      if (from !== null) s = loseStandard(s, r, u, from);
      const gone = getUnit(s, u.id) as Unit;
      s = removeUnit(withUnit(s, gone), gone.id, "destroyed");
    }
  }
  return s;
}

/**
 * HR-SQUARE-1 with `hr.squarenessAtCombatStart` (AMB-95): the combat keeps each unit's squareness
 * and model count from the first phase the unit fights in it. Without the option, the combat as is.
 */
export function keepSquareness(state: BattleState, combat: Combat): Combat {
  if (!state.options.hr.squarenessAtCombatStart) return combat;
  const kept: Record<string, number> = { ...combat.squareness };
  let changed = false;
  for (const u of fightingUnits(state, combat)) {
    if (Object.hasOwn(kept, u.id)) continue;
    kept[u.id] = squarenessOf(u);
    kept[`${u.id}:models`] = u.figures;
    changed = true;
  }
  return changed ? { ...combat, squareness: kept } : combat;
}

/**
 * Fights one round of a combat (CORE-CC-1…6, CORE-CR-1…9): resolves blows and the result, takes
 * off the losses and records the winner and the round count on the combat. `asked`: the casualty
 * choices the round leaves to owners (WHN-FORM-8, `core.ownerChoices: "ask"`).
 */
export function fightCombat(state: BattleState, r: Recorder, combat: Combat, splits?: ReadonlyMap<string, ReadonlyMap<string, number>>): { state: BattleState; fought: Fought; asked: Decision[] } {
  combat = keepSquareness(state, combat);
  const built = buildRound(view(state, r), combat, splits);
  const result = resolveRound(built.input, r.ctx.dice);
  for (const st of result.steps) {
    emit(r, "combat/strike", "CORE-CC-4", { combat: combat.id, side: built.sides[st.side], tier: st.tier, charged: st.charged, initiative: st.initiative, strikers: [...st.strikers], attacks: st.attacks, hits: st.hits, wounds: st.wounds, unsaved: st.unsaved });
  }
  const asked: Decision[] = [];
  let s = applyLosses(state, r, built, result, asked);
  const winner = result.winner === null ? null : built.sides[result.winner];
  const sc = (i: SideIndex) => {
    const x = result.scores[i];
    return { side: built.sides[i], wounds: x.wounds, ranks: x.ranks, flank: x.flank, rear: x.rear, highGround: x.highGround, standard: x.standard, outnumber: x.outnumber, squareness: x.squareness, total: x.total, musician: x.musician };
  };
  emit(r, "combat/roundFought", "CORE-CR-1", { combat: combat.id, winner, margin: result.margin, settledBy: result.settledBy, scores: [sc(0), sc(1)], squareness: [built.input.sides[0].squareness, built.input.sides[1].squareness] });
  const updated: Combat = { ...combat, rounds: combat.rounds + 1, lastWinner: winner };
  s = { ...s, combats: { ...s.combats, [combat.id]: updated } };
  return { state: s, fought: { combat: combat.id, round: summarise(built, result, winner) }, asked };
}

