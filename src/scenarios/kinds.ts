/**
 * Unit and character kinds a scenario file names (`"kind": "lineBattalion"`), and the builders that
 * turn a scenario entry into the unit and character setups `createBattle` takes.
 */
import type { UnitSetup } from "../state/setup.js";
import type { Profile } from "../state/unit.js";
import type { z } from "zod";
import type { CharacterSchema } from "../state/unit.js";
import { BASE_SIZES } from "../geometry/bases.js";
import { PROFILES, cavalryRegiment, infantryBattalion } from "./presets.js";
import type { ScenarioCharacter, ScenarioUnit } from "./format.js";
import { CORE_CHARACTERS, coreUnit, type CoreTroopKind } from "../presets/core.js";

/** Unit kinds of the scenario format, with what each builds. */
export const UNIT_KIND_TABLE = {
  lineBattalion: { arm: "infantry", profile: "lineInfantry", missile: "musket", light: false, figures: 24, formation: "ATTACK_COLUMN", files: 4 },
  grenadiers: { arm: "infantry", profile: "grenadiers", missile: "musket", light: false, figures: 24, formation: "ATTACK_COLUMN", files: 4 },
  lightInfantry: { arm: "infantry", profile: "lightInfantry", missile: "musket", light: true, figures: 12, formation: "OPEN_ORDER", files: 6 },
  riflemen: { arm: "infantry", profile: "lightInfantry", missile: "rifle", light: true, figures: 12, formation: "OPEN_ORDER", files: 6 },
  hussars: { arm: "cavalry", profile: "hussars", cavalry: "hussars", figures: 12, formation: "CAV_LINE", files: 6 },
  cuirassiers: { arm: "cavalry", profile: "cuirassiers", cavalry: "cuirassiers", figures: 12, formation: "CAV_LINE", files: 6 },
  lancers: { arm: "cavalry", profile: "lancers", cavalry: "lancers", figures: 12, formation: "CAV_LINE", files: 6 },
} as const;

/** Unit kinds of CORE scenarios (`ruleset: "core"`): the core book's troop types (src/presets/core.ts). */
export const CORE_UNIT_KIND_TABLE = {
  archers: "archers",
  spearmen: "spearmen",
  heavyInfantry: "heavyInfantry",
  javelinmen: "lightInfantry",
  slingers: "slingers",
  heavyCavalry: "heavyCavalry",
  lightCavalry: "lightCavalry",
  horseArchers: "horseArchers",
} as const satisfies Record<string, CoreTroopKind>;

/** A unit kind of the scenario format. */
export type UnitKind = keyof typeof UNIT_KIND_TABLE | keyof typeof CORE_UNIT_KIND_TABLE;
/** Every unit kind, for the scenario schema. */
export const UNIT_KINDS = [...Object.keys(UNIT_KIND_TABLE), ...Object.keys(CORE_UNIT_KIND_TABLE)] as [UnitKind, ...UnitKind[]];

/**
 * Character kinds of the scenario format: the army's General, a brigade leader (WHN-LEAD-1), and
 * for CORE battles a hero or the battle standard bearer (CORE-CHAR, CORE-BSB-1).
 */
export const CHARACTER_KINDS = ["general", "brigadier", "hero", "battleStandard"] as const;
/** A character kind. */
export type CharacterKind = (typeof CHARACTER_KINDS)[number];

/** A profile with a scenario's overrides (keys left out or undefined keep the preset's value). */
function overridden(base: Profile, over: { readonly [K in keyof Profile]?: number | undefined } | undefined): Profile {
  const out: { -readonly [K in keyof Profile]: number } = { ...base };
  for (const [k, v] of Object.entries(over ?? {})) if (v !== undefined) out[k as keyof Profile] = v;
  return out;
}

/** Builds a unit setup from a scenario unit entry of a side. */
export function unitFromEntry(side: string, e: ScenarioUnit): UnitSetup {
  if (e.kind in CORE_UNIT_KIND_TABLE) return coreUnitFromEntry(side, e, CORE_UNIT_KIND_TABLE[e.kind as keyof typeof CORE_UNIT_KIND_TABLE]);
  const k = UNIT_KIND_TABLE[e.kind as keyof typeof UNIT_KIND_TABLE];
  const profile = overridden(PROFILES[k.profile], e.profile);
  const common = {
    id: e.id,
    side,
    name: e.name ?? e.id,
    x: e.at.x,
    y: e.at.y,
    facing: e.facing,
    figures: e.figures ?? k.figures,
    formation: e.formation ?? k.formation,
    files: e.files ?? k.files,
    quality: e.quality ?? "REGULAR",
    profile,
  };
  const built = k.arm === "infantry" ? infantryBattalion({ ...common, light: k.light, missile: k.missile }) : cavalryRegiment({ ...common, kind: k.cavalry });
  const command = { leader: true, standard: true, musician: true, ...(e.command ?? {}) };
  return { ...built, command } as UnitSetup;
}

/** Builds a CORE unit setup (a block, or skirmishers when the entry says OPEN_ORDER). */
function coreUnitFromEntry(side: string, e: ScenarioUnit, kind: CoreTroopKind): UnitSetup {
  const built = coreUnit({
    kind,
    id: e.id,
    side,
    name: e.name ?? e.id,
    at: e.at,
    facing: e.facing,
    skirmish: e.formation === "OPEN_ORDER",
    ...(e.figures !== undefined ? { figures: e.figures } : {}),
    ...(e.files !== undefined ? { files: e.files } : {}),
    ...(e.command !== undefined ? { command: e.command } : {}),
  });
  const formation = e.formation !== undefined && e.formation !== "OPEN_ORDER" ? { formation: e.formation } : {};
  return { ...built, ...formation, profile: overridden(built.profile, e.profile), ...(e.quality !== undefined ? { quality: e.quality } : {}) } as UnitSetup;
}

/** The profile of a character kind: WHN leaders from the WHN presets, CORE characters from the core ones. */
function characterProfile(kind: ScenarioCharacter["kind"]): Profile {
  return kind === "hero" || kind === "battleStandard" ? CORE_CHARACTERS[kind].profile : PROFILES[kind];
}

/** Builds a character setup; a joined character stands at his unit's position. */
export function characterFromEntry(side: string, e: ScenarioCharacter, unitAt: (id: string) => { x: number; y: number; facing: number } | undefined): z.input<typeof CharacterSchema> {
  const host = e.joinedTo === undefined ? undefined : unitAt(e.joinedTo);
  const at = e.at ?? (host !== undefined ? { x: host.x, y: host.y } : { x: 0, y: 0 });
  return {
    id: e.id,
    side,
    name: e.name ?? e.id,
    profile: overridden(characterProfile(e.kind), e.profile),
    mounted: e.mounted,
    base: e.mounted ? BASE_SIZES.cavalry : BASE_SIZES.foot,
    isGeneral: e.kind === "general",
    ...(e.kind === "battleStandard" ? { battleStandard: true } : {}),
    position: at,
    facing: e.facing ?? host?.facing ?? 0,
    joinedTo: e.joinedTo ?? null,
  } as z.input<typeof CharacterSchema>;
}
