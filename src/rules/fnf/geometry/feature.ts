import type { BattleState } from "../../../state/battle.js";

/** A terrain feature as the (readonly) battle state holds it (FNF-GEO-6). */
export type TerrainFeature = BattleState["terrain"][number];
