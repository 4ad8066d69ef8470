/**
 * Colours and styles of the SVG battlefield: side colours (by nation when known), terrain by tag.
 */
import type { TerrainFeature } from "../state/terrain.js";

/** Side colours by nation, used when a side names its nation. */
export const NATION_COLOURS: Readonly<Record<string, string>> = {
  french: "#2f5fb3",
  british: "#c0392b",
  prussian: "#2c3e50",
  austrian: "#d9d4c7",
  russian: "#2e7d4f",
  spanish: "#e0b12c",
  portuguese: "#6b4226",
};

/** Colours of the first and second side when their nation has no colour. */
export const FALLBACK_COLOURS = ["#2f5fb3", "#c0392b"] as const;

/** How a terrain feature is drawn. */
export interface TerrainStyle {
  /** CSS class suffix (`terrain-woods`). */
  readonly kind: string;
  readonly fill: string;
  readonly stroke: string;
  readonly opacity: number;
}

/**
 * The style of a terrain feature from its tags (CORE-GEO-31), most telling tag first: water,
 * impassable, hard cover (buildings), woods, difficult, hills (darker per level), roads, obstacles.
 * @example terrainStyle({ id: "w", kind: "woods", polygon: [], tags: { softCover: true } }).kind // "woods"
 */
export function terrainStyle(f: Pick<TerrainFeature, "tags">): TerrainStyle {
  const t = f.tags;
  if (t.water === true) return { kind: "water", fill: "#8fc1e3", stroke: "#4a8bbf", opacity: 0.9 };
  if (t.impassable === true) return { kind: "impassable", fill: "#5d5d5d", stroke: "#333333", opacity: 0.9 };
  if (t.hardCover === true) return { kind: "building", fill: "#a39e93", stroke: "#5f5a50", opacity: 0.95 };
  if (t.softCover === true || t.blocksLos === true) return { kind: "woods", fill: "#4f8a3c", stroke: "#2f5a22", opacity: 0.75 };
  if (t.difficult === true || t.veryDifficult === true) return { kind: "rough", fill: "#b7a76a", stroke: "#7d6f3c", opacity: 0.7 };
  if (t.hill !== undefined) return { kind: "hill", fill: "#b99a6b", stroke: "#8a6d45", opacity: Math.min(0.85, 0.35 + 0.15 * t.hill) };
  if (t.road === true) return { kind: "road", fill: "#d8c8a0", stroke: "#a8956a", opacity: 0.9 };
  if (t.obstacle === true) return { kind: "obstacle", fill: "#8b5a2b", stroke: "#5b3a1b", opacity: 0.9 };
  return { kind: "open", fill: "#cfd8b0", stroke: "#9aa77a", opacity: 0.6 };
}
