/**
 * The catalogue of every event the engine emits, both rulesets: type → rule ids and fields. The
 * typed union {@link EngineEvent}, the zod schemas, the JSON Schema (`schemas/event.json`) and the
 * docs page (docs/guides/events.md) all derive from this one table.
 */
import * as z from "zod";
import type { RuleId } from "../state/ids.js";
import { eventSchema, type EventSchemaOf, type EventSpec } from "./define.js";
import { TURN_EVENTS } from "./turn.js";
import { CHARGE_EVENTS } from "./charge.js";
import { UNIT_EVENTS } from "./unit.js";
import { MOVEMENT_EVENTS } from "./movement.js";
import { COMBAT_EVENTS } from "./combat.js";
import { SHOOTING_EVENTS } from "./shooting.js";
import { MORALE_EVENTS } from "./morale.js";
import { ARTILLERY_EVENTS, FIRE_EVENTS } from "./artillery.js";
import { FNF_EVENTS } from "./fnf.js";
import { badArg } from "../engine/args.js";
import { plainCopy, UnreadableInput } from "../engine/plain.js";

/** Every event type's declaration (what it means, its rule ids, its fields), by type. */
export const EVENT_CATALOGUE = {
  ...TURN_EVENTS,
  ...CHARGE_EVENTS,
  ...UNIT_EVENTS,
  ...MOVEMENT_EVENTS,
  ...COMBAT_EVENTS,
  ...SHOOTING_EVENTS,
  ...MORALE_EVENTS,
  ...ARTILLERY_EVENTS,
  ...FIRE_EVENTS,
  ...FNF_EVENTS,
} as const satisfies { readonly [type: string]: EventSpec };

type Catalogue = typeof EVENT_CATALOGUE;

/** The type tag of every event the engine emits. */
export type EngineEventType = keyof Catalogue & string;

/** The strict zod schema of each event type, by type. */
export type EventSchemas = { readonly [T in EngineEventType]: EventSchemaOf<T, Catalogue[T]> };

/** The strict zod schema of each event type, by type (`EVENT_SCHEMAS["unit/fled"].parse(e)`). */
export const EVENT_SCHEMAS: EventSchemas = Object.fromEntries(Object.entries(EVENT_CATALOGUE).map(([type, spec]) => [type, eventSchema(type, spec as EventSpec)])) as unknown as EventSchemas;

/** Every event type, in catalogue order. */
export const EVENT_TYPES: readonly EngineEventType[] = Object.keys(EVENT_CATALOGUE) as EngineEventType[];

/**
 * Any event the engine emits, as a discriminated union on `type`: switch on `event.type` and the
 * payload narrows. Every event also names its `rule`, its `seq` (order in the battle) and `gameTurn`.
 * @example
 * for (const e of result.events) if (e.type === "unit/fled") console.log(e.unit, e.distance);
 */
export type EngineEvent = { [T in EngineEventType]: z.output<EventSchemas[T]> }[EngineEventType];

/** The event with a given type tag. */
export type EngineEventOf<T extends EngineEventType> = Extract<EngineEvent, { type: T }>;

/** The rule ids an event type may carry (`"cause"`: the rule of whatever caused it, any rule id). */
export function eventRules(type: EngineEventType): readonly RuleId[] | "cause" {
  if (typeof type !== "string" || !Object.hasOwn(EVENT_CATALOGUE, type)) throw badArg("eventRules", "type", "an event type of the catalogue", type);
  return EVENT_CATALOGUE[type].rules;
}

/**
 * Zod schema of any engine event: a discriminated union on `type` of the strict per-type schemas.
 * @example EngineEventSchema.safeParse(event).success
 */
export const EngineEventSchema: z.ZodType<EngineEvent> = z.discriminatedUnion(
  "type",
  Object.values(EVENT_SCHEMAS) as unknown as [z.ZodObject<{ type: z.ZodLiteral<string> }>, ...z.ZodObject<{ type: z.ZodLiteral<string> }>[]],
) as unknown as z.ZodType<EngineEvent>;

/** Whether a string is the type of an event in the catalogue. */
export function isEngineEventType(type: string): type is EngineEventType {
  return typeof type === "string" && Object.hasOwn(EVENT_CATALOGUE, type);
}

/**
 * Checks one event against the catalogue: an unknown type, a missing or unknown field, a wrong
 * value or a rule id the type may not carry is an issue. Returns the typed event, or the issues.
 * @example
 * const r = parseEvent(e); if (!r.ok) console.log(r.issues);
 */
export function parseEvent(input: unknown): { readonly ok: true; readonly event: EngineEvent } | { readonly ok: false; readonly issues: readonly string[] } {
  // Read once as plain data: a getter or Proxy trap that throws is an issue, not a raw error.
  const e = plainCopy(input);
  if (e instanceof UnreadableInput) return { ok: false, issues: [e.message] };
  const type = typeof e === "object" && e !== null ? (e as { type?: unknown }).type : undefined;
  if (typeof type !== "string" || !isEngineEventType(type)) return { ok: false, issues: [`unknown event type ${JSON.stringify(type)}`] };
  const r = (EVENT_SCHEMAS[type] as z.ZodType).safeParse(e);
  if (r.success) return { ok: true, event: r.data as EngineEvent };
  return { ok: false, issues: r.error.issues.map((i) => `${type}: ${i.path.join(".") || "(event)"}: ${i.message}`) };
}
