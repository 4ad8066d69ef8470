/**
 * JSON Schemas of the engine's file formats, generated from its zod schemas with zod 4's
 * `z.toJSONSchema` (draft 2020-12), for apps and bots written in other languages. The schemas
 * describe what the engine *accepts* (zod's input side): optional keys take their defaults.
 * `scripts/gen-json-schemas.ts` writes them to `schemas/*.json`, which the package ships.
 */
import * as z from "zod";
import { BattleStateSchema, SCHEMA_VERSION } from "../state/battle.js";
import { BattleSetupSchema } from "../state/setup.js";
import { RulesOptionsSchema } from "../state/options.js";
import { RuleIdSchema } from "../state/ids.js";
import { CharacterSchema, UnitSchema } from "../state/unit.js";
import { TerrainFeatureSchema } from "../state/terrain.js";
import { JsonValueSchema } from "../state/common.js";
import { ActionSchema } from "../engine/actions.js";
import { EngineEventSchema } from "../events/catalogue.js";
import { RULE_IDS } from "../rules/ruleIds.js";
import { ACTION_FIELD_DOCS } from "../engine/actionFieldDocs.js";

/** One JSON Schema to generate: its file name, title, description and zod source. */
export interface SchemaSource {
  /** File name under `schemas/` (`battle-state.json`). */
  readonly file: string;
  readonly title: string;
  readonly description: string;
  readonly schema: z.ZodType;
}

/** The schemas every build generates. */
export const CORE_SCHEMA_SOURCES: readonly SchemaSource[] = [
  { file: "battle-state.json", title: "BattleState", description: `A saved battle (saveState / loadState), format version ${SCHEMA_VERSION}.`, schema: BattleStateSchema },
  { file: "battle-setup.json", title: "BattleSetup", description: "What createBattle takes: sides, units, terrain, options and the dice seed.", schema: BattleSetupSchema },
  { file: "action.json", title: "Action", description: "Any action apply takes: a discriminated union on the namespaced `type`.", schema: ActionSchema },
  { file: "event.json", title: "EngineEvent", description: "Any event apply returns: a discriminated union on the namespaced `type` (docs/guides/events.md).", schema: EngineEventSchema as unknown as z.ZodType },
  { file: "rules-options.json", title: "RulesOptions", description: "House rules and ambiguity resolutions; every key is optional and takes its default.", schema: RulesOptionsSchema },
];

/**
 * Optional sources, generated when the engine exports them (scenario and study files): export
 * name → file name. Extension point for the modules that define those formats.
 */
export const OPTIONAL_SCHEMA_EXPORTS: Readonly<Record<string, { readonly file: string; readonly title: string; readonly description: string }>> = {
  ScenarioFileSchema: { file: "scenario.json", title: "ScenarioFile", description: "A scenario file: a battle setup with its metadata." },
  ScenarioSchema: { file: "scenario.json", title: "Scenario", description: "A scenario file: a battle setup with its metadata." },
  StudyFileSchema: { file: "study.json", title: "StudyFile", description: "A balance-study file: the experiments to run and their parameters." },
  StudySchema: { file: "study.json", title: "Study", description: "A balance-study file: the experiments to run and their parameters." },
};

function isZod(v: unknown): v is z.ZodType {
  return typeof v === "object" && v !== null && "_zod" in v;
}

/**
 * The core sources plus every optional one that one of the given module namespaces exports
 * (the package entry, its `scenarios` namespace, the `fusillade/analysis` entry…).
 * @example schemaSources([fusillade, fusillade.scenarios]).map((s) => s.file)
 */
export function schemaSources(namespaces: ReadonlyArray<Readonly<Record<string, unknown>>>): SchemaSource[] {
  const out = [...CORE_SCHEMA_SOURCES];
  const files = new Set(out.map((s) => s.file));
  for (const [name, meta] of Object.entries(OPTIONAL_SCHEMA_EXPORTS)) {
    const schema = namespaces.map((ns) => ns[name]).find(isZod);
    if (schema !== undefined && !files.has(meta.file)) {
      files.add(meta.file);
      out.push({ ...meta, schema });
    }
  }
  return out;
}

/** Shared pieces pulled out into `$defs` so every file names them once. */
function definitions(): z.core.$ZodRegistry<{ id?: string }> {
  const reg = z.registry<{ id?: string }>();
  reg.add(RuleIdSchema, { id: "RuleId" });
  reg.add(UnitSchema, { id: "Unit" });
  reg.add(CharacterSchema, { id: "Character" });
  reg.add(TerrainFeatureSchema, { id: "TerrainFeature" });
  reg.add(JsonValueSchema, { id: "JsonValue" });
  return reg;
}

/**
 * The JSON Schema (draft 2020-12) of one source: the input side of its zod schema, rule ids as an
 * enum of the specification's ids, shared pieces in `$defs`.
 * @example toJsonSchema(CORE_SCHEMA_SOURCES[0]!).title // "BattleState"
 */
export function toJsonSchema(source: SchemaSource): Record<string, unknown> {
  const json = z.toJSONSchema(source.schema, {
    target: "draft-2020-12",
    io: "input",
    metadata: definitions(),
    override: (ctx) => {
      if (ctx.zodSchema === (RuleIdSchema as unknown)) Object.assign(ctx.jsonSchema, { type: "string", enum: [...RULE_IDS] });
    },
  }) as Record<string, unknown>;
  describeActionFields(json);
  const { $schema, ...rest } = json;
  return { $schema, title: source.title, description: source.description, ...rest };
}

/**
 * Gives each action's fields their description from {@link ACTION_FIELD_DOCS} (the runtime schemas
 * carry no texts, to keep the engine bundles small): in every variant of a `oneOf` whose `type` is a
 * constant action type, wherever it stands in the generated schema.
 */
function describeActionFields(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) describeActionFields(n);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  const props = o["properties"] as Record<string, Record<string, unknown>> | undefined;
  const tag = props?.["type"]?.["const"];
  const docs = typeof tag === "string" ? ACTION_FIELD_DOCS[tag] : undefined;
  if (props !== undefined && docs !== undefined) {
    for (const [field, text] of Object.entries(docs)) {
      const p = props[field];
      if (p !== undefined) props[field] = { description: text, ...p };
    }
  }
  for (const v of Object.values(o)) describeActionFields(v);
}

/**
 * Every schema file's text (stable key order, two-space indent, trailing newline), by file name.
 * @example Object.keys(jsonSchemaFiles(CORE_SCHEMA_SOURCES)) // ["battle-state.json", …]
 */
export function jsonSchemaFiles(sources: readonly SchemaSource[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of sources) out[s.file] = `${JSON.stringify(toJsonSchema(s), null, 2)}\n`;
  return out;
}
