/**
 * Axis-aligned boxes for broad phases: "can this feature come near that shape at all?" Terrain
 * lookups (terrain.ts), sight and cover (sight.ts) and FnF movement pricing all drop the features
 * whose box is too far before any exact test, with the same kernel.
 */
import type { Vec2 } from "./vec.js";

/** An axis-aligned box [x0, x1] × [y0, y1]; the box around no points has x0 = y0 = ∞, x1 = y1 = −∞. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The box around a list of points (an empty box, near nothing, when there are none). */
export function boxAround(points: readonly Vec2[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    if (p.x < x0) x0 = p.x;
    if (p.x > x1) x1 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.y > y1) y1 = p.y;
  }
  return { x0, y0, x1, y1 };
}

/** The box around both boxes; on a tie `a`'s bound stays (as one pass over a's points, then b's, would keep it). */
export function boxUnion(a: Box, b: Box): Box {
  return { x0: b.x0 < a.x0 ? b.x0 : a.x0, y0: b.y0 < a.y0 ? b.y0 : a.y0, x1: b.x1 > a.x1 ? b.x1 : a.x1, y1: b.y1 > a.y1 ? b.y1 : a.y1 };
}

/** Boxes already computed, per point list (terrain outlines are immutable values inside the engine's states). */
const BOXES = new WeakMap<readonly Vec2[], Box>();

/** {@link boxAround}, remembered per list: only for lists nobody changes afterwards (terrain outlines). */
export function cachedBoxAround(points: readonly Vec2[]): Box {
  let b = BOXES.get(points);
  if (b === undefined) {
    b = boxAround(points);
    BOXES.set(points, b);
  }
  return b;
}

/**
 * Whether the box [x0, x1] × [y0, y1] comes within `grow` of `box` along both axes (touching
 * counts). False means no point of the one is within `grow` of the other, so an exact test on the
 * pair may be skipped; true means "maybe".
 */
export function boxNear(box: Box, x0: number, y0: number, x1: number, y1: number, grow: number): boolean {
  return box.x0 - grow <= x1 && x0 <= box.x1 + grow && box.y0 - grow <= y1 && y0 <= box.y1 + grow;
}
