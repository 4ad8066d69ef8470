import type { AnyModule, RulesetPack } from "../../engine/modules.js";
import { applyOwned } from "../../engine/apply.js";
import { victoryModule } from "../../battle/module.js";
import { fnfModule } from "./module.js";
import { bindFnfApply } from "./legal.js";

/** The brigade-scale (FnF) rules: what `registerRuleset` needs to play their battles. */
export const FNF_RULESET: RulesetPack = {
  name: "fnf",
  rulesets: ["fnf"],
  modules: [fnfModule, victoryModule] as unknown as readonly AnyModule[],
  // The FnF legal-action lister dry-runs its candidates through the engine (see ./legal.ts).
  onRegister: () => bindFnfApply(applyOwned),
};
