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
import { boundsApart, footprintBounds, footprintDistance, footprintsApart, rectBehindFrame, rectCorners, rectsOverlap, type FootprintBounds, type OrientedRect } from "../../../geometry/rect.js";
import { boxNear, cachedBoxAround } from "../../../geometry/box.js";
import { isOwned } from "../../../engine/owned.js";
import { crossesTableEdge } from "../../../geometry/away.js";
import { terrainNear, type TerrainFeature } from "../../../geometry/terrain.js";
import { addScaled, forward, leq, lt, right } from "../../../geometry/vec.js";
import { cosDeg, hypot, sinDeg } from "../../../math/index.js";
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
  return measureInto(state, u, legs, rate, move, broadPhase, null);
}

/**
 * {@link measurePath}; with `centres` (a formed unit only), each sample's rectangle is not built:
 * its centre is appended to `centres` (x, y) instead, and `samples` stays empty. Every figure is
 * the same, by the same operations.
 */
function measureInto(state: BattleState, u: Unit, legs: readonly Leg[], rate: number, move: number, broadPhase: boolean, centres: number[] | null): MeasuredPath {
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
      if (base.kind === "loose") {
        for (let i = 1; i <= n; i++) samples.push(fpAt(applyStep(frame, width, { kind: "move", distance: (leg.distance * i) / n })));
      } else {
        // `applyStep` then `rectBehindFrame`, written out: the same operations in the same order
        // (bit-identical footprints), with the forward vector found once for the whole leg.
        const fx = cosDeg(frame.facing);
        const fy = sinDeg(frame.facing);
        const back = -depth / 2;
        const px = frame.p.x;
        const py = frame.p.y;
        for (let i = 1; i <= n; i++) {
          const d = (leg.distance * i) / n;
          if (centres !== null) centres.push(px + fx * d + fx * back, py + fy * d + fy * back);
          else samples.push([{ center: { x: px + fx * d + fx * back, y: py + fy * d + fy * back }, halfWidth: width / 2, halfDepth: depth / 2, facing: frame.facing }]);
        }
      }
      frame = nextFrame(frame, leg, width, depth);
    } else if (leg.kind === "wheel") {
      const signed = leg.pivot === "left" ? leg.degrees : -leg.degrees;
      const n = Math.max(1, Math.ceil(leg.degrees / SAMPLE_DEGREES));
      const arc = wheelCost(leg.degrees, width) / n;
      for (let i = 1; i <= n; i++) {
        let fp: Footprint | null = null;
        if (base.kind === "loose") fp = fpAt(applyStep(frame, width, { kind: "wheel", degrees: (signed * i) / n }));
        else if (centres === null) fp = wheelSample(frame, width, depth, (signed * i) / n);
        else {
          wheelAt(frame, width, depth, (signed * i) / n);
          centres.push(wheelX, wheelY);
        }
        // With no terrain near, every mid-step is open ground (no surcharge): not laid out.
        if (terrain.length > 0) {
          const mid = base.kind === "loose" ? fpAt(applyStep(frame, width, { kind: "wheel", degrees: (signed * (i - 0.5)) / n })) : wheelSample(frame, width, depth, (signed * (i - 0.5)) / n);
          const g = groundAt(mid, terrain);
          surcharge += arc * (g.rate - 1);
          impassable ||= g.impassable && inImpassable(mid, terrain);
        }
        if (fp !== null) samples.push(fp);
      }
      cost += wheelCost(leg.degrees, width);
      wheel += leg.degrees;
      frame = nextFrame(frame, leg, width, depth);
    } else {
      frame = nextFrame(frame, leg, width, depth);
      cost += rate / 4;
      turns += 1;
      if (centres !== null && base.kind !== "loose") {
        // `rectBehindFrame`'s centre, by its operations.
        const back = -depth / 2;
        centres.push(frame.p.x + cosDeg(frame.facing) * back, frame.p.y + sinDeg(frame.facing) * back);
      } else samples.push(fpAt(frame));
    }
  }
  return { end: frame, cost: cost + surcharge, wheel, turns, surcharge, entersImpassable: impassable, samples };
}

/**
 * A formed unit's footprint wheeled `degrees` about the inner front corner of `frame`:
 * `rectBehindFrame(applyStep(frame, width, wheel), width, depth)` written out, the same operations
 * in the same order (bit-identical), without the intermediate vectors and frame.
 */
function wheelSample(frame: Frame, width: number, depth: number, degrees: number): Footprint {
  wheelAt(frame, width, depth, degrees);
  return [{ center: { x: wheelX, y: wheelY }, halfWidth: width / 2, halfDepth: depth / 2, facing: wheelFacing }];
}

/** {@link wheelAt}'s answer: the wheeled rectangle's centre and facing (no object per sample). */
let wheelX = 0;
let wheelY = 0;
let wheelFacing = 0;

/** The rectangle of {@link wheelSample}, left in {@link wheelX}, {@link wheelY} and {@link wheelFacing}. */
function wheelAt(frame: Frame, width: number, depth: number, degrees: number): void {
  const rx = sinDeg(frame.facing);
  const ry = -cosDeg(frame.facing);
  const k = degrees > 0 ? -width / 2 : width / 2;
  const px = frame.p.x;
  const py = frame.p.y;
  const pivotX = px + rx * k;
  const pivotY = py + ry * k;
  const ax = px - pivotX;
  const ay = py - pivotY;
  const c = cosDeg(degrees);
  const s = sinDeg(degrees);
  const x = pivotX + (ax * c - ay * s);
  const y = pivotY + (ax * s + ay * c);
  const facing = frame.facing + degrees;
  const back = -depth / 2;
  wheelX = x + cosDeg(facing) * back;
  wheelY = y + sinDeg(facing) * back;
  wheelFacing = facing;
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
  /** The bounding circles again, flat (x, y, r per unit), for the first broad phase. */
  readonly circles: Float64Array;
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
  const bounds = footprints.map(footprintBounds);
  const circles = new Float64Array(bounds.length * 3);
  for (let i = 0; i < bounds.length; i++) {
    const b = bounds[i] as FootprintBounds;
    circles[3 * i] = b.x;
    circles[3 * i + 1] = b.y;
    circles[3 * i + 2] = b.r;
  }
  const t: Standing = { record: state.units, units, footprints, bounds, circles };
  if (isOwned(state)) standing = t;
  return t;
}

/** What {@link checkPlacement}'s broad phase leaves to measure along a path. */
interface NearPath {
  /** Units within reach of the path (each with its distance at the start, measured when needed). */
  readonly placed: { readonly o: Unit; readonly fp: Footprint; startDist: number }[];
  /** Impassable features within reach of the path. */
  readonly terrain: readonly TerrainFeature[];
  /** True when no sample can cross a table edge. */
  readonly onTable: boolean;
}

/**
 * The broad phase of {@link checkPlacement} over the circle `swept` around every sample: a unit
 * more than 1" from it can neither be overlapped nor come too close, an impassable feature more
 * than 1" from it cannot be entered, and a circle inside the table (by far more than rounding)
 * holds every corner of every sample, so no sample can cross an edge.
 */
function nearPath(state: BattleState, u: Unit, swept: FootprintBounds, opts: PlacementOptions): NearPath {
  const stand = standingOf(state);
  const placed: { readonly o: Unit; readonly fp: Footprint; startDist: number }[] = [];
  const circles = stand.circles;
  // `boundsApart(swept, bounds, 1)` decides; a unit whose circle is clear of the swept one by more
  // than 1.01" on squared distances (far beyond its 1" + ε + slack, and any rounding) is certainly
  // apart and skipped without the call.
  for (let i = 0; i < stand.units.length; i++) {
    const dx = (circles[3 * i] as number) - swept.x;
    const dy = (circles[3 * i + 1] as number) - swept.y;
    const reach = (circles[3 * i + 2] as number) + swept.r + 1.01;
    if (dx * dx + dy * dy > reach * reach) continue;
    const o = stand.units[i] as Unit;
    if (o.id === u.id || (opts.ignore?.has(o.id) ?? false)) continue;
    if (boundsApart(swept, stand.bounds[i] as FootprintBounds, 1)) continue;
    // -0.5, not -1: the field holds a fraction from the start (a distance replaces it).
    placed.push({ o, fp: stand.footprints[i] as Footprint, startDist: -0.5 });
  }
  const impassable = impassableOf(state);
  const terrain = impassable.length === 0 ? impassable : terrainNear(impassable, swept.x, swept.y, swept.r + 1);
  const table = state.table;
  const onTable = swept.x - swept.r > EDGE_SLACK && swept.y - swept.r > EDGE_SLACK && swept.x + swept.r < table.width - EDGE_SLACK && swept.y + swept.r < table.height - EDGE_SLACK;
  return { placed, terrain, onTable };
}

/** A formed unit's path measured for a yes/no answer ({@link quickPath}). */
export interface QuickPath {
  /** `measurePath`'s end, cost, wheel and impassable flag, the same numbers. */
  readonly end: Frame;
  readonly cost: number;
  readonly wheel: number;
  readonly entersImpassable: boolean;
  /** True when {@link checkPlacement} of the path's samples certainly passes (its broad phase leaves nothing to measure). */
  readonly clear: boolean;
}

/**
 * {@link measurePath} and the broad phase of {@link checkPlacement} for a formed unit, without a
 * footprint per sample (the same circle from the same centres): what a legal-action listing's dry
 * run of a move needs when nothing stands near the path, which is most moves. Null for a loose
 * unit. When `clear` is false, measure and check the samples as the move does.
 */
export function quickPath(state: BattleState, u: Unit, legs: readonly Leg[], rate: number, move: number): QuickPath | null {
  const base = layoutDimensions(layoutSpecOf(u));
  if (base.kind === "loose") return null;
  const centres: number[] = [];
  const m = measureInto(state, u, legs, rate, move, true, centres);
  // `sweptCircle` of the samples: each a single rectangle of the unit's half sides.
  const half = hypot(base.width / 2, base.depth / 2);
  const n = centres.length / 2;
  let x = 0;
  let y = 0;
  for (let i = 0; i < centres.length; i += 2) {
    x += centres[i] as number;
    y += centres[i + 1] as number;
  }
  x /= Math.max(1, n);
  y /= Math.max(1, n);
  let r = 0;
  for (let i = 0; i < centres.length; i += 2) r = Math.max(r, hypot((centres[i] as number) - x, (centres[i + 1] as number) - y) + half);
  const near = nearPath(state, u, { x, y, r }, {});
  return { end: m.end, cost: m.cost, wheel: m.wheel, entersImpassable: m.entersImpassable, clear: near.onTable && near.placed.length === 0 && near.terrain.length === 0 };
}

/**
 * `sweptBounds(samples)`, the same arithmetic in the same order (the same circle, bit for bit),
 * without a circle object per sample: a one-rectangle footprint's circle is its rectangle's
 * circumcircle, any other its cached `footprintBounds`.
 */
function sweptCircle(samples: readonly Footprint[]): FootprintBounds {
  const n = samples.length;
  let x = 0;
  let y = 0;
  for (let i = 0; i < n; i++) {
    const fp = samples[i] as Footprint;
    if (fp.length === 1) {
      const c = (fp[0] as OrientedRect).center;
      x += c.x;
      y += c.y;
    } else {
      const b = footprintBounds(fp);
      x += b.x;
      y += b.y;
    }
  }
  x /= Math.max(1, n);
  y /= Math.max(1, n);
  let r = 0;
  for (let i = 0; i < n; i++) {
    const fp = samples[i] as Footprint;
    if (fp.length === 1) {
      const rect = fp[0] as OrientedRect;
      r = Math.max(r, hypot(rect.center.x - x, rect.center.y - y) + hypot(rect.halfWidth, rect.halfDepth));
    } else {
      const b = footprintBounds(fp);
      r = Math.max(r, hypot(b.x - x, b.y - y) + b.r);
    }
  }
  return { x, y, r };
}

/** The impassable features of the last terrain list asked about (an engine state's list is immutable). */
let impassableFor: { readonly terrain: BattleState["terrain"]; readonly list: readonly TerrainFeature[] } | null = null;

function impassableOf(state: BattleState): readonly TerrainFeature[] {
  if (impassableFor !== null && impassableFor.terrain === state.terrain && isOwned(state)) return impassableFor.list;
  const list = (state.terrain as readonly TerrainFeature[]).filter((t) => t.tags.impassable === true);
  if (isOwned(state)) impassableFor = { terrain: state.terrain, list };
  return list;
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
  const { placed, terrain, onTable } = nearPath(state, u, sweptCircle(samples), opts);
  const table = state.table;
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
