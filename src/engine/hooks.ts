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

/** Each point's combined hook, made once (the modules and their hooks are fixed at load). */
const COMBINED = new Map<string, EnterHook>();
for (const [key, hooks] of HOOKS) {
  COMBINED.set(key, hooks.length === 1 ? (hooks[0] as EnterHook) : (state, ctx) => hooks.reduce((s, h) => h(s, ctx), state));
}

/** The combined hook for a point of the turn sequence, if any module hooks it. */
export function enterHook(ruleset: Ruleset, phase: Phase | "endOfGameTurn", step: MovementStep | null): EnterHook | undefined {
  return COMBINED.get(step === null ? `${ruleset}:${phase}` : `${ruleset}:${phase}.${step}`);
}
