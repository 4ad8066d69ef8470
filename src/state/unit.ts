import * as z from "zod";
import { SideIdSchema, UnitIdSchema, CharacterIdSchema } from "./ids.js";
import { BaseSizeSchema, Vec2Schema, count, facingSchema, type DeepReadonly } from "./common.js";
import { SETUP_LIMITS } from "./limits.js";

/** Troop types (CORE-GEN-1; artillery WHN-ART-1). */
export const TROOP_TYPES = ["infantry", "cavalry", "artillery"] as const;
/** Troop qualities (WHN-QUAL-1). */
export const QUALITIES = ["RAW", "REGULAR", "VETERAN"] as const;
/** Order states (WHN-GEN-5). */
export const ORDER_STATES = ["GOOD", "DISORDERED", "FLEEING"] as const;
/** WHN formations (WHN-FORM-1), artillery states included (WHN-ART-1). */
export const FORMATIONS = [
  "MARCH_COLUMN",
  "ATTACK_COLUMN",
  "LINE",
  "SQUARE",
  "CAV_COLUMN",
  "CAV_LINE",
  "OPEN_ORDER",
  "EXTENDED_ORDER",
  "LIMBERED",
  "UNLIMBERED",
  /** A CORE block of files and ranks (rules without WHN formations). */
  "BLOCK",
] as const;
/** Missile weapons (WHN-SHOOT-2 firearms; CORE-SHOOT-7 ancient missiles). */
export const MISSILE_WEAPONS = ["rifle", "musket", "carbine", "pistol", "shortBow", "bow", "compositeBow", "longbow", "crossbow", "sling", "javelin"] as const;
/** Close-combat weapons (WHN-CC-1, CORE-WPN). */
export const MELEE_WEAPONS = [
  "handWeapon",
  "musketBayonet",
  "rifleSwordBayonet",
  "pike",
  "infantrySword",
  "sabre",
  "lance",
  "thrustingSpear",
  "halberd",
  "doubleHanded",
  "twoHandWeapons",
  "dagger",
  "coreLance",
] as const;
/** Body armour (CORE-SAVE-1; breastplates are heavy armour, WHN-CC-7). */
export const BODY_ARMOUR = ["none", "light", "heavy"] as const;
/** Gun types (WHN-ART-1). */
export const GUN_TYPES = ["light", "medium", "heavy", "howitzer"] as const;

/** Troop type of a unit. */
export type TroopType = (typeof TROOP_TYPES)[number];
/** Quality of a unit. */
export type Quality = (typeof QUALITIES)[number];
/** Order state of a unit or character. */
export type OrderState = (typeof ORDER_STATES)[number];
/** A unit's formation. */
export type Formation = (typeof FORMATIONS)[number];
/** A missile weapon. */
export type MissileWeapon = (typeof MISSILE_WEAPONS)[number];
/** A close-combat weapon. */
export type MeleeWeapon = (typeof MELEE_WEAPONS)[number];
/** A gun type. */
export type GunType = (typeof GUN_TYPES)[number];

const stat = z.int().min(0).max(10);
/** Zod schema of a model profile: M WS BS S T W I A Ld (CORE-GEN-1). */
export const ProfileSchema = z.strictObject({
  M: z.number().finite().min(0).max(24),
  WS: stat,
  BS: stat,
  S: stat,
  T: stat,
  W: z.int().min(1).max(10),
  I: stat,
  A: stat,
  Ld: stat,
});
/** A model profile. */
export type Profile = z.infer<typeof ProfileSchema>;

/** Zod schema of a model's equipment. */
export const EquipmentSchema = z.strictObject({
  missile: z.enum(MISSILE_WEAPONS).nullable().default(null),
  melee: z.enum(MELEE_WEAPONS).default("handWeapon"),
  armour: z.enum(BODY_ARMOUR).default("none"),
  shield: z.boolean().default(false),
  barding: z.boolean().default(false),
});
/** A model's equipment. */
export type Equipment = z.infer<typeof EquipmentSchema>;

/** Zod schema of the per-turn flags of a unit (reset at the start of its player's turn). */
export const UnitFlagsSchema = z.strictObject({
  moved: z.boolean().default(false),
  marched: z.boolean().default(false),
  declaredCharge: z.boolean().default(false),
  charged: z.boolean().default(false),
  failedCharge: z.boolean().default(false),
  shot: z.boolean().default(false),
  rallied: z.boolean().default(false),
  /** Rallied from FLEEING this turn: may not move (CORE-RALLY-4). */
  ralliedFromFleeing: z.boolean().default(false),
  formationChanges: count.default(0),
  /** Failed a start-of-turn Panic test this turn (CORE-RALLY-3). */
  failedStartPanic: z.boolean().default(false),
  limberedOrUnlimbered: z.boolean().default(false),
  extinguishAttempted: z.boolean().default(false),
  /** Distance used this movement phase as a fraction of the allowance (WHN-FCHG-1). */
  moveUsed: z.number().finite().min(0).max(100).default(0),
});
/** Per-turn flags of a unit. */
export type UnitFlags = z.infer<typeof UnitFlagsSchema>;

/** Zod schema of per-phase counters (Panic thresholds are per phase, WHN-PANIC-2). */
export const PhaseCountersSchema = z.strictObject({
  figuresAtStart: count.default(0),
  casualties: count.default(0),
  panicTested: z.boolean().default(false),
});

/** Zod schema of the artillery part of an artillery unit (WHN-ART). */
export const ArtillerySchema = z.strictObject({
  gun: z.enum(GUN_TYPES),
  arm: z.enum(["foot", "horse"]),
  /** British guns may fire shell / shrapnel (WHN-ART-12). */
  british: z.boolean().default(false),
  limberDisabled: z.boolean().default(false),
  horseHits: count.default(0),
  gunDestroyed: z.boolean().default(false),
  /** Gun left unmanned by its crew (WHN-ART-16). */
  abandoned: z.boolean().default(false),
  gunWoundsTaken: count.default(0),
  limberWoundsTaken: count.default(0),
  /** The friendly square the crew shelter in (WHN-ART-7). */
  shelteringIn: UnitIdSchema.nullable().default(null),
});
/** The artillery part of an artillery unit. */
export type Artillery = z.infer<typeof ArtillerySchema>;

/** Why a unit left play. */
export const REMOVAL_REASONS = ["destroyed", "fledTable", "captured", "offTable"] as const;

/**
 * Zod schema of a WHN / CORE unit. `figures` counts every model of the unit (command models
 * included, joined characters not); for artillery it counts crew. Ranks are derived from
 * `figures` and `files` (CORE-GEO-5), never stored.
 */
export const UnitSchema = z.strictObject({
  id: UnitIdSchema,
  side: SideIdSchema,
  name: z.string().max(200),
  troopType: z.enum(TROOP_TYPES),
  /** Light troops may skirmish in open order (WHN-SKIRM-1). */
  light: z.boolean().default(false),
  /** The army list lets this unit use extended order (WHN-SKIRM-1). */
  extendedOrderAllowed: z.boolean().default(false),
  /** Army-list "large target" flag (HR-VOLLEY-8); null: decided by base size. */
  largeTarget: z.boolean().nullable().default(null),
  /** Army-list choice between CORE-UNIT-2 and CORE-UNIT-3 (AMB-08). */
  mixedRule: z.enum(["differentWeapons", "mixedArmour"]).nullable().default(null),
  quality: z.enum(QUALITIES).default("REGULAR"),
  profile: ProfileSchema,
  equipment: EquipmentSchema.prefault({}),
  base: BaseSizeSchema,
  figures: count.max(SETUP_LIMITS.figures),
  startingFigures: count.max(SETUP_LIMITS.figures),
  /** Wounds already lost by the one model that is wounded but alive (multi-wound models). */
  woundsTaken: count.default(0),
  command: z
    .strictObject({ leader: z.boolean().default(false), standard: z.boolean().default(false), musician: z.boolean().default(false) })
    .prefault({}),
  /**
   * The champion's own profile line from the army list (CORE-LEAD-1, AMB-111), used where a rule
   * names him: his attacks, the volley placement roll (HR-VOLLEY-3, AMB-93), the unit's Leadership
   * (WHN-LEAD-3: the best of its models). Null: he has the unit's profile and +1 A (CORE-LEAD-2).
   * Only read while `command.leader` is true.
   */
  champion: ProfileSchema.nullable().default(null),
  formation: z.enum(FORMATIONS),
  files: z.int().min(1).max(1000),
  /** Front-edge centre (CORE-GEO-3). */
  position: Vec2Schema,
  facing: facingSchema,
  /** Model positions of an EXTENDED_ORDER unit (CORE-GEO-6); null otherwise. */
  models: z.array(z.strictObject({ x: Vec2Schema.shape.x, y: Vec2Schema.shape.y, facing: facingSchema })).nullable().default(null),
  order: z.enum(ORDER_STATES).default("GOOD"),
  flags: UnitFlagsSchema.prefault({}),
  phase: PhaseCountersSchema.prefault({}),
  /** Initial volley used (WHN-SHOOT-6). */
  initialVolleyUsed: z.boolean().default(false),
  /** The parent unit of a detachment (WHN-DET-1). */
  detachmentOf: UnitIdSchema.nullable().default(null),
  /**
   * The parent a detachment stands merged into (WHN-DET-5): off the table, its `figures` counting
   * its models still alive inside the parent (whose `figures` include them); null when on its own.
   */
  mergedInto: UnitIdSchema.nullable().default(null),
  artillery: ArtillerySchema.nullable().default(null),
  /** The unit has left play, and why. */
  removed: z.strictObject({ reason: z.enum(REMOVAL_REASONS), gameTurn: z.int().min(0) }).nullable().default(null),
  /** Pursuers that left the table return here (CORE-PURS-7). */
  returnAt: Vec2Schema.nullable().default(null),
  /** Standards this unit has captured (CORE-STD-4). */
  standardsCaptured: z.array(UnitIdSchema).default([]),
  /** Lost its own standard (CORE-STD-4). */
  standardLost: z.boolean().default(false),
});
/** A unit (WHN / CORE). */
export type Unit = DeepReadonly<z.infer<typeof UnitSchema>>;

/** Zod schema of a character (leader, General, hero): CORE-CHAR, WHN-LEAD. */
export const CharacterSchema = z.strictObject({
  id: CharacterIdSchema,
  side: SideIdSchema,
  name: z.string().max(200),
  profile: ProfileSchema,
  equipment: EquipmentSchema.prefault({}),
  mounted: z.boolean().default(false),
  base: BaseSizeSchema,
  isGeneral: z.boolean().default(false),
  /** Carries the army's battle standard (CORE-BSB-1; CORE battles only, WHN-GEN-3). */
  battleStandard: z.boolean().optional(),
  position: Vec2Schema,
  facing: facingSchema,
  joinedTo: UnitIdSchema.nullable().default(null),
  /** The movement phase's game turn in which he joined (CORE-CHAR-5). */
  joinedOnTurn: z.int().min(0).nullable().default(null),
  order: z.enum(ORDER_STATES).default("GOOD"),
  woundsTaken: count.default(0),
  removed: z.strictObject({ reason: z.enum(REMOVAL_REASONS), gameTurn: z.int().min(0) }).nullable().default(null),
  flags: UnitFlagsSchema.prefault({}),
});
/** A character. */
export type Character = DeepReadonly<z.infer<typeof CharacterSchema>>;

export { CharacterIdSchema };
