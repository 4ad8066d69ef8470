/**
 * Measuring moves: straight moves and wheels (CORE-GEO-18), free moves (CORE-GEO-19), terrain
 * surcharges (CORE-MOVE-5) and the formation-change pivot (CORE-GEO-20).
 */
import type { Frame } from "./frame.js";
import { frameWithLocalAt } from "./frame.js";
import type { BlockSpec, SquareSpec, UnitLayout } from "./layout.js";
import { blockDimensions, blockSlotLocal, layoutUnit, unitCentre } from "./layout.js";
import type { Polygon } from "./polygon.js";
import { NUMERIC_TOL, polygonDistance, polygonEdges, segmentIntersectionParams, segmentLengthInPolygon, segmentPolylineCrossings } from "./polygon.js";
import type { Footprint } from "./rect.js";
import { rectCorners } from "./rect.js";
import { sweptHulls, translateFootprint } from "./sweep.js";
import type { TerrainFeature } from "./terrain.js";
import type { Vec2 } from "./vec.js";
import { EPSILON, addScaled, degToRad, dist, forward, lerp, right, rotateAbout, scale } from "./vec.js";

/** One piece of a formed unit's path: a straight move along f, or a wheel (+ = counter-clockwise). */
export type PathStep = { readonly kind: "move"; readonly distance: number } | { readonly kind: "wheel"; readonly degrees: number };

/** Cost of a wheel: arc of the outer front corner, |Δθ| in radians × Wd (CORE-GEO-18). */
export const wheelCost = (degrees: number, width: number): number => Math.abs(degToRad(degrees)) * width;

/** Cost of a path of moves and wheels, before terrain (CORE-GEO-18). */
export const pathCost = (steps: readonly PathStep[], width: number): number =>
  steps.reduce((sum, s) => sum + (s.kind === "move" ? Math.abs(s.distance) : wheelCost(s.degrees, width)), 0);

/**
 * Frame after one step (CORE-GEO-18). A wheel pivots on the inner front corner: the left one when
 * turning left (counter-clockwise), the right one when turning right.
 */
export const applyStep = (frame: Frame, width: number, step: PathStep): Frame => {
  if (step.kind === "move") return { p: addScaled(frame.p, forward(frame.facing), step.distance), facing: frame.facing };
  const pivot = addScaled(frame.p, right(frame.facing), step.degrees > 0 ? -width / 2 : width / 2);
  return { p: rotateAbout(frame.p, pivot, step.degrees), facing: frame.facing + step.degrees };
};

/** Frames after each step of a path, starting frame excluded (CORE-GEO-18). */
export const followPath = (frame: Frame, width: number, steps: readonly PathStep[]): Frame[] => {
  const out: Frame[] = [];
  let f = frame;
  for (const s of steps) {
    f = applyStep(f, width, s);
    out.push(f);
  }
  return out;
};

/** Cost of a free-direction move: the distance travelled, before terrain (CORE-GEO-19). */
export const freeMoveCost = (from: Vec2, to: Vec2): number => dist(from, to);

/** Cost per inch in each kind of ground (CORE-MOVE-5). */
export const TERRAIN_RATES = { open: 1, difficult: 2, veryDifficult: 4 } as const satisfies Record<string, number>;

/** Terrain surcharge of a move (CORE-MOVE-5): extra inches, obstacles crossed, impassable entered. */
export interface TerrainCost {
  /** Extra inches from difficult / very difficult ground (rate − 1 per inch). */
  readonly extra: number;
  /** Obstacles crossed; each costs M/2. */
  readonly obstacles: number;
  /** Total surcharge: extra + obstacles × M/2. */
  readonly surcharge: number;
  readonly entersImpassable: boolean;
}

const rateOf = (t: TerrainFeature): number =>
  t.tags.veryDifficult === true ? TERRAIN_RATES.veryDifficult : t.tags.difficult === true ? TERRAIN_RATES.difficult : TERRAIN_RATES.open;

const obstacleLine = (t: TerrainFeature): Polygon => t.polyline ?? [...t.polygon, ...t.polygon.slice(0, 1)];

/**
 * Surcharge for a point moving along [a, b], e.g. a single model's centre or a charge line
 * (CORE-GEO-22): difficult and very difficult stretches, and obstacle lines crossed.
 */
export const segmentTerrainCost = (a: Vec2, b: Vec2, terrain: readonly TerrainFeature[], move: number): TerrainCost => {
  const rough = terrain.filter((t) => rateOf(t) > 1);
  const ts = [0, 1];
  for (const t of rough) for (const [c, d] of polygonEdges(t.polygon)) {
    const hit = segmentIntersectionParams(a, b, c, d);
    if (hit !== null) ts.push(hit.s);
  }
  ts.sort((x, y) => x - y);
  const total = dist(a, b);
  let extra = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i] as number;
    const t1 = ts[i + 1] as number;
    if (t1 <= t0) continue;
    const mid = lerp(a, b, (t0 + t1) / 2);
    let rate = 1;
    for (const t of rough) if (polygonDistance([mid], t.polygon) <= NUMERIC_TOL) rate = Math.max(rate, rateOf(t));
    extra += (t1 - t0) * total * (rate - 1);
  }
  const obstacles = terrain.filter((t) => t.tags.obstacle === true && segmentPolylineCrossings(a, b, obstacleLine(t)) > 0).length;
  const entersImpassable = terrain.some((t) => t.tags.impassable === true && segmentLengthInPolygon(a, b, t.polygon) > EPSILON);
  return { extra, obstacles, surcharge: extra + (obstacles * move) / 2, entersImpassable };
};

/** Travel values where a footprint moving along `dir` may start or stop meeting a polygon. */
const contactEvents = (fp: Footprint, dir: Vec2, distance: number, poly: Polygon): number[] => {
  const out: number[] = [];
  const far = scale(dir, distance);
  for (const rect of fp) {
    const corners = rectCorners(rect);
    for (const c of corners) {
      const end = { x: c.x + far.x, y: c.y + far.y };
      for (const [p, q] of polygonEdges(poly)) {
        const hit = segmentIntersectionParams(c, end, p, q);
        if (hit !== null) out.push(hit.s * distance);
      }
    }
    for (const v of poly) {
      const end = { x: v.x - far.x, y: v.y - far.y };
      for (const [p, q] of polygonEdges(corners)) {
        const hit = segmentIntersectionParams(v, end, p, q);
        if (hit !== null) out.push(hit.s * distance);
      }
    }
  }
  return out;
};

/**
 * Surcharge for a whole footprint translated `distance` along unit vector `dir` (CORE-MOVE-5): the
 * unit pays a ground's rate for every inch during which any part of it is in that ground. Exact for
 * translations (events where a corner crosses an edge). Obstacles already touched at the start are
 * not charged again.
 */
export const sweptTerrainCost = (fp: Footprint, dir: Vec2, distance: number, terrain: readonly TerrainFeature[], move: number): TerrainCost => {
  const rough = terrain.filter((t) => rateOf(t) > 1 || t.tags.impassable === true);
  const events = [0, distance];
  for (const t of rough) events.push(...contactEvents(fp, dir, distance, t.polygon));
  events.sort((x, y) => x - y);
  let extra = 0;
  let entersImpassable = false;
  for (let i = 0; i + 1 < events.length; i++) {
    const s0 = events[i] as number;
    const s1 = events[i + 1] as number;
    if (s1 - s0 <= NUMERIC_TOL) continue;
    const at = translateFootprint(fp, scale(dir, (s0 + s1) / 2));
    let rate = 1;
    for (const t of rough) {
      if (!at.some((r) => polygonDistance(rectCorners(r), t.polygon) <= NUMERIC_TOL)) continue;
      if (t.tags.impassable === true) entersImpassable = true;
      rate = Math.max(rate, rateOf(t));
    }
    extra += (s1 - s0) * (rate - 1);
  }
  const hulls = sweptHulls(fp, scale(dir, distance));
  const obstacles = terrain.filter((t) => {
    if (t.tags.obstacle !== true) return false;
    const line = obstacleLine(t);
    const touchedAtStart = fp.some((r) => polygonDistance(rectCorners(r), line) <= NUMERIC_TOL);
    return !touchedAtStart && hulls.some((h) => polygonDistance(h, line) <= NUMERIC_TOL);
  }).length;
  return { extra, obstacles, surcharge: extra + (obstacles * move) / 2, entersImpassable };
};

/**
 * The point that stays put in a formation change (CORE-GEO-20): the centre of the old front rank's
 * middle slot (file ⌊files/2⌋); a square's front-edge centre; a loose unit's centre.
 */
export const formationPivot = (old: UnitLayout): Vec2 => {
  if (old.kind === "square") return old.frame.p;
  if (old.kind === "loose") return unitCentre(old);
  const mid = Math.floor(old.files / 2);
  const slot = old.models.find((m) => m.rank === 0 && m.file === mid);
  return slot?.rect.center ?? old.frame.p;
};

/**
 * Lays out the new formation about the old one's pivot (CORE-GEO-20): a block's front-rank middle
 * slot, or a square's front-edge centre, lands on it; facing defaults to unchanged.
 * @example changeFormation(line, { kind: "square", count: 24, base: BASE_SIZES.foot })
 */
export const changeFormation = (old: UnitLayout, spec: BlockSpec | SquareSpec, facing: number = old.frame.facing): UnitLayout => {
  const pivot = formationPivot(old);
  if (spec.kind === "square") return layoutUnit(spec, { p: pivot, facing });
  const { files, width } = blockDimensions(spec);
  const { u, v } = blockSlotLocal(spec, width, Math.floor(files / 2), 0);
  return layoutUnit(spec, frameWithLocalAt(pivot, u, v, facing));
};
