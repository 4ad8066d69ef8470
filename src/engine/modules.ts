import { movementModule } from "../rules/whn/movement/index.js";
import { shootingModule } from "../rules/whn/shooting/index.js";
import { combatModule } from "../rules/whn/combat/index.js";
import { moraleModule } from "../rules/whn/morale/index.js";
import { artilleryModule } from "../rules/whn/artillery/index.js";
import { fnfModule } from "../rules/fnf/index.js";
import { victoryModule } from "../battle/module.js";
import { recordFacts } from "../rules/whn/facts.js";
import type { BattleEvent, BattleState, Ruleset } from "../state/battle.js";

/**
 * Every rules module of every ruleset except the turn module (which drives them). The victory
 * module comes last: it judges `state.victory` once the other hooks of a point have run.
 */
export const PHASE_MODULES = [movementModule, shootingModule, combatModule, moraleModule, artilleryModule, fnfModule, victoryModule] as const;

export { movementModule, shootingModule, combatModule, moraleModule, artilleryModule, fnfModule, victoryModule };

/** How a ruleset's turn facts follow a committed step's events (FnF keeps none). */
export type FactsRecorder = (facts: BattleState["facts"], events: readonly BattleEvent[], combats: BattleState["combats"]) => BattleState["facts"];

/** The turn-facts recorder of each ruleset that has one. */
export const FACTS_RECORDERS: { readonly [R in Ruleset]?: FactsRecorder } = { whn: recordFacts, core: recordFacts };
