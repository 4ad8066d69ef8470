/** Events of the FnF (brigade-scale) ruleset. */
import * as z from "zod";
import { FNF_FORMATIONS, FNF_MANEUVER_RESULTS, FNF_REMOVALS } from "../state/fnf.js";
import { event } from "./define.js";
import { bool, count, dice, fnfId, namedModifier, num, side, text, xy } from "./fields.js";

const unit = fnfId;
const leader = fnfId;
const how = z.enum(["casualty", "captured"]);

/** FnF events. */
export const FNF_EVENTS = {
  "fnf/maneuverRolled": event("A brigade rolls on the maneuver table.", ["FNF-MAN-2"], {
    unit,
    dice,
    modifiers: z.array(namedModifier),
    score: num,
    result: z.enum(FNF_MANEUVER_RESULTS),
    column: z.enum(["goodOrder", "disordered"]),
  }),
  "fnf/rallied": event("A brigade rallies.", ["FNF-MAN-3"], { unit, result: z.enum(FNF_MANEUVER_RESULTS) }),
  "fnf/moved": event("A unit moves.", ["FNF-MOVE-2"], { unit, cost: num, to: xy, facing: num }),
  "fnf/formationChanged": event("A unit changes formation (or skirmish order, or a battery limbers, unlimbers or pivots).", ["FNF-FORM-2", "FNF-FORM-3"], { unit, to: z.enum([...FNF_FORMATIONS, "SKIRMISH", "CLOSE_ORDER", "LIMBERED", "UNLIMBERED", "PIVOT"]), cost: num }),
  "fnf/movedAway": event("A unit retires, disengages or is pushed back from an enemy.", "cause", { unit, from: unit, distance: num, direction: xy, how: text }, ["FNF-FIRE-9", "FNF-MAN-3", "FNF-MEL-6"]),
  "fnf/blocked": event("A unit cannot complete a move away.", ["FNF-GEO-9"], { unit }),
  "fnf/fired": event("A unit fires.", ["FNF-FIRE-6"], {
    firer: unit,
    target: unit,
    points: num,
    halved: bool,
    bases: z.array(z.strictObject({ range: num, points: num, enfilade: bool })),
    dice,
    modifiers: z.array(namedModifier),
    score: num,
    effect: text,
  }),
  "fnf/lowOnAmmo": event("A unit runs low on ammunition.", ["FNF-FIRE-8"], { unit, natural: z.int() }),
  "fnf/ammoReplenished": event("A unit's ammunition is replenished.", ["FNF-FIRE-9"], { unit }),
  "fnf/disordered": event("A unit becomes disordered.", "cause", { unit, effect: text.exactOptional(), reason: text.exactOptional() }, ["FNF-FIRE-7", "FNF-MAN-5", "FNF-MEL-5"]),
  "fnf/silenced": event("A battery is silenced.", "cause", { unit }, ["FNF-FIRE-7", "FNF-MEL-5"]),
  "fnf/damaged": event("A battery is damaged.", "cause", { unit }, ["FNF-ART-5", "FNF-FIRE-7"]),
  "fnf/silenceLifted": event("A battery is no longer silenced.", ["FNF-ART-5"], { unit }),
  "fnf/silencedMove": event("A silenced or out-of-ammunition battery limbers and moves.", ["FNF-ART-4", "FNF-FIRE-9"], { unit }),
  "fnf/basesLost": event("A unit loses bases (the rule says to what).", "cause", { unit, bases: count, how: z.enum(["lost", "fled", "captured"]), left: count }, [
    "FNF-FIRE-7",
    "FNF-MAN-3",
    "FNF-MEL-5",
    "FNF-MEL-6",
  ]),
  "fnf/unitRemoved": event("A unit leaves play.", "cause", { unit, reason: z.enum(FNF_REMOVALS) }, ["FNF-DET-2", "FNF-DET-4", "FNF-GEO-9", "FNF-MAN-3", "FNF-MEL-5", "FNF-ORG-2"]),
  "fnf/contact": event("A charge makes contact: a melee.", ["FNF-MEL-1a"], { melee: fnfId, attacker: unit, defender: unit, breakthrough: bool }),
  "fnf/meleeRolled": event("One round of melee dice.", ["FNF-MEL-5"], {
    lead: unit,
    defender: unit,
    round: count,
    attackerDice: dice,
    defenderDice: dice,
    attackerModifiers: z.array(namedModifier),
    defenderModifiers: z.array(namedModifier),
    attackerTotal: num,
    defenderTotal: num,
    difference: num,
    result: text,
  }),
  "fnf/meleeResult": event("A melee's result.", ["FNF-MEL-5"], { defender: unit, lead: unit, result: text, difference: num }),
  "fnf/carriedPosition": event("The winner of a melee advances into the position.", ["FNF-MEL-7"], { unit, distance: num }),
  "fnf/breakthrough": event("A breakthrough charge.", ["FNF-MEL-7"], { unit, target: unit, distance: num, contact: bool }),
  "fnf/outOfCommand": event("A leader is beyond his superior's command radius.", ["FNF-CMD-2"], { leader, superior: leader, distance: num.nullable(), radius: num }),
  "fnf/leaderMoved": event("A leader moves (and may attach to a unit).", ["FNF-CMD-5"], { leader, to: xy, cost: num, attachedTo: unit.nullable() }),
  "fnf/fallenLeaders": event("A roll on the fallen leaders table.", ["FNF-LDR-1"], { roll: z.int(), text, casualty: bool, leader: leader.exactOptional(), brigadierOf: unit.exactOptional() }),
  "fnf/leaderLost": event("A leader is lost.", ["FNF-LDR-3"], { leader, how }),
  "fnf/leaderReplaced": event("A lost leader is replaced.", ["FNF-LDR-3"], { leader, position: xy }),
  "fnf/brigadierLost": event("A brigadier is lost and replaced by an ordinary one.", ["FNF-LDR-3"], { unit, how, wasExceptional: bool }),
  "fnf/detached": event("A brigade sends out a detachment.", ["FNF-DET-2"], { unit, detachment: unit, position: xy }),
  "fnf/rejoined": event("A detachment rejoins its brigade.", ["FNF-DET-2"], { unit, detachment: unit }),
  "fnf/battleJudged": event("The battle is judged on bases lost (winner null: a draw).", ["FNF-TURN-1"], { losses: z.record(z.string(), count), winner: side.nullable() }),
} as const;
