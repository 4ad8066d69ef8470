/**
 * Typed events: the catalogue of every event type the engine emits (both rulesets), the union type
 * derived from it, validation, and English prose for each event.
 */
export {
  EVENT_CATALOGUE,
  EVENT_SCHEMAS,
  EVENT_TYPES,
  EngineEventSchema,
  eventRules,
  isEngineEventType,
  parseEvent,
  type EngineEvent,
  type EngineEventOf,
  type EngineEventType,
  type EventSchemas,
} from "./catalogue.js";
export type { EventSpec, EventFields, EventSchemaOf } from "./define.js";
export { describeEvent, namesOf, type Namer } from "./describe/index.js";
