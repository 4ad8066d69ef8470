import * as z from "zod";
import { turnModule } from "./turn.js";
import { movementModule, shootingModule, combatModule, moraleModule, artilleryModule, fnfModule } from "./modules.js";

/**
 * Zod schema of every action the engine accepts: a discriminated union on the namespaced `type`
 * (`"turn/advance"`, `"movement/move"`, `"shooting/fire"`, …). Parse at the boundary only.
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
