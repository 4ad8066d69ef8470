/**
 * Close combat to a decision on the odds API's terms: five outcomes (side B broken, side B falls
 * back, side A falls back, side A broken, undecided) with the mean rounds fought. The chain itself
 * is the combat phase's (`whn.combat.combatToDecision`, markov.ts): every later round is built by
 * the phase's own builder from the state the engine would leave (WHN-FORM-8 losses from the rear,
 * HR-SQUARE-1 squareness measured each phase, AMB-95), so this file only names the outcomes.
 * Cavalry flowing past a square (WHN-BREAK-3) count as falling back.
 */
import type { Dice } from "../dice/index.js";
import { Dist } from "../dice/index.js";
import type { BattleState } from "../state/battle.js";
import type { CombatId } from "../state/ids.js";
import type { BuiltRound } from "../rules/whn/combat/build.js";
import { CHAIN_START, decisionChain, type DecisionOdds, roundBuilder, sampleDecision, type ChainState, type DecisionEnd, type RoundBuilder } from "../rules/whn/combat/markov.js";
import type { RoundInput } from "../rules/whn/combat/types.js";

/** Outcomes of a combat to a decision, side A (index 0) best first. */
export const DECISION_LABELS: readonly string[] = ["sideBBroken", "sideBFallsBack", "sideAFallsBack", "sideABroken", "undecided"];

/** A combat to fight to a decision, as {@link decisionInput} builds it from a battle state. */
export interface DecisionInput {
  /** The first round, as the combat phase builds it. */
  readonly round: RoundInput;
  /** Effective Leadership of each side's main unit in the first round (WHN-LEAD-3). */
  readonly ld: readonly [number, number];
  /** Models left at or below which a side breaks without a test (CORE-BREAK-4), or null. */
  readonly autoBreakAt?: readonly [number | null, number | null];
  /** A failed test flows past instead of breaking (WHN-BREAK-3). */
  readonly flowsPast?: readonly [boolean, boolean];
  /** Rounds fought before the rest counts as undecided (default 12). */
  readonly maxRounds?: number;
  /** Builds the round of each chain state (the combat phase's builder on the state after the losses). */
  readonly rounds: RoundBuilder;
  /** Play CORE-BREAK-1 (a loser who passes stays in the fight) instead of WHN-BREAK-1 (it falls back). */
  readonly loserHolds?: boolean;
}

/** A combat in a battle state, to fight to a decision. */
export interface StateCombat {
  readonly state: BattleState;
  readonly combat: CombatId;
  /** Rounds fought before the rest counts as undecided (default 12). */
  readonly maxRounds?: number;
  readonly loserHolds?: boolean;
}

/** What {@link combatToDecision} takes: a decision input, a built two-unit combat, or a combat in a state. */
export type DecisionSource = DecisionInput | { readonly decision: DecisionInput } | StateCombat;

/** The answer of {@link combatToDecision}: the chain's per-side odds and the five outcomes as a distribution. */
export interface DecisionAnswer extends DecisionOdds {
  /** Outcome index ({@link DECISION_LABELS}) → probability. */
  readonly dist: Dist;
  /** P(still fighting after maxRounds). */
  readonly undecided: number;
}

/**
 * The decision input of a combat in a battle state: its first round and the builder of the later
 * ones (`whn.combat` rules kernels, so the chain plays as `apply` does).
 * @example
 * const d = decisionInput(state, combatId("c1"), 12);
 * odds({ kind: "combatToDecision", input: d }).events.meanRounds;
 */
export function decisionInput(state: BattleState, combat: CombatId, maxRounds = 12): DecisionInput {
  const rounds = roundBuilder(state, combat);
  const first: BuiltRound = rounds(CHAIN_START);
  const m = first.morale;
  return { round: first.input, ld: [m[0].ld, m[1].ld], autoBreakAt: [m[0].autoBreakAt, m[1].autoBreakAt], flowsPast: [m[0].flowsPast, m[1].flowsPast], maxRounds, rounds };
}

/** The round input of a chain state (round 0: the first round). */
export function laterRound(d: DecisionInput, s: ChainState): RoundInput {
  return d.rounds(s).input;
}

/** The outcome index of a chain end. */
function labelOf(end: DecisionEnd): number {
  if (end === null) return 4;
  const broken = end.way === "breaks";
  return end.side === 1 ? (broken ? 0 : 1) : broken ? 3 : 2;
}

/** The decision input of any {@link DecisionSource}. */
export function decisionOf(src: DecisionSource): DecisionInput {
  if ("rounds" in src) return src;
  if ("decision" in src) return src.decision;
  if (src.state.combats[src.combat] === undefined) throw new RangeError(`combatToDecision: unknown combat "${src.combat}"`);
  const d = decisionInput(src.state, src.combat, src.maxRounds ?? 12);
  return src.loserHolds === undefined ? d : { ...d, loserHolds: src.loserHolds };
}

/**
 * The one combat-to-decision API: the exact chain of a combat fought round after round until a
 * loser fails its Break test or falls back (or `maxRounds` pass), from a decision input, a
 * {@link twoUnitCombat} or a combat in any battle state. Same chain as `odds({ kind:
 * "combatToDecision" })` and the `whn/combat` sampler; `whn.combat.combatToDecision` is its
 * deprecated alias on (state, combat, rounds).
 * @example
 * const r = combatToDecision(twoUnitCombat({ charger: "a" }));
 * r.breaks[1]; r.dist.pEqual(0); r.meanRounds;
 * combatToDecision({ state, combat: combatId("c1-1"), maxRounds: 3 }).breaks;
 */
export function combatToDecision(src: DecisionSource): DecisionAnswer {
  const d = decisionOf(src);
  const maxRounds = d.maxRounds ?? 12;
  if (!Number.isInteger(maxRounds) || maxRounds < 0) throw new RangeError(`combatToDecision: maxRounds must be a whole number ≥ 0, got ${maxRounds}`);
  const c = decisionChain(d.rounds, maxRounds, d.loserHolds === true);
  const mass: Array<readonly [number, number]> = [
    [0, c.breaks[1]],
    [1, c.fallsBack[1] + c.flowsPast[1]],
    [2, c.fallsBack[0] + c.flowsPast[0]],
    [3, c.breaks[0]],
    [4, c.ongoing],
  ];
  const kept = mass.filter(([, p]) => p > 0);
  const total = kept.reduce((x, [, p]) => x + p, 0);
  return { ...c, dist: Dist.fromEntries(kept.map(([k, p]) => [k, p / total] as const)), undecided: c.ongoing };
}

/** Fights a combat to a decision with dice, the same way the chain weighs it. */
export function sampleCombatToDecision(src: DecisionSource, dice: Dice): { result: number; rounds: number } {
  const d = decisionOf(src);
  const r = sampleDecision(d.rounds, d.maxRounds ?? 12, dice, d.loserHolds === true);
  return { result: labelOf(r.end), rounds: r.rounds };
}
