/**
 * Who touches whom (CORE-CC-2, CORE-GEO-12): per-model base contact between the layouts of the
 * units in a combat, the face each enemy is fought on (CORE-GEO-14), and the models of rear ranks
 * that fight behind a front-rank model in contact (pikes, spears: WHN-CC-1, CORE-WPN-8).
 *
 * Model: a model fights the enemy unit it touches (the one it touches most of, when several); a
 * model of rank r > 0 fights when its weapon allows r + 1 ranks and the model of rank 0 in its file
 * touches an enemy on the unit's front. When the layouts show no contact at all (a combat recorded
 * with units a hair apart), the front-rank models whose frontage overlaps the enemy's footprint,
 * seen along the unit's facing, count as in contact instead.
 */
import type { Unit } from "../../../state/unit.js";
import type { Quadrant } from "../../../geometry/arcs.js";
import { toLocal } from "../../../geometry/frame.js";
import { unitCentre, type ModelPlacement, type UnitLayout } from "../../../geometry/layout.js";
import { inBaseContact, rectCorners } from "../../../geometry/rect.js";
import { EPSILON, type Vec2 } from "../../../geometry/vec.js";
import { layoutOf } from "../unit.js";
import { hypot } from "../../../math/index.js";

/** How one unit touches one enemy unit. */
export interface Contact {
  readonly unit: string;
  readonly enemy: string;
  /** The unit's models touching the enemy (placement indices). */
  readonly models: readonly number[];
  /** The face of the enemy they touch (CORE-GEO-14); a square's faces are all fronts (WHN-CC-6). */
  readonly enemyFace: Quadrant;
  /** The face of this unit the enemy touches. */
  readonly ownFace: Quadrant;
  /** Touches both the front and a side of the enemy: lapping round (CORE-REDR-3, WHN-CC-5). */
  readonly lapping: boolean;
}

/** Mean of model centres. */
function meanOf(ms: readonly ModelPlacement[]): Vec2 {
  let x = 0;
  let y = 0;
  for (const m of ms) {
    x += m.rect.center.x;
    y += m.rect.center.y;
  }
  return { x: x / ms.length, y: y / ms.length };
}

/**
 * The face of a unit a point lies against (CORE-GEO-14, as contact sees it): ahead of the front
 * edge → front, behind the rear edge → rear, otherwise the side it is on. Loose and square units
 * are always fought on a front (WHN-CC-6).
 */
export function faceAgainst(l: UnitLayout, x: Vec2): Quadrant {
  if (l.kind !== "block") return "front";
  const { u, v } = toLocal(l.frame, x);
  if (v <= EPSILON) return "front";
  if (v >= l.depth - EPSILON) return "rear";
  return u > 0 ? "right" : "left";
}

/** Front-rank models whose frontage overlaps the enemy's footprint seen along the facing (fallback). */
function frontageOverlap(a: UnitLayout, b: UnitLayout): ModelPlacement[] {
  if (a.kind !== "block") return [];
  const us = b.footprint.flatMap((r) => rectCorners(r)).map((c) => toLocal(a.frame, c).u);
  const lo = Math.min(...us);
  const hi = Math.max(...us);
  return a.models.filter((m) => {
    if (m.rank !== 0) return false;
    const u = toLocal(a.frame, m.rect.center).u;
    return u + m.rect.halfWidth >= lo - EPSILON && u - m.rect.halfWidth <= hi + EPSILON;
  });
}

/** Radius of the circle around a base. */
const reach = (m: ModelPlacement): number => hypot(m.rect.halfWidth, m.rect.halfDepth);

/** Models of `as` touching some model of `bs`, and those of `bs` touched (CORE-GEO-12), with a cheap circle pre-check. */
function touchingPairs(as: readonly ModelPlacement[], bs: readonly ModelPlacement[]): { touching: ModelPlacement[]; touched: ModelPlacement[] } {
  const hitA = new Set<number>();
  const hitB = new Set<number>();
  for (const m of as) {
    const rm = reach(m);
    for (const e of bs) {
      const dx = m.rect.center.x - e.rect.center.x;
      const dy = m.rect.center.y - e.rect.center.y;
      const r = rm + reach(e) + EPSILON;
      if (dx * dx + dy * dy > r * r) continue;
      if (inBaseContact(m.rect, e.rect)) {
        hitA.add(m.index);
        hitB.add(e.index);
      }
    }
  }
  return { touching: as.filter((m) => hitA.has(m.index)), touched: bs.filter((e) => hitB.has(e.index)) };
}

/** Every contact between the units of one side and the enemy units (CORE-CC-2, CORE-GEO-12). */
export function findContacts(units: readonly Unit[]): Contact[] {
  const layouts = new Map<string, UnitLayout>(units.map((u) => [u.id, layoutOf(u)]));
  const raw: Array<{ a: Unit; b: Unit; touching: ModelPlacement[]; touched: ModelPlacement[] }> = [];
  for (const a of units) {
    for (const b of units) {
      if (a.side === b.side) continue;
      const la = layouts.get(a.id) as UnitLayout;
      const lb = layouts.get(b.id) as UnitLayout;
      const { touching, touched } = touchingPairs(la.models, lb.models);
      raw.push({ a, b, touching, touched });
    }
  }
  const anyContact = raw.some((r) => r.touching.length > 0);
  const out: Contact[] = [];
  for (const { a, b, touching, touched } of raw) {
    const la = layouts.get(a.id) as UnitLayout;
    const lb = layouts.get(b.id) as UnitLayout;
    let mine = touching;
    let theirs = touched;
    if (!anyContact) {
      mine = frontageOverlap(la, lb);
      theirs = frontageOverlap(lb, la);
      if (mine.length === 0 || theirs.length === 0) continue;
    }
    if (mine.length === 0) continue;
    const enemyFace = faceAgainst(lb, meanOf(mine));
    const ownFace = theirs.length > 0 ? faceAgainst(la, meanOf(theirs)) : "front";
    const faces = new Set(mine.map((m) => faceAgainst(lb, m.rect.center)));
    const lapping = faces.has("front") && (faces.has("left") || faces.has("right"));
    out.push({ unit: a.id, enemy: b.id, models: mine.map((m) => m.index), enemyFace: lapping ? "front" : enemyFace, ownFace, lapping });
  }
  return out;
}

/** The unit's layout centre (CORE-GEO-9). */
export function centreOfUnit(u: Unit): Vec2 {
  return unitCentre(layoutOf(u));
}

/**
 * Fighting models per enemy for one unit (CORE-CC-2): each touching model fights the enemy it
 * touches (the one with most of the unit's contacts when several); models in ranks behind a
 * front-rank fighter touching on the unit's front add while `ranks` allows (WHN-CC-1, CORE-WPN-8).
 */
export function fightersByEnemy(u: Unit, contacts: readonly Contact[], ranks: number, split?: ReadonlyMap<string, number>): Map<string, number> {
  const mine = contacts.filter((c) => c.unit === u.id).sort((x, y) => y.models.length - x.models.length || (x.enemy < y.enemy ? -1 : 1));
  const layout = layoutOf(u);
  const assigned = defaultAssignment(u, contacts);
  if (split !== undefined) for (const [m, enemy] of splitAssignment(splitModels(u, contacts), split) ?? []) assigned.set(m, enemy);
  const out = new Map<string, number>();
  for (const enemy of assigned.values()) out.set(enemy, (out.get(enemy) ?? 0) + 1);
  if (ranks > 1 && layout.kind === "block") {
    for (const c of mine) {
      if (c.ownFace !== "front") continue;
      for (const m of c.models) {
        const front = layout.models[m];
        if (front === undefined || front.rank !== 0 || assigned.get(m) !== c.enemy) continue;
        const behind = layout.models.filter((x) => x.file === front.file && x.rank > 0 && x.rank < ranks).length;
        out.set(c.enemy, (out.get(c.enemy) ?? 0) + behind);
      }
    }
  }
  return out;
}

/** The enemy each touching model attacks by default: the one with most of the unit's contacts (CORE-CC-2). */
function defaultAssignment(u: Unit, contacts: readonly Contact[]): Map<number, string> {
  const mine = contacts.filter((c) => c.unit === u.id).sort((x, y) => y.models.length - x.models.length || (x.enemy < y.enemy ? -1 : 1));
  const assigned = new Map<number, string>();
  for (const c of mine) for (const m of c.models) if (!assigned.has(m)) assigned.set(m, c.enemy);
  return assigned;
}

/** The default split of the shared models (CORE-CC-2): models per enemy as {@link fightersByEnemy} assigns them. */
export function defaultSplit(u: Unit, contacts: readonly Contact[]): Map<string, number> {
  const assigned = defaultAssignment(u, contacts);
  const out = new Map<string, number>();
  for (const m of splitModels(u, contacts)) for (const e of m.enemies) if (!out.has(e)) out.set(e, 0);
  for (const m of splitModels(u, contacts)) {
    const e = assigned.get(m.model) as string;
    out.set(e, (out.get(e) ?? 0) + 1);
  }
  return out;
}

/** A model touching more than one enemy unit, and the units it touches (CORE-CC-2). */
export interface SplitModel {
  readonly model: number;
  readonly enemies: readonly string[];
}

/** The unit's models that touch several enemy units: their owner splits their attacks (CORE-CC-2). */
export function splitModels(u: Unit, contacts: readonly Contact[]): SplitModel[] {
  const touches = new Map<number, string[]>();
  for (const c of contacts) if (c.unit === u.id) for (const m of c.models) touches.set(m, [...(touches.get(m) ?? []), c.enemy]);
  return [...touches]
    .filter(([, es]) => es.length > 1)
    .map(([model, es]) => ({ model, enemies: [...es].sort() }))
    .sort((a, b) => a.model - b.model);
}

/**
 * Which enemy each shared model attacks for a split given as models per enemy (CORE-CC-2), or null
 * when the split cannot be made (counts that do not add up, or an enemy its models do not touch).
 * Models with the fewest choices are placed first.
 */
export function splitAssignment(models: readonly SplitModel[], split: ReadonlyMap<string, number>): Map<number, string> | null {
  let total = 0;
  for (const n of split.values()) total += n;
  if (total !== models.length) return null;
  const left = new Map(split);
  const out = new Map<number, string>();
  const order = [...models].sort((a, b) => a.enemies.length - b.enemies.length || a.model - b.model);
  for (const m of order) {
    const enemy = m.enemies.filter((e) => (left.get(e) ?? 0) > 0).sort((a, b) => (left.get(b) ?? 0) - (left.get(a) ?? 0) || (a < b ? -1 : 1))[0];
    if (enemy === undefined) return null;
    left.set(enemy, (left.get(enemy) ?? 0) - 1);
    out.set(m.model, enemy);
  }
  return out;
}
