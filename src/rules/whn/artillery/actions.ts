/**
 * The artillery module's actions as zod schemas (parsed once at the engine boundary).
 */
import * as z from "zod";
import { RecordKeySchema, UnitIdSchema } from "../../../state/ids.js";
import { LegSchema } from "../movement/actions.js";
import { AMMUNITION } from "./guns.js";

/** `artillery/limber`: an unlimbered gun limbers up, half a move (WHN-ART-4). */
export const LimberSchema = z.strictObject({ type: z.literal("artillery/limber"), unit: UnitIdSchema });

/** `artillery/unlimber`: a limbered gun unlimbers, half a move (WHN-ART-4). */
export const UnlimberSchema = z.strictObject({ type: z.literal("artillery/unlimber"), unit: UnitIdSchema });

/** `artillery/move`: a gun moves at its rate for its state; `march` only when limbered (WHN-ART-3, WHN-ART-4). */
export const GunMoveSchema = z.strictObject({
  type: z.literal("artillery/move"),
  unit: UnitIdSchema,
  path: z.array(LegSchema).min(1).max(50),
  march: z.boolean().default(false),
});

/** `artillery/fire`: shot, canister or shell at an enemy unit; horse guns may also limber (WHN-ART-5, WHN-ART-8). */
export const GunFireSchema = z.strictObject({
  type: z.literal("artillery/fire"),
  unit: UnitIdSchema,
  target: UnitIdSchema,
  ammunition: z.enum(AMMUNITION),
  andLimber: z.boolean().optional(),
});

/** Charge responses a gun may make besides those of `movement/respond` (WHN-ART-6, WHN-ART-7). */
export const ARTILLERY_RESPONSES = ["hold", "standAndShoot", "flee", "fireAndFlee", "shelter"] as const;
/** A gun's charge response. */
export type ArtilleryResponse = (typeof ARTILLERY_RESPONSES)[number];

/** `artillery/respond`: answers a pending charge-response decision for a gun (WHN-ART-6, WHN-ART-7). */
export const GunRespondSchema = z.strictObject({
  type: z.literal("artillery/respond"),
  unit: UnitIdSchema,
  response: z.enum(ARTILLERY_RESPONSES),
  ammunition: z.enum(AMMUNITION).optional(),
  square: UnitIdSchema.optional(),
});

/** `artillery/shelter`: the crew go into a friendly square, leaving the gun (WHN-ART-7). */
export const ShelterSchema = z.strictObject({
  type: z.literal("artillery/shelter"),
  unit: UnitIdSchema,
  square: UnitIdSchema,
});

/** `artillery/leaveShelter`: the crew come out beside their square, on one of its faces (WHN-ART-7). */
export const LeaveShelterSchema = z.strictObject({
  type: z.literal("artillery/leaveShelter"),
  unit: UnitIdSchema,
  face: z.enum(["front", "right", "rear", "left"]).default("rear"),
});

/** `artillery/reman`: crew in contact with their abandoned gun man it again (WHN-ART-16). */
export const RemanSchema = z.strictObject({ type: z.literal("artillery/reman"), unit: UnitIdSchema });

/** `artillery/extinguish`: a unit near water fights a fire circle instead of moving (WHN-FIRE-4). */
export const ExtinguishSchema = z.strictObject({
  type: z.literal("artillery/extinguish"),
  unit: UnitIdSchema,
  fire: RecordKeySchema,
  circle: z.int().min(0).max(10_000).default(0),
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
