import type { MovementStep, Phase, Ruleset } from "../state/battle.js";
import type { EnterHook } from "./context.js";
import { PHASE_MODULES, registryVersion } from "./modules.js";

/**
 * Hook keys: `"<ruleset>:<phase>"`, `"<ruleset>:movement.<step>"`, `"<ruleset>:endOfGameTurn"` and
 * `"<ruleset>:finished"`. Several modules may hook one point; they run in module order.
 */
function combine(): Map<string, EnterHook> {
  const hooks = new Map<string, EnterHook[]>();
  for (const m of PHASE_MODULES) {
    const enter = (m as { enter?: { readonly [k: string]: EnterHook } }).enter;
    if (enter === undefined) continue;
    for (const [key, hook] of Object.entries(enter)) hooks.set(key, [...(hooks.get(key) ?? []), hook]);
  }
  const combined = new Map<string, EnterHook>();
  for (const [key, list] of hooks) {
    combined.set(key, list.length === 1 ? (list[0] as EnterHook) : (state, ctx) => list.reduce((s, h) => h(s, ctx), state));
  }
  return combined;
}

/** Each point's combined hook, made once per set of registered modules. */
let COMBINED = new Map<string, EnterHook>();
let combinedVersion = -1;

/**
 * The lookups already made, by ruleset, phase and step (null: none), so the hot path builds no key
 * string: every `turn/advance` asks for one or two hooks. Emptied with {@link COMBINED}.
 */
let BY_POINT = new Map<string, Map<string, Map<string | null, EnterHook | undefined>>>();

/** The combined hook for a point of the turn sequence, if any module hooks it. */
export function enterHook(ruleset: Ruleset, phase: Phase | "endOfGameTurn", step: MovementStep | null): EnterHook | undefined {
  if (combinedVersion !== registryVersion()) {
    COMBINED = combine();
    BY_POINT = new Map();
    combinedVersion = registryVersion();
  }
  let byPhase = BY_POINT.get(ruleset);
  if (byPhase === undefined) {
    byPhase = new Map();
    BY_POINT.set(ruleset, byPhase);
  }
  let byStep = byPhase.get(phase);
  if (byStep === undefined) {
    byStep = new Map();
    byPhase.set(phase, byStep);
  }
  if (byStep.has(step)) return byStep.get(step);
  const hook = COMBINED.get(step === null ? `${ruleset}:${phase}` : `${ruleset}:${phase}.${step}`);
  byStep.set(step, hook);
  return hook;
}
