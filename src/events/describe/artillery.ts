/** Prose of artillery and fire events. */
import type { EngineEventType } from "../catalogue.js";
import { inches, plural, word, type Prose } from "./words.js";

type ArtilleryType = Extract<EngineEventType, `artillery/${string}` | `fire/${string}`>;

/** Prose of artillery and fire events. */
export const ARTILLERY_PROSE: Prose<ArtilleryType> = {
  "artillery/fired": (e, n) => `${n(e.unit)} fire ${e.ammunition} at ${n(e.target)} at ${inches(e.range)}`,
  "artillery/toHit": (e, n) => `${n(e.unit)} need ${e.need}+ to hit`,
  "artillery/canister": (e, n) => `${n(e.unit)}'s canister: ${plural(e.hits, "hit")} from ${plural(e.shots, "shot")}`,
  "artillery/misfire": (e, n) => `${n(e.unit)}'s shot goes astray`,
  "artillery/landed": (e, n) => `${n(e.unit)}'s shot lands ${e.onTarget ? "on target" : "off target"} and bounces ${inches(e.bounce)}`,
  "artillery/bounceLine": (e, n) => `${n(e.unit)}'s ball strikes ${e.units.length === 0 ? "nobody" : e.units.map((u) => `${n(u.unit)} (${plural(u.hits, "hit")})`).join(", ")}`,
  "artillery/shellBurst": (e, n) => `${n(e.unit)}'s shell bursts, striking ${e.units.length === 0 ? "nobody" : e.units.map((u) => `${n(u.unit)} (${plural(u.hits, "hit")})`).join(", ")}`,
  "artillery/hits": (e, n) => `${n(e.unit)} take ${plural(e.hits, "hit")} from the guns: ${e.killed} killed`,
  "artillery/hitLocation": (e, n) => `hits on ${n(e.unit)} fall on ${e.locations.join(", ")}`,
  "artillery/damage": (e, n) => `${n(e.unit)} lose ${plural(e.crewKilled, "crewman", "crewmen")}${e.gunDestroyed ? "; the gun is destroyed" : ""}${e.limberDisabled ? "; the limber is disabled" : ""}`,
  "artillery/captured": (e, n) => `${n(e.unit)} are captured${e.by !== undefined ? ` by ${n(e.by)}` : ""}`,
  "artillery/limbered": (e, n) => `${n(e.unit)} limber up`,
  "artillery/unlimbered": (e, n) => `${n(e.unit)} unlimber`,
  "artillery/moved": (e, n) => `${n(e.unit)} move ${inches(e.cost)}`,
  "artillery/marched": (e, n) => `${n(e.unit)} march ${inches(e.cost)}`,
  "artillery/crewLeftGun": (e, n) => `the crew of ${n(e.unit)} leave their gun`,
  "artillery/sheltered": (e, n) => `the crew of ${n(e.unit)} shelter in ${n(e.square)}`,
  "artillery/leftShelter": (e, n) => `the crew of ${n(e.unit)} leave ${n(e.square)}`,
  "artillery/crewLost": (e, n) => `the crew of ${n(e.unit)} are lost with ${n(e.square)}`,
  "artillery/crewFlee": (e, n) => `the crew of ${n(e.unit)} flee with ${n(e.square)}`,
  "artillery/gunLost": (e, n) => `${n(e.unit)} are lost`,
  "artillery/remanned": (e, n) => `${n(e.crew)} man ${n(e.unit)} again`,
  "fire/startRoll": (e) => `a roll of ${e.roll} to set the ${word(e.terrain)} alight (${e.need}+): ${e.started ? "it catches" : "it does not"}`,
  "fire/started": (e) => `fire breaks out in the ${word(e.terrain)}`,
  "fire/spread": (e) => `the fire spreads (rolled ${e.roll}, needed ${e.need})`,
  "fire/didNotSpread": (e) => `the fire does not spread`,
  "fire/extinguished": (e, n) => `${n(e.unit)} put out the fire (rolled ${e.roll}, needed ${e.need})`,
  "fire/notExtinguished": (e, n) => `${n(e.unit)} fail to put out the fire (rolled ${e.roll}, needed ${e.need})`,
  "fire/leftFire": (e, n) => `${n(e.unit)} get out of the fire`,
  "fire/trapped": (e, n) => `${n(e.unit)} are trapped in the fire`,
};
