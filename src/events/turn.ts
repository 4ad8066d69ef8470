/** Events of the turn sequence and of the battle as a whole. */
import * as z from "zod";
import { event } from "./define.js";
import { num, phase, side, step, text } from "./fields.js";

/** Turn and battle events. */
export const TURN_EVENTS = {
  "turn/phaseStarted": event("A side's phase begins.", ["CORE-TURN-2", "FNF-TURN-1"], { side, phase, step: z.null() }),
  "turn/stepStarted": event("A step of the movement phase begins.", ["CORE-TURN-2"], { side, phase, step }),
  "turn/gameTurnEnded": event("Both sides have played: the game turn is over.", ["CORE-TURN-1", "FNF-TURN-1"], {}),
  "battle/ended": event("The battle is over (turn limit or a victory condition).", ["CORE-TURN-1"], { reason: text }),
  "battle/victory": event("The victory rules name the winner (null: a draw).", ["CORE-TURN-1"], {
    winner: side.nullable(),
    reason: text,
    condition: num.nullable(),
  }),
} as const;
