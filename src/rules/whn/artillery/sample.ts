/**
 * One gun's fire on plain numbers (WHN-ART-9 … WHN-ART-15): the spec is read from the state once,
 * then sampled with the dice — by the reducer, and by studies and tests in a tight loop. The exact
 * odds (odds.ts) read the same spec.
 */
import { saveEquipment } from "../combined.js";
import type { Dice } from "../../../dice/index.js";
import type { BattleState } from "../../../state/battle.js";
import type { Vec2 } from "../../../geometry/vec.js";
import { killsFrom, rollAtLeast, rollHits } from "../shooting/volley.js";
import { othersPlaced } from "../shooting/sightlines.js";
import { getUnit } from "../unit.js";
import { freshGun, freshTroops, gunBody, rollGunHit, rollTroopHit, troopBody, type Body, type GunTally, type TroopTally, type WoundsDie } from "./bodies.js";
import { bounceLine, burstHits, lineHits, rollFlight, targetsOf, type Flight, type LineHit, type Target } from "./flight.js";
import { CANISTER_S, FIRE_TABLE, gunOf, type Ammunition } from "./guns.js";
import type { GunFireSituation } from "./situation.js";

/** Everything one gun fire needs, as plain values. */
export interface GunFireSpec {
  readonly gun: string;
  readonly target: string;
  readonly ammunition: Ammunition;
  readonly need: number;
  readonly muzzle: Vec2;
  readonly aim: Vec2;
  /** Bodies a ball or burst may meet (every unit in play but the firing gun). */
  readonly targets: readonly Target[];
  /** How each of those units takes this ammunition's hits. */
  readonly bodies: { readonly [id: string]: Body };
  readonly woundsDie: WoundsDie;
  readonly canisterShots: number;
  readonly shellDiameter: number;
  /** Hits a shell burst touching an artillery piece gives it: its crew, 0 if they cannot be hit (CORE-GEO-29, WHN-ART-7). */
  readonly crewCounts: { readonly [id: string]: number };
}

/** The plain spec of a legal gun fire (WHN-ART-8 rows, WHN-ART-13's shell Strength, WHN-ART-15's mode). */
export function gunFireSpec(state: BattleState, s: GunFireSituation): GunFireSpec {
  const row = FIRE_TABLE[gunOf(s.gun).gun];
  const S = s.ammunition === "shot" ? row.shot.S : s.ammunition === "canister" ? CANISTER_S : state.options.whn.shellStrength;
  const mode = state.options.whn.gunHitMode;
  const placed = s.ammunition === "canister" ? othersPlaced(state, [s.gun.id]).filter((p) => p.id === s.target.id) : othersPlaced(state, [s.gun.id]);
  const bodies: { [id: string]: Body } = {};
  const crewCounts: { [id: string]: number } = {};
  for (const p of placed) {
    const u = getUnit(state, p.id);
    if (u === undefined) continue;
    const a = u.artillery;
    if (a !== null) crewCounts[p.id] = a.shelteringIn === null && !a.abandoned ? u.figures : 0;
    // Shell strikes an artillery piece's crew (WHN-ART-14): it counts as its crew models (CORE-GEO-29).
    bodies[p.id] = u.artillery !== null && s.ammunition !== "shell" ? gunBody(u, S, mode) : troopBody(u, S, saveEquipment(state, u));
  }
  return {
    gun: s.gun.id,
    target: s.target.id,
    ammunition: s.ammunition,
    need: s.toHit.need,
    muzzle: s.muzzle,
    aim: s.aim,
    targets: targetsOf(placed),
    bodies,
    woundsDie: s.ammunition === "shot" ? row.shot.woundsDie : null,
    canisterShots: row.canister.shots,
    shellDiameter: row.shell.pattern,
    crewCounts,
  };
}

/** What one body suffered. */
export type Tally = { readonly kind: "troops"; readonly id: string; readonly tally: TroopTally } | { readonly kind: "gun"; readonly id: string; readonly tally: GunTally };

/** The sampled result of a gun fire. */
export interface GunFireSample {
  /** The ball's flight (shot and shell); null for canister. */
  readonly flight: Flight | null;
  /** The bounce segment, or null. */
  readonly segment: { readonly from: Vec2; readonly to: Vec2 } | null;
  /** The shell's burst point, or null. */
  readonly burst: Vec2 | null;
  /** Canister to-hit rolls and hits, or null. */
  readonly canister: { readonly shots: number; readonly hits: number } | null;
  /** Units reached, in the order their dice were rolled. */
  readonly struck: readonly LineHit[];
  readonly results: readonly Tally[];
}

/** Rolls every shot hit on the units a bounce line met (WHN-ART-9 order: per model, to-wound, save, wounds). */
function sampleLine(dice: Dice, spec: GunFireSpec, struck: readonly LineHit[]): Tally[] {
  const out: Tally[] = [];
  for (const h of struck) {
    const b = spec.bodies[h.id];
    if (b === undefined) continue;
    if (b.kind === "gun") out.push({ kind: "gun", id: h.id, tally: rollGunHit(dice, b, freshGun(b), spec.woundsDie) });
    else {
      let t = freshTroops(b);
      for (let i = 0; i < h.hits; i++) t = rollTroopHit(dice, b, t, spec.woundsDie);
      out.push({ kind: "troops", id: h.id, tally: t });
    }
  }
  return out;
}

/** Rolls a shell burst's hits: every to-wound die, then every save, one wound each (WHN-ART-12, WHN-ART-13). */
function sampleBurst(dice: Dice, spec: GunFireSpec, struck: readonly LineHit[]): Tally[] {
  const hit = struck.flatMap((h) => {
    const b = spec.bodies[h.id];
    return b !== undefined && b.kind === "troops" ? [{ h, b }] : [];
  });
  const wounds = hit.map(({ h, b }) => rollAtLeast(dice, h.hits, b.woundNeed));
  const unsaved = hit.map(({ b }, i) => (wounds[i] ?? 0) - rollAtLeast(dice, wounds[i] ?? 0, b.saveNeed));
  return hit.map(({ h, b }, i) => {
    const u = unsaved[i] ?? 0;
    const k = killsFrom(u, b.W, b.woundsTaken, b.figures);
    return { kind: "troops", id: h.id, tally: { hits: h.hits, unsaved: u, killed: k.casualties, taken: k.woundsTaken } };
  });
}

/** Rolls canister (WHN-ART-11): the shots' to-hit dice, then to-wound and saves (troops) or each hit's location and effects (a gun). */
function sampleCanister(dice: Dice, spec: GunFireSpec): { hits: number; results: Tally[] } {
  const b = spec.bodies[spec.target];
  const hits = rollHits(dice, spec.canisterShots, spec.need);
  if (b === undefined) return { hits, results: [] };
  if (b.kind === "gun") {
    let g = freshGun(b);
    for (let i = 0; i < hits; i++) g = rollGunHit(dice, b, g, null);
    return { hits, results: [{ kind: "gun", id: b.id, tally: g }] };
  }
  const wounds = rollAtLeast(dice, hits, b.woundNeed);
  const unsaved = wounds - rollAtLeast(dice, wounds, b.saveNeed);
  const k = killsFrom(unsaved, b.W, b.woundsTaken, b.figures);
  return { hits, results: [{ kind: "troops", id: b.id, tally: { hits, unsaved, killed: k.casualties, taken: k.woundsTaken } }] };
}

/**
 * Samples a gun fire on plain values (WHN-ART-9 … WHN-ART-15), consuming the dice in the rules'
 * order: to-hit (follow-up), artillery die, [scatter die, artillery die], then per model hit
 * [location], to-wound, save, wounds; shell: to-wound dice, then saves; canister: to-hit dice, then
 * to-wound dice, then saves.
 * @example
 * const r = sampleGunFire(roller(seedDice(1)), spec); r.results.map((t) => t.id)
 */
export function sampleGunFire(dice: Dice, spec: GunFireSpec): GunFireSample {
  if (spec.ammunition === "canister") {
    const c = sampleCanister(dice, spec);
    const struck = c.hits > 0 ? [{ id: spec.target, hits: c.hits, models: [] }] : [];
    return { flight: null, segment: null, burst: null, canister: { shots: spec.canisterShots, hits: c.hits }, struck, results: c.results };
  }
  const flight = rollFlight(dice, spec.need, spec.aim);
  if (flight.kind === "dud") return { flight, segment: null, burst: null, canister: null, struck: [], results: [] };
  const segment = bounceLine(spec.muzzle, spec.aim, flight.landing, flight.bounce);
  if (spec.ammunition === "shot") {
    const struck = lineHits(segment, spec.targets);
    return { flight, segment, burst: null, canister: null, struck, results: sampleLine(dice, spec, struck) };
  }
  const struck = shellStruck(spec, segment.to);
  return { flight, segment, burst: segment.to, canister: null, struck, results: sampleBurst(dice, spec, struck) };
}

/** Units under a shell burst with their hit counts (a gun counts as its hittable crew). */
export function shellStruck(spec: GunFireSpec, burst: Vec2): LineHit[] {
  return burstHits(burst, spec.shellDiameter, spec.targets)
    .map((h) => ({ ...h, hits: spec.crewCounts[h.id] ?? h.hits }))
    .filter((h) => h.hits > 0);
}
