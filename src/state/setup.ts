import * as z from "zod";
import { SideIdSchema } from "./ids.js";
import { count } from "./common.js";
import { CharacterSchema, UnitSchema } from "./unit.js";
import { FireSchema, TerrainFeatureSchema } from "./terrain.js";
import { RulesOptionsSchema } from "./options.js";
import { FnfStateSchema } from "./fnf.js";
import { RULESETS, TableSchema, SideSchema } from "./battle.js";
import { VictorySpecSchema } from "./victory.js";
import { SETUP_LIMITS } from "./limits.js";

/** A unit as a setup gives it: `startingFigures` defaults to `figures`. */
export const UnitSetupSchema = UnitSchema.extend({ startingFigures: count.optional() });
/** A unit in a battle setup. */
export type UnitSetup = z.input<typeof UnitSetupSchema>;

/**
 * Zod schema of a battle setup: what `createBattle` takes. Units and characters are arrays (order
 * kept); every optional field takes the specification's default. Sizes are capped by
 * {@link SETUP_LIMITS} (FnF units, leaders and bases in `fnf`: see `checkFnfLimits` in createBattle).
 */
export const BattleSetupSchema = z.strictObject({
  ruleset: z.enum(RULESETS).default("whn"),
  /** Seed of the dice: the same setup, seed and actions always give the same battle. */
  seed: z.union([z.int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(200)]),
  table: TableSchema.default({ width: 72, height: 48 }),
  sides: z.tuple([SideSchema, SideSchema]),
  /** Who moves first; default: the first side listed (CORE-TURN-1 lets the scenario say). */
  firstSide: SideIdSchema.optional(),
  maxTurns: z.int().min(1).max(10_000).default(6),
  units: z.array(UnitSetupSchema).max(SETUP_LIMITS.units),
  characters: z.array(CharacterSchema).max(SETUP_LIMITS.characters).default([]),
  terrain: z.array(TerrainFeatureSchema).max(SETUP_LIMITS.terrainFeatures).default([]),
  fires: z.array(FireSchema).max(SETUP_LIMITS.fires).default([]),
  /** Wind in degrees; default: rolled once from the dice (CORE-GEO-33). */
  wind: z.number().finite().gte(0).lt(360).optional(),
  options: RulesOptionsSchema.prefault({}),
  fnf: FnfStateSchema.optional(),
  /** Victory rules judged by the engine (CORE-TURN-1); default null: the turn limit decides. */
  victory: VictorySpecSchema.nullable().default(null),
});
/** A battle setup as a user writes it. */
export type BattleSetup = z.input<typeof BattleSetupSchema>;
