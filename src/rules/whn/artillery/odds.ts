/**
 * Exact odds of a gun fire in a given state (WHN-ART-9 … WHN-ART-15, WHN-FIRE-1): per unit the
 * ball or burst can reach, the distribution of hits and of models lost, and for a gun the chance
 * that it is destroyed or its limber disabled. Every die face is enumerated; the scatter arrow's
 * angle by the midpoint rule (see `flightOutcomes`). Reads the same spec the reducer samples.
 */
import type { BattleState } from "../../../state/battle.js";
import type { Violation } from "../../../engine/violation.js";
import { Dist, toHitChance } from "../../../dice/index.js";
import type { Vec2 } from "../../../geometry/vec.js";
import { killsFrom } from "../shooting/volley.js";
import { freshGun, freshTroops, gunHitOutcomes, troopHitOutcomes, type Body, type GunBody, type GunTally, type TroopBody } from "./bodies.js";
import { FIRE_SCORES, flammabilityAt } from "./fires.js";
import { bounceLine, flightOutcomes, lineHits } from "./flight.js";
import { gunFireSpec, shellStruck, type GunFireSpec } from "./sample.js";
import { gunFireSituation, type GunFireRequest } from "./situation.js";

/** Exact odds for one unit the fire may reach. */
export interface UnitOdds {
  readonly id: string;
  /** Chance the unit takes at least one hit. */
  readonly pStruck: number;
  readonly hits: Dist;
  /** Models removed. */
  readonly casualties: Dist;
  /** For an artillery unit hit by shot or canister (WHN-ART-15); null otherwise. */
  readonly gun: { readonly pDestroyed: number; readonly pLimberDisabled: number; readonly horseHits: Dist } | null;
}

/** Exact odds of one gun fire. */
export interface GunFireOdds {
  readonly ammunition: GunFireSpec["ammunition"];
  readonly need: number;
  readonly pHit: number;
  /** Chance of a MISFIRE dud (shot and shell). */
  readonly pDud: number;
  /** Chance a shell burst starts a fire (WHN-FIRE-1); 0 for shot and canister. */
  readonly pFire: number;
  /** Units with a chance of being hit, most likely first. */
  readonly units: readonly UnitOdds[];
}

/** One conditional outcome for a unit: its probability and what it suffered. */
interface Piece {
  readonly p: number;
  readonly hits: number;
  readonly killed: number;
  readonly destroyed: boolean;
  readonly limber: boolean;
  readonly horses: number;
}

/** Accumulates probability mass per unit. */
class Tally {
  readonly units = new Map<string, { hits: Map<number, number>; killed: Map<number, number>; destroyed: number; limber: number; horses: Map<number, number>; gun: boolean }>();
  add(id: string, gun: boolean, weight: number, pieces: readonly Piece[]): void {
    let u = this.units.get(id);
    if (u === undefined) {
      u = { hits: new Map(), killed: new Map(), destroyed: 0, limber: 0, horses: new Map(), gun };
      this.units.set(id, u);
    }
    for (const c of pieces) {
      const p = weight * c.p;
      u.hits.set(c.hits, (u.hits.get(c.hits) ?? 0) + p);
      u.killed.set(c.killed, (u.killed.get(c.killed) ?? 0) + p);
      u.horses.set(c.horses, (u.horses.get(c.horses) ?? 0) + p);
      if (c.destroyed) u.destroyed += p;
      if (c.limber) u.limber += p;
    }
  }
  result(): UnitOdds[] {
    const dist = (m: Map<number, number>): Dist => {
      const total = [...m.values()].reduce((a, b) => a + b, 0);
      return Dist.fromEntries([...m.entries(), [0, Math.max(0, 1 - total)] as const]);
    };
    const out: UnitOdds[] = [];
    for (const [id, u] of this.units) {
      const hits = dist(u.hits);
      out.push({ id, pStruck: hits.pAtLeast(1), hits, casualties: dist(u.killed), gun: u.gun ? { pDestroyed: u.destroyed, pLimberDisabled: u.limber, horseHits: dist(u.horses) } : null });
    }
    return out.sort((a, b) => b.pStruck - a.pStruck || (a.id < b.id ? -1 : 1));
  }
}

/** Troops hit `k` times by shot, one model at a time (WHN-ART-10): outcomes by models killed. */
function troopsByShot(b: TroopBody, k: number, die: GunFireSpec["woundsDie"]): Piece[] {
  let states = [[1, freshTroops(b)] as const] as Array<readonly [number, ReturnType<typeof freshTroops>]>;
  for (let i = 0; i < k; i++) {
    const next = new Map<string, [number, ReturnType<typeof freshTroops>]>();
    for (const [p, t] of states) {
      for (const [q, n] of troopHitOutcomes(b, t, die)) {
        const key = `${n.killed}/${n.taken}`;
        const cur = next.get(key);
        next.set(key, [(cur?.[0] ?? 0) + p * q, n]);
      }
    }
    states = [...next.values()];
  }
  return states.map(([p, t]) => ({ p, hits: k, killed: t.killed, destroyed: false, limber: false, horses: 0 }));
}

/** A gun hit `k` times (WHN-ART-14, WHN-ART-15): outcomes by crew lost and damage. */
function gunByHits(b: GunBody, k: number, die: GunFireSpec["woundsDie"]): Piece[] {
  let states: Array<readonly [number, GunTally]> = [[1, freshGun(b)]];
  for (let i = 0; i < k; i++) {
    const next = new Map<string, [number, GunTally]>();
    for (const [p, g] of states) {
      for (const [q, n0] of gunHitOutcomes(b, g, die)) {
        const n = { ...n0, locations: [] };
        const key = `${n.crew.killed}/${n.crew.taken}/${n.horseHits}/${n.limberDisabled}/${n.limberTaken}/${n.gunTaken}/${n.gunDestroyed}`;
        const cur = next.get(key);
        next.set(key, [(cur?.[0] ?? 0) + p * q, n]);
      }
    }
    states = [...next.values()];
  }
  return states.map(([p, g]) => ({ p, hits: k, killed: g.crew.killed, destroyed: g.gunDestroyed, limber: g.limberDisabled && !b.limberDisabled, horses: g.horseHits }));
}

/** Troops hit `k` times by shell or canister, one wound each: binomial unsaved hits (WHN-ART-11, WHN-ART-13). */
function troopsByBatch(b: TroopBody, k: number): Piece[] {
  const q = (b.woundNeed === null ? 0 : (7 - b.woundNeed) / 6) * (1 - (b.saveNeed === null ? 0 : (7 - b.saveNeed) / 6));
  return Dist.binomial(k, Math.min(1, Math.max(0, q)))
    .entries()
    .map(([u, p]) => ({ p, hits: k, killed: killsFrom(u, b.W, b.woundsTaken, b.figures).casualties, destroyed: false, limber: false, horses: 0 }));
}

/** Outcomes of `k` hits on a body, memoised per body and count. */
function outcomesFor(spec: GunFireSpec, cache: Map<string, Piece[]>, b: Body, k: number): Piece[] {
  const key = `${b.id}#${k}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: Piece[];
  if (b.kind === "gun") out = gunByHits(b, k, spec.ammunition === "canister" ? null : spec.woundsDie);
  else out = spec.ammunition === "shot" ? troopsByShot(b, k, spec.woundsDie) : troopsByBatch(b, k);
  cache.set(key, out);
  return out;
}

/**
 * Exact odds of a gun fire from its spec. `cells` sets the angle quadrature; `fireChance` gives the
 * chance a burst at a point starts a fire (shell only).
 */
export function specOdds(spec: GunFireSpec, cells = 720, fireChance: (p: Vec2) => number = () => 0): GunFireOdds {
  const pHit = toHitChance(spec.need);
  const tally = new Tally();
  const cache = new Map<string, Piece[]>();
  const isGun = (id: string): boolean => spec.bodies[id]?.kind === "gun";
  if (spec.ammunition === "canister") {
    const b = spec.bodies[spec.target];
    if (b !== undefined) {
      for (const [k, p] of Dist.binomial(spec.canisterShots, pHit).entries()) if (k > 0) tally.add(b.id, isGun(b.id), p, outcomesFor(spec, cache, b, k));
    }
    return { ammunition: spec.ammunition, need: spec.need, pHit, pDud: 0, pFire: 0, units: tally.result() };
  }
  const flights = flightOutcomes(spec.need, spec.aim, cells);
  let pFire = 0;
  for (const f of flights.landings) {
    const seg = bounceLine(spec.muzzle, spec.aim, f.landing, f.bounce);
    const struck = spec.ammunition === "shot" ? lineHits(seg, spec.targets) : shellStruck(spec, seg.to);
    if (spec.ammunition === "shell") pFire += f.p * fireChance(seg.to);
    for (const h of struck) {
      const b = spec.bodies[h.id];
      if (b !== undefined) tally.add(h.id, isGun(h.id), f.p, outcomesFor(spec, cache, b, h.hits));
    }
  }
  return { ammunition: spec.ammunition, need: spec.need, pHit, pDud: flights.pDud, pFire, units: tally.result() };
}

/**
 * Exact odds of an `artillery/fire` in a state: for each unit the ball, burst or canister may reach,
 * the distribution of hits and casualties (and a gun's damage), the chance of a dud and of a fire.
 * @example
 * const r = gunFireOdds(state, { unit: unitId("gb-art"), target: unitId("fr-1"), ammunition: "shot" });
 * if (r.ok) r.odds.units[0]?.casualties.mean();
 */
export function gunFireOdds(state: BattleState, req: GunFireRequest, cells = 720): { ok: true; odds: GunFireOdds } | { ok: false; violation: Violation } {
  const read = gunFireSituation(state, req);
  if (!read.ok) return read;
  const spec = gunFireSpec(state, read.situation);
  const chance = (p: Vec2): number => {
    const t = flammabilityAt(state, p);
    return t === null ? 0 : (7 - FIRE_SCORES[t].start) / 6;
  };
  return { ok: true, odds: specOdds(spec, cells, chance) };
}
