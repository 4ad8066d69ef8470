/**
 * The WHN morale module: Panic tests and their triggers, disorder, fleeing, rallying, leaders and
 * characters (whn.md §10–13; core.md §10, §12, §15–17).
 */
import { defineModule } from "../../../engine/module.js";
import { JoinUnitActionSchema, LeaveUnitActionSchema, MoveCharacterActionSchema, joinUnit, leaveUnit, moveCharacter } from "./characters.js";
import { RallyActionSchema, rally } from "./rally.js";
import { compulsoryFlees, startOfTurnPanic } from "./start.js";
import { FIGURE_RULESETS, figureHooks } from "../../core/hooks.js";

export { panicTest, canPanic, markFleeing, type PanicCause, type PanicResult } from "./panic.js";
export { fleeUnit, fleeDiceCount, nearestEnemy, centreOf, type FleeCause, type FleeResult } from "./flee.js";
export { startOfTurnPanic, compulsoryFlees, fleeingFriendsNear, FLEEING_FRIENDS_RANGE } from "./start.js";
export {
  rally,
  rallyViolation,
  unitRallyViolation,
  rallyTestedThisTurn,
  reformAboutCentre,
  RallyActionSchema,
  MIN_MODELS_TO_RALLY,
  type RallyAction,
} from "./rally.js";
export * from "./disorder.js";
export * from "./triggers.js";
export * from "./characters.js";
export * from "./leaders.js";
export * from "./los.js";
export * from "./odds.js";
export { testOrder, panicsUnit, outnumbersTwoToOne, hasGeneral } from "./order.js";

/** The WHN morale module: its actions, reducers and compulsory-step hooks. */
export const moraleModule = defineModule({
  name: "whn/morale",
  actions: [RallyActionSchema, JoinUnitActionSchema, LeaveUnitActionSchema, MoveCharacterActionSchema] as const,
  routes: {
    "morale/rally": { rulesets: FIGURE_RULESETS, phases: ["movement"], handler: rally },
    "morale/joinUnit": { rulesets: FIGURE_RULESETS, phases: ["movement"], handler: joinUnit },
    "morale/leaveUnit": { rulesets: FIGURE_RULESETS, phases: ["movement"], handler: leaveUnit },
    "morale/moveCharacter": { rulesets: FIGURE_RULESETS, phases: ["movement"], handler: moveCharacter },
  },
  enter: figureHooks({ start: startOfTurnPanic, "movement.compulsory": compulsoryFlees }),
});
