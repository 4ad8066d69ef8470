import type { MovementStep, Phase, Ruleset } from "../state/battle.js";
import type { EnterHook } from "./context.js";
import { PHASE_MODULES } from "./modules.js";

/**
 * Hook keys: `"<ruleset>:<phase>"`, `"<ruleset>:movement.<step>"`, `"<ruleset>:endOfGameTurn"` and
 * `"<ruleset>:finished"`. Several modules may hook one point; they run in module order.
 */
const HOOKS = new Map<string, EnterHook[]>();
for (const m of PHASE_MODULES) {
  const enter = (m as { enter?: { readonly [k: string]: EnterHook } }).enter;
  if (enter === undefined) continue;
  for (const [key, hook] of Object.entries(enter)) HOOKS.set(key, [...(HOOKS.get(key) ?? []), hook]);
}

/** The combined hook for a point of the turn sequence, if any module hooks it. */
export function enterHook(ruleset: Ruleset, phase: Phase | "endOfGameTurn", step: MovementStep | null): EnterHook | undefined {
  const key = step === null ? `${ruleset}:${phase}` : `${ruleset}:${phase}.${step}`;
  const hooks = HOOKS.get(key);
  if (hooks === undefined) return undefined;
  return (state, ctx) => hooks.reduce((s, h) => h(s, ctx), state);
}
