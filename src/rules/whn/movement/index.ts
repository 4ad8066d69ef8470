/**
 * The WHN movement phase (whn.md §3–6, §14–15; core.md §3–4; geometry.md §2, §4–6): formations,
 * formation changes, moves and marches, charges and charge responses, detachments and skirmishers.
 */
import { defineModule } from "../../../engine/module.js";
import { MOVEMENT_ACTIONS } from "./actions.js";
import { changeFormationHandler } from "./changeFormation.js";
import { chargeMove, finishCharges } from "./chargeMove.js";
import { declareCharge } from "./declare.js";
import { returnDetachments } from "./detachments.js";
import { moveTo } from "./free.js";
import { mergeDetachment, splitDetachment } from "./merge.js";
import { march, move } from "./moves.js";
import { pushChargeResponses, respond } from "./respond.js";
import { returnPursuers } from "./returns.js";
import { MOVEMENT_LISTING, legalForDecidingSide } from "./legal.js";

import { FIGURE_RULESETS, figureHooks } from "../../core/hooks.js";

const whn = ["whn"] as const;
const figure = FIGURE_RULESETS;
const movement = ["movement"] as const;

/** The WHN movement module: its actions, reducers, compulsory-step hooks and legal-action lister. */
export const movementModule = Object.assign(defineModule({
  name: "whn/movement",
  actions: MOVEMENT_ACTIONS,
  routes: {
    "movement/changeFormation": { rulesets: figure, phases: movement, handler: changeFormationHandler },
    "movement/move": { rulesets: figure, phases: movement, handler: move },
    "movement/march": { rulesets: figure, phases: movement, handler: march },
    "movement/moveTo": { rulesets: figure, phases: movement, handler: moveTo },
    "movement/declareCharge": { rulesets: figure, phases: movement, handler: declareCharge },
    "movement/respond": { rulesets: figure, phases: movement, handler: respond },
    "movement/chargeMove": { rulesets: figure, phases: movement, handler: chargeMove },
    "movement/mergeDetachment": { rulesets: whn, phases: movement, handler: mergeDetachment },
    "movement/splitDetachment": { rulesets: whn, phases: movement, handler: splitDetachment },
  },
  enter: {
    ...figureHooks({ "movement.chargeResponses": (state) => pushChargeResponses(state), "movement.remaining": finishCharges }),
    "whn:movement.compulsory": (state, ctx) => returnDetachments(returnPursuers(state, ctx), ctx),
    "core:movement.compulsory": (state, ctx) => returnPursuers(state, ctx),
  },
}), { legal: legalForDecidingSide, listing: MOVEMENT_LISTING });

export { FORMATION_TABLE, WHN_FORMATIONS, canAdopt, shapeOk, adoptableFiles, ranksFor, type FormationInfo } from "./formations.js";
export { legalMovementActions, legalForDecidingSide, movementCandidates, candidatesForDecidingSide, MOVEMENT_LISTING, type MovementAction } from "./legal.js";
export { declarations, chargeDistance, type Declaration } from "./declare.js";
export { chargeThreats, reform } from "./changeFormation.js";
export { moveRate, baseMove, ARTILLERY_MOVES } from "./common.js";
