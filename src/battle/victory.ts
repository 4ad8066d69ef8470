/**
 * Victory: a scenario's conditions (units destroyed or fled, standards captured, objectives held,
 * army broken) judged at the end of every game turn and when the turn limit is reached
 * (CORE-TURN-1: the scenario says how the battle is decided), plus an army with no unit left on the
 * table losing at once.
 */
import { FusilladeError } from "../engine/violation.js";
import type { BattleState, BattleResult } from "../state/battle.js";
import type { SideId } from "../state/ids.js";
import type { Unit } from "../state/unit.js";
import type { Objective as MutableObjective, VictoryCondition as MutableCondition, VictorySpec as MutableSpec } from "../state/victory.js";
import type { DeepReadonly } from "../state/common.js";

type Objective = DeepReadonly<MutableObjective>;
type VictoryCondition = DeepReadonly<MutableCondition>;
type VictorySpec = DeepReadonly<MutableSpec>;
import { centreOf } from "../rules/whn/morale/flee.js";
import { dist } from "../geometry/vec.js";
import { adopt } from "../engine/owned.js";
import { otherSide } from "../engine/sequence.js";
import { misread, objectArg } from "../engine/args.js";

/** When conditions are judged: the end of a game turn, or the end of the battle (the turn limit). */
export type JudgeMoment = "turnEnd" | "final";

/** A verdict: the winner (null for a draw), the reason in words, and the condition that decided it. */
export interface Verdict {
  readonly winner: SideId | null;
  readonly reason: string;
  /** Index of the deciding condition in `spec.conditions`; null for a wipe-out or the `otherwise` result. */
  readonly condition: number | null;
}

const sidesOf = (state: BattleState): SideId[] => Object.keys(state.sides) as SideId[];
const unitsOfSide = (state: BattleState, side: SideId): Unit[] => Object.values(state.units).filter((u) => u.side === side);

/**
 * Destroyed, fled the table, captured, or fleeing now. A detachment merged into its parent
 * (WHN-DET-5) shares the parent's fate; pass the state to judge it by its parent.
 */
export function lostOrFleeing(u: Unit, state?: BattleState): boolean {
  // A try costs nothing until it throws (the victory checks call this for every unit).
  try {
    return lost(u, state);
  } catch (e) {
    throw misread("lostOrFleeing", "u", e);
  }
}

function lost(u: Unit, state?: BattleState): boolean {
  if (state !== undefined && u.mergedInto !== null && u.removed === null) {
    const p = Object.hasOwn(state.units, u.mergedInto) ? state.units[u.mergedInto] : undefined;
    return p === undefined || lost(p);
  }
  return u.removed !== null || u.figures === 0 || u.order === "FLEEING";
}

/**
 * Share of a side's starting figures destroyed or fleeing (0…1): the figures still standing in
 * units neither lost nor fleeing, against all it started with. A merged detachment's models are
 * counted once, in its parent's figures (WHN-DET-5).
 */
export function armyLoss(input: BattleState, side: SideId): number {
  return armyLossOf(adopt(input), side);
}

/** {@link armyLoss} on a state the engine built (a hook's intermediate state): nothing copied; internal. */
export function armyLossOf(state: BattleState, side: SideId): number {
  let start = 0;
  let standing = 0;
  for (const u of unitsOfSide(state, side)) {
    start += u.startingFigures;
    if (u.mergedInto === null && !lostOrFleeing(u)) standing += u.figures;
  }
  return start === 0 ? 0 : (start - standing) / start;
}

/** Standards a side's units have captured (CORE-STD-4). */
export function standardsTaken(input: BattleState, side: SideId): number {
  return standardsTakenOf(adopt(input), side);
}

/** {@link standardsTaken} on a state the engine built (a hook's intermediate state): nothing copied; internal. */
export function standardsTakenOf(state: BattleState, side: SideId): number {
  return unitsOfSide(state, side).reduce((n, u) => n + u.standardsCaptured.length, 0);
}

/** Who holds an objective: the only side with a unit in play, not fleeing, whose centre is within its radius. */
export function objectiveHolder(input: BattleState, o: Objective): SideId | null {
  const state = adopt(input);
  try {
    objectArg("objectiveHolder", "o", o);
    const at = o.at;
    if (typeof at.x !== "number" || typeof at.y !== "number" || typeof o.radius !== "number") throw new FusilladeError("engine/misuse", "at and radius must be numbers");
  } catch (e) {
    throw misread("objectiveHolder", "o", e);
  }
  return objectiveHolderOf(state, o);
}

/** {@link objectiveHolder} on a state the engine built (a hook's intermediate state): nothing copied; internal. */
export function objectiveHolderOf(state: BattleState, o: Objective): SideId | null {
  const at = o.at;
  const radius = o.radius;
  const present = new Set<SideId>();
  for (const u of Object.values(state.units)) {
    if (lostOrFleeing(u) || u.mergedInto !== null) continue;
    if (dist(centreOf(u), at) <= radius) present.add(u.side);
  }
  return present.size === 1 ? ([...present][0] as SideId) : null;
}

/** Whether one condition holds now, with its reason. */
function holds(state: BattleState, spec: VictorySpec, c: VictoryCondition, moment: JudgeMoment): string | null {
  const enemy = otherSide(state, c.winner);
  switch (c.kind) {
    case "unitsLost": {
      const pool = c.units !== undefined ? unitsOfSide(state, enemy).filter((u) => c.units?.includes(u.id)) : unitsOfSide(state, enemy);
      const lost = pool.filter((u) => lostOrFleeing(u, state)).length;
      const need = c.count ?? pool.length;
      return lost >= need ? `${lost} of ${enemy}'s units destroyed or fled` : null;
    }
    case "standardsCaptured": {
      const n = standardsTakenOf(state, c.winner);
      return n >= c.count ? `${c.winner} captured ${n} standard${n === 1 ? "" : "s"}` : null;
    }
    case "objectiveHeld": {
      if (c.when === "end" && moment !== "final") return null;
      const o = spec.objectives.find((x) => x.id === c.objective);
      return o !== undefined && objectiveHolderOf(state, o) === c.winner ? `${c.winner} holds ${o.name}` : null;
    }
    case "armyBroken": {
      const loss = armyLossOf(state, enemy);
      return loss >= c.fraction ? `${enemy}'s army is broken (${Math.round(loss * 100)}% of its figures lost or fleeing)` : null;
    }
  }
}

/** An army with no unit left in play loses at once (a draw if both are gone). */
export function wipeOut(input: BattleState): Verdict | null {
  return wipeOutOf(adopt(input));
}

/** {@link wipeOut} on a state the engine built (a hook's intermediate state): nothing copied; internal. */
export function wipeOutOf(state: BattleState): Verdict | null {
  const gone = sidesOf(state).filter((s) => unitsOfSide(state, s).every((u) => u.removed !== null || u.figures === 0));
  if (gone.length === 0) return null;
  if (gone.length === 2) return { winner: null, reason: "both armies have left the field", condition: null };
  const loser = gone[0] as SideId;
  return { winner: otherSide(state, loser), reason: `${loser} has no unit left on the field`, condition: null };
}

/**
 * Judges a scenario's conditions now. Every condition that holds is found; if they name one side it
 * wins, if both sides it is a draw. At the `final` moment the `otherwise` result applies when none
 * holds; at a game turn's end, `null` means play on.
 * @example
 * judge(state, scenario.victory, "final") // { winner: "gb", reason: "gb holds The crest of the ridge", condition: 0 }
 */
export function judge(input: BattleState, spec: VictorySpec, moment: JudgeMoment): Verdict | null {
  const state = adopt(input);
  objectArg("judge", "spec", spec);
  try {
    return judgeOf(state, spec, moment);
  } catch (e) {
    throw misread("judge", "spec", e);
  }
}

/** {@link judge} on a state the engine built (a hook's intermediate state): nothing copied; internal. */
export function judgeOf(state: BattleState, spec: VictorySpec, moment: JudgeMoment): Verdict | null {
  const wiped = wipeOutOf(state);
  if (wiped !== null) return wiped;
  const met: Verdict[] = [];
  spec.conditions.forEach((c, i) => {
    const reason = holds(state, spec, c, moment);
    if (reason !== null) met.push({ winner: c.winner, reason, condition: i });
  });
  const winners = new Set(met.map((v) => v.winner));
  if (winners.size === 1) return met[0] as Verdict;
  if (winners.size === 2) return { winner: null, reason: `both sides met a victory condition (${met.map((v) => v.reason).join("; ")})`, condition: null };
  if (moment !== "final") return null;
  if (spec.otherwise === "draw") return { winner: null, reason: "no victory condition met at the turn limit: a draw", condition: null };
  return { winner: spec.otherwise as SideId, reason: `no victory condition met at the turn limit: ${spec.otherwise} keeps the field`, condition: null };
}

/** The battle result of a verdict (CORE-TURN-1). */
export function resultOf(v: Verdict): BattleResult {
  objectArg("resultOf", "v", v);
  try {
    return { winner: v.winner, reason: v.reason.slice(0, 500), rule: "CORE-TURN-1" };
  } catch (e) {
    throw misread("resultOf", "v", e);
  }
}
