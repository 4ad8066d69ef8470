/**
 * Geometry of two laid-out units that depends on their two layouts alone: whether one stands in
 * the other's arc (CORE-GEO-15) and the distance between their footprints (CORE-GEO-10). The
 * random draw asks these of the same pairs decision after decision (a fire or a charge refused as
 * out of arc is drawn again on the next state), while the layouts outlive the states: a unit that
 * only changed a flag keeps its layout object (`layoutOf`). So the answers are kept per pair of
 * layout objects (layouts are immutable values, so an answer never goes stale).
 */
import { footprintInUnitArc } from "../../geometry/arcs.js";
import type { UnitLayout } from "../../geometry/layout.js";
import { footprintDistance } from "../../geometry/rect.js";

/** Answers per first layout, then second. Held strongly and bounded: emptied when full. */
type PairMemo<T> = Map<UnitLayout, Map<UnitLayout, T>>;

/** First layouts kept before a memo is emptied (a battle lays out a few hundred). */
const KEPT = 512;

const ARCS: PairMemo<boolean> = new Map();
const DISTANCES: PairMemo<number> = new Map();

/** The row of answers for a first layout (made, emptying the memo when full, if new). */
function rowOf<T>(memo: PairMemo<T>, a: UnitLayout): Map<UnitLayout, T> {
  let row = memo.get(a);
  if (row === undefined) {
    if (memo.size >= KEPT) memo.clear();
    row = new Map();
    memo.set(a, row);
  }
  return row;
}

/** The answer for (a, b) in `memo`, computed by `compute` the first time. */
function kept<T>(memo: PairMemo<T>, a: UnitLayout, b: UnitLayout, compute: (a: UnitLayout, b: UnitLayout) => T): T {
  const row = rowOf(memo, a);
  let v = row.get(b);
  if (v === undefined) {
    v = compute(a, b);
    row.set(b, v);
  }
  return v;
}

const arcOf = (from: UnitLayout, to: UnitLayout): boolean => footprintInUnitArc(from, to.footprint);
const distanceOf = (a: UnitLayout, b: UnitLayout): number => footprintDistance(a.footprint, b.footprint);

/** `footprintInUnitArc(from, to.footprint)`, kept per pair of layouts: any part of `to` in `from`'s arc. */
export function inArcOf(from: UnitLayout, to: UnitLayout): boolean {
  return kept(ARCS, from, to, arcOf);
}

/** `footprintDistance(a.footprint, b.footprint)`, kept per pair of layouts. */
export function layoutDistance(a: UnitLayout, b: UnitLayout): number {
  return kept(DISTANCES, a, b, distanceOf);
}
