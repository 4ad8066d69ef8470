/**
 * Close combat to a decision as an absorbing Markov chain: rounds are fought (exactly, with
 * `roundOutcomes`) while they are drawn; the first round with a winner ends it with the loser's
 * Break test (CORE-BREAK-1, WHN-BREAK-1: pass → falls back, fail → broken; cavalry beaten only by
 * squares flow past, counted as falling back). A side with no models left is broken.
 *
 * Between rounds the fighters are the first round's groups thinned by their owner's losses
 * (CORE-CC-5), and nobody counts as charging any more (CORE-CC-4). Charge-only weapon bonuses are
 * kept as built for the first round: an approximation until whole battles are played.
 */
import type { Dice } from "../dice/index.js";
import { Dist } from "../dice/index.js";
import { roundOutcomes } from "../rules/whn/combat/exact.js";
import { fightingModels, resolveRound } from "../rules/whn/combat/round.js";
import type { RoundInput, SideIndex } from "../rules/whn/combat/types.js";

/** Outcomes of a combat to a decision, side A (index 0) best first. */
export const DECISION_LABELS: readonly string[] = ["sideBBroken", "sideBFallsBack", "sideAFallsBack", "sideABroken", "undecided"];

/** A combat to fight to a decision. */
export interface DecisionInput {
  /** The first round, as the combat phase builds it. */
  readonly round: RoundInput;
  /** Effective Leadership of each side's main unit (WHN-LEAD-3). */
  readonly ld: readonly [number, number];
  /** Models left at or below which a side breaks without a test (CORE-BREAK-4), or null. */
  readonly autoBreakAt?: readonly [number | null, number | null];
  /** A failed test flows past instead of breaking (WHN-BREAK-3). */
  readonly flowsPast?: readonly [boolean, boolean];
  /** Rounds fought before the rest counts as undecided (default 12). */
  readonly maxRounds?: number;
}

interface ChainState {
  readonly left: readonly number[];
  readonly taken: readonly number[];
  readonly lastWinner: SideIndex | null;
}

const TWO_D6 = Dist.nd6(2);

/** The round input for a later round: victims as they stand, groups thinned, nobody charging. */
export function laterRound(first: RoundInput, s: ChainState, roundIndex: number): RoundInput {
  if (roundIndex === 0) return first;
  const lost = new Map<string, number>();
  first.victims.forEach((v, i) => lost.set(v.id, v.models - (s.left[i] ?? 0)));
  const fighting = fightingModels(first.strikers, (o) => lost.get(o) ?? 0);
  return {
    ...first,
    lastWinner: s.lastWinner,
    strikers: first.strikers.map((st, i) => ({ ...st, models: fighting[i] ?? 0, charged: false })),
    victims: first.victims.map((v, i) => ({ ...v, models: s.left[i] ?? 0, woundsTaken: s.taken[i] ?? 0 })),
  };
}

function sideModels(input: RoundInput, left: readonly number[], side: SideIndex): number {
  let n = 0;
  input.victims.forEach((v, i) => {
    if (v.side === side && v.kind === "unit") n += left[i] ?? 0;
  });
  return n;
}

/** P(the loser breaks) given its models left and the margin. */
function pBreaks(d: DecisionInput, loser: SideIndex, models: number, margin: number): number {
  const auto = d.autoBreakAt?.[loser] ?? null;
  if (models <= 0 || (auto !== null && models <= auto)) return 1;
  return TWO_D6.pGreater((d.ld[loser] as number) - margin);
}

/** Outcome index when `loser` loses and breaks (or not). */
function decided(d: DecisionInput, loser: SideIndex, broke: boolean): number {
  const flows = d.flowsPast?.[loser] === true;
  const broken = broke && !flows;
  return loser === 1 ? (broken ? 0 : 1) : broken ? 3 : 2;
}

/** The exact outcome distribution of a combat fought to a decision, with the mean rounds fought. */
export function combatToDecision(d: DecisionInput): { dist: Dist; meanRounds: number; undecided: number } {
  const maxRounds = d.maxRounds ?? 12;
  const absorbed = new Map<number, number>();
  const put = (k: number, p: number): void => void absorbed.set(k, (absorbed.get(k) ?? 0) + p);
  let live = new Map<string, { p: number; s: ChainState }>();
  live.set("start", { p: 1, s: { left: d.round.victims.map((v) => v.models), taken: d.round.victims.map((v) => v.woundsTaken), lastWinner: d.round.lastWinner } });
  let meanRounds = 0;
  for (let r = 0; r < maxRounds && live.size > 0; r++) {
    const next = new Map<string, { p: number; s: ChainState }>();
    for (const { p, s } of live.values()) {
      const input = laterRound(d.round, s, r);
      for (const o of roundOutcomes(input)) {
        const q = p * o.p;
        const a = sideModels(input, o.left, 0);
        const b = sideModels(input, o.left, 1);
        if (a === 0 || b === 0 || o.verdict.winner !== null) {
          meanRounds += q * (r + 1);
          const loser: SideIndex = a === 0 && b > 0 ? 0 : b === 0 && a > 0 ? 1 : o.verdict.winner === 0 ? 1 : o.verdict.winner === 1 ? 0 : 1;
          const pb = pBreaks(d, loser, loser === 0 ? a : b, o.verdict.winner === null ? 0 : o.verdict.margin);
          if (pb > 0) put(decided(d, loser, true), q * pb);
          if (pb < 1) put(decided(d, loser, false), q * (1 - pb));
          continue;
        }
        const s2: ChainState = { left: o.left, taken: o.taken, lastWinner: s.lastWinner };
        const key = `${s2.left.join(",")}|${s2.taken.join(",")}`;
        const prev = next.get(key);
        if (prev === undefined) next.set(key, { p: q, s: s2 });
        else prev.p += q;
      }
    }
    live = next;
  }
  let undecided = 0;
  for (const { p } of live.values()) undecided += p;
  meanRounds += undecided * maxRounds;
  if (undecided > 0) put(4, undecided);
  const total = [...absorbed.values()].reduce((x, y) => x + y, 0);
  return { dist: Dist.fromEntries([...absorbed].map(([k, p]) => [k, p / total] as const)), meanRounds, undecided };
}

/** Fights a combat to a decision with dice, the same way the chain weighs it. */
export function sampleCombatToDecision(d: DecisionInput, dice: Dice): { result: number; rounds: number } {
  const maxRounds = d.maxRounds ?? 12;
  let s: ChainState = { left: d.round.victims.map((v) => v.models), taken: d.round.victims.map((v) => v.woundsTaken), lastWinner: d.round.lastWinner };
  for (let r = 0; r < maxRounds; r++) {
    const input = laterRound(d.round, s, r);
    const res = resolveRound(input, dice);
    const left = input.victims.map((v) => v.models - (res.losses[v.id]?.models ?? 0));
    const taken = input.victims.map((v, i) => ((left[i] ?? 0) <= 0 ? 0 : (res.losses[v.id]?.woundsTaken ?? v.woundsTaken)));
    const a = sideModels(input, left, 0);
    const b = sideModels(input, left, 1);
    if (a === 0 || b === 0 || res.winner !== null) {
      const loser: SideIndex = a === 0 && b > 0 ? 0 : b === 0 && a > 0 ? 1 : res.winner === 0 ? 1 : res.winner === 1 ? 0 : 1;
      const models = loser === 0 ? a : b;
      const auto = d.autoBreakAt?.[loser] ?? null;
      const margin = res.winner === null ? 0 : res.margin;
      const broke = models <= 0 || (auto !== null && models <= auto) ? true : dice.d6() + dice.d6() > (d.ld[loser] as number) - margin;
      return { result: decided(d, loser, broke), rounds: r + 1 };
    }
    s = { left, taken, lastWinner: s.lastWinner };
  }
  return { result: 4, rounds: maxRounds };
}
