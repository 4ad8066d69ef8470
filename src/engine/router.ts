import { FusilladeError } from "./violation.js";
import * as z from "zod";
import type { Route } from "./context.js";
import type { Action, ActionType } from "./actions.js";
import type { Violation } from "./violation.js";
import type { ActionSchemaLike } from "./module.js";
import { turnModule } from "./turn.js";
import { PHASE_MODULES, registryVersion, type AnyModule } from "./modules.js";

/** The routing tables of the registered modules (the turn module first), rebuilt when a ruleset registers. */
interface Tables {
  readonly routes: Map<string, Route<Action>>;
  readonly messages: Map<string, (v: Violation) => string>;
  /** The schemas of every routed action, as one discriminated union (made on first use). */
  union: z.ZodType<Action> | null;
  readonly schemas: ActionSchemaLike[];
}

let tables: Tables | null = null;
let tablesVersion = -1;

function build(): Tables {
  const modules: readonly AnyModule[] = [turnModule as unknown as AnyModule, ...PHASE_MODULES];
  const routes = new Map<string, Route<Action>>();
  const messages = new Map<string, (v: Violation) => string>();
  const schemas: ActionSchemaLike[] = [];
  for (const m of modules) {
    for (const [type, route] of Object.entries(m.routes as Record<string, Route<Action>>)) {
      if (routes.has(type)) throw new FusilladeError("engine/misuse", `fusillade: action type "${type}" is routed by two modules`);
      routes.set(type, route);
    }
    for (const [code, fmt] of Object.entries(m.messages ?? {})) messages.set(code, fmt);
  }
  for (const m of modules) {
    for (const schema of m.actions) {
      const type = (schema.shape.type as unknown as { value: string }).value;
      if (!routes.has(type)) throw new FusilladeError("engine/misuse", `fusillade: module "${m.name}" declares action "${type}" without a route`);
      schemas.push(schema);
    }
  }
  return { routes, messages, union: null, schemas };
}

function current(): Tables {
  if (tables === null || tablesVersion !== registryVersion()) {
    tables = build();
    tablesVersion = registryVersion();
  }
  return tables;
}

/** The route of an action type (every declared type has one; checked when the tables are built). */
export function routeOf(type: ActionType): Route<Action> | undefined {
  return current().routes.get(type);
}

/** The English template a module registered for a violation code. */
export function messageFor(code: string): ((v: Violation) => string) | undefined {
  return current().messages.get(code);
}

/** Every action type the engine routes (those of the registered rulesets). */
export function actionTypes(): readonly string[] {
  return [...current().routes.keys()];
}

/**
 * The schema of every action the registered rulesets route: a discriminated union on `type`, in
 * module order (with every ruleset registered, the same union as `ActionSchema`).
 */
export function routedActionSchema(): z.ZodType<Action> {
  const t = current();
  t.union ??= z.discriminatedUnion("type", t.schemas as unknown as [ActionSchemaLike, ...ActionSchemaLike[]]) as unknown as z.ZodType<Action>;
  return t.union;
}
