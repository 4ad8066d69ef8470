import { describe, expect, it } from "vitest";
import { combatId, unitId, whn, withScriptedDice, type BattleState } from "../../src/index.js";
import { duel, play, fire } from "../fixtures/shooting.js";

const { shotSituation } = whn.shooting;
const req = { shooter: unitId("fr-1"), target: unitId("gb-1") };

/** The same battle rebuilt from JSON: equal values, no object shared with `s` (nothing remembered). */
const fresh = (s: BattleState): BattleState => JSON.parse(JSON.stringify(s)) as BattleState;

describe("the shooting situation is read once per immutable state (issue 12)", () => {
  it("CORE-SHOOT-1: a repeated fire on the same units gives the same events as a fresh state", () => {
    const s = duel(10);
    const dice = [6, 5, 4, 3, 2, 1, 4, 4, 1, 6, 3, 3, 5, 5, 2, 2];
    const first = play(s, fire("fr-1", "gb-1"), dice);
    const again = play(s, fire("fr-1", "gb-1"), dice);
    const rebuilt = play(fresh(s), fire("fr-1", "gb-1"), dice);
    expect(JSON.stringify(again.events)).toBe(JSON.stringify(first.events));
    expect(JSON.stringify(rebuilt.events)).toBe(JSON.stringify(first.events));
    expect(JSON.stringify(again.state)).toBe(JSON.stringify(rebuilt.state));
  });

  it("CORE-SHOOT-1: a remembered reading is not reused once the target is engaged (same units, new combats)", () => {
    const s = duel(10);
    expect(shotSituation(s, req).ok).toBe(true);
    const id = combatId("c1-1");
    const engaged: BattleState = { ...s, combats: { [id]: { id, units: [unitId("gb-1"), unitId("fr-9")], chargers: [], lastWinner: null, rounds: 0, squareness: {} } } };
    expect(engaged.units).toBe(s.units);
    const r = shotSituation(engaged, req);
    expect(r.ok ? null : r.violation).toMatchObject({ code: "shooting/target_engaged", rule: "CORE-SHOOT-1" });
  });

  it("CORE-SHOOT-1: nor once the active side changes (same units, new turn)", () => {
    const s = duel(10);
    expect(shotSituation(s, req).ok).toBe(true);
    const theirs: BattleState = { ...s, turn: { ...s.turn, activeSide: s.units[unitId("gb-1")]!.side } };
    const r = shotSituation(theirs, req);
    expect(r.ok ? null : r.violation).toMatchObject({ code: "shooting/not_active_side" });
  });

  it("CORE-SHOOT-1: fresh dice on the same state reuse the reading (the reading does not hold the dice)", () => {
    // withScriptedDice adopts a state the engine did not make (a copy of its parts), so start from one
    // it did: the engine's own states share their units record between the two scripted copies.
    const s = withScriptedDice(duel(10), []);
    const a = shotSituation(withScriptedDice(s, [1, 2, 3]), req);
    const b = shotSituation(withScriptedDice(s, [6, 6, 6]), req);
    expect(b).toBe(a);
  });
});
