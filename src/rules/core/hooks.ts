/**
 * The figure-scale rulesets share their turn sequence and compulsory steps (CORE-TURN-2 with
 * WHN-TURN-1): a hook written once is registered for both CORE and WHN battles.
 */
import type { EnterHook } from "../../engine/context.js";

/** Route rulesets of an action both figure-scale rulesets play. */
export const FIGURE_RULESETS = ["whn", "core"] as const;

/** `{ "<point>": hook }` → the same hook at that point of a WHN and of a CORE battle. */
export function figureHooks(hooks: { readonly [point: string]: EnterHook }): { [key: string]: EnterHook } {
  const out: { [key: string]: EnterHook } = {};
  for (const [point, hook] of Object.entries(hooks)) {
    out[`whn:${point}`] = hook;
    out[`core:${point}`] = hook;
  }
  return out;
}
