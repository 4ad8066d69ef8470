/**
 * Presets of the core book's troop types (CORE-GEN-1, CORE-SHOOT-7, CORE-WPN, CORE-SAVE-1) for
 * battles played under the core rules alone (`ruleset: "core"`): archers, spearmen, heavy and
 * light infantry, heavy and light cavalry, and the characters (General, hero, battle standard
 * bearer). Profiles are engine defaults in the baseline's usual ranges: the specification leaves
 * profiles to army lists (CORE-GEN-1).
 */
import type { Equipment, Profile } from "../state/unit.js";
import type { TroopPreset } from "./data.js";
import type { UnitSetup } from "../state/setup.js";
import type { BattleSetup } from "../state/setup.js";
import { BASE_SIZES } from "../geometry/bases.js";
import { badArg, keyArg, readingArg, recordArg } from "../engine/args.js";

/** A CORE troop preset: the fields a WHN preset has for a model's make-up, plus its block's default width. */
export interface CoreTroopPreset extends Pick<TroopPreset, "label" | "troopType" | "profile" | "equipment" | "base" | "figures"> {
  /** Light troops may skirmish (open order) under the core rules too. */
  readonly light: boolean;
  /** Default files of its block. */
  readonly files: number;
}

const MAN = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } as const satisfies Profile;
const HORSE = { M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } as const satisfies Profile;
const kit = (e: Partial<Equipment>): Equipment => ({ missile: null, melee: "handWeapon", armour: "none", shield: false, barding: false, ...e });

/** The core troop types (engine-default profiles; weapons and armour from CORE-SHOOT-7, CORE-WPN, CORE-SAVE-1). */
export const CORE_TROOPS = {
  archers: { label: "archers", troopType: "infantry", profile: MAN, equipment: kit({ missile: "bow" }), base: BASE_SIZES.foot, light: false, figures: 16, files: 8 },
  spearmen: { label: "spearmen", troopType: "infantry", profile: MAN, equipment: kit({ melee: "thrustingSpear", armour: "light", shield: true }), base: BASE_SIZES.foot, light: false, figures: 20, files: 5 },
  heavyInfantry: { label: "heavy infantry", troopType: "infantry", profile: { ...MAN, WS: 4, Ld: 8 }, equipment: kit({ armour: "heavy", shield: true }), base: BASE_SIZES.foot, light: false, figures: 20, files: 5 },
  lightInfantry: { label: "light infantry", troopType: "infantry", profile: MAN, equipment: kit({ missile: "javelin", shield: true }), base: BASE_SIZES.foot, light: true, figures: 10, files: 5 },
  slingers: { label: "slingers", troopType: "infantry", profile: { ...MAN, Ld: 6 }, equipment: kit({ missile: "sling" }), base: BASE_SIZES.foot, light: true, figures: 10, files: 5 },
  heavyCavalry: { label: "heavy cavalry", troopType: "cavalry", profile: { ...HORSE, WS: 4, Ld: 8 }, equipment: kit({ melee: "coreLance", armour: "heavy", shield: true }), base: BASE_SIZES.cavalry, light: false, figures: 8, files: 4 },
  lightCavalry: { label: "light cavalry", troopType: "cavalry", profile: HORSE, equipment: kit({ missile: "javelin", shield: true }), base: BASE_SIZES.cavalry, light: true, figures: 6, files: 3 },
  horseArchers: { label: "horse archers", troopType: "cavalry", profile: HORSE, equipment: kit({ missile: "compositeBow" }), base: BASE_SIZES.cavalry, light: true, figures: 6, files: 3 },
} as const satisfies Record<string, CoreTroopPreset>;
/** A core troop type. */
export type CoreTroopKind = keyof typeof CORE_TROOPS;
/** Every core troop type. */
export const CORE_TROOP_KINDS = Object.keys(CORE_TROOPS) as CoreTroopKind[];

/** Core characters: the General (CORE-GNRL-1), a hero, the battle standard bearer (CORE-BSB-1). */
export const CORE_CHARACTERS = {
  general: { label: "General", profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 9 }, equipment: kit({ armour: "heavy", shield: true }) },
  hero: { label: "hero", profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 2, Ld: 8 }, equipment: kit({ armour: "light", shield: true }) },
  battleStandard: { label: "battle standard bearer", profile: { M: 4, WS: 4, BS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 8 }, equipment: kit({ armour: "heavy" }) },
} as const satisfies Record<string, { label: string; profile: Profile; equipment: Equipment }>;
/** A core character kind. */
export type CoreCharacterKind = keyof typeof CORE_CHARACTERS;

/** Options of {@link coreUnit}. */
export interface CoreUnitOptions {
  readonly kind: CoreTroopKind;
  readonly id: string;
  readonly side: string;
  readonly name?: string;
  readonly figures?: number;
  readonly files?: number;
  /** Light troops only: skirmish in open order. */
  readonly skirmish?: boolean;
  readonly at?: { readonly x: number; readonly y: number };
  readonly facing?: number;
  readonly command?: { readonly leader?: boolean | undefined; readonly standard?: boolean | undefined; readonly musician?: boolean | undefined };
}

/**
 * A unit of a core troop type, as a block (or skirmishing, for light troops), ready for a
 * `ruleset: "core"` battle.
 * @example coreUnit({ kind: "spearmen", id: "sp-1", side: "a", at: { x: 30, y: 10 } })
 */
export function coreUnit(input: CoreUnitOptions): UnitSetup {
  const o = recordArg("coreUnit", "o", input);
  const p: CoreTroopPreset = CORE_TROOPS[keyArg("coreUnit", "kind", CORE_TROOPS, o.kind)];
  const figures = o.figures ?? p.figures;
  if (!Number.isInteger(figures) || figures < 1) throw badArg("coreUnit", "figures", "a positive integer", figures);
  const skirmish = o.skirmish === true;
  if (skirmish && !p.light) throw badArg("coreUnit", "skirmish", `false (${p.label} are not light troops)`, true);
  return readingArg("coreUnit", "o", () => coreUnitOf(o, p, figures, skirmish));
}

function coreUnitOf(o: CoreUnitOptions, p: CoreTroopPreset, figures: number, skirmish: boolean): UnitSetup {
  const cmd = o.command ?? {};
  return {
    id: o.id,
    side: o.side,
    name: o.name ?? p.label,
    troopType: p.troopType,
    light: p.light,
    profile: { ...p.profile },
    equipment: { ...p.equipment },
    base: { ...p.base },
    figures,
    command: { leader: cmd.leader ?? !skirmish, standard: cmd.standard ?? !skirmish, musician: cmd.musician ?? !skirmish },
    formation: skirmish ? "OPEN_ORDER" : "BLOCK",
    files: Math.min(figures, o.files ?? (skirmish ? Math.ceil(figures / 2) : p.files)),
    position: { x: o.at?.x ?? 0, y: o.at?.y ?? 0 },
    facing: o.facing ?? 90,
  } as UnitSetup;
}

/** Options of {@link coreCharacter}. */
export interface CoreCharacterOptions {
  readonly kind: CoreCharacterKind;
  readonly id: string;
  readonly side: string;
  readonly name?: string;
  readonly mounted?: boolean;
  readonly at?: { readonly x: number; readonly y: number };
  readonly facing?: number;
  /** A unit of his side to start joined to (placed at its position). */
  readonly joinedTo?: string;
}

/**
 * A core character: the army General, a hero, or the battle standard bearer.
 * @example coreCharacter({ kind: "battleStandard", id: "bsb", side: "a", at: { x: 36, y: 6 } })
 */
export function coreCharacter(input: CoreCharacterOptions): NonNullable<BattleSetup["characters"]>[number] {
  const o = recordArg("coreCharacter", "o", input);
  const c = CORE_CHARACTERS[keyArg("coreCharacter", "kind", CORE_CHARACTERS, o.kind)];
  const mounted = o.mounted === true;
  const position = readingArg("coreCharacter", "o.at", () => ({ x: o.at?.x ?? 0, y: o.at?.y ?? 0 }));
  return {
    id: o.id,
    side: o.side,
    name: o.name ?? c.label,
    profile: { ...c.profile },
    equipment: { ...c.equipment },
    mounted,
    base: mounted ? BASE_SIZES.cavalry : BASE_SIZES.foot,
    isGeneral: o.kind === "general",
    ...(o.kind === "battleStandard" ? { battleStandard: true } : {}),
    position,
    facing: o.facing ?? 90,
    joinedTo: o.joinedTo ?? null,
  };
}
