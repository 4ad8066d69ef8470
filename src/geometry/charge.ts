/**
 * Charges: the face charged (CORE-GEO-21), reach and wheel (CORE-GEO-22), contact placement
 * (CORE-GEO-23) and the failed-charge move (CORE-GEO-24).
 */
import type { FaceEdge, Quadrant } from "./arcs.js";
import { faceEdge, quadrantOfRect } from "./arcs.js";
import type { Frame } from "./frame.js";
import type { UnitLayout } from "./layout.js";
import { segmentTerrainCost } from "./movement.js";
import { closestPointOnSegment } from "./polygon.js";
import type { Footprint, OrientedRect } from "./rect.js";
import { closestPointOnFootprint, rectBehindFrame, rectCorners } from "./rect.js";
import { firstApproach, overlapInterval } from "./sweep.js";
import { terrainNear, type TerrainFeature } from "./terrain.js";
import type { Vec2 } from "./vec.js";
import { EPSILON, addScaled, angleDiff, angleOf, dist, dot, leq, normalize, sub } from "./vec.js";

/** Gap a failed charger keeps from its target (CORE-GEO-24). */
export const FAILED_CHARGE_GAP = 1;

const targetRect = (target: UnitLayout): OrientedRect => target.footprint[0] as OrientedRect;

/**
 * The face of the target charged: the quadrant holding the charger's front-edge centre at
 * declaration (CORE-GEO-21). A loose target is judged on its first model's base.
 */
export const chargedFace = (target: UnitLayout, chargerFront: Vec2): Quadrant => quadrantOfRect(targetRect(target), chargerFront);

/** The edge segment of the charged face (CORE-GEO-22). */
export const chargedEdge = (target: UnitLayout, face: Quadrant): FaceEdge => faceEdge(targetRect(target), face);

/** Charge reach (CORE-GEO-22). */
export interface ChargeReach {
  /** Straight distance from the charger's front-edge centre to the nearest point of the face. */
  readonly straight: number;
  /** Terrain surcharge along that straight line. */
  readonly surcharge: number;
  /** Path length L = straight + surcharge. */
  readonly length: number;
  /** Nearest point of the face's edge. */
  readonly point: Vec2;
  /** Signed rotation (degrees, + counter-clockwise) to face the face squarely; the charge's wheel. */
  readonly wheel: number;
  readonly reaches: boolean;
}

/**
 * Measures a charge (CORE-GEO-22): L ≤ charge distance reaches; `wheel` is checked by the caller
 * against the formation's limit (WHN-MOVE-4).
 * @example chargeReach(charger.frame, target, "front", 8).reaches
 */
export const chargeReach = (
  charger: Frame,
  target: UnitLayout,
  face: Quadrant,
  chargeDistance: number,
  terrain: readonly TerrainFeature[] = [],
  move = 0,
): ChargeReach => {
  const edge = chargedEdge(target, face);
  const point = closestPointOnSegment(charger.p, edge.a, edge.b);
  const straight = dist(charger.p, point);
  // Only features near the charge line can touch it (a circle around the segment, broad phase).
  const near = terrain.length > 0 ? terrainNear(terrain, (charger.p.x + point.x) / 2, (charger.p.y + point.y) / 2, straight / 2 + 1) : terrain;
  const surcharge = near.length > 0 ? segmentTerrainCost(charger.p, point, near, move).surcharge : 0;
  const length = straight + surcharge;
  return { straight, surcharge, length, point, wheel: angleDiff(charger.facing, edge.facing + 180), reaches: leq(length, chargeDistance) };
};

/** Where a charger lands in contact (CORE-GEO-23). */
export interface ContactPlacement {
  readonly frame: Frame;
  /** Charger's centre along the face, from the face's middle (+ toward the charger's right). */
  readonly offset: number;
  /** How far it was slid from the clamped spot to avoid other units (0 if not). */
  readonly slide: number;
}

/**
 * Places a charger squarely against the charged face (CORE-GEO-23): project, clamp for most overlap,
 * then slide to the nearest free spot still touching the face. `others` are every other unit's
 * footprints (not the target's). Returns null when no spot is free (CORE-CHRG-6).
 */
export const contactPlacement = (
  charger: Frame,
  width: number,
  depth: number,
  target: UnitLayout,
  face: Quadrant,
  others: Footprint = [],
): ContactPlacement | null => {
  const edge = chargedEdge(target, face);
  const along = normalize(sub(edge.b, edge.a));
  const half = edge.length / 2;
  const projected = dot(sub(charger.p, edge.mid), along);
  const [lo, hi] = width <= edge.length ? [-half + width / 2, half - width / 2] : [half - width / 2, -half + width / 2];
  const clamped = Math.max(lo, Math.min(hi, projected));
  const facing = edge.facing + 180;
  const frameAt = (t: number): Frame => ({ p: addScaled(edge.mid, along, t), facing });
  const base = rectBehindFrame(frameAt(0), width, depth);
  const isInterval = (iv: { lo: number; hi: number } | null): iv is { lo: number; hi: number } => iv !== null;
  const blocked = others.map((o) => overlapInterval(base, along, o)).filter(isInterval);
  // Slide to where the charger only touches a blocker (no overlap at all): a spot that overlapped
  // by exactly the ε tolerance sat on the boundary, and rounding put it either side (CORE-GEO-18).
  const touching = others.map((o) => overlapInterval(base, along, o, 0)).filter(isInterval);
  // Still touching the face: the fronts share more than ε of length.
  const minT = -half - width / 2 + EPSILON;
  const maxT = half + width / 2 - EPSILON;
  const free = (t: number): boolean => t >= minT && t <= maxT && !blocked.some((iv) => t > iv.lo && t < iv.hi);
  const candidates = [clamped, ...touching.flatMap((iv) => [iv.lo, iv.hi])].filter(free);
  if (candidates.length === 0) return null;
  let best = candidates[0] as number;
  for (const t of candidates) if (Math.abs(t - clamped) < Math.abs(best - clamped) - 1e-12) best = t;
  return { frame: frameAt(best), offset: best, slide: best - clamped };
};

/**
 * Failed charge (CORE-GEO-24): turn (about the front-edge centre) to face the target's nearest
 * point, then advance up to `move` but never closer than 1".
 */
export const failedChargeMove = (charger: Frame, width: number, depth: number, target: Footprint, move: number): Frame => {
  const nearest = closestPointOnFootprint(charger.p, target);
  const facing = dist(nearest, charger.p) > 0 ? angleOf(sub(nearest, charger.p)) : charger.facing;
  const turned = rectBehindFrame({ p: charger.p, facing }, width, depth);
  const dir = normalize(sub(nearest, charger.p));
  const stop = firstApproach([turned], dir, move, target.map(rectCorners), FAILED_CHARGE_GAP);
  return { p: addScaled(charger.p, dir, stop ?? move), facing };
};

/** A loose model's pose: the centre of its base and its facing. */
export interface LoosePose {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
}

/**
 * Failed charge of a loose (extended-order) unit (CORE-GEO-24 for skirmishers): the model nearest the
 * target (lowest index on a tie) sets the line, from its base centre to the target's nearest point;
 * every model turns on its own centre to face along that line and the group moves along it together,
 * up to `move` and never closer than 1" to the target with any base. Null when the line has no length.
 */
export const failedLooseChargeMove = (
  models: readonly LoosePose[],
  base: { readonly w: number; readonly d: number },
  target: Footprint,
  move: number,
): { models: LoosePose[]; facing: number; moved: number } | null => {
  let lead: { p: Vec2; nearest: Vec2; d: number } | null = null;
  for (const m of models) {
    const nearest = closestPointOnFootprint(m, target);
    const d = dist(m, nearest);
    if (lead === null || d < lead.d) lead = { p: { x: m.x, y: m.y }, nearest, d };
  }
  if (lead === null || !(lead.d > 0)) return null;
  const dir = normalize(sub(lead.nearest, lead.p));
  const facing = angleOf(dir);
  const turned: OrientedRect[] = models.map((m) => ({ center: { x: m.x, y: m.y }, halfWidth: base.w / 2, halfDepth: base.d / 2, facing }));
  const stop = firstApproach(turned, dir, move, target.map(rectCorners), FAILED_CHARGE_GAP);
  const moved = stop ?? move;
  return { models: models.map((m) => ({ ...addScaled(m, dir, moved), facing })), facing, moved };
};
