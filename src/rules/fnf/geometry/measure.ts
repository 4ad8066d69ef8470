import type { OrientedRect, Quadrant, Vec2 } from "./prims.js";
import { EPSILON, NUMERIC_TOL, addScaled, dist, forward, polygonDistance, quadrantOfRect, rectCorners, rectDistance, rectPenetration, right, sub, normalize, scale, add } from "./prims.js";
import type { FnfLayout } from "./layout.js";

/** Distance between two sets of bases, closest points (FNF-GEO-3, CORE-GEO-10). */
export function basesDistance(a: readonly OrientedRect[], b: readonly OrientedRect[]): number {
  let best = Infinity;
  for (const x of a) {
    const rx = Math.sqrt(x.halfWidth * x.halfWidth + x.halfDepth * x.halfDepth);
    for (const y of b) {
      // Two rectangles are no closer than their centres' distance less both half-diagonals: a pair
      // that cannot beat the best so far is skipped (the result is the same minimum).
      const dx = x.center.x - y.center.x;
      const dy = x.center.y - y.center.y;
      const lower = Math.sqrt(dx * dx + dy * dy) - rx - Math.sqrt(y.halfWidth * y.halfWidth + y.halfDepth * y.halfDepth);
      if (lower > best) continue;
      best = Math.min(best, rectDistance(x, y));
    }
  }
  return best;
}

/** Distance between two units' bases (FNF-GEO-3). */
export function layoutDistance(a: FnfLayout, b: FnfLayout): number {
  return basesDistance(rectsOf(a), rectsOf(b));
}

/** Rectangles of a layout's bases. */
export function rectsOf(l: FnfLayout): readonly OrientedRect[] {
  let r = RECTS.get(l);
  if (r === undefined) {
    r = l.bases.map((b) => b.rect);
    RECTS.set(l, r);
  }
  return r;
}

/** Base rectangles by layout (layouts are immutable values the engine builds). */
const RECTS = new WeakMap<FnfLayout, OrientedRect[]>();

/** A base's front edge, left corner then right corner. */
export function frontEdge(rect: OrientedRect): [Vec2, Vec2] {
  const c = rectCorners(rect);
  return [c[0], c[1]];
}

/** Fire range from a firing base: its front edge to the nearest point of the target (FNF-GEO-3). */
export function fireRange(base: OrientedRect, target: readonly OrientedRect[]): number {
  const edge = frontEdge(base);
  let best = Infinity;
  for (const t of target) best = Math.min(best, polygonDistance(edge, rectCorners(t)));
  return best;
}

/** Reach of the arc polygon drawn for tests; far beyond any table. */
const ARC_REACH = 10_000;

/** Whether any point of a target lies in a base's 90° arc (FNF-GEO-3, CORE-GEO-15). */
export function inBaseArc(base: OrientedRect, target: readonly OrientedRect[]): boolean {
  const [fl, fr] = frontEdge(base);
  const f = forward(base.facing);
  const r = right(base.facing);
  const arc = [fl, fr, addScaled(fr, add(f, r), ARC_REACH), addScaled(fl, sub(f, r), ARC_REACH)];
  return target.some((t) => polygonDistance(arc, rectCorners(t)) <= NUMERIC_TOL);
}

/** Whether a firing base enfilades a target: its centre in the target's flank or rear quadrant (FNF-GEO-4). */
export function enfilades(base: OrientedRect, target: FnfLayout): boolean {
  return quadrantOfRect(target.footprint, base.center) !== "front";
}

/** The edges of a rectangle, named by face (FNF-GEO-4). */
export function faceEdges(rect: OrientedRect): Record<Quadrant, [Vec2, Vec2]> {
  const [fl, fr, rr, rl] = rectCorners(rect);
  return { front: [fl, fr], right: [fr, rr], rear: [rr, rl], left: [rl, fl] };
}

/**
 * Faces of a defender's footprint that a base touches: within ε of a point of the edge lying more
 * than ε from both of its corners (FNF-GEO-4).
 */
export function facesTouched(base: OrientedRect, defender: OrientedRect): Quadrant[] {
  const out: Quadrant[] = [];
  const trim = EPSILON * 1.5;
  for (const [face, [a, b]] of Object.entries(faceEdges(defender)) as [Quadrant, [Vec2, Vec2]][]) {
    const L = dist(a, b);
    if (L <= 2 * trim) continue;
    const u = normalize(sub(b, a));
    const seg = [add(a, scale(u, trim)), sub(b, scale(u, trim))];
    if (polygonDistance(seg, rectCorners(base)) <= EPSILON) out.push(face);
  }
  return out;
}

/** Outflanked and surrounded (FNF-GEO-4, AMB-70) from the faces attacking bases touch. */
export function envelopment(faces: ReadonlySet<Quadrant>): "none" | "outflanked" | "surrounded" {
  const opposite = (faces.has("front") && faces.has("rear")) || (faces.has("left") && faces.has("right"));
  if (faces.size >= 3 || opposite) return "surrounded";
  if (faces.has("left") || faces.has("right") || faces.has("rear")) return "outflanked";
  return "none";
}

/** The region "to the rear" of a footprint, `depth` deep behind its rear edge (FNF-GEO-5). */
export function rearRegion(footprint: OrientedRect, depth: number): OrientedRect {
  return {
    center: addScaled(footprint.center, forward(footprint.facing), -(footprint.halfDepth + depth / 2)),
    halfWidth: footprint.halfWidth,
    halfDepth: depth / 2,
    facing: footprint.facing,
  };
}

/** Whether a base overlaps a region's interior by more than ε (FNF-GEO-5). */
export function overlapsRegion(base: OrientedRect, region: OrientedRect): boolean {
  return rectPenetration(base, region) > EPSILON;
}
