import type { FnfNation } from "../../../state/fnf.js";

/** What a nation changes in the FnF tables (FNF-CLASS-2, FNF-MAN-4, FNF-FIRE-5, FNF-MEL-3). */
export interface NationTraits {
  /** Maneuver modifier (Austrian, Spanish −1; Prussian −1 before `maneuverUntil`). */
  readonly maneuver: number;
  /** Last year the maneuver modifier applies (null: always). */
  readonly maneuverUntil: number | null;
  /** Melee bonus when attacking (French). */
  readonly attacker: number;
  /** Melee bonus when defending (Russian). */
  readonly defender: number;
  /** Fire bonus for its infantry in LINE (British). */
  readonly lineFire: number;
}

/** National characteristics (FNF-CLASS-2): the nations the tables name, plus neutral ones. */
export const NATIONS = {
  french: { maneuver: 0, maneuverUntil: null, attacker: 1, defender: 0, lineFire: 0 },
  british: { maneuver: 0, maneuverUntil: null, attacker: 0, defender: 0, lineFire: 1 },
  russian: { maneuver: 0, maneuverUntil: null, attacker: 0, defender: 1, lineFire: 0 },
  austrian: { maneuver: -1, maneuverUntil: null, attacker: 0, defender: 0, lineFire: 0 },
  prussian: { maneuver: -1, maneuverUntil: 1808, attacker: 0, defender: 0, lineFire: 0 },
  spanish: { maneuver: -1, maneuverUntil: null, attacker: 0, defender: 0, lineFire: 0 },
  portuguese: { maneuver: 0, maneuverUntil: null, attacker: 0, defender: 0, lineFire: 0 },
  other: { maneuver: 0, maneuverUntil: null, attacker: 0, defender: 0, lineFire: 0 },
} as const satisfies Record<FnfNation, NationTraits>;

/** The nation's maneuver modifier in a scenario year (FNF-MAN-4: Prussians before 1809). */
export function nationManeuver(nation: FnfNation, year: number): number {
  const t: NationTraits = NATIONS[nation];
  return t.maneuverUntil === null || year <= t.maneuverUntil ? t.maneuver : 0;
}
