/**
 * Small profile and unit builders used by the built-in scenarios. Profiles follow WHN-PROF-1's
 * example line infantryman; the others are common army-list values for the troop types the rules
 * name (mechanics only).
 */
import type { MissileWeapon, Profile } from "../state/unit.js";
import type { UnitSetup } from "../state/setup.js";
import { BASE_SIZES } from "../geometry/bases.js";

/** Profiles by troop type (M WS BS S T W I A Ld). */
export const PROFILES = {
  lineInfantry: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 },
  lightInfantry: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
  grenadiers: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8 },
  hussars: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 },
  cuirassiers: { M: 7, WS: 4, BS: 3, S: 4, T: 3, W: 1, I: 3, A: 1, Ld: 8 },
  lancers: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
  general: { M: 8, WS: 4, BS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 9 },
  brigadier: { M: 8, WS: 4, BS: 4, S: 4, T: 3, W: 2, I: 4, A: 2, Ld: 8 },
} as const satisfies Record<string, Profile>;

/** Options for {@link infantryBattalion}. */
export interface BattalionOptions {
  readonly id: string;
  readonly side: string;
  readonly name?: string;
  readonly x: number;
  readonly y: number;
  readonly facing: number;
  readonly figures?: number;
  readonly formation?: UnitSetup["formation"];
  readonly files?: number;
  readonly quality?: UnitSetup["quality"];
  readonly light?: boolean;
  readonly profile?: Profile;
  readonly missile?: MissileWeapon;
}

/** An infantry battalion with muskets and bayonets, leader, standard and musician. */
export function infantryBattalion(o: BattalionOptions): UnitSetup {
  return {
    id: o.id,
    side: o.side,
    name: o.name ?? o.id,
    troopType: "infantry",
    light: o.light ?? false,
    quality: o.quality ?? "REGULAR",
    profile: o.profile ?? (o.light === true ? PROFILES.lightInfantry : PROFILES.lineInfantry),
    equipment: { missile: o.missile ?? "musket", melee: o.missile === "rifle" ? "rifleSwordBayonet" : "musketBayonet" },
    base: BASE_SIZES.foot,
    figures: o.figures ?? 24,
    formation: o.formation ?? "ATTACK_COLUMN",
    files: o.files ?? 4,
    position: { x: o.x, y: o.y },
    facing: o.facing,
    command: { leader: true, standard: true, musician: true },
  } as UnitSetup;
}

/** Options for {@link cavalryRegiment}. */
export interface RegimentOptions extends Omit<BattalionOptions, "light"> {
  readonly kind?: "hussars" | "cuirassiers" | "lancers";
}

/** A cavalry regiment: hussars (sabres), cuirassiers (sabres, breastplates) or lancers. */
export function cavalryRegiment(o: RegimentOptions): UnitSetup {
  const kind = o.kind ?? "hussars";
  return {
    id: o.id,
    side: o.side,
    name: o.name ?? o.id,
    troopType: "cavalry",
    quality: o.quality ?? "REGULAR",
    profile: o.profile ?? (kind === "cuirassiers" ? PROFILES.cuirassiers : PROFILES.hussars),
    equipment: { missile: null, melee: kind === "lancers" ? "lance" : "sabre", armour: kind === "cuirassiers" ? "heavy" : "none" },
    base: BASE_SIZES.cavalry,
    figures: o.figures ?? 12,
    formation: o.formation ?? "CAV_LINE",
    files: o.files ?? 6,
    position: { x: o.x, y: o.y },
    facing: o.facing,
    command: { leader: true, standard: true, musician: true },
  } as UnitSetup;
}
