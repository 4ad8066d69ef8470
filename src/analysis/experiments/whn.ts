/**
 * Built-in WHN experiments: Leadership and Break tests, one musket volley read from a real table,
 * and a close combat (one round or fought to a decision) built by the combat phase's own builder.
 */
import * as z from "zod";
import { Dist, MAX_LEADERSHIP } from "../../dice/index.js";
import type { BattleState } from "../../state/battle.js";
import type { UnitId } from "../../state/ids.js";
import { sampleVolley, volleyOdds, type VolleySpec } from "../../rules/whn/shooting/volley.js";
import { volleySpec } from "../../rules/whn/shooting/odds.js";
import { resolveRound } from "../../rules/whn/combat/round.js";
import { defineExperiment } from "../experiment.js";
import { combatToDecision, sampleCombatToDecision, DECISION_LABELS, type DecisionInput } from "../combatChain.js";
import { CombatParams, twoUnitCombat, type TwoUnitCombatParams, type TwoUnitCombatSpec } from "../combatSetup.js";

export { CombatParams };
import { odds } from "../odds.js";
import { OptionsParamSchema, UnitParamsSchema, twoUnitTable } from "./table.js";

const TWO_D6 = Dist.nd6(2);

/** A Leadership test (CORE-GEN-3): the 2D6 total and whether it passed. `ld` is the effective Ld, capped at 10 (CORE-GEN-2, WHN-LEAD-3) as `odds` caps it. */
export const leadershipExperiment = defineExperiment({
  name: "whn/leadership",
  summary: "One Leadership test: 2D6 against Ld (capped at 10) + modifier (CORE-GEN-3).",
  params: z.strictObject({ ld: z.int().min(0).max(12).default(7), modifier: z.int().min(-12).max(12).default(0) }),
  prepare: (p) => Math.min(p.ld, MAX_LEADERSHIP) + p.modifier,
  run: (dice, target) => {
    const total = dice.d6() + dice.d6();
    return { total, passed: total <= target };
  },
  exact: (target) => ({ total: TWO_D6, passed: Dist.bernoulli(TWO_D6.pAtMost(target)) }),
});

/** A Break test after a lost round (CORE-BREAK-1, CORE-BREAK-4, WHN-BREAK-1). */
export const breakTestExperiment = defineExperiment({
  name: "whn/breakTest",
  summary: "One Break test: 2D6 against Ld (capped at 10) − margin; broke or fell back (CORE-BREAK-1).",
  params: z.strictObject({ ld: z.int().min(0).max(12).default(7), margin: z.int().min(0).max(40).default(1), autoBreak: z.boolean().default(false) }),
  prepare: (p) => ({ ...p, ld: Math.min(p.ld, MAX_LEADERSHIP) }),
  run: (dice, p) => ({ broke: p.autoBreak || dice.d6() + dice.d6() > p.ld - p.margin }),
  exact: (p) => ({ broke: odds({ kind: "breakTest", ld: p.ld, margin: p.margin, autoBreak: p.autoBreak }).dist }),
});

const VolleyParams = z.strictObject({
  /** Gap between the two units' front edges, inches. */
  range: z.number().min(0).max(48).default(8),
  firer: UnitParamsSchema.prefault({ formation: "LINE", files: 12 }),
  target: UnitParamsSchema.prefault({ formation: "ATTACK_COLUMN", files: 4 }),
  options: OptionsParamSchema,
});

function specOf(state: BattleState, shooter: string, target: string): VolleySpec {
  const r = volleySpec(state, { shooter: shooter as UnitId, target: target as UnitId });
  if (!r.ok) throw new RangeError(`the shooting is not allowed: ${r.violation.code} (${r.violation.rule}) ${JSON.stringify(r.violation)}`);
  return r.spec;
}

/** One volley from unit a at unit b, read from a real table (WHN-SHOOT, CORE-SHOOT, WHN-PANIC-2). */
export const volleyExperiment = defineExperiment({
  name: "whn/volley",
  summary: "One volley by the firer at the target across `range` inches: hits, casualties, Panic.",
  params: VolleyParams,
  prepare: (p) => specOf(twoUnitTable(p.firer, p.target, p.range, p.options), "a", "b"),
  run: (dice, spec) => {
    const s = sampleVolley(dice, spec);
    return { shots: spec.shots, hits: s.hits, casualties: s.casualties, panicTested: s.panic !== "notTested" && s.panic !== "destroyed", result: s.panic };
  },
  exact: (spec) => {
    const v = volleyOdds(spec);
    return { hits: v.hits, casualties: v.casualties, shots: Dist.constant(spec.shots), panicTested: Dist.bernoulli(Math.min(1, v.pPanicTest)) };
  },
});

/** The decision input of a two-unit combat (see {@link twoUnitCombat}, which this forwards to). */
export function combatInput(p: TwoUnitCombatSpec | TwoUnitCombatParams): DecisionInput {
  return twoUnitCombat(p).decision;
}

/**
 * The battle state of a two-unit combat experiment: a and b in contact, combat "c1" (never fought,
 * `charger` charged), in side a's close combat phase. `apply` plays it as the chain weighs it.
 * @deprecated Use {@link twoUnitCombat}`(params).state`, which also gives the rounds and the decision input.
 */
export function combatState(p: TwoUnitCombatSpec | TwoUnitCombatParams): BattleState {
  return twoUnitCombat(p).state;
}

/** One round of close combat between a and b (CORE-CC, CORE-CR): a's signed margin, winner. */
export const combatRoundExperiment = defineExperiment({
  name: "whn/combatRound",
  summary: "One round of close combat, a charging b by default: a's signed margin and the winner.",
  params: CombatParams,
  prepare: combatInput,
  run: (dice, d) => {
    const r = resolveRound(d.round, dice);
    const margin = r.winner === null ? 0 : r.winner === 0 ? r.margin : -r.margin;
    return { margin, aWins: r.winner === 0, winner: r.winner === null ? "draw" : r.winner === 0 ? "a" : "b" };
  },
  exact: (d) => {
    const o = odds({ kind: "combatRound", input: d.round });
    return { margin: o.dist, aWins: Dist.bernoulli(Math.min(1, o.events["sideAWins"] ?? 0)) };
  },
});

/** Close combat fought to a decision (absorbing chain): who breaks or falls back. */
export const combatExperiment = defineExperiment({
  name: "whn/combat",
  summary: "Close combat fought round after round until one side loses its Break test or falls back.",
  params: CombatParams,
  prepare: combatInput,
  run: (dice, d) => {
    const r = sampleCombatToDecision(d, dice);
    const label = DECISION_LABELS[r.result] as string;
    return { result: label, aWins: r.result <= 1, bWins: r.result === 2 || r.result === 3, bBroken: r.result === 0, rounds: r.rounds };
  },
  exact: (d) => {
    const c = combatToDecision(d);
    return { aWins: Dist.bernoulli(Math.min(1, c.dist.pAtMost(1))), bBroken: Dist.bernoulli(Math.min(1, c.dist.pEqual(0))) };
  },
});
