/** Prose of close-combat events. */
import type { EngineEventType } from "../catalogue.js";
import { diceText, inches, passFail, plural, round1, type Prose } from "./words.js";

type CombatType = Extract<EngineEventType, `combat/${string}`>;

/** Prose of close-combat events. */
export const COMBAT_PROSE: Prose<CombatType> = {
  "combat/strike": (e, n) => `${n(e.side)} strike: ${plural(e.attacks, "attack")}, ${plural(e.hits, "hit")}, ${plural(e.unsaved, "unsaved wound")}`,
  "combat/casualties": (e, n) => `${n(e.unit)} lose ${plural(e.removed, "figure")} in the fight (${e.figures} left)`,
  "combat/roundFought": (e, n) => (e.winner === null ? `the round is drawn (${round1(e.scores[0].total)} to ${round1(e.scores[1].total)})` : `${n(e.winner)} win the round by ${round1(e.margin)}`),
  "combat/breakTest": (e, n) =>
    e.dice === undefined ? `${n(e.unit)} ${e.passed ? "hold" : "break"} without a test (lost by ${round1(e.margin)})` : `${n(e.unit)} take a break test: rolled ${diceText(e.dice, e.total)} against ${e.target}, ${e.passed ? "they hold" : "they break"}`,
  "combat/broke": (e, n) => `${n(e.unit)} break and run from ${n(e.from)}`,
  "combat/standardCaptured": (e, n) => `${n(e.unit)} lose their standard to ${n(e.by)}`,
  "combat/drawn": () => "the combat is drawn",
  "combat/holds": (e, n) => `${n(e.unit)} hold their ground`,
  "combat/fallBackDue": (e, n) => `${n(e.unit)} must fall back from ${n(e.from)}`,
  "combat/flowPastDue": (e, n) => `${n(e.unit)} must flow past ${n(e.square)}`,
  "combat/cavalryFallBackDue": (e, n) => `${n(e.unit)} must fall back from ${n(e.from)}`,
  "combat/noPursuit": (e, n) => `${n(e.unit)} may not pursue`,
  "combat/fellBack": (e, n) => `${n(e.unit)} fall back from ${n(e.from)}`,
  "combat/fallBackBlocked": (e, n) => `${n(e.unit)} cannot fall back from ${n(e.from)}`,
  "combat/flowedPast": (e, n) => `${n(e.unit)} flow ${inches(e.distance)} past ${n(e.square)}`,
  "combat/aftermathDone": () => "the results of the fighting are carried out",
  "combat/ended": () => "the combat is over",
  "combat/attacksSplit": (e, n) => `${n(e.unit)} split their attacks: ${Object.entries(e.split).map(([enemy, models]) => `${plural(models, "model")} on ${n(enemy)}`).join(", ")}`,
  "combat/redressed": (e, n) => `${n(e.unit)} redress their ranks ${e.files} files wide (were ${e.was})`,
  "combat/restrained": (e, n) => `${n(e.unit)} hold back from pursuit`,
  "combat/restraintTest": (e, n) => `${n(e.unit)} test to hold back: rolled ${diceText(e.dice, e.total)} against ${e.target}, ${passFail(e.passed)}`,
  "combat/pursuit": (e, n) => `${n(e.unit)} pursue ${n(e.quarry)}: ${e.roll} against ${e.fleeRoll}, ${e.caught ? "caught" : "they get away"}`,
  "combat/pursued": (e, n) => `${n(e.unit)} pursue ${inches(e.distance)}`,
  "combat/pursuedOffTable": (e, n) => `${n(e.unit)} pursue off the table`,
  "combat/pursuitCharge": (e, n) => `${n(e.unit)} pursue into ${n(e.target)}: a new combat`,
  "combat/flankAttack": (e, n) => `${n(e.unit)} fall on the flank of ${n(e.target)} (+${e.flankBonus} to the result${e.removesRankBonus ? ", no rank bonus" : ""})`,
  "combat/disengageDeclared": (e, n) => `${n(e.unit)} will try to disengage`,
  "combat/disengageTest": (e, n) => (e.free === true || e.dice === undefined ? `${n(e.unit)} leave the fight freely` : `${n(e.unit)} test to disengage: rolled ${diceText(e.dice, e.total)} against ${e.target ?? "?"}, ${passFail(e.passed === true)}`),
  "combat/disengaged": (e, n) => `${n(e.unit)} disengage`,
  "combat/challengeIssued": (e, n) => `${n(e.challenger)} issues a challenge`,
  "combat/challengeDeclined": (e, n) => `${n(e.side)} issue no challenge`,
  "combat/challengeAccepted": (e, n) => `${n(e.champion)} accepts the challenge of ${n(e.challenger)}`,
  "combat/challengeRefused": (e, n) => `the challenge of ${n(e.challenger)} is refused; ${n(e.retired)} retires to the rear`,
};
