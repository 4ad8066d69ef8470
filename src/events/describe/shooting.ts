/** Prose of shooting, morale and character events. */
import type { EngineEventType } from "../catalogue.js";
import { diceText, inches, passFail, plural, type Prose } from "./words.js";

type ShootingType = Extract<EngineEventType, `shooting/${string}` | `morale/${string}` | `character/${string}`>;

/** Prose of shooting, morale and character events. */
export const SHOOTING_PROSE: Prose<ShootingType> = {
  "shooting/fired": (e, n) => `${n(e.shooter)} fire at ${n(e.target)} at ${inches(e.range)} (${plural(e.firers, "firer")}, ${e.need}+ to hit)`,
  "shooting/hits": (e, n) => `${plural(e.hits, "hit")} from ${e.rolls} rolls needing ${e.need}+${e.unit !== undefined ? ` on ${n(e.unit)}` : ""}`,
  "shooting/wounds": (e, n) => `${plural(e.wounds, "wound")} from ${plural(e.hits, "hit")} on ${n(e.unit ?? e.character ?? "?")} (${e.need}+ to wound)`,
  "shooting/saves": (e, n) => (e.need === null ? `${n(e.unit ?? e.character ?? "?")} have no save` : `${n(e.unit ?? e.character ?? "?")} save ${e.saved} of ${plural(e.wounds, "wound")} (${e.need}+)`),
  "shooting/lookOutSir": (e, n) => `${plural(e.characterHits, "hit")} fall on ${n(e.character)} with ${n(e.unit)}`,
  "shooting/initialVolley": (e, n) => `${n(e.unit)} fire their first volley`,
  "shooting/panicThreshold": (e, n) => `${n(e.unit)} have lost ${plural(e.casualties, "figure")} of ${e.figuresAtStart}: a panic test`,
  "shooting/volleyPlaced": (e, n) => `${n(e.shooter)} place the volley template ${e.hit ? "on the aim point" : "and it drifts"}`,
  "shooting/volleyRolls": (e, n) => `${n(e.shooter)} roll for ${plural(e.shooters, "shooter")} against ${plural(e.allocation.length, "unit")}`,
  "morale/panicTest": (e, n) => `${n(e.unit)} test for panic: rolled ${diceText(e.dice, e.total)} against ${e.target}, ${passFail(e.passed)}`,
  "morale/panicExempt": (e, n) => `${n(e.unit)} need not test for panic`,
  "morale/rallyTest": (e, n) => `${n(e.unit)} test to rally: rolled ${diceText(e.dice, e.total)} against ${e.target}, ${passFail(e.passed)}`,
  "morale/generalSlain": (e, n) => `${n(e.character)}, general of ${n(e.side)}, is slain`,
  "character/moved": (e, n) => `${n(e.character)} rides ${inches(e.distance)}`,
  "character/joined": (e, n) => `${n(e.character)} joins ${n(e.unit)}`,
  "character/left": (e, n) => `${n(e.character)} leaves ${n(e.unit)}`,
  "character/lookOutSir": (e, n) => `${n(e.character)} rolls ${e.die} to escape: ${e.hit === "character" ? "he is hit" : "a man of his unit takes it"}`,
  "character/wounded": (e, n) => `${n(e.character)} is wounded (${plural(e.wounds, "wound")})`,
  "character/slain": (e, n) => `${n(e.character)} is slain`,
};
