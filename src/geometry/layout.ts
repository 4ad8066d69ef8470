/**
 * From a formation description to world rectangles: the footprint and every model's base
 * (CORE-GEO-5 … CORE-GEO-9).
 */
import type { BaseSize } from "./bases.js";
import { OPEN_ORDER_GAP, OPEN_ORDER_MAX_RANKS } from "./bases.js";
import type { Frame } from "./frame.js";
import type { Footprint, OrientedRect } from "./rect.js";
import { rectBehindFrame, rectFrontCenter } from "./rect.js";
import type { Vec2 } from "./vec.js";
import { forward, right } from "./vec.js";

/** A model's centre and facing in world coordinates (extended order, single models). */
export interface Pose {
  readonly x: number;
  readonly y: number;
  readonly facing: number;
}

/** Close order, open order or any ranked block (CORE-GEO-5, CORE-GEO-6). Gaps default to 0. */
export interface BlockSpec {
  readonly kind: "block";
  readonly files: number;
  readonly count: number;
  readonly base: BaseSize;
  readonly gapX?: number;
  readonly gapY?: number;
}

/** A pinwheel square of `count` models (CORE-GEO-7). */
export interface SquareSpec {
  readonly kind: "square";
  readonly count: number;
  readonly base: BaseSize;
}

/** Extended order or a lone model: each base placed on its own (CORE-GEO-6, CORE-GEO-8). */
export interface LooseSpec {
  readonly kind: "loose";
  readonly models: readonly Pose[];
  readonly base: BaseSize;
}

/** Any formation the layout engine understands. */
export type LayoutSpec = BlockSpec | SquareSpec | LooseSpec;

/** Face of a square: 0 front, 1 right, 2 rear, 3 left (CORE-GEO-7). */
export type SquareFace = 0 | 1 | 2 | 3;

/** One model's base in the world, with its slot (file from the left, rank from the front). */
export interface ModelPlacement {
  readonly index: number;
  readonly rect: OrientedRect;
  readonly file: number;
  readonly rank: number;
  readonly face?: SquareFace;
}

/** A unit laid out on the table. */
export interface UnitLayout {
  readonly kind: LayoutSpec["kind"];
  /** Front-edge centre and facing; for loose units, those of the first model (CORE-GEO-6). */
  readonly frame: Frame;
  /** Frontage Wd (a square's side s; a loose unit's first base width). */
  readonly width: number;
  /** Depth Dp (a square's side s; a loose unit's first base depth). */
  readonly depth: number;
  readonly files: number;
  readonly ranks: number;
  /** One rectangle for a block or square; one per base for a loose unit. */
  readonly footprint: Footprint;
  readonly models: readonly ModelPlacement[];
}

/** Size of a block: files (capped by the model count), ranks, frontage Wd and depth Dp (CORE-GEO-5). */
export const blockDimensions = (spec: BlockSpec): { files: number; ranks: number; width: number; depth: number } => {
  if (!Number.isInteger(spec.count) || spec.count < 1) throw new RangeError(`layoutUnit: block count must be a positive integer, got ${spec.count}`);
  if (!Number.isInteger(spec.files) || spec.files < 1) throw new RangeError(`layoutUnit: block files must be a positive integer, got ${spec.files}`);
  const files = Math.min(spec.files, spec.count);
  const ranks = Math.ceil(spec.count / files);
  const g = spec.gapX ?? 0;
  const h = spec.gapY ?? 0;
  return { files, ranks, width: files * spec.base.w + (files - 1) * g, depth: ranks * spec.base.d + (ranks - 1) * h };
};

/** Local (u, v) centre of slot (file i, rank j) in a block of frontage Wd (CORE-GEO-5). */
export const blockSlotLocal = (spec: BlockSpec, width: number, file: number, rank: number): { u: number; v: number } => {
  const { w, d } = spec.base;
  return { u: -width / 2 + w / 2 + file * (w + (spec.gapX ?? 0)), v: d / 2 + rank * (d + (spec.gapY ?? 0)) };
};

/** Models per face of a square: n_k = ⌊N/4⌋ + (k < N mod 4 ? 1 : 0) (CORE-GEO-7). */
export const squareFaceCounts = (count: number): [number, number, number, number] => {
  const q = Math.floor(count / 4);
  const m = count % 4;
  return [q + (m > 0 ? 1 : 0), q + (m > 1 ? 1 : 0), q + (m > 2 ? 1 : 0), q];
};

/** Side s = n·w + d of a square, n being the largest face count (CORE-GEO-7). */
export const squareSide = (count: number, base: BaseSize): number => squareFaceCounts(count)[0] * base.w + base.d;

/** An open-order block: 10 mm gaps, at most two ranks (CORE-GEO-6). */
export const openOrderSpec = (files: number, count: number, base: BaseSize): BlockSpec => {
  const spec: BlockSpec = { kind: "block", files, count, base, gapX: OPEN_ORDER_GAP, gapY: OPEN_ORDER_GAP };
  if (blockDimensions(spec).ranks > OPEN_ORDER_MAX_RANKS) {
    throw new RangeError(`openOrderSpec: ${count} models in ${files} files need more than ${OPEN_ORDER_MAX_RANKS} ranks`);
  }
  return spec;
};

/**
 * A character joins a block (CORE-GEO-8): one more slot, same files; he stands in the front rank
 * beside the leader (to the leader's right, or left at the right end). Returns the grown spec and
 * the character's slot.
 */
export const joinCharacter = (spec: BlockSpec, leaderFile = 0): { spec: BlockSpec; file: number; rank: number } => {
  const grown: BlockSpec = { ...spec, count: spec.count + 1 };
  const { files } = blockDimensions(grown);
  if (files < 2) return { spec: grown, file: 0, rank: 1 };
  return { spec: grown, file: leaderFile + 1 < files ? leaderFile + 1 : leaderFile - 1, rank: 0 };
};

/**
 * A block's models placed in the world. toWorld and rectBehindFrame written out with the frame's f
 * and r computed once: the same operations in the same order as those helpers (bit-identical),
 * without six trig calls and three temporary vectors per model.
 */
const placeBlockModels = (block: PlacedBlock): ModelPlacement[] => {
  const { files, ranks, width, count, w, d, gx, gy, px, py, facing } = block;
  const models: ModelPlacement[] = [];
  const f = forward(facing);
  const r = right(facing);
  const back = -d / 2;
  const hw = w / 2;
  const hd = d / 2;
  for (let rank = 0; rank < ranks; rank++) {
    const inRank = rank < ranks - 1 ? files : count - (ranks - 1) * files;
    // An incomplete rear rank is centred; an odd spare slot goes to the right.
    const offset = Math.floor((files - inRank) / 2);
    // blockSlotLocal's v, less half a base depth: the model's front-edge centre.
    const v = d / 2 + rank * (d + gy) - d / 2;
    for (let k = 0; k < inRank; k++) {
      const file = offset + k;
      const u = -width / 2 + w / 2 + file * (w + gx);
      const wx = px + u * r.x - v * f.x;
      const wy = py + u * r.y - v * f.y;
      const rect: OrientedRect = { center: { x: wx + f.x * back, y: wy + f.y * back }, halfWidth: hw, halfDepth: hd, facing };
      models.push({ index: models.length, rect, file, rank });
    }
  }
  return models;
};

/** The numbers a block's models are placed from, read when the block is laid out. */
interface PlacedBlock {
  readonly files: number;
  readonly ranks: number;
  readonly width: number;
  readonly count: number;
  readonly w: number;
  readonly d: number;
  readonly gx: number;
  readonly gy: number;
  readonly px: number;
  readonly py: number;
  readonly facing: number;
}

/** Where a block layout keeps what its models are placed from, then the models (a hidden own slot). */
const BLOCK_MODELS = Symbol("blockModels");

type LazyBlock = UnitLayout & { [BLOCK_MODELS]: PlacedBlock | readonly ModelPlacement[] };

/**
 * The `models` getter of every block layout: one function shared by all of them, so the layouts
 * keep one shape (a getter made per object would put each in V8's slow dictionary mode).
 */
function blockModels(this: LazyBlock): readonly ModelPlacement[] {
  const kept = this[BLOCK_MODELS];
  if (Array.isArray(kept)) return kept as readonly ModelPlacement[];
  const models = placeBlockModels(kept as PlacedBlock);
  // A frozen layout places them again on the next read (the same numbers).
  if (!Object.isFrozen(this)) this[BLOCK_MODELS] = models;
  return models;
}

/**
 * A block laid out. Its models are placed when first read: most layouts are only measured by
 * their footprint (placement checks, ranges, arcs, the units standing in a line of sight).
 */
const layoutBlock = (spec: BlockSpec, frame: Frame): UnitLayout => {
  const { files, ranks, width, depth } = blockDimensions(spec);
  // The numbers as they are now: a caller may reuse its spec or frame object afterwards.
  const block: PlacedBlock = { files, ranks, width, count: spec.count, w: spec.base.w, d: spec.base.d, gx: spec.gapX ?? 0, gy: spec.gapY ?? 0, px: frame.p.x, py: frame.p.y, facing: frame.facing };
  const layout = { kind: "block", frame, width, depth, files, ranks, footprint: [rectBehindFrame(frame, width, depth)] } as const;
  // Not enumerable, so JSON, spreads and deep equality see the layout's own fields only.
  Object.defineProperty(layout, BLOCK_MODELS, { value: block, writable: true, enumerable: false, configurable: false });
  Object.defineProperty(layout, "models", { get: blockModels, enumerable: true, configurable: false });
  return layout as unknown as UnitLayout;
};

const layoutSquare = (spec: SquareSpec, frame: Frame): UnitLayout => {
  if (!Number.isInteger(spec.count) || spec.count < 1) throw new RangeError(`layoutUnit: square count must be a positive integer, got ${spec.count}`);
  const { w, d } = spec.base;
  const counts = squareFaceCounts(spec.count);
  const s = counts[0] * w + d;
  const half = s / 2;
  // Per face: local (u, v) of the first model's centre, step along the face, facing offset.
  const faces: ReadonlyArray<{ u: number; v: number; du: number; dv: number; turn: number }> = [
    { u: -half + w / 2, v: d / 2, du: w, dv: 0, turn: 0 },
    { u: half - d / 2, v: w / 2, du: 0, dv: w, turn: -90 },
    { u: half - w / 2, v: s - d / 2, du: -w, dv: 0, turn: 180 },
    { u: -half + d / 2, v: s - w / 2, du: 0, dv: -w, turn: 90 },
  ];
  const models: ModelPlacement[] = [];
  // toWorld with the frame's vectors computed once (the same arithmetic, bit-identical).
  const fw = forward(frame.facing);
  const rt = right(frame.facing);
  faces.forEach((f, k) => {
    for (let m = 0; m < (counts[k] as number); m++) {
      const u = f.u + m * f.du;
      const v = f.v + m * f.dv;
      const c: Vec2 = { x: frame.p.x + u * rt.x - v * fw.x, y: frame.p.y + u * rt.y - v * fw.y };
      const rect: OrientedRect = { center: c, halfWidth: w / 2, halfDepth: d / 2, facing: frame.facing + f.turn };
      models.push({ index: models.length, rect, file: m, rank: 0, face: k as SquareFace });
    }
  });
  return { kind: "square", frame, width: s, depth: s, files: counts[0], ranks: 1, footprint: [rectBehindFrame(frame, s, s)], models };
};

const layoutLoose = (spec: LooseSpec): UnitLayout => {
  const first = spec.models[0];
  if (first === undefined) throw new RangeError("layoutUnit: a loose unit needs at least one model");
  const models: ModelPlacement[] = spec.models.map((m, index) => ({
    index,
    rect: { center: { x: m.x, y: m.y }, halfWidth: spec.base.w / 2, halfDepth: spec.base.d / 2, facing: m.facing },
    file: index,
    rank: 0,
  }));
  const firstRect = (models[0] as ModelPlacement).rect;
  return {
    kind: "loose",
    frame: { p: rectFrontCenter(firstRect), facing: first.facing },
    width: spec.base.w,
    depth: spec.base.d,
    files: models.length,
    ranks: 1,
    footprint: models.map((m) => m.rect),
    models,
  };
};

/** The kind, width and depth {@link layoutUnit} would give, without placing a model (the same values). */
export const layoutDimensions = (spec: LayoutSpec): { readonly kind: LayoutSpec["kind"]; readonly width: number; readonly depth: number } => {
  switch (spec.kind) {
    case "block": {
      const { width, depth } = blockDimensions(spec);
      return { kind: "block", width, depth };
    }
    case "square": {
      if (!Number.isInteger(spec.count) || spec.count < 1) throw new RangeError(`layoutUnit: square count must be a positive integer, got ${spec.count}`);
      const s = squareSide(spec.count, spec.base);
      return { kind: "square", width: s, depth: s };
    }
    case "loose":
      if (spec.models.length === 0) throw new RangeError("layoutUnit: a loose unit needs at least one model");
      return { kind: "loose", width: spec.base.w, depth: spec.base.d };
  }
};

/**
 * The footprint {@link layoutUnit} would give, without placing every model: a block's or a
 * square's one rectangle (the same values, for measures that need no model, such as a leader's
 * 12"); a loose unit's bases.
 */
export const layoutFootprint = (spec: LayoutSpec, frame: Frame): Footprint => {
  switch (spec.kind) {
    case "block": {
      const { width, depth } = blockDimensions(spec);
      return [rectBehindFrame(frame, width, depth)];
    }
    case "square": {
      if (!Number.isInteger(spec.count) || spec.count < 1) throw new RangeError(`layoutUnit: square count must be a positive integer, got ${spec.count}`);
      const s = squareSide(spec.count, spec.base);
      return [rectBehindFrame(frame, s, s)];
    }
    case "loose":
      return layoutLoose(spec).footprint;
  }
};

/**
 * Lays a unit out on the table (CORE-GEO-5 … CORE-GEO-7). Block and square use `frame`; a loose
 * unit's models carry world positions and `frame` is ignored.
 * @example layoutUnit({ kind: "square", count: 24, base: BASE_SIZES.foot }, { p: vec(36, 10), facing: 90 })
 */
export const layoutUnit = (spec: LayoutSpec, frame: Frame): UnitLayout => {
  switch (spec.kind) {
    case "block":
      return layoutBlock(spec, frame);
    case "square":
      return layoutSquare(spec, frame);
    case "loose":
      return layoutLoose(spec);
  }
};

/** Unit centre: the footprint's centroid, or the mean model centre for a loose unit (CORE-GEO-9). */
export const unitCentre = (layout: UnitLayout): Vec2 => {
  if (layout.kind !== "loose") return (layout.footprint[0] as OrientedRect).center;
  let x = 0;
  let y = 0;
  for (const m of layout.models) {
    x += m.rect.center.x;
    y += m.rect.center.y;
  }
  return { x: x / layout.models.length, y: y / layout.models.length };
};
