import { describe, expect, it } from "vitest";
import { legalActions, loadState, saveState, withScriptedDice, type BattleState } from "../../src/index.js";
import { battleOf, fr, gbCav, must, refused, toStep, type AnyAction } from "../fixtures/movement.js";

const declare = (unit: string, target: string): AnyAction => ({ type: "movement/declareCharge", unit, target });
const advance: AnyAction = { type: "turn/advance" };

/** British hussars (gb-2) 14" in front of a French attack column (fr-1); Britain moves first. */
function hussarsOnColumn(): BattleState {
  return toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
}

/** Plays on: the first listed answer to a pending decision, else `turn/advance`, with plenty of dice. */
function playOn(state: BattleState): BattleState {
  const s = withScriptedDice(state, Array.from({ length: 80 }, () => 4));
  return must(s, s.pending.length > 0 ? (legalActions(s)[0] as AnyAction) : advance);
}

/** Plays on until the turn reaches the declare-charges step of `side`'s next movement phase. */
function nextDeclareStep(state: BattleState, side: string): BattleState {
  let s = playOn(state);
  for (let i = 0; i < 60 && !(s.turn.activeSide === side && s.turn.step === "declareCharges"); i++) s = playOn(s);
  expect(s.turn).toMatchObject({ activeSide: side, step: "declareCharges" });
  return s;
}

describe("turn facts", () => {
  it("CORE-CHRG-1: a declaration is a fact of its movement phase, cleared when the next movement phase begins", () => {
    const s = must(hussarsOnColumn(), declare("gb-2", "fr-1"));
    expect(s.facts.movement.charges).toEqual([expect.objectContaining({ unit: "gb-2", target: "fr-1", face: "front" })]);
    // A second declaration by the same unit is refused: the fact and its flag agree.
    expect(refused(s, declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/already_declared" });
    // It outlives the save: a reloaded state remembers it.
    const loaded = loadState(saveState(s));
    expect(loaded.ok && loaded.value.facts.movement.charges).toHaveLength(1);
    const later = nextDeclareStep(s, "fr");
    expect(later.facts.movement.charges).toEqual([]);
  });

  it("CORE-CHRG-5: a charge made is a resolved fact; the charger may not move its charge again", () => {
    let s = must(must(hussarsOnColumn(), declare("gb-2", "fr-1")), advance);
    s = toStep(must(s, { type: "movement/respond", unit: "fr-1", response: "hold" }), "chargeMoves");
    s = must(s, { type: "movement/chargeMove", unit: "gb-2" });
    expect(s.facts.movement.resolved).toEqual(["gb-2"]);
    expect(refused(s, { type: "movement/chargeMove", unit: "gb-2" })).toMatchObject({ code: "movement/charge_already_resolved" });
  });

  it("WHN-MOVE-4: a wheel is summed in the movement facts and forgotten at the next movement phase", () => {
    let s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 40)], { firstSide: "fr" }), "remaining");
    s = must(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 30, pivot: "left" }] });
    expect(s.facts.movement.wheeled["fr-1" as keyof typeof s.facts.movement.wheeled]).toBeCloseTo(30, 9);
    const later = nextDeclareStep(s, "gb");
    expect(later.facts.movement.wheeled).toEqual({});
  });

  it("CORE-TURN-1: every event increments eventSeq; the facts stay small over many turns", () => {
    let s = hussarsOnColumn();
    const before = s.eventSeq;
    s = must(s, declare("gb-2", "fr-1"));
    expect(s.eventSeq).toBeGreaterThan(before);
    const sizes: number[] = [];
    for (let i = 0; i < 60 && s.result === null; i++) {
      s = playOn(s);
      sizes.push(JSON.stringify(s.facts).length);
    }
    expect(sizes.length).toBeGreaterThan(20);
    expect(Math.max(...sizes)).toBeLessThan(2000);
  });
});
