import type { Route } from "./context.js";
import type { Action, ActionType } from "./actions.js";
import type { Violation } from "./violation.js";
import { turnModule } from "./turn.js";
import { PHASE_MODULES } from "./modules.js";

/** Every module, the turn module first. */
const ALL_MODULES = [turnModule, ...PHASE_MODULES] as const;

const ROUTES = new Map<string, Route<Action>>();
const MESSAGES = new Map<string, (v: Violation) => string>();
for (const m of ALL_MODULES) {
  for (const [type, route] of Object.entries(m.routes as Record<string, Route<Action>>)) {
    if (ROUTES.has(type)) throw new Error(`fusillade: action type "${type}" is routed by two modules`);
    ROUTES.set(type, route);
  }
  for (const [code, fmt] of Object.entries(m.messages ?? {})) MESSAGES.set(code, fmt);
}
for (const m of ALL_MODULES) {
  for (const schema of m.actions) {
    const type = (schema.shape.type as unknown as { value: string }).value;
    if (!ROUTES.has(type)) throw new Error(`fusillade: module "${m.name}" declares action "${type}" without a route`);
  }
}

/** The route of an action type (every declared type has one; checked when the module loads). */
export function routeOf(type: ActionType): Route<Action> | undefined {
  return ROUTES.get(type);
}

/** The English template a module registered for a violation code. */
export function messageFor(code: string): ((v: Violation) => string) | undefined {
  return MESSAGES.get(code);
}

/** Every action type the engine routes. */
export function actionTypes(): readonly string[] {
  return [...ROUTES.keys()];
}
