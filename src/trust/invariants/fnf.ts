/** Invariants of the FnF (brigade-scale) ruleset: bases, removals, leaders and melees. */
import type { BattleState } from "../../state/battle.js";
import { at, stateInvariant, stepInvariant, type Invariant } from "./types.js";
import { eventsNaming } from "./util.js";

const FNF = ["fnf"] as const;
/** Event types after which a brigade may hold more bases than before (a detachment rejoining, FNF-DET-2). */
export const BASE_GAIN_EVENTS: ReadonlySet<string> = new Set(["fnf/rejoined"]);

function fnfOf(s: BattleState): NonNullable<BattleState["fnf"]> | null {
  return s.ruleset === "fnf" ? s.fnf : null;
}

/** FnF invariants. */
export const FNF_INVARIANTS: readonly Invariant[] = [
  stateInvariant({
    id: "fnf.basesInRange",
    rule: "FNF-STAT-2",
    doc: "Bases are whole numbers from 0 to the starting bases, detached bases included.",
    rulesets: FNF,
    cost: "cheap",
    check: (s) => {
      const f = fnfOf(s);
      if (f === null) return at(["fnf"], "an FnF battle without its fnf state");
      for (const u of Object.values(f.units)) {
        if (!Number.isInteger(u.bases) || u.bases < 0 || u.detached < 0) return at(["fnf", "units", u.id, "bases"], `"${u.id}" has ${u.bases} bases, ${u.detached} detached`);
        if (u.bases + u.detached > u.startingBases) return at(["fnf", "units", u.id, "bases"], `"${u.id}" has ${u.bases} + ${u.detached} detached bases, started with ${u.startingBases}`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "fnf.inPlayHasBases",
    rule: "FNF-GEN-1",
    doc: "A unit in play has at least one base; a unit with none has left play.",
    rulesets: FNF,
    cost: "cheap",
    check: (s) => {
      const f = fnfOf(s);
      for (const u of Object.values(f?.units ?? {})) if (u.removed === null && u.bases === 0) return at(["fnf", "units", u.id, "bases"], `"${u.id}" is in play with no base`);
      return null;
    },
  }),
  stateInvariant({
    id: "fnf.referencesOwnSide",
    rule: "FNF-CMD-5",
    doc: "A leader is attached only to a unit of his side; a unit's division leader and a detachment's parent are of its side.",
    rulesets: FNF,
    cost: "cheap",
    check: (s) => {
      const f = fnfOf(s);
      if (f === null) return null;
      for (const l of Object.values(f.leaders)) {
        if (l.attachedTo === null) continue;
        const u = f.units[l.attachedTo];
        if (u === undefined) return at(["fnf", "leaders", l.id, "attachedTo"], `leader "${l.id}" attached to unknown "${l.attachedTo}"`);
        if (u.side !== l.side) return at(["fnf", "leaders", l.id, "attachedTo"], `leader "${l.id}" (${l.side}) attached to "${u.id}" (${u.side})`);
      }
      for (const u of Object.values(f.units)) {
        const d = u.division === null ? undefined : f.leaders[u.division];
        if (d !== undefined && d.side !== u.side) return at(["fnf", "units", u.id, "division"], `"${u.id}" under enemy leader "${d.id}"`);
        const p = u.parent === null ? undefined : f.units[u.parent];
        if (p !== undefined && p.side !== u.side) return at(["fnf", "units", u.id, "parent"], `"${u.id}" detached from enemy "${p.id}"`);
      }
      return null;
    },
  }),
  stateInvariant({
    id: "fnf.meleesOpposeSides",
    rule: "FNF-MEL-1a",
    doc: "A melee's attackers exist and are all enemies of its defender.",
    rulesets: FNF,
    cost: "cheap",
    check: (s) => {
      const f = fnfOf(s);
      if (f === null) return null;
      for (const m of Object.values(f.melees)) {
        const d = f.units[m.defender];
        if (d === undefined) return at(["fnf", "melees", m.id, "defender"], `melee "${m.id}" defends unknown "${m.defender}"`);
        for (const id of m.attackers) {
          const a = f.units[id];
          if (a === undefined) return at(["fnf", "melees", m.id, "attackers"], `melee "${m.id}" attacker unknown "${id}"`);
          if (a.side === d.side) return at(["fnf", "melees", m.id, "attackers"], `melee "${m.id}": "${id}" attacks its own side's "${d.id}"`);
        }
      }
      return null;
    },
  }),
  stepInvariant({
    id: "fnf.basesNeverIncrease",
    rule: "FNF-STAT-2",
    doc: "A unit's bases never increase, except a brigade rejoined by its detachment (FNF-DET-2); starting bases never change.",
    rulesets: FNF,
    cost: "cheap",
    check: ({ before: b, after: a, events }) => {
      const fb = fnfOf(b);
      const fa = fnfOf(a);
      if (fb === null || fa === null) return null;
      for (const u of Object.values(fa.units)) {
        const p = fb.units[u.id];
        if (p === undefined) continue;
        if (u.startingBases !== p.startingBases) return `"${u.id}" starting bases ${p.startingBases} → ${u.startingBases}`;
        if (u.bases > p.bases && eventsNaming(events, BASE_GAIN_EVENTS, u.id).length === 0) return `"${u.id}" bases ${p.bases} → ${u.bases} with no rule allowing it`;
      }
      return null;
    },
  }),
  stepInvariant({
    id: "fnf.removedStaysRemoved",
    rule: "FNF-GEN-1",
    doc: "A unit that has left play never comes back, and a lost leader stays lost until replaced.",
    rulesets: FNF,
    cost: "cheap",
    check: ({ before: b, after: a }) => {
      const fb = fnfOf(b);
      const fa = fnfOf(a);
      if (fb === null || fa === null) return null;
      for (const p of Object.values(fb.units)) {
        const u = fa.units[p.id];
        if (p.removed !== null && u !== undefined && u.removed === null) return `"${p.id}" came back after "${p.removed}"`;
      }
      return null;
    },
  }),
];
