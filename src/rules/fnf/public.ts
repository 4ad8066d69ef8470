/**
 * The FnF rule helpers as `fusillade/fnf` exports them: each checks its arguments, then calls the
 * unchecked function the rules themselves use (the engine's inner loops never pay for the checks).
 * A wrong argument is a FusilladeError (`engine/misuse`) naming it, never a raw TypeError.
 */
import type { BattleState } from "../../state/battle.js";
import type { RulesOptions } from "../../state/options.js";
import { SETUP_LIMITS } from "../../state/limits.js";
import { badArg, intArg, objectArg, readingArg, stringArg } from "../../engine/args.js";
import { fnfBattle } from "./measuring.js";
import { layoutOf as layoutOf0, type FnfLayout, type Placeable } from "./geometry/layout.js";
import { firePoints as firePoints0, fireModifiers as fireModifiers0, type FirePoints } from "./firePoints.js";
import { maneuverModifiers as maneuverModifiers0, type Modifier } from "./maneuverMods.js";
import { meleeModifiers as meleeModifiers0, standsOf, type MeleeSide } from "./meleeMods.js";
import type { Unit } from "./units.js";

/** A unit (or anything placed like one): an object whose base count, if a brigade's, is within the setup limit. */
function unitArg<T extends object>(api: string, arg: string, u: T): T {
  objectArg(api, arg, u);
  readingArg(api, arg, () => {
    const b = u as { kind?: unknown; bases?: unknown };
    if (b.kind === "brigade") intArg(api, `${arg}.bases`, b.bases, 0, SETUP_LIMITS.fnfBases);
  });
  return u;
}

/** A unit's bases on the table (FNF-GEO-1, FNF-GEO-2). */
export function layoutOf(u: Placeable): FnfLayout {
  const api = "fnf.layoutOf";
  return readingArg(api, "u", () => layoutOf0(unitArg(api, "u", u)));
}

/** Stands a unit counts in melee (FNF-MEL-2): column of route its first two, battery or detachment 1. */
export function stands(u: Unit): number {
  const api = "fnf.stands";
  return readingArg(api, "u", () => standsOf(unitArg(api, "u", u)));
}

/** Fire points of a firer at a target (FNF-FIRE-2/3/4, FNF-GEO-3/4/8). */
export function firePoints(state: BattleState, firer: Unit, targetId: string): FirePoints {
  const api = "fnf.firePoints";
  const s = fnfBattle(state, "firePoints");
  stringArg(api, "targetId", targetId);
  return readingArg(api, "firer", () => firePoints0(s, unitArg(api, "firer", firer), targetId));
}

/** Fire roll modifiers (FNF-FIRE-5). */
export function fireModifiers(state: BattleState, firer: Unit, targetId: string): Modifier[] {
  const api = "fnf.fireModifiers";
  const s = fnfBattle(state, "fireModifiers");
  stringArg(api, "targetId", targetId);
  return readingArg(api, "firer", () => fireModifiers0(s, unitArg(api, "firer", firer), targetId));
}

/** Maneuver modifiers of a unit (FNF-MAN-4); `options` default to the battle's. */
export function maneuverModifiers(state: BattleState, u: Unit, badGoing: boolean, options?: RulesOptions): Modifier[] {
  const api = "fnf.maneuverModifiers";
  const s = fnfBattle(state, "maneuverModifiers");
  if (typeof badGoing !== "boolean") throw badArg(api, "badGoing", "a boolean", badGoing);
  if (options !== undefined) objectArg(api, "options", options);
  return readingArg(api, "u or options", () => maneuverModifiers0(s, unitArg(api, "u", u), badGoing, options ?? s.options));
}

/** Melee modifiers of one side (FNF-MEL-3): `me` and `them` name each side's lead unit, its units and whether it attacks. */
export function meleeModifiers(state: BattleState, me: MeleeSide, them: MeleeSide): Modifier[] {
  const api = "fnf.meleeModifiers";
  const s = fnfBattle(state, "meleeModifiers");
  objectArg(api, "me", me);
  objectArg(api, "them", them);
  return readingArg(api, "me or them", () => {
    for (const side of [me, them]) {
      unitArg(api, "a side's lead", side.lead);
      if (!Array.isArray(side.units)) throw badArg(api, "a side's units", "an array", side.units);
    }
    return meleeModifiers0(s, me, them);
  });
}
