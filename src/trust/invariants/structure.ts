/**
 * Invariants of a state's structure: what no legal play can break and every loaded state must hold
 * for play to go on (a decision waits where it can be answered, FnF pieces belong to the battle's
 * sides, the chain of command has no loop). None of them reads the event log.
 */
import type { BattleState } from "../../state/battle.js";
import { at, stateInvariant, type Invariant } from "./types.js";

const BOTH = ["whn", "fnf", "core"] as const;
const FNF = ["fnf"] as const;

/** Where each WHN decision kind is answered, and whether it must name the unit that answers. */
const ANSWERED: { readonly [kind: string]: { readonly phases: readonly string[]; readonly step?: string; readonly unit: boolean } } = {
  chargeResponse: { phases: ["movement"], step: "chargeResponses", unit: true },
  restraint: { phases: ["movement", "combat"], unit: true },
  challenge: { phases: ["combat"], unit: false },
  challengeAnswer: { phases: ["combat"], unit: false },
  // The owner's choices (core.ownerChoices "ask"): redressing after a round, splitting attacks before the blows.
  redress: { phases: ["movement", "combat"], unit: true },
  attackSplit: { phases: ["combat"], unit: true },
  // Which extended-order models a fire, a stand and shoot or a round of close combat kills (WHN-FORM-8).
  casualtyChoice: { phases: ["shooting", "movement", "combat"], unit: true },
};

/** Invariants of the state's structure, checked on every state and on every state loaded. */
export const STRUCTURE_INVARIANTS: readonly Invariant[] = [
  stateInvariant({
    id: "pending.answerable",
    rule: "CORE-TURN-2",
    doc: "A pending decision waits in the phase and step where its answer is played, names its unit when its kind needs one (in play, of the deciding side), and a challenge names units of one close combat; FnF battles have no pending decisions.",
    rulesets: BOTH,
    cost: "cheap",
    check: (s) => {
      for (const [i, d] of s.pending.entries()) {
        const path = ["pending", i];
        if (s.ruleset === "fnf") return at(path, `an FnF battle waits for a ${d.kind} decision`);
        const where = ANSWERED[d.kind];
        // Kinds added later are checked by their own modules' invariants.
        if (where === undefined) continue;
        if (!where.phases.includes(s.turn.phase) || (where.step !== undefined && s.turn.step !== where.step))
          return at([...path, "kind"], `a ${d.kind} decision waits in ${s.turn.phase}${s.turn.step === null ? "" : `/${s.turn.step}`}`);
        if (where.unit) {
          const u = d.unit === null || !Object.hasOwn(s.units, d.unit) ? undefined : s.units[d.unit];
          if (u === undefined) return at([...path, "unit"], `a ${d.kind} decision names no known unit (${String(d.unit)})`);
          if (u.removed !== null || u.mergedInto !== null || u.figures === 0) return at([...path, "unit"], `a ${d.kind} decision names "${u.id}", which is not in play`);
          if (u.side !== d.side) return at([...path, "side"], `a ${d.kind} decision of side ${d.side} names "${u.id}" of side ${u.side}`);
        }
        if (d.kind === "chargeResponse") {
          if (d.targets.length === 0) return at([...path, "targets"], "a charge response names no charger");
          for (const [j, id] of d.targets.entries()) {
            const c = Object.hasOwn(s.units, id) ? s.units[id] : undefined;
            if (c === undefined || c.side === d.side) return at([...path, "targets", j], `charger "${id}" is not an enemy unit`);
          }
        }
        if (d.kind === "challenge" || d.kind === "challengeAnswer") {
          const combat = Object.values(s.combats).find((c) => d.targets.length > 0 && d.targets.every((t) => c.units.includes(t)));
          if (combat === undefined) return at([...path, "targets"], `a ${d.kind} decision names no close combat`);
        }
      }
      return null;
    },
  }),
  stateInvariant({
    id: "fnf.sidesKnown",
    rule: "FNF-GEN-1",
    doc: "Every FnF unit and leader belongs to a side of the battle, and captured stands are counted for sides of the battle.",
    rulesets: FNF,
    cost: "cheap",
    check: (s) => {
      const f = s.fnf;
      if (f === null) return null;
      for (const u of Object.values(f.units)) if (!Object.hasOwn(s.sides, u.side)) return at(["fnf", "units", u.id, "side"], `"${u.id}" of unknown side "${u.side}"`);
      for (const l of Object.values(f.leaders)) if (!Object.hasOwn(s.sides, l.side)) return at(["fnf", "leaders", l.id, "side"], `leader "${l.id}" of unknown side "${l.side}"`);
      for (const k of Object.keys(f.captured)) if (!Object.hasOwn(s.sides, k)) return at(["fnf", "captured", k], `stands captured by unknown side "${k}"`);
      return null;
    },
  }),
  stateInvariant({
    id: "fnf.commandChain",
    rule: "FNF-ORG-4",
    doc: "A leader's superior is a leader of his own side, and following superiors never comes back to a leader already passed (no loop).",
    rulesets: FNF,
    cost: "cheap",
    check: (s) => {
      const f = s.fnf;
      if (f === null) return null;
      for (const l of Object.values(f.leaders)) {
        const path = ["fnf", "leaders", l.id, "superior"];
        const seen = new Set<string>([l.id]);
        for (let cur = l; cur.superior !== null; ) {
          const up = Object.hasOwn(f.leaders, cur.superior) ? f.leaders[cur.superior] : undefined;
          if (up === undefined) return at(path, `"${cur.id}" answers to unknown "${cur.superior}"`);
          if (up.side !== cur.side) return at(path, `"${cur.id}" (${cur.side}) answers to "${up.id}" of side ${up.side}`);
          if (seen.has(up.id)) {
            // Named at the loop's smallest id, so the report does not depend on the record's key order.
            const loop: string[] = [up.id];
            let x = up.superior === null ? undefined : f.leaders[up.superior];
            while (x !== undefined && x.id !== up.id) {
              loop.push(x.id);
              x = x.superior === null ? undefined : f.leaders[x.superior];
            }
            const first = loop.reduce((a, b) => (b < a ? b : a));
            return at(["fnf", "leaders", first, "superior"], `the chain of command loops: ${loop.join(" → ")} → ${up.id}`);
          }
          seen.add(up.id);
          cur = up;
        }
      }
      return null;
    },
  }),
];
