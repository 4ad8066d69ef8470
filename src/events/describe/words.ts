/** Shared helpers of the event prose: names for ids, numbers rounded for people. */
import type { EngineEventOf, EngineEventType } from "../catalogue.js";

/** Turns an id (unit, character, side, leader) into the name shown to people. */
export type Namer = (id: string) => string;

/** The prose of each event type of a set, given the event and a namer. */
export type Prose<T extends EngineEventType> = { readonly [K in T]: (e: EngineEventOf<K>, n: Namer) => string };

/** A distance in inches, to the nearest tenth (`3.5"`). */
export function inches(x: number): string {
  return `${round1(x)}"`;
}

/** An angle in whole degrees. */
export function degrees(x: number): string {
  return `${Math.round(x)}°`;
}

/** A number to at most one decimal place. */
export function round1(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

/** Dice as `5, 3 = 8`, or one die as `5`. */
export function diceText(dice: readonly number[], total?: number): string {
  if (dice.length === 1 || total === undefined) return dice.join(", ");
  return `${dice.join(" + ")} = ${total}`;
}

/** `1 figure`, `3 figures`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A list of names: `A`, `A and B`, `A, B and C`. */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A formation or order word in lower case (`ATTACK_COLUMN` → `attack column`). */
export function word(s: string): string {
  return s.toLowerCase().replace(/_/g, " ");
}

/** A camelCase value in words (`standAndShoot` → `stand and shoot`). */
export function camelWords(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** `passes` / `fails`. */
export function passFail(passed: boolean): string {
  return passed ? "passes" : "fails";
}
