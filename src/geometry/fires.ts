/**
 * Fires as chains of 2" circles that spread downwind (CORE-GEO-33).
 */
import type { OrientedRect } from "./rect.js";
import { templateTouches } from "./templates.js";
import type { Vec2 } from "./vec.js";
import { addScaled, fromAngle } from "./vec.js";

/** Diameter of each fire circle (CORE-GEO-33). */
export const FIRE_DIAMETER = 2;

/** How far downwind a spreading fire adds its next circle (CORE-GEO-33). */
export const FIRE_SPREAD_STEP = 2;

/** A fire: circle centres, oldest first (CORE-GEO-33). */
export type Fire = readonly Vec2[];

/** A new fire: a single 2" circle (WHN-FIRE-2, CORE-GEO-33). */
export const startFire = (centre: Vec2): Fire => [centre];

/**
 * Spreads a fire (CORE-GEO-33): a new circle 2" downwind of the most recent one. `windDeg` is the
 * direction the wind blows toward.
 */
export const spreadFire = (fire: Fire, windDeg: number): Fire => {
  const last = fire[fire.length - 1];
  if (last === undefined) throw new RangeError("spreadFire: a fire needs at least one circle");
  return [...fire, addScaled(last, fromAngle(windDeg), FIRE_SPREAD_STEP)];
};

/** True when any circle of the fire touches a base (CORE-GEO-29, CORE-GEO-33). */
export const fireTouches = (fire: Fire, base: OrientedRect): boolean => fire.some((c) => templateTouches(c, FIRE_DIAMETER, base));
