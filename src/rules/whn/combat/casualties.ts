/**
 * The owner's choice of close-combat casualties (WHN-FORM-8, CORE-CC-6, `core.ownerChoices: "ask"`):
 * a round's blows are struck and its result is known before any extended-order model is picked, so
 * the answers change only which models leave the table. Once the batch's last answer is in, its
 * Break tests and the rest of the phase follow from the rounds kept on the combats.
 */
import type { ActionContext, Outcome } from "../../../engine/context.js";
import { ok } from "../../../engine/context.js";
import type { BattleState } from "../../../state/battle.js";
import { removeChosenModels } from "../casualties.js";
import { commitCasualties } from "../combined.js";
import { checkChoice, chooseCasualties, type ChooseCasualtiesAction } from "../shooting/casualtyChoice.js";
import { resumeAfterCasualties } from "./aftermath.js";
import { emit, recorder } from "./recorder.js";

/**
 * `casualties/choose` in the close combat phase: removes the picked models (command models last,
 * CORE-STD-3) and, after the batch's last choice, resumes its Break tests (CORE-BREAK-1, WHN-BREAK-1).
 */
export function chooseCombatCasualties(state: BattleState, action: ChooseCasualtiesAction, ctx: ActionContext): Outcome {
  const checked = checkChoice(state, action);
  if ("ok" in checked) return checked;
  const { decision: d, unit: u, picked } = checked;
  const r = recorder(ctx);
  const removal = removeChosenModels(u, picked);
  emit(r, "combat/casualties", "CORE-CC-6", { unit: u.id, wounds: d.wounds ?? removal.removed, removed: removal.removed, figures: removal.unit.figures, commandLost: [...removal.commandLost], chosen: [...picked] });
  let s: BattleState = { ...state, pending: state.pending.slice(1) };
  // Only units without merged elites are asked, so no elite share is due (CORE-UNIT-1).
  s = commitCasualties(s, removal.unit, removal.removed, { kind: "combat", eliteInContact: 0 }, (type, rule, x) => emit(r, type, rule, x));
  if (s.pending.some((x) => x.kind === "casualtyChoice")) return ok(s);
  return ok(resumeAfterCasualties(s, r, d.batch ?? []));
}

/** `casualties/choose` wherever it is asked: fire and stand and shoot, or close combat. */
export function chooseAnyCasualties(state: BattleState, action: ChooseCasualtiesAction, ctx: ActionContext): Outcome {
  return state.turn.phase === "combat" ? chooseCombatCasualties(state, action, ctx) : chooseCasualties(state, action, ctx);
}
