/**
 * Victory rules (CORE-TURN-1: the scenario says how the battle is decided): objectives, victory
 * conditions and the result otherwise. Kernel schemas: the battle state and the setup carry them
 * (`state.victory`), so the engine judges them at the end of every game turn and at the turn limit;
 * scenario files write them under `victory`.
 */
import * as z from "zod";
import { RecordKeySchema, SideIdSchema, UnitIdSchema } from "./ids.js";
import { Vec2Schema } from "./common.js";

/** Zod schema of an objective: a point and the radius within which it is held. */
export const ObjectiveSchema = z.strictObject({
  id: RecordKeySchema,
  name: z.string().max(200),
  at: Vec2Schema,
  radius: z.number().finite().positive().max(100).default(4),
});
/** An objective of a scenario. */
export type Objective = z.infer<typeof ObjectiveSchema>;

/** Zod schema of one victory condition (each names the side it makes the winner). */
export const VictoryConditionSchema = z.discriminatedUnion("kind", [
  /** The winner destroys or routs `count` enemy units (or every unit listed in `units`). */
  z.strictObject({
    kind: z.literal("unitsLost"),
    winner: SideIdSchema,
    count: z.int().min(1).max(1000).optional(),
    units: z.array(UnitIdSchema).min(1).max(1000).optional(),
  }),
  /** The winner's units hold `count` captured enemy standards (CORE-STD-4). */
  z.strictObject({ kind: z.literal("standardsCaptured"), winner: SideIdSchema, count: z.int().min(1).max(1000) }),
  /** The winner holds an objective: a formed unit within its radius and no formed enemy there. */
  z.strictObject({
    kind: z.literal("objectiveHeld"),
    winner: SideIdSchema,
    objective: RecordKeySchema,
    /** `end`: judged when the turn limit is reached; `anyTurnEnd`: at the end of every game turn. */
    when: z.enum(["end", "anyTurnEnd"]).default("end"),
  }),
  /** The enemy army is broken: `fraction` of its starting figures destroyed or fleeing. */
  z.strictObject({ kind: z.literal("armyBroken"), winner: SideIdSchema, fraction: z.number().gt(0).lte(1).default(0.5) }),
]);
/** A victory condition. */
export type VictoryCondition = z.infer<typeof VictoryConditionSchema>;

/** Zod schema of a scenario's victory rules: objectives, conditions, and the result otherwise. */
export const VictorySpecSchema = z.strictObject({
  objectives: z.array(ObjectiveSchema).max(100).default([]),
  conditions: z.array(VictoryConditionSchema).max(100).default([]),
  /** The result when the turn limit is reached and no condition holds: a side, or a draw. */
  otherwise: z.union([z.literal("draw"), SideIdSchema]).default("draw"),
});
/** A scenario's victory rules (what `judge` evaluates). */
export type VictorySpec = z.infer<typeof VictorySpecSchema>;
/** Victory rules as a file writes them (defaults not yet filled in). */
export type VictorySpecInput = z.input<typeof VictorySpecSchema>;
