/**
 * WHN artillery and fires (whn.md §16–17; geometry.md §8–9): guns, limbers and crews, moving and
 * limbering, roundshot that bounces, canister, shell, hits on guns, gun charge responses, crews
 * sheltering and re-manning, captured guns, and fires that start, spread and are put out.
 */
import type { ActionContext } from "../../../engine/context.js";
import { defineModule } from "../../../engine/module.js";
import type { BattleState } from "../../../state/battle.js";
import { ARTILLERY_ACTIONS } from "./actions.js";
import { leaveShelter, reman, shelter } from "./crew.js";
import { fireHandler } from "./fire.js";
import { extinguish, leaveFires } from "./firefighting.js";
import { spreadFires } from "./fires.js";
import { ARTILLERY_LISTING, legalArtilleryActions } from "./legal.js";
import { limber, moveGun, unlimber } from "./move.js";
import { respondHandler } from "./respond.js";
import { artilleryUpkeep } from "./upkeep.js";

const whn = ["whn"] as const;
const movement = ["movement"] as const;

const endOfGameTurn = (state: BattleState, ctx: ActionContext): BattleState => spreadFires(artilleryUpkeep(state, ctx), ctx);
const compulsory = (state: BattleState, ctx: ActionContext): BattleState => leaveFires(artilleryUpkeep(state, ctx), ctx);

/** The WHN artillery module: its actions, reducers and compulsory-step hooks. */
export const artilleryModule = defineModule({
  name: "whn/artillery",
  actions: ARTILLERY_ACTIONS,
  routes: {
    "artillery/limber": { rulesets: whn, phases: movement, handler: limber },
    "artillery/unlimber": { rulesets: whn, phases: movement, handler: unlimber },
    "artillery/move": { rulesets: whn, phases: movement, handler: moveGun },
    "artillery/fire": { rulesets: whn, phases: ["shooting"], handler: fireHandler },
    "artillery/respond": { rulesets: whn, phases: movement, handler: respondHandler },
    "artillery/shelter": { rulesets: whn, phases: movement, handler: shelter },
    "artillery/leaveShelter": { rulesets: whn, phases: movement, handler: leaveShelter },
    "artillery/reman": { rulesets: whn, phases: movement, handler: reman },
    "artillery/extinguish": { rulesets: whn, phases: movement, handler: extinguish },
  },
  enter: {
    "whn:start": artilleryUpkeep,
    "whn:movement.compulsory": compulsory,
    "whn:movement.remaining": artilleryUpkeep,
    "whn:shooting": artilleryUpkeep,
    "whn:combat": artilleryUpkeep,
    "whn:endOfGameTurn": endOfGameTurn,
  },
  legal: legalArtilleryActions,
  listing: ARTILLERY_LISTING,
});

export { ARTILLERY_ACTIONS, ARTILLERY_RESPONSES, type ArtilleryResponse } from "./actions.js";
export {
  GUNS,
  LIMBER,
  HORSES_T,
  DEFAULT_CREW,
  HORSE_CREW_MOVE,
  GUN_MOVES,
  FIRE_TABLE,
  CANISTER_S,
  AMMUNITION,
  HIT_LOCATIONS,
  hitLocation,
  mayFireShell,
  ammunitionRange,
  gunMoveRate,
  crewMove,
  type Ammunition,
  type HitLocation,
  type FireRow,
  type GunBody as GunStats,
} from "./guns.js";
export { gunFireSituation, type GunFireRequest, type GunFireSituation } from "./situation.js";
export { resolveGunFire } from "./fire.js";
export { gunFireSpec, sampleGunFire, type GunFireSpec, type GunFireSample, type Tally } from "./sample.js";
export { gunFireOdds, specOdds, type GunFireOdds, type UnitOdds } from "./odds.js";
export { artilleryChargeResponse, allowedGunResponses, canLimberAway, type ArtilleryResponseRequest } from "./respond.js";
export { crewUnitId, crewApart } from "./crew.js";
export { legalArtilleryActions, artilleryCandidates, ARTILLERY_LISTING, type ArtilleryAction } from "./legal.js";
export { artilleryUpkeep } from "./upkeep.js";
export { FIRE_SCORES, fireObstacles, footprintInFire, flammabilityAt, burstMayStartFire, spreadFires, type FireCircle, type Flammability } from "./fires.js";
export { leaveFires, distanceToWater } from "./firefighting.js";
export { rollFlight, flightOutcomes, bounceLine, lineHits, burstHits, type Flight, type FlightOutcomes, type LineHit } from "./flight.js";
