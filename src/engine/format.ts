import type { InputError, Violation } from "./violation.js";
import { messageFor } from "./router.js";
import { WHN_MESSAGES } from "../rules/whn/messages.js";
import { objectArg, readingArg } from "./args.js";

const GENERIC: { readonly [code: string]: (v: Violation) => string } = {
  "action/invalid": (v) => {
    const issues = Array.isArray(v["issues"]) ? (v["issues"] as { path?: unknown; message?: unknown }[]) : [];
    const lines = issues.map((i) => `${Array.isArray(i.path) && i.path.length > 0 ? i.path.join(".") : "(action)"}: ${String(i.message)}`);
    return `The action is malformed: ${lines.join("; ") || "unknown problem"}.`;
  },
  "action/unknown_type": (v) => `No rule handles actions of type "${String(v["type"])}".`,
  "action/wrong_ruleset": (v) => `"${String(v["type"])}" is not an action of the ${String(v["ruleset"])} ruleset.`,
  "action/wrong_phase": (v) =>
    `"${String(v["type"])}" cannot be played in the ${String(v["phase"])} phase${Array.isArray(v["allowed"]) ? ` (only in: ${(v["allowed"] as string[]).join(", ")})` : ""}.`,
  "action/unknown_unit": (v) => `There is no unit "${String(v["unit"] ?? v["shooter"] ?? v["charger"])}" in this battle.`,
  "action/unknown_character": (v) => `There is no character "${String(v["character"])}" in this battle.`,
  "action/removed": (v) => `That piece has left the battle (${String(v["reason"])}).`,
  "action/merged": (v) => `That detachment stands merged in the ranks of ${String(v["parent"])}; split it off first.`,
  "action/not_your_turn": (v) => `That piece belongs to side ${String(v["side"])}, but side ${String(v["deciding"])} must act now.`,
  "battle/finished": () => "The battle is over; no more actions can be played.",
  "dice/script_exhausted": (v) => `The scripted dice ran out (${String(v["kind"])}): the test needs more scripted rolls.`,
};

/**
 * Renders a violation as an English sentence, naming its rule.
 * @example
 * formatViolation({ code: "battle/finished", rule: "CORE-TURN-1" }) // "The battle is over; … [CORE-TURN-1]"
 */
export function formatViolation(v: Violation): string {
  objectArg("formatViolation", "v", v);
  return readingArg("formatViolation", "v", () => formatOne(v));
}

/**
 * The English template for a violation code: a registered module's own `messages` first, then the
 * built-in WHN modules' (kept out of the module objects so that `apply` alone does not bundle them),
 * then the engine's. Undefined for a code nobody describes.
 */
export function templateFor(code: string): ((v: Violation) => string) | undefined {
  return messageFor(code) ?? (Object.hasOwn(WHN_MESSAGES, code) ? WHN_MESSAGES[code] : undefined);
}

function formatOne(v: Violation): string {
  const fmt = templateFor(v.code) ?? GENERIC[v.code];
  const body = fmt !== undefined ? fmt(v) : `Illegal action (${v.code}).`;
  return v.rule === null ? body : `${body} [${v.rule}]`;
}

/** Renders an input error as one line per problem, each with its path. */
export function formatInputError(e: InputError): string {
  objectArg("formatInputError", "e", e);
  return readingArg("formatInputError", "e", () => e.issues.map((i) => `${i.path.length > 0 ? i.path.join(".") : "(root)"}: ${i.message}`).join("\n"));
}
