/**
 * A unit's reference frame (CORE-GEO-3): origin at the centre of its front edge, `u` to the unit's
 * right and `v` toward its rear.
 */
import type { Vec2 } from "./vec.js";
import { forward, right } from "./vec.js";

/** Where a unit stands: its front-edge centre `p` and its facing in degrees (CORE-GEO-3). */
export interface Frame {
  readonly p: Vec2;
  readonly facing: number;
}

/** Coordinates in a unit frame: `u` to the right, `v` toward the rear (CORE-GEO-3). */
export interface Local {
  readonly u: number;
  readonly v: number;
}

/** Expresses world point X in the frame: u = (X−P)·r, v = −(X−P)·f (CORE-GEO-3). */
export const toLocal = (frame: Frame, x: Vec2): Local => {
  const f = forward(frame.facing);
  const r = right(frame.facing);
  const dx = x.x - frame.p.x;
  const dy = x.y - frame.p.y;
  return { u: dx * r.x + dy * r.y, v: -(dx * f.x + dy * f.y) };
};

/** Inverse of {@link toLocal}: X = P + u·r − v·f (CORE-GEO-3). */
export const toWorld = (frame: Frame, u: number, v: number): Vec2 => {
  const f = forward(frame.facing);
  const r = right(frame.facing);
  return { x: frame.p.x + u * r.x - v * f.x, y: frame.p.y + u * r.y - v * f.y };
};

/** The frame whose local point (u, v) sits on world point X, for a given facing. */
export const frameWithLocalAt = (x: Vec2, u: number, v: number, facing: number): Frame => {
  const f = forward(facing);
  const r = right(facing);
  return { p: { x: x.x - u * r.x + v * f.x, y: x.y - u * r.y + v * f.y }, facing };
};
