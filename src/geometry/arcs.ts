/**
 * Which side of a unit something is on (CORE-GEO-14) and the 90° vision / fire arc (CORE-GEO-15).
 */
import type { Frame } from "./frame.js";
import { toLocal } from "./frame.js";
import type { SquareFace, UnitLayout } from "./layout.js";
import type { Footprint, OrientedRect } from "./rect.js";
import { rectCorners } from "./rect.js";
import type { Vec2 } from "./vec.js";
import { EPSILON, addScaled, dot, forward, leq, right, sub } from "./vec.js";

/** A side of a rectangle (CORE-GEO-14). */
export type Quadrant = "front" | "right" | "rear" | "left";

/** The four sides in square-face order: front, right, rear, left (CORE-GEO-7 numbering). */
export const QUADRANTS: readonly Quadrant[] = ["front", "right", "rear", "left"];

/** Relative slack on the diagonal test so points computed onto a diagonal stay front/rear. */
const DIAGONAL_TOL = 1e-9;

/**
 * Quadrant of point X about a rectangle's centre (CORE-GEO-14): diagonals and the centre belong to
 * front or rear.
 */
export const quadrantOfRect = (rect: OrientedRect, x: Vec2): Quadrant => {
  const d = sub(x, rect.center);
  const a = dot(d, right(rect.facing)) / rect.halfWidth;
  const b = dot(d, forward(rect.facing)) / rect.halfDepth;
  if (a === 0 && b === 0) return "front";
  if (b > 0 && b >= Math.abs(a) - DIAGONAL_TOL) return "front";
  if (b < 0 && -b >= Math.abs(a) - DIAGONAL_TOL) return "rear";
  return a > 0 ? "right" : "left";
};

/**
 * The face of a unit that point X is on, and whether it counts as a flank or rear (never for a
 * square, CORE-GEO-14). A loose unit is judged on its first model's base.
 */
export const unitQuadrant = (layout: UnitLayout, x: Vec2): { face: Quadrant; flankOrRear: boolean } => {
  const face = quadrantOfRect(layout.footprint[0] as OrientedRect, x);
  return { face, flankOrRear: layout.kind !== "square" && face !== "front" };
};

/** Square face number of a quadrant (front 0, right 1, rear 2, left 3). */
export const quadrantFace = (q: Quadrant): SquareFace => QUADRANTS.indexOf(q) as SquareFace;

/** One edge of a rectangle seen from outside: ends a → b run left to right for someone facing it. */
export interface FaceEdge {
  readonly face: Quadrant;
  readonly a: Vec2;
  readonly b: Vec2;
  readonly mid: Vec2;
  /** Outward unit normal. */
  readonly normal: Vec2;
  /** Outward heading in degrees; this face's frame facing. */
  readonly facing: number;
  readonly length: number;
}

/** The edge of a rectangle on a given side (CORE-GEO-15, CORE-GEO-21). */
export const faceEdge = (rect: OrientedRect, face: Quadrant): FaceEdge => {
  const turn = face === "front" ? 0 : face === "right" ? -90 : face === "rear" ? 180 : 90;
  const facing = rect.facing + turn;
  const normal = forward(facing);
  const along = face === "front" || face === "rear" ? rect.halfDepth : rect.halfWidth;
  const halfLen = face === "front" || face === "rear" ? rect.halfWidth : rect.halfDepth;
  const mid = addScaled(rect.center, normal, along);
  // Someone facing this edge from outside has right-hand vector −r(facing).
  const viewerRight = right(facing + 180);
  return {
    face,
    a: addScaled(mid, viewerRight, -halfLen),
    b: addScaled(mid, viewerRight, halfLen),
    mid,
    normal,
    facing,
    length: 2 * halfLen,
  };
};

/** An arc origin: a front edge of `width` centred on `frame.p`. */
export interface ArcEdge {
  readonly frame: Frame;
  readonly width: number;
}

/**
 * The edges a unit looks out from (CORE-GEO-15): one for a block, four for a square, none for a
 * loose unit (it sees all round).
 */
export const arcEdges = (layout: UnitLayout): ArcEdge[] => {
  if (layout.kind === "loose") return [];
  const rect = layout.footprint[0] as OrientedRect;
  const faces = layout.kind === "square" ? QUADRANTS : (["front"] as const);
  return faces.map((q) => {
    const e = faceEdge(rect, q);
    return { frame: { p: e.mid, facing: e.facing }, width: e.length };
  });
};

/** Point in the 90° arc of an edge: v ≤ 0 and |u| ≤ Wd/2 − v, with tolerance (CORE-GEO-15). */
export const pointInArc = (edge: ArcEdge, x: Vec2): boolean => {
  const { u, v } = toLocal(edge.frame, x);
  return leq(v, 0) && leq(Math.abs(u), edge.width / 2 - v);
};

type UV = { u: number; v: number };

/** Keeps the part of a convex polygon where ku·u + kv·v ≤ c (one Sutherland–Hodgman pass). */
const clipHalfPlane = (poly: UV[], ku: number, kv: number, c: number): UV[] => {
  const out: UV[] = [];
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const p = poly[i] as UV;
    const q = poly[(i + 1) % n] as UV;
    const gp = ku * p.u + kv * p.v - c;
    const gq = ku * q.u + kv * q.v - c;
    if (gp <= 0) out.push(p);
    if ((gp < 0 && gq > 0) || (gp > 0 && gq < 0)) {
      const t = gp / (gp - gq);
      out.push({ u: p.u + t * (q.u - p.u), v: p.v + t * (q.v - p.v) });
    }
  }
  return out;
};

/** Any point of a rectangle in an edge's 90° arc: exact polygon–wedge clipping (CORE-GEO-15). */
export const rectInArc = (edge: ArcEdge, rect: OrientedRect): boolean => {
  let poly: UV[] = rectCorners(rect).map((c) => toLocal(edge.frame, c));
  const h = edge.width / 2 + EPSILON;
  poly = clipHalfPlane(poly, 0, 1, EPSILON);
  poly = clipHalfPlane(poly, 1, 1, h);
  poly = clipHalfPlane(poly, -1, 1, h);
  return poly.length > 0;
};

/** True when point X is in the unit's arc (any face for a square, always for loose units). */
export const pointInUnitArc = (layout: UnitLayout, x: Vec2): boolean => {
  const edges = arcEdges(layout);
  return edges.length === 0 || edges.some((e) => pointInArc(e, x));
};

/** True when any part of a footprint is in the unit's arc (CORE-GEO-15). */
export const footprintInUnitArc = (layout: UnitLayout, target: Footprint): boolean => {
  const edges = arcEdges(layout);
  return edges.length === 0 || edges.some((e) => target.some((r) => rectInArc(e, r)));
};

/** The square faces (or the single front) whose arc holds some of the target (CORE-GEO-15). */
export const facesSeeing = (layout: UnitLayout, target: Footprint): Quadrant[] => {
  if (layout.kind === "loose") return [...QUADRANTS];
  const faces = layout.kind === "square" ? QUADRANTS : (["front"] as const);
  const edges = arcEdges(layout);
  return faces.filter((_, i) => target.some((r) => rectInArc(edges[i] as ArcEdge, r)));
};
