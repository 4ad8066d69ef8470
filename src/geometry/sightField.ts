/**
 * Line of sight asked many times of one table (CORE-GEO-16): a charge-declaration listing asks
 * whether each of up to 32 chargers sees each of up to 32 enemies, through up to 64 units and 64
 * terrain features. {@link sightField} measures what every line reuses once (each unit's bounding
 * circle and ground height, the features that block sight), and {@link sightClear} answers the one
 * question a listing needs (is the line clear?) and stops at the first blocker.
 *
 * The answer is always `lineOfSight(...).visible` for the same viewer, target, other units and
 * terrain (test/movement/sightField.test.ts holds them equal): the same origin and end point, the
 * same exact tests in the same arithmetic; the only additions are cheaper rejections (a unit whose
 * circle lies clear of the line's box by more than the slack below cannot be crossed) and the early
 * stop. Not part of the public geometry namespace.
 */
import type { UnitLayout } from "./layout.js";
import { pointSegmentDistance } from "./polygon.js";
import { closestPointOnFootprint, footprintBounds } from "./rect.js";
import type { PlacedUnit } from "./sight.js";
import { segmentCrossesFeature, segmentCrossesFootprint, sightOrigin } from "./sight.js";
import type { TerrainFeature } from "./terrain.js";
import { elevationAt } from "./terrain.js";
import { boxNear, cachedBoxAround } from "./box.js";

/** Slack of `lineOfSight`'s broad phases (kept equal to sight.ts's BROAD_SLACK). */
const BROAD_SLACK = 1e-6;

/** Units and terrain measured once for many lines of sight. */
export interface SightField {
  readonly ids: readonly string[];
  readonly layouts: readonly UnitLayout[];
  /** Bounding circle of each unit's footprint (`footprintBounds`). */
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  readonly cr: Float64Array;
  /** Ground height under each unit's front-edge centre (`elevationAt`). */
  readonly height: Float64Array;
  /** Every feature (for the viewer's height). */
  readonly terrain: readonly TerrainFeature[];
  /** The features that block sight (`blocksLos`), in order. */
  readonly blockers: readonly TerrainFeature[];
}

/** The field of `units` (in the order `lineOfSight` would be given them) on `terrain`. */
export function sightField(units: readonly PlacedUnit[], terrain: readonly TerrainFeature[]): SightField {
  const n = units.length;
  const cx = new Float64Array(n);
  const cy = new Float64Array(n);
  const cr = new Float64Array(n);
  const height = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const l = (units[i] as PlacedUnit).layout;
    const c = footprintBounds(l.footprint);
    cx[i] = c.x;
    cy[i] = c.y;
    cr[i] = c.r;
    height[i] = elevationAt(terrain, l.frame.p);
  }
  return {
    ids: units.map((u) => u.id),
    layouts: units.map((u) => u.layout),
    cx,
    cy,
    cr,
    height,
    terrain,
    blockers: terrain.filter((t) => t.tags.blocksLos === true),
  };
}

/**
 * `lineOfSight(viewer, target, others, terrain, { unitsGiveCover }).visible`, where `others` is the
 * field's units without the ids `skipA` and `skipB` (and, as `lineOfSight` does, without the viewer's
 * and the target's own layouts). Stops at the first feature or unit that blocks the line.
 */
export function sightClear(viewer: UnitLayout, target: UnitLayout, field: SightField, skipA: string, skipB: string, unitsGiveCover: boolean): boolean {
  const from = sightOrigin(viewer, target.footprint);
  const to = closestPointOnFootprint(from, target.footprint);
  const x0 = Math.min(from.x, to.x);
  const y0 = Math.min(from.y, to.y);
  const x1 = Math.max(from.x, to.x);
  const y1 = Math.max(from.y, to.y);
  for (const t of field.blockers) {
    if (boxNear(cachedBoxAround(t.polygon), x0, y0, x1, y1, BROAD_SLACK) && segmentCrossesFeature(from, to, t)) return false;
  }
  // Under HR-COVER-1 units screen (give cover) but never block.
  if (unitsGiveCover) return true;
  const { ids, layouts, cx, cy, cr, height } = field;
  // Twice the slack: a circle this far clear of the line's box is farther from the line than
  // `lineOfSight`'s own circle test allows, whatever the rounding of either.
  const s = 2 * BROAD_SLACK;
  let viewerHeight = 0;
  let heightKnown = false;
  for (let i = 0; i < ids.length; i++) {
    const x = cx[i] as number;
    const y = cy[i] as number;
    const r = (cr[i] as number) + s;
    if (x + r < x0 || x - r > x1 || y + r < y0 || y - r > y1) continue;
    const id = ids[i] as string;
    const l = layouts[i] as UnitLayout;
    if (id === skipA || id === skipB || l === viewer || l === target) continue;
    if (pointSegmentDistance({ x, y }, from, to) > (cr[i] as number) + BROAD_SLACK) continue;
    if (!heightKnown) {
      viewerHeight = elevationAt(field.terrain, viewer.frame.p);
      heightKnown = true;
    }
    if ((height[i] as number) >= viewerHeight && segmentCrossesFootprint(from, to, l.footprint)) return false;
  }
  return true;
}
