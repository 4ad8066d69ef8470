/**
 * The largest battle a setup may describe: what the engine serves with every `legalActions` call
 * and every single `apply` bounded (measured in bench/worstCase.ts and documented in
 * docs/guides/limits.md). A setup past a limit is refused with a typed error naming the path.
 */
export const SETUP_LIMITS = {
  /** WHN units a battle, both sides together. */
  units: 64,
  /** Figures of one WHN unit (as scenario files allow). */
  figures: 1000,
  /** WHN characters a battle. */
  characters: 32,
  /** Terrain features a battle. */
  terrainFeatures: 64,
  /** Vertices of one terrain feature's polygon or polyline. */
  terrainVertices: 200,
  /** Fires burning at the start. */
  fires: 64,
  /** FnF units (brigades, batteries, detachments) a battle. */
  fnfUnits: 64,
  /** FnF leaders a battle. */
  fnfLeaders: 32,
  /** Bases of one FnF unit (a brigade's non-command bases). */
  fnfBases: 24,
} as const;
