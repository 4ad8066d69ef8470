/** Charge events (WHN movement phase). */
import { event } from "./define.js";
import { bool, combat, count, num, point, text, unit, units } from "./fields.js";
import * as z from "zod";

/** Charge events. */
export const CHARGE_EVENTS = {
  "charge/declared": event("A unit declares a charge.", ["CORE-CHRG-1", "HR-FLANK-1"], {
    unit,
    target: unit,
    face: text,
    distance: num,
    move: num,
    inReach: bool,
    pathLength: num,
    wheel: num,
  }),
  "charge/response": event(
    "A charged unit answers the charge (hold, stand and shoot, flee, form square, or a gun crew's answer).",
    ["CORE-CHRG-2", "WHN-ART-6", "WHN-ART-7"],
    { unit, response: text, chargers: units.exactOptional(), charger: unit.exactOptional() },
  ),
  "charge/contact": event("A charger reaches its target: a close combat begins or grows.", ["CORE-CHRG-5", "HR-FLANK-1"], {
    unit,
    target: unit,
    face: text,
    combat,
    to: point,
    facing: num,
    pathLength: num,
    wheel: num,
    resolved: bool,
  }),
  "charge/failed": event("A charge falls short or cannot go in.", ["CORE-CHRG-6"], { unit, target: unit.nullable(), why: text, to: point, resolved: bool }),
  "charge/caughtFleeing": event("A charger catches a fleeing target, which is destroyed.", ["CORE-CHRG-7"], { unit, target: unit, to: point, resolved: bool }),
  "charge/cancelled": event("A declared charge is called off (the charger is gone or fled).", ["CORE-CHRG-3"], { unit, why: text, resolved: bool }),
  "charge/halted": event("A charge is halted (WHN).", ["WHN-CHRG-6"], { unit, target: unit, resolved: bool }),
  "charge/redirected": event("A charge at a detachment falls on its parent instead.", ["WHN-DET-4"], { unit, from: unit, to: unit }),
  "charge/lappedRound": event("Models of a charging unit lap round the enemy's flanks.", ["WHN-CHRG-7"], {
    unit,
    target: unit,
    combat,
    laps: z.array(z.strictObject({ flank: text, models: count })),
  }),
} as const;
