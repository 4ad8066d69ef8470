/**
 * Exact odds of one round (CORE-CC, CORE-CR, CORE-BREAK, WHN-BREAK, CORE-PURS-4): the distribution
 * of the combat result margin and of each outcome — win, draw, the loser falling back, fleeing,
 * flowing past a square, or destroyed (slain to the last model, or caught by the pursuit). Also the
 * sampler of the same outcomes, so tests can hold the two against each other.
 *
 * Model: the loser is the side's main unit (most models); pursuit is assumed (no restraint test);
 * geometry after the round (a fall back blocked into a flee) is not modelled.
 */
import { Dist, pLeadershipPass, type Dice } from "../../../dice/index.js";
import type { BattleState } from "../../../state/battle.js";
import type { CombatId, SideId } from "../../../state/ids.js";
import { buildRound, type SideMorale } from "./build.js";
import { compactOutcomes } from "./exact.js";
import { resolveRound } from "./round.js";
import { leadershipTest } from "../leadership.js";
import type { RoundInput, RoundVerdict, SideIndex } from "./types.js";

/** What happens to the losing side's main unit. */
export type LoserFate = "fallsBack" | "flees" | "flowsPast" | "destroyed";

/** Exact odds of one round. */
export interface RoundOdds {
  /** Signed margin from side 0's view: positive when side 0 wins, 0 for a draw. */
  readonly margin: Dist;
  readonly win: readonly [number, number];
  readonly draw: number;
  /** P(side i loses and its main unit has each fate). */
  readonly loser: { readonly [F in LoserFate]: readonly [number, number] };
}

/** Exact odds of one round of a combat in a state, with the side ids behind the indices. */
export interface CombatRoundOdds extends RoundOdds {
  readonly sides: readonly [SideId, SideId];
}

/** P(a pursuit roll of `a` D6 beats a flee roll of `b` D6) (CORE-PURS-4). */
export function pCaught(pursuitDice: number, fleeDice: number): number {
  if (pursuitDice <= 0) return 0;
  const key = pursuitDice * 100 + fleeDice;
  let p = CAUGHT.get(key);
  if (p === undefined) {
    p = Dist.nd6(pursuitDice).compare(Dist.nd6(fleeDice)).greater;
    CAUGHT.set(key, p);
  }
  return p;
}

const CAUGHT = new Map<number, number>();

/** P(pass) of a losing main unit's Break test, or −1 when it is destroyed / −2 when it breaks untested. */
function passChance(m: SideMorale, n: number, margin: number): number {
  if (n <= 0) return -1;
  if (m.autoBreakAt !== null && n <= m.autoBreakAt) return -2;
  return breakPassChance(m, margin);
}

/** P(a Break test holds), with the battle standard's re-roll of a failure (CORE-BSB-1). */
export function breakPassChance(m: Pick<SideMorale, "ld" | "reroll">, margin: number): number {
  const p = pLeadershipPass(m.ld - margin);
  return m.reroll === true ? 1 - (1 - p) * (1 - p) : p;
}

/** The fates of a loser after a verdict, with probabilities (CORE-BREAK-1/4, WHN-BREAK-1/3, CORE-PURS-4). */
export function loserFates(v: Pick<RoundVerdict, "winner" | "margin">, left: readonly number[], input: RoundInput, morale: readonly [SideMorale, SideMorale]): Array<[LoserFate, number]> {
  if (v.winner === null) return [];
  const f = fateChances(v.winner, v.margin, left, input, morale);
  return (Object.keys(f) as LoserFate[]).filter((k) => f[k] > 0).map((k) => [k, f[k]]);
}

/** Fate probabilities of the loser's main unit (plain numbers; see {@link loserFates}). */
function fateChances(winner: SideIndex, margin: number, left: readonly number[], input: RoundInput, morale: readonly [SideMorale, SideMorale]): { [F in LoserFate]: number } {
  const m = morale[winner === 0 ? 1 : 0];
  const w = morale[winner];
  let n = 0;
  let winnerAlive = false;
  for (let i = 0; i < input.victims.length; i++) {
    const id = (input.victims[i] as RoundInput["victims"][number]).id;
    if (id === m.unit) n = left[i] ?? 0;
    if (id === w.unit) winnerAlive = (left[i] ?? 0) > 0;
  }
  const pass = passChance(m, n, margin);
  if (pass === -1) return { fallsBack: 0, flees: 0, flowsPast: 0, destroyed: 1 };
  const broke = pass === -2 ? 1 : 1 - pass;
  const fallsBack = pass === -2 ? 0 : pass;
  if (m.flowsPast) return { fallsBack, flees: 0, flowsPast: broke, destroyed: 0 };
  const caught = winnerAlive ? pCaught(w.pursuitDice, m.fleeDice) : 0;
  return { fallsBack, flees: broke * (1 - caught), flowsPast: 0, destroyed: broke * caught };
}

/** Exact odds of one round on plain values (see {@link combatRoundOdds}). */
export function roundOdds(input: RoundInput, morale: readonly [SideMorale, SideMorale]): RoundOdds {
  const margin = new Map<number, number>();
  const win: [number, number] = [0, 0];
  let draw = 0;
  const loser = { fallsBack: [0, 0], flees: [0, 0], flowsPast: [0, 0], destroyed: [0, 0] } as { [F in LoserFate]: [number, number] };
  for (const o of compactOutcomes(input)) {
    const signed = o.winner < 0 ? 0 : o.winner === 0 ? o.margin : -o.margin;
    margin.set(signed, (margin.get(signed) ?? 0) + o.p);
    if (o.winner < 0) {
      draw += o.p;
      continue;
    }
    const w: SideIndex = o.winner === 0 ? 0 : 1;
    win[w] += o.p;
    const l: SideIndex = w === 0 ? 1 : 0;
    const f = fateChances(w, o.margin, o.left, input, morale);
    loser.fallsBack[l] += o.p * f.fallsBack;
    loser.flees[l] += o.p * f.flees;
    loser.flowsPast[l] += o.p * f.flowsPast;
    loser.destroyed[l] += o.p * f.destroyed;
  }
  return { margin: Dist.fromEntries(margin), win, draw, loser };
}

/**
 * Exact odds of the next round of a combat (CORE-CC, CORE-CR, CORE-BREAK, WHN-BREAK, HR-SQUARE):
 * the margin's distribution and each outcome's probability. Side 0 is the active player's.
 * @example
 * const odds = combatRoundOdds(state, combatId("c1-1"));
 * odds.win[0]; odds.loser.flees[1]; odds.margin.pAtLeast(1);
 */
export function combatRoundOdds(state: BattleState, combat: CombatId): CombatRoundOdds {
  const c = state.combats[combat];
  if (c === undefined) throw new RangeError(`combatRoundOdds: unknown combat "${combat}"`);
  const built = buildRound(state, c);
  return { ...roundOdds(built.input, built.morale), sides: built.sides };
}

/** One sampled round's outcome, for holding the exact odds against sampling. */
export interface SampledOutcome {
  readonly signedMargin: number;
  readonly winner: SideIndex | null;
  readonly fate: LoserFate | null;
}

/** Samples one round and the loser's fate with dice, by the same model as {@link roundOdds}. */
export function sampleOutcome(input: RoundInput, morale: readonly [SideMorale, SideMorale], dice: Dice): SampledOutcome {
  const r = resolveRound(input, dice);
  const signedMargin = r.winner === null ? 0 : r.winner === 0 ? r.margin : -r.margin;
  if (r.winner === null) return { signedMargin, winner: null, fate: null };
  const left = input.victims.map((v) => v.models - (r.losses[v.id]?.models ?? 0));
  const fates = loserFates(r, left, input, morale);
  if (fates.length === 1 && fates[0]?.[0] === "destroyed" && fates[0][1] === 1) return { signedMargin, winner: r.winner, fate: "destroyed" };
  const loser: SideIndex = r.winner === 0 ? 1 : 0;
  const m = morale[loser];
  const w = morale[r.winner];
  const idx = input.victims.findIndex((x) => x.id === m.unit);
  const n = left[idx] ?? 0;
  let broke = m.autoBreakAt !== null && n <= m.autoBreakAt;
  // The Break test as the phase rolls it (CORE-BREAK-1), with the battle standard's re-roll (CORE-BSB-1).
  if (!broke) broke = !leadershipTest(dice, m.ld - r.margin).passed && (m.reroll !== true || !leadershipTest(dice, m.ld - r.margin).passed);
  if (!broke) return { signedMargin, winner: r.winner, fate: "fallsBack" };
  if (m.flowsPast) return { signedMargin, winner: r.winner, fate: "flowsPast" };
  const wIdx = input.victims.findIndex((x) => x.id === w.unit);
  if (wIdx < 0 || (left[wIdx] ?? 0) <= 0 || w.pursuitDice <= 0) return { signedMargin, winner: r.winner, fate: "flees" };
  const flee = dice.nd6(m.fleeDice);
  const chase = dice.nd6(w.pursuitDice);
  return { signedMargin, winner: r.winner, fate: chase > flee ? "destroyed" : "flees" };
}
