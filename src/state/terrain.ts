import * as z from "zod";
import { RecordKeySchema } from "./ids.js";
import { Vec2Schema } from "./common.js";
import { SETUP_LIMITS } from "./limits.js";

/** Flammability classes of terrain (WHN-FIRE-1, CORE-GEO-31). */
export const FLAMMABILITY = ["woods", "field", "woodenBuilding", "stoneBuilding"] as const;

/** Zod schema of a terrain feature's tags (CORE-GEO-31; FnF kinds in FNF-GEO-6). */
export const TerrainTagsSchema = z.strictObject({
  softCover: z.boolean().optional(),
  hardCover: z.boolean().optional(),
  difficult: z.boolean().optional(),
  veryDifficult: z.boolean().optional(),
  obstacle: z.boolean().optional(),
  impassable: z.boolean().optional(),
  blocksLos: z.boolean().optional(),
  road: z.boolean().optional(),
  water: z.boolean().optional(),
  hill: z.int().min(1).max(20).optional(),
  flammability: z.enum(FLAMMABILITY).optional(),
});

/**
 * Zod schema of a terrain feature: a polygon (an area) and, for linear features (obstacles, roads,
 * streams), a polyline, with tags.
 */
export const TerrainFeatureSchema = z.strictObject({
  id: RecordKeySchema,
  /** Free text or an FnF kind (`woods`, `buildings`, `stoneWall`, …). */
  kind: z.string().max(64),
  polygon: z.array(Vec2Schema).max(SETUP_LIMITS.terrainVertices),
  polyline: z.array(Vec2Schema).min(2).max(SETUP_LIMITS.terrainVertices).optional(),
  /** Width of a linear feature's strip (FnF), inches. */
  width: z.number().finite().positive().lte(100).optional(),
  tags: TerrainTagsSchema,
});
/** A terrain feature on the table. */
export type TerrainFeature = z.infer<typeof TerrainFeatureSchema>;

/** Zod schema of a fire: circles of 2" diameter, the last one added most recently (CORE-GEO-33). */
export const FireSchema = z.strictObject({
  id: RecordKeySchema,
  circles: z.array(z.strictObject({ centre: Vec2Schema, diameter: z.number().finite().positive(), terrain: z.enum(FLAMMABILITY) })).min(1),
});
/** A fire burning on the table (WHN-FIRE). */
export type Fire = z.infer<typeof FireSchema>;
