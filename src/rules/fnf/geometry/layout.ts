import { FusilladeError } from "../../../engine/violation.js";
import type { FnfFormation, FnfUnit } from "../../../state/fnf.js";
import type { BaseDims } from "./bases.js";
import { FNF_BASES, gunBase } from "./bases.js";
import type { OrientedRect, Vec2 } from "./prims.js";
import { addScaled, forward, right } from "./prims.js";

/** What a layout needs to know about a unit (FNF-GEO-2). */
export type Placeable = Pick<FnfUnit, "kind" | "arm" | "bases" | "formation" | "skirmishing" | "battery" | "position" | "facing">;

/** A slot of the formation grid: file from the left, rank from the front (FNF-GEO-2). */
export interface Slot {
  readonly file: number;
  readonly rank: number;
  readonly command: boolean;
}

/** One base on the table. */
export interface PlacedBase {
  readonly rect: OrientedRect;
  readonly command: boolean;
  readonly file: number;
  /** Place in its file counted from the front with the command base skipped; 0 for the command base. */
  readonly fireRank: number;
}

/** A unit's bases and its footprint (the bounding rectangle of its cells, FNF-GEO-2). */
export interface FnfLayout {
  readonly bases: readonly PlacedBase[];
  readonly footprint: OrientedRect;
}

/** Grid slots of a formation of `n` bases, command base included (FNF-GEO-2). */
export function formationSlots(formation: FnfFormation, n: number): Slot[] {
  const slots: Slot[] = [];
  const push = (file: number, rank: number, command: boolean): void => void slots.push({ file, rank, command });
  if (n <= 1) {
    push(0, 0, true);
    return slots;
  }
  switch (formation) {
    case "LINE":
      for (let i = 0; i < n; i++) push(i, 0, i === n - 1);
      break;
    case "SUPPORTED_LINE": {
      const front = Math.ceil(n / 2);
      const rear = Math.floor(n / 2);
      for (let i = 0; i < front; i++) push(i, 0, i === front - 1);
      for (let i = front - rear; i < front; i++) push(i, 1, false);
      break;
    }
    case "COLUMN_OF_ROUTE":
      for (let j = 0; j < n; j++) push(0, j, j === 0);
      break;
    case "COLUMN_OF_ATTACK": {
      const ranks = Math.ceil(n / 2);
      for (let j = 0; j < ranks; j++) {
        const lastOdd = j === ranks - 1 && n % 2 === 1;
        if (!lastOdd) push(0, j, false);
        push(1, j, j === 0);
      }
      break;
    }
  }
  return slots;
}

/** Fire rank of each slot: its place in its file from the front, the command base skipped. */
export function fireRanks(slots: readonly Slot[]): number[] {
  return slots.map((s) => {
    if (s.command) return 0;
    return slots.filter((o) => o.file === s.file && !o.command && o.rank <= s.rank).length;
  });
}

/** The base sizes of a brigade's command base and other bases (FNF-GEO-1). */
export function brigadeBases(u: Pick<FnfUnit, "arm" | "skirmishing">): { command: BaseDims; other: BaseDims } {
  const command = u.arm === "cavalry" ? FNF_BASES.cavalry : FNF_BASES.infantry;
  const other = u.skirmishing ? FNF_BASES.skirmish : command;
  return { command, other };
}

/** The single base of a battery, detachment or lone leader. */
export function singleBase(u: Pick<FnfUnit, "kind" | "arm" | "skirmishing" | "battery">): BaseDims {
  if (u.battery !== null) return gunBase(u.battery.type, u.battery.limbered);
  if (u.skirmishing) return FNF_BASES.skirmish;
  return u.arm === "cavalry" ? FNF_BASES.cavalry : FNF_BASES.infantry;
}

/** A base of a {@link LayoutTemplate}: its cell's offsets right (`u`) and back (`v`) of P, and its size. */
interface TemplateCell {
  readonly u: number;
  readonly v: number;
  readonly halfWidth: number;
  readonly halfDepth: number;
  readonly command: boolean;
  readonly file: number;
  readonly fireRank: number;
}

/** The grid of a formation worked out once, without P and facing: placing it is two steps a base. */
interface LayoutTemplate {
  readonly cells: readonly TemplateCell[];
  readonly width: number;
  readonly depth: number;
}

function templateOf(slots: readonly Slot[], size: (s: Slot) => BaseDims): LayoutTemplate {
  const files = Math.max(...slots.map((s) => s.file)) + 1;
  const ranks = Math.max(...slots.map((s) => s.rank)) + 1;
  const fileW = Array.from({ length: files }, (_, i) => Math.max(0, ...slots.filter((s) => s.file === i).map((s) => size(s).w)));
  const rankD = Array.from({ length: ranks }, (_, j) => Math.max(0, ...slots.filter((s) => s.rank === j).map((s) => size(s).d)));
  const width = fileW.reduce((a, b) => a + b, 0);
  const depth = rankD.reduce((a, b) => a + b, 0);
  const fr = fireRanks(slots);
  const cells = slots.map((s, i): TemplateCell => {
    const dims = size(s);
    const u = -width / 2 + fileW.slice(0, s.file).reduce((a, b) => a + b, 0) + (fileW[s.file] ?? 0) / 2;
    const v = rankD.slice(0, s.rank).reduce((a, b) => a + b, 0) + dims.d / 2;
    return { u, v, halfWidth: dims.w / 2, halfDepth: dims.d / 2, command: s.command, file: s.file, fireRank: fr[i] ?? 0 };
  });
  return { cells, width, depth };
}

/** Places a template at P and facing: each cell at P + r·u − f·v (the arithmetic of `addScaled` twice). */
function place(t: LayoutTemplate, p: Vec2, facing: number): FnfLayout {
  const r = right(facing);
  const f = forward(facing);
  const at = (u: number, v: number): Vec2 => addScaled(addScaled(p, r, u), f, -v);
  const bases = t.cells.map((c): PlacedBase => ({ rect: { center: at(c.u, c.v), halfWidth: c.halfWidth, halfDepth: c.halfDepth, facing }, command: c.command, file: c.file, fireRank: c.fireRank }));
  return { bases, footprint: { center: at(0, t.depth / 2), halfWidth: t.width / 2, halfDepth: t.depth / 2, facing } };
}

/**
 * Templates by what they depend on (kind, arm, skirmishing, formation and bases of a brigade; the
 * base of anything else): a handful per battle, so a layout is only placed.
 */
const TEMPLATES = new Map<string, LayoutTemplate>();

/** A unit's bases on the table (FNF-GEO-1, FNF-GEO-2). */
export function layoutOf(u: Placeable): FnfLayout {
  const brigade = u.kind === "brigade";
  const key = brigade
    ? `b|${u.arm}|${u.skirmishing}|${u.formation}|${u.bases}`
    : `s|${u.battery === null ? "-" : `${u.battery.type}|${u.battery.limbered}`}|${u.skirmishing}|${u.arm}`;
  let t = TEMPLATES.get(key);
  if (t === undefined) {
    if (!brigade) {
      const dims = singleBase(u);
      t = templateOf([{ file: 0, rank: 0, command: false }], () => dims);
    } else {
      const sizes = brigadeBases(u);
      t = templateOf(formationSlots(u.formation, u.bases + 1), (s) => (s.command ? sizes.command : sizes.other));
    }
    TEMPLATES.set(key, t);
  }
  return place(t, u.position, u.facing);
}

/**
 * The unit with `bases` non-command bases. A brigade is laid out again in the same formation and
 * facing with the front-right corner of its footprint (its command base's corner) unmoved, so bases
 * come off, or are added at, the left and rear (FNF-GEO-2).
 * @example withBases(brigade, brigade.bases - 1) // a LINE's front edge centre moves half a base to the right
 */
export function withBases<U extends Placeable>(u: U, bases: number): U {
  if (u.kind !== "brigade" || bases <= 0 || bases === u.bases) return { ...u, bases };
  const before = layoutOf(u).footprint.halfWidth;
  const after = layoutOf({ ...u, bases }).footprint.halfWidth;
  return { ...u, bases, position: addScaled(u.position, right(u.facing), before - after) };
}

/** A lone leader's base, centred on his position (FNF-GEO-1). */
export function leaderRect(position: Vec2): OrientedRect {
  return { center: position, halfWidth: FNF_BASES.leader.w / 2, halfDepth: FNF_BASES.leader.d / 2, facing: 90 };
}

/** The bases a unit counts for cover, terrain and melee tests: its non-command bases (FNF-GEO-7). */
export function countedBases(l: FnfLayout): PlacedBase[] {
  return l.bases.filter((b) => !b.command);
}

/** The command base (a battery or detachment: its one base), for command radius (FNF-CMD-4). */
export function commandRect(l: FnfLayout): OrientedRect {
  const b = l.bases.find((x) => x.command) ?? l.bases[0];
  if (b === undefined) throw new FusilladeError("engine/misuse", "fusillade: commandRect of an empty layout");
  return b.rect;
}

/** Footprint centre (CORE-GEO-9), for "directly away". */
export function layoutCentre(l: FnfLayout): Vec2 {
  return l.footprint.center;
}
