import type { BattleState } from "../../state/battle.js";

/**
 * `build` remembered for the last `kept` units records (compared by identity): states share their
 * units record until a unit changes, so every reading of one state, and of the states that differ
 * only elsewhere, gets the same value. `build` must read nothing of the state but its units.
 */
export function perUnitsRecord<T>(build: (state: BattleState) => T, kept = 8): (state: BattleState) => T {
  const records: BattleState["units"][] = [];
  const values: T[] = [];
  return (state) => {
    for (let i = records.length - 1; i >= 0; i--) if (records[i] === state.units) return values[i] as T;
    const value = build(state);
    if (records.length >= kept) {
      records.shift();
      values.shift();
    }
    records.push(state.units);
    values.push(value);
    return value;
  };
}
