/**
 * Several rounds as an absorbing Markov chain (CORE-CC-1, WHN-BREAK-1/6): from each round's exact
 * outcomes (exact.ts), a side is absorbed when it breaks (or is destroyed), falls back, or flows
 * past a square; a draw — or, with `loserHolds`, a passed Break test as in CORE-BREAK-1 — carries
 * the combat into the next round with the losses taken.
 *
 * Every later round is rebuilt by the combat phase's own builder (build.ts) from the state as the
 * engine would leave it: the losses taken off by the formation's rule (WHN-FORM-8, so the models in
 * contact are whoever stands there after the rear ranks lost theirs), squareness measured again
 * (HR-SQUARE-1, AMB-95) unless `hr.squarenessAtCombatStart` keeps the first value, nobody charging
 * (CORE-CC-4), last round's winner (null after a draw), and the round fought in the other player's
 * turn (rounds alternate, CORE-CC-1; the unit leader's place, CORE-LEAD-4). The sampler walks the
 * same chain with dice, so the exact odds, the sampler and `apply` share one set of rule kernels.
 */
import type { Dice } from "../../../dice/index.js";
import type { BattleState } from "../../../state/battle.js";
import type { CharacterId, CombatId, SideId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { pLeadershipPass } from "../../../dice/index.js";
import { removeModels } from "../casualties.js";
import { leadershipTest } from "../leadership.js";
import { getUnit } from "../unit.js";
import { buildRound, type BuiltRound } from "./build.js";
import { breakPassChance } from "./odds.js";
import { centreOfUnit } from "./contacts.js";
import { roundOutcomes } from "./exact.js";
import { closeUpOnSquare, keepSquareness, mainEnemy } from "./fight.js";
import { resolveRound } from "./round.js";
import type { CombatRecord as Combat, SideIndex } from "./types.js";
import { traitsOf } from "../../traits.js";

/** The chance each side's combat has ended each way within N rounds. */
export interface DecisionOdds {
  readonly sides: readonly [SideId, SideId];
  /** P(side i broke — failed a Break test or was destroyed — within N rounds). */
  readonly breaks: readonly [number, number];
  /** P(side i fell back after losing, within N rounds). */
  readonly fallsBack: readonly [number, number];
  /** P(side i's cavalry flowed past a square, within N rounds). */
  readonly flowsPast: readonly [number, number];
  /** P(still fighting after N rounds). */
  readonly ongoing: number;
  /** Cumulative P(side i broke) after each round, 1…N. */
  readonly breaksByRound: ReadonlyArray<readonly [number, number]>;
  /** Expected rounds fought, counting N for a combat still going after N rounds. */
  readonly meanRounds: number;
}

/** One transient state of the chain: models and wounds left per victim id, last round's winner, rounds fought. */
export interface ChainState {
  readonly models: ReadonlyMap<string, number>;
  readonly taken: ReadonlyMap<string, number>;
  readonly lastWinner: SideIndex | null;
  readonly round: number;
}

/** The round a chain state stands for, with side 0 always the first round's side 0. */
export type RoundBuilder = (cs: ChainState) => BuiltRound;

/** How a combat ended: which side, and how; null while it goes on. */
export type DecisionEnd = { readonly side: SideIndex; readonly way: "breaks" | "fallsBack" | "flowsPast" } | null;

/** The chain's start: no losses yet. */
export const CHAIN_START: ChainState = { models: new Map(), taken: new Map(), lastWinner: null, round: 0 };

const flip = (s: SideIndex): SideIndex => (s === 0 ? 1 : 0);

/** The same round with its side indices swapped (a later round fought in the other player's turn). */
function swapSides(b: BuiltRound): BuiltRound {
  const i = b.input;
  return {
    ...b,
    sides: [b.sides[1], b.sides[0]],
    morale: [b.morale[1], b.morale[0]],
    input: {
      ...i,
      strikers: i.strikers.map((s) => ({ ...s, side: flip(s.side) })),
      victims: i.victims.map((v) => ({ ...v, side: flip(v.side) })),
      sides: [i.sides[1], i.sides[0]],
      lastWinner: i.lastWinner === null ? null : flip(i.lastWinner),
    },
  };
}

/**
 * The state as the engine would leave it after the chain's losses, at the start of the close combat
 * phase of round `cs.round` (0 = the state's own): losses taken off by the formation's rule
 * (WHN-FORM-8, as `combat/fight` does), the combat's round count and last winner, and the player
 * whose turn it is (rounds alternate between the players' close combat phases, CORE-CC-1).
 */
export function laterState(state: BattleState, combat: Combat, cs: ChainState, sides: readonly [SideId, SideId]): { state: BattleState; combat: Combat } {
  const start = keepSquareness(state, combat);
  if (cs.round === 0 && cs.models.size === 0) return { state, combat: start };
  const units = { ...state.units };
  for (const id of combat.units) {
    const u = getUnit(state, id);
    const n = cs.models.get(id);
    if (u === undefined || n === undefined) continue;
    const foeId = mainEnemyOf(state, combat, u);
    const foe = foeId === null ? undefined : getUnit(state, foeId);
    const cut = removeModels(u, u.figures - n, foe === undefined ? undefined : centreOfUnit(foe)).unit;
    units[id] = { ...cut, woundsTaken: n === 0 ? 0 : (cs.taken.get(id) ?? 0), removed: n === 0 ? { reason: "destroyed", gameTurn: state.turn.gameTurn } : u.removed } as Unit;
  }
  const characters = { ...state.characters };
  for (const [id, n] of cs.models) {
    const c = state.characters[id as CharacterId];
    if (c === undefined) continue;
    characters[c.id] = { ...c, woundsTaken: cs.taken.get(id) ?? 0, removed: n === 0 ? { reason: "destroyed", gameTurn: state.turn.gameTurn } : c.removed };
  }
  const lastWinner = cs.lastWinner === null ? null : sides[cs.lastWinner];
  const turn = { ...state.turn, activeSide: sides[cs.round % 2] as SideId };
  let next: BattleState = { ...state, units, characters, turn };
  // A square that lost models is re-laid about its centre and its enemies close up, as `combat/fight` does.
  let contacts: BuiltRound["contacts"] | null = null;
  for (const id of combat.units) {
    const u = getUnit(state, id);
    const after = units[id];
    if (u === undefined || after === undefined || u.formation !== "SQUARE" || after.figures === 0 || after.figures === u.figures) continue;
    contacts ??= buildRound(state, combat).contacts;
    next = closeUpOnSquare(next, u, contacts);
  }
  return { state: next, combat: { ...start, rounds: combat.rounds + cs.round, lastWinner } };
}

/** The enemy whose centre an EXTENDED_ORDER unit's losses are taken away from (WHN-FORM-8). */
function mainEnemyOf(state: BattleState, combat: Combat, u: Unit): string | null {
  if (u.formation !== "EXTENDED_ORDER") return null;
  return mainEnemy(buildRound(state, combat).contacts, u.id);
}

/** A memoised builder of a combat's later rounds, keyed by the chain state's content. */
export function roundBuilder(state: BattleState, combatId: CombatId): RoundBuilder {
  const combat = state.combats[combatId];
  if (combat === undefined) throw new RangeError(`roundBuilder: unknown combat "${combatId}"`);
  const first = buildRound(state, keepSquareness(state, combat));
  const sides = first.sides;
  const memo = new Map<string, BuiltRound>();
  return (cs) => {
    if (cs.round === 0 && cs.models.size === 0) return first;
    const key = buildKey(cs);
    let b = memo.get(key);
    if (b === undefined) {
      const h = laterState(state, combat, cs, sides);
      const built = buildRound(h.state, h.combat);
      b = built.sides[0] === sides[0] ? built : swapSides(built);
      memo.set(key, b);
    }
    return b;
  };
}

/** What a later round's build depends on besides the state: losses, last winner, whose turn, rounds so far (up to 2, CORE-LEAD-4). */
function buildKey(cs: ChainState): string {
  return `${cs.round % 2}|${Math.min(cs.round, 2)}|${stateKey(cs)}`;
}

function stateKey(cs: ChainState): string {
  return `${cs.lastWinner}|${[...cs.models].map(([k, v]) => `${k}:${v}:${cs.taken.get(k) ?? 0}`).join(",")}`;
}

/** Models left on a side (its units only) after a round. */
function sideModels(b: BuiltRound, left: readonly number[], side: SideIndex): number {
  let n = 0;
  b.input.victims.forEach((v, i) => {
    if (v.side === side && v.kind === "unit") n += left[i] ?? 0;
  });
  return n;
}

/**
 * How a round's end settles the combat, as chances (CORE-BREAK-1/4, WHN-BREAK-1/3/6): a side with
 * no models left is destroyed (counted as broken); otherwise the loser's main unit tests.
 * Returns the ends with their chances and the chance the combat carries on (a draw, or a passed
 * test with `loserHolds`).
 */
function settleRound(b: BuiltRound, left: readonly number[], winner: SideIndex | null, margin: number, loserHolds: boolean): { ends: Array<[NonNullable<DecisionEnd>, number]>; carry: number } {
  const a0 = sideModels(b, left, 0);
  const a1 = sideModels(b, left, 1);
  if (a0 === 0 || a1 === 0) return { ends: [[{ side: a1 === 0 ? 1 : 0, way: "breaks" }, 1]], carry: 0 };
  if (winner === null) return { ends: [], carry: 1 };
  const l = flip(winner);
  const m = b.morale[l];
  const idx = b.input.victims.findIndex((v) => v.id === m.unit);
  const n = left[idx] ?? 0;
  const failWay = m.flowsPast ? "flowsPast" : "breaks";
  if (m.autoBreakAt !== null && n <= m.autoBreakAt) return { ends: [[{ side: l, way: failWay }, 1]], carry: 0 };
  const pass = breakPassChance(m, margin);
  const ends: Array<[NonNullable<DecisionEnd>, number]> = [[{ side: l, way: failWay }, 1 - pass]];
  if (loserHolds) return { ends, carry: pass };
  ends.push([{ side: l, way: "fallsBack" }, pass]);
  return { ends, carry: 0 };
}

/**
 * The absorbing chain over rounds built by `build`, for at most `rounds` rounds (see
 * {@link combatToDecision}). `loserHolds` plays CORE-BREAK-1 instead of WHN-BREAK-1.
 */
export function decisionChain(build: RoundBuilder, rounds: number, loserHolds = false): DecisionOdds {
  const first = build(CHAIN_START);
  const breaks: [number, number] = [0, 0];
  const fallsBack: [number, number] = [0, 0];
  const flowsPast: [number, number] = [0, 0];
  const byRound: Array<readonly [number, number]> = [];
  let meanRounds = 0;
  let live = new Map<string, { cs: ChainState; p: number }>([["start", { cs: CHAIN_START, p: 1 }]]);
  for (let round = 0; round < rounds; round++) {
    const next = new Map<string, { cs: ChainState; p: number }>();
    for (const { cs, p } of live.values()) {
      const b = build(cs);
      for (const o of roundOutcomes(b.input)) {
        const pr = p * o.p;
        const v = o.verdict;
        const { ends, carry } = settleRound(b, o.left, v.winner, v.margin, loserHolds);
        for (const [end, q] of ends) {
          if (q <= 0) continue;
          (end.way === "breaks" ? breaks : end.way === "fallsBack" ? fallsBack : flowsPast)[end.side] += pr * q;
          meanRounds += pr * q * (round + 1);
        }
        if (carry <= 0) continue;
        const models = new Map(cs.models);
        const taken = new Map(cs.taken);
        b.input.victims.forEach((vi, i) => {
          models.set(vi.id, o.left[i] ?? 0);
          taken.set(vi.id, o.taken[i] ?? 0);
        });
        const ns: ChainState = { models, taken, lastWinner: v.winner, round: round + 1 };
        const k = stateKey(ns);
        const prev = next.get(k);
        next.set(k, { cs: ns, p: (prev?.p ?? 0) + pr * carry });
      }
    }
    live = next;
    byRound.push([breaks[0], breaks[1]]);
  }
  let ongoing = 0;
  for (const { p } of live.values()) ongoing += p;
  meanRounds += ongoing * rounds;
  return { sides: first.sides, breaks, fallsBack, flowsPast, ongoing, breaksByRound: byRound, meanRounds };
}

/**
 * Fights the chain with dice, round by round, the same way {@link decisionChain} weighs it: each
 * round resolved by `resolveRound`, the loser's test by `leadershipTest` (CORE-GEN-3).
 */
export function sampleDecision(build: RoundBuilder, rounds: number, dice: Dice, loserHolds = false): { end: DecisionEnd; rounds: number } {
  let cs = CHAIN_START;
  for (let round = 0; round < rounds; round++) {
    const b = build(cs);
    const res = resolveRound(b.input, dice);
    const left = b.input.victims.map((v) => Math.max(0, v.models - (res.losses[v.id]?.models ?? 0)));
    const taken = b.input.victims.map((v, i) => ((left[i] ?? 0) <= 0 ? 0 : (res.losses[v.id]?.woundsTaken ?? v.woundsTaken)));
    const { ends, carry } = settleRound(b, left, res.winner, res.margin, loserHolds);
    if (carry < 1) {
      const certain = ends.find(([, q]) => q >= 1);
      if (certain !== undefined) return { end: certain[0], rounds: round + 1 };
      // One Break test decides between the fail end and passing (fall back, or holding on).
      const m = b.morale[flip(res.winner as SideIndex)];
      const passed = leadershipTest(dice, m.ld - res.margin).passed || (m.reroll === true && leadershipTest(dice, m.ld - res.margin).passed);
      const fail = ends[0] as [NonNullable<DecisionEnd>, number];
      if (!passed) return { end: fail[0], rounds: round + 1 };
      const fell = ends.find(([e]) => e.way === "fallsBack");
      if (fell !== undefined) return { end: fell[0], rounds: round + 1 };
    }
    const models = new Map(cs.models);
    const tk = new Map(cs.taken);
    b.input.victims.forEach((v, i) => {
      models.set(v.id, left[i] ?? 0);
      tk.set(v.id, taken[i] ?? 0);
    });
    cs = { models, taken: tk, lastWinner: res.winner, round: round + 1 };
  }
  return { end: null, rounds };
}

/**
 * The probability that each side breaks within `rounds` rounds of a combat (an absorbing Markov
 * chain over the surviving models), with fall backs and flowing past as the other ways out.
 * `loserHolds` plays CORE-BREAK-1 (a unit that passes stays in the fight) instead of WHN-BREAK-1.
 * @example
 * combatToDecision(state, combatId("c1-1"), 3).breaks // [P(side 0 broke), P(side 1 broke)]
 * @deprecated Use `analysis.combatToDecision({ state, combat, maxRounds })`: the same chain, with the
 * outcome distribution too, and it also takes a `twoUnitCombat(...)`.
 */
export function combatToDecision(state: BattleState, combatId: CombatId, rounds: number, options: { readonly loserHolds?: boolean } = {}): DecisionOdds {
  const combat = state.combats[combatId];
  if (combat === undefined) throw new RangeError(`combatToDecision: unknown combat "${combatId}"`);
  if (!Number.isInteger(rounds) || rounds < 0) throw new RangeError(`combatToDecision: rounds must be a whole number ≥ 0, got ${rounds}`);
  // Under the core rules a loser that holds stays in the fight (CORE-BREAK-1) unless told otherwise.
  return decisionChain(roundBuilder(state, combatId), rounds, options.loserHolds ?? traitsOf(state).loserHolds);
}

/** Alias of {@link combatToDecision}.
 * @deprecated Use `analysis.combatToDecision({ state, combat, maxRounds })`. */
export const decisionOdds = combatToDecision;
