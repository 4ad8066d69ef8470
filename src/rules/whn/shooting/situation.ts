/**
 * Reads a proposed shooting from the battle state: is it legal (CORE-SHOOT-1, WHN-SHOOT-3,
 * WHN-SHOOT-8, WHN-SHOOT-10, CORE-GEO-15/16, CORE-LOS-1), and if so every plain fact the
 * resolution needs — firing models, range band, cover, the to-hit score, wound and save scores.
 */
import type { BattleState } from "../../../state/battle.js";
import type { CharacterId, UnitId } from "../../../state/ids.js";
import type { Character, MissileWeapon, Unit } from "../../../state/unit.js";
import { violation, type Violation } from "../../../engine/violation.js";
import { facesSeeing, quadrantFace, unitQuadrant } from "../../../geometry/arcs.js";
import { unitCentre, type UnitLayout } from "../../../geometry/layout.js";
import { closestPointOnFootprint, footprintDistance, type Footprint } from "../../../geometry/rect.js";
import { dist } from "../../../geometry/vec.js";
import { betterCover, lineOfSight, targetCover } from "../../../geometry/sight.js";
import { isOnHill } from "../../../geometry/terrain.js";
import { clampStat, saveNeed, toWoundNeed } from "../tables.js";
import { getUnit, inPlay, isMounted, isSkirmishing, layoutOf, rankCounts } from "../unit.js";
import { saveEquipment } from "../combined.js";
import { firingModels, type Firers } from "./firers.js";
import { isVeteranLights, toHitScore, type Cover, type ToHitInput, type ToHitScore } from "./modifiers.js";
import { characterLayout, firesThisPhase, inCombat, movedThisTurn, othersPlaced, terrainOf } from "./sightlines.js";
import { hitStrength, maxRange, rangeBand, weaponStats, type RangeBand, type WeaponStats } from "./weapons.js";
import { tieKey } from "../../../math/index.js";
import { traitsOf } from "../../traits.js";

/** What is being shot at. */
export type ShotTarget =
  | { readonly kind: "unit"; readonly unit: Unit }
  | { readonly kind: "joinedCharacter"; readonly unit: Unit; readonly character: Character }
  | { readonly kind: "loneCharacter"; readonly character: Character };

/** A shooting request. */
export interface ShotRequest {
  readonly shooter: UnitId;
  readonly target: UnitId | CharacterId;
  readonly face?: 0 | 1 | 2 | 3 | undefined;
  readonly standAndShoot?: boolean | undefined;
}

/** Wound and save scores of one body hit by this fire (CORE-WOUND-1, CORE-SAVE-1). */
export interface BodyScores {
  readonly woundNeed: number | null;
  readonly saveNeed: number | null;
}

/** The intervening unit that catches misses due to its hard cover (HR-COVER-3). */
export interface Screen {
  readonly unit: Unit;
  /** The score without the unit's cover (n0); the target's score is n1. */
  readonly need: number;
  readonly scores: BodyScores;
}

/** Every fact of a legal shooting. */
export interface Situation {
  readonly shooter: Unit;
  readonly target: ShotTarget;
  readonly face: 0 | 1 | 2 | 3 | null;
  readonly weapon: MissileWeapon;
  readonly stats: WeaponStats;
  readonly range: number;
  readonly band: RangeBand;
  readonly firers: Firers;
  readonly cover: { readonly terrain: Cover; readonly units: Cover; readonly screening: readonly string[] };
  readonly toHit: ToHitScore;
  readonly strength: number;
  /** Scores against the target unit's models (or the lone character). */
  readonly scores: BodyScores;
  /** Scores against a picked-out character (CORE-LOS-2). */
  readonly characterScores: BodyScores | null;
  readonly screen: Screen | null;
  readonly initialVolley: boolean;
  readonly standAndShoot: boolean;
}

const bad = (code: string, rule: Parameters<typeof violation>[1], values: Parameters<typeof violation>[2] = {}): { ok: false; violation: Violation } => ({
  ok: false,
  violation: violation(code, rule, values),
});

/** The to-wound and save scores of a hit of Strength S on a body (WHN-DIS-2: DISORDERED T −1). */
export function bodyScores(S: number, body: { profile: { T: number }; equipment: Unit["equipment"] }, mounted: boolean, disordered: boolean): BodyScores {
  const T = clampStat(body.profile.T - (disordered ? 1 : 0));
  return { woundNeed: toWoundNeed(S, T), saveNeed: saveNeed({ equipment: body.equipment, mounted }, S) };
}

/** Every model's base of a layout, per layout (layouts are cached per unit and immutable). */
const MODEL_RECTS = new WeakMap<UnitLayout, Footprint>();

/** The model bases of a formed target, for its cover (CORE-GEO-17). */
function modelRects(l: UnitLayout): Footprint {
  let r = MODEL_RECTS.get(l);
  if (r === undefined) {
    r = l.models.map((m) => m.rect);
    MODEL_RECTS.set(l, r);
  }
  return r;
}

/** Looks up the target: a unit, a joined character picked out, or a lone character. */
function findTarget(state: BattleState, id: string): ShotTarget | null {
  const u = getUnit(state, id);
  if (u !== undefined) return inPlay(u) ? { kind: "unit", unit: u } : null;
  if (!Object.hasOwn(state.characters, id)) return null;
  const c = state.characters[id as CharacterId];
  if (c === undefined || c.removed !== null) return null;
  if (c.joinedTo === null) return { kind: "loneCharacter", character: c };
  const host = getUnit(state, c.joinedTo);
  return host !== undefined && inPlay(host) ? { kind: "joinedCharacter", unit: host, character: c } : null;
}

/** The layout a shot is measured to: the unit (a joined character stands in it) or the lone model. */
function targetLayout(t: ShotTarget): UnitLayout {
  return t.kind === "loneCharacter" ? characterLayout(t.character) : layoutOf(t.unit);
}

/** Checks the shooter's own eligibility (CORE-SHOOT-1, WHN-SHOOT-8). */
export function shooterProblem(state: BattleState, s: Unit, standAndShoot: boolean): Violation | null {
  if (s.artillery !== null) return violation("shooting/artillery", "CORE-SHOOT-1", { unit: s.id });
  if (s.equipment.missile === null) return violation("shooting/no_missile_weapon", "CORE-SHOOT-1", { unit: s.id });
  if (s.order === "FLEEING") return violation("shooting/fleeing", "CORE-SHOOT-1", { unit: s.id });
  if (inCombat(state, s.id)) return violation("shooting/engaged", "CORE-SHOOT-1", { unit: s.id });
  if (standAndShoot) return null;
  if (s.side !== state.turn.activeSide) return violation("shooting/not_active_side", "CORE-SHOOT-1", { unit: s.id, side: s.side });
  const marchOk = state.options.whn.marchColumnFiresAfterMarch && s.formation === "MARCH_COLUMN";
  if (s.flags.marched && !marchOk) return violation("shooting/marched", "WHN-SHOOT-8", { unit: s.id });
  if (s.flags.charged) return violation("shooting/charged", "CORE-CHRG-8", { unit: s.id });
  if (s.flags.failedCharge) return violation("shooting/failed_charge", "CORE-CHRG-6", { unit: s.id });
  // Under the core rules a unit that rallied this turn may not shoot (CORE-RALLY-4, CORE-SHOOT-1).
  if (traitsOf(state).ralliedHoldFire && s.flags.rallied) return violation("shooting/rallied", "CORE-RALLY-4", { unit: s.id });
  return null;
}

/** Picks the square face that fires, or reports why none may (WHN-SHOOT-10, CORE-GEO-15). */
function squareFace(state: BattleState, s: Unit, layout: UnitLayout, t: UnitLayout, targetId: string, asked: number | undefined, sns: boolean): number | Violation {
  const seeing = facesSeeing(layout, t.footprint).map(quadrantFace) as number[];
  const fired = sns ? [] : firesThisPhase(state).filter((f) => f.shooter === s.id);
  if (fired.some((f) => f.target === targetId)) return violation("shooting/target_already_shot_by_square", "WHN-SHOOT-10", { unit: s.id, target: targetId });
  const free = seeing.filter((f) => !fired.some((x) => x.face === f));
  if (asked !== undefined) {
    if (!seeing.includes(asked)) return violation("shooting/not_in_arc", "CORE-GEO-15", { unit: s.id, target: targetId, face: asked });
    if (!free.includes(asked)) return violation("shooting/face_already_fired", "WHN-SHOOT-10", { unit: s.id, face: asked });
    return asked;
  }
  if (seeing.length === 0) return violation("shooting/not_in_arc", "CORE-GEO-15", { unit: s.id, target: targetId });
  const toward = quadrantFace(unitQuadrant(layout, unitCentre(t)).face);
  const pick = free.includes(toward) ? toward : free[0];
  if (pick === undefined) return violation("shooting/face_already_fired", "WHN-SHOOT-10", { unit: s.id, face: seeing[0] ?? 0 });
  return pick;
}

/** Checks CORE-LOS-1's limits on shooting at a character. */
function characterProblem(state: BattleState, s: Unit, sl: UnitLayout, t: ShotTarget): Violation | null {
  if (t.kind === "unit") return null;
  const enemyBodies: { id: string; layout: UnitLayout }[] = [
    ...othersPlaced(state, [s.id]).filter((o) => getUnit(state, o.id)?.side !== s.side),
    ...Object.values(state.characters)
      .filter((c) => c.side !== s.side && c.removed === null && c.joinedTo === null)
      .map((c) => ({ id: c.id as string, layout: characterLayout(c) })),
  ];
  const others = othersPlaced(state, [s.id]);
  const terrain = terrainOf(state);
  const mine = t.kind === "joinedCharacter" ? t.unit.id : t.character.id;
  const myD = footprintDistance(sl.footprint, targetLayout(t).footprint);
  for (const b of enemyBodies) {
    if (b.id === mine) continue;
    const d = footprintDistance(sl.footprint, b.layout.footprint);
    if (d >= myD - 1e-9) continue;
    // A lone character must be the closest visible enemy; a joined one's unit the closest enemy.
    if (t.kind === "joinedCharacter") return violation("shooting/character_not_exposed", "CORE-LOS-1", { character: t.character.id, closer: b.id });
    const seen = facesSeeing(sl, b.layout.footprint).length > 0 && lineOfSight(sl, b.layout, others.filter((o) => o.id !== b.id), terrain).visible;
    if (seen) return violation("shooting/character_not_closest", "CORE-LOS-1", { character: t.character.id, closer: b.id });
  }
  if (t.kind === "joinedCharacter") {
    const tl = layoutOf(t.unit);
    const q = unitQuadrant(tl, unitCentre(sl)).face;
    if (tl.kind !== "square" && q !== "front") return violation("shooting/character_not_exposed", "CORE-LOS-1", { character: t.character.id, side: q });
  }
  return null;
}

/** What {@link shotSituation} answers. */
export type SituationRead = { ok: true; situation: Situation } | { ok: false; violation: Violation };

/** One remembered reading, with the parts of the state besides the units that it read. */
interface Remembered {
  readonly characters: BattleState["characters"];
  readonly combats: BattleState["combats"];
  readonly terrain: BattleState["terrain"];
  readonly options: BattleState["options"];
  readonly activeSide: BattleState["turn"]["activeSide"];
  /** The phase's fires, read only for a square's faces (WHN-SHOOT-10); null when the reading ignored them. */
  readonly shots: BattleState["facts"]["shots"] | null;
  readonly read: SituationRead;
}

/**
 * Readings already made, for the last few units records, per request. States are immutable values:
 * a reading depends on the units record, the characters, combats, terrain, options, the active side
 * and (for a square) the phase's fires, so it is reused only when all of those are the very same objects — a
 * listing followed by the apply of one of its actions, or a study repeating one fire with fresh
 * dice, measures arcs, sight, range and cover once.
 *
 * A short list held strongly, not a `WeakMap`: every action makes a new units record, and a weak
 * map keyed by short-lived objects costs the garbage collector more than the readings save (its
 * entries are revisited at every minor collection). At most {@link KEPT} records are held.
 */
const KEPT = 8;
const RECORDS: BattleState["units"][] = [];
const READINGS: Map<string, Remembered>[] = [];

/** The readings of a units record, made (and the oldest record dropped) if it is not kept. */
function readingsOf(units: BattleState["units"], make: boolean): Map<string, Remembered> | undefined {
  for (let i = 0; i < RECORDS.length; i++) if (RECORDS[i] === units) return READINGS[i];
  if (!make) return undefined;
  if (RECORDS.length >= KEPT) {
    RECORDS.shift();
    READINGS.shift();
  }
  const m = new Map<string, Remembered>();
  RECORDS.push(units);
  READINGS.push(m);
  return m;
}

/**
 * Reads a shooting from the state: a violation naming the rule that forbids it, or every fact the
 * resolution needs. Pure; rolls nothing; remembered per immutable state parts (the same request on
 * the same units, characters, combats, terrain and options returns the same reading).
 */
export function shotSituation(state: BattleState, req: ShotRequest): SituationRead {
  const key = `${req.shooter}\u0000${req.target}\u0000${req.face ?? ""}\u0000${req.standAndShoot === true ? 1 : 0}`;
  const hit = readingsOf(state.units, false)?.get(key);
  if (
    hit !== undefined &&
    hit.characters === state.characters &&
    hit.combats === state.combats &&
    hit.terrain === state.terrain &&
    hit.options === state.options &&
    hit.activeSide === state.turn.activeSide &&
    (hit.shots === null || hit.shots === state.facts.shots)
  ) {
    return hit.read;
  }
  const read = readSituation(state, req);
  const shooter = getUnit(state, req.shooter);
  readingsOf(state.units, true)?.set(key, {
    characters: state.characters,
    combats: state.combats,
    terrain: state.terrain,
    options: state.options,
    activeSide: state.turn.activeSide,
    shots: shooter?.formation === "SQUARE" ? state.facts.shots : null,
    read,
  });
  return read;
}

/** {@link shotSituation} without the memory. */
function readSituation(state: BattleState, req: ShotRequest): SituationRead {
  const sns = req.standAndShoot === true;
  const s = getUnit(state, req.shooter);
  if (s === undefined || !inPlay(s)) return bad("shooting/unknown_unit", "CORE-SHOOT-1", { unit: req.shooter });
  const sp = shooterProblem(state, s, sns);
  if (sp !== null) return { ok: false, violation: sp };
  const t = findTarget(state, req.target);
  if (t === null) return bad("shooting/unknown_target", "CORE-SHOOT-1", { target: req.target });
  const tSide = t.kind === "loneCharacter" ? t.character.side : t.unit.side;
  if (tSide === s.side) return bad("shooting/not_an_enemy", "CORE-SHOOT-1", { target: req.target });
  if (t.kind !== "loneCharacter" && inCombat(state, t.unit.id)) return bad("shooting/target_engaged", "CORE-SHOOT-1", { target: t.unit.id });
  // Crew sheltering in a square cannot be hit (WHN-ART-7): their gun alone is no target for musketry.
  if (t.kind === "unit" && t.unit.artillery?.shelteringIn != null) return bad("shooting/crew_sheltering", "WHN-ART-7", { target: t.unit.id });
  const sl = layoutOf(s);
  const tl = targetLayout(t);
  const targetKey = t.kind === "unit" ? t.unit.id : t.character.id;
  let face: 0 | 1 | 2 | 3 | null = null;
  if (s.formation === "SQUARE") {
    const f = squareFace(state, s, sl, tl, targetKey, req.face, sns);
    if (typeof f !== "number") return { ok: false, violation: f };
    face = f as 0 | 1 | 2 | 3;
  } else {
    if (!sns && s.flags.shot) return bad("shooting/already_shot", "CORE-SHOOT-1", { unit: s.id });
    if (facesSeeing(sl, tl.footprint).length === 0) return bad("shooting/not_in_arc", "CORE-GEO-15", { unit: s.id, target: targetKey });
  }
  const terrain = terrainOf(state);
  const exclude = t.kind === "loneCharacter" ? [s.id] : [s.id, t.unit.id];
  const sight = lineOfSight(sl, tl, othersPlaced(state, exclude), terrain, { unitsGiveCover: state.options.hr.cover });
  if (!sight.visible) {
    return bad("shooting/no_line_of_sight", "CORE-GEO-16", { unit: s.id, target: targetKey, blockedBy: [...sight.blockingUnits, ...sight.blockingTerrain] });
  }
  const weapon = s.equipment.missile as MissileWeapon;
  const stats = weaponStats(weapon, state.options);
  const range = footprintDistance(sl.footprint, tl.footprint);
  const band = rangeBand(stats, range);
  if (band === null) return bad("shooting/out_of_range", "WHN-SHOOT-3", { unit: s.id, target: targetKey, max: maxRange(stats), actual: range });
  const cp = characterProblem(state, s, sl, t);
  if (cp !== null) return { ok: false, violation: cp };
  const moved = !sns && movedThisTurn(s);
  const onHill = state.options.hr.hillsTwoRanks && isOnHill(terrain, sl.footprint);
  const firers = firingModels({ formation: s.formation, ranks: rankCounts(s), figures: s.figures, order: s.order, moved, onHillTwoRanks: onHill });
  if (firers.count <= 0) return bad("shooting/no_firers", "WHN-SHOOT-9", { unit: s.id });
  const terrainGrade = targetCover(sight.from, tl.kind === "loose" || t.kind === "loneCharacter" ? tl.footprint : modelRects(tl), terrain).grade;
  const unitGrade: Cover = sight.screeningUnits.length > 0 ? state.options.hr.coverType[stats.coverKind] : "none";
  const grade = betterCover(terrainGrade, unitGrade);
  const targetUnit = t.kind === "loneCharacter" ? null : t.unit;
  const initialVolley = !s.initialVolleyUsed && stats.firearm && band === "close" && !isSkirmishing(s);
  const bsPenalty = s.order === "DISORDERED" || s.flags.rallied || s.flags.ralliedFromFleeing;
  const veteranLights = isVeteranLights(s.quality, s.light, s.formation, state.options.whn.vetLightsBonusAnyFormation);
  // The to-hit facts with a given cover, as one literal (no spread of a shared base).
  const core = traitsOf(state).toHitModifiers === "core";
  const hitFacts = (cover: Cover): ToHitInput => ({
    bs: s.profile.BS,
    bsPenalty,
    band,
    cover,
    moved,
    standAndShoot: sns,
    targetFormation: targetUnit?.formation ?? null,
    veteranLights,
    mounted: isMounted(s),
    initialVolley,
    loneCharacter: t.kind === "loneCharacter",
    core,
  });
  const toHit = toHitScore(hitFacts(grade));
  const S = hitStrength(stats, clampStat(s.profile.S - (s.order === "DISORDERED" ? 1 : 0)));
  const scores =
    t.kind === "loneCharacter"
      ? bodyScores(S, t.character, t.character.mounted, t.character.order === "DISORDERED")
      : bodyScores(S, { profile: t.unit.profile, equipment: saveEquipment(state, t.unit) }, isMounted(t.unit), t.unit.order === "DISORDERED"); // CORE-UNIT-1
  const characterScores = t.kind === "joinedCharacter" ? bodyScores(S, t.character, t.character.mounted, false) : null;
  let screen: Screen | null = null;
  if (unitGrade === "hard" && terrainGrade !== "hard") {
    const nearest = sight.screeningUnits
      .map((id) => getUnit(state, id))
      .filter((u): u is Unit => u !== undefined)
      .map((u) => ({ u, d: tieKey(dist(sight.from, closestPointOnFootprint(sight.from, layoutOf(u).footprint))) }))
      .sort((a, b) => a.d - b.d || (a.u.id < b.u.id ? -1 : 1))[0];
    if (nearest !== undefined) {
      const n0 = toHitScore(hitFacts(terrainGrade)).need;
      screen = { unit: nearest.u, need: n0, scores: bodyScores(S, { profile: nearest.u.profile, equipment: saveEquipment(state, nearest.u) }, isMounted(nearest.u), nearest.u.order === "DISORDERED") };
    }
  }
  return {
    ok: true,
    situation: {
      shooter: s,
      target: t,
      face,
      weapon,
      stats,
      range,
      band,
      firers,
      cover: { terrain: terrainGrade, units: unitGrade, screening: sight.screeningUnits },
      toHit,
      strength: S,
      scores,
      characterScores,
      screen,
      initialVolley,
      standAndShoot: sns,
    },
  };
}
