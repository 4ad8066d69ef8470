/**
 * Segment and polygon primitives shared by distances, sight, terrain and sweeps. Polygons are
 * simple (non-self-intersecting) vertex lists in either winding; the closing edge is implied.
 */
import type { Vec2 } from "./vec.js";
import { cross, dist, dot, lerp, sub } from "./vec.js";
import { hypot } from "../math/index.js";

/** A polygon as a list of vertices (closing edge implied). */
export type Polygon = readonly Vec2[];

/** Numerical slack for exact-geometry predicates (far below the measuring tolerance ε). */
export const NUMERIC_TOL = 1e-9;

/** Closest point to p on segment [a, b]. */
export const closestPointOnSegment = (p: Vec2, a: Vec2, b: Vec2): Vec2 => {
  const ab = sub(b, a);
  const l2 = dot(ab, ab);
  if (l2 === 0) return a;
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2));
  return lerp(a, b, t);
};

/**
 * Distance from point p to segment [a, b]: the same arithmetic as `dist(p, closestPointOnSegment(p, a, b))`,
 * operation for operation (so bit-identical), on plain numbers with no allocation (a hot path).
 */
export const pointSegmentDistance = (p: Vec2, a: Vec2, b: Vec2): number => pointSegmentDistanceXY(p.x, p.y, a.x, a.y, b.x, b.y);

/** {@link pointSegmentDistance} on coordinates. */
function pointSegmentDistanceXY(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const abx = bx - ax;
  const aby = by - ay;
  const l2 = abx * abx + aby * aby;
  if (l2 === 0) return hypot(px - ax, py - ay);
  const t = Math.max(0, Math.min(1, ((px - ax) * abx + (py - ay) * aby) / l2));
  return hypot(px - (ax + (bx - ax) * t), py - (ay + (by - ay) * t));
}

/**
 * Parameters (s on [a,b], t on [c,d]) where two segments meet at a single point, or null when they
 * miss or are parallel (collinear overlap is reported as null; distance code covers it).
 */
export const segmentIntersectionParams = (a: Vec2, b: Vec2, c: Vec2, d: Vec2): { s: number; t: number } | null => {
  const r = sub(b, a);
  const q = sub(d, c);
  const den = cross(r, q);
  if (Math.abs(den) <= NUMERIC_TOL * Math.max(1, hypot(r.x, r.y) * hypot(q.x, q.y))) return null;
  const ac = sub(c, a);
  const s = cross(ac, q) / den;
  const t = cross(ac, r) / den;
  const tol = NUMERIC_TOL;
  if (s < -tol || s > 1 + tol || t < -tol || t > 1 + tol) return null;
  return { s: Math.max(0, Math.min(1, s)), t: Math.max(0, Math.min(1, t)) };
};

/** True when two closed segments share at least one point. */
export const segmentsIntersect = (a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean => segmentSegmentDistance(a, b, c, d) <= NUMERIC_TOL;

/** Minimum distance between segments [a, b] and [c, d] (0 when they cross). */
export const segmentSegmentDistance = (a: Vec2, b: Vec2, c: Vec2, d: Vec2): number => {
  // The arithmetic of sub/cross written out on plain numbers (bit-identical, no allocation).
  const rx = b.x - a.x, ry = b.y - a.y;
  const qx = d.x - c.x, qy = d.y - c.y;
  const acx = c.x - a.x, acy = c.y - a.y;
  const den = rx * qy - ry * qx;
  if (den !== 0) {
    const s = (acx * qy - acy * qx) / den;
    const t = (acx * ry - acy * rx) / den;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1) return 0;
  }
  return Math.min(
    pointSegmentDistanceXY(a.x, a.y, c.x, c.y, d.x, d.y),
    pointSegmentDistanceXY(b.x, b.y, c.x, c.y, d.x, d.y),
    pointSegmentDistanceXY(c.x, c.y, a.x, a.y, b.x, b.y),
    pointSegmentDistanceXY(d.x, d.y, a.x, a.y, b.x, b.y),
  );
};

/** Point-in-polygon (even–odd); points on the boundary count as inside. */
export const pointInPolygon = (p: Vec2, poly: Polygon): boolean => {
  const n = poly.length;
  if (n === 0) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = poly[i] as Vec2;
    const b = poly[j] as Vec2;
    if (nearSegment(p.x, p.y, a.x, a.y, b.x, b.y)) return true;
    if (a.y > p.y !== b.y > p.y) {
      const xCross = a.x + ((p.y - a.y) * (b.x - a.x)) / (b.y - a.y);
      if (p.x < xCross) inside = !inside;
    }
  }
  return inside;
};

/** Edges of a closed polygon as [start, end] pairs. */
export const polygonEdges = (poly: Polygon): Array<readonly [Vec2, Vec2]> => {
  const out: Array<readonly [Vec2, Vec2]> = [];
  const n = poly.length;
  for (let i = 0; i < n; i++) out.push([poly[i] as Vec2, poly[(i + 1) % n] as Vec2]);
  return out;
};

/** Edges of an open polyline. */
export const polylineEdges = (line: Polygon): Array<readonly [Vec2, Vec2]> => {
  const out: Array<readonly [Vec2, Vec2]> = [];
  for (let i = 0; i + 1 < line.length; i++) out.push([line[i] as Vec2, line[i + 1] as Vec2]);
  return out;
};

/** Minimum distance between two simple polygons (0 when they touch, cross or one contains the other). */
export const polygonDistance = (a: Polygon, b: Polygon): number => {
  const pa = a[0];
  const pb = b[0];
  if (pa === undefined || pb === undefined) return Infinity;
  if (a.length === 1) return pointPolygonDistance(pa, b);
  if (b.length === 1) return pointPolygonDistance(pb, a);
  if (pa !== undefined && b.length >= 3 && pointInPolygon(pa, b)) return 0;
  if (pb !== undefined && a.length >= 3 && pointInPolygon(pb, a)) return 0;
  return edgesDistance(a, b);
};

/**
 * `polygonDistance(a, b) <= d`, with a bounding-box broad phase first: boxes more than `d` apart
 * (by over 1e-6, far above rounding and `NUMERIC_TOL`) answer false without measuring.
 */
export const polygonsWithin = (a: Polygon, b: Polygon, d: number): boolean => {
  boundsInto(a, BOX_A);
  boundsInto(b, BOX_B);
  // A gap between the boxes is a lower bound of the distance.
  const far = d + 1e-6;
  if (BOX_B[0]! - BOX_A[2]! > far || BOX_A[0]! - BOX_B[2]! > far || BOX_B[1]! - BOX_A[3]! > far || BOX_A[1]! - BOX_B[3]! > far) return false;
  return polygonDistance(a, b) <= d;
};

/** Scratch boxes of {@link polygonsWithin} (min x, min y, max x, max y): no allocation per call. */
const BOX_A = new Float64Array(4);
const BOX_B = new Float64Array(4);

/** Writes the bounding box of `poly` into `box` as min x, min y, max x, max y. */
function boundsInto(poly: Polygon, box: Float64Array): void {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of poly) {
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  box[0] = minX;
  box[1] = minY;
  box[2] = maxX;
  box[3] = maxY;
}

/**
 * The least `segmentSegmentDistance` between an edge of `a` and an edge of `b` (a polygon's edges
 * from 3 vertices, else a polyline's), bit-identical to that double loop but cheaper: 0 if any
 * pair crosses, else the least vertex–edge distance (each is one of the four a pair measures, by
 * the same arithmetic), with `hypot` taken only for the nearly least.
 */
export const edgesDistance = (a: Polygon, b: Polygon): number => {
  if (a.length < 2 || b.length < 2) return Infinity;
  const ea = a.length >= 3 ? a.length : 1;
  const eb = b.length >= 3 ? b.length : 1;
  if (anyEdgesCross(a, ea, b, eb)) return 0;
  const least = Math.min(leastVertexEdge(a, b, eb, null), leastVertexEdge(b, a, ea, null));
  // Squares within a relative 1e-10 of the least could still round to the least length.
  const near = least * (1 + 1e-10) + 1e-300;
  return Math.min(leastVertexEdge(a, b, eb, near), leastVertexEdge(b, a, ea, near));
};

/** True when some edge of `a` meets some edge of `b` at a single point (the test of `segmentSegmentDistance`). */
function anyEdgesCross(a: Polygon, ea: number, b: Polygon, eb: number): boolean {
  for (let i = 0; i < ea; i++) {
    const p = a[i] as Vec2;
    const q = a[(i + 1) % a.length] as Vec2;
    const rx = q.x - p.x, ry = q.y - p.y;
    for (let j = 0; j < eb; j++) {
      const c = b[j] as Vec2;
      const d = b[(j + 1) % b.length] as Vec2;
      const qx = d.x - c.x, qy = d.y - c.y;
      const acx = c.x - p.x, acy = c.y - p.y;
      const den = rx * qy - ry * qx;
      if (den !== 0) {
        const s = (acx * qy - acy * qx) / den;
        const t = (acx * ry - acy * rx) / den;
        if (s >= 0 && s <= 1 && t >= 0 && t <= 1) return true;
      }
    }
  }
  return false;
}

/**
 * One scan over the vertex–edge pairs (a vertex of `v`, one of the first `edges` edges of `poly`),
 * by the arithmetic of `pointSegmentDistanceXY`. With `near` null: the least squared offset. With a
 * bound: the least length (`hypot`) over the pairs whose squared offset is at most `near`.
 */
function leastVertexEdge(v: Polygon, poly: Polygon, edges: number, near: number | null): number {
  let best = Infinity;
  for (let j = 0; j < edges; j++) {
    const a = poly[j] as Vec2;
    const b = poly[(j + 1) % poly.length] as Vec2;
    const ax = a.x, ay = a.y, bx = b.x, by = b.y;
    const abx = bx - ax;
    const aby = by - ay;
    const l2 = abx * abx + aby * aby;
    for (let i = 0; i < v.length; i++) {
      const p = v[i] as Vec2;
      let dx: number, dy: number;
      if (l2 === 0) {
        dx = p.x - ax;
        dy = p.y - ay;
      } else {
        const t = Math.max(0, Math.min(1, ((p.x - ax) * abx + (p.y - ay) * aby) / l2));
        dx = p.x - (ax + (bx - ax) * t);
        dy = p.y - (ay + (by - ay) * t);
      }
      const sq = dx * dx + dy * dy;
      if (near === null) {
        if (sq < best) best = sq;
      } else if (sq <= near) {
        const d = hypot(dx, dy);
        if (d < best) best = d;
      }
    }
  }
  return best;
}

/** `pointSegmentDistanceXY(...) <= NUMERIC_TOL`, with `hypot` only when the squared offset is near the bound. */
function nearSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  const abx = bx - ax;
  const aby = by - ay;
  const l2 = abx * abx + aby * aby;
  let dx: number, dy: number;
  if (l2 === 0) {
    dx = px - ax;
    dy = py - ay;
  } else {
    const t = Math.max(0, Math.min(1, ((px - ax) * abx + (py - ay) * aby) / l2));
    dx = px - (ax + (bx - ax) * t);
    dy = py - (ay + (by - ay) * t);
  }
  if (dx * dx + dy * dy > NUMERIC_TOL * NUMERIC_TOL * 1.001) return false;
  return hypot(dx, dy) <= NUMERIC_TOL;
}

/** Distance from a point to a polygon's area (0 inside). */
export const pointPolygonDistance = (p: Vec2, poly: Polygon): number => {
  if (poly.length >= 3 && pointInPolygon(p, poly)) return 0;
  let best = Infinity;
  for (const [a, b] of poly.length >= 3 ? polygonEdges(poly) : polylineEdges(poly)) best = Math.min(best, pointSegmentDistance(p, a, b));
  return best;
};

/** Sorted parameters in [0, 1] where segment [a, b] crosses the edges of a polygon or polyline. */
const crossingParams = (a: Vec2, b: Vec2, edges: ReadonlyArray<readonly [Vec2, Vec2]>): number[] => {
  const ts: number[] = [0, 1];
  for (const [c, d] of edges) {
    const hit = segmentIntersectionParams(a, b, c, d);
    if (hit !== null) ts.push(hit.s);
  }
  return ts.sort((x, y) => x - y);
};

/** Length of segment [a, b] lying inside a polygon (exact for non-convex polygons). */
export const segmentLengthInPolygon = (a: Vec2, b: Vec2, poly: Polygon): number => {
  if (poly.length < 3) return 0;
  const ts = crossingParams(a, b, polygonEdges(poly));
  const total = dist(a, b);
  let inside = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i] as number;
    const t1 = ts[i + 1] as number;
    if (t1 - t0 <= 0) continue;
    if (pointInPolygon(lerp(a, b, (t0 + t1) / 2), poly)) inside += (t1 - t0) * total;
  }
  return inside;
};

/** Number of points where segment [a, b] meets an open polyline. */
export const segmentPolylineCrossings = (a: Vec2, b: Vec2, line: Polygon): number => {
  let n = 0;
  for (const [c, d] of polylineEdges(line)) if (segmentIntersectionParams(a, b, c, d) !== null) n++;
  return n;
};

/** Convex hull (counter-clockwise, no collinear points) of a point set, by the monotone chain. */
export const convexHull = (points: readonly Vec2[]): Vec2[] => {
  const pts = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  if (pts.length <= 2) return pts;
  const turn = (o: Vec2, p: Vec2, q: Vec2): number => cross(sub(p, o), sub(q, o));
  const lower: Vec2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && turn(lower[lower.length - 2] as Vec2, lower[lower.length - 1] as Vec2, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i] as Vec2;
    while (upper.length >= 2 && turn(upper[upper.length - 2] as Vec2, upper[upper.length - 1] as Vec2, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
};

/** Signed area (positive when counter-clockwise). */
export const polygonArea = (poly: Polygon): number => {
  let s = 0;
  for (const [a, b] of polygonEdges(poly)) s += cross(a, b);
  return s / 2;
};
