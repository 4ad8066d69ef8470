import { movementModule } from "../rules/whn/movement/index.js";
import { shootingModule } from "../rules/whn/shooting/index.js";
import { combatModule } from "../rules/whn/combat/index.js";
import { moraleModule } from "../rules/whn/morale/index.js";
import { artilleryModule } from "../rules/whn/artillery/index.js";
import { fnfModule } from "../rules/fnf/index.js";

/** Every rules module of every ruleset except the turn module (which drives them). */
export const PHASE_MODULES = [movementModule, shootingModule, combatModule, moraleModule, artilleryModule, fnfModule] as const;

export { movementModule, shootingModule, combatModule, moraleModule, artilleryModule, fnfModule };
