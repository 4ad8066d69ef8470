/**
 * Fallback legal-action listers, keyed by rules-module name: `legalActions` uses a module's own
 * `legal` when it declares one and the lister here otherwise. Each lister returns only actions of
 * the deciding side, each already checked to apply without a violation.
 */
import type { BattleState } from "../../state/battle.js";
import type { Action } from "../../engine/actions.js";
import { movementLegal } from "./movement.js";
import { shootingLegal } from "./shooting.js";
import { moraleLegal } from "./morale.js";
import { combatLegal } from "./combat.js";

/** A lister of one module's legal actions for the deciding side. */
export type Lister = (state: BattleState) => Action[];

/** The fallback listers, by module name. */
export const FALLBACK_LISTERS: { readonly [module: string]: Lister } = {
  "whn/movement": movementLegal,
  "whn/shooting": shootingLegal,
  "whn/morale": moraleLegal,
  "whn/combat": combatLegal,
};

export { movementLegal, shootingLegal, moraleLegal, combatLegal };
export { applies, keepLegal, decidingUnits, decidingSideOf } from "./common.js";
