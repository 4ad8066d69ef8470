/** Prose of FnF events. */
import type { EngineEventType } from "../catalogue.js";
import { diceText, inches, plural, round1, word, type Prose } from "./words.js";

type FnfType = Extract<EngineEventType, `fnf/${string}`>;

/** Prose of FnF events. */
export const FNF_PROSE: Prose<FnfType> = {
  "fnf/maneuverRolled": (e, n) => `${n(e.unit)} roll to maneuver: ${diceText(e.dice)}, score ${round1(e.score)}: ${word(e.result)}`,
  "fnf/rallied": (e, n) => `${n(e.unit)} rally (${word(e.result)})`,
  "fnf/moved": (e, n) => `${n(e.unit)} move (${inches(e.cost)} of movement)`,
  "fnf/formationChanged": (e, n) => `${n(e.unit)} form ${word(e.to)}`,
  "fnf/movedAway": (e, n) => `${n(e.unit)} fall back ${inches(e.distance)} from ${n(e.from)}`,
  "fnf/blocked": (e, n) => `${n(e.unit)} cannot get away`,
  "fnf/fired": (e, n) => `${n(e.firer)} fire on ${n(e.target)}: ${round1(e.points)} fire points, score ${round1(e.score)}: ${word(e.effect)}`,
  "fnf/lowOnAmmo": (e, n) => `${n(e.unit)} run low on ammunition`,
  "fnf/ammoReplenished": (e, n) => `${n(e.unit)} replenish their ammunition`,
  "fnf/disordered": (e, n) => `${n(e.unit)} are disordered`,
  "fnf/silenced": (e, n) => `${n(e.unit)} are silenced`,
  "fnf/damaged": (e, n) => `${n(e.unit)} are damaged`,
  "fnf/silenceLifted": (e, n) => `${n(e.unit)} are back in action`,
  "fnf/silencedMove": (e, n) => `${n(e.unit)} limber up and move`,
  "fnf/basesLost": (e, n) => `${n(e.unit)} lose ${plural(e.bases, "base")} (${e.how}; ${e.left} left)`,
  "fnf/unitRemoved": (e, n) => `${n(e.unit)} leave the field (${word(e.reason)})`,
  "fnf/contact": (e, n) => `${n(e.attacker)} charge into ${n(e.defender)}`,
  "fnf/meleeRolled": (e, n) => `melee between ${n(e.lead)} and ${n(e.defender)}, round ${e.round}: ${round1(e.attackerTotal)} to ${round1(e.defenderTotal)}`,
  "fnf/meleeResult": (e, n) => `the melee between ${n(e.lead)} and ${n(e.defender)} ends: ${word(e.result)}`,
  "fnf/carriedPosition": (e, n) => `${n(e.unit)} carry the position (${inches(e.distance)})`,
  "fnf/breakthrough": (e, n) => `${n(e.unit)} break through towards ${n(e.target)}${e.contact ? " and make contact" : ""}`,
  "fnf/outOfCommand": (e, n) => `${n(e.leader)} is out of command of ${n(e.superior)}${e.distance === null ? "" : ` (${inches(e.distance)} away, radius ${inches(e.radius)})`}`,
  "fnf/leaderMoved": (e, n) => `${n(e.leader)} moves${e.attachedTo === null ? "" : ` and joins ${n(e.attachedTo)}`}`,
  "fnf/fallenLeaders": (e, n) => `fallen leaders roll ${e.roll} for ${n(e.leader ?? e.brigadierOf ?? "?")}: ${e.text}`,
  "fnf/leaderLost": (e, n) => `${n(e.leader)} is ${e.how === "captured" ? "captured" : "struck down"}`,
  "fnf/leaderReplaced": (e, n) => `a new leader takes the place of ${n(e.leader)}`,
  "fnf/brigadierLost": (e, n) => `the brigadier of ${n(e.unit)} is ${e.how === "captured" ? "captured" : "struck down"}`,
  "fnf/detached": (e, n) => `${n(e.unit)} send out ${n(e.detachment)}`,
  "fnf/rejoined": (e, n) => `${n(e.detachment)} rejoin ${n(e.unit)}`,
  "fnf/battleJudged": (e, n) =>
    `the battle is judged on bases lost (${Object.entries(e.losses)
      .map(([s, k]) => `${n(s)} ${k}`)
      .join(", ")}): ${e.winner === null ? "a draw" : `${n(e.winner)} win`}`,
};
