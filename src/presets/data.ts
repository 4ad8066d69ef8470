/**
 * Army presets as data: the profile and equipment of every troop type the rules name, for the main
 * nations. Mechanics only (no uniforms, no history); each figure notes where it comes from — the
 * specification's example (WHN-PROF-1), another rule of the specification, or "engine default"
 * where the specification is silent (WHN-PROF-1: "profiles come from army lists").
 */
import type { Equipment, Profile, TroopType } from "../state/unit.js";
import { BASE_SIZES, type BaseSize } from "../geometry/bases.js";

/** Nations the presets cover. */
export const NATIONS = ["french", "british", "prussian", "austrian", "russian", "spanish"] as const;
/** A nation the presets cover. */
export type Nation = (typeof NATIONS)[number];

/** What a nation changes in the WHN presets (mechanics only). */
export interface NationTraits {
  /** Display name of the nation. */
  readonly name: string;
  /** Guns fire shell / shrapnel at every calibre (WHN-ART-12: British guns). */
  readonly britishGuns: boolean;
  /** Where the traits come from. */
  readonly source: string;
}

/** National traits of the WHN presets. Only the British guns differ in the rules (WHN-ART-12). */
export const NATION_TRAITS = {
  french: { name: "French", britishGuns: false, source: "engine default" },
  british: { name: "British", britishGuns: true, source: "WHN-ART-12 (British guns fire shell at every calibre)" },
  prussian: { name: "Prussian", britishGuns: false, source: "engine default" },
  austrian: { name: "Austrian", britishGuns: false, source: "engine default" },
  russian: { name: "Russian", britishGuns: false, source: "engine default" },
  spanish: { name: "Spanish", britishGuns: false, source: "engine default" },
} as const satisfies Record<Nation, NationTraits>;

/** A troop type's preset: what a unit of that type is made of, with the source of each figure. */
export interface TroopPreset {
  /** Display label ("line infantry"). */
  readonly label: string;
  readonly troopType: TroopType;
  readonly profile: Profile;
  readonly equipment: Equipment;
  /** Base of one model (of a crew model for artillery), CORE-GEO-4. */
  readonly base: BaseSize;
  /** Light troops may skirmish in OPEN_ORDER (WHN-SKIRM-1). */
  readonly light: boolean;
  /** The army list designates it for EXTENDED_ORDER (WHN-SKIRM-1). */
  readonly extendedOrderAllowed: boolean;
  /** Models in a unit unless the builder is told otherwise. */
  readonly figures: number;
  /** Where every figure comes from: profile, equipment, and the size of the unit. */
  readonly source: { readonly profile: string; readonly equipment: string; readonly figures: string };
}

const ENGINE_DEFAULT = "engine default (the specification leaves profiles to army lists, WHN-PROF-1)";
const FOOT_EQUIPMENT = { missile: "musket", melee: "musketBayonet", armour: "none", shield: false, barding: false } as const satisfies Equipment;

/** The seed's French infantryman, M4 WS3 BS3 S3 T3 W1 I3 A1 Ld6 (WHN-PROF-1). */
const LINE_PROFILE = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 } as const satisfies Profile;

/** Presets of every troop type the rules name (WHN-PROF-1, WHN-PROF-2, WHN-CC-1, WHN-CC-7, WHN-ART-2). */
export const TROOPS = {
  lineInfantry: {
    label: "line infantry",
    troopType: "infantry",
    profile: LINE_PROFILE,
    equipment: FOOT_EQUIPMENT,
    base: BASE_SIZES.foot,
    light: false,
    extendedOrderAllowed: false,
    figures: 24,
    source: { profile: "WHN-PROF-1 (the seed's French infantryman)", equipment: "WHN-PROF-2 (musket with bayonet)", figures: "engine default" },
  },
  lightInfantry: {
    label: "light infantry",
    troopType: "infantry",
    profile: { ...LINE_PROFILE, Ld: 7 },
    equipment: FOOT_EQUIPMENT,
    base: BASE_SIZES.foot,
    light: true,
    extendedOrderAllowed: false,
    figures: 24,
    source: { profile: `WHN-PROF-1 with Ld 7: ${ENGINE_DEFAULT}`, equipment: "WHN-PROF-2 (musket with bayonet)", figures: "engine default" },
  },
  grenadiers: {
    label: "grenadiers",
    troopType: "infantry",
    profile: { ...LINE_PROFILE, Ld: 8 },
    equipment: FOOT_EQUIPMENT,
    base: BASE_SIZES.foot,
    light: false,
    extendedOrderAllowed: false,
    figures: 24,
    source: { profile: `WHN-PROF-1 with Ld 8: ${ENGINE_DEFAULT}`, equipment: "WHN-PROF-2 (musket with bayonet)", figures: "engine default" },
  },
  rifles: {
    label: "rifles",
    troopType: "infantry",
    profile: { ...LINE_PROFILE, BS: 4, Ld: 7 },
    equipment: { ...FOOT_EQUIPMENT, missile: "rifle", melee: "rifleSwordBayonet" },
    base: BASE_SIZES.foot,
    light: true,
    extendedOrderAllowed: true,
    figures: 12,
    source: { profile: `WHN-PROF-1 with BS 4, Ld 7: ${ENGINE_DEFAULT}`, equipment: "WHN-SHOOT-2 (rifle), WHN-CC-1 (rifle and sword bayonet)", figures: "engine default (a company)" },
  },
  hussars: {
    label: "hussars",
    troopType: "cavalry",
    profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 },
    equipment: { missile: "carbine", melee: "sabre", armour: "none", shield: false, barding: false },
    base: BASE_SIZES.cavalry,
    light: true,
    extendedOrderAllowed: false,
    figures: 12,
    source: { profile: ENGINE_DEFAULT, equipment: "WHN-PROF-2 (sabre), WHN-SHOOT-2 (carbine)", figures: "engine default" },
  },
  dragoons: {
    label: "dragoons",
    troopType: "cavalry",
    profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
    equipment: { missile: "carbine", melee: "sabre", armour: "none", shield: false, barding: false },
    base: BASE_SIZES.cavalry,
    light: false,
    extendedOrderAllowed: false,
    figures: 12,
    source: { profile: ENGINE_DEFAULT, equipment: "WHN-PROF-2 (sabre), WHN-SHOOT-2 (carbine)", figures: "engine default" },
  },
  cuirassiers: {
    label: "cuirassiers",
    troopType: "cavalry",
    profile: { M: 7, WS: 4, BS: 3, S: 4, T: 3, W: 1, I: 3, A: 1, Ld: 8 },
    equipment: { missile: null, melee: "sabre", armour: "heavy", shield: false, barding: false },
    base: BASE_SIZES.cavalry,
    light: false,
    extendedOrderAllowed: false,
    figures: 12,
    source: { profile: ENGINE_DEFAULT, equipment: "WHN-PROF-2 (sabre), WHN-CC-7 (breastplate = heavy armour, AMB-27)", figures: "engine default" },
  },
  lancers: {
    label: "lancers",
    troopType: "cavalry",
    profile: { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
    equipment: { missile: null, melee: "lance", armour: "none", shield: false, barding: false },
    base: BASE_SIZES.cavalry,
    light: false,
    extendedOrderAllowed: false,
    figures: 12,
    source: { profile: ENGINE_DEFAULT, equipment: "WHN-PROF-2 and WHN-CC-1 (lance)", figures: "engine default" },
  },
  footBattery: {
    label: "foot battery",
    troopType: "artillery",
    profile: LINE_PROFILE,
    equipment: { missile: null, melee: "handWeapon", armour: "none", shield: false, barding: false },
    base: BASE_SIZES.foot,
    light: false,
    extendedOrderAllowed: false,
    figures: 4,
    source: { profile: "WHN-ART-2 (AMB-39: crew M4 WS3 BS3 S3 T3 W1 I3 A1 Ld6)", equipment: "engine default (crew hand weapons)", figures: "WHN-ART-2 (AMB-39: 4 crew per gun)" },
  },
  horseBattery: {
    label: "horse battery",
    troopType: "artillery",
    profile: { ...LINE_PROFILE, M: 8 },
    equipment: { missile: null, melee: "handWeapon", armour: "none", shield: false, barding: false },
    base: BASE_SIZES.foot,
    light: false,
    extendedOrderAllowed: false,
    figures: 4,
    source: { profile: "WHN-ART-2 (AMB-39: crew profile; horse artillery crew M8 moving without the gun)", equipment: "engine default (crew hand weapons)", figures: "WHN-ART-2 (AMB-39: 4 crew per gun)" },
  },
} as const satisfies Record<string, TroopPreset>;

/** A troop type with a preset. */
export type TroopKind = keyof typeof TROOPS;
/** Every troop type with a preset, in table order. */
export const TROOP_KINDS = Object.keys(TROOPS) as readonly TroopKind[];
