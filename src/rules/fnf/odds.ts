import { Dist } from "../../dice/index.js";
import { roller, scriptedDice } from "../../dice/index.js";
import type { BattleState } from "../../state/battle.js";
import type { FnfManeuverResult } from "../../state/fnf.js";
import { FNF_MANEUVER_RESULTS } from "../../state/fnf.js";
import type { ActionContext } from "../../engine/context.js";
import { maneuverResult } from "./tables/maneuver.js";
import { FIRE_EFFECTS, LOW_AMMO_ROLL, fireEffect, musketryRow, type FireEffect } from "./tables/fire.js";
import { CHARGE_RESULTS, chargeResult, type ChargeResult } from "./tables/charge.js";
import { maneuverModifiers, total } from "./maneuverMods.js";
import { fireModifiers, firePoints } from "./firePoints.js";
import { meleeModifiers } from "./meleeMods.js";
import { meleeSides } from "./melee.js";
import { loseBases, unitOf, updateUnit } from "./units.js";
import { damageBattery, silenceBattery } from "./batteries.js";
import { badArg, fnArg, intArg, numberArg } from "../../engine/args.js";

const TWO_D6 = Dist.nd6(2);

/** Exact chance of each maneuver result for a total modifier (FNF-MAN-2). */
export function maneuverOdds(modifier: number, disordered: boolean): Record<FnfManeuverResult, number> {
  numberArg("fnf.maneuverOdds", "modifier", modifier);
  const out = Object.fromEntries(FNF_MANEUVER_RESULTS.map((r) => [r, 0])) as Record<FnfManeuverResult, number>;
  for (const [x, p] of TWO_D6.entries()) out[maneuverResult(x + modifier, disordered)] += p;
  return out;
}

/** Exact chance of each fire effect, and of the firer running LOW ON AMMO (FNF-FIRE-6, FNF-FIRE-8). */
export function fireOdds(points: number, modifier: number): { effects: Record<FireEffect, number>; lowAmmo: number } {
  numberArg("fnf.fireOdds", "points", points);
  numberArg("fnf.fireOdds", "modifier", modifier);
  const effects = Object.fromEntries(FIRE_EFFECTS.map((e) => [e, 0])) as Record<FireEffect, number>;
  const row = musketryRow(points);
  for (const [x, p] of TWO_D6.entries()) effects[row === null ? "DESULTORY" : fireEffect(row, x + modifier)] += p;
  return { effects, lowAmmo: TWO_D6.pAtLeast(LOW_AMMO_ROLL) };
}

/** The distribution of a melee difference: (2D6 + a) − (2D6 + d) (FNF-MEL-1). */
export function meleeDifference(attackerModifier: number, defenderModifier: number): Dist {
  return TWO_D6.map((x) => x + attackerModifier).add(TWO_D6.map((x) => -x - defenderModifier));
}

/** A side's modifier from the caller's function: a finite number or null. */
function modifierOf(v: number | null, side: string): number | null {
  if (v !== null && (typeof v !== "number" || !Number.isFinite(v))) throw badArg("fnf.meleeOdds", `${side}(k)`, "a finite number or null", v);
  return v;
}

/** Exact odds of a melee, desperate struggles included (FNF-MEL-5, FNF-MEL-8). */
export interface MeleeOdds {
  /** Chance of each row on the first roll. */
  readonly firstRoll: Record<ChargeResult, number>;
  /** Chance that the melee ends on each row (DESPERATE_STRUGGLE: still tied after `maxStruggles`, or a side wiped out). */
  readonly final: Record<ChargeResult, number>;
  /** Distribution of the number of desperate struggles fought. */
  readonly struggles: Dist;
}

/**
 * Melee odds when each side's total modifier after `k` desperate struggles is `attacker(k)` and
 * `defender(k)` (null when a side has no unit left and the melee lapses).
 */
export function meleeOdds(attacker: (k: number) => number | null, defender: (k: number) => number | null, maxStruggles = 30): MeleeOdds {
  fnArg("fnf.meleeOdds", "attacker", attacker);
  fnArg("fnf.meleeOdds", "defender", defender);
  intArg("fnf.meleeOdds", "maxStruggles", maxStruggles, 0, 1_000_000);
  const zero = (): Record<ChargeResult, number> => Object.fromEntries(CHARGE_RESULTS.map((r) => [r, 0])) as Record<ChargeResult, number>;
  const firstRoll = zero();
  const final = zero();
  const struggles: [number, number][] = [];
  let reach = 1;
  for (let k = 0; k <= maxStruggles && reach > 0; k++) {
    const a = modifierOf(attacker(k), "attacker");
    const d = modifierOf(defender(k), "defender");
    if (a === null || d === null) {
      final.DESPERATE_STRUGGLE += reach;
      struggles.push([k, reach]);
      reach = 0;
      break;
    }
    let tie = 0;
    for (const [x, p] of meleeDifference(a, d).entries()) {
      const r = chargeResult(x);
      if (k === 0) firstRoll[r] += p;
      if (r === "DESPERATE_STRUGGLE") tie += p;
      else final[r] += reach * p;
    }
    struggles.push([k, reach * (1 - tie)]);
    reach *= tie;
  }
  if (reach > 0) {
    final.DESPERATE_STRUGGLE += reach;
    struggles.push([maxStruggles + 1, reach]);
  }
  return { firstRoll, final, struggles: Dist.fromEntries(struggles.filter(([, p]) => p > 0)) };
}

/** A context that logs nothing and forbids dice: for working out hypothetical states. */
function quietContext(state: BattleState): ActionContext {
  return { dice: roller(scriptedDice([])), options: state.options, emit: () => undefined };
}

/** Melee odds of a pending melee in a state, modifiers recomputed after each struggle (FNF-MEL-3, FNF-MEL-8). */
export function meleeOddsFor(state: BattleState, meleeId: string, lead: string | null = null, maxStruggles = 30): MeleeOdds {
  const states: (BattleState | null)[] = [state];
  const at = (k: number): BattleState | null => {
    while (states.length <= k) {
      const prev = states[states.length - 1] ?? null;
      const sides = prev === null ? null : meleeSides(prev, meleeId, lead);
      if (prev === null || sides === null) {
        states.push(null);
        continue;
      }
      const ctx = quietContext(prev);
      let s = prev;
      for (const u of [sides.att.lead, sides.def.lead]) {
        s = u.battery !== null ? silenceBattery(s, u.id, false, "FNF-MEL-8", ctx) : updateUnit(s, u.id, (x) => ({ ...x, disordered: x.kind === "brigade" ? true : x.disordered }));
        const cur = unitOf(s, u.id);
        if (cur !== undefined) s = cur.battery !== null ? damageBattery(s, u.id, "FNF-MEL-8", ctx) : loseBases(s, u.id, 1, "FNF-MEL-8", ctx);
      }
      states.push(meleeSides(s, meleeId, lead) === null ? null : s);
    }
    return states[k] ?? null;
  };
  const mod = (k: number, side: "att" | "def"): number | null => {
    const s = at(k);
    const sides = s === null ? null : meleeSides(s, meleeId, lead);
    if (s === null || sides === null) return null;
    if (side === "def" && sides.def.lead.kind === "detachment" && k > 0) return null;
    return total(side === "att" ? meleeModifiers(s, sides.att, sides.def) : meleeModifiers(s, sides.def, sides.att));
  };
  return meleeOdds((k) => mod(k, "att"), (k) => mod(k, "def"), maxStruggles);
}

/** Maneuver odds of a unit in a state (FNF-MAN-2, FNF-MAN-4). */
export function maneuverOddsFor(state: BattleState, unitId: string, badGoing = false): Record<FnfManeuverResult, number> | null {
  const u = unitOf(state, unitId);
  if (u === undefined) return null;
  return maneuverOdds(total(maneuverModifiers(state, u, badGoing)), u.kind === "brigade" && u.disordered);
}

/** Fire odds of a firer at a target in a state (FNF-FIRE-3…8). */
export function fireOddsFor(state: BattleState, firerId: string, targetId: string): { points: number; modifier: number; effects: Record<FireEffect, number>; lowAmmo: number } | null {
  const f = unitOf(state, firerId);
  if (f === undefined) return null;
  const points = firePoints(state, f, targetId).points;
  const modifier = total(fireModifiers(state, f, targetId));
  return { points, modifier, ...fireOdds(points, modifier) };
}
