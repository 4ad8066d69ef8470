/** Artillery events (WHN guns: movement, fire, crews, capture) and fires on the table. */
import * as z from "zod";
import { event } from "./define.js";
import { bool, count, num, point, ruleModifier, text, unit } from "./fields.js";

/** Units struck along a bounce line or by a shell burst, with their hits. */
const struck = z.array(z.strictObject({ unit, hits: count }));

/** Artillery events. */
export const ARTILLERY_EVENTS = {
  "artillery/fired": event("A gun fires.", ["WHN-ART-8"], {
    unit,
    target: unit,
    ammunition: text,
    range: num,
    max: num,
    crew: count,
    standAndShoot: bool,
    andLimber: bool,
  }),
  "artillery/toHit": event("The score a gun needs to hit.", ["WHN-ART-18"], { unit, bs: num, need: num, cover: text, modifiers: z.array(ruleModifier) }),
  "artillery/canister": event("A gun fires canister.", ["WHN-ART-11"], { unit, shots: count, need: num, hits: count }),
  "artillery/misfire": event("A shot goes astray.", ["WHN-ART-9"], { unit, onTarget: bool, at: text }),
  "artillery/landed": event("Where a roundshot or shell lands.", ["WHN-ART-9"], {
    unit,
    onTarget: bool,
    aim: point,
    landing: point,
    bounce: num,
    scatter: z.strictObject({ distance: num, face: text, angle: num.nullable() }).nullable(),
  }),
  "artillery/bounceLine": event("The line a roundshot bounces along and the units it strikes.", ["CORE-GEO-32"], { unit, from: point, to: point, units: struck }),
  "artillery/shellBurst": event("A shell bursts.", ["WHN-ART-12"], { unit, at: point, diameter: num, units: struck }),
  "artillery/hits": event("Gun hits on a unit of troops.", ["WHN-ART-10", "WHN-ART-11", "WHN-ART-13"], { unit, hits: count, unsaved: count, killed: count }),
  "artillery/hitLocation": event("Where hits on a gun fall (crew, horses, limber, gun).", ["WHN-ART-14"], { unit, hits: count, locations: z.array(text) }),
  "artillery/damage": event("Damage done to a gun.", ["WHN-ART-15"], {
    unit,
    mode: text,
    crewKilled: count,
    horseHits: count,
    limberDisabled: bool,
    limberWoundsTaken: count,
    gunWoundsTaken: count,
    gunDestroyed: bool,
  }),
  "artillery/captured": event("A gun is captured (or abandoned to the enemy).", ["WHN-ART-16", "WHN-ART-17"], {
    unit,
    by: unit.exactOptional(),
    lastCrewKilled: bool.exactOptional(),
    crewGone: text.exactOptional(),
    gunDestroyed: bool.exactOptional(),
  }),
  "artillery/limbered": event("A gun limbers up.", ["WHN-ART-4", "WHN-ART-5", "WHN-ART-6"], {
    unit,
    movedBefore: bool.exactOptional(),
    moveLeft: num.exactOptional(),
    fireAndLimber: bool.exactOptional(),
    fleeing: bool.exactOptional(),
  }),
  "artillery/unlimbered": event("A gun unlimbers.", ["WHN-ART-4"], { unit, movedBefore: bool, moveLeft: num }),
  "artillery/moved": event("A gun moves.", ["WHN-ART-3"], { unit, formation: text, from: point, to: point, facing: num, cost: num, allowance: num, rate: num }),
  "artillery/marched": event("A gun marches.", ["WHN-ART-4"], { unit, formation: text, from: point, to: point, facing: num, cost: num, allowance: num, rate: num }),
  "artillery/crewLeftGun": event("A charged gun's crew leaves it.", ["WHN-ART-6"], { unit, crew: unit, figures: count }),
  "artillery/sheltered": event("A gun crew shelters in a square.", ["WHN-ART-7"], { unit, square: unit, crew: count }),
  "artillery/leftShelter": event("A gun crew leaves the square it sheltered in.", ["WHN-ART-7"], { unit, crew: unit, square: unit, at: point, facing: num }),
  "artillery/crewLost": event("A sheltering crew is lost with its square.", ["WHN-ART-7"], { unit, square: unit }),
  "artillery/crewFlee": event("A sheltering crew flees with its square.", ["WHN-ART-7"], { unit, square: unit }),
  "artillery/gunLost": event("An abandoned gun is lost.", ["WHN-ART-16"], { unit }),
  "artillery/remanned": event("A crew takes its gun back.", ["WHN-ART-16"], { unit, crew: unit, figures: count }),
} as const;

/** Events of fires on the table. */
export const FIRE_EVENTS = {
  "fire/startRoll": event("A roll to set terrain alight.", ["WHN-FIRE-1"], { at: point, terrain: text, roll: z.int(), need: num, started: bool }),
  "fire/started": event("A fire starts.", ["WHN-FIRE-2"], { fire: text, at: point, terrain: text, diameter: num }),
  "fire/spread": event("A fire spreads.", ["WHN-FIRE-3"], { fire: text, roll: z.int(), need: num, at: point, terrain: text, wind: num }),
  "fire/didNotSpread": event("A fire does not spread.", ["WHN-FIRE-3"], { fire: text, roll: z.int(), need: num, terrain: text, at: point.exactOptional(), reason: text.exactOptional() }),
  "fire/extinguished": event("A unit puts a fire out.", ["WHN-FIRE-4"], { unit, fire: text, circle: count, terrain: text, roll: z.int(), need: num }),
  "fire/notExtinguished": event("A unit fails to put a fire out.", ["WHN-FIRE-4"], { unit, fire: text, circle: count, terrain: text, roll: z.int(), need: num }),
  "fire/leftFire": event("A unit caught in a fire moves out of it.", ["WHN-FIRE-5"], { unit, from: point, to: point }),
  "fire/trapped": event("A unit cannot get out of a fire.", ["WHN-FIRE-5"], { unit }),
} as const;
