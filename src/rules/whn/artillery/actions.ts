/**
 * The artillery module's actions as zod schemas (parsed once at the engine boundary).
 */
import * as z from "zod";
import { RecordKeySchema, UnitIdSchema } from "../../../state/ids.js";
import { LegSchema } from "../movement/actions.js";
import { AMMUNITION } from "./guns.js";

/** `artillery/limber`: an unlimbered gun limbers up, half a move (WHN-ART-4). */
export const LimberSchema = z.strictObject({ type: z.literal("artillery/limber"), unit: UnitIdSchema.describe("The unlimbered gun that limbers up.") });

/** `artillery/unlimber`: a limbered gun unlimbers, half a move (WHN-ART-4). */
export const UnlimberSchema = z.strictObject({ type: z.literal("artillery/unlimber"), unit: UnitIdSchema.describe("The limbered gun that unlimbers.") });

/** `artillery/move`: a gun moves at its rate for its state; `march` only when limbered (WHN-ART-3, WHN-ART-4). */
export const GunMoveSchema = z.strictObject({
  type: z.literal("artillery/move"),
  unit: UnitIdSchema.describe("The gun that moves, at the rate for its state (limbered, unlimbered, manhandled)."),
  path: z.array(LegSchema).min(1).max(50).describe("The legs of the move, in order: forward, wheel or turn (at most 50)."),
  march: z.boolean().default(false).describe("Whether the move is a march (limbered guns only)."),
});

/** `artillery/fire`: shot, canister or shell at an enemy unit; horse guns may also limber (WHN-ART-5, WHN-ART-8). */
export const GunFireSchema = z.strictObject({
  type: z.literal("artillery/fire"),
  unit: UnitIdSchema.describe("The unlimbered gun that fires."),
  target: UnitIdSchema.describe("The enemy unit it fires at."),
  ammunition: z.enum(AMMUNITION).describe("What it fires: `shot` (roundshot), `canister` or `shell` (howitzers, and other guns where the nation allows it)."),
  andLimber: z.boolean().optional().describe("Horse artillery only: limber up after firing."),
});

/** Charge responses a gun may make besides those of `movement/respond` (WHN-ART-6, WHN-ART-7). */
export const ARTILLERY_RESPONSES = ["hold", "standAndShoot", "flee", "fireAndFlee", "shelter"] as const;
/** A gun's charge response. */
export type ArtilleryResponse = (typeof ARTILLERY_RESPONSES)[number];

/** `artillery/respond`: answers a pending charge-response decision for a gun (WHN-ART-6, WHN-ART-7). */
export const GunRespondSchema = z.strictObject({
  type: z.literal("artillery/respond"),
  unit: UnitIdSchema.describe("The charged gun whose crew respond."),
  response: z.enum(ARTILLERY_RESPONSES).describe("The crew's response: hold, stand and shoot, flee, fire then flee, or shelter in a friendly square."),
  ammunition: z.enum(AMMUNITION).optional().describe("With `standAndShoot` or `fireAndFlee`: what the gun fires (default: canister if the charger is within canister range, else shot)."),
  square: UnitIdSchema.optional().describe("With `shelter`: the friendly square the crew run into."),
});

/** `artillery/shelter`: the crew go into a friendly square, leaving the gun (WHN-ART-7). */
export const ShelterSchema = z.strictObject({
  type: z.literal("artillery/shelter"),
  unit: UnitIdSchema.describe("The gun whose crew take shelter."),
  square: UnitIdSchema.describe("The friendly square they go into."),
});

/** `artillery/leaveShelter`: the crew come out beside their square, on one of its faces (WHN-ART-7). */
export const LeaveShelterSchema = z.strictObject({
  type: z.literal("artillery/leaveShelter"),
  unit: UnitIdSchema.describe("The gun whose sheltered crew come out."),
  face: z.enum(["front", "right", "rear", "left"]).default("rear").describe("The square's face they come out beside."),
});

/** `artillery/reman`: crew in contact with their abandoned gun man it again (WHN-ART-16). */
export const RemanSchema = z.strictObject({ type: z.literal("artillery/reman"), unit: UnitIdSchema.describe("The abandoned gun its crew man again.") });

/** `artillery/extinguish`: a unit near water fights a fire circle instead of moving (WHN-FIRE-4). */
export const ExtinguishSchema = z.strictObject({
  type: z.literal("artillery/extinguish"),
  unit: UnitIdSchema.describe("The unit near water that fights the fire instead of moving."),
  fire: RecordKeySchema.describe("The fire, by its key in the state's fires."),
  circle: z.int().min(0).max(10_000).default(0).describe("Which circle of the fire to put out: its index in the fire's `circles` (the unit must be within 1\" of it)."),
});

/** Every artillery action schema. */
export const ARTILLERY_ACTIONS = [LimberSchema, UnlimberSchema, GunMoveSchema, GunFireSchema, GunRespondSchema, ShelterSchema, LeaveShelterSchema, RemanSchema, ExtinguishSchema] as const;

/** `artillery/limber` action. */
export type LimberAction = z.output<typeof LimberSchema>;
/** `artillery/unlimber` action. */
export type UnlimberAction = z.output<typeof UnlimberSchema>;
/** `artillery/move` action. */
export type GunMoveAction = z.output<typeof GunMoveSchema>;
/** `artillery/fire` action. */
export type GunFireAction = z.output<typeof GunFireSchema>;
/** `artillery/respond` action. */
export type GunRespondAction = z.output<typeof GunRespondSchema>;
/** `artillery/shelter` action. */
export type ShelterAction = z.output<typeof ShelterSchema>;
/** `artillery/leaveShelter` action. */
export type LeaveShelterAction = z.output<typeof LeaveShelterSchema>;
/** `artillery/reman` action. */
export type RemanAction = z.output<typeof RemanSchema>;
/** `artillery/extinguish` action. */
export type ExtinguishAction = z.output<typeof ExtinguishSchema>;
