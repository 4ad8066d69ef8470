import * as z from "zod";
import { SETUP_LIMITS } from "./limits.js";
import { RecordKeySchema, SideIdSchema } from "./ids.js";
import { Vec2Schema, count, facingSchema } from "./common.js";

/**
 * Brigade-scale (FnF) pieces of the battle state. The FnF ruleset owns this file; the battle
 * state holds it under `fnf` when `ruleset` is `"fnf"`. Rules live in src/rules/fnf.
 */

/** Kinds of FnF unit (FNF-GEN-1): brigades, batteries (one gun model) and detachments (one base). */
export const FNF_UNIT_KINDS = ["brigade", "battery", "detachment"] as const;
/** Arms (FNF-ORG-1, FNF-ORG-3). */
export const FNF_ARMS = ["infantry", "cavalry", "artillery"] as const;
/** Morale classes, which set the Spent threshold (FNF-CLASS-1, FNF-STAT-2). */
export const FNF_MORALE = ["VETERAN", "AVERAGE", "RAW"] as const;
/** Guard / ordinary / militia class (FNF-CLASS-1). */
export const FNF_QUALITY = ["GUARD", "ORDINARY", "MILITIA"] as const;
/** Nations the FnF tables name (FNF-CLASS-2); `other` has no national modifier. */
export const FNF_NATIONS = ["french", "british", "russian", "austrian", "prussian", "spanish", "portuguese", "other"] as const;
/** Brigade formations (FNF-FORM-1). */
export const FNF_FORMATIONS = ["LINE", "SUPPORTED_LINE", "COLUMN_OF_ROUTE", "COLUMN_OF_ATTACK"] as const;
/** Battery types (FNF-ORG-3): HEAVY is a 12-pdr foot battery. */
export const FNF_BATTERY_TYPES = ["FOOT", "HORSE", "HEAVY"] as const;
/** Leader ranks (FNF-CMD-1; `army` only where the scenario gives one, FNF-CMD-3). */
export const FNF_LEADER_RANKS = ["division", "corps", "army"] as const;
/** Leader ratings (FNF-CMD-1). */
export const FNF_RATINGS = ["poor", "normal", "exceptional"] as const;
/** Why a unit left play. */
export const FNF_REMOVALS = ["eliminated", "quitField", "wrecked", "captured", "destroyed", "rejoined"] as const;
/** Maneuver results (FNF-MAN-2): good-order column then disordered column. */
export const FNF_MANEUVER_RESULTS = [
  "RETIRE",
  "DISENGAGE",
  "HOLD",
  "TARDY",
  "WELL_HANDLED",
  "QUIT_FIELD",
  "BROKEN",
  "WAVERING",
  "SHAKEN",
  "RALLY_HALF_MOVE",
  "RALLY_ELAN",
] as const;

/** A brigade formation. */
export type FnfFormation = (typeof FNF_FORMATIONS)[number];
/** A nation of the FnF tables. */
export type FnfNation = (typeof FNF_NATIONS)[number];
/** A morale class. */
export type FnfMorale = (typeof FNF_MORALE)[number];
/** A battery type. */
export type FnfBatteryType = (typeof FNF_BATTERY_TYPES)[number];
/** A maneuver result. */
export type FnfManeuverResult = (typeof FNF_MANEUVER_RESULTS)[number];
/** A leader's rating. */
export type FnfRating = (typeof FNF_RATINGS)[number];

/** Zod schema of a battery's gun record (FNF-ORG-3, FNF-ART-4). */
export const FnfBatterySchema = z.strictObject({
  type: z.enum(FNF_BATTERY_TYPES),
  limbered: z.boolean().default(false),
  silenced: z.boolean().default(false),
  damaged: z.boolean().default(false),
  /** Already made its silenced move (a melee withdrawal, FNF-ART-5): the status lifts next maneuver phase. */
  withdrawn: z.boolean().default(false),
});

/**
 * Zod schema of what this turn's maneuver roll allows a unit (FNF-MAN-2/3): set by `fnf/maneuver`,
 * spent by `fnf/move`, `fnf/detach` and `fnf/rejoin`.
 */
export const FnfManeuverSchema = z.strictObject({
  result: z.enum(FNF_MANEUVER_RESULTS),
  score: z.int().min(-100).max(100),
  /** Inches of normal move the result grants (0, half or full move). */
  allowance: z.number().finite().gte(0),
  mayChange: z.boolean(),
  /** False on Tardy and Rally-and-half-move (FNF-FORM-3, AMB-80). */
  fullChangeAllowed: z.boolean(),
  mayContact: z.boolean(),
  badGoing: z.boolean(),
  /** Set once the unit has made its voluntary move (one per phase). */
  moved: z.boolean().default(false),
  changed: z.boolean().default(false),
});
/** This turn's maneuver allowance of a unit. */
export type FnfManeuver = z.infer<typeof FnfManeuverSchema>;

/** Zod schema of per-turn flags, reset at the start of every player turn (FNF-TURN-1). */
export const FnfTurnFlagsSchema = z.strictObject({
  maneuver: FnfManeuverSchema.nullable().default(null),
  /** Made a formation change this player turn (FNF-FIRE-5, AMB-86). */
  changedFormation: z.boolean().default(false),
  fired: z.boolean().default(false),
  /** Stands lost in this turn's fire phases and this melee's struggles (FNF-MEL-3). */
  basesLost: count.default(0),
  /** Made its one breakthrough this melee phase (AMB-89). */
  breakthrough: z.boolean().default(false),
  /** Made its compulsory low-ammo or silenced move this maneuver phase (FNF-FIRE-9, FNF-ART-4). */
  compulsoryMoved: z.boolean().default(false),
});

const FnfUnitObject = z.strictObject({
  id: RecordKeySchema,
  side: SideIdSchema,
  name: z.string().max(200).default(""),
  kind: z.enum(FNF_UNIT_KINDS),
  arm: z.enum(FNF_ARMS),
  /** The division leader commanding it (FNF-ORG-4); null for units under no division. */
  division: RecordKeySchema.nullable().default(null),
  nation: z.enum(FNF_NATIONS).default("other"),
  morale: z.enum(FNF_MORALE).default("AVERAGE"),
  quality: z.enum(FNF_QUALITY).default("ORDINARY"),
  light: z.boolean().default(false),
  rifles: z.boolean().default(false),
  armored: z.boolean().default(false),
  lancers: z.boolean().default(false),
  exceptionalBrigadier: z.boolean().default(false),
  /** Non-command bases on the table (a battery or detachment: 1). */
  bases: count.max(SETUP_LIMITS.fnfBases),
  /** Non-command bases at the start (`N` of FNF-STAT-2); defaults to `bases`. */
  startingBases: count.max(SETUP_LIMITS.fnfBases).optional(),
  /** Bases out as temporary detachments (FNF-DET-2): not lost. */
  detached: count.default(0),
  formation: z.enum(FNF_FORMATIONS).default("LINE"),
  skirmishing: z.boolean().default(false),
  battery: FnfBatterySchema.nullable().default(null),
  /** A temporary detachment's parent brigade; null for a permanent detachment (FNF-DET-1). */
  parent: RecordKeySchema.nullable().default(null),
  /** Reference point P: the centre of the footprint's front edge (FNF-GEO-2). */
  position: Vec2Schema,
  facing: facingSchema,
  disordered: z.boolean().default(false),
  lowAmmo: z.boolean().default(false),
  removed: z.enum(FNF_REMOVALS).nullable().default(null),
  turn: FnfTurnFlagsSchema.prefault({}),
});

/** Zod schema of a brigade, battery or detachment (FnF). */
export const FnfUnitSchema = FnfUnitObject.transform((u) => ({ ...u, startingBases: u.startingBases ?? u.bases }));
/** A brigade, battery or detachment (FnF). */
export type FnfUnit = z.output<typeof FnfUnitSchema>;
/** An FnF unit as a setup writes it. */
export type FnfUnitInput = z.input<typeof FnfUnitSchema>;

/** Zod schema of a division, corps or army leader (FNF-CMD). */
export const FnfLeaderSchema = z.strictObject({
  id: RecordKeySchema,
  side: SideIdSchema,
  name: z.string().max(200).default(""),
  rank: z.enum(FNF_LEADER_RANKS),
  rating: z.enum(FNF_RATINGS).default("normal"),
  /** The corps leader of a division leader (the army commander of a corps leader, if any). */
  superior: RecordKeySchema.nullable().default(null),
  /** Centre of the leader's base. */
  position: Vec2Schema,
  attachedTo: RecordKeySchema.nullable().default(null),
  /** Marked out of command this turn (FNF-CMD-2). */
  outOfCommand: z.boolean().default(false),
  /** Moved this maneuver phase (FNF-CMD-5). */
  moved: z.boolean().default(false),
  /** Lost as a casualty or captured, awaiting replacement (FNF-LDR-3). */
  lost: z.enum(["casualty", "captured"]).nullable().default(null),
});
/** A division, corps or army leader. */
export type FnfLeader = z.output<typeof FnfLeaderSchema>;

/** Zod schema of a melee to fight this turn (FNF-MEL-1a). */
export const FnfMeleeSchema = z.strictObject({
  id: RecordKeySchema,
  defender: RecordKeySchema,
  /** Units that named the defender, in contact order. */
  attackers: z.array(RecordKeySchema).min(1),
  /** Attackers that arrived by a breakthrough charge (+1, FNF-MEL-3). */
  breakthrough: z.array(RecordKeySchema).default([]),
});
/** A melee waiting to be fought. */
export type FnfMelee = z.output<typeof FnfMeleeSchema>;

const FnfStateObject = z.strictObject({
  /** The scenario year (Prussians before 1809, FNF-CLASS-2). */
  year: z.int().min(1700).max(1900).default(1812),
  units: z.record(RecordKeySchema, FnfUnitSchema).default({}),
  leaders: z.record(RecordKeySchema, FnfLeaderSchema).default({}),
  melees: z.record(RecordKeySchema, FnfMeleeSchema).default({}),
  nextMelee: z.int().min(1).max(1_000_000_000).default(1),
  /** Stands captured by each side (FNF-MEL-6, for victory conditions). */
  captured: z.record(RecordKeySchema, count).default({}),
});

/** Checks that ids match their keys and that every reference points at something that exists. */
function crossCheckFnf(s: z.output<typeof FnfStateObject>, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string): void => ctx.addIssue({ code: "custom", path, message });
  for (const [k, u] of Object.entries(s.units)) {
    if (u.id !== k) issue(["units", k, "id"], `id "${u.id}" does not match its key "${k}"`);
    if (Object.hasOwn(s.leaders, k)) issue(["units", k, "id"], `id "${k}" is also a leader's id`);
    if (u.division !== null && !Object.hasOwn(s.leaders, u.division)) issue(["units", k, "division"], `unknown leader "${u.division}"`);
    if (u.parent !== null && (!Object.hasOwn(s.units, u.parent) || u.parent === k)) issue(["units", k, "parent"], `unknown parent "${u.parent}"`);
    if ((u.kind === "battery") !== (u.battery !== null)) issue(["units", k, "battery"], "batteries, and only they, have a battery record");
    if (u.kind === "battery" && u.disordered) issue(["units", k, "disordered"], "a battery is never disordered (FNF-STAT-3: it is silenced instead)");
    if (u.parent !== null && u.kind !== "detachment") issue(["units", k, "parent"], `only a detachment has a parent brigade (FNF-DET-1); "${k}" is a ${u.kind}`);
    if (u.bases > u.startingBases) issue(["units", k, "bases"], "more bases than the unit started with");
  }
  for (const [k, l] of Object.entries(s.leaders)) {
    if (l.id !== k) issue(["leaders", k, "id"], `id "${l.id}" does not match its key "${k}"`);
    if (l.superior !== null && !Object.hasOwn(s.leaders, l.superior)) issue(["leaders", k, "superior"], `unknown leader "${l.superior}"`);
    if (l.attachedTo !== null && !Object.hasOwn(s.units, l.attachedTo)) issue(["leaders", k, "attachedTo"], `unknown unit "${l.attachedTo}"`);
  }
  for (const [k, m] of Object.entries(s.melees)) {
    for (const id of [m.defender, ...m.attackers]) if (!Object.hasOwn(s.units, id)) issue(["melees", k], `unknown unit "${id}"`);
  }
}

/** Zod schema of the FnF part of the battle state. */
export const FnfStateSchema = FnfStateObject.superRefine(crossCheckFnf);
/** The FnF part of the battle state. */
export type FnfState = z.output<typeof FnfStateSchema>;
/** The FnF part of a setup, as a user writes it. */
export type FnfStateInput = z.input<typeof FnfStateSchema>;
