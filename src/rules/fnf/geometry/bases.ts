import type { FnfBatteryType } from "../../../state/fnf.js";

/** Millimetres per inch (CORE-GEO-1). */
const MM = 25.4;

/** A base's frontage and depth in inches. */
export interface BaseDims {
  readonly w: number;
  readonly d: number;
}

/** FnF base sizes, frontage × depth (FNF-GEO-1; orientation per AMB-59). */
export const FNF_BASES = {
  infantry: { w: 40 / MM, d: 30 / MM },
  cavalry: { w: 40 / MM, d: 40 / MM },
  skirmish: { w: 60 / MM, d: 40 / MM },
  gunUnlimbered: { w: 60 / MM, d: 60 / MM },
  heavyGunUnlimbered: { w: 60 / MM, d: 80 / MM },
  footGunLimbered: { w: 40 / MM, d: 80 / MM },
  horseGunLimbered: { w: 40 / MM, d: 120 / MM },
  leader: { w: 30 / MM, d: 30 / MM },
} as const satisfies Record<string, BaseDims>;

/** A kind of FnF base. */
export type FnfBaseKind = keyof typeof FNF_BASES;

/** The gun model's base for a battery type and state (FNF-GEO-1; HEAVY limbers as a foot battery). */
export function gunBase(type: FnfBatteryType, limbered: boolean): BaseDims {
  if (limbered) return type === "HORSE" ? FNF_BASES.horseGunLimbered : FNF_BASES.footGunLimbered;
  return type === "HEAVY" ? FNF_BASES.heavyGunUnlimbered : FNF_BASES.gunUnlimbered;
}
