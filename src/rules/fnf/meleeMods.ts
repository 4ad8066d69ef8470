import type { BattleState } from "../../state/battle.js";
import type { Quadrant } from "./geometry/prims.js";
import { EPSILON, rectDistance } from "./geometry/prims.js";
import { countedBases } from "./geometry/layout.js";
import { envelopment, facesTouched, overlapsRegion, rearRegion, rectsOf } from "./geometry/measure.js";
import { acrossLine, featuresOf, mostlyIn, unitElevation } from "./geometry/terrain.js";
import { DEFENSIVE_TERRAIN, MELEE_MODIFIERS as X } from "./tables/charge.js";
import { NATIONS } from "./tables/nations.js";
import type { Modifier } from "./maneuverMods.js";
import type { Unit } from "./units.js";
import { activeUnits, attachedLeaders, isFresh, isSpent, normalMove } from "./units.js";
import { layout } from "./world.js";
import { hypot, tieKey } from "../../math/index.js";

/** Stands a unit counts in melee (FNF-MEL-2): column of route its first two, battery or detachment 1. */
export function standsOf(u: Unit): number {
  if (u.kind !== "brigade") return 1;
  return u.formation === "COLUMN_OF_ROUTE" && !u.skirmishing ? Math.min(2, u.bases) : u.bases;
}

/** Attacking bases touching the defender, by attacker (FNF-MEL-1 lead attacker). */
export function basesInContact(attacker: Unit, defender: Unit): number {
  const d = rectsOf(layout(defender));
  return rectsOf(layout(attacker)).filter((r) => d.some((x) => rectDistance(r, x) <= EPSILON)).length;
}

/** Whether a friendly brigade stands within half a move to the unit's rear (FNF-MEL-3, FNF-GEO-5). */
export function isSupported(state: BattleState, u: Unit): boolean {
  const region = rearRegion(layout(u).footprint, normalMove(u) / 2);
  return activeUnits(state, u.side).some((f) => f.id !== u.id && f.kind === "brigade" && rectsOf(layout(f)).some((r) => overlapsRegion(r, region)));
}

/** The best defensive-terrain line for a defender against its attackers (FNF-MEL-3, FNF-GEO-6/7). */
export function defensiveTerrain(state: BattleState, defender: Unit, attackers: readonly Unit[]): { name: string; value: number } | null {
  const t = state.terrain;
  const dl = layout(defender);
  const centres = countedBases(dl).map((b) => b.rect.center);
  const cands: { name: keyof typeof DEFENSIVE_TERRAIN; value: number }[] = [];
  const dEl = unitElevation(t, centres);
  if (dEl > 0 && attackers.every((a) => unitElevation(t, countedBases(layout(a)).map((b) => b.rect.center)) < dEl)) cands.push({ name: "hill", value: DEFENSIVE_TERRAIN.hill });
  for (const k of ["woods", "buildings", "sunkenRoad"] as const) if (mostlyIn(t, k, centres)) cands.push({ name: k, value: DEFENSIVE_TERRAIN[k] });
  const segs: [Unit["position"], Unit["position"]][] = [];
  const dRects = rectsOf(dl);
  for (const a of attackers) {
    for (const r of rectsOf(layout(a))) {
      const touched = dRects.filter((x) => rectDistance(r, x) <= EPSILON).sort((p, q) => tieKey(hypot(p.center.x - r.center.x, p.center.y - r.center.y)) - tieKey(hypot(q.center.x - r.center.x, q.center.y - r.center.y)));
      const near = touched[0];
      if (near !== undefined) segs.push([r.center, near.center]);
    }
  }
  for (const k of ["stream", "ford", "stoneWall", "works"] as const) {
    const kinds = k === "stream" ? (["stream", "deepStream"] as const) : ([k] as const);
    if (featuresOf(t, kinds).some((f) => acrossLine(f, segs))) cands.push({ name: k, value: DEFENSIVE_TERRAIN[k] });
  }
  return cands.sort((a, b) => b.value - a.value)[0] ?? null;
}

/** Faces of the defender that attacking bases touch (FNF-GEO-4). */
export function facesAttacked(defender: Unit, attackers: readonly Unit[]): Set<Quadrant> {
  const fp = layout(defender).footprint;
  const faces = new Set<Quadrant>();
  for (const a of attackers) for (const r of rectsOf(layout(a))) for (const f of facesTouched(r, fp)) faces.add(f);
  return faces;
}

/** The situation of one side of a melee at the moment of a roll. */
export interface MeleeSide {
  readonly lead: Unit;
  readonly units: readonly Unit[];
  readonly attacking: boolean;
  /** The lead attacker arrived by a breakthrough (FNF-MEL-3). */
  readonly breakthrough: boolean;
}

/** Melee modifiers of one side (FNF-MEL-3; batteries are never Fresh or Spent, FNF-ART-5). */
export function meleeModifiers(state: BattleState, me: MeleeSide, them: MeleeSide): Modifier[] {
  const mods: Modifier[] = [];
  const add = (name: keyof typeof X, value: number = X[name]): void => void mods.push({ name, value });
  const u = me.lead;
  if (attachedLeaders(state, u.id).length > 0 || u.exceptionalBrigadier) add("leader");
  if (isFresh(u)) add("fresh");
  if (isSpent(u, state.options)) add("spent");
  if (me.attacking && (NATIONS[u.nation].attacker > 0 || u.arm === "cavalry")) add("frenchOrCavalryAttacker");
  if (!me.attacking && NATIONS[u.nation].defender > 0) add("russianDefender");
  if (u.arm === "cavalry") add("cavalry");
  if (u.arm === "cavalry" && u.armored) add("armoured");
  if (me.attacking && u.lancers) add("lancersCharging");
  if (u.kind === "brigade" && isSupported(state, u)) add("supported");
  if (me.attacking && me.breakthrough) add("breakthrough");
  const mine = me.units.reduce((a, x) => a + standsOf(x), 0);
  const theirs = them.units.reduce((a, x) => a + standsOf(x), 0);
  if (mine > 0 && theirs >= 3 * mine) add("outnumbered3to1");
  else if (mine > 0 && theirs >= 2 * mine) add("outnumbered2to1");
  else if (mine > 0 && theirs >= 1.5 * mine) add("outnumbered3to2");
  if (u.disordered) add("disordered");
  if (u.lowAmmo) add("lowAmmo");
  if (u.turn.basesLost > 0) add("perStandLost", -u.turn.basesLost);
  if (!me.attacking) {
    const dt = defensiveTerrain(state, u, them.units);
    if (dt !== null) mods.push({ name: `terrain:${dt.name}`, value: dt.value });
    const env = envelopment(facesAttacked(u, them.units));
    if (env === "outflanked") add("outflanked");
    if (env === "surrounded") add("surrounded");
  }
  if (u.kind === "brigade" && u.quality === "GUARD") add("guard");
  if (u.kind === "brigade" && u.quality === "MILITIA") add("militia");
  return mods;
}
