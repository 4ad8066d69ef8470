/** Shooting events (WHN shooting phase, stand and shoot, the volley-template house rules). */
import * as z from "zod";
import { event } from "./define.js";
import { bool, character, count, num, point, rule, ruleModifier, text, unit } from "./fields.js";

/** Shooting events. */
export const SHOOTING_EVENTS = {
  "shooting/fired": event("A unit fires: range band, firers and the score it needs to hit.", ["CORE-SHOOT-1"], {
    shooter: unit,
    target: unit,
    face: num.nullable(),
    weapon: text,
    firers: count,
    firersRule: rule,
    range: num,
    band: text,
    bs: num,
    need: num,
    modifiers: z.array(ruleModifier),
    cover: text,
    standAndShoot: bool,
  }),
  "shooting/hits": event("The to-hit rolls of a volley.", ["CORE-SHOOT-3", "HR-VOLLEY-9"], {
    shooter: unit,
    unit: unit.exactOptional(),
    rolls: count,
    need: num,
    hits: count,
    screenHits: count.exactOptional(),
  }),
  "shooting/wounds": event("The to-wound rolls against a unit or a character.", ["CORE-WOUND-1"], {
    unit: unit.exactOptional(),
    character: character.exactOptional(),
    hits: count,
    need: num,
    wounds: count,
  }),
  "shooting/saves": event("The armour saves of a unit or a character (need null: no save).", ["CORE-SAVE-1"], {
    unit: unit.exactOptional(),
    character: character.exactOptional(),
    wounds: count,
    need: num.nullable(),
    saved: count,
  }),
  "shooting/lookOutSir": event("Hits on a unit with a character: which fall on the character.", ["CORE-LOS-2"], {
    character,
    unit,
    rolls: z.array(z.int()),
    characterHits: count,
  }),
  "shooting/initialVolley": event("A unit fires its first volley of the battle.", ["WHN-SHOOT-6"], { unit }),
  "shooting/panicThreshold": event("A unit's losses reach the point where it must test for panic.", ["CORE-PANIC-8", "WHN-PANIC-2"], {
    unit,
    casualties: count,
    figuresAtStart: count,
    quality: text,
  }),
  "shooting/volleyPlaced": event("A volley template is placed (house rule).", ["HR-VOLLEY-3"], {
    shooter: unit,
    aim: point,
    need: num,
    hit: bool,
    scatter: z.strictObject({ distance: num, angle: num }).nullable(),
    centre: point,
  }),
  "shooting/volleyRolls": event("A volley template's rolls are shared among the units under it (house rule).", ["HR-VOLLEY-6"], {
    shooter: unit,
    shooters: count,
    touched: z.array(z.strictObject({ unit, models: count })),
    allocation: z.array(z.strictObject({ unit, rolls: count })),
    mode: text,
  }),
} as const;
