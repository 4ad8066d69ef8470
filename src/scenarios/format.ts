/**
 * The scenario file format (JSON, validated with zod): table, terrain, objectives, two armies with
 * their units, characters and deployment zones, the turn limit, rules options and victory
 * conditions. `parseScenario` checks a file and reports every problem with its path;
 * `scenarioSetup` turns a scenario into a `BattleSetup` for `createBattle`.
 */
import { SETUP_LIMITS } from "../state/limits.js";
import * as z from "zod";
import { CharacterIdSchema, RecordKeySchema, SideIdSchema, UnitIdSchema } from "../state/ids.js";
import { Vec2Schema, facingSchema } from "../state/common.js";
import { FORMATIONS, ProfileSchema, QUALITIES } from "../state/unit.js";
import { TerrainFeatureSchema } from "../state/terrain.js";
import { RulesOptionsSchema } from "../state/options.js";
import { TableSchema } from "../state/battle.js";
import { UNIT_KINDS, CHARACTER_KINDS } from "./kinds.js";
import { VictorySpecSchema } from "../state/victory.js";

export {
  ObjectiveSchema,
  VictoryConditionSchema,
  VictorySpecSchema,
  type Objective,
  type VictoryCondition,
  type VictorySpec,
  type VictorySpecInput,
} from "../state/victory.js";

/** The format tag every scenario file starts with. */
export const SCENARIO_FORMAT = "fusillade-scenario" as const;
/** The current version of the scenario format. */
export const SCENARIO_VERSION = 1 as const;

/** Zod schema of an axis-aligned rectangle (`x`, `y` = the corner nearest the origin), in inches. */
export const RectSchema = z.strictObject({
  x: z.number().finite().min(0),
  y: z.number().finite().min(0),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
});
/** An axis-aligned rectangle on the table. */
export type Rect = z.infer<typeof RectSchema>;

/** Zod schema of a unit in a scenario: a preset kind, placed, with optional overrides. */
export const ScenarioUnitSchema = z.strictObject({
  id: UnitIdSchema,
  name: z.string().max(200).optional(),
  kind: z.enum(UNIT_KINDS),
  at: Vec2Schema,
  facing: facingSchema,
  formation: z.enum(FORMATIONS).optional(),
  files: z.int().min(1).max(1000).optional(),
  figures: z.int().min(1).max(1000).optional(),
  quality: z.enum(QUALITIES).optional(),
  profile: ProfileSchema.partial().optional(),
  command: z.strictObject({ leader: z.boolean(), standard: z.boolean(), musician: z.boolean() }).partial().optional(),
});
/** A unit as a scenario file gives it. */
export type ScenarioUnit = z.infer<typeof ScenarioUnitSchema>;

/** Zod schema of a character (leader, General) in a scenario; `joinedTo` places him with a unit. */
export const ScenarioCharacterSchema = z.strictObject({
  id: CharacterIdSchema,
  name: z.string().max(200).optional(),
  kind: z.enum(CHARACTER_KINDS),
  at: Vec2Schema.optional(),
  facing: facingSchema.optional(),
  joinedTo: UnitIdSchema.optional(),
  mounted: z.boolean().default(true),
  profile: ProfileSchema.partial().optional(),
});
/** A character as a scenario file gives him. */
export type ScenarioCharacter = z.infer<typeof ScenarioCharacterSchema>;

/** Zod schema of one army: its units, characters, deployment zone and posture (for bots). */
export const ScenarioSideSchema = z.strictObject({
  id: SideIdSchema,
  name: z.string().max(200),
  nation: z.string().max(64).nullable().default(null),
  /** Whether the army is attacking or holding (a hint for bots' evaluations). */
  posture: z.enum(["attack", "defend"]).default("attack"),
  deployment: RectSchema,
  // The battle's limits (SETUP_LIMITS) hold for both armies together; createBattle checks the sum.
  units: z.array(ScenarioUnitSchema).min(1).max(SETUP_LIMITS.units),
  characters: z.array(ScenarioCharacterSchema).max(SETUP_LIMITS.characters).default([]),
});
/** One army of a scenario. */
export type ScenarioSide = z.infer<typeof ScenarioSideSchema>;

const ScenarioObject = z.strictObject({
  format: z.literal(SCENARIO_FORMAT),
  version: z.literal(SCENARIO_VERSION),
  id: RecordKeySchema,
  name: z.string().min(1).max(200),
  description: z.string().max(5000).default(""),
  /** The historical episode the scenario is drawn from. */
  history: z.string().max(5000).default(""),
  /** WHN (the default) or the core rules on their own (CORE units and characters). */
  ruleset: z.enum(["whn", "core"]).default("whn"),
  table: TableSchema.default({ width: 72, height: 48 }),
  maxTurns: z.int().min(1).max(100).default(6),
  firstSide: SideIdSchema.optional(),
  wind: z.number().finite().gte(0).lt(360).optional(),
  options: RulesOptionsSchema.prefault({}),
  terrain: z.array(TerrainFeatureSchema).max(SETUP_LIMITS.terrainFeatures).default([]),
  sides: z.tuple([ScenarioSideSchema, ScenarioSideSchema]),
  victory: VictorySpecSchema.prefault({}),
});

/** Cross-checks: ids unique, references known, units inside their deployment zones. */
function checkScenario(s: z.infer<typeof ScenarioObject>, ctx: z.RefinementCtx): void {
  const add = (path: (string | number)[], message: string): void => ctx.addIssue({ code: "custom", path, message });
  const sideIds = s.sides.map((x) => x.id as string);
  if (sideIds[0] === sideIds[1]) add(["sides", 1, "id"], `duplicate side id "${sideIds[1]}"`);
  const seen = new Map<string, string>();
  const claim = (id: string, path: (string | number)[]): void => {
    const prev = seen.get(id);
    if (prev !== undefined) add(path, `duplicate id "${id}" (already used at ${prev})`);
    else seen.set(id, path.join("."));
  };
  const unitSide = new Map<string, string>();
  s.sides.forEach((side, si) => {
    const z0 = side.deployment;
    if (z0.x + z0.width > s.table.width + 1e-9 || z0.y + z0.height > s.table.height + 1e-9) {
      add(["sides", si, "deployment"], `the deployment zone reaches past the ${s.table.width}" × ${s.table.height}" table`);
    }
    side.units.forEach((u, ui) => {
      claim(u.id, ["sides", si, "units", ui, "id"]);
      unitSide.set(u.id, side.id);
      const inside = u.at.x >= z0.x - 1e-9 && u.at.x <= z0.x + z0.width + 1e-9 && u.at.y >= z0.y - 1e-9 && u.at.y <= z0.y + z0.height + 1e-9;
      if (!inside) add(["sides", si, "units", ui, "at"], `(${u.at.x}, ${u.at.y}) is outside ${side.id}'s deployment zone (${z0.x}, ${z0.y}) + ${z0.width}" × ${z0.height}"`);
    });
  });
  s.sides.forEach((side, si) => {
    side.characters.forEach((c, ci) => {
      claim(c.id, ["sides", si, "characters", ci, "id"]);
      if (c.joinedTo === undefined && c.at === undefined) add(["sides", si, "characters", ci], "a character needs `at` or `joinedTo`");
      if (c.joinedTo !== undefined && unitSide.get(c.joinedTo) !== side.id) {
        add(["sides", si, "characters", ci, "joinedTo"], `"${c.joinedTo}" is not a unit of ${side.id}`);
      }
    });
    if (side.characters.filter((c) => c.kind === "general").length > 1) add(["sides", si, "characters"], "at most one General a side");
  });
  if (s.firstSide !== undefined && !sideIds.includes(s.firstSide)) add(["firstSide"], `unknown side "${s.firstSide}"`);
  const objectives = new Set<string>();
  s.victory.objectives.forEach((o, i) => {
    if (objectives.has(o.id)) add(["victory", "objectives", i, "id"], `duplicate objective "${o.id}"`);
    objectives.add(o.id);
  });
  if (s.victory.otherwise !== "draw" && !sideIds.includes(s.victory.otherwise)) add(["victory", "otherwise"], `unknown side "${s.victory.otherwise}"`);
  s.victory.conditions.forEach((c, i) => {
    const path = ["victory", "conditions", i];
    if (!sideIds.includes(c.winner)) add([...path, "winner"], `unknown side "${c.winner}"`);
    if (c.kind === "objectiveHeld" && !objectives.has(c.objective)) add([...path, "objective"], `unknown objective "${c.objective}"`);
    if (c.kind === "unitsLost") {
      if (c.count === undefined && c.units === undefined) add(path, "give `count` or `units`");
      c.units?.forEach((u, j) => {
        const owner = unitSide.get(u);
        if (owner === undefined) add([...path, "units", j], `unknown unit "${u}"`);
        else if (owner === c.winner) add([...path, "units", j], `"${u}" belongs to the winner; list enemy units`);
      });
    }
  });
}

/** Zod schema of a scenario file (what `parseScenario` checks). */
export const ScenarioSchema = ScenarioObject.superRefine(checkScenario);
/** A validated scenario, every default filled in. */
export type Scenario = z.output<typeof ScenarioSchema>;
/** A scenario as a file writes it. */
export type ScenarioInput = z.input<typeof ScenarioSchema>;
