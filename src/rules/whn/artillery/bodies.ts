/**
 * What a gun's hit does to the body it strikes, on plain numbers (WHN-ART-10, WHN-ART-14,
 * WHN-ART-15): troops lose models by wounds; an artillery piece rolls where the hit lands (limber,
 * horses, crew, gun). Each hit is one step of a small state machine written once and read in two
 * modes: sampled with the dice (the reducer) and enumerated with probabilities (exact odds).
 */
import type { Dice } from "../../../dice/index.js";
import type { Unit } from "../../../state/unit.js";
import { clampStat, saveNeed, toWoundNeed } from "../tables.js";
import { isMounted } from "../unit.js";
import { GUNS, HORSES_T, LIMBER, hitLocation, type HitLocation } from "./guns.js";

/** The die rolled for the wounds of an unsaved shot hit (WHN-ART-10); null: one wound. */
export type WoundsDie = "d3" | "d6" | null;

/** Troops (or crew) as a hit sees them. */
export interface TroopBody {
  readonly kind: "troops";
  readonly id: string;
  readonly figures: number;
  readonly W: number;
  readonly woundsTaken: number;
  readonly woundNeed: number | null;
  readonly saveNeed: number | null;
}

/** An artillery piece as a hit sees it (WHN-ART-14). */
export interface GunBody {
  readonly kind: "gun";
  readonly id: string;
  /** The crew at the gun (sheltering or absent crew cannot be hit, WHN-ART-7). */
  readonly crew: TroopBody;
  readonly crewHittable: boolean;
  readonly gunNeed: number | null;
  readonly limberNeed: number | null;
  readonly horsesNeed: number | null;
  readonly gunW: number;
  readonly gunTaken: number;
  readonly limberTaken: number;
  readonly limberDisabled: boolean;
  readonly mode: "immediate" | "woundPool";
}

/** Any body a gun may hit. */
export type Body = TroopBody | GunBody;

/**
 * A unit's models as the target of hits of Strength S (WHN-DIS-2: DISORDERED T −1; CORE-SAVE-1).
 * `equipment` is what it saves with: a parent whose merged elites fill half its front rank saves
 * with theirs (CORE-UNIT-1, WHN-DET-5; `saveEquipment`).
 */
export function troopBody(u: Unit, S: number, equipment: Unit["equipment"] = u.equipment): TroopBody {
  const T = clampStat(u.profile.T - (u.order === "DISORDERED" ? 1 : 0));
  return {
    kind: "troops",
    id: u.id,
    figures: u.figures,
    W: u.profile.W,
    woundsTaken: u.woundsTaken,
    woundNeed: toWoundNeed(S, T),
    saveNeed: saveNeed({ equipment, mounted: isMounted(u) }, S),
  };
}

/** An artillery unit as the target of shot or canister hits of Strength S (WHN-ART-14). */
export function gunBody(u: Unit, S: number, mode: "immediate" | "woundPool"): GunBody {
  const a = u.artillery;
  if (a === null) throw new RangeError(`gunBody: unit "${u.id}" is not artillery`);
  return {
    kind: "gun",
    id: u.id,
    crew: troopBody(u, S),
    crewHittable: a.shelteringIn === null && !a.abandoned && u.figures > 0,
    gunNeed: toWoundNeed(S, GUNS[a.gun].T),
    limberNeed: toWoundNeed(S, LIMBER.T),
    horsesNeed: toWoundNeed(S, HORSES_T),
    gunW: GUNS[a.gun].W,
    gunTaken: a.gunWoundsTaken,
    limberTaken: a.limberWoundsTaken,
    limberDisabled: a.limberDisabled,
    mode,
  };
}

/** Where a troop body stands after some hits: models killed and wounds on the wounded one. */
export interface TroopTally {
  readonly hits: number;
  readonly unsaved: number;
  readonly killed: number;
  readonly taken: number;
}

/** Where a gun stands after some hits (WHN-ART-15). */
export interface GunTally {
  readonly hits: number;
  readonly locations: readonly HitLocation[];
  readonly crew: TroopTally;
  readonly horseHits: number;
  readonly limberDisabled: boolean;
  readonly limberTaken: number;
  readonly gunTaken: number;
  readonly gunDestroyed: boolean;
}

/** A fresh tally for a body. */
export function freshTroops(b: TroopBody): TroopTally {
  return { hits: 0, unsaved: 0, killed: 0, taken: b.woundsTaken };
}

/** A fresh tally for a gun. */
export function freshGun(b: GunBody): GunTally {
  return { hits: 0, locations: [], crew: freshTroops(b.crew), horseHits: 0, limberDisabled: b.limberDisabled, limberTaken: b.limberTaken, gunTaken: b.gunTaken, gunDestroyed: false };
}

const pOf = (need: number | null): number => (need === null ? 0 : Math.max(0, Math.min(6, 7 - need)) / 6);
const DIE_FACES = { d3: [1, 2, 3], d6: [1, 2, 3, 4, 5, 6] } as const;

/** Wounds left on a troop body (every model's remaining W). */
export function woundsLeft(b: TroopBody, t: TroopTally): number {
  const alive = b.figures - t.killed;
  return alive <= 0 ? 0 : alive * b.W - t.taken;
}

/** Spreads `w` wounds from one hit over the models (one model per wound when W = 1, WHN-ART-15; CORE-SAVE-2). */
export function dealWounds(b: TroopBody, t: TroopTally, w: number, spread: boolean): TroopTally {
  let killed = t.killed;
  let taken = t.taken;
  let left = w;
  while (left > 0 && killed < b.figures) {
    const room = b.W - taken;
    const d = Math.min(left, room);
    taken += d;
    left -= d;
    if (taken >= b.W) {
      killed++;
      taken = 0;
    }
    if (!spread) break;
  }
  return { ...t, unsaved: t.unsaved + 1, killed, taken: killed >= b.figures ? 0 : taken };
}

/** Whether the wounds die can change anything (WHN-ART-10): more than one wound would count. */
function woundsDieMatters(b: TroopBody, t: TroopTally, spread: boolean): boolean {
  return spread ? woundsLeft(b, t) > 1 : b.W - t.taken > 1;
}

/** Whether a tally has already finished the body off. */
export function troopsGone(b: TroopBody, t: TroopTally): boolean {
  return t.killed >= b.figures;
}

/**
 * One hit on troops, sampled (WHN-ART-9 order: to-wound, save, wounds). `spread`: the hit's wounds
 * go on from model to model (crew, WHN-ART-15); otherwise a model keeps only its own wounds
 * (CORE-SAVE-2).
 */
export function rollTroopHit(dice: Dice, b: TroopBody, t: TroopTally, die: WoundsDie, spread = false): TroopTally {
  const hit = { ...t, hits: t.hits + 1 };
  if (troopsGone(b, t) || b.woundNeed === null) return hit;
  if (dice.d6() < b.woundNeed) return hit;
  if (b.saveNeed !== null && dice.d6() >= b.saveNeed) return hit;
  const w = die !== null && woundsDieMatters(b, t, spread) ? (die === "d3" ? dice.d3() : dice.d6()) : 1;
  return dealWounds(b, hit, w, spread);
}

/** One hit on troops, enumerated: every outcome with its probability (same steps as {@link rollTroopHit}). */
export function troopHitOutcomes(b: TroopBody, t: TroopTally, die: WoundsDie, spread = false): Array<readonly [number, TroopTally]> {
  const hit = { ...t, hits: t.hits + 1 };
  if (troopsGone(b, t)) return [[1, hit]];
  const q = pOf(b.woundNeed) * (1 - pOf(b.saveNeed));
  const out: Array<readonly [number, TroopTally]> = [];
  if (q < 1) out.push([1 - q, hit]);
  if (q <= 0) return out;
  if (die !== null && woundsDieMatters(b, t, spread)) {
    const faces = DIE_FACES[die];
    for (const w of faces) out.push([q / faces.length, dealWounds(b, hit, w, spread)]);
  } else out.push([q, dealWounds(b, hit, 1, spread)]);
  return out;
}

/** Whether further hits on this gun can change anything. */
export function gunFinished(b: GunBody, g: GunTally): boolean {
  return g.gunDestroyed || (b.crewHittable && troopsGone(b.crew, g.crew));
}

/** Wounds a gun or limber hit deals in the wound-pool option (WHN-ART-15, AMB-45): the die if it can matter. */
function poolWoundsMatter(W: number, taken: number, die: WoundsDie): boolean {
  return die !== null && W - taken > 1;
}

/** Applies a wounding hit on the limber or the gun (WHN-ART-15). */
function partWounded(b: GunBody, g: GunTally, part: "limber" | "gun", w: number): GunTally {
  if (part === "limber") {
    if (b.mode === "immediate") return { ...g, limberDisabled: true };
    const taken = Math.min(LIMBER.W, g.limberTaken + w);
    return { ...g, limberTaken: taken, limberDisabled: g.limberDisabled || taken >= LIMBER.W };
  }
  if (b.mode === "immediate") return { ...g, gunDestroyed: true };
  const taken = Math.min(b.gunW, g.gunTaken + w);
  return { ...g, gunTaken: taken, gunDestroyed: taken >= b.gunW };
}

/**
 * One shot or canister hit on an artillery unit, sampled (WHN-ART-14, WHN-ART-15): nothing once the
 * gun is destroyed or its crew dead; otherwise the location die,
 * to-wound against that part's T, a save for crew only, then the wounds die where it can matter.
 */
export function rollGunHit(dice: Dice, b: GunBody, g: GunTally, die: WoundsDie): GunTally {
  if (gunFinished(b, g)) return { ...g, hits: g.hits + 1 };
  const loc = hitLocation(dice.d6());
  const hit: GunTally = { ...g, hits: g.hits + 1, locations: [...g.locations, loc] };
  switch (loc) {
    case "crew":
      return b.crewHittable ? { ...hit, crew: { ...rollTroopHit(dice, b.crew, g.crew, die, true), hits: g.crew.hits } } : hit;
    case "horses":
      return b.horsesNeed !== null && dice.d6() >= b.horsesNeed ? { ...hit, horseHits: hit.horseHits + 1 } : hit;
    case "limber":
    case "gun": {
      const need = loc === "limber" ? b.limberNeed : b.gunNeed;
      if (need === null || dice.d6() < need) return hit;
      const W = loc === "limber" ? LIMBER.W : b.gunW;
      const taken = loc === "limber" ? g.limberTaken : g.gunTaken;
      const done = loc === "limber" ? g.limberDisabled : g.gunDestroyed;
      const w = b.mode === "woundPool" && !done && poolWoundsMatter(W, taken, die) ? (die === "d3" ? dice.d3() : dice.d6()) : 1;
      return partWounded(b, hit, loc, w);
    }
  }
}

/** One hit on an artillery unit, enumerated (same steps as {@link rollGunHit}). */
export function gunHitOutcomes(b: GunBody, g: GunTally, die: WoundsDie): Array<readonly [number, GunTally]> {
  if (gunFinished(b, g)) return [[1, { ...g, hits: g.hits + 1 }]];
  const out: Array<readonly [number, GunTally]> = [];
  for (const loc of ["limber", "horses", "crew", "gun"] as const) {
    const pLoc = loc === "crew" ? 3 / 6 : 1 / 6;
    const hit: GunTally = { ...g, hits: g.hits + 1, locations: [...g.locations, loc] };
    if (loc === "crew") {
      if (!b.crewHittable) out.push([pLoc, hit]);
      else for (const [p, c] of troopHitOutcomes(b.crew, g.crew, die, true)) out.push([pLoc * p, { ...hit, crew: { ...c, hits: g.crew.hits } }]);
      continue;
    }
    if (loc === "horses") {
      const p = pOf(b.horsesNeed);
      if (p < 1) out.push([pLoc * (1 - p), hit]);
      if (p > 0) out.push([pLoc * p, { ...hit, horseHits: hit.horseHits + 1 }]);
      continue;
    }
    const p = pOf(loc === "limber" ? b.limberNeed : b.gunNeed);
    if (p < 1) out.push([pLoc * (1 - p), hit]);
    if (p <= 0) continue;
    const W = loc === "limber" ? LIMBER.W : b.gunW;
    const taken = loc === "limber" ? g.limberTaken : g.gunTaken;
    const done = loc === "limber" ? g.limberDisabled : g.gunDestroyed;
    if (b.mode === "woundPool" && !done && die !== null && poolWoundsMatter(W, taken, die)) {
      const faces = DIE_FACES[die];
      for (const w of faces) out.push([(pLoc * p) / faces.length, partWounded(b, hit, loc, w)]);
    } else out.push([pLoc * p, partWounded(b, hit, loc, 1)]);
  }
  return out;
}
