/** The FnF rules module as the engine registers it (an internal: the `fnf` namespace does not export it). */
import { defineModule } from "../../engine/module.js";
import { FNF_ACTIONS } from "./actions.js";
import { FNF_MESSAGES } from "./messages.js";
import { moveLeader } from "./leaders.js";
import { maneuver } from "./maneuver.js";
import { move } from "./movement.js";
import { fire } from "./fire.js";
import { resolveMelee } from "./melee.js";
import { detach, rejoin } from "./detachments.js";
import { FNF_LISTING, legalFnfActions } from "./legal.js";
import { enterCommand, enterDefensiveFire, enterFinished, enterManeuver } from "./phases.js";

/** The FnF (brigade-scale) module: its actions, reducers and compulsory-step hooks (FNF-TURN-1). */
export const fnfModule = defineModule({
  name: "fnf",
  actions: FNF_ACTIONS,
  routes: {
    "fnf/moveLeader": { rulesets: ["fnf"], phases: ["maneuver"], handler: moveLeader },
    "fnf/maneuver": { rulesets: ["fnf"], phases: ["maneuver"], handler: maneuver },
    "fnf/move": { rulesets: ["fnf"], phases: ["maneuver"], handler: move },
    "fnf/detach": { rulesets: ["fnf"], phases: ["maneuver"], handler: detach },
    "fnf/rejoin": { rulesets: ["fnf"], phases: ["maneuver"], handler: rejoin },
    "fnf/fire": { rulesets: ["fnf"], phases: ["defensiveFire", "offensiveFire"], handler: fire },
    "fnf/resolveMelee": { rulesets: ["fnf"], phases: ["melee"], handler: resolveMelee },
  },
  messages: FNF_MESSAGES,
  enter: {
    "fnf:command": enterCommand,
    "fnf:maneuver": enterManeuver,
    "fnf:defensiveFire": enterDefensiveFire,
    "fnf:finished": enterFinished,
  },
  legal: legalFnfActions,
  listing: FNF_LISTING,
});
