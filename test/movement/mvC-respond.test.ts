/**
 * Charge responses, src/rules/whn/movement/respond.ts (CORE-CHRG-2/3, CORE-FLEE-7, WHN-CHRG-1…4,
 * WHN-DET-4): every refusal with its whole details, every event with its whole payload, and the
 * boundaries of the stand-and-shoot and square-check distances.
 */
import { describe, expect, it } from "vitest";
import { withScriptedDice, type BattleState } from "../../src/index.js";
import type { UnitId } from "../../src/state/ids.js";
import { allowedResponses, canStandAndShoot, pushChargeResponses, quickResponseCheck, respond as respondHandler, squareCheckModifier } from "../../src/rules/whn/movement/respond.js";
import type { Declaration } from "../../src/rules/whn/movement/declare.js";
import type { RespondAction } from "../../src/rules/whn/movement/actions.js";
import { gun } from "../fixtures/artillery.js";
import { battleOf, declare, fr, gb, gbCav, must, patch, refused, respond, run, toStep, unitOf } from "../fixtures/movement.js";
import { allEvs, chargedColumn, direct, directRefusal, evs, withFacts } from "../fixtures/mvC.js";

const decl = (unit: string, target: string, distance: number, move: number, face: Declaration["face"] = "front"): Declaration =>
  ({ unit: unit as UnitId, target: target as UnitId, face, distance, move }) as Declaration;
const act = (unit: string, response: RespondAction["response"], extra: Partial<RespondAction> = {}): RespondAction =>
  ({ type: "movement/respond", unit: unit as UnitId, response, ...extra }) as RespondAction;
/** A foot base's width and depth, inches (20 mm). */
const W = 20 / 25.4;
const responseEvent = (response: string) => ({ type: "charge/response", rule: "CORE-CHRG-2", unit: "fr-1", response, chargers: ["gb-2"] });

describe("mvC respond: the pending decisions (CORE-CHRG-2)", () => {
  /** Four French targets and four British chargers, the charges written straight into the facts. */
  const scene = (): BattleState => {
    const s = toStep(
      battleOf(
        [fr("fr-1", 10, 12), fr("fr-2", 30, 12), fr("fr-3", 50, 12), fr("fr-4", 64, 12), gbCav("gb-2", 10, 30), gbCav("gb-3", 30, 30), gbCav("gb-4", 50, 30), gbCav("gb-5", 64, 30)],
        { firstSide: "gb" },
      ),
      "declareCharges",
    );
    return { ...s, pending: [] };
  };
  it("CORE-CHRG-2: one decision per charged unit, in the order of its first declaration, naming its chargers in declaration order and its own side", () => {
    const s = withFacts(scene(), { charges: [decl("gb-3", "fr-2", 18, 8), decl("gb-2", "fr-1", 18, 8), decl("gb-4", "fr-2", 18, 8)] });
    expect(pushChargeResponses(s).pending).toEqual([
      { kind: "chargeResponse", side: "fr", unit: "fr-2", targets: ["gb-3", "gb-4"], rule: "CORE-CHRG-2" },
      { kind: "chargeResponse", side: "fr", unit: "fr-1", targets: ["gb-2"], rule: "CORE-CHRG-2" },
    ]);
  });
  it("CORE-CHRG-2: decisions already pending stay first", () => {
    const base = withFacts(scene(), { charges: [decl("gb-2", "fr-1", 18, 8)] });
    const earlier = { kind: "chargeResponse", side: "fr", unit: "fr-3", targets: ["gb-4"], rule: "CORE-CHRG-2" } as unknown as BattleState["pending"][number];
    expect(pushChargeResponses({ ...base, pending: [earlier] }).pending).toEqual([earlier, { kind: "chargeResponse", side: "fr", unit: "fr-1", targets: ["gb-2"], rule: "CORE-CHRG-2" }]);
  });
  it("CORE-CHRG-2: a target removed or unknown gets no decision", () => {
    const s = withFacts(patch(scene(), "fr-1", { removed: { reason: "destroyed", gameTurn: 1 } }), {
      charges: [decl("gb-2", "fr-1", 18, 8), decl("gb-3", "fr-9", 18, 8), decl("gb-4", "fr-3", 18, 8)],
    });
    expect(pushChargeResponses(s).pending).toEqual([{ kind: "chargeResponse", side: "fr", unit: "fr-3", targets: ["gb-4"], rule: "CORE-CHRG-2" }]);
  });
  it("CORE-PANIC-4 / CORE-FLEE-7: a target that fled from its flank Panic test this phase gets no decision; a fleeing target that did not, and one that passed the test, do", () => {
    let s = patch(scene(), "fr-1", { order: "FLEEING" });
    s = patch(s, "fr-2", { order: "FLEEING" });
    s = withFacts(s, { flankPanicked: ["fr-1", "fr-3"] as UnitId[], charges: [decl("gb-2", "fr-1", 18, 8), decl("gb-3", "fr-2", 18, 8), decl("gb-4", "fr-3", 18, 8)] });
    expect(pushChargeResponses(s).pending).toEqual([
      { kind: "chargeResponse", side: "fr", unit: "fr-2", targets: ["gb-3"], rule: "CORE-CHRG-2" },
      { kind: "chargeResponse", side: "fr", unit: "fr-3", targets: ["gb-4"], rule: "CORE-CHRG-2" },
    ]);
  });
});

describe("mvC respond: the responses open to a unit (CORE-CHRG-2, WHN-CHRG-1, WHN-DET-4, CORE-FLEE-7)", () => {
  it("CORE-CHRG-2 / WHN-CHRG-1: formed foot with muskets charged from beyond the charger's M may hold, flee, stand and shoot or form square; in square, reform instead", () => {
    const s = chargedColumn();
    const d = s.facts.movement.charges;
    expect(allowedResponses(s, unitOf(s, "fr-1"), d)).toEqual(["hold", "flee", "standAndShoot", "formSquare"]);
    expect(allowedResponses(s, { ...unitOf(s, "fr-1"), formation: "SQUARE" }, d)).toEqual(["hold", "flee", "standAndShoot", "reformFromSquare"]);
  });
  it("CORE-CHRG-2: no missile weapon, or no charger named: no stand and shoot", () => {
    const s = chargedColumn();
    const u = unitOf(s, "fr-1");
    expect(allowedResponses(s, { ...u, equipment: { ...u.equipment, missile: null } }, s.facts.movement.charges)).toEqual(["hold", "flee", "formSquare"]);
    expect(allowedResponses(s, u, [])).toEqual(["hold", "flee", "formSquare"]);
  });
  it("WHN-CHRG-1: cavalry may not form square", () => {
    const s = chargedColumn();
    expect(allowedResponses(s, unitOf(s, "gb-2"), [decl("fr-1", "gb-2", 14, 4)])).toEqual(["hold", "flee"]);
  });
  it("WHN-DET-4: a detachment may also fall back behind its parent", () => {
    const s = chargedColumn();
    expect(allowedResponses(s, { ...unitOf(s, "fr-1"), detachmentOf: "fr-9" as UnitId }, s.facts.movement.charges)).toEqual(["hold", "flee", "standAndShoot", "formSquare", "fallBackBehindParent"]);
  });
  it("CORE-MOVE-1: under the core rules foot have no square response", () => {
    const s = chargedColumn();
    const core = { ...s, ruleset: "core" } as BattleState;
    expect(allowedResponses(core, unitOf(s, "fr-1"), s.facts.movement.charges)).toEqual(["hold", "flee", "standAndShoot"]);
    expect(allowedResponses(s, unitOf(s, "fr-1"), s.facts.movement.charges)).toEqual(["hold", "flee", "standAndShoot", "formSquare"]);
  });
  it("WHN-ART-6: a gun has no figure responses (it answers with artillery/respond)", () => {
    const s = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 12 }, facing: 90 }), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    expect(allowedResponses(s, unitOf(s, "fr-g"), [decl("gb-2", "fr-g", 14, 8)])).toEqual([]);
  });
  it("CORE-MOVE-4: an engaged unit may only hold", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 12), gbCav("gb-2", 20, 30)], { firstSide: "gb" }), "declareCharges");
    expect(allowedResponses(s, unitOf(s, "fr-1"), [decl("gb-2", "fr-1", 14, 8)])).toEqual(["hold"]);
    const apart = toStep(battleOf([fr("fr-1", 36, 12), gb("gb-1", 36, 12.005), gbCav("gb-2", 20, 30)], { firstSide: "gb" }), "declareCharges");
    expect(allowedResponses(apart, unitOf(apart, "fr-1"), [])).toEqual(["hold", "flee", "formSquare"]);
  });
  it("CORE-FLEE-7: a fleeing unit must flee again when a charger can reach it, and holds when none can (or the charger is gone or unknown)", () => {
    const s = chargedColumn();
    const u = { ...unitOf(s, "fr-1"), order: "FLEEING" as const };
    expect(allowedResponses(s, u, [decl("gb-2", "fr-1", 14, 8)])).toEqual(["flee"]);
    const far = chargedColumn(29);
    expect(allowedResponses(far, { ...unitOf(far, "fr-1"), order: "FLEEING" }, [decl("gb-2", "fr-1", 17, 8)])).toEqual(["hold"]);
    const gone = patch(s, "gb-2", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(allowedResponses(gone, u, [decl("gb-2", "fr-1", 14, 8)])).toEqual(["hold"]);
    expect(allowedResponses(s, u, [decl("gb-9", "fr-1", 14, 8)])).toEqual(["hold"]);
    expect(allowedResponses(s, u, [decl("gb-9", "fr-1", 14, 8), decl("gb-2", "fr-1", 14, 8)])).toEqual(["flee"]);
  });
});

describe("mvC respond: stand and shoot distances (CORE-CHRG-2, AMB-103)", () => {
  const s = chargedColumn();
  const u = unitOf(s, "fr-1");
  it("CORE-CHRG-2: the first charger must have been farther than its M (1/1000\" tolerance)", () => {
    expect(canStandAndShoot(s, u, decl("gb-2", "fr-1", 8, 8))).toBe(false);
    expect(canStandAndShoot(s, u, decl("gb-2", "fr-1", 8.001, 8))).toBe(false);
    expect(canStandAndShoot(s, u, decl("gb-2", "fr-1", 8.0012, 8))).toBe(true);
    expect(canStandAndShoot(s, u, decl("gb-2", "fr-1", 7, 8))).toBe(false);
  });
  it("AMB-103: and within the musket's extreme range, 24\"", () => {
    expect(canStandAndShoot(s, u, decl("gb-2", "fr-1", 24, 8))).toBe(true);
    expect(canStandAndShoot(s, u, decl("gb-2", "fr-1", 24.001, 8))).toBe(true);
    expect(canStandAndShoot(s, u, decl("gb-2", "fr-1", 24.0012, 8))).toBe(false);
  });
  it("CORE-CHRG-2: no missile weapon, no stand and shoot", () => {
    expect(canStandAndShoot(s, { ...u, equipment: { ...u.equipment, missile: null } }, decl("gb-2", "fr-1", 14, 8))).toBe(false);
  });
});

describe("mvC respond: the square check's modifier (WHN-CHRG-2, AMB-14)", () => {
  const s = chargedColumn();
  const u = unitOf(s, "fr-1");
  const loose = { ...u, formation: "OPEN_ORDER" as const };
  const ext = { ...u, formation: "EXTENDED_ORDER" as const };
  const notCumulative = { ...s, options: { ...s.options, whn: { ...s.options.whn, squareResponseModsCumulative: false } } } as BattleState;
  it("WHN-CHRG-2: −2 when a charger was within its M at declaration (1/1000\" tolerance), else 0", () => {
    expect(squareCheckModifier(s, u, [decl("gb-2", "fr-1", 8, 8)])).toBe(-2);
    expect(squareCheckModifier(s, u, [decl("gb-2", "fr-1", 8.001, 8)])).toBe(-2);
    expect(squareCheckModifier(s, u, [decl("gb-2", "fr-1", 8.0012, 8)])).toBe(0);
    expect(squareCheckModifier(s, u, [decl("gb-2", "fr-1", 14, 8), decl("gb-3", "fr-1", 3, 8)])).toBe(-2);
    expect(squareCheckModifier(s, u, [])).toBe(0);
  });
  it("WHN-CHRG-2: −4 for skirmishers (open or extended order); both cumulative by default, −6", () => {
    expect(squareCheckModifier(s, loose, [decl("gb-2", "fr-1", 14, 8)])).toBe(-4);
    expect(squareCheckModifier(s, ext, [decl("gb-2", "fr-1", 14, 8)])).toBe(-4);
    expect(squareCheckModifier(s, loose, [decl("gb-2", "fr-1", 5, 8)])).toBe(-6);
  });
  it("AMB-14: with whn.squareResponseModsCumulative off only the worse one counts", () => {
    expect(squareCheckModifier(notCumulative, loose, [decl("gb-2", "fr-1", 5, 8)])).toBe(-4);
    expect(squareCheckModifier(notCumulative, u, [decl("gb-2", "fr-1", 5, 8)])).toBe(-2);
    expect(squareCheckModifier(notCumulative, loose, [decl("gb-2", "fr-1", 14, 8)])).toBe(-4);
    expect(squareCheckModifier(notCumulative, u, [decl("gb-2", "fr-1", 14, 8)])).toBe(0);
  });
});

describe("mvC respond: resolving a response (CORE-CHRG-2, WHN-CHRG-1…4)", () => {
  it("CORE-CHRG-2: hold pops the decision and logs only the response", () => {
    const s = chargedColumn();
    const r = run(s, respond("fr-1", "hold"));
    expect(allEvs(r.events)).toEqual([responseEvent("hold")]);
    expect(r.state.pending).toEqual([]);
    expect(r.state.units).toBe(s.units);
  });
  it("CORE-CHRG-2: flee from the first charger, under CORE-CHRG-2", () => {
    const r = run(withScriptedDice(chargedColumn(), [1, 2]), respond("fr-1", "flee"));
    expect(evs(r.events, "unit/fled")).toEqual([
      { type: "unit/fled", rule: "CORE-CHRG-2", unit: "fr-1", from: "gb-2", dice: [1, 2], roll: 3, cause: "CORE-CHRG-2", distance: 3, facing: 270, searchAngle: 0, stoppedShort: false, passedThrough: [] },
    ]);
    expect(r.state.pending).toEqual([]);
    expect(unitOf(r.state, "fr-1").order).toBe("FLEEING");
  });
  it("CORE-FLEE-7: a fleeing unit charged flees again, under CORE-FLEE-7", () => {
    const s0 = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    const s = toStep(must(patch(s0, "fr-1", { order: "FLEEING", facing: 270 }), declare("gb-2", "fr-1")), "chargeResponses");
    expect(refused(s, respond("fr-1", "hold"))).toEqual({ code: "movement/response_not_allowed", rule: "CORE-FLEE-7", unit: "fr-1", response: "hold", allowed: ["flee"] });
    const r = run(withScriptedDice(s, [2, 2]), respond("fr-1", "flee"));
    expect(evs(r.events, "unit/fled")).toMatchObject([{ type: "unit/fled", rule: "CORE-FLEE-7", unit: "fr-1", from: "gb-2", cause: "CORE-FLEE-7", dice: [2, 2], roll: 4 }]);
  });
  it("WHN-CHRG-1: a passed square check forms the square at once about the front's middle model; the check and the change are logged whole", () => {
    const s = chargedColumn();
    const r = run(withScriptedDice(s, [3, 3]), respond("fr-1", "formSquare"));
    expect(allEvs(r.events)).toEqual([
      responseEvent("formSquare"),
      { type: "movement/squareCheck", rule: "WHN-CHRG-1", unit: "fr-1", response: "formSquare", dice: [3, 3], total: 6, leadership: 6, modifier: 0, target: 6, passed: true },
      { type: "unit/formationChanged", rule: "WHN-CHRG-1", unit: "fr-1", from: "ATTACK_COLUMN", to: "SQUARE", files: 4, response: true },
    ]);
    const u = unitOf(r.state, "fr-1");
    expect({ formation: u.formation, files: u.files, position: u.position, facing: u.facing, order: u.order, flags: u.flags }).toEqual({
      formation: "SQUARE",
      files: 4,
      // CORE-GEO-20: the square's front-edge centre goes where the middle slot (file 2 of 4) of the old front rank was.
      position: { x: 36 + W / 2, y: 12 - W / 2 },
      facing: 90,
      order: "GOOD",
      flags: unitOf(s, "fr-1").flags,
    });
    expect(r.state.pending).toEqual([]);
  });
  it("WHN-CHRG-1: a failed square check leaves the formation and disorders the unit", () => {
    const s = chargedColumn();
    const r = run(withScriptedDice(s, [3, 4]), respond("fr-1", "formSquare"));
    expect(allEvs(r.events)).toEqual([
      responseEvent("formSquare"),
      { type: "movement/squareCheck", rule: "WHN-CHRG-1", unit: "fr-1", response: "formSquare", dice: [3, 4], total: 7, leadership: 6, modifier: 0, target: 6, passed: false },
      { type: "unit/disordered", rule: "WHN-CHRG-1", unit: "fr-1", cause: "WHN-CHRG-1" },
    ]);
    expect(unitOf(r.state, "fr-1")).toEqual({ ...unitOf(s, "fr-1"), order: "DISORDERED" });
    expect(r.state.pending).toEqual([]);
  });
  it("WHN-CHRG-4: an already disordered unit that fails stays as it is (it does not flee); the failure is logged", () => {
    const s = patch(chargedColumn(), "fr-1", { order: "DISORDERED" });
    const r = run(withScriptedDice(s, [6, 6]), respond("fr-1", "formSquare"));
    expect(allEvs(r.events)).toEqual([
      responseEvent("formSquare"),
      { type: "movement/squareCheck", rule: "WHN-CHRG-1", unit: "fr-1", response: "formSquare", dice: [6, 6], total: 12, leadership: 5, modifier: 0, target: 5, passed: false },
      { type: "unit/squareCheckFailed", rule: "WHN-CHRG-4", unit: "fr-1", order: "DISORDERED" },
    ]);
    expect(r.state.units).toEqual(s.units);
    expect(r.state.pending).toEqual([]);
  });
  it("WHN-CHRG-2: a charger within its M at declaration: the check is at Ld − 2, under WHN-CHRG-2", () => {
    const s = chargedColumn(20);
    expect(s.facts.movement.charges).toEqual([{ unit: "gb-2", target: "fr-1", face: "front", distance: 8, move: 8 }]);
    const r = run(withScriptedDice(s, [2, 2]), respond("fr-1", "formSquare"));
    expect(evs(r.events, "movement/squareCheck")).toEqual([
      { type: "movement/squareCheck", rule: "WHN-CHRG-2", unit: "fr-1", response: "formSquare", dice: [2, 2], total: 4, leadership: 6, modifier: -2, target: 4, passed: true },
    ]);
    const failed = run(withScriptedDice(s, [2, 3]), respond("fr-1", "formSquare"));
    expect(evs(failed.events, "movement/squareCheck")).toMatchObject([{ total: 5, target: 4, passed: false }]);
    expect(unitOf(failed.state, "fr-1").order).toBe("DISORDERED");
  });
  it("WHN-CHRG-1: from square into any formation the unit may adopt, at the width given", () => {
    const s = chargedColumn(26, { formation: "SQUARE" });
    const r = run(withScriptedDice(s, [1, 1]), { ...respond("fr-1", "reformFromSquare"), formation: "LINE", files: 12 });
    expect(allEvs(r.events)).toEqual([
      responseEvent("reformFromSquare"),
      { type: "movement/squareCheck", rule: "WHN-CHRG-1", unit: "fr-1", response: "reformFromSquare", dice: [1, 1], total: 2, leadership: 6, modifier: 0, target: 6, passed: true },
      { type: "unit/formationChanged", rule: "WHN-CHRG-1", unit: "fr-1", from: "SQUARE", to: "LINE", files: 12, response: true },
    ]);
    expect(unitOf(r.state, "fr-1")).toMatchObject({ formation: "LINE", files: 12, facing: 90, order: "GOOD" });
  });
  it("WHN-CHRG-1: reforming from square needs a formation other than square; a width the formation does not allow is refused by its rule", () => {
    const s = chargedColumn(26, { formation: "SQUARE" });
    expect(refused(s, respond("fr-1", "reformFromSquare"))).toEqual({ code: "movement/formation_required", rule: "WHN-CHRG-1", unit: "fr-1" });
    expect(refused(s, { ...respond("fr-1", "reformFromSquare"), formation: "SQUARE" })).toEqual({ code: "movement/formation_required", rule: "WHN-CHRG-1", unit: "fr-1" });
    expect(refused(s, { ...respond("fr-1", "reformFromSquare"), formation: "LINE", files: 5 })).toEqual({
      code: "movement/formation_not_allowed",
      rule: "WHN-FORM-5",
      unit: "fr-1",
      formation: "LINE",
      files: 5,
      why: "5 ranks; allowed 2–2",
    });
  });
  it("WHN-CHRG-1: a formation change into square names no width: the square keeps the unit's files", () => {
    const s = chargedColumn();
    const r = run(withScriptedDice(s, [1, 1]), { ...respond("fr-1", "formSquare"), formation: "LINE", files: 12 });
    expect(unitOf(r.state, "fr-1")).toMatchObject({ formation: "SQUARE", files: 4 });
  });
});

describe("mvC respond: refusals before any response resolves (CORE-CHRG-2/3, WHN-ART-6)", () => {
  it("CORE-CHRG-2: only in the charge-response step", () => {
    const s = toStep(battleOf([fr("fr-1", 36, 12), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    expect(directRefusal(respondHandler, s, act("fr-1", "hold"))).toEqual({ code: "movement/wrong_step", rule: "CORE-CHRG-2", step: "declareCharges", allowed: ["chargeResponses"] });
    expect(quickResponseCheck(s, act("fr-1", "hold"))).toBe(false);
  });
  it("CORE-CHRG-2: a unit with no pending decision (uncharged, or already answered) is refused", () => {
    const s = chargedColumn(26, {}, [fr("fr-2", 60, 12)]);
    expect(directRefusal(respondHandler, s, act("fr-2", "hold"))).toEqual({ code: "movement/no_response_pending", rule: "CORE-CHRG-2", unit: "fr-2" });
    expect(directRefusal(respondHandler, must(s, respond("fr-1", "hold")), act("fr-1", "hold"))).toEqual({ code: "movement/no_response_pending", rule: "CORE-CHRG-2", unit: "fr-1" });
    expect(quickResponseCheck(s, act("fr-2", "flee"))).toBe(false);
    expect(quickResponseCheck(s, act("fr-1", "flee"))).toBe(true);
    expect(quickResponseCheck(s, act("fr-1", "hold"))).toBe(true);
  });
  it("CORE-CHRG-2: a decision of another kind for the same unit is not a response decision", () => {
    const s = chargedColumn();
    const other = { ...s, pending: s.pending.map((d) => ({ ...d, kind: "pursuit" })) } as unknown as BattleState;
    expect(quickResponseCheck(other, act("fr-1", "hold"))).toBe(false);
  });
  it("CORE-CHRG-2: a charged unit no longer in play is unknown", () => {
    const s = patch(chargedColumn(), "fr-1", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(directRefusal(respondHandler, s, act("fr-1", "hold"))).toEqual({ code: "movement/unknown_unit", rule: null, unit: "fr-1" });
    expect(quickResponseCheck(s, act("fr-1", "hold"))).toBe(false);
  });
  it("WHN-ART-6: a gun answers with artillery/respond", () => {
    const s0 = toStep(battleOf([gun("fr-g", "fr", {}, { position: { x: 36, y: 12 }, facing: 90 }), gbCav("gb-2", 36, 26)], { firstSide: "gb" }), "declareCharges");
    const s = toStep(must(s0, declare("gb-2", "fr-g")), "chargeResponses");
    expect(refused(s, respond("fr-g", "hold"))).toEqual({ code: "movement/gun_uses_artillery_respond", rule: "WHN-ART-6", unit: "fr-g" });
  });
  it("CORE-CHRG-3 / CORE-CHRG-2: a response not open to the unit names the rule and the responses it has", () => {
    const s = chargedColumn(20);
    expect(refused(s, respond("fr-1", "standAndShoot"))).toEqual({ code: "movement/response_not_allowed", rule: "CORE-CHRG-3", unit: "fr-1", response: "standAndShoot", allowed: ["hold", "flee", "formSquare"] });
    expect(refused(s, respond("fr-1", "reformFromSquare"))).toEqual({ code: "movement/response_not_allowed", rule: "CORE-CHRG-2", unit: "fr-1", response: "reformFromSquare", allowed: ["hold", "flee", "formSquare"] });
    expect(quickResponseCheck(s, act("fr-1", "standAndShoot"))).toBe(null);
    expect(quickResponseCheck(s, act("fr-1", "formSquare"))).toBe(null);
  });
  it("CORE-CHRG-3: stand and shoot against the first charger, from beyond its M", () => {
    const r = run(withScriptedDice(chargedColumn(30), [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]), respond("fr-1", "standAndShoot"));
    expect(allEvs(r.events).slice(0, 2)).toEqual([
      responseEvent("standAndShoot"),
      {
        type: "shooting/fired", rule: "CORE-SHOOT-1", shooter: "fr-1", target: "gb-2", face: null, weapon: "musket", firers: 6, firersRule: "WHN-SHOOT-9", range: 18, band: "extreme", bs: 3, need: 7,
        modifiers: [{ key: "extremeRange", value: -2, rule: "WHN-SHOOT-3" }, { key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" }], cover: "none", standAndShoot: true,
      },
    ]);
    expect(r.state.pending).toEqual([]);
  });
});

describe("mvC respond: a decision whose charger's declaration is missing (CORE-CHRG-2)", () => {
  // respond.ts:131 `first?.unit ?? null`: with no matching declaration there is no first charger; the flight is resolved without one.
  it("CORE-CHRG-2: a flee answering a decision with no declaration behind it still flees (no charger to name; it does not throw)", () => {
    const s = withFacts(chargedColumn(), { charges: [] });
    const r = direct(respondHandler, s, act("fr-1", "flee"), [2, 2]);
    expect(r.outcome.ok).toBe(true);
    expect(r.events[0]).toEqual({ type: "charge/response", rule: "CORE-CHRG-2", unit: "fr-1", response: "flee", chargers: [] });
    expect(r.events.filter((e) => e["type"] === "unit/fled")).toMatchObject([{ rule: "CORE-CHRG-2", unit: "fr-1", dice: [2, 2], roll: 4 }]);
  });
});

describe("mvC respond: the flight is from the first charger, not the nearest enemy (CORE-CHRG-2)", () => {
  // respond.ts:131 `first?.unit ?? null` → `first?.unit && null` (the flight named no charger, so the nearest enemy was taken).
  it("CORE-CHRG-2: a unit charged from 14\" with other hussars 8.4\" off its flank flees from the charger", () => {
    const s = chargedColumn(26, {}, [gbCav("gb-3", 46, 12, { facing: 180 })]);
    const r = run(withScriptedDice(s, [1, 2]), respond("fr-1", "flee"));
    expect(evs(r.events, "unit/fled")).toMatchObject([{ rule: "CORE-CHRG-2", unit: "fr-1", from: "gb-2", facing: 270 }]);
  });
});
