/** Morale events (panic, rally, generals) and characters' events. */
import * as z from "zod";
import { event } from "./define.js";
import { bool, character, count, dice, num, point, rule, side, text, unit, units } from "./fields.js";

/** Morale and character events. */
export const MORALE_EVENTS = {
  "morale/panicTest": event(
    "A unit tests for panic (the rule is what caused the test).",
    "cause",
    { unit, test: rule, dice, total: num, target: num, passed: bool, order: text, leadersNear: z.array(character) },
    ["CORE-PANIC-3", "CORE-PANIC-4", "CORE-PANIC-5", "CORE-PANIC-6", "CORE-PANIC-7", "CORE-PANIC-8", "CORE-PANIC-11", "WHN-PANIC-2"],
  ),
  "morale/panicExempt": event("A unit need not test for panic: the units it saw go were too small.", ["CORE-PANIC-3", "CORE-PANIC-6"], {
    unit,
    models: count,
    fleeingModels: count.exactOptional(),
    fleeing: units.exactOptional(),
    destroyedModels: count.exactOptional(),
    destroyed: units.exactOptional(),
  }),
  "morale/rallyTest": event("A unit tests to rally.", ["CORE-RALLY-1", "WHN-RALLY-2"], {
    unit,
    order: text,
    dice,
    total: num,
    target: num,
    passed: bool,
    leadersNear: z.array(character),
  }),
  "morale/generalSlain": event("A side's general is slain.", ["WHN-LEAD-5"], { character, side }),
  "character/moved": event("A character moves on his own.", ["CORE-CHAR-1"], { character, from: point, to: point, distance: num }),
  "character/joined": event("A character joins a unit.", ["CORE-CHAR-3"], { character, unit, distance: num }),
  "character/left": event("A character leaves a unit.", ["CORE-CHAR-5"], { character, unit, to: point, distance: num }),
  "character/lookOutSir": event("A character with a fleeing or destroyed unit rolls to escape.", ["CORE-LOS-2"], { character, unit, die: z.int(), hit: text }),
  "character/wounded": event("A character is wounded.", ["CORE-SHOOT-5", "CORE-CHAL-3"], { character, wounds: count, woundsTaken: count.exactOptional() }),
  "character/slain": event("A character is slain.", ["CORE-SHOOT-5", "CORE-CHAL-3"], { character, general: bool.exactOptional(), wounds: count.exactOptional() }),
} as const;
