import * as z from "zod";
import { RecordKeySchema } from "../../state/ids.js";
import { Vec2Schema, facingSchema } from "../../state/common.js";
import { FNF_FORMATIONS } from "../../state/fnf.js";

/** A pose of a unit's reference point P during a move: where it stands and, optionally, its facing. */
export const PoseSchema = z.strictObject({ x: Vec2Schema.shape.x, y: Vec2Schema.shape.y, facing: facingSchema.optional() });

/** `fnf/moveLeader`: a leader moves up to 18" and may attach to a unit (FNF-CMD-5). */
export const MoveLeaderActionSchema = z.strictObject({
  type: z.literal("fnf/moveLeader"),
  leader: RecordKeySchema,
  to: Vec2Schema,
  /** Waypoints before `to`. */
  via: z.array(Vec2Schema).max(50).default([]),
  /** Unit to attach to (his base must end touching one of its bases); null leaves him unattached. */
  attachTo: RecordKeySchema.nullable().default(null),
});

/** `fnf/maneuver`: declare bad going and roll on the maneuver table (FNF-MAN-1, FNF-MAN-5). */
export const ManeuverActionSchema = z.strictObject({
  type: z.literal("fnf/maneuver"),
  unit: RecordKeySchema,
  /** Whether the intended move or formation change is in bad going (declared before the roll). */
  badGoing: z.boolean().default(false),
});

/** What a formation change turns a unit into (FNF-FORM-4, FNF-SKIRM-1, FNF-ART-1). */
export const FormationTargetSchema = z.enum([...FNF_FORMATIONS, "SKIRMISH", "CLOSE_ORDER", "LIMBERED", "UNLIMBERED", "PIVOT"]);
/** A formation-change target. */
export type FormationTarget = z.infer<typeof FormationTargetSchema>;

/**
 * `fnf/move`: the voluntary move a maneuver result allows (FNF-MAN-3): P travels through the poses;
 * an optional formation change before or after it (FNF-GEO-2a); an optional contact target.
 */
export const MoveActionSchema = z.strictObject({
  type: z.literal("fnf/move"),
  unit: RecordKeySchema,
  path: z.array(PoseSchema).max(50).default([]),
  change: z
    .strictObject({
      to: FormationTargetSchema,
      facing: facingSchema.optional(),
      when: z.enum(["before", "after"]).default("after"),
    })
    .nullable()
    .default(null),
  /** The enemy unit this move contacts (FNF-MEL-1a); required when the move ends touching an enemy. */
  target: RecordKeySchema.nullable().default(null),
});

/** `fnf/fire`: a unit fires at an enemy unit or a lone leader (FNF-FIRE-1, FNF-LDR-4). */
export const FireActionSchema = z.strictObject({
  type: z.literal("fnf/fire"),
  firer: RecordKeySchema,
  target: RecordKeySchema,
});

/** `fnf/resolveMelee`: fight one melee of this turn, in the phasing player's order (FNF-MEL-1a). */
export const ResolveMeleeActionSchema = z.strictObject({
  type: z.literal("fnf/resolveMelee"),
  melee: RecordKeySchema,
  /** The lead attacker (default: most bases touching the defender, FNF-MEL-1). */
  lead: RecordKeySchema.nullable().default(null),
  /** On Driven back: carry the position or break through (FNF-MEL-7). */
  drivenBack: z.enum(["carry", "breakthrough"]).default("carry"),
  /** Whether a carrying attacker advances into the ground taken (FNF-MEL-7 "may advance"). */
  advance: z.boolean().default(true),
});

/** `fnf/detach`: a brigade sends one base into hard cover as a temporary detachment (FNF-DET-2). */
export const DetachActionSchema = z.strictObject({
  type: z.literal("fnf/detach"),
  unit: RecordKeySchema,
  /** Id of the new detachment. */
  id: RecordKeySchema,
  position: Vec2Schema,
  facing: facingSchema,
});

/** `fnf/rejoin`: a temporary detachment rejoins its parent brigade (FNF-DET-2). */
export const RejoinActionSchema = z.strictObject({
  type: z.literal("fnf/rejoin"),
  detachment: RecordKeySchema,
});

/** Every FnF action schema. */
export const FNF_ACTIONS = [
  MoveLeaderActionSchema,
  ManeuverActionSchema,
  MoveActionSchema,
  FireActionSchema,
  ResolveMeleeActionSchema,
  DetachActionSchema,
  RejoinActionSchema,
] as const;

/** `fnf/moveLeader`. */
export type MoveLeaderAction = z.output<typeof MoveLeaderActionSchema>;
/** `fnf/maneuver`. */
export type ManeuverAction = z.output<typeof ManeuverActionSchema>;
/** `fnf/move`. */
export type MoveAction = z.output<typeof MoveActionSchema>;
/** `fnf/fire`. */
export type FireAction = z.output<typeof FireActionSchema>;
/** `fnf/resolveMelee`. */
export type ResolveMeleeAction = z.output<typeof ResolveMeleeActionSchema>;
/** `fnf/detach`. */
export type DetachAction = z.output<typeof DetachActionSchema>;
/** `fnf/rejoin`. */
export type RejoinAction = z.output<typeof RejoinActionSchema>;
