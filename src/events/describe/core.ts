/** Prose of turn, battle, charge, unit and movement-test events. */
import type { EngineEventType } from "../catalogue.js";
import { camelWords, degrees, diceText, inches, listOf, passFail, plural, word, type Prose } from "./words.js";

type CoreType = Extract<EngineEventType, `turn/${string}` | `battle/${string}` | `charge/${string}` | `unit/${string}` | `movement/${string}`>;

/** Prose of turn, battle, charge, unit and movement-test events. */
export const CORE_PROSE: Prose<CoreType> = {
  "turn/phaseStarted": (e, n) => `${n(e.side)} begin the ${camelWords(e.phase)} phase`,
  "turn/stepStarted": (e, n) => `${n(e.side)} begin the ${camelWords(e.step)} step of the ${e.phase} phase`,
  "turn/gameTurnEnded": (e) => `game turn ${e.gameTurn} ends`,
  "battle/ended": (e) => `the battle ends (${e.reason})`,
  "battle/victory": (e, n) => (e.winner === null ? `the battle is a draw: ${e.reason}` : `${n(e.winner)} win: ${e.reason}`),
  "charge/declared": (e, n) => `${n(e.unit)} declare a charge on ${n(e.target)} (${inches(e.distance)} away, ${e.inReach ? "within reach" : "out of reach"})`,
  "charge/response": (e, n) => `${n(e.unit)} answer the charge: ${camelWords(e.response)}`,
  "charge/contact": (e, n) => `${n(e.unit)} charge home into the ${e.face} of ${n(e.target)}`,
  "charge/failed": (e, n) => `${n(e.unit)}'s charge${e.target === null ? "" : ` on ${n(e.target)}`} fails (${camelWords(e.why)})`,
  "charge/caughtFleeing": (e, n) => `${n(e.unit)} catch the fleeing ${n(e.target)} and cut them down`,
  "charge/cancelled": (e, n) => `${n(e.unit)}'s charge is called off (${e.why})`,
  "charge/halted": (e, n) => `${n(e.unit)}'s charge on ${n(e.target)} is halted`,
  "charge/redirected": (e, n) => `${n(e.unit)}'s charge on ${n(e.from)} falls on ${n(e.to)} instead`,
  "charge/lappedRound": (e, n) => `${n(e.unit)} lap round ${n(e.target)} (${e.laps.map((l) => `${plural(l.models, "model")} on the ${l.flank}`).join(", ")})`,
  "unit/moved": (e, n) => (e.models !== undefined ? `${n(e.unit)} move (${plural(e.models, "model")}, the longest ${inches(e.longest ?? 0)})` : `${n(e.unit)} move ${inches(e.cost ?? 0)} of ${inches(e.allowance)}`),
  "unit/marched": (e, n) => (e.models !== undefined ? `${n(e.unit)} march (${plural(e.models, "model")})` : `${n(e.unit)} march ${inches(e.cost ?? 0)} of ${inches(e.allowance)}`),
  "unit/formationChanged": (e, n) => `${n(e.unit)} form ${word(e.to)} from ${word(e.from)}${e.response === true ? " to meet the charge" : ""}`,
  "unit/formationChangeFailed": (e, n) => `${n(e.unit)} fail to change formation and stay in ${word(e.formation)}`,
  "unit/singleRank": (e, n) => `${n(e.unit)} deploy in a single rank ${inches(e.width)} wide`,
  "unit/squareCheckFailed": (e, n) => `${n(e.unit)} fail to form square and are ${word(e.order)}`,
  "unit/disordered": (e, n) => `${n(e.unit)} are disordered`,
  "unit/casualties": (e, n) => `${n(e.unit)} lose ${plural(e.removed, "figure")} (${e.figures} left)`,
  "unit/combinedCasualties": (e, n) => `${n(e.unit)} share ${plural(e.removed, "loss", "losses")} with the detachments in their ranks`,
  "unit/combinedValues": (e, n) => `${n(e.unit)} fight with the values of ${n(e.from)} (${e.elitesInFront} elite figures in front)`,
  "unit/detachmentMerged": (e, n) => `${n(e.unit)} form up in the ranks of ${n(e.parent)}`,
  "unit/detachmentSplit": (e, n) => `${n(e.unit)} step out of the ranks of ${n(e.parent)} (${plural(e.figures, "figure")})`,
  "unit/returned": (e, n) => `${n(e.unit)} return to the table`,
  "unit/detachmentReturned": (e, n) => `${n(e.unit)} return towards ${n(e.parent)}`,
  "unit/fellBack": (e, n) => `${n(e.unit)} fall back on ${n(e.parent)}`,
  "unit/mustFlee": (e, n) => `${n(e.unit)} must flee`,
  "unit/fled": (e, n) => `${n(e.unit)} flee ${inches(e.distance)}${e.from === null ? "" : ` from ${n(e.from)}`} (rolled ${diceText(e.dice, e.roll)})`,
  "unit/leftTable": (e, n) => `${n(e.unit)} flee off the table${e.characters.length > 0 ? ` with ${listOf(e.characters.map(n))}` : ""}`,
  "unit/destroyed": (e, n) => `${n(e.unit)} are destroyed${e.by !== undefined ? ` by ${n(e.by)}` : ""}${e.reason !== undefined ? ` (${e.reason})` : ""}`,
  "unit/rallied": (e, n) => `${n(e.unit)} rally, facing ${degrees(e.facing)}`,
  "unit/rallyFailed": (e, n) => `${n(e.unit)} fail to rally and stay ${word(e.order)}`,
  "movement/squareCheck": (e, n) => `${n(e.unit)} test to ${camelWords(e.response)}: rolled ${diceText(e.dice, e.total)} against ${e.target}, ${passFail(e.passed)}`,
  "movement/formationCheck": (e, n) => `${n(e.unit)} test to change formation near ${listOf(e.threats.map(n))}: rolled ${diceText(e.dice, e.total)} against ${e.target}, ${passFail(e.passed)}`,
};
