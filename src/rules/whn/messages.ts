/**
 * English renderings of the WHN modules' violation codes (movement, morale, artillery), used by
 * `formatViolation`. They live apart from the module objects so that an app that applies actions but
 * never formats a refusal does not bundle them (the WHN engine's gzip budget, issue 21).
 */
import type { Violation } from "../../engine/violation.js";
import { MOVEMENT_MESSAGES } from "./movement/messages.js";
import { MORALE_MESSAGES } from "./morale/messages.js";
import { ARTILLERY_MESSAGES } from "./artillery/messages.js";

/** Violation code → message template for the WHN modules' codes. */
export const WHN_MESSAGES: { readonly [code: string]: (v: Violation) => string } = { ...MOVEMENT_MESSAGES, ...MORALE_MESSAGES, ...ARTILLERY_MESSAGES };
