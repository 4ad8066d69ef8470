/**
 * Special dice read from a D6 (README "Units and dice", CORE-GEO-30). The faces are
 * data; the types derive from the tables so they cannot drift apart.
 */

import { badArg } from "../engine/args.js";

/** Artillery die faces in D6 order: a D6 of 1 reads 2, …, a 6 reads MISFIRE. */
export const ARTILLERY_FACES = [2, 4, 6, 8, 10, "MISFIRE"] as const;

/** A face of the artillery die: 2, 4, 6, 8, 10 or "MISFIRE". */
export type ArtilleryFace = (typeof ARTILLERY_FACES)[number];

/** A face of the scatter die: a HIT, or an ARROW pointing at `angle` degrees in [0, 360). */
export type ScatterFace =
  | { readonly kind: "HIT" }
  | { readonly kind: "ARROW"; readonly angle: number };

/** The single shared HIT face (faces are immutable, so rolls need not allocate one). */
export const SCATTER_HIT: ScatterFace = Object.freeze({ kind: "HIT" });

/** The scatter die shows HIT on D6 faces 1 and 2, ARROW on 3 to 6. */
export const SCATTER_HIT_MAX_D6 = 2;

function checkD6(d6: number, api: string): void {
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw badArg(api, "d6", "an integer 1..6", d6);
}

/** Reads a D6 face as the artillery die (1→2, 2→4, 3→6, 4→8, 5→10, 6→"MISFIRE"); another value throws a FusilladeError (`engine/misuse`). */
export function artilleryFaceOf(d6: number): ArtilleryFace {
  checkD6(d6, "artilleryFaceOf");
  return ARTILLERY_FACES[d6 - 1] as ArtilleryFace;
}

/** Reads a D6 face as a D3 (1-2→1, 3-4→2, 5-6→3). */
export function d3Of(d6: number): number {
  checkD6(d6, "d3Of");
  return (d6 + 1) >> 1;
}

/** True when a D6 face reads HIT on the scatter die (faces 1 and 2). */
export function isScatterHit(d6: number): boolean {
  checkD6(d6, "isScatterHit");
  return d6 <= SCATTER_HIT_MAX_D6;
}
