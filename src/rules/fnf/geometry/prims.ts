/**
 * The generic geometry primitives FnF builds on (src/geometry), gathered in one place so that the
 * FnF code has a single import to switch once src/geometry/index.ts lands.
 */
export type { Vec2 } from "../../../geometry/vec.js";
export { EPSILON, add, sub, scale, addScaled, dot, len, dist, normalize, forward, right, rotate, leq, lt, inContact } from "../../../geometry/vec.js";
export type { OrientedRect } from "../../../geometry/rect.js";
export { rectCorners, rectDistance, rectsOverlap, rectPenetration, closestPointOnRect, pointInRect, translateRect } from "../../../geometry/rect.js";
export type { Polygon } from "../../../geometry/polygon.js";
export {
  NUMERIC_TOL,
  pointInPolygon,
  polygonDistance,
  pointSegmentDistance,
  segmentLengthInPolygon,
  segmentPolylineCrossings,
  segmentIntersectionParams,
  polylineEdges,
  convexHull,
} from "../../../geometry/polygon.js";
export { quadrantOfRect, type Quadrant } from "../../../geometry/arcs.js";
