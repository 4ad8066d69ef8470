import * as z from "zod";
import { RecordKeySchema } from "../../state/ids.js";
import { Vec2Schema, facingSchema } from "../../state/common.js";
import { FNF_FORMATIONS } from "../../state/fnf.js";

/** A pose of a unit's reference point P during a move: where it stands and, optionally, its facing. */
export const PoseSchema = z.strictObject({ x: Vec2Schema.shape.x, y: Vec2Schema.shape.y, facing: facingSchema.optional() });

/** `fnf/moveLeader`: a leader moves up to 18" and may attach to a unit (FNF-CMD-5). */
export const MoveLeaderActionSchema = z.strictObject({
  type: z.literal("fnf/moveLeader"),
  leader: RecordKeySchema.describe("The leader who moves."),
  to: Vec2Schema.describe("Where his base ends, in inches (up to 18\" of travel in all)."),
  /** Waypoints before `to`. */
  via: z.array(Vec2Schema).max(50).default([]).describe("Points he passes through on the way to `to`, in order."),
  /** Unit to attach to (his base must end touching one of its bases); null leaves him unattached. */
  attachTo: RecordKeySchema.nullable().default(null).describe("The friendly unit he attaches to (his base ends touching one of its bases); `null` leaves him unattached."),
});

/** `fnf/maneuver`: declare bad going and roll on the maneuver table (FNF-MAN-1, FNF-MAN-5). */
export const ManeuverActionSchema = z.strictObject({
  type: z.literal("fnf/maneuver"),
  unit: RecordKeySchema.describe("The unit that rolls on the maneuver table."),
  /** Whether the intended move or formation change is in bad going (declared before the roll). */
  badGoing: z.boolean().default(false).describe("Whether the move or formation change it intends is in bad going (declared before the roll, it modifies it)."),
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
  unit: RecordKeySchema.describe("The unit that moves, as its maneuver result allows."),
  path: z.array(PoseSchema).max(50).default([]).describe("The poses its reference point passes through, in inches (and facing in degrees); empty for a change of formation in place."),
  change: z
    .strictObject({
      to: FormationTargetSchema,
      facing: facingSchema.optional(),
      when: z.enum(["before", "after"]).default("after"),
    })
    .nullable()
    .default(null)
    .describe("A formation change with the move: the new formation, its facing in degrees, and whether it comes before or after the move; `null` for none."),
  /** The enemy unit this move contacts (FNF-MEL-1a); required when the move ends touching an enemy. */
  target: RecordKeySchema.nullable().default(null).describe("The enemy unit the move contacts (required when it ends touching an enemy); `null` for none."),
});

/** `fnf/fire`: a unit fires at an enemy unit or a lone leader (FNF-FIRE-1, FNF-LDR-4). */
export const FireActionSchema = z.strictObject({
  type: z.literal("fnf/fire"),
  firer: RecordKeySchema.describe("The unit (infantry or battery) that fires."),
  target: RecordKeySchema.describe("The enemy unit, or lone leader, it fires at."),
});

/** `fnf/resolveMelee`: fight one melee of this turn, in the phasing player's order (FNF-MEL-1a). */
export const ResolveMeleeActionSchema = z.strictObject({
  type: z.literal("fnf/resolveMelee"),
  melee: RecordKeySchema.describe("The melee to fight, by its key in the state's melees."),
  /** The lead attacker (default: most bases touching the defender, FNF-MEL-1). */
  lead: RecordKeySchema.nullable().default(null).describe("The lead attacking unit; `null` for the one with most bases touching the defender."),
  /** On Driven back: carry the position or break through (FNF-MEL-7). */
  drivenBack: z.enum(["carry", "breakthrough"]).default("carry").describe("If the defender is driven back: the attacker carries the position or breaks through."),
  /** Whether a carrying attacker advances into the ground taken (FNF-MEL-7 "may advance"). */
  advance: z.boolean().default(true).describe("Whether an attacker that carries the position moves into the ground taken."),
});

/** `fnf/detach`: a brigade sends one base into hard cover as a temporary detachment (FNF-DET-2). */
export const DetachActionSchema = z.strictObject({
  type: z.literal("fnf/detach"),
  unit: RecordKeySchema.describe("The brigade that sends one base out."),
  /** Id of the new detachment. */
  id: RecordKeySchema.describe("The id the new detachment takes."),
  position: Vec2Schema.describe("Where the detachment's base goes (in hard cover), in inches."),
  facing: facingSchema.describe("The detachment's facing, in degrees."),
});

/** `fnf/rejoin`: a temporary detachment rejoins its parent brigade (FNF-DET-2). */
export const RejoinActionSchema = z.strictObject({
  type: z.literal("fnf/rejoin"),
  detachment: RecordKeySchema.describe("The temporary detachment that goes back to its parent brigade."),
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
