/**
 * Measuring a formed unit's path (CORE-GEO-18): straight moves, wheels on a front corner, turns in
 * place (CORE-MOVE-1), with terrain surcharges (CORE-MOVE-5), and the footprints it passes through
 * on the way, which {@link checkPlacement} tests against other units, terrain and the table edge.
 */
import type { BattleState } from "../../../state/battle.js";
import type { UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import type { Violation } from "../../../engine/violation.js";
import type { Frame } from "../../../geometry/frame.js";
import { applyStep, sweptTerrainCost, wheelCost, TERRAIN_RATES } from "../../../geometry/movement.js";
import { NUMERIC_TOL, polygonDistance } from "../../../geometry/polygon.js";
import type { Footprint } from "../../../geometry/rect.js";
import { boundsApart, footprintBounds, footprintDistance, footprintsApart, rectBehindFrame, rectCorners, rectsOverlap, sweptBounds, type FootprintBounds } from "../../../geometry/rect.js";
import { boxNear, cachedBoxAround } from "../../../geometry/box.js";
import { isOwned } from "../../../engine/owned.js";
import { crossesTableEdge } from "../../../geometry/away.js";
import { terrainNear, type TerrainFeature } from "../../../geometry/terrain.js";
import { addScaled, forward, leq, lt, right } from "../../../geometry/vec.js";
import { hypot } from "../../../math/index.js";
import { footprintOf, isLeftGun, layoutSpecOf, unitsOnTable } from "../unit.js";
import { layoutDimensions } from "../../../geometry/layout.js";
import { layoutAt, refuse } from "./common.js";

/** One leg of a formed unit's move, as the action gives it. */
export type Leg =
  | { readonly kind: "forward"; readonly distance: number }
  | { readonly kind: "wheel"; readonly degrees: number; readonly pivot: "left" | "right" }
  | { readonly kind: "turn"; readonly degrees: 90 | 180 | -90 };

/** What a path costs and where it goes. */
export interface MeasuredPath {
  readonly end: Frame;
  /** Inches of allowance used: lengths + wheel arcs + turns + terrain surcharges. */
  readonly cost: number;
  /** Total absolute rotation by wheels (WHN-MOVE-4). */
  readonly wheel: number;
  readonly turns: number;
  readonly surcharge: number;
  readonly entersImpassable: boolean;
  /** Footprints sampled along the way (end included). */
  readonly samples: readonly Footprint[];
}

/** Sampling steps: at most this far (inches, under a third of the smallest base) or this many degrees between checks. */
const SAMPLE_INCHES = 0.25;
const SAMPLE_DEGREES = 2;

/** Ground rate of a footprint standing where it is: the worst terrain any part touches (CORE-MOVE-5). */
function groundAt(fp: Footprint, terrain: readonly TerrainFeature[]): { rate: number; impassable: boolean } {
  let rate = 1;
  let impassable = false;
  // Broad phase: a box around the footprint (each rectangle within half width + half depth of its
  // centre along both axes); a feature whose box is clear of it by more than the tolerance cannot touch.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const rect of fp) {
    const e = rect.halfWidth + rect.halfDepth;
    x0 = Math.min(x0, rect.center.x - e);
    y0 = Math.min(y0, rect.center.y - e);
    x1 = Math.max(x1, rect.center.x + e);
    y1 = Math.max(y1, rect.center.y + e);
  }
  for (const t of terrain) {
    const r = t.tags.veryDifficult === true ? TERRAIN_RATES.veryDifficult : t.tags.difficult === true ? TERRAIN_RATES.difficult : 1;
    if (r === 1 && t.tags.impassable !== true) continue;
    if (!boxNear(cachedBoxAround(t.polygon), x0, y0, x1, y1, NUMERIC_TOL + EDGE_SLACK)) continue;
    if (!fp.some((rect) => polygonDistance(rectCorners(rect), t.polygon) <= NUMERIC_TOL)) continue;
    if (t.tags.impassable === true) impassable = true;
    rate = Math.max(rate, r);
  }
  return { rate, impassable };
}

/** True when any part of a footprint is inside impassable terrain (more than touching). */
export function inImpassable(fp: Footprint, terrain: readonly TerrainFeature[]): boolean {
  return terrain.some((t) => t.tags.impassable === true && fp.some((r) => polygonDistance(rectCorners(r), t.polygon) <= NUMERIC_TOL && overlapsPolygon(r, t.polygon)));
}

function overlapsPolygon(r: import("../../../geometry/rect.js").OrientedRect, poly: readonly { x: number; y: number }[]): boolean {
  // Shrink the rectangle by ε so that a base merely touching the edge does not count.
  const shrunk = { ...r, halfWidth: Math.max(0, r.halfWidth - 0.001), halfDepth: Math.max(0, r.halfDepth - 0.001) };
  return polygonDistance(rectCorners(shrunk), poly) <= NUMERIC_TOL;
}

/**
 * Measures a path of legs for a formed unit (CORE-GEO-18, CORE-MOVE-1, CORE-MOVE-5). A wheel pivots
 * on the inner front corner; a turn rotates the unit about its centre and costs a quarter of the
 * rate `rate`; `move` is the unit's M for obstacle costs. `broadPhase: false` measures against
 * every terrain feature (the same result, slower: for tests of the broad phase).
 */
export function measurePath(state: BattleState, u: Unit, legs: readonly Leg[], rate: number, move: number, broadPhase = true): MeasuredPath {
  // Only the shape is needed here: the models are laid out per sample below only for a loose unit.
  const base = layoutDimensions(layoutSpecOf(u));
  const width = base.width;
  const depth = base.depth;
  // Broad phase: how far any part of the unit can get from its start (a forward leg moves every
  // point its distance, a wheel at most its angle × the unit's width + depth from the pivot, a turn
  // at most the unit's size), plus the unit's own size: farther terrain is left out.
  const size = width + depth;
  let reach = size + 2;
  for (const leg of legs) reach += leg.kind === "forward" ? Math.abs(leg.distance) : leg.kind === "wheel" ? wheelCost(Math.abs(leg.degrees), size) : size;
  const all = state.terrain as readonly TerrainFeature[];
  const terrain = broadPhase ? terrainNear(all, u.position.x, u.position.y, reach) : all;
  let frame: Frame = { p: u.position, facing: u.facing };
  let cost = 0;
  let wheel = 0;
  let turns = 0;
  let surcharge = 0;
  let impassable = false;
  const samples: Footprint[] = [];
  // A formed unit's footprint is one rectangle behind its front edge: no need to lay out every model.
  const fpAt = (f: Frame): Footprint => (base.kind === "loose" ? layoutAt(u, f).footprint : [rectBehindFrame(f, width, depth)]);
  for (const leg of legs) {
    if (leg.kind === "forward") {
      // With no terrain near, the surcharge is 0 and nothing impassable is entered: not swept.
      if (terrain.length > 0) {
        const t = sweptTerrainCost(fpAt(frame), forward(frame.facing), leg.distance, terrain, move);
        surcharge += t.surcharge;
        impassable ||= t.entersImpassable;
      }
      cost += leg.distance;
      const n = Math.max(1, Math.ceil(leg.distance / SAMPLE_INCHES));
      for (let i = 1; i <= n; i++) samples.push(fpAt(applyStep(frame, width, { kind: "move", distance: (leg.distance * i) / n })));
      frame = nextFrame(frame, leg, width, depth);
    } else if (leg.kind === "wheel") {
      const signed = leg.pivot === "left" ? leg.degrees : -leg.degrees;
      const n = Math.max(1, Math.ceil(leg.degrees / SAMPLE_DEGREES));
      const arc = wheelCost(leg.degrees, width) / n;
      for (let i = 1; i <= n; i++) {
        const fp = fpAt(applyStep(frame, width, { kind: "wheel", degrees: (signed * i) / n }));
        // With no terrain near, every mid-step is open ground (no surcharge): not laid out.
        if (terrain.length > 0) {
          const mid = fpAt(applyStep(frame, width, { kind: "wheel", degrees: (signed * (i - 0.5)) / n }));
          const g = groundAt(mid, terrain);
          surcharge += arc * (g.rate - 1);
          impassable ||= g.impassable && inImpassable(mid, terrain);
        }
        samples.push(fp);
      }
      cost += wheelCost(leg.degrees, width);
      wheel += leg.degrees;
      frame = nextFrame(frame, leg, width, depth);
    } else {
      frame = nextFrame(frame, leg, width, depth);
      cost += rate / 4;
      turns += 1;
      samples.push(fpAt(frame));
    }
  }
  return { end: frame, cost: cost + surcharge, wheel, turns, surcharge, entersImpassable: impassable, samples };
}

/**
 * The frame after one leg (CORE-GEO-18, CORE-MOVE-1): a forward move along the facing, a wheel on
 * the inner front corner, a turn in place about the centre (files and ranks stay as they were).
 */
function nextFrame(frame: Frame, leg: Leg, width: number, depth: number): Frame {
  if (leg.kind === "forward") return applyStep(frame, width, { kind: "move", distance: leg.distance });
  if (leg.kind === "wheel") return applyStep(frame, width, { kind: "wheel", degrees: leg.pivot === "left" ? leg.degrees : -leg.degrees });
  const centre = addScaled(frame.p, forward(frame.facing), -depth / 2);
  const facing = frame.facing + leg.degrees;
  return { p: addScaled(centre, forward(facing), depth / 2), facing };
}

/** Slack added to {@link clearPathEnd}'s circles: far above rounding, far below a rules distance. */
const CLEAR_SLACK = 1e-6;

/**
 * Where a formed unit's path ends (`measurePath`'s end frame, by the same steps) when the path is
 * certainly clear without sampling it: no terrain on the table, and a circle around each leg's
 * sweep (a forward leg's segment of centres, a wheel's arc about its pivot, a turn's centre, each
 * widened by the footprint's circumradius) inside the table and more than 1" from every other
 * unit's circle. Then every sample `measurePath` would give passes {@link checkPlacement} (its
 * broad phases are the same circle tests, on smaller circles), and the surcharge is 0. Null when
 * that is not certain: measure and check the samples.
 */
export function clearPathEnd(state: BattleState, u: Unit, legs: readonly Leg[]): Frame | null {
  if (state.terrain.length !== 0) return null;
  const base = layoutDimensions(layoutSpecOf(u));
  if (base.kind === "loose") return null;
  const width = base.width;
  const depth = base.depth;
  const rr = hypot(width / 2, depth / 2) + CLEAR_SLACK;
  const circles: number[] = [];
  let frame: Frame = { p: u.position, facing: u.facing };
  for (const leg of legs) {
    const f0 = forward(frame.facing);
    const c0x = frame.p.x - (f0.x * depth) / 2;
    const c0y = frame.p.y - (f0.y * depth) / 2;
    const next = nextFrame(frame, leg, width, depth);
    if (leg.kind === "forward") {
      const f1 = forward(next.facing);
      const c1x = next.p.x - (f1.x * depth) / 2;
      const c1y = next.p.y - (f1.y * depth) / 2;
      circles.push((c0x + c1x) / 2, (c0y + c1y) / 2, hypot(c1x - c0x, c1y - c0y) / 2 + rr);
    } else if (leg.kind === "wheel") {
      const r = right(frame.facing);
      // The pivot `applyStep` wheels about: the inner front corner, by the sign of the wheel.
      const half = (leg.pivot === "left" ? leg.degrees : -leg.degrees) > 0 ? -width / 2 : width / 2;
      const px = frame.p.x + r.x * half;
      const py = frame.p.y + r.y * half;
      circles.push(px, py, hypot(c0x - px, c0y - py) + rr);
    } else {
      circles.push(c0x, c0y, rr);
    }
    frame = next;
  }
  const table = state.table;
  for (let i = 0; i < circles.length; i += 3) {
    const x = circles[i] as number;
    const y = circles[i + 1] as number;
    const r = circles[i + 2] as number;
    if (!(x - r > EDGE_SLACK && y - r > EDGE_SLACK && x + r < table.width - EDGE_SLACK && y + r < table.height - EDGE_SLACK)) return null;
  }
  for (const o of unitsOnTable(state)) {
    if (o.id === u.id) continue;
    const b = footprintBounds(footprintOf(o));
    for (let i = 0; i < circles.length; i += 3) {
      if (!boundsApart({ x: circles[i] as number, y: circles[i + 1] as number, r: circles[i + 2] as number }, b, 1)) return null;
    }
  }
  return frame;
}

/**
 * The cost before terrain and the wheel of a path: `measurePath`'s `cost` and `wheel` summed in
 * the same order (so the same numbers), without placing a sample. With no terrain on the table a
 * path's surcharge is 0 and this is its whole cost: a path too long is refused without measuring.
 */
export function pathLengths(u: Unit, legs: readonly Leg[], rate: number): { readonly cost: number; readonly wheel: number } {
  const width = layoutDimensions(layoutSpecOf(u)).width;
  let cost = 0;
  let wheel = 0;
  for (const leg of legs) {
    if (leg.kind === "forward") cost += leg.distance;
    else if (leg.kind === "wheel") {
      cost += wheelCost(leg.degrees, width);
      wheel += leg.degrees;
    } else cost += rate / 4;
  }
  return { cost, wheel };
}

/** Margin of {@link checkPlacement}'s table broad phase: far above rounding, far below a rules distance. */
const EDGE_SLACK = 1e-6;

/** Options for {@link checkPlacement}. */
export interface PlacementOptions {
  /** Units the mover may touch or overlap (its own combat, its charge target). */
  readonly ignore?: ReadonlySet<UnitId>;
  /** Skip the 1" rule (charges, CORE-MOVE-4). */
  readonly allowNearEnemy?: boolean;
}

/** Units standing on the table ({@link unitsOnTable}) with their footprints and bounding circles. */
interface Standing {
  readonly record: BattleState["units"];
  readonly units: readonly Unit[];
  readonly footprints: readonly Footprint[];
  readonly bounds: readonly FootprintBounds[];
}

/**
 * The units standing on the table for the last units record asked about: every dry run of a
 * legal-action listing (hundreds at the setup limits) checks its placement against the same units.
 * Kept only for a state this engine built (its units record is immutable); any other is measured afresh.
 */
let standing: Standing | null = null;

function standingOf(state: BattleState): Standing {
  if (standing !== null && standing.record === state.units && isOwned(state)) return standing;
  const units = unitsOnTable(state);
  const footprints = units.map(footprintOf);
  const t: Standing = { record: state.units, units, footprints, bounds: footprints.map(footprintBounds) };
  if (isOwned(state)) standing = t;
  return t;
}

/**
 * Checks footprints a unit passes through and ends in (CORE-MOVE-4, CORE-MOVE-5): no overlap with
 * another unit, not coming within 1" of an enemy unless already that close (then it may not get
 * closer), no impassable terrain, and never off the table (CORE-GEO-2).
 */
export function checkPlacement(state: BattleState, u: Unit, samples: readonly Footprint[], opts: PlacementOptions = {}): Violation | null {
  // A gun left by its crew still stands in the way (WHN-ART-16); an enemy may come up to it (to capture it) but not through it.
  const start = footprintOf(u);
  // The start distance is measured only for a unit that some sample comes within 1" of.
  // Broad phase over the whole path: a unit more than 1" from a circle around every sample can
  // neither be overlapped nor come too close, so it is not looked at again.
  const swept = sweptBounds(samples);
  const stand = standingOf(state);
  const placed: { readonly o: Unit; readonly fp: Footprint; startDist: number }[] = [];
  for (let i = 0; i < stand.units.length; i++) {
    const o = stand.units[i] as Unit;
    if (o.id === u.id || (opts.ignore?.has(o.id) ?? false)) continue;
    if (boundsApart(swept, stand.bounds[i] as FootprintBounds, 1)) continue;
    placed.push({ o, fp: stand.footprints[i] as Footprint, startDist: -1 });
  }
  const impassable = (state.terrain as readonly TerrainFeature[]).filter((t) => t.tags.impassable === true);
  const terrain = impassable.length === 0 ? impassable : terrainNear(impassable, swept.x, swept.y, swept.r + 1);
  // A circle around every sample that stays inside the table (by far more than rounding) holds
  // every corner of every sample inside it too: no sample can cross an edge.
  const table = state.table;
  const onTable = swept.x - swept.r > EDGE_SLACK && swept.y - swept.r > EDGE_SLACK && swept.x + swept.r < table.width - EDGE_SLACK && swept.y + swept.r < table.height - EDGE_SLACK;
  if (onTable && placed.length === 0 && terrain.length === 0) return null;
  for (const fp of samples) {
    if (!onTable && crossesTableEdge(fp, table)) return refuse("off_table", "CORE-GEO-2", { unit: u.id });
    if (terrain.length > 0 && inImpassable(fp, terrain)) return refuse("impassable", "CORE-MOVE-5", { unit: u.id });
    for (const p of placed) {
      // Broad phase: more than 1" apart by bounding circles means no overlap and not too close.
      if (footprintsApart(fp, p.fp, 1)) continue;
      if (fp.some((a) => p.fp.some((b) => rectsOverlap(a, b)))) return refuse("through_unit", "CORE-MOVE-4", { unit: u.id, other: p.o.id });
      if (opts.allowNearEnemy !== true && p.o.side !== u.side && !isLeftGun(p.o)) {
        const d = footprintDistance(fp, p.fp);
        if (!leq(d, 1)) continue;
        if (p.startDist < 0) p.startDist = footprintDistance(start, p.fp);
        if (lt(d, p.startDist)) return refuse("too_close_to_enemy", "CORE-MOVE-4", { unit: u.id, enemy: p.o.id, distance: d });
      }
    }
  }
  return null;
}
