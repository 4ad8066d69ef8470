/** Field schemas shared by the event declarations. */
import * as z from "zod";
import { CharacterIdSchema, CombatIdSchema, RuleIdSchema, SideIdSchema, UnitIdSchema } from "../state/ids.js";
import { MOVEMENT_STEPS, PHASES } from "../state/battle.js";

/** A unit id. */
export const unit = UnitIdSchema;
/** A character id. */
export const character = CharacterIdSchema;
/** A side id. */
export const side = SideIdSchema;
/** A close-combat id. */
export const combat = CombatIdSchema;
/** A rule id named as a value (a cause). */
export const rule = RuleIdSchema;
/** An FnF unit, leader or melee id. */
export const fnfId = z.string();
/** Any finite number (distances in inches, angles in degrees). */
export const num = z.number();
/** A whole number. */
export const int = z.int();
/** A count (figures, hits, wounds, bases). */
export const count = z.int().min(0);
/** A yes/no fact. */
export const bool = z.boolean();
/** A free-form word or phrase (a reason, a result name). */
export const text = z.string();
/** Dice faces rolled, in order. */
export const dice = z.array(z.int().min(1));
/** Several unit ids. */
export const units = z.array(UnitIdSchema);
/** A point on the table, inches. */
export const point = z.strictObject({ x: num, y: num });
/** A point on the table as `[x, y]` (FnF events). */
export const xy = z.tuple([num, num]);
/** A named modifier to a roll. */
export const namedModifier = z.strictObject({ name: text, value: num });
/** A to-hit modifier with the rule behind it. */
export const ruleModifier = z.strictObject({ key: text, value: num, rule: RuleIdSchema });
/** A phase of the turn. */
export const phase = z.enum(PHASES);
/** A movement step. */
export const step = z.enum(MOVEMENT_STEPS);
