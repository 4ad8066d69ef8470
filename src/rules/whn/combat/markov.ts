/**
 * Several rounds as an absorbing Markov chain (CORE-CC-1, WHN-BREAK-1/6): from each round's exact
 * outcomes (exact.ts), a side is absorbed when it breaks (or is destroyed), falls back, or flows
 * past a square; a draw — or, with `loserHolds`, a passed Break test as in CORE-BREAK-1 — carries
 * the combat into the next round with the losses taken. Later rounds are rebuilt from the state
 * with the surviving models (no chargers' first strike, last round's winner striking first on ties).
 */
import type { BattleState } from "../../../state/battle.js";
import type { CharacterId, CombatId, SideId } from "../../../state/ids.js";
import type { DeepReadonly } from "../../../state/common.js";
import type { Combat } from "../../../state/battle.js";
import type { Unit } from "../../../state/unit.js";
import { pLeadershipPass } from "../../../dice/index.js";
import { removeModels } from "../casualties.js";
import { getUnit } from "../unit.js";
import { buildRound, type BuiltRound } from "./build.js";
import { roundOutcomes } from "./exact.js";
import type { SideIndex } from "./types.js";

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
}

/** One transient state of the chain: losses so far and last round's winner. */
interface ChainState {
  readonly models: ReadonlyMap<string, number>;
  readonly taken: ReadonlyMap<string, number>;
  readonly lastWinner: SideIndex | null;
  readonly round: number;
}

/** The state as it would be after the chain's losses (for rebuilding a later round). */
function hypothetical(state: BattleState, combat: DeepReadonly<Combat>, cs: ChainState, sides: readonly [SideId, SideId]): { state: BattleState; combat: DeepReadonly<Combat> } {
  const units = { ...state.units };
  for (const id of combat.units) {
    const u = getUnit(state, id);
    const n = cs.models.get(id);
    if (u === undefined || n === undefined) continue;
    const cut = removeModels(u, u.figures - n).unit;
    units[id] = { ...cut, woundsTaken: n === 0 ? 0 : (cs.taken.get(id) ?? 0), removed: n === 0 ? { reason: "destroyed", gameTurn: state.turn.gameTurn } : u.removed } as Unit;
  }
  const characters = { ...state.characters };
  for (const [id, n] of cs.models) {
    const c = state.characters[id as CharacterId];
    if (c === undefined) continue;
    characters[c.id] = { ...c, woundsTaken: cs.taken.get(id) ?? 0, removed: n === 0 ? { reason: "destroyed", gameTurn: state.turn.gameTurn } : c.removed };
  }
  const lastWinner = cs.lastWinner === null ? null : sides[cs.lastWinner];
  return { state: { ...state, units, characters }, combat: { ...combat, rounds: combat.rounds + cs.round, lastWinner } };
}

/**
 * The probability that each side breaks within `rounds` rounds of a combat (an absorbing Markov
 * chain over the surviving models), with fall backs and flowing past as the other ways out.
 * `loserHolds` plays CORE-BREAK-1 (a unit that passes stays in the fight) instead of WHN-BREAK-1.
 * @example
 * combatToDecision(state, combatId("c1-1"), 3).breaks // [P(side 0 broke), P(side 1 broke)]
 */
export function combatToDecision(state: BattleState, combatId: CombatId, rounds: number, options: { readonly loserHolds?: boolean } = {}): DecisionOdds {
  const combat = state.combats[combatId];
  if (combat === undefined) throw new RangeError(`combatToDecision: unknown combat "${combatId}"`);
  if (!Number.isInteger(rounds) || rounds < 0) throw new RangeError(`combatToDecision: rounds must be a whole number ≥ 0, got ${rounds}`);
  const first = buildRound(state, combat);
  const sides = first.sides;
  const memo = new Map<string, BuiltRound>();
  const built = (cs: ChainState): BuiltRound => {
    if (cs.round === 0) return first;
    const key = `${cs.lastWinner}|${[...cs.models].map(([k, v]) => `${k}:${v}:${cs.taken.get(k) ?? 0}`).join(",")}`;
    let b = memo.get(key);
    if (b === undefined) {
      const h = hypothetical(state, combat, cs, sides);
      b = buildRound(h.state, h.combat);
      memo.set(key, b);
    }
    return b;
  };
  const keyOf = (cs: ChainState): string => `${cs.lastWinner}|${[...cs.models].map(([k, v]) => `${k}:${v}:${cs.taken.get(k) ?? 0}`).join(",")}`;

  const breaks: [number, number] = [0, 0];
  const fallsBack: [number, number] = [0, 0];
  const flowsPast: [number, number] = [0, 0];
  const byRound: Array<readonly [number, number]> = [];
  let live = new Map<string, { cs: ChainState; p: number }>([["start", { cs: { models: new Map(), taken: new Map(), lastWinner: null, round: 0 }, p: 1 }]]);
  for (let round = 0; round < rounds; round++) {
    const next = new Map<string, { cs: ChainState; p: number }>();
    for (const { cs, p } of live.values()) {
      const b = built(cs);
      const { input, morale } = b;
      for (const o of roundOutcomes(input)) {
        const models = new Map(cs.models);
        const taken = new Map(cs.taken);
        input.victims.forEach((v, i) => {
          models.set(v.id, o.left[i] ?? 0);
          taken.set(v.id, o.taken[i] ?? 0);
        });
        const carry = (q: number, lastWinner: SideIndex | null): void => {
          const ns: ChainState = { models, taken, lastWinner, round: round + 1 };
          const k = keyOf(ns);
          const prev = next.get(k);
          next.set(k, { cs: ns, p: (prev?.p ?? 0) + q });
        };
        const v = o.verdict;
        const pr = p * o.p;
        if (v.winner === null) {
          carry(pr, null);
          continue;
        }
        const l: SideIndex = v.winner === 0 ? 1 : 0;
        const m = morale[l];
        const n = models.get(m.unit) ?? 0;
        if (n <= 0 || (m.autoBreakAt !== null && n <= m.autoBreakAt)) {
          if (m.flowsPast && n > 0) flowsPast[l] += pr;
          else breaks[l] += pr;
          continue;
        }
        const pass = pLeadershipPass(m.ld - v.margin);
        if (m.flowsPast) flowsPast[l] += pr * (1 - pass);
        else breaks[l] += pr * (1 - pass);
        if (options.loserHolds === true) carry(pr * pass, v.winner);
        else fallsBack[l] += pr * pass;
      }
    }
    live = next;
    byRound.push([breaks[0], breaks[1]]);
  }
  let ongoing = 0;
  for (const { p } of live.values()) ongoing += p;
  return { sides, breaks, fallsBack, flowsPast, ongoing, breaksByRound: byRound };
}

/** Alias of {@link combatToDecision}. */
export const decisionOdds = combatToDecision;

