/**
 * The listing's checked half (`legalMovementActions`, `MOVEMENT_LISTING.check`): in every step and
 * for every kind of candidate, what is listed is exactly the candidates the engine applies, with
 * candidates on both sides of the line in each state (src/rules/whn/movement/legal.ts `applies`).
 */
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import { MOVEMENT_LISTING, legalMovementActions, movementCandidates, type MovementAction } from "../../src/rules/whn/movement/index.js";
import { battleOf, declare, fr, gb, gbCav, must, toStep, toTurnStep } from "../fixtures/movement.js";

/** The candidates of a unit split by whether the engine applies them. */
function split(s: BattleState, id: string): { yes: MovementAction[]; no: MovementAction[] } {
  const yes: MovementAction[] = [];
  const no: MovementAction[] = [];
  for (const a of movementCandidates(s, id as UnitId)) (apply(s, a).ok ? yes : no).push(a);
  return { yes, no };
}

/** The listing lists exactly what applies, and the state has candidates of both kinds (`kinds` of each). */
function checkBoth(s: BattleState, id: string, yesKinds: readonly string[], noKinds: readonly string[]): void {
  const { yes, no } = split(s, id);
  expect(legalMovementActions(s, id as UnitId)).toEqual(yes);
  const check = MOVEMENT_LISTING.check as (s: BattleState, a: MovementAction) => boolean;
  for (const a of yes) expect(check(s, a)).toBe(true);
  for (const a of no) expect(check(s, a)).toBe(false);
  for (const k of yesKinds) expect(yes.some((a) => a.type === k)).toBe(true);
  for (const k of noKinds) expect(no.some((a) => a.type === k)).toBe(true);
}

const box = (x: number, y: number, w: number, h: number) => [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }];

describe("the checked listing is the engine's verdict (CORE-MOVE-1, CORE-MOVE-2, CORE-MOVE-4, WHN-MOVE-5, WHN-MOVE-7, WHN-FCHG-1)", () => {
  it("CORE-MOVE-4 / CORE-MOVE-2: a column 6\" from an enemy: some moves and every march are refused, turns and short moves apply (no terrain on the table)", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 20)]), "remaining");
    // An attack column may march with enemy near (WHN-MOVE-2), not into 1" of it.
    checkBoth(s, "fr-1", ["movement/move", "movement/march", "movement/changeFormation"], ["movement/move", "movement/march"]);
  });

  it("CORE-MOVE-5: the same column with woods ahead: the listing's quick check and the handler agree", () => {
    const woods = { id: "w", kind: "woods", polygon: box(30, 14, 12, 3), tags: { difficult: true } };
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 40)], { terrain: [woods] as never }), "remaining");
    checkBoth(s, "fr-1", ["movement/move", "movement/march", "movement/changeFormation"], ["movement/move", "movement/march"]);
  });

  it("WHN-MOVE-5: a square by the table's edge: slides off the table are refused, the others apply", () => {
    const s = toStep(battleOf([fr("fr-1", 68.5, 12, { formation: "SQUARE", files: 6 }), gb("gb-1", 36, 40)]), "remaining");
    checkBoth(s, "fr-1", ["movement/moveTo", "movement/changeFormation"], ["movement/moveTo"]);
  });

  it("WHN-MOVE-7: skirmishers by the table's edge: slides and marches off the table are refused", () => {
    const x = fr("fr-x", 66, 12, {
      light: true,
      extendedOrderAllowed: true,
      formation: "EXTENDED_ORDER",
      figures: 3,
      startingFigures: 3,
      files: 3,
      command: {},
      models: [0, 1, 2].map((i) => ({ x: 66 + i * 2, y: 11.5, facing: 90 })),
    });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)]), "remaining");
    checkBoth(s, "fr-x", ["movement/moveTo"], ["movement/moveTo"]);
  });

  it("CORE-CHRG-2 / WHN-CHRG-1: a charged column's responses: those it may give are listed", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    const s = must(must(s0, declare("gb-2", "fr-1")), { type: "turn/advance" });
    checkBoth(s, "fr-1", ["movement/respond"], ["movement/respond"]);
  });

  it("CORE-CHRG-5: in the charge-move step only the declared charger's move is listed", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26), gbCav("gb-3", 10, 26)], { firstSide: "gb" }), "declareCharges");
    const s = toStep(must(must(s0, declare("gb-2", "fr-1")), { type: "turn/advance" }), "chargeResponses");
    const t = toStep(must(s, { type: "movement/respond", unit: "fr-1", response: "hold" }), "chargeMoves");
    expect(legalMovementActions(t, "gb-2" as UnitId)).toEqual([{ type: "movement/chargeMove", unit: "gb-2" }]);
    expect(legalMovementActions(t, "gb-3" as UnitId)).toEqual([]);
    checkBoth(t, "gb-2", ["movement/chargeMove"], []);
    checkBoth(t, "gb-3", [], ["movement/chargeMove"]);
  });

  it("CORE-CHRG-1: declarations: the enemy in the arc is listed, the one behind is not", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 20), gb("gb-3", 36, 4, { facing: 90 })]), "declareCharges");
    expect(legalMovementActions(s, "fr-1" as UnitId)).toEqual([{ type: "movement/declareCharge", unit: "fr-1", target: "gb-1" }]);
    checkBoth(s, "fr-1", ["movement/declareCharge"], ["movement/declareCharge"]);
  });

  it("WHN-DET-5: a detachment beside its parent is offered to merge; after merging the parent is offered to split it off", () => {
    const det = fr("fr-d", 40, 10, { light: true, figures: 4, startingFigures: 4, files: 4, formation: "LINE", detachmentOf: "fr-1", command: {} });
    const s = toStep(battleOf([fr("fr-1", 36, 10), det, gb("gb-1", 36, 44)]), "remaining");
    expect(legalMovementActions(s, "fr-d" as UnitId)).toContainEqual({ type: "movement/mergeDetachment", unit: "fr-d" });
    checkBoth(s, "fr-d", ["movement/mergeDetachment", "movement/move"], []);
    // The merge is the parent's formation change this turn: it splits the detachment off next turn.
    const merged = toTurnStep(must(s, { type: "movement/mergeDetachment", unit: "fr-d" }), 2, "fr", "remaining");
    const listed = legalMovementActions(merged, "fr-1" as UnitId);
    expect(listed.filter((a) => a.type === "movement/splitDetachment").length).toBeGreaterThan(0);
    checkBoth(merged, "fr-1", ["movement/splitDetachment"], []);
  });
});
