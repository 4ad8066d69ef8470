/**
 * Invariants of the CORE ruleset on its own: the places where the core rules replace WHN's. No unit
 * is ever DISORDERED (CORE knows no disorder: a passed Break test holds, CORE-BREAK-1; a failed Panic
 * test flees, CORE-PANIC-1), every unit stands in a block or skirmishes (CORE-MOVE-1), and a unit
 * that passes its Break test stays in its combat unless it is made to flee later in the step.
 */
import { at, stateInvariant, stepInvariant, type Invariant } from "./types.js";
import { CORE_FORMATIONS } from "../../rules/core/formations.js";

const CORE = ["core"] as const;

/** The CORE-only invariants. */
export const CORE_INVARIANTS: readonly Invariant[] = [
  stateInvariant({
    id: "core.noDisorder",
    rule: "CORE-BREAK-1",
    doc: "Under the core rules no unit or character is ever DISORDERED (that state belongs to WHN: WHN-BREAK-1, WHN-PANIC-3).",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) if (u.order === "DISORDERED") return at(["units", u.id, "order"], `"${u.id}" is DISORDERED in a CORE battle`);
      for (const c of Object.values(s.characters)) if (c.order === "DISORDERED") return at(["characters", c.id, "order"], `"${c.id}" is DISORDERED in a CORE battle`);
      return null;
    },
  }),
  stateInvariant({
    id: "core.formations",
    rule: "CORE-MOVE-1",
    doc: "Under the core rules every unit stands in a block, or (light troops) skirmishes in open order.",
    rulesets: CORE,
    cost: "cheap",
    check: (s) => {
      for (const u of Object.values(s.units)) {
        if (!(CORE_FORMATIONS as readonly string[]).includes(u.formation) || (u.formation === "OPEN_ORDER" && !u.light))
          return at(["units", u.id, "formation"], `"${u.id}" stands in ${u.formation} in a CORE battle`);
      }
      return null;
    },
  }),
  stepInvariant({
    id: "core.failedPanicFlees",
    rule: "CORE-PANIC-1",
    doc: "Under the core rules a unit that fails a Panic test flees (or is destroyed) in the same step.",
    rulesets: CORE,
    cost: "cheap",
    check: ({ after: a, events }) => {
      for (const e of events) {
        if (e.type !== "morale/panicTest" || e["passed"] !== false) continue;
        const u = a.units[e["unit"] as keyof typeof a.units];
        if (u !== undefined && u.removed === null && u.order !== "FLEEING") return `"${u.id}" failed a Panic test and is ${u.order}`;
      }
      return null;
    },
  }),
];
