/**
 * Redressing ranks and lapping round after combat (CORE-REDR-1…3): a winning unit still engaged
 * widens by up to 2 files on each flank (models from the rear), as its formation allows; on the
 * next round, models standing beyond the enemy's edge wrap round its flank and fight it there.
 */
import type { BattleState } from "../../../state/battle.js";
import type { Formation } from "../../../state/unit.js";
import { toLocal } from "../../../geometry/frame.js";
import type { UnitLayout } from "../../../geometry/layout.js";
import { footprintDistance, rectCorners, rectsOverlap } from "../../../geometry/rect.js";
import { EPSILON, inContact } from "../../../geometry/vec.js";
import { filesOf, footprintOf, getUnit, layoutOf, unitsOnTable, withUnit } from "../unit.js";
import { emit, type Recorder } from "./recorder.js";

/** Files a redress may add on each flank (CORE-REDR-1). */
export const REDRESS_FILES_PER_FLANK = 2;

/** Whether a formation keeps its shape with `files` files of `figures` models (WHN-FORM-2…7). */
function shapeAllows(formation: Formation, figures: number, files: number): boolean {
  const ranks = Math.ceil(figures / files);
  switch (formation) {
    case "BLOCK":
    case "CAV_LINE":
      return formation === "BLOCK" || ranks <= 2;
    case "ATTACK_COLUMN":
      return ranks >= 3 && ranks >= files;
    case "MARCH_COLUMN":
      return files <= 3;
    case "CAV_COLUMN":
      return ranks >= 3;
    default:
      return false;
  }
}

/** Front-rank models of `a` beyond `b`'s front edge on each side, not touching it (CORE-REDR-1). */
export function overhang(a: UnitLayout, b: UnitLayout): { left: number; right: number } {
  if (a.kind !== "block" || b.kind !== "block") return { left: 0, right: 0 };
  const us = b.footprint.flatMap((r) => rectCorners(r)).map((c) => toLocal(a.frame, c).u);
  const lo = Math.min(...us);
  const hi = Math.max(...us);
  let left = 0;
  let right = 0;
  for (const m of a.models) {
    if (m.rank !== 0) continue;
    const u = toLocal(a.frame, m.rect.center).u;
    if (u + m.rect.halfWidth < lo - EPSILON) left++;
    else if (u - m.rect.halfWidth > hi + EPSILON) right++;
  }
  return { left, right };
}

/**
 * The frontages a winning unit still in contact with `enemy` may redress to (CORE-REDR-1,
 * CORE-REDR-2): every width up to 2 files a flank wider, enough to lap round, that its formation
 * allows with no other unit in the way and contact kept; widest first (the default answer), its
 * present files last (no redress). Only the present files when nothing can be gained.
 */
export function redressChoices(state: BattleState, unit: string, enemy: string): number[] {
  const u = getUnit(state, unit);
  const e = getUnit(state, enemy);
  if (u === undefined || e === undefined || u.order === "FLEEING" || u.removed !== null) return [];
  const files = filesOf(u);
  const enemyFront = layoutOf(e).width;
  const wanted = Math.min(u.figures, files + 2 * REDRESS_FILES_PER_FLANK, Math.ceil(enemyFront / u.base.w - EPSILON) + 2 * REDRESS_FILES_PER_FLANK);
  // The enemy itself is in the way too: widening toward one touching the unit's flank would push
  // the new files into it (the added models only lap round where there is room).
  const others = unitsOnTable(state).filter((o) => o.id !== u.id);
  const out: number[] = [];
  for (let f = wanted; f > files; f--) {
    if (!shapeAllows(u.formation, u.figures, f)) continue;
    const fp = footprintOf({ ...u, files: f });
    if (others.some((o) => footprintOf(o).some((x) => fp.some((y) => rectsOverlap(x, y))))) continue;
    if (!inContact(footprintDistance(fp, footprintOf(e)))) continue;
    out.push(f);
  }
  out.push(files);
  return out;
}

/** Re-lays a unit `files` wide after a redress (CORE-REDR-1); unchanged when it keeps its frontage. */
export function redressTo(state: BattleState, r: Recorder, unit: string, files: number): BattleState {
  const u = getUnit(state, unit);
  if (u === undefined || files === filesOf(u)) return state;
  emit(r, "combat/redressed", "CORE-REDR-1", { unit, files, was: filesOf(u) });
  return withUnit(state, { ...u, files });
}

/**
 * Redresses a winning unit still in contact with `enemy` by the default choice (CORE-REDR-1,
 * CORE-REDR-2): the widest frontage {@link redressChoices} allows. Returns the state unchanged when
 * nothing would be gained.
 */
export function redress(state: BattleState, r: Recorder, unit: string, enemy: string): BattleState {
  const best = redressChoices(state, unit, enemy)[0];
  return best === undefined ? state : redressTo(state, r, unit, best);
}
