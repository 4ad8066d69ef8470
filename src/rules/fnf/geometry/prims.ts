/**
 * The generic geometry primitives FnF builds on (src/geometry), gathered in one place so the FnF
 * geometry has a single import point.
 */
export type { Vec2, OrientedRect, Polygon, Quadrant } from "../../../geometry/index.js";
export {
  EPSILON,
  add,
  sub,
  scale,
  addScaled,
  dot,
  len,
  dist,
  normalize,
  forward,
  right,
  rotate,
  leq,
  lt,
  inContact,
  rectCorners,
  rectDistance,
  rectsOverlap,
  rectPenetration,
  closestPointOnRect,
  pointInRect,
  translateRect,
  NUMERIC_TOL,
  pointInPolygon,
  polygonDistance,
  pointSegmentDistance,
  segmentLengthInPolygon,
  segmentPolylineCrossings,
  segmentIntersectionParams,
  polylineEdges,
  convexHull,
  quadrantOfRect,
} from "../../../geometry/index.js";
export { boxAround, boxNear } from "../../../geometry/box.js";
