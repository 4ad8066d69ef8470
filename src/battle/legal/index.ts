/**
 * Fallback legal-action listings, keyed by rules-module name: `legalActions` uses a module's own
 * `listing` or `legal` when it declares one and the listing here otherwise. Each lists only actions
 * of the deciding side, each checked to apply without a violation.
 */
import type { BattleState } from "../../state/battle.js";
import type { Action } from "../../engine/actions.js";
import type { CandidateListing } from "../../engine/module.js";
import { movementLegal } from "./movement.js";
import { SHOOTING_LISTING, shootingLegal, shootingCandidates } from "./shooting.js";
import { MORALE_LISTING, moraleLegal, moraleCandidates } from "./morale.js";
import { COMBAT_LISTING, combatLegal, combatCandidates } from "./combat.js";

/** A lister of one module's legal actions for the deciding side. */
export type Lister = (state: BattleState) => Action[];

/** A listing whose candidates are already checked (a lister that proves each action itself). */
export function checkedListing(list: Lister): CandidateListing<Action> {
  return { candidates: list, check: () => true };
}

/** The fallback listings, by module name: candidates and their check, for lazy sampling. */
export const FALLBACK_LISTINGS: { readonly [module: string]: CandidateListing<Action> } = {
  "whn/movement": checkedListing(movementLegal),
  "whn/shooting": SHOOTING_LISTING,
  "whn/morale": MORALE_LISTING,
  "whn/combat": COMBAT_LISTING,
};

export { movementLegal, shootingLegal, moraleLegal, combatLegal, shootingCandidates, moraleCandidates, combatCandidates };
export { applies, keepLegal, decidingUnits, decidingSideOf } from "./common.js";
