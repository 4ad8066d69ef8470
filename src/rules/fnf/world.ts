import type { BattleState } from "../../state/battle.js";
import type { OrientedRect, Vec2 } from "./geometry/prims.js";
import { EPSILON } from "./geometry/prims.js";
import type { FnfLayout } from "./geometry/layout.js";
import { layoutOf, leaderRect } from "./geometry/layout.js";
import { layoutDistance, rectsOf } from "./geometry/measure.js";
import { elevationAt } from "./geometry/terrain.js";
import type { SightBlocker } from "./geometry/sight.js";
import type { Unit } from "./units.js";
import { activeLeaders, activeUnits, unitOf } from "./units.js";
import { tieKey } from "../../math/index.js";

/**
 * Layouts by unit: units in an FnF state are immutable values (every change builds a new one, and
 * the public entry points adopt an app's state as plain copies, see src/engine/owned.ts), so a
 * unit's layout is computed once.
 */
const LAYOUTS = new WeakMap<Unit, FnfLayout>();

/** A unit's layout (FNF-GEO-2). */
export const layout = (u: Unit): FnfLayout => {
  let l = LAYOUTS.get(u);
  if (l === undefined) {
    l = layoutOf(u);
    LAYOUTS.set(u, l);
  }
  return l;
};

/** Enemy units on the table. */
export function enemiesOf(state: BattleState, side: string): Unit[] {
  return activeUnits(state).filter((u) => u.side !== side);
}

/**
 * Distances already measured from a unit, by the other unit's id: the other unit's value and the
 * distance. Units are immutable values (see {@link layout}), so an entry holds while the other unit
 * is the same object; one entry per other unit, so a long-lived unit keeps no stale versions.
 */
const DISTANCES = new WeakMap<Unit, Map<string, { readonly other: Unit; readonly d: number }>>();

/**
 * `layoutDistance(layout(a), layout(b))` (FNF-GEO-3), remembered per pair of unit values: most units
 * do not change from one decision to the next, so the lister and the rules measure each pair once.
 * Only for units of a state (a throwaway unit, moved or turned for a try, is measured directly).
 */
export function unitDistance(a: Unit, b: Unit): number {
  let m = DISTANCES.get(a);
  if (m === undefined) {
    m = new Map();
    DISTANCES.set(a, m);
  }
  const hit = m.get(b.id);
  if (hit !== undefined && hit.other === b) return hit.d;
  const d = layoutDistance(layout(a), layout(b));
  m.set(b.id, { other: b, d });
  return d;
}

/** The nearest enemy brigade, battery or detachment (FNF-GEO-3; tie: first listed). */
export function nearestEnemy(state: BattleState, u: Unit): Unit | undefined {
  let best: Unit | undefined;
  let bestD = Infinity;
  for (const e of enemiesOf(state, u.side)) {
    const d = tieKey(unitDistance(u, e));
    if (d < bestD) [best, bestD] = [e, d];
  }
  return best;
}

/** Enemy units touching a layout (distance ≤ ε, CORE-GEO-12). */
export function enemiesInContact(state: BattleState, side: string, l: FnfLayout, except?: string): Unit[] {
  return enemiesOf(state, side).filter((e) => e.id !== except && layoutDistance(l, layout(e)) <= EPSILON);
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
