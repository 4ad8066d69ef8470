/**
 * What sets the rulesets apart, as data: the figure-scale rules are written once (src/rules/whn)
 * and ask this record "does this battle's ruleset have X" instead of testing the ruleset's name.
 * CORE on its own and WHN share the kernel; WHN adds Napoleonic formations, leaders, artillery
 * and a gentler panic (WHN-GEN-1).
 */
import type { BattleState, Ruleset } from "../state/battle.js";
import type { Quality } from "../state/unit.js";
import type { RuleId } from "./ruleIdType.js";

/** The differences between rulesets that the shared figure-scale code reads. */
export interface RulesetTraits {
  /** Columns, lines and squares with WHN's formation changes (WHN-FORM, WHN-FCHG); without them units stand in blocks or skirmish, and a reform is the whole move (CORE-MOVE-1). */
  readonly napoleonicFormations: boolean;
  /** Units borrow the General's Ld within 12" (CORE-GNRL-1) instead of WHN's +1 for leaders near (WHN-GEN-2). */
  readonly generalLendsLeadership: boolean;
  /** Battle standard bearers, whose re-roll a unit may take for a failed Break test (CORE-BSB-1); WHN has none (WHN-GEN-3). */
  readonly battleStandards: boolean;
  /** A combat loser that passes its Break test stays in the fight in good order (CORE-BREAK-1). */
  readonly loserHolds: boolean;
  /** Charging cavalry laps round the flanks of infantry it contacts (WHN-CHRG-7). */
  readonly cavalryLapping: boolean;
  /** A good unit that fails a panic test is disordered first (WHN-PANIC-3); without it every failure flees (CORE-PANIC-1). */
  readonly disorderBeforeFlight: boolean;
  /** The quality whose panic threshold every unit uses (CORE-PANIC-8: a quarter); null: each unit's own (WHN-PANIC-2). */
  readonly panicThresholdQuality: Quality | null;
  /** A unit that rallied this turn may not shoot (CORE-RALLY-4). */
  readonly ralliedHoldFire: boolean;
  /** Whose to-hit modifier list applies: CORE's (CORE-SHOOT-4) or WHN's (WHN-SHOOT-5). */
  readonly toHitModifiers: "core" | "whn";
  /** Guns, limbers and fires (WHN-ART, WHN-FIRE). */
  readonly artilleryAndFires: boolean;
  /** The rule each shared event names under this ruleset. */
  readonly rules: {
    readonly drawnCombat: RuleId;
    readonly formationChange: RuleId;
    readonly panicTest: RuleId;
    readonly panicFlight: RuleId;
    readonly panicThreshold: RuleId;
  };
}

const WHN_TRAITS: RulesetTraits = {
  napoleonicFormations: true,
  generalLendsLeadership: false,
  battleStandards: false,
  loserHolds: false,
  cavalryLapping: true,
  disorderBeforeFlight: true,
  panicThresholdQuality: null,
  ralliedHoldFire: false,
  toHitModifiers: "whn",
  artilleryAndFires: true,
  rules: { drawnCombat: "WHN-BREAK-6", formationChange: "WHN-FCHG-1", panicTest: "WHN-PANIC-4", panicFlight: "WHN-PANIC-3", panicThreshold: "WHN-PANIC-2" },
};

const CORE_TRAITS: RulesetTraits = {
  napoleonicFormations: false,
  generalLendsLeadership: true,
  battleStandards: true,
  loserHolds: true,
  cavalryLapping: false,
  disorderBeforeFlight: false,
  panicThresholdQuality: "VETERAN",
  ralliedHoldFire: true,
  toHitModifiers: "core",
  artilleryAndFires: false,
  rules: { drawnCombat: "CORE-CR-1", formationChange: "CORE-MOVE-1", panicTest: "CORE-PANIC-1", panicFlight: "CORE-PANIC-1", panicThreshold: "CORE-PANIC-8" },
};

/**
 * One record per ruleset. FnF plays its own rules (src/rules/fnf) on its own units, so the
 * figure-scale code never asks about it; its entry is WHN's without the guns, so a stray call
 * answers as it always did.
 */
export const RULESET_TRAITS: { readonly [R in Ruleset]: RulesetTraits } = {
  whn: WHN_TRAITS,
  core: CORE_TRAITS,
  fnf: { ...WHN_TRAITS, artilleryAndFires: false },
};

/** The traits of a battle's ruleset. */
export function traitsOf(state: Pick<BattleState, "ruleset">): RulesetTraits {
  return RULESET_TRAITS[state.ruleset];
}
