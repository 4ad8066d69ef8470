/** Invariants of refused actions: the violation is a typed, formattable value citing a real rule. */
import { isRuleId } from "../../state/ids.js";
import { formatViolation, templateFor } from "../../engine/format.js";
import { refusalInvariant, type Invariant } from "./types.js";
import { firstNonJson } from "./util.js";

const BOTH = ["whn", "fnf", "core"] as const;
const CODE = /^[a-z][A-Za-z0-9]*\/[a-z][A-Za-z0-9_]*$/;
/** Codes the engine formats itself (src/engine/format.ts). */
const ENGINE_CODES = new Set([
  "action/invalid",
  "action/unknown_type",
  "action/wrong_ruleset",
  "action/wrong_phase",
  "action/unknown_unit",
  "action/unknown_character",
  "action/removed",
  "action/merged",
  "action/not_your_turn",
  "battle/finished",
  "dice/script_exhausted",
]);

/** Refusal invariants. */
export const REFUSAL_INVARIANTS: readonly Invariant[] = [
  refusalInvariant({
    id: "violation.typed",
    rule: "CORE-TURN-2",
    doc: "A refused action returns a violation with a namespaced code, a rule id of the specification (or null for format errors) and plain-JSON values.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ violation: v }) => {
      if (typeof v.code !== "string" || !CODE.test(v.code)) return `violation code "${String(v.code)}" is not namespaced`;
      if (v.rule !== null && !isRuleId(v.rule)) return `violation ${v.code} cites "${String(v.rule)}", not a rule id`;
      return firstNonJson(v, "violation");
    },
  }),
  refusalInvariant({
    id: "violation.hasMessage",
    rule: "CORE-TURN-2",
    doc: "Every violation code has an English message (a module's `messages` or the engine's own), and formatting it never throws.",
    rulesets: BOTH,
    cost: "cheap",
    check: ({ violation: v }) => {
      const text = formatViolation(v);
      if (text.length === 0) return `empty message for ${v.code}`;
      return templateFor(v.code) === undefined && !ENGINE_CODES.has(v.code) ? `no message for violation code "${v.code}"` : null;
    },
  }),
];
