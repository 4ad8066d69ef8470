import * as z from "zod";
import { turnModule } from "./turn.js";
import { movementModule } from "../rules/whn/movement/index.js";
import { shootingModule } from "../rules/whn/shooting/index.js";
import { combatModule } from "../rules/whn/combat/index.js";
import { moraleModule } from "../rules/whn/morale/index.js";
import { artilleryModule } from "../rules/whn/artillery/index.js";
import { fnfModule } from "../rules/fnf/module.js";

/**
 * Zod schema of every action the engine accepts: a discriminated union on the namespaced `type`
 * (`"turn/advance"`, `"movement/move"`, `"shooting/fire"`, …) of every ruleset. `apply` and `parseAction`
 * parse with the union of the registered rulesets' actions, which is this one from the root entry.
 */
export const ActionSchema = z.discriminatedUnion("type", [
  ...turnModule.actions,
  ...movementModule.actions,
  ...shootingModule.actions,
  ...combatModule.actions,
  ...moraleModule.actions,
  ...artilleryModule.actions,
  ...fnfModule.actions,
]);

/** Any action, as a discriminated union on `type`. */
export type Action = z.output<typeof ActionSchema>;
/** An action as a user may write it (defaults not yet filled in). */
export type ActionInput = z.input<typeof ActionSchema>;
/** The type tag of every action. */
export type ActionType = Action["type"];
/** The action with a given type tag. */
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;
