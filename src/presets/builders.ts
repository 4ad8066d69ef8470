/**
 * Typed unit builders: `infantryBattalion({ nation: "french", quality: "veteran", figures: 24 })`
 * returns a {@link UnitSetup} ready for `createBattle`.
 */
import type { Formation, GunType, Quality } from "../state/unit.js";
import type { UnitSetup } from "../state/setup.js";
import { NATION_TRAITS, TROOPS, type Nation, type TroopKind, type TroopPreset } from "./data.js";
import { badArg, keyArg, readingArg, recordArg } from "../engine/args.js";

/** A quality as a builder takes it: the state's own spelling, or lower case. */
export type QualityInput = Quality | Lowercase<Quality>;

/** Options every builder takes; everything but `nation` has a default. */
export interface UnitOptions {
  readonly nation: Nation;
  /** Unit id; default `<nation>-<troop kind>` (give each unit its own in a battle). */
  readonly id?: string;
  /** Side id; default: the nation's name (`"french"`). */
  readonly side?: string;
  readonly name?: string;
  /** Default REGULAR (WHN-QUAL-1). */
  readonly quality?: QualityInput;
  /** Models in the unit; default from the troop preset (crew for artillery, 4 per AMB-39). */
  readonly figures?: number;
  /** Front-edge centre of the unit (CORE-GEO-3); default (0, 0). */
  readonly at?: { readonly x: number; readonly y: number };
  /** Facing in degrees, counter-clockwise from +x; default 90 (toward the top of the table). */
  readonly facing?: number;
  /** Leader, standard bearer and musician; default all three (none for artillery). */
  readonly command?: { readonly leader?: boolean; readonly standard?: boolean; readonly musician?: boolean };
}

/** Options of {@link infantryBattalion}. */
export interface InfantryOptions extends UnitOptions {
  /** Default `"line"`. */
  readonly kind?: "line" | "light" | "grenadiers" | "rifles";
  /** Default ATTACK_COLUMN (rifles: OPEN_ORDER). */
  readonly formation?: "MARCH_COLUMN" | "ATTACK_COLUMN" | "LINE" | "SQUARE" | "OPEN_ORDER" | "EXTENDED_ORDER";
  /** Files; default: a legal shape for the formation ({@link defaultFiles}). */
  readonly files?: number;
}

/** Options of {@link cavalryRegiment}. */
export interface CavalryOptions extends UnitOptions {
  /** Default `"hussars"`. */
  readonly kind?: "hussars" | "dragoons" | "cuirassiers" | "lancers";
  /** Default CAV_LINE. */
  readonly formation?: "CAV_COLUMN" | "CAV_LINE" | "OPEN_ORDER" | "EXTENDED_ORDER";
  readonly files?: number;
}

/** Options of {@link footBattery}. */
export interface FootBatteryOptions extends UnitOptions {
  /** Default `"medium"` (WHN-ART-1). */
  readonly gun?: GunType;
  /** Default UNLIMBERED. */
  readonly formation?: "LIMBERED" | "UNLIMBERED";
}

/** Options of {@link horseBattery}: heavy guns are never horse artillery (WHN-ART-1). */
export interface HorseBatteryOptions extends UnitOptions {
  /** Default `"light"`. */
  readonly gun?: Exclude<GunType, "heavy">;
  /** Default LIMBERED. */
  readonly formation?: "LIMBERED" | "UNLIMBERED";
}

const INFANTRY_KINDS = { line: "lineInfantry", light: "lightInfantry", grenadiers: "grenadiers", rifles: "rifles" } as const satisfies Record<string, TroopKind>;

/**
 * Files that give a legal block for a formation and model count (WHN-FORM-1): two ranks for LINE,
 * ranks ≥ files and ≥ 3 for ATTACK_COLUMN, at most three files for MARCH_COLUMN, one or two ranks
 * for CAV_LINE and OPEN_ORDER, ≥ 3 ranks for CAV_COLUMN, one rank for EXTENDED_ORDER.
 * @example defaultFiles("LINE", 24) // 12
 */
export function defaultFiles(formation: Formation, figures: number): number {
  if (typeof figures !== "number") throw badArg("defaultFiles", "figures", "a number", figures);
  const n = Math.max(1, Math.floor(figures));
  switch (formation) {
    case "LINE":
    case "CAV_LINE":
    case "OPEN_ORDER":
      return Math.ceil(n / 2);
    case "ATTACK_COLUMN":
      return Math.max(1, Math.min(Math.floor(Math.sqrt(n)), Math.floor(n / 3)));
    case "MARCH_COLUMN":
      return Math.min(3, n);
    case "CAV_COLUMN":
      return Math.max(1, Math.floor(n / 4));
    case "SQUARE":
      return Math.max(1, Math.ceil(n / 4));
    case "EXTENDED_ORDER":
      return n;
    default:
      return 1;
  }
}

function quality(q: QualityInput | undefined): Quality {
  return (q ?? "REGULAR").toUpperCase() as Quality;
}

function checkFigures(fn: string, figures: number): void {
  if (!Number.isInteger(figures) || figures < 1) throw badArg(fn, "figures", "a positive integer", figures);
}

/** The fields every unit shares, from a preset and the caller's options. */
function common(fn: string, kind: TroopKind, o: UnitOptions, formation: Formation, files: number | undefined): UnitSetup {
  const preset: TroopPreset = TROOPS[keyArg(fn, "kind", TROOPS, kind)];
  keyArg(fn, "nation", NATION_TRAITS, o.nation);
  const figures = o.figures ?? preset.figures;
  checkFigures(fn, figures);
  const artillery = preset.troopType === "artillery";
  const cmd = o.command ?? {};
  const name = o.name ?? `${NATION_TRAITS[o.nation].name} ${preset.label}`;
  return {
    id: o.id ?? `${o.nation}-${kind}`,
    side: o.side ?? o.nation,
    name,
    troopType: preset.troopType,
    light: preset.light,
    extendedOrderAllowed: preset.extendedOrderAllowed,
    quality: quality(o.quality),
    profile: { ...preset.profile },
    equipment: { ...preset.equipment },
    base: { ...preset.base },
    figures,
    command: { leader: cmd.leader ?? !artillery, standard: cmd.standard ?? !artillery, musician: cmd.musician ?? !artillery },
    formation,
    files: artillery ? 1 : (files ?? defaultFiles(formation, figures)),
    position: { x: o.at?.x ?? 0, y: o.at?.y ?? 0 },
    facing: o.facing ?? 90,
  } as UnitSetup;
}

/**
 * An infantry battalion (line, light, grenadiers) or rifle company, with its preset profile and
 * equipment (WHN-PROF-1, WHN-PROF-2).
 * @example
 * const unit = infantryBattalion({ nation: "french", quality: "veteran", figures: 24 });
 * // → { troopType: "infantry", quality: "VETERAN", formation: "ATTACK_COLUMN", files: 4, … }
 */
export function infantryBattalion(input: InfantryOptions): UnitSetup {
  const api = "infantryBattalion";
  const o = recordArg(api, "o", input);
  const kind = INFANTRY_KINDS[keyArg(api, "kind", INFANTRY_KINDS, o.kind ?? "line")];
  const formation = o.formation ?? (kind === "rifles" ? "OPEN_ORDER" : "ATTACK_COLUMN");
  return readingArg(api, "o", () => common(api, kind, o, formation, o.files));
}

/**
 * A cavalry regiment: hussars, dragoons, cuirassiers (breastplates, WHN-CC-7) or lancers (WHN-CC-1).
 * @example
 * const unit = cavalryRegiment({ nation: "british", kind: "dragoons", id: "gb-lgd", side: "gb", at: { x: 60, y: 40 }, facing: 270 });
 */
export function cavalryRegiment(input: CavalryOptions): UnitSetup {
  const o = recordArg("cavalryRegiment", "o", input);
  return readingArg("cavalryRegiment", "o", () => common("cavalryRegiment", o.kind ?? "hussars", o, o.formation ?? "CAV_LINE", o.files));
}

function battery(fn: string, kind: "footBattery" | "horseBattery", o: UnitOptions, gun: GunType, formation: "LIMBERED" | "UNLIMBERED"): UnitSetup {
  const unit = common(fn, kind, o, formation, 1);
  const arm = kind === "horseBattery" ? "horse" : "foot";
  return { ...unit, artillery: { gun, arm, british: NATION_TRAITS[o.nation].britishGuns } };
}

/**
 * A foot battery: one gun, its limber and 4 crew (WHN-ART-1, WHN-ART-2 / AMB-39). British guns fire
 * shell at every calibre (WHN-ART-12).
 * @example
 * const guns = footBattery({ nation: "british", gun: "heavy", id: "gb-rha", side: "gb", at: { x: 40, y: 36 }, facing: 270 });
 */
export function footBattery(input: FootBatteryOptions): UnitSetup {
  const o = recordArg("footBattery", "o", input);
  return readingArg("footBattery", "o", () => battery("footBattery", "footBattery", o, o.gun ?? "medium", o.formation ?? "UNLIMBERED"));
}

/**
 * A horse battery: a light or medium gun (or howitzer) with 4 crew, limbered by default
 * (WHN-ART-1, WHN-ART-3).
 * @example
 * const guns = horseBattery({ nation: "french", id: "fr-ha", side: "fr", at: { x: 20, y: 6 } });
 */
export function horseBattery(input: HorseBatteryOptions): UnitSetup {
  const o = recordArg("horseBattery", "o", input);
  if (o.gun === ("heavy" as GunType)) throw badArg("horseBattery", "gun", "light or medium (heavy guns are never horse artillery, WHN-ART-1)", o.gun);
  return readingArg("horseBattery", "o", () => battery("horseBattery", "horseBattery", o, o.gun ?? "light", o.formation ?? "LIMBERED"));
}
