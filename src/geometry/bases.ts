/**
 * Base sizes as data (CORE-GEO-4). Millimetre sizes are the source of truth; inches are derived,
 * never rounded (CORE-GEO-1).
 */
import { mmToInches } from "./vec.js";

/** A base's frontage `w` and depth `d` in inches. */
export interface BaseSize {
  readonly w: number;
  readonly d: number;
}

/** Millimetre frontage × depth of each standard base (CORE-GEO-4). */
export const BASE_SIZES_MM = {
  foot: { w: 20, d: 20 },
  cavalry: { w: 25, d: 50 },
  gunUnlimbered: { w: 50, d: 80 },
  gunLimbered: { w: 40, d: 120 },
} as const satisfies Record<string, BaseSize>;

/** Name of a standard base (foot, cavalry, gunUnlimbered, gunLimbered). */
export type BaseKind = keyof typeof BASE_SIZES_MM;

/** Converts a millimetre base size to inches. */
export const baseSizeFromMm = (mm: BaseSize): BaseSize => ({ w: mmToInches(mm.w), d: mmToInches(mm.d) });

/** Inch frontage × depth of each standard base (CORE-GEO-4); foot 0.7874" square, etc. */
export const BASE_SIZES: Readonly<Record<BaseKind, BaseSize>> = {
  foot: baseSizeFromMm(BASE_SIZES_MM.foot),
  cavalry: baseSizeFromMm(BASE_SIZES_MM.cavalry),
  gunUnlimbered: baseSizeFromMm(BASE_SIZES_MM.gunUnlimbered),
  gunLimbered: baseSizeFromMm(BASE_SIZES_MM.gunLimbered),
};

/** Lateral and rank gap of open order, 10 mm (CORE-GEO-6). */
export const OPEN_ORDER_GAP = mmToInches(10);

/** Most ranks an open-order unit may have (CORE-GEO-6). */
export const OPEN_ORDER_MAX_RANKS = 2;
