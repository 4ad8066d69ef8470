/**
 * Splitting attacks between enemy units (CORE-CC-2): a model touching several enemy units attacks
 * the one its owner picks. With `core.ownerChoices: "ask"` every unit with such models is asked,
 * before the blows of its combat, how many of them attack each enemy (decision `attackSplit`);
 * by default each attacks the enemy unit with most of its unit's contacts.
 */
import type { BattleState, Decision } from "../../../state/battle.js";
import type { DeepReadonly } from "../../../state/common.js";

/** A pending decision as the state holds it. */
type PendingDecision = DeepReadonly<Decision>;
import type { CombatId, UnitId } from "../../../state/ids.js";
import type { Unit } from "../../../state/unit.js";
import { getUnit } from "../unit.js";
import { buildRound, fightingUnits } from "./build.js";
import { defaultSplit, splitAssignment, splitModels, type SplitModel } from "./contacts.js";
import { keepSquareness } from "./fight.js";

/** Most answers listed for one split decision (the default first). */
export const MAX_SPLIT_ANSWERS = 32;

/** The shared models of a unit in a combat as the round would be built now (CORE-CC-2). */
export function sharedModels(state: BattleState, combat: CombatId, u: Unit): { shared: SplitModel[]; byDefault: Map<string, number> } {
  const c = state.combats[combat];
  if (c === undefined) return { shared: [], byDefault: new Map() };
  const contacts = buildRound(state, keepSquareness(state, c)).contacts;
  return { shared: splitModels(u, contacts), byDefault: defaultSplit(u, contacts) };
}

/** The split decisions to ask before fighting `batch` (none unless `core.ownerChoices` is "ask"). */
export function splitDecisions(state: BattleState, batch: readonly CombatId[]): Decision[] {
  if (state.options.core.ownerChoices !== "ask") return [];
  const out: Decision[] = [];
  for (const id of batch) {
    const c = state.combats[id];
    if (c === undefined) continue;
    for (const u of fightingUnits(state, c)) {
      const { shared } = sharedModels(state, id, u);
      if (shared.length === 0) continue;
      const targets = [...new Set(shared.flatMap((m) => m.enemies))].sort() as UnitId[];
      out.push({ kind: "attackSplit", side: u.side, unit: u.id, targets, rule: "CORE-CC-2", batch: [...batch], splits: [] });
    }
  }
  return out;
}

/** The combat a split decision is about: the one holding its unit. */
export function splitCombat(state: BattleState, d: PendingDecision): CombatId | null {
  for (const [id, c] of Object.entries(state.combats)) if (d.unit !== null && c.units.includes(d.unit)) return id as CombatId;
  return null;
}

/** Every split of the shared models a decision allows, the default first (at most {@link MAX_SPLIT_ANSWERS}). */
export function splitAnswers(state: BattleState, d: PendingDecision): Array<Record<string, number>> {
  const combat = splitCombat(state, d);
  const u = d.unit === null ? undefined : getUnit(state, d.unit);
  if (combat === null || u === undefined) return [];
  const { shared, byDefault } = sharedModels(state, combat, u);
  const enemies = [...byDefault.keys()].sort();
  const first = Object.fromEntries(enemies.map((e) => [e, byDefault.get(e) ?? 0]));
  const out: Array<Record<string, number>> = [first];
  const key = (r: Record<string, number>) => enemies.map((e) => r[e] ?? 0).join(",");
  const seen = new Set([key(first)]);
  const walk = (i: number, left: number, acc: number[]): void => {
    if (out.length >= MAX_SPLIT_ANSWERS) return;
    if (i === enemies.length - 1) {
      const r = Object.fromEntries(enemies.map((e, k) => [e, k === i ? left : (acc[k] ?? 0)]));
      if (!seen.has(key(r)) && splitAssignment(shared, new Map(Object.entries(r))) !== null) {
        seen.add(key(r));
        out.push(r);
      }
      return;
    }
    for (let n = left; n >= 0; n--) walk(i + 1, left - n, [...acc, n]);
  };
  if (enemies.length > 0) walk(0, shared.length, []);
  return out;
}

/** The splits made so far as the builder takes them: unit → enemy → shared models. */
export function splitsMap(entries: NonNullable<PendingDecision["splits"]>): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const e of entries) {
    const m = out.get(e.unit) ?? new Map<string, number>();
    m.set(e.enemy, e.models);
    out.set(e.unit, m);
  }
  return out;
}
