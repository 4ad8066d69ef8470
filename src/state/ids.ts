import * as z from "zod";
import { RULE_IDS } from "../rules/ruleIds.js";

/**
 * Keys that must never be used as ids: they would reach an object's prototype when used as
 * record keys.
 */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

/** The shared id check: a letter first, then letters, digits, `_ . : -`; 64 characters at most. */
const idString = z
  .string()
  .regex(ID_PATTERN, "an id starts with a letter and uses only letters, digits, _ . : - (64 at most)")
  .refine((s) => !FORBIDDEN_KEYS.has(s), { message: "this id is reserved" });

/** Zod schema of a unit id (branded). */
export const UnitIdSchema = idString.brand<"UnitId">();
/** A unit's id: a branded string, the key of `state.units`. */
export type UnitId = z.infer<typeof UnitIdSchema>;

/** Zod schema of a character id (branded). */
export const CharacterIdSchema = idString.brand<"CharacterId">();
/** A character's id: a branded string, the key of `state.characters`. */
export type CharacterId = z.infer<typeof CharacterIdSchema>;

/** Zod schema of a side id (branded). */
export const SideIdSchema = idString.brand<"SideId">();
/** A side's id: a branded string, the key of `state.sides`. */
export type SideId = z.infer<typeof SideIdSchema>;

/** Zod schema of a combat id (branded). */
export const CombatIdSchema = idString.brand<"CombatId">();
/** A close combat's id. */
export type CombatId = z.infer<typeof CombatIdSchema>;

/** Zod schema of any id used as a record key (not branded). */
export const RecordKeySchema: z.ZodType<string> = idString;

/** Every rule id the specification defines, as a union type (the list as data: `RULE_IDS`). */
export type { RuleId } from "../rules/ruleIdType.js";
import type { RuleId } from "../rules/ruleIdType.js";
/** Compile-time check that the generated union and the generated list agree (both ways). */
type SameIds<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type MustBeTrue<T extends true> = T;
// If this line fails to compile, run `node scripts/gen-rule-ids.mjs` (it writes both files).
type RuleIdTypeMatchesList = MustBeTrue<SameIds<RuleId, (typeof RULE_IDS)[number]>>;
const RULE_ID_SET: ReadonlySet<string> = new Set(RULE_IDS);

/** Whether a string is a rule id the specification defines. */
export function isRuleId(s: string): s is RuleId {
  return RULE_ID_SET.has(s);
}

/** Zod schema of a rule id that the specification defines. */
export const RuleIdSchema = z.string().refine(isRuleId, { message: "not a rule id of the specification" }) as unknown as z.ZodType<RuleId>;

/** Cast helpers for ids written in code (tests, presets); they do not validate. */
export const unitId = (s: string): UnitId => s as UnitId;
/** Cast a string to a {@link CharacterId} without validation. */
export const characterId = (s: string): CharacterId => s as CharacterId;
/** Cast a string to a {@link SideId} without validation. */
export const sideId = (s: string): SideId => s as SideId;
/** Cast a string to a {@link CombatId} without validation. */
export const combatId = (s: string): CombatId => s as CombatId;

/** Whether a key is safe to use on a plain object (not a prototype key). */
export function isSafeKey(key: string): boolean {
  return !FORBIDDEN_KEYS.has(key);
}
