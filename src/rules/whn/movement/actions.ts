/**
 * The movement phase's actions, as zod schemas (parsed once at the engine boundary).
 */
import * as z from "zod";
import { UnitIdSchema } from "../../../state/ids.js";
import { Vec2Schema, facingSchema } from "../../../state/common.js";
import { WHN_FORMATIONS } from "./formations.js";

const distance = z.number().finite().min(0).max(1000);
const files = z.int().min(1).max(1000);

/** One leg of a formed unit's path: forward, wheel on a front corner, or turn in place (CORE-MOVE-1). */
export const LegSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("forward"), distance }),
  z.strictObject({ kind: z.literal("wheel"), degrees: z.number().finite().gt(0).max(360), pivot: z.enum(["left", "right"]) }),
  z.strictObject({ kind: z.literal("turn"), degrees: z.union([z.literal(90), z.literal(180), z.literal(-90)]) }),
]);

/** `movement/changeFormation`: change formation in the remaining-moves step (WHN-FCHG). */
export const ChangeFormationSchema = z.strictObject({
  type: z.literal("movement/changeFormation"),
  unit: UnitIdSchema,
  /** WHN formations (WHN-FCHG); BLOCK only under the core rules (CORE-MOVE-1). */
  formation: z.enum([...WHN_FORMATIONS, "BLOCK"]),
  files: files.optional(),
  facing: facingSchema.optional(),
});

/** `movement/move`: a normal move of a formed unit along a path (CORE-MOVE-1, CORE-GEO-18). */
export const MoveSchema = z.strictObject({
  type: z.literal("movement/move"),
  unit: UnitIdSchema,
  path: z.array(LegSchema).min(1).max(50),
});

/** `movement/march`: a march move, forward and wheels only (CORE-MOVE-2, WHN-MOVE-1…3). */
export const MarchSchema = z.strictObject({
  type: z.literal("movement/march"),
  unit: UnitIdSchema,
  path: z.array(LegSchema).min(1).max(50),
});

/**
 * `movement/moveTo`: a free-direction move (CORE-GEO-19): a square to a new front-edge centre
 * (WHN-MOVE-5), or an extended-order unit's models each to a new spot (WHN-MOVE-7).
 */
export const MoveToSchema = z.strictObject({
  type: z.literal("movement/moveTo"),
  unit: UnitIdSchema,
  to: Vec2Schema.optional(),
  models: z
    .array(z.strictObject({ x: Vec2Schema.shape.x, y: Vec2Schema.shape.y, facing: facingSchema.optional() }))
    .max(1000)
    .optional(),
  march: z.boolean().default(false),
});

/** `movement/declareCharge`: name a charger and its target (CORE-CHRG-1); `face` for HR-FLANK-1. */
export const DeclareChargeSchema = z.strictObject({
  type: z.literal("movement/declareCharge"),
  unit: UnitIdSchema,
  target: UnitIdSchema,
  face: z.enum(["front", "right", "rear", "left"]).optional(),
});

/** Charge responses (CORE-CHRG-2, WHN-CHRG-1, WHN-DET-4). */
export const RESPONSES = ["hold", "standAndShoot", "flee", "formSquare", "reformFromSquare", "fallBackBehindParent"] as const;
/** A charge response. */
export type ChargeResponse = (typeof RESPONSES)[number];

/** `movement/respond`: the charged side's response for one charged unit (CORE-CHRG-2). */
export const RespondSchema = z.strictObject({
  type: z.literal("movement/respond"),
  unit: UnitIdSchema,
  response: z.enum(RESPONSES),
  formation: z.enum(WHN_FORMATIONS).optional(),
  files: files.optional(),
});

/** `movement/chargeMove`: make one declared charger's charge move (CORE-CHRG-5). */
export const ChargeMoveSchema = z.strictObject({
  type: z.literal("movement/chargeMove"),
  unit: UnitIdSchema,
});

/** `movement/mergeDetachment`: a detachment forms up in its parent's ranks (WHN-DET-5, WHN-FCHG-5). */
export const MergeDetachmentSchema = z.strictObject({
  type: z.literal("movement/mergeDetachment"),
  /** The detachment. */
  unit: UnitIdSchema,
});

/**
 * `movement/splitDetachment`: a merged detachment steps out of its parent's ranks (WHN-DET-5,
 * WHN-FCHG-5), its front-edge centre at `to` facing `facing` (default: beside the parent, facing
 * its way), in `formation` and `files` (default: as it was when it merged).
 */
export const SplitDetachmentSchema = z.strictObject({
  type: z.literal("movement/splitDetachment"),
  /** The parent. */
  unit: UnitIdSchema,
  detachment: UnitIdSchema,
  to: Vec2Schema.optional(),
  facing: facingSchema.optional(),
  formation: z.enum(WHN_FORMATIONS).optional(),
  files: files.optional(),
});

/** Every movement action schema. */
export const MOVEMENT_ACTIONS = [
  ChangeFormationSchema,
  MoveSchema,
  MarchSchema,
  MoveToSchema,
  DeclareChargeSchema,
  RespondSchema,
  ChargeMoveSchema,
  MergeDetachmentSchema,
  SplitDetachmentSchema,
] as const;

/** `movement/changeFormation` action. */
export type ChangeFormationAction = z.output<typeof ChangeFormationSchema>;
/** `movement/move` action. */
export type MoveAction = z.output<typeof MoveSchema>;
/** `movement/march` action. */
export type MarchAction = z.output<typeof MarchSchema>;
/** `movement/moveTo` action. */
export type MoveToAction = z.output<typeof MoveToSchema>;
/** `movement/declareCharge` action. */
export type DeclareChargeAction = z.output<typeof DeclareChargeSchema>;
/** `movement/respond` action. */
export type RespondAction = z.output<typeof RespondSchema>;
/** `movement/chargeMove` action. */
export type ChargeMoveAction = z.output<typeof ChargeMoveSchema>;
/** `movement/mergeDetachment` action. */
export type MergeDetachmentAction = z.output<typeof MergeDetachmentSchema>;
/** `movement/splitDetachment` action. */
export type SplitDetachmentAction = z.output<typeof SplitDetachmentSchema>;
