import type { RulesetPack } from "../../engine/modules.js";
import { movementModule } from "./movement/index.js";
import { shootingModule } from "./shooting/index.js";
import { combatModule } from "./combat/index.js";
import { moraleModule } from "./morale/index.js";
import { artilleryModule } from "./artillery/index.js";
import { recordFacts } from "./facts.js";
import { victoryModule } from "../../battle/module.js";
import { FALLBACK_LISTINGS } from "../../battle/legal/index.js";
import type { AnyModule } from "../../engine/modules.js";

/**
 * The figure-scale rules (WHN and its CORE subset share the phase modules): what
 * `registerRuleset` needs to play their battles.
 */
export const WHN_RULESET: RulesetPack = {
  name: "whn",
  rulesets: ["whn", "core"],
  modules: [movementModule, shootingModule, combatModule, moraleModule, artilleryModule, victoryModule] as unknown as readonly AnyModule[],
  facts: { whn: recordFacts, core: recordFacts },
  fallbackListings: FALLBACK_LISTINGS,
};
