// Rule tests for survivors of the fifth session's seed-3 movement sample (docs/guides/trust.md,
// "Seed 3: movement (2 Dec 2026, fifth session)"). Each case names the mutant it answers.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { formatViolation } from "../../src/engine/format.js";
import { own } from "../../src/engine/owned.js";
import type { UnitId } from "../../src/state/ids.js";
import type { Unit } from "../../src/state/unit.js";
import { chargeThreats } from "../../src/rules/whn/movement/changeFormation.js";
import { isEngagedUnit } from "../../src/rules/whn/movement/common.js";
import { chargeToDeclare, declarationApplies } from "../../src/rules/whn/movement/declare.js";
import { measurePath } from "../../src/rules/whn/movement/path.js";
import { allowedResponses } from "../../src/rules/whn/movement/respond.js";
import { legalMovementActions } from "../../src/rules/whn/movement/legal.js";
import { foot } from "../fixtures/combat.js";
import { returnSpot } from "../../src/rules/whn/movement/returns.js";
import { layoutOf } from "../../src/rules/whn/unit.js";
import { battleOf, fr, gb, gbCav, must, ofType, patch, refused, run, toStep, toTurnStep, unitOf, type AnyAction, chargeMove, dc, declare, hussarsOnColumn, respond } from "../fixtures/movement.js";

const id = (s: string): UnitId => s as UnitId;

/** gb-2 has declared on fr-1, fr-1 held: the charge-move step. */
const held = (): BattleState => toStep(must(must(must(hussarsOnColumn(), declare("gb-2", "fr-1")), { type: "turn/advance" }), respond("fr-1", "hold")), "chargeMoves");

describe("refusal texts (messages.ts, no coverage in the sample)", () => {
  it("CORE-MOVE-3 / WHN-MOVE-4 / WHN-DET-5 / CORE-CHRG-1: the texts name the units, formation and enemies", () => {
    expect(formatViolation({ code: "movement/wheel_limit", rule: "WHN-MOVE-4", formation: "SQUARE", limit: 0, wheel: 15 })).toBe(
      "SQUARE may wheel at most 0° in a movement phase; this would make 15.00°. [WHN-MOVE-4]",
    );
    expect(formatViolation({ code: "movement/enemy_within_8", rule: "WHN-MOVE-3", unit: "fr-1", enemies: ["gb-1", "gb-2"] })).toBe(
      'Unit fr-1 may not march with enemy within 8": ["gb-1","gb-2"]. [WHN-MOVE-3]',
    );
    expect(formatViolation({ code: "movement/merge_troop_type", rule: "WHN-DET-5", unit: "fr-d", troopType: "cavalry", parent: "fr-1", parentType: "infantry" })).toBe(
      "fr-d (cavalry) cannot stand in the ranks of fr-1 (infantry). [WHN-DET-5]",
    );
    expect(formatViolation({ code: "movement/not_merged", rule: "WHN-DET-5", detachment: "fr-d", unit: "fr-1" })).toBe("fr-d is not merged into fr-1. [WHN-DET-5]");
    expect(formatViolation({ code: "movement/target_not_in_arc", rule: "CORE-CHRG-1", target: "fr-1", unit: "gb-2" })).toBe("fr-1 is not in the arc of gb-2. [CORE-CHRG-1]");
  });
});

describe("refusal details", () => {
  // declare.ts:63 and :65 `{ unit: charger.id }` → `{}`.
  it("WHN-CHRG-5 / CORE-CHRG-1: a square and a unit that has declared are refused, naming the charger", () => {
    const s = hussarsOnColumn([fr("fr-2", 20, 40, { formation: "SQUARE", facing: 270 })]);
    const sq = toStep(battleOf([fr("fr-1", 36, 12, { formation: "SQUARE" }), gb("gb-1", 36, 24)]), "declareCharges");
    expect(refused(sq, declare("fr-1", "gb-1"))).toEqual({ code: "movement/square_may_not_charge", rule: "WHN-CHRG-5", unit: "fr-1" });
    const once = must(s, declare("gb-2", "fr-1"));
    expect(refused(once, declare("gb-2", "fr-2"))).toEqual({ code: "movement/already_declared", rule: "CORE-CHRG-1", unit: "gb-2" });
  });

  // declare.ts:83 `{ unit: charger.id, face: named, natural }` → `{}` (HR-FLANK-1 refusal).
  it("HR-FLANK-1: a named flank on a target not engaged to its front is refused with the face named and the natural face", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb", options: { hr: { flankChargeEngaged: true } } as never }), "declareCharges");
    expect(refused(s, declare("gb-2", "fr-1", "left"))).toEqual({ code: "movement/face_not_allowed", rule: "HR-FLANK-1", unit: "gb-2", face: "left", natural: "front" });
  });

  // moves.ts:33 `{ unit: u.id, formation: u.formation }` → `{}`.
  it("WHN-MOVE-3: a square may not march, and the refusal names the unit and its formation", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12, { formation: "SQUARE" }), gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, { type: "movement/march", unit: "fr-1", path: [{ kind: "forward", distance: 2 }] })).toEqual({
      code: "movement/may_not_march",
      rule: "WHN-MOVE-3",
      unit: "fr-1",
      formation: "SQUARE",
    });
  });
});

describe("charge events", () => {
  // chargeMove.ts:118 `resolved: true` → `false`; chargeMove.ts:122 `{ unit, target, resolved: true }` → `{}`.
  it("CORE-CHRG-3 / WHN-CHRG-6: a fled charger's cancellation and a disordered charger's halt are resolved events naming the units", () => {
    const fled = run(patch(held(), "gb-2", { order: "FLEEING" }), { type: "turn/advance" });
    expect(ofType(fled.events, "charge/cancelled")).toEqual([expect.objectContaining({ rule: "CORE-CHRG-3", unit: "gb-2", why: "charger fled", resolved: true })]);
    const halted = run(patch(held(), "gb-2", { order: "DISORDERED" }), chargeMove("gb-2"));
    expect(ofType(halted.events, "charge/halted")).toEqual([expect.objectContaining({ rule: "WHN-CHRG-6", unit: "gb-2", target: "fr-1", resolved: true })]);
  });
});

describe("the quick declaration check agrees with the full one on engine states", () => {
  // declare.ts:139 `charger.order === "FLEEING"` → `false` / `"FLEEING"` → `""` in mayCharge.
  it("CORE-CHRG-1: a fleeing charger may not declare, by the listing's quick check too", () => {
    const s = own(patch(hussarsOnColumn(), "gb-2", { order: "FLEEING" }));
    expect(chargeToDeclare(s, dc("gb-2", "fr-1"))).toMatchObject({ code: "movement/charger_fleeing" });
    expect(declarationApplies(s, dc("gb-2", "fr-1"))).toBe(false);
    expect(declarationApplies(own(hussarsOnColumn()), dc("gb-2", "fr-1"))).toBe(true);
  });

  // declare.ts:126 the sight field kept while the terrain record is the same, though the units moved.
  it("CORE-CHRG-1 / CORE-GEO-16: a unit stepping into the line of sight blocks the next check on a new state", () => {
    const s1 = own(hussarsOnColumn([gb("gb-3", 60, 30)]));
    expect(declarationApplies(s1, dc("gb-2", "fr-1"))).toBe(true);
    const s2 = own(patch(s1, "gb-3", { position: { x: 36, y: 19 } }));
    expect(s2.terrain).toBe(s1.terrain);
    expect(chargeToDeclare(s2, dc("gb-2", "fr-1"))).toMatchObject({ code: "movement/no_line_of_sight" });
    expect(declarationApplies(s2, dc("gb-2", "fr-1"))).toBe(false);
  });
});

describe("per-state answers follow the state", () => {
  // common.ts:93 `state.units !== engagedUnits || state.combats !== engagedCombats` → `false`.
  it("CORE-GEO-12: a unit an enemy has come into contact with is engaged on the new state, though its own object is unchanged", () => {
    const s1 = own(toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 40)]), "remaining"));
    const gb1 = unitOf(s1, "gb-1") as Unit;
    expect(isEngagedUnit(s1, gb1)).toBe(false);
    const s2 = own(patch(s1, "fr-1", { position: { x: 36, y: 40 } }));
    expect(unitOf(s2, "gb-1")).toBe(gb1);
    expect(isEngagedUnit(s2, gb1)).toBe(true);
  });

  // changeFormation.ts:102 `state.units !== tableUnits || state.characters !== tableCharacters` → `false`.
  it("WHN-FCHG-4: an enemy that comes within its charge reach threatens a unit on the new state, though the unit's object is unchanged", () => {
    const s1 = own(toStep(battleOf([fr("fr-1", 36, 10), gb("gb-1", 36, 40)]), "remaining"));
    const gb1 = unitOf(s1, "gb-1") as Unit;
    expect(chargeThreats(s1, gb1)).toEqual([]);
    const s2 = own(patch(s1, "fr-1", { position: { x: 36, y: 34 } }));
    expect(unitOf(s2, "gb-1")).toBe(gb1);
    expect(chargeThreats(s2, gb1).map((u) => u.id)).toEqual(["fr-1"]);
  });
});

describe("free moves", () => {
  // free.ts:115 `u.formation === "EXTENDED_ORDER"` → `true`.
  it("CORE-GEO-19: a formed unit may not make a free move, whatever it names", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, { type: "movement/moveTo", unit: "fr-1", to: { x: 36, y: 14 }, march: false })).toEqual({ code: "movement/not_free_mover", rule: "CORE-GEO-19", unit: "fr-1", formation: "ATTACK_COLUMN" });
  });

  // free.ts:52 `{ ...to }` → `{}` in the square's moved event.
  it("WHN-MOVE-5: a square's slide reports where it went", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12, { formation: "SQUARE" }), gb("gb-1", 36, 44)]), "remaining");
    const r = run(s, { type: "movement/moveTo", unit: "fr-1", to: { x: 37, y: 13 }, march: false });
    expect(ofType(r.events, "unit/moved")).toEqual([expect.objectContaining({ rule: "WHN-MOVE-5", unit: "fr-1", from: { x: 36, y: 12 }, to: { x: 37, y: 13 } })]);
  });

  // free.ts:97 `moved: true` → `false` (extended order).
  it("WHN-MOVE-7: extended-order models that moved leave the unit marked as moved", () => {
    const x = fr("fr-1", 36, 12, {
      light: true,
      extendedOrderAllowed: true,
      formation: "EXTENDED_ORDER",
      figures: 6,
      startingFigures: 6,
      files: 6,
      command: {},
      models: Array.from({ length: 6 }, (_, i) => ({ x: 31 + i * 2, y: 11.5, facing: 90 })),
    });
    const s = toStep(battleOf([x, gb("gb-1", 36, 44)]), "remaining");
    const u = unitOf(s, "fr-1");
    const models = (u.models ?? []).map((m) => ({ x: m.x, y: m.y + 1, facing: m.facing }));
    expect(models.length).toBe(6);
    const r = run(s, { type: "movement/moveTo", unit: "fr-1", models, march: false });
    expect(unitOf(r.state, "fr-1").flags.moved).toBe(true);
  });
});

describe("charges and responses", () => {
  // respond.ts:60 `first !== undefined` → `true`.
  it("CORE-CHRG-2: with no charger named, a charged unit may hold, flee or form square, never stand and shoot", () => {
    const s = hussarsOnColumn();
    expect(allowedResponses(s, unitOf(s, "fr-1") as Unit, [])).toEqual(["hold", "flee", "formSquare"]);
  });

  // chargeMove.ts:60 `{ allowNearEnemy: true }` → `{}` (a failed charge held to CORE-MOVE-4's 1").
  it("CORE-CHRG-6: a failed charge makes its whole move toward the target even past another enemy within 1\" (our reading: a failed charge, like other compulsory moves, is not held to CORE-MOVE-4's 1\")", () => {
    // gb-2's hussars 28" from fr-1 (out of reach); fr-2 stands beside the last inches of the way, about half an inch off their flank.
    const s = toStep(battleOf([fr("fr-1", 36, 12), fr("fr-2", 41, 33), gbCav("gb-2", 36, 40)], { firstSide: "gb" }), "declareCharges");
    const h = toStep(must(must(s, declare("gb-2", "fr-1")), { type: "turn/advance" }), "chargeResponses");
    const r = run(toStep(must(h, respond("fr-1", "hold")), "chargeMoves"), chargeMove("gb-2"));
    expect(ofType(r.events, "charge/failed")).toEqual([expect.objectContaining({ rule: "CORE-CHRG-6", unit: "gb-2", why: "out of reach", to: { x: 36, y: 32 } })]);
    expect(unitOf(r.state, "gb-2").position).toEqual({ x: 36, y: 32 });
  });

  // chargeMove.ts:126 `t === undefined || !inPlay(t)` → `false`.
  it("CORE-CHRG-6: a charge whose target has left play before the move fails where it stands", () => {
    const s = patch(held(), "fr-1", { removed: { reason: "destroyed", turn: 1 } });
    const r = run(s, chargeMove("gb-2"));
    expect(ofType(r.events, "charge/failed")).toEqual([expect.objectContaining({ rule: "CORE-CHRG-6", unit: "gb-2", target: "fr-1", why: "target gone", to: { x: 36, y: 18 } })]);
    expect(Object.keys(r.state.combats)).toEqual([]);
  });
});

describe("charges and formation changes close to the enemy", () => {
  // chargeMove.ts:84 `o.id !== c.id` → `true` (the charger's own start counted as a unit in the way).
  it("CORE-CHRG-5 / CORE-GEO-23: a charge from 1\" away ends in contact on ground the charger partly stood on", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 13)], { firstSide: "gb" }), "declareCharges");
    const h = toStep(must(must(s, declare("gb-2", "fr-1")), { type: "turn/advance" }), "chargeResponses");
    const r = run(toStep(must(h, respond("fr-1", "hold")), "chargeMoves"), chargeMove("gb-2"));
    expect(ofType(r.events, "charge/contact")).toEqual([expect.objectContaining({ unit: "gb-2", target: "fr-1" })]);
    expect(unitOf(r.state, "gb-2").position).toEqual({ x: 36, y: 12 });
    expect(Object.keys(r.state.combats).length).toBe(1);
  });

  // changeFormation.ts:58 `{ allowNearEnemy: true }` → `{}`.
  it("WHN-FORM-1 / CORE-MOVE-4: a column may deploy into line though its new flank ends within 1\" of an enemy beside it (the code holds only moves to the 1\" rule)", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 20), gb("gb-1", 46, 20, { facing: 90 })]), "remaining");
    const r = run(s, { type: "movement/changeFormation", unit: "fr-1", formation: "LINE", files: 12 });
    expect(ofType(r.events, "unit/formationChanged")).toHaveLength(1);
    expect(unitOf(r.state, "fr-1")).toMatchObject({ formation: "LINE", files: 12, position: { x: 36, y: 20 } });
  });
});

describe("detachments and formations", () => {
  // merge.ts:117 `Math.min(filesWith(d, d.figures), d.figures)` → `Math.max(…)` (the detachment stepping out in one rank).
  it("WHN-DET-5: grenadiers merged from a two-rank line step out again in that line of two ranks", () => {
    const g = fr("fr-d", 39.8, 10, {
      light: true,
      figures: 6,
      startingFigures: 6,
      files: 3,
      formation: "LINE",
      detachmentOf: "fr-1",
      command: {},
      profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 9 },
      equipment: { missile: "musket", melee: "musketBayonet", armour: "light" },
    });
    const merged = must(toStep(battleOf([fr("fr-1", 36, 10), g, gb("gb-1", 36, 44)]), "remaining"), { type: "movement/mergeDetachment", unit: "fr-d" });
    expect(unitOf(merged, "fr-d").mergedInto).toBe("fr-1");
    const r = run(toTurnStep(merged, 2, "fr", "remaining"), { type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d" });
    expect(unitOf(r.state, "fr-d")).toMatchObject({ mergedInto: null, formation: "LINE", files: 3, figures: 6 });
  });

  // detachments.ts:61 `{ ...u.position }` / `{ ...moved.position }` → `{}`.
  it("WHN-DET-2: the compulsory return reports where the detachment came from and where it stopped", () => {
    const det = fr("fr-d", 52, 12, { light: true, figures: 6, startingFigures: 6, files: 6, formation: "LINE", detachmentOf: "fr-1", command: {} });
    const far = toStep(battleOf([fr("fr-1", 36, 12), det, gb("gb-1", 36, 44)]), "rally");
    const r = run(far, { type: "turn/advance" });
    const e = ofType(r.events, "unit/detachmentReturned")[0] as unknown as { from: { x: number; y: number }; to: { x: number; y: number } };
    expect(e.from).toEqual({ x: 52, y: 12 });
    expect(e.to).toEqual(unitOf(r.state, "fr-d").position);
    expect(e.to.x).toBeCloseTo(48, 6);
  });

  // merge.ts:160 `"code" in shrunk` → `false` (the parent's re-forming refusal ignored).
  it("WHN-DET-5 / WHN-FORM-3: a merged column too weak to stay a column once its grenadiers leave may not split them off", () => {
    const g = fr("fr-d", 40, 10, { light: true, figures: 4, startingFigures: 4, files: 4, formation: "LINE", detachmentOf: "fr-1", command: {}, profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 9 } });
    const merged = must(toStep(battleOf([fr("fr-1", 36, 10), g, gb("gb-1", 36, 44)]), "remaining"), { type: "movement/mergeDetachment", unit: "fr-d" });
    // 28 models after the merge; at 12 the parent's own 8 would stand 2 ranks deep in 4 files.
    const weak = patch(toTurnStep(merged, 2, "fr", "remaining"), "fr-1", { figures: 12 });
    expect(refused(weak, { type: "movement/splitDetachment", unit: "fr-1", detachment: "fr-d" })).toEqual({
      code: "movement/formation_not_allowed",
      rule: "WHN-FORM-3",
      unit: "fr-1",
      formation: "ATTACK_COLUMN",
      files: 4,
      why: "2 ranks; allowed 3–any",
    });
  });

  // legal.ts:191 `formation === u.formation` → `true` (a light block offered open order two files off its own width).
  it("CORE-MOVE-1: a core light block of 10 files is offered blocks of 8 and 12 files and open order at its own 10", () => {
    const s = toStep(battleOf([foot("fr-1", "fr", { position: { x: 36, y: 10 }, facing: 90, light: true, files: 10 }), foot("gb-1", "gb", { position: { x: 36, y: 44 }, facing: 270 })], { ruleset: "core" }), "remaining");
    expect(legalMovementActions(s, id("fr-1")).filter((a) => a.type === "movement/changeFormation")).toEqual([
      { type: "movement/changeFormation", unit: "fr-1", formation: "BLOCK", files: 8 },
      { type: "movement/changeFormation", unit: "fr-1", formation: "BLOCK", files: 12 },
      { type: "movement/changeFormation", unit: "fr-1", formation: "OPEN_ORDER", files: 10 },
    ]);
  });

  // changeFormation.ts:42 `formation === "SQUARE"` → `"" === …` (the square laid out as a block).
  it("WHN-FORM-6 / CORE-GEO-20: a column forming square keeps its centre", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 44)]), "remaining");
    const r = run(s, { type: "movement/changeFormation", unit: "fr-1", formation: "SQUARE" });
    const u = unitOf(r.state, "fr-1");
    expect(u.formation).toBe("SQUARE");
    // Pinned to the frame reformFrame gives a square (CORE-GEO-20); laid out as a 4-file block it would stand elsewhere.
    expect(u.position.x).toBeCloseTo(36.3937008, 6);
    expect(u.position.y).toBeCloseTo(11.6062992, 6);
  });
});

describe("terrain and table edges", () => {
  // path.ts:162 `leg.kind === "wheel"` → `"" === …` (a wheel's end frame made as a turn about the centre).
  it("CORE-GEO-18 / WHN-MOVE-4: a wheel pivots on the inner front corner, which stays where it was", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 44)]), "remaining");
    const halfWidth = (4 * 20) / 25.4 / 2;
    const corner = (u: Unit, side: 1 | -1) => {
      const a = ((u.facing - 90) * Math.PI) / 180;
      return { x: u.position.x + side * halfWidth * Math.cos(a), y: u.position.y + side * halfWidth * Math.sin(a) };
    };
    for (const [pivot, side, facing] of [["right", 1, 60], ["left", -1, 120]] as const) {
      const u0 = unitOf(s, "fr-1") as Unit;
      const u1 = unitOf(must(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "wheel", degrees: 30, pivot }] }), "fr-1") as Unit;
      expect(u1.facing).toBeCloseTo(facing, 9);
      expect(corner(u1, side).x).toBeCloseTo(corner(u0, side).x, 9);
      expect(corner(u1, side).y).toBeCloseTo(corner(u0, side).y, 9);
    }
  });

  // path.ts:67 `t.tags.veryDifficult === true` → `false`.
  it("CORE-MOVE-5: a wheel made wholly in very difficult ground costs four times its arc", () => {
    const marsh = { id: "m", kind: "marsh", polygon: [{ x: 0, y: 0 }, { x: 72, y: 0 }, { x: 72, y: 40 }, { x: 0, y: 40 }], tags: { veryDifficult: true } };
    const open = battleOf([fr("fr-1", 36, 20, { formation: "ATTACK_COLUMN", files: 4 }), gb("gb-1", 36, 46)]);
    const u = unitOf(open, "fr-1");
    const leg = [{ kind: "wheel" as const, degrees: 20, pivot: "left" as const }];
    const arc = measurePath(open, u, leg, 4, 4).cost;
    const p = measurePath({ ...open, terrain: [marsh] } as BattleState, u, leg, 4, 4);
    expect(p.surcharge).toBeCloseTo(3 * arc, 9);
    expect(p.cost).toBeCloseTo(4 * arc, 9);
  });

  // path.ts:307 `swept.x - swept.r` → `swept.x + swept.r` (the left edge taken as never crossed).
  it("CORE-GEO-2: a move over the table's left edge is refused", () => {
    const s = toStep(battleOf([fr("fr-1", 2.5, 20, { facing: 180 }), gb("gb-1", 36, 44)]), "remaining");
    expect(refused(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 3 }] })).toEqual({ code: "movement/off_table", rule: "CORE-GEO-2", unit: "fr-1" });
    expect(must(s, { type: "movement/move", unit: "fr-1", path: [{ kind: "forward", distance: 2 }] }).units["fr-1" as UnitId]?.position).toEqual({ x: 0.5, y: 20 });
  });
});

describe("pursuers coming back", () => {
  // returns.ts:37 `{ x: depth, y: along }` → `{}` (no coverage: the west edge).
  it("CORE-PURS-7: a pursuer that left by the west edge comes back touching it, facing east, where it crossed", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 44)]), "remaining");
    const u = { ...(unitOf(s, "fr-1") as Unit), returnAt: { x: 0, y: 24 } };
    const back = returnSpot(s, u);
    const depth = layoutOf({ ...u, facing: 0 }).depth;
    expect(depth).toBeGreaterThan(1);
    expect(back).toMatchObject({ facing: 0, position: { x: depth, y: 24 }, removed: null, returnAt: null });
  });
});
