/**
 * The combat actions a player may take now, for bots and app menus: the pending challenge,
 * answer, pursuit or redress decision's choices, fighting a ready combat, declaring disengagements.
 */
import type { BattleState } from "../../../state/battle.js";
import type { CombatId, SideId } from "../../../state/ids.js";
import { mayDisengage } from "../morale/disorder.js";
import { unitsOf } from "../unit.js";
import type { AnswerChallengeAction, ChallengeAction, DisengageAction, FightAction, RedressAction, RestrainAction, SplitAttacksAction } from "./actions.js";
import { sideOrder } from "./build.js";
import { challengers } from "./challenge.js";
import { combatOfUnit, declaredDisengagements } from "./disengage.js";
import { unfoughtCombats } from "./drive.js";
import { redressChoices } from "./redress.js";
import { splitAnswers } from "./split.js";
import { casualtyAnswers, type ChooseCasualtiesAction } from "../shooting/casualtyChoice.js";

/** Any combat action. */
export type CombatAction = FightAction | ChallengeAction | AnswerChallengeAction | RestrainAction | RedressAction | SplitAttacksAction | DisengageAction | ChooseCasualtiesAction;

/** The combat this decision's units belong to. */
function combatOf(state: BattleState, targets: readonly string[]): CombatId | null {
  for (const [id, c] of Object.entries(state.combats)) if (targets.length > 0 && targets.every((t) => c.units.includes(t as never))) return id as CombatId;
  return null;
}

/**
 * Every legal combat action for the deciding player now (CORE-CHAL-1/2, CORE-PURS-1, CORE-CC-1,
 * CORE-DISENG-1).
 */
export function legalCombatActions(state: BattleState): CombatAction[] {
  const d = state.pending[0];
  if (d !== undefined) {
    if (d.kind === "restraint" && d.unit !== null) return [{ type: "combat/restrain", unit: d.unit, pursue: true }, { type: "combat/restrain", unit: d.unit, pursue: false }];
    // CORE-CC-2: every split of the shared models, the default first.
    if (d.kind === "attackSplit" && d.unit !== null) {
      const unit = d.unit;
      return splitAnswers(state, d).map((split): CombatAction => ({ type: "combat/splitAttacks", unit, split: split as SplitAttacksAction["split"] }));
    }
    // CORE-REDR-1/2: the widest frontage first (the default answer), no redress last.
    if (d.kind === "redress" && d.unit !== null) {
      const unit = d.unit;
      return redressChoices(state, unit, d.targets[0] as string).map((files): CombatAction => ({ type: "combat/redress", unit, files }));
    }
    // WHN-FORM-8: the models to remove, the default (farthest from the cause) first.
    if (d.kind === "casualtyChoice" && d.unit !== null) {
      const unit = d.unit;
      return casualtyAnswers(state, d).map((models): CombatAction => ({ type: "casualties/choose", unit, models }));
    }
    const combat = combatOf(state, d.targets);
    const c = combat === null ? undefined : state.combats[combat];
    if (combat === null || c === undefined) return [];
    const mine = challengers(state, c, d.side).map((x) => x.id);
    if (d.kind === "challenge") return [{ type: "combat/challenge", combat, challenger: null }, ...mine.map((id): CombatAction => ({ type: "combat/challenge", combat, challenger: id }))];
    if (d.kind === "challengeAnswer") return [{ type: "combat/answerChallenge", combat, champion: null }, ...mine.map((id): CombatAction => ({ type: "combat/answerChallenge", combat, champion: id }))];
    return [];
  }
  if (state.turn.phase === "combat") return unfoughtCombats(state).map((combat) => ({ type: "combat/fight", combat }));
  if (state.turn.phase === "movement" && state.turn.step === "declareCharges") {
    const side: SideId = sideOrder(state)[0];
    const declared = new Set<string>(declaredDisengagements(state));
    return unitsOf(state, side)
      .filter((u) => combatOfUnit(state, u.id) !== undefined && mayDisengage(u) && !declared.has(u.id))
      .map((u) => ({ type: "combat/disengage", unit: u.id }));
  }
  return [];
}
