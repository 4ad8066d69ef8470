import type { BattleState } from "../../state/battle.js";
import type { RulesOptions } from "../../state/options.js";
import { MANEUVER_MODIFIERS as M } from "./tables/maneuver.js";
import { nationManeuver } from "./tables/nations.js";
import type { Unit } from "./units.js";
import { attachedLeaders, fnfOf, isFresh, isSpent } from "./units.js";
import { commandStanding } from "./command.js";

/** One modifier applied to a roll, named for the log and for odds. */
export interface Modifier {
  readonly name: string;
  readonly value: number;
}

/** Sum of modifiers. */
export const total = (mods: readonly Modifier[]): number => mods.reduce((a, m) => a + m.value, 0);

/**
 * Maneuver modifiers of a unit (FNF-MAN-4, combined per AMB-63 and AMB-82); batteries take none of
 * the brigade-only ones (FNF-ART-2, AMB-76) and are never close-order troops (AMB-83).
 */
export function maneuverModifiers(state: BattleState, u: Unit, badGoing: boolean, options: RulesOptions = state.options): Modifier[] {
  const mods: Modifier[] = [];
  const add = (name: keyof typeof M | "nation"): void => void mods.push({ name, value: name === "nation" ? nationManeuver(u.nation, fnfOf(state).year) : M[name] });
  const brigade = u.kind === "brigade";
  if (brigade && !u.skirmishing && (u.formation === "COLUMN_OF_ROUTE" || u.formation === "COLUMN_OF_ATTACK")) add("column");
  if (brigade && u.quality === "GUARD") add("guard");
  if (brigade && isFresh(u)) add("fresh");
  if (brigade && isSpent(u, options)) add("spent");
  for (const l of attachedLeaders(state, u.id)) add(l.rating === "exceptional" ? "attachedExceptionalLeader" : "attachedLeader");
  if (u.exceptionalBrigadier) add("exceptionalBrigadier");
  if (nationManeuver(u.nation, fnfOf(state).year) !== 0) add("nation");
  if (brigade && u.quality === "MILITIA") add("militia");
  if (brigade && !u.skirmishing && badGoing) add("closeOrderBadGoing");
  const standing = commandStanding(state, u);
  if (standing === "outOfRadius") add("outOfRadius");
  if (standing === "beyondMove") add("beyondLeaderMove");
  return mods;
}
