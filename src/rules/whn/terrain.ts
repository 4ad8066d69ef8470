/** The battle's terrain for the WHN rules, read once for every phase. */
import type { BattleState } from "../../state/battle.js";
import type { TerrainFeature } from "../../geometry/terrain.js";

/** The table's terrain as the geometry layer types it (the state holds a deeply readonly copy of the same shape). */
export function terrainOf(state: BattleState): readonly TerrainFeature[] {
  return state.terrain as unknown as readonly TerrainFeature[];
}
