/**
 * The WHN close combat module (CORE-CC, CORE-CR, CORE-BREAK, CORE-PURS, CORE-REDR, CORE-DISENG,
 * CORE-CHAL, WHN-CC, WHN-BREAK, HR-SQUARE): actions, reducers, hooks, and the plain-value
 * resolution and exact odds that apps, bots and researchers call directly.
 */
import { defineModule } from "../../../engine/module.js";
import type { Violation } from "../../../engine/violation.js";
import type { BattleState } from "../../../state/battle.js";
import type { ActionContext } from "../../../engine/context.js";
import { AnswerChallengeActionSchema, ChallengeActionSchema, DisengageActionSchema, FightActionSchema, RedressActionSchema, RestrainActionSchema, SplitAttacksActionSchema, answerChallenge, answerRedress, challenge, declareDisengage, fight, restrain, splitAttacks } from "./actions.js";
import { declaredDisengagements, disengage } from "./disengage.js";
import { drive } from "./drive.js";
import { recorder } from "./recorder.js";
import { legalCombatActions } from "./legal.js";
import { FIGURE_RULESETS, figureHooks } from "../../core/hooks.js";
import { ChooseCasualtiesActionSchema } from "../shooting/casualtyChoice.js";
import { chooseAnyCasualties } from "./casualties.js";

const str = (v: Violation, k: string): string => String(v[k] ?? "");

/** Entering the close combat phase: fight every combat that needs no player choice (CORE-CC-1). */
function enterCombat(state: BattleState, ctx: ActionContext): BattleState {
  return drive(state, recorder(ctx));
}

/** The compulsory-moves step: declared disengagements are made (CORE-DISENG-1). */
function compulsoryDisengage(state: BattleState, ctx: ActionContext): BattleState {
  const r = recorder(ctx);
  let s = state;
  for (const id of declaredDisengagements(state)) s = disengage(s, r, id);
  return s;
}

/** The WHN combat module: its actions, reducers and compulsory-step hooks. */
export const combatModule = defineModule({
  name: "whn/combat",
  actions: [FightActionSchema, ChallengeActionSchema, AnswerChallengeActionSchema, RestrainActionSchema, RedressActionSchema, SplitAttacksActionSchema, DisengageActionSchema, ChooseCasualtiesActionSchema] as const,
  routes: {
    "combat/fight": { rulesets: FIGURE_RULESETS, phases: ["combat"], handler: fight },
    "combat/challenge": { rulesets: FIGURE_RULESETS, phases: ["combat"], handler: challenge },
    "combat/answerChallenge": { rulesets: FIGURE_RULESETS, phases: ["combat"], handler: answerChallenge },
    "combat/restrain": { rulesets: FIGURE_RULESETS, phases: ["combat", "movement"], handler: restrain },
    "combat/redress": { rulesets: FIGURE_RULESETS, phases: ["combat"], handler: answerRedress },
    "combat/splitAttacks": { rulesets: FIGURE_RULESETS, phases: ["combat"], handler: splitAttacks },
    "combat/disengage": { rulesets: FIGURE_RULESETS, phases: ["movement"], handler: declareDisengage },
    // The owner's choice of losses (WHN-FORM-8, `core.ownerChoices: "ask"`): asked by fire, by stand and shoot (in the charge responses) and by close combat.
    "casualties/choose": { rulesets: FIGURE_RULESETS, phases: ["shooting", "movement", "combat"], handler: chooseAnyCasualties },
  },
  messages: {
    "combat/decision_pending": (v) => `A ${str(v, "kind")} decision is pending; make it first.`,
    "combat/nothing_to_fight": () => "Every combat has already fought this phase.",
    "combat/unknown_combat": (v) => `There is no combat "${str(v, "combat")}".`,
    "combat/already_fought": (v) => `Combat ${str(v, "combat")} has already fought its round this phase.`,
    "combat/no_challenge_due": (v) => `No challenge is awaited in combat ${str(v, "combat")} now.`,
    "combat/not_in_combat": (v) => `Character ${str(v, "character")} is not fighting in combat ${str(v, "combat")} on that side.`,
    "combat/no_restraint_due": (v) => `Unit ${str(v, "unit")} has no pursuit decision to make.`,
    "combat/no_split_due": (v) => `Unit ${str(v, "unit")} has no attack split to make now.`,
    "combat/split_not_allowed": (v) => `That split of unit ${str(v, "unit")}'s attacks is not possible: ${str(v, "split")}.`,
    "combat/no_redress_due": (v) => `Unit ${str(v, "unit")} has no redress decision to make.`,
    "combat/redress_not_allowed": (v) => `Unit ${str(v, "unit")} may not redress to ${str(v, "files")} files (allowed: ${str(v, "allowed")}).`,
    "combat/unknown_unit": (v) => `There is no unit "${str(v, "unit")}" in play.`,
    "combat/wrong_step": (v) => `Disengagements are declared with charges, not in the ${str(v, "step")} step.`,
    "combat/not_your_unit": (v) => `Unit ${str(v, "unit")} belongs to the other player.`,
    "combat/not_engaged": (v) => `Unit ${str(v, "unit")} is not in a combat.`,
    "combat/may_not_disengage": (v) => `Unit ${str(v, "unit")} is ${str(v, "order")} and may not choose to disengage.`,
    "combat/already_declared": (v) => `Unit ${str(v, "unit")} has already declared its disengagement.`,
    "casualties/no_choice_due": (v) => `Unit ${str(v, "unit")} has no casualties to choose now.`,
    "casualties/choice_not_allowed": (v) => `Unit ${str(v, "unit")} must remove exactly ${str(v, "asked")} different models of its ${str(v, "of")} (given: ${str(v, "models")}).`,
  },
  enter: figureHooks({ combat: enterCombat, "movement.compulsory": compulsoryDisengage }),
  legal: legalCombatActions,
});

export { resolveRound, fightingModels, attacksOf } from "./round.js";
export { roundOutcomes, unsavedChance, type RoundOutcome } from "./exact.js";
export { combatRoundOdds, roundOdds, type RoundOdds } from "./odds.js";
export { combatToDecision, decisionOdds, type DecisionOdds } from "./markov.js";
export { sampleOutcome, type LoserFate, type SampledOutcome, type CombatRoundOdds } from "./odds.js";
export { superiorValuesApply, combinedCasualties, closeCombatSave, weaponGroups } from "./mixed.js";
export { buildRound, type BuiltRound, type SideMorale } from "./build.js";
export { scoreSides, settle } from "./score.js";
export { strikeSlots } from "./order.js";
export { MELEE_WEAPON_TABLE, weaponEffect } from "./weapons.js";
export { RANK_BONUS_TABLE, rankBonusOf, squarenessOf, squarenessBonus, modelCountBonus } from "./ranks.js";
export { legalCombatActions, type CombatAction } from "./legal.js";
export type * from "./types.js";
