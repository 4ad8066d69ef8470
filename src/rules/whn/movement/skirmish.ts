/**
 * Skirmishers (WHN-SKIRM-1…4): open order is a gapped block of at most two ranks (CORE-GEO-6);
 * extended order is loose models, each at least its own base width from the others and within 2"
 * of another, all in one linked group (AMB-37). For a charge an extended-order unit is laid out as
 * a single rank centred on the contact point (WHN-SKIRM-4).
 */
import type { Unit } from "../../../state/unit.js";
import type { Pose } from "../../../geometry/layout.js";
import { layoutUnit } from "../../../geometry/layout.js";
import type { Frame } from "../../../geometry/frame.js";
import type { OrientedRect } from "../../../geometry/rect.js";
import { rectDistance } from "../../../geometry/rect.js";
import { EPSILON, normalizeAngle } from "../../../geometry/vec.js";
import { refuse } from "./common.js";
import type { Violation } from "../../../engine/violation.js";

/** Greatest gap between a model and its nearest neighbour in extended order (AMB-37). */
export const COHERENCY = 2;

/** The base rectangles of loose models. */
export function modelRects(u: Unit, models: readonly Pose[]): OrientedRect[] {
  return models.map((m) => ({ center: { x: m.x, y: m.y }, halfWidth: u.base.w / 2, halfDepth: u.base.d / 2, facing: m.facing }));
}

/**
 * Checks extended-order spacing and coherency (WHN-SKIRM-3, WHN-SKIRM-4): every pair of bases at
 * least one base width apart; every model within 2" of another, all linked in one group.
 */
export function extendedOrderViolation(u: Unit, models: readonly Pose[]): Violation | null {
  const rects = modelRects(u, models);
  const n = rects.length;
  const near: number[][] = rects.map(() => []);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = rectDistance(rects[i] as OrientedRect, rects[j] as OrientedRect);
      if (d < u.base.w - EPSILON) return refuse("extended_spacing", "WHN-SKIRM-3", { unit: u.id, models: [i, j], distance: d, min: u.base.w });
      if (d <= COHERENCY + EPSILON) {
        (near[i] as number[]).push(j);
        (near[j] as number[]).push(i);
      }
    }
  }
  if (n <= 1) return null;
  const seen = new Set<number>([0]);
  const queue = [0];
  while (queue.length > 0) {
    const i = queue.pop() as number;
    for (const j of near[i] as number[]) if (!seen.has(j)) {
      seen.add(j);
      queue.push(j);
    }
  }
  if (seen.size < n) return refuse("extended_coherency", "WHN-SKIRM-4", { unit: u.id, linked: seen.size, models: n });
  return null;
}

/**
 * Models of a unit taking up extended order from a block of `files` files with one base width
 * between bases (so spacing and coherency hold), placed at `frame`.
 */
export function extendedModelsAt(u: Unit, files: number, frame: Frame): Pose[] {
  const layout = layoutUnit({ kind: "block", files, count: Math.max(1, u.figures), base: u.base, gapX: u.base.w, gapY: u.base.w }, frame);
  return layout.models.map((m) => ({ x: m.rect.center.x, y: m.rect.center.y, facing: normalizeAngle(frame.facing) }));
}

/**
 * An extended-order unit laid out for combat as a single close rank centred on `frame.p`, facing
 * the enemy (WHN-SKIRM-4, AMB-37): its models stand base to base.
 */
export function singleRankFor(u: Unit, frame: Frame): Pose[] {
  const layout = layoutUnit({ kind: "block", files: Math.max(1, u.figures), count: Math.max(1, u.figures), base: u.base }, frame);
  return layout.models.map((m) => ({ x: m.rect.center.x, y: m.rect.center.y, facing: normalizeAngle(frame.facing) }));
}
