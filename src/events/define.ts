/**
 * How an event type is declared: the rule ids that may produce it, its fields (zod) and one line
 * saying what happened. The catalogue (catalogue.ts) is a table of these, and the TS union of every
 * event, the JSON Schema and the docs page are all derived from it, so they cannot drift apart.
 */
import * as z from "zod";
import { RuleIdSchema, type RuleId } from "../state/ids.js";

/** Fields of an event besides `type`, `rule`, `seq` and `gameTurn`. */
export type EventFields = z.ZodRawShape;

/**
 * One event type: `rules` lists the rule ids it may carry, or is `"cause"` when the event names
 * the rule of whatever caused it (a flight, a panic test, a loss), which many rules can be.
 */
export interface EventSpec<R extends readonly RuleId[] | "cause" = readonly RuleId[] | "cause", F extends EventFields = EventFields> {
  /** What the event says happened, one line (shown in the catalogue). */
  readonly about: string;
  readonly rules: R;
  /** For `rules: "cause"`: which rules it is seen with (documentation only). */
  readonly causes?: readonly RuleId[];
  readonly fields: F;
}

/**
 * Declares an event type (see {@link EventSpec}).
 * @example
 * const spec = event("A unit is disordered.", ["WHN-PANIC-3"], { unit: UnitIdSchema });
 */
export function event<const R extends readonly RuleId[] | "cause", const F extends EventFields>(about: string, rules: R, fields: F, causes?: readonly RuleId[]): EventSpec<R, F> {
  return causes === undefined ? { about, rules, fields } : { about, rules, fields, causes };
}

/** The zod type of an event's `rule`: an enum of its rule ids, or any rule id. */
type RuleSchemaOf<R> = R extends readonly [RuleId, ...RuleId[]] ? z.ZodEnum<{ [K in R[number]]: K }> : z.ZodType<RuleId>;

/** The zod schema of one whole event of type `T` declared by `S`. */
export type EventSchemaOf<T extends string, S extends EventSpec> = z.ZodObject<
  { type: z.ZodLiteral<T>; rule: RuleSchemaOf<S["rules"]>; seq: z.ZodInt; gameTurn: z.ZodInt } & S["fields"],
  z.core.$strict
>;

/**
 * The strict zod schema of a whole event: its type, one of its rule ids, the sequence numbers the
 * engine adds, and its fields (no other key).
 * @example eventSchema("unit/disordered", spec).parse(event)
 */
export function eventSchema<const T extends string, S extends EventSpec>(type: T, spec: S): EventSchemaOf<T, S> {
  const rule = spec.rules === "cause" || spec.rules.length === 0 ? RuleIdSchema : z.enum(spec.rules as unknown as [RuleId, ...RuleId[]]);
  return z.strictObject({ type: z.literal(type), rule, seq: z.int().min(0), gameTurn: z.int().min(0), ...spec.fields }) as unknown as EventSchemaOf<T, S>;
}
