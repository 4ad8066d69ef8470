/** Tests taken during the WHN movement phase. */
import { event } from "./define.js";
import { bool, dice, num, text, unit, units } from "./fields.js";

/** Movement-phase test events. */
export const MOVEMENT_EVENTS = {
  "movement/squareCheck": event("A unit tests to form (or leave) square as a charge response.", ["WHN-CHRG-1", "WHN-CHRG-2"], {
    unit,
    response: text,
    dice,
    total: num,
    leadership: num,
    modifier: num,
    target: num,
    passed: bool,
  }),
  "movement/formationCheck": event("A unit near the enemy tests to change formation.", ["WHN-FCHG-4"], { unit, threats: units, dice, total: num, target: num, passed: bool }),
} as const;
