import { z } from "zod";
import { RecordKeySchema, SideIdSchema } from "./ids.js";
import { Vec2Schema, count, facingSchema } from "./common.js";

/**
 * Brigade-scale (FnF) pieces of the battle state. The FnF ruleset owns this file; the battle
 * state holds it under `fnf` when `ruleset` is `"fnf"`.
 */
export const FnfUnitSchema = z.strictObject({
  id: RecordKeySchema,
  side: SideIdSchema,
  name: z.string().max(200),
  kind: z.enum(["brigade", "battery", "detachment"]),
  arm: z.enum(["infantry", "cavalry", "artillery"]),
  classRating: z.enum(["VETERAN", "AVERAGE", "RAW"]).default("AVERAGE"),
  bases: count,
  startingBases: count,
  formation: z.string().max(64),
  position: Vec2Schema,
  facing: facingSchema,
});
/** A brigade, battery or detachment (FnF). */
export type FnfUnit = z.infer<typeof FnfUnitSchema>;

/** Zod schema of the FnF part of the battle state. */
export const FnfStateSchema = z.strictObject({
  units: z.record(RecordKeySchema, FnfUnitSchema).default({}),
});
/** The FnF part of the battle state. */
export type FnfState = z.infer<typeof FnfStateSchema>;
