import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleEvent, type BattleState } from "../../src/index.js";
import { battleOf, fr, gb, gbCav, run, unitOf, type AnyAction } from "../fixtures/movement.js";

/** Plays actions in order, collecting each action's events. */
function play(start: BattleState, actions: readonly AnyAction[]): { state: BattleState; events: BattleEvent[][] } {
  let state = start;
  const events: BattleEvent[][] = [];
  for (const a of actions) {
    const r = run(state, a);
    state = r.state;
    events.push([...r.events]);
  }
  return { state, events };
}

const types = (es: readonly BattleEvent[]) => es.map((e) => [e.type, e.rule]);
const advance: AnyAction = { type: "turn/advance" };

describe("scenario: a French attack column advancing on a British line forms square against cavalry", () => {
  it("CORE-CHRG-1 / WHN-MOVE-2 / WHN-CHRG-1 / CORE-CHRG-5: column marches, hussars charge, the column forms square and receives them", () => {
    let s = battleOf([
      fr("fr-1", 36, 10),
      gb("gb-1", 36, 36),
      gbCav("gb-2", 28, 28),
    ]);
    expect(s.turn).toMatchObject({ activeSide: "fr", phase: "start" });

    // French turn 1: into the movement phase, through to the remaining moves, then march 8".
    const french = play(s, [advance, advance, advance, advance, advance, advance, { type: "movement/march", unit: "fr-1", path: [{ kind: "forward", distance: 8 }] }]);
    expect(types(french.events[0] ?? [])).toEqual([["turn/stepStarted", "CORE-TURN-2"]]);
    expect(french.events[6]).toEqual([
      expect.objectContaining({ type: "unit/marched", rule: "WHN-MOVE-2", unit: "fr-1", from: { x: 36, y: 10 }, to: { x: 36, y: 18 }, allowance: 8 }),
    ]);
    s = french.state;
    expect(unitOf(s, "fr-1").flags).toMatchObject({ marched: true, moveUsed: 1 });

    // Shooting and combat pass; Britain's turn begins.
    for (let i = 0; i < 10 && !(s.turn.activeSide === "gb" && s.turn.step === "declareCharges"); i++) s = run(s, advance).state;
    expect(s.turn).toMatchObject({ gameTurn: 1, activeSide: "gb", phase: "movement", step: "declareCharges" });

    // The hussars declare a charge on the column's front; 11.9" away, so more than their M.
    const decl = run(s, { type: "movement/declareCharge", unit: "gb-2", target: "fr-1" });
    expect(decl.events).toEqual([expect.objectContaining({ type: "charge/declared", rule: "CORE-CHRG-1", unit: "gb-2", target: "fr-1", face: "front", inReach: true })]);
    expect(decl.events[0]?.["distance"]).toBeGreaterThan(8);

    // Into the responses: the French must answer before play goes on.
    const resp = run(decl.state, advance);
    expect(types(resp.events)).toEqual([["turn/stepStarted", "CORE-TURN-2"]]);
    expect(resp.state.pending).toEqual([{ kind: "chargeResponse", side: "fr", unit: "fr-1", targets: ["gb-2"], rule: "CORE-CHRG-2" }]);

    // Form square: Ld 6, no modifier, 2D6 = 2 + 3 passes.
    const square = run(withScriptedDice(resp.state, [2, 3]), { type: "movement/respond", unit: "fr-1", response: "formSquare" });
    expect(types(square.events)).toEqual([
      ["charge/response", "CORE-CHRG-2"],
      ["movement/squareCheck", "WHN-CHRG-1"],
      ["unit/formationChanged", "WHN-CHRG-1"],
    ]);
    expect(square.events[1]).toMatchObject({ dice: [2, 3], total: 5, leadership: 6, modifier: 0, target: 6, passed: true });
    expect(unitOf(square.state, "fr-1")).toMatchObject({ formation: "SQUARE", order: "GOOD" });
    expect(square.state.pending).toEqual([]);

    // Rally and compulsory steps pass; the charge move is measured against the square.
    s = play(square.state, [advance, advance, advance]).state;
    expect(s.turn.step).toBe("chargeMoves");
    const charge = run(s, { type: "movement/chargeMove", unit: "gb-2" });
    expect(types(charge.events)).toEqual([["charge/contact", "CORE-CHRG-5"]]);
    expect(charge.events[0]).toMatchObject({ unit: "gb-2", target: "fr-1", face: "front", combat: "c1-1", facing: 270 });
    const sq = unitOf(charge.state, "fr-1");
    expect(unitOf(charge.state, "gb-2").position.y).toBeCloseTo(sq.position.y, 9);
    expect(charge.state.combats["c1-1" as keyof typeof charge.state.combats]).toMatchObject({ units: ["gb-2", "fr-1"], chargers: ["gb-2"] });
    expect(unitOf(charge.state, "gb-2").flags).toMatchObject({ charged: true, moveUsed: 1 });

    // The remaining-moves step: nothing left to charge; the British line may not come within 1" of the square.
    const rest = run(charge.state, advance);
    expect(types(rest.events)).toEqual([["turn/stepStarted", "CORE-TURN-2"]]);
  });
});
