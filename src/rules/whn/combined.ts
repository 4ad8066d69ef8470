/**
 * A parent with merged detachments as one combined unit (WHN-DET-5, CORE-UNIT-1): which elites it
 * holds, whether they fill at least half of its front rank (then their Leadership and save are the
 * unit's), and how its losses are shared between elites and the parent's own models.
 *
 * The elites stand in the front rank (CORE-UNIT-1), so min(elites, front-rank models) of them are in
 * front. Our reading where the specification is silent: while CORE-UNIT-1 does not apply, the
 * parent's own models fall first (casualties come off the rear ranks, WHN-FORM-8, and the elites
 * stand in front); in close combat the front-rank models in contact are elites first.
 */
import type { BattleState } from "../../state/battle.js";
import type { JsonValue } from "../../state/common.js";
import type { RuleId, UnitId } from "../../state/ids.js";
import type { Unit } from "../../state/unit.js";
import { superiorValuesApply } from "./combat/mixed.js";
import { frontRankCount, removeUnit, withUnit } from "./unit.js";

const NONE: readonly Unit[] = [];

/**
 * The detachments merged into a unit (WHN-DET-5), in id order. A plain scan without allocation
 * unless one is found: this runs in every Panic test, save and casualty, and merges are rare.
 */
export function mergedDetachments(state: BattleState, parent: UnitId): readonly Unit[] {
  let out: Unit[] | null = null;
  for (const id in state.units) {
    const d = state.units[id as UnitId];
    if (d === undefined || d.mergedInto !== parent || d.removed !== null || d.figures <= 0) continue;
    (out ??= []).push(d);
  }
  // Ids of one units record are distinct, so no two detachments compare equal.
  return out === null ? NONE : out.sort((x, y) => (x.id < y.id ? -1 : 1));
}

/** What the merged elites make of a unit (CORE-UNIT-1). */
export interface Combined {
  /** Elite models standing in the unit's ranks. */
  readonly elites: number;
  /** Models in its front rank, and how many of them are elites. */
  readonly front: number;
  readonly elitesInFront: number;
  /** At least half of the front rank is elite: CORE-UNIT-1 applies. */
  readonly applies: boolean;
  /** The detachment whose values the unit uses: the one with most models (ties: first id). */
  readonly superior: Unit;
}

/** Whether elites fill at least half of the front rank of a unit of `figures` models. */
function appliesAt(u: Unit, figures: number, elites: number): boolean {
  const front = frontRankCount({ ...u, figures });
  return superiorValuesApply({ superior: Math.min(elites, front), total: front });
}

/** The combined unit a parent forms with its merged detachments (null when none is merged). */
export function combinedOf(state: BattleState, u: Unit): Combined | null {
  const merged = mergedDetachments(state, u.id);
  const first = merged[0];
  if (first === undefined) return null;
  const superior = merged.reduce((best, d) => (d.figures > best.figures ? d : best), first);
  const elites = Math.min(u.figures, merged.reduce((n, d) => n + d.figures, 0));
  const front = frontRankCount(u);
  const elitesInFront = Math.min(elites, front);
  return { elites, front, elitesInFront, applies: appliesAt(u, u.figures, elites), superior };
}

/** The Leadership of the unit's own models: the elites' while CORE-UNIT-1 applies. */
export function unitLd(state: BattleState, u: Unit): number {
  const c = combinedOf(state, u);
  const ranks = c !== null && c.applies ? c.superior.profile.Ld : u.profile.Ld;
  // The best Ld among the unit's models (WHN-LEAD-3) counts a champion's own line (CORE-LEAD-1, AMB-111).
  return u.command.leader && u.champion !== null && u.figures > 0 ? Math.max(ranks, u.champion.Ld) : ranks;
}

/** The equipment a unit saves with (CORE-SAVE-1): the elites' armour while CORE-UNIT-1 applies. */
export function saveEquipment(state: BattleState, u: Unit): Unit["equipment"] {
  const c = combinedOf(state, u);
  if (c === null || !c.applies) return u.equipment;
  const e = c.superior.equipment;
  return { ...u.equipment, armour: e.armour, shield: e.shield, barding: e.barding };
}

/** How a unit's casualties were caused: missiles, or close combat with `eliteInContact` elites touching the enemy. */
export type CasualtyCause = { readonly kind: "missile" } | { readonly kind: "combat"; readonly eliteInContact: number };

/** An event sink (`ctx.emit`, or a combat recorder's). */
export type Emit = (type: string, rule: RuleId, details: { readonly [k: string]: JsonValue }) => void;

/**
 * How many of `removed` casualties are elites (CORE-UNIT-1, WHN-DET-5), taken one by one from a unit
 * of `figures` models with `elites` of them elite: while at least half the front rank is elite, every
 * 2nd missile casualty of the batch is an elite, and in close combat the elites in contact go first;
 * otherwise the parent's own models go first. Elites go when no other model is left.
 */
export function eliteLosses(u: Unit, figures: number, elites: number, removed: number, cause: CasualtyCause): number {
  let e = elites;
  let f = figures;
  let lost = 0;
  for (let i = 1; i <= removed && f > 0; i++) {
    const applies = appliesAt(u, f, e);
    const others = f - e;
    const elite = e > 0 && (others === 0 || (applies && (cause.kind === "missile" ? i % 2 === 0 : lost < cause.eliteInContact)));
    if (elite) {
      e--;
      lost++;
    }
    f--;
  }
  return lost;
}

/**
 * Puts a unit that has lost `removed` models back on the state, sharing the loss with the
 * detachments merged into it (WHN-DET-5, CORE-UNIT-1). Every removal of casualties from a unit on
 * the table (shooting, artillery, close combat) goes through here, so a merged detachment's count
 * always matches the elites left in its parent; one whose elites are all gone is destroyed.
 */
export function commitCasualties(state: BattleState, next: Unit, removed: number, cause: CasualtyCause, emit: Emit): BattleState {
  const before = state.units[next.id];
  const merged = before === undefined || removed <= 0 ? [] : mergedDetachments(state, before.id);
  let s = withUnit(state, next);
  if (before === undefined || merged.length === 0) return s;
  const elites = Math.min(before.figures, merged.reduce((n, d) => n + d.figures, 0));
  const applies = appliesAt(before, before.figures, elites);
  let lost = eliteLosses(before, before.figures, elites, removed, cause);
  // The largest detachment loses first (it is the one whose values the unit uses); ties keep the
  // id order of `merged`, as sorting is stable.
  const order = [...merged].sort((a, b) => b.figures - a.figures);
  const share: Record<string, number> = {};
  for (const d of order) {
    const n = Math.min(lost, d.figures);
    share[d.id] = n;
    lost -= n;
    if (n === 0) continue;
    // The loss counts toward Panic on the parent, whose own counters already hold it (WHN-DET-3).
    s = withUnit(s, { ...d, figures: d.figures - n });
    if (d.figures - n === 0) s = removeUnit(s, d.id, "destroyed");
  }
  emit("unit/combinedCasualties", applies ? "CORE-UNIT-1" : "WHN-DET-5", {
    unit: before.id,
    cause: cause.kind,
    removed,
    superiorValues: applies,
    elites: merged.map((d) => ({ detachment: d.id, lost: share[d.id] ?? 0, left: d.figures - (share[d.id] ?? 0) })),
  });
  return s;
}
