import { describe, expect, it } from "vitest";
import { legalActions, withScriptedDice, type BattleState } from "../../src/index.js";
import { battleOf, fr, gb, gbCav, must, ofType, patch, refused, run, toStep, unitOf, type AnyAction } from "../fixtures/movement.js";

const declare = (unit: string, target: string, face?: string): AnyAction => ({ type: "movement/declareCharge", unit, target, ...(face === undefined ? {} : { face }) });
const respond = (unit: string, response: string, extra: Record<string, unknown> = {}): AnyAction => ({ type: "movement/respond", unit, response, ...extra });
const chargeMove = (unit: string): AnyAction => ({ type: "movement/chargeMove", unit });

/** British hussars (gb-2, 12 models, M8) 14" in front of a French attack column (fr-1); Britain moves. */
function hussarsOnColumn(cav: Parameters<typeof gbCav>[3] = {}, col: Parameters<typeof fr>[3] = {}, extra: Parameters<typeof fr>[] = []): BattleState {
  return toStep(battleOf([fr("fr-1", 36, 12, col), gbCav("gb-2", 36, 26, cav), ...extra.map((a) => fr(...a))], { firstSide: "gb" }), "declareCharges");
}

/** Declares, then moves on to the response step. */
function declared(s: BattleState, ...pairs: [string, string][]): BattleState {
  let t = s;
  for (const [u, target] of pairs) t = must(t, declare(u, target));
  return must(t, { type: "turn/advance" });
}

describe("declaring charges", () => {
  it("CORE-CHRG-1: a charger names an enemy in its arc and line of sight", () => {
    const s = hussarsOnColumn();
    const r = run(s, declare("gb-2", "fr-1"));
    expect(r.events[0]).toMatchObject({ type: "charge/declared", rule: "CORE-CHRG-1", unit: "gb-2", target: "fr-1", face: "front", inReach: true });
    expect(unitOf(r.state, "gb-2").flags.declaredCharge).toBe(true);
    expect(refused(r.state, declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/already_declared" });
    const behind = toStep(battleOf([fr("fr-1", 36, 40), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    expect(refused(behind, declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/target_not_in_arc", rule: "CORE-CHRG-1" });
    const screened = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26), gb("gb-1", 36, 19)], { firstSide: "gb" }), "declareCharges");
    expect(refused(screened, declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/no_line_of_sight", rule: "CORE-CHRG-1" });
    expect(refused(patch(s, "gb-2", { order: "FLEEING" }), declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/charger_fleeing", rule: "CORE-CHRG-1" });
    const engaged = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26), fr("fr-2", 36, 26, { facing: 90 })], { firstSide: "gb" }), "declareCharges");
    expect(refused(engaged, declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/charger_engaged", rule: "CORE-CHRG-1" });
    expect(refused(toStep(s, "remaining"), declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/wrong_step" });
  });

  it("CORE-CHRG-4: the face charged is the target's quadrant holding the charger's front-edge centre", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 46, 9.6, { facing: 180 })], { firstSide: "gb" }), "declareCharges");
    expect(run(s, declare("gb-2", "fr-1")).events[0]).toMatchObject({ face: "right" });
  });

  it("WHN-CHRG-5: disordered units and squares may not declare charges", () => {
    const s = hussarsOnColumn();
    expect(refused(patch(s, "gb-2", { order: "DISORDERED" }), declare("gb-2", "fr-1"))).toMatchObject({ code: "movement/charger_disordered", rule: "WHN-CHRG-5" });
    const sq = toStep(battleOf([fr("fr-1", 36, 12, { facing: 270 }), gb("gb-1", 36, 6, { formation: "SQUARE", facing: 90 })], { firstSide: "gb" }), "declareCharges");
    expect(refused(sq, declare("gb-1", "fr-1"))).toMatchObject({ code: "movement/square_may_not_charge", rule: "WHN-CHRG-5" });
  });
});

describe("charge responses", () => {
  it("CORE-CHRG-2: one response decision per charged unit once declarations end; hold answers it", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    expect(s.pending).toEqual([{ kind: "chargeResponse", side: "fr", unit: "fr-1", targets: ["gb-2"], rule: "CORE-CHRG-2" }]);
    expect(refused(s, { type: "turn/advance" })).toMatchObject({ code: "turn/decision_pending" });
    const r = run(s, respond("fr-1", "hold"));
    expect(r.events[0]).toMatchObject({ type: "charge/response", rule: "CORE-CHRG-2", response: "hold", chargers: ["gb-2"] });
    expect(r.state.pending).toEqual([]);
    expect(refused(r.state, respond("fr-1", "hold"))).toMatchObject({ code: "action/not_your_turn" });
  });

  it("CORE-CHRG-2: a fleeing response moves at once, directly away from the charger", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    const r = run(withScriptedDice(s, [3, 4]), respond("fr-1", "flee"));
    expect(ofType(r.events, "unit/fled")[0]).toMatchObject({ unit: "fr-1", from: "gb-2", roll: 7, rule: "CORE-CHRG-2" });
    expect(unitOf(r.state, "fr-1").order).toBe("FLEEING");
  });

  it("CORE-CHRG-3: stand and shoot fires at the charger with the charging modifier", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    const r = run(withScriptedDice(s, Array(40).fill(1)), respond("fr-1", "standAndShoot"));
    expect(ofType(r.events, "shooting/fired")[0]).toMatchObject({ shooter: "fr-1", target: "gb-2", standAndShoot: true });
  });

  it("CORE-CHRG-3: no stand and shoot at a charger within its own M, or beyond the weapon's reach (AMB-103)", () => {
    const close = declared(toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 18)], { firstSide: "gb" }), "declareCharges"), ["gb-2", "fr-1"]);
    expect(refused(close, respond("fr-1", "standAndShoot"))).toMatchObject({ code: "movement/response_not_allowed", rule: "CORE-CHRG-3" });
    const pistols = declared(hussarsOnColumn({}, { equipment: { missile: "pistol", melee: "handWeapon" } }), ["gb-2", "fr-1"]);
    expect(refused(pistols, respond("fr-1", "standAndShoot"))).toMatchObject({ code: "movement/response_not_allowed", rule: "CORE-CHRG-3" });
  });

  it("WHN-CHRG-1: a charged infantry unit that passes the check forms square at once; failing, it is disordered", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    const pass = run(withScriptedDice(s, [3, 3]), respond("fr-1", "formSquare"));
    expect(ofType(pass.events, "movement/squareCheck")[0]).toMatchObject({ rule: "WHN-CHRG-1", total: 6, target: 6, modifier: 0, passed: true });
    expect(unitOf(pass.state, "fr-1").formation).toBe("SQUARE");
    const fail = run(withScriptedDice(s, [4, 3]), respond("fr-1", "formSquare"));
    expect(unitOf(fail.state, "fr-1")).toMatchObject({ formation: "ATTACK_COLUMN", order: "DISORDERED" });
    expect(ofType(fail.events, "unit/disordered")[0]).toMatchObject({ rule: "WHN-CHRG-1" });
  });

  it("WHN-CHRG-1: a square may reform into another formation as its response", () => {
    const s = declared(hussarsOnColumn({}, { formation: "SQUARE" }), ["gb-2", "fr-1"]);
    const r = run(withScriptedDice(s, [1, 2]), respond("fr-1", "reformFromSquare", { formation: "LINE", files: 12 }));
    expect(unitOf(r.state, "fr-1").formation).toBe("LINE");
    expect(refused(s, respond("fr-1", "reformFromSquare"))).toMatchObject({ code: "movement/formation_required" });
  });

  it("WHN-CHRG-2: −2 when the charger started within its M, −4 for skirmishers, −6 together; the option keeps only the worst", () => {
    const near = declared(toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 19)], { firstSide: "gb" }), "declareCharges"), ["gb-2", "fr-1"]);
    expect(ofType(run(withScriptedDice(near, [2, 2]), respond("fr-1", "formSquare")).events, "movement/squareCheck")[0]).toMatchObject({ rule: "WHN-CHRG-2", modifier: -2, target: 4, passed: true });
    const skirm = { light: true, formation: "OPEN_ORDER", files: 12 } as const;
    const both = declared(toStep(battleOf([fr("fr-1", 36, 12, skirm), gbCav("gb-2", 36, 19)], { firstSide: "gb" }), "declareCharges"), ["gb-2", "fr-1"]);
    expect(ofType(run(withScriptedDice(both, [1, 1]), respond("fr-1", "formSquare")).events, "movement/squareCheck")[0]).toMatchObject({ modifier: -6, target: 0, passed: false });
    const opt = declared(toStep(battleOf([fr("fr-1", 36, 12, skirm), gbCav("gb-2", 36, 19)], { firstSide: "gb", options: { whn: { squareResponseModsCumulative: false } } }), "declareCharges"), ["gb-2", "fr-1"]);
    expect(ofType(run(withScriptedDice(opt, [1, 1]), respond("fr-1", "formSquare")).events, "movement/squareCheck")[0]).toMatchObject({ modifier: -4, target: 2, passed: true });
  });

  it("WHN-CHRG-3: a unit trying to form square makes no other response (no stand and shoot)", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    const r = run(withScriptedDice(s, [3, 3]), respond("fr-1", "formSquare"));
    expect(r.state.pending).toEqual([]);
    expect(refused(r.state, respond("fr-1", "standAndShoot"))).toMatchObject({ code: "action/not_your_turn" });
  });

  it("WHN-CHRG-4: an already disordered unit failing the check stays disordered in its formation and does not flee", () => {
    const s = patch(declared(hussarsOnColumn(), ["gb-2", "fr-1"]), "fr-1", { order: "DISORDERED" });
    const r = run(withScriptedDice(s, [6, 6]), respond("fr-1", "formSquare"));
    expect(ofType(r.events, "unit/squareCheckFailed")[0]).toMatchObject({ rule: "WHN-CHRG-4" });
    expect(unitOf(r.state, "fr-1")).toMatchObject({ formation: "ATTACK_COLUMN", order: "DISORDERED" });
  });

  it("CORE-FLEE-7: a fleeing unit charged by a charger that can reach it must flee again", () => {
    const s = patch(declared(hussarsOnColumn(), ["gb-2", "fr-1"]), "fr-1", { order: "FLEEING" });
    expect(refused(s, respond("fr-1", "hold"))).toMatchObject({ rule: "CORE-FLEE-7" });
    expect(ofType(run(withScriptedDice(s, [1, 1]), respond("fr-1", "flee")).events, "unit/fled")[0]).toMatchObject({ rule: "CORE-FLEE-7" });
  });
});

describe("charge moves", () => {
  const held = (s: BattleState): BattleState => toStep(must(s, respond("fr-1", "hold")), "chargeMoves");

  it("CORE-CHRG-5: a charge in reach ends in base contact and opens a combat", () => {
    const s = held(declared(hussarsOnColumn(), ["gb-2", "fr-1"]));
    const r = run(s, chargeMove("gb-2"));
    expect(ofType(r.events, "charge/contact")[0]).toMatchObject({ rule: "CORE-CHRG-5", unit: "gb-2", target: "fr-1", face: "front", combat: "c1-1" });
    expect(r.state.combats["c1-1" as keyof typeof r.state.combats]).toMatchObject({ units: ["gb-2", "fr-1"], chargers: ["gb-2"] });
    expect(unitOf(r.state, "gb-2")).toMatchObject({ position: { y: 12 }, facing: 270 });
    expect(refused(r.state, chargeMove("gb-2"))).toMatchObject({ code: "movement/charge_already_resolved" });
  });

  it("CORE-CHRG-6: a charge out of reach makes a failed-charge move of M toward the target", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 29)], { firstSide: "gb" }), "declareCharges");
    const r = run(held(declared(s, ["gb-2", "fr-1"])), chargeMove("gb-2"));
    expect(ofType(r.events, "charge/failed")[0]).toMatchObject({ rule: "CORE-CHRG-6", to: { x: 36, y: 21 } });
    expect(unitOf(r.state, "gb-2").flags).toMatchObject({ failedCharge: true, moved: true });
  });

  it("CORE-CHRG-7: a fled target still in reach is destroyed; one that got away makes the charge fail", () => {
    const s = declared(hussarsOnColumn(), ["gb-2", "fr-1"]);
    const caught = toStep(must(withScriptedDice(s, [1, 1]), respond("fr-1", "flee")), "chargeMoves");
    const r = run(caught, chargeMove("gb-2"));
    expect(ofType(r.events, "unit/destroyed")[0]).toMatchObject({ rule: "CORE-CHRG-7", unit: "fr-1", by: "gb-2" });
    expect(unitOf(r.state, "fr-1").removed).toMatchObject({ reason: "destroyed" });
    const away = toStep(must(withScriptedDice(s, [6, 6]), respond("fr-1", "flee")), "chargeMoves");
    expect(ofType(run(away, chargeMove("gb-2")).events, "charge/failed")[0]).toMatchObject({ rule: "CORE-CHRG-6" });
  });

  it("CORE-CHRG-3: a charger that fled before moving has no charge move to make; the step's end cancels its charge (walk seed 101 #5251)", () => {
    const s = patch(held(declared(hussarsOnColumn(), ["gb-2", "fr-1"])), "gb-2", { order: "FLEEING" });
    expect(refused(s, chargeMove("gb-2"))).toMatchObject({ code: "movement/charger_fleeing", rule: "CORE-CHRG-3" });
    expect(legalActions(s).filter((a) => a.type === "movement/chargeMove")).toEqual([]);
    const r = run(s, { type: "turn/advance" });
    expect(ofType(r.events, "charge/cancelled")).toMatchObject([{ unit: "gb-2", why: "charger fled", rule: "CORE-CHRG-3" }]);
    expect(r.state.turn.step).toBe("remaining");
  });

  it("CORE-CHRG-8: a unit that charged is marked as having charged (it may not shoot)", () => {
    const r = run(held(declared(hussarsOnColumn(), ["gb-2", "fr-1"])), chargeMove("gb-2"));
    expect(unitOf(r.state, "gb-2").flags).toMatchObject({ charged: true, moved: true, moveUsed: 1 });
  });

  it("WHN-CHRG-6: a charger disordered by stand-and-shoot Panic halts and does not move", () => {
    const s = patch(held(declared(hussarsOnColumn(), ["gb-2", "fr-1"])), "gb-2", { order: "DISORDERED" });
    const r = run(s, chargeMove("gb-2"));
    expect(r.events[0]).toMatchObject({ type: "charge/halted", rule: "WHN-CHRG-6" });
    expect(unitOf(r.state, "gb-2").position).toEqual({ x: 36, y: 26 });
    expect(Object.keys(r.state.combats)).toEqual([]);
  });

  it("WHN-CHRG-7: cavalry whose front covers the infantry front lap round with up to 2 models a side", () => {
    const s = held(declared(hussarsOnColumn({ files: 12 }), ["gb-2", "fr-1"]));
    const r = run(s, chargeMove("gb-2"));
    expect(ofType(r.events, "charge/lappedRound")[0]).toMatchObject({ rule: "WHN-CHRG-7", laps: [{ flank: "right", models: 2 }, { flank: "left", models: 2 }] });
    const narrow = run(held(declared(hussarsOnColumn({ files: 3, formation: "CAV_COLUMN" }), ["gb-2", "fr-1"])), chargeMove("gb-2"));
    expect(ofType(narrow.events, "charge/lappedRound")).toHaveLength(0);
  });

  it("WHN-CHRG-8: lapping cavalry count only the +1 flank bonus unless whn.lapIsFullFlankAttack", () => {
    const r = run(held(declared(hussarsOnColumn({ files: 12 }), ["gb-2", "fr-1"])), chargeMove("gb-2"));
    expect(ofType(r.events, "combat/flankAttack")[0]).toMatchObject({ rule: "WHN-CHRG-8", flankBonus: 1, removesRankBonus: false, panicTest: false });
    const opt = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26, { files: 12 })], { firstSide: "gb", options: { whn: { lapIsFullFlankAttack: true } } }), "declareCharges");
    const r2 = run(held(declared(opt, ["gb-2", "fr-1"])), chargeMove("gb-2"));
    expect(ofType(r2.events, "combat/flankAttack")[0]).toMatchObject({ removesRankBonus: true });
  });

  it("charges left unmoved are made when the remaining-moves step begins", () => {
    const s = held(declared(hussarsOnColumn(), ["gb-2", "fr-1"]));
    const r = run(s, { type: "turn/advance" });
    expect(ofType(r.events, "charge/contact")).toHaveLength(1);
  });
});

describe("HR-FLANK: flank charges on engaged units", () => {
  const units = [fr("fr-1", 36, 12), gb("gb-1", 36, 12, { figures: 8, files: 4 }), gbCav("gb-2", 40, 16, { facing: 225 })];
  it("HR-FLANK-1: with the house rule a charger may name the flank of a unit engaged to its front", () => {
    const off = toStep(battleOf(units, { firstSide: "gb" }), "declareCharges");
    expect(refused(off, declare("gb-2", "fr-1", "right"))).toMatchObject({ code: "movement/face_not_allowed", rule: "CORE-CHRG-4" });
    const on = toStep(battleOf(units, { firstSide: "gb", options: { hr: { flankChargeEngaged: true } } }), "declareCharges");
    expect(refused(on, declare("gb-2", "fr-1", "rear"))).toMatchObject({ code: "movement/face_not_allowed", rule: "HR-FLANK-1" });
    const r = run(withScriptedDice(on, [1, 1]), declare("gb-2", "fr-1", "right"));
    expect(r.events[0]).toMatchObject({ type: "charge/declared", rule: "HR-FLANK-1", face: "right", inReach: true });
    expect(ofType(r.events, "morale/panicTest")[0]).toMatchObject({ rule: "CORE-PANIC-4", unit: "fr-1", passed: true });
    let s = must(r.state, { type: "turn/advance" });
    s = toStep(must(s, respond("fr-1", "hold")), "chargeMoves");
    const c = run(s, chargeMove("gb-2"));
    expect(ofType(c.events, "charge/contact")[0]).toMatchObject({ rule: "HR-FLANK-1", face: "right", facing: 180 });
  });
});
