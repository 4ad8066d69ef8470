import type { BattleState } from "../../state/battle.js";
import type { OrientedRect, Vec2 } from "./geometry/prims.js";
import { dist } from "./geometry/prims.js";
import type { FnfLayout } from "./geometry/layout.js";
import { layoutOf, leaderRect } from "./geometry/layout.js";
import { layoutDistance, rectsOf } from "./geometry/measure.js";
import { elevationAt } from "./geometry/terrain.js";
import type { SightBlocker } from "./geometry/sight.js";
import type { Unit } from "./units.js";
import { activeLeaders, activeUnits, unitOf } from "./units.js";
import { TIE_GRAIN, tieKey } from "../../math/index.js";

/**
 * Layouts by unit: units in an FnF state are immutable values (every change builds a new one, and
 * the public entry points adopt an app's state as plain copies, see src/engine/owned.ts), so a
 * unit's layout is computed once.
 */
const LAYOUTS = new WeakMap<Unit, FnfLayout>();

/** A layout with everything `layoutOf` reads to make it (FNF-GEO-2). */
interface Placed {
  readonly kind: Unit["kind"];
  readonly arm: Unit["arm"];
  readonly bases: number;
  readonly formation: Unit["formation"];
  readonly skirmishing: boolean;
  readonly gun: string | null;
  readonly limbered: boolean;
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly layout: FnfLayout;
}

/** Recent layouts per unit id, most recent first, found again by what they were made from. */
const RECENT = new Map<string, Placed[]>();
const RECENT_PER_UNIT = 4;

function sameFootprint(p: Placed, u: Unit): boolean {
  return (
    Object.is(p.x, u.position.x) &&
    Object.is(p.y, u.position.y) &&
    Object.is(p.facing, u.facing) &&
    p.formation === u.formation &&
    p.bases === u.bases &&
    p.kind === u.kind &&
    p.arm === u.arm &&
    p.skirmishing === u.skirmishing &&
    p.gun === (u.battery === null ? null : u.battery.type) &&
    p.limbered === (u.battery !== null && u.battery.limbered)
  );
}

/**
 * A unit's layout (FNF-GEO-2). A new value of a unit whose placement did not change (a maneuver
 * roll, a flag, a lost base of another unit…) gets the layout already made for the same placement:
 * `layoutOf` is a function of the fields compared, so the shared layout is the one it would make,
 * and the distances remembered for it ({@link unitDistance}) hold too.
 */
export const layout = (u: Unit): FnfLayout => {
  let l = LAYOUTS.get(u);
  if (l !== undefined) return l;
  const recent = RECENT.get(u.id);
  if (recent !== undefined) {
    for (let i = 0; i < recent.length; i++) {
      const p = recent[i] as Placed;
      if (!sameFootprint(p, u)) continue;
      if (i > 0) {
        recent.splice(i, 1);
        recent.unshift(p);
      }
      LAYOUTS.set(u, p.layout);
      return p.layout;
    }
  }
  l = layoutOf(u);
  LAYOUTS.set(u, l);
  const placed: Placed = {
    kind: u.kind,
    arm: u.arm,
    bases: u.bases,
    formation: u.formation,
    skirmishing: u.skirmishing,
    gun: u.battery === null ? null : u.battery.type,
    limbered: u.battery !== null && u.battery.limbered,
    x: u.position.x,
    y: u.position.y,
    facing: u.facing,
    layout: l,
  };
  if (recent === undefined) RECENT.set(u.id, [placed]);
  else {
    recent.unshift(placed);
    if (recent.length > RECENT_PER_UNIT) recent.length = RECENT_PER_UNIT;
  }
  return l;
};

/** Enemy units on the table. */
export function enemiesOf(state: BattleState, side: string): Unit[] {
  return activeUnits(state).filter((u) => u.side !== side);
}

/**
 * Distances already measured from a layout, by the other unit's id: the other unit's layout and the
 * distance. Layouts are immutable values shared by every value of a unit with the same placement
 * (see {@link layout}), so an entry holds while the other layout is the same object; one entry per
 * other unit, so a long-lived layout keeps no stale ones.
 */
const DISTANCES = new WeakMap<FnfLayout, Map<string, { readonly other: FnfLayout; readonly d: number }>>();

/**
 * `layoutDistance(layout(a), layout(b))` (FNF-GEO-3), remembered per pair of layouts: most units do
 * not move from one decision to the next, so the lister and the rules measure each pair once.
 */
export function unitDistance(a: Unit, b: Unit): number {
  const la = layout(a);
  const lb = layout(b);
  let m = DISTANCES.get(la);
  if (m === undefined) {
    m = new Map();
    DISTANCES.set(la, m);
  }
  const hit = m.get(b.id);
  if (hit !== undefined && hit.other === lb) return hit.d;
  const d = layoutDistance(la, lb);
  m.set(b.id, { other: lb, d });
  return d;
}

/** The nearest enemy brigade, battery or detachment (FNF-GEO-3; tie: first listed). */
export function nearestEnemy(state: BattleState, u: Unit): Unit | undefined {
  let best: Unit | undefined;
  let bestD = Infinity;
  for (const e of enemiesOf(state, u.side)) {
    // An enemy whose footprint circle is farther than the best so far (by more than a tie grain)
    // cannot be nearer nor tie: it is not measured.
    if (best !== undefined && !known(u, e) && apartBy(u, e) > (bestD + 1) * TIE_GRAIN + APART_SLACK) continue;
    const d = tieKey(unitDistance(u, e));
    if (d < bestD) [best, bestD] = [e, d];
  }
  return best;
}

/** Slack of the footprint-circle bounds: far above rounding, far below any distance the rules compare. */
const APART_SLACK = 1e-6;

/** Half the diagonal of a layout's footprint: every base lies within it of the footprint's centre. */
function radiusOf(l: FnfLayout): number {
  return Math.sqrt(l.footprint.halfWidth * l.footprint.halfWidth + l.footprint.halfDepth * l.footprint.halfDepth);
}

/** A lower bound of the distance between two units: their footprint centres less both radii. */
function apartBy(a: Unit, b: Unit): number {
  const la = layout(a);
  const lb = layout(b);
  return dist(la.footprint.center, lb.footprint.center) - radiusOf(la) - radiusOf(lb);
}

/** Whether the distance of a pair is remembered already ({@link unitDistance}). */
function known(a: Unit, b: Unit): boolean {
  const hit = DISTANCES.get(layout(a))?.get(b.id);
  return hit !== undefined && hit.other === layout(b);
}

/** `unitDistance(a, b) <= gap`, without measuring a pair whose footprint circles are farther apart. */
export function unitsWithin(a: Unit, b: Unit, gap: number): boolean {
  if (!known(a, b) && apartBy(a, b) > gap + APART_SLACK) return false;
  return unitDistance(a, b) <= gap;
}

/** Bases of other units (friend and foe), with their elevation, that may block sight (FNF-GEO-8). */
export function sightBlockers(state: BattleState, except: readonly string[]): SightBlocker[] {
  const out: SightBlocker[] = [];
  for (const u of activeUnits(state)) {
    if (except.includes(u.id)) continue;
    for (const r of rectsOf(layout(u))) out.push({ rect: r, elevation: elevationAt(state.terrain, r.center) });
  }
  return out;
}

/** Bases of a side's units other than the listed ones. */
export function sideRects(state: BattleState, side: string, except: readonly string[] = []): OrientedRect[] {
  return activeUnits(state, side)
    .filter((u) => !except.includes(u.id))
    .flatMap((u) => rectsOf(layout(u)));
}

/** A target's bases: a unit's, or a lone leader's single base (FNF-LDR-4). */
export function targetRects(state: BattleState, id: string): readonly OrientedRect[] | undefined {
  const u = unitOf(state, id);
  if (u !== undefined) return rectsOf(layout(u));
  const l = activeLeaders(state).find((x) => x.id === id && x.attachedTo === null);
  return l === undefined ? undefined : [leaderRect(l.position)];
}

/** Moves a point by a vector. */
export const shift = (p: Vec2, by: Vec2): Vec2 => ({ x: p.x + by.x, y: p.y + by.y });
