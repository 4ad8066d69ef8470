import { describe, expect, it } from "vitest";
import { apply, withScriptedDice } from "../../src/index.js";
import { fnfFirePoints } from "../../src/rules/fnf/index.js";
import { advanceTo, brigade, events, fnfBattle, play, playWith, unit } from "./helpers.js";

type S = ReturnType<typeof fnfBattle>;

/** fr1 (French, fresh, LINE 6) contacts gb1 (LINE 6, 10" away) on a Well handled roll, then the melee phase starts. */
function contact(fr: Record<string, unknown> = {}, gb: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, leaders: Record<string, unknown> = {}, until: S["turn"]["phase"] = "melee"): S {
  let s = fnfBattle({ leaders, units: { fr1: brigade("fr1", "fr", 20, 20, { nation: "french", ...fr }), gb1: brigade("gb1", "gb", 20, 30, gb), ...extra } });
  s = advanceTo(s, "maneuver");
  s = playWith(s, [6, 6], { type: "fnf/maneuver", unit: "fr1" });
  s = play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30 }], target: "gb1" });
  return advanceTo(s, until);
}
const fight = (s: S, dice: number[], extra: Record<string, unknown> = {}) => playWith(s, dice, { type: "fnf/resolveMelee", melee: "melee-1", ...extra });
const results = (s: S) => events(s, "fnf/meleeRolled").map((e) => e["result"]);

describe("FnF melee", () => {
  it("FNF-MEL-1 and FNF-MEL-3: both sides roll 2D6 + modifiers (Fresh +2, French attacker +1)", () => {
    const s = fight(contact(), [3, 3, 3, 3]);
    expect(events(s, "fnf/meleeRolled")[0]).toMatchObject({
      attackerModifiers: [{ name: "fresh", value: 2 }, { name: "frenchOrCavalryAttacker", value: 1 }],
      defenderModifiers: [{ name: "fresh", value: 2 }],
      difference: 1,
      result: "HARD_PRESSED",
    });
    expect(s.fnf?.melees).toEqual({});
  });

  it("FNF-MEL-5: Swept — one stand captured, one flees, one more per point over 10; full-move retreat; breakthrough (FNF-MEL-7)", () => {
    const s = fight(contact(), [6, 6, 1, 1]);
    expect(results(s)).toEqual(["SWEPT"]);
    expect(events(s, "fnf/meleeRolled")[0]?.["difference"]).toBe(11);
    expect(unit(s, "gb1")).toMatchObject({ bases: 3, disordered: true });
    expect(s.fnf?.captured["fr"]).toBe(2);
    // FNF-GEO-2: three stands off its left put P 1.5 bases west; fr1's centre is then 2.3622" east and
    // 1.1811" south of gb1's, so it retreats its 12" along (−2, 1)/√5 (FNF-GEO-9).
    expect(unit(s, "gb1").position.x).toBeCloseTo(20 - 1.5 * (40 / 25.4) - 24 / Math.sqrt(5), 9);
    expect(unit(s, "gb1").position.y).toBeCloseTo(30 + 12 / Math.sqrt(5), 9);
    expect(events(s, "fnf/breakthrough")[0]).toMatchObject({ unit: "fr1", rule: "FNF-MEL-7" });
  });

  it("FNF-MEL-5 and FNF-MEL-6: Driven back — one stand flees, retreat beyond musket range; the attacker carries the position 1\" short (FNF-MEL-7)", () => {
    const s = fight(contact(), [4, 4, 2, 2]);
    expect(results(s)).toEqual(["DRIVEN_BACK"]);
    expect(unit(s, "gb1")).toMatchObject({ bases: 5, disordered: true });
    const gap = unit(s, "gb1").position.y - unit(s, "fr1").position.y;
    expect(unit(s, "gb1").position.y).toBeCloseTo(34, 2);
    expect(gap).toBeCloseTo(1, 1);
  });

  it("FNF-MEL-5: Hard pressed — defender disordered and recoils 2\"", () => {
    const s = fight(contact(), [2, 3, 2, 2], { advance: false });
    expect(results(s)).toEqual(["HARD_PRESSED"]);
    expect(unit(s, "gb1")).toMatchObject({ disordered: true, bases: 6 });
    expect(unit(s, "gb1").position.y).toBeCloseTo(32, 6);
    expect(unit(s, "fr1").position.y).toBeCloseTo(30, 6);
  });

  it("FNF-MEL-8: desperate struggles repeat with the modifiers recalculated, a stand lost by each side each time", () => {
    const s = fight(contact(), [1, 2, 2, 2, 1, 1, 1, 1]);
    expect(results(s)).toEqual(["DESPERATE_STRUGGLE", "HARD_PRESSED"]);
    const second = events(s, "fnf/meleeRolled")[1];
    expect(second?.["attackerModifiers"]).toEqual([{ name: "frenchOrCavalryAttacker", value: 1 }, { name: "disordered", value: -1 }, { name: "perStandLost", value: -1 }]);
    expect(second?.["defenderModifiers"]).toEqual([{ name: "disordered", value: -1 }, { name: "perStandLost", value: -1 }]);
    expect([unit(s, "fr1").bases, unit(s, "gb1").bases]).toEqual([5, 5]);
  });

  it("FNF-MEL-5: Assault checked — attackers disordered, recoil 2\"", () => {
    const s = fight(contact(), [1, 1, 2, 3]);
    expect(results(s)).toEqual(["ASSAULT_CHECKED"]);
    expect(unit(s, "fr1")).toMatchObject({ disordered: true, bases: 6 });
    expect(unit(s, "fr1").position.y).toBeCloseTo(28, 6);
  });

  it("FNF-MEL-5: Assault falters — attackers lose a stand and retreat beyond musket range", () => {
    const s = fight(contact(), [1, 1, 4, 4]);
    expect(results(s)).toEqual(["ASSAULT_FALTERS"]);
    expect(unit(s, "fr1")).toMatchObject({ disordered: true, bases: 5 });
    expect(unit(s, "fr1").position.y).toBeCloseTo(26, 2);
  });

  it("FNF-MEL-5 and FNF-MEL-6: Charge repulsed — a stand and a leader captured, full-move retreat (AMB-71)", () => {
    const leaders = { frd: { id: "frd", side: "fr", rank: "division", position: { x: 22, y: 19.4 }, attachedTo: "fr1" } };
    const s = fight(contact({}, {}, {}, leaders), [1, 1, 6, 6]);
    expect(results(s)).toEqual(["CHARGE_REPULSED"]);
    expect(unit(s, "fr1")).toMatchObject({ disordered: true, bases: 5 });
    expect(s.fnf?.leaders["frd"]?.lost).toBe("captured");
    expect(s.fnf?.captured["gb"]).toBe(1);
    // FNF-GEO-2: one stand off its left puts P half a base east; away from gb1's centre is then
    // (0.7874, −1.1811) ∝ (2, −3): 12" along it (FNF-GEO-9).
    expect(unit(s, "fr1").position.x).toBeCloseTo(20 + 20 / 25.4 + 24 / Math.sqrt(13), 9);
    expect(unit(s, "fr1").position.y).toBeCloseTo(30 - 36 / Math.sqrt(13), 9);
  });

  it("FNF-MEL-2 and FNF-MEL-3: a COLUMN OF ROUTE counts two stands; outnumbering 3:1 is −3", () => {
    const s = fight(contact({}, { formation: "COLUMN_OF_ROUTE" }), [3, 3, 3, 3]);
    const ev = events(s, "fnf/meleeRolled")[0];
    expect(ev?.["defenderModifiers"]).toContainEqual({ name: "outnumbered3to1", value: -3 });
  });

  it("FNF-MEL-3: outflanked −3 when an attacking base touches the defender's flank (FNF-GEO-4)", () => {
    let s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 10, 20, { bases: 2 }), gb1: brigade("gb1", "gb", 20, 24, { bases: 2, facing: 180 }) } });
    s = advanceTo(s, "maneuver");
    s = playWith(s, [6, 6], { type: "fnf/maneuver", unit: "fr1" });
    const fp = 3 * 1.5748;
    s = play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20.6, y: 24 - fp / 2 + 0.0001, facing: 90 }], target: "gb1" });
    s = advanceTo(s, "melee");
    const r = fight(s, [3, 3, 3, 3]);
    expect(events(r, "fnf/meleeRolled")[0]?.["defenderModifiers"]).toContainEqual({ name: "outflanked", value: -3 });
  });

  it("FNF-MEL-4 and FNF-FIRE-2: fire before melee uses fire ranks 1 and 2; stands lost then count −1 each", () => {
    const before = contact({ formation: "COLUMN_OF_ATTACK" }, {}, {}, {}, "offensiveFire");
    expect(fnfFirePoints(before, unit(before, "fr1"), "gb1").points).toBe(4);
    let s = contact({}, {}, {}, {}, "defensiveFire");
    s = playWith(s, [6, 6, 4, 4], { type: "fnf/fire", firer: "gb1", target: "fr1" });
    s = advanceTo(s, "melee");
    const r = fight(s, [3, 3, 3, 3]);
    expect(events(r, "fnf/meleeRolled")[0]?.["attackerModifiers"]).toEqual([
      { name: "spent", value: -2 },
      { name: "frenchOrCavalryAttacker", value: 1 },
      { name: "outnumbered3to2", value: -1 },
      { name: "disordered", value: -1 },
      { name: "perStandLost", value: -2 },
    ]);
  });

  it("FNF-MEL-1: batteries never initiate melee", () => {
    const bat = { id: "fb", side: "fr", kind: "battery", arm: "artillery", bases: 1, battery: { type: "HORSE", limbered: true }, position: { x: 40, y: 20 }, facing: 90 };
    let s = fnfBattle({ units: { fb: bat, gb1: brigade("gb1", "gb", 40, 26) } });
    s = advanceTo(s, "maneuver");
    s = playWith(s, [6, 6], { type: "fnf/maneuver", unit: "fb" });
    const r = apply(s, { type: "fnf/move", unit: "fb", path: [{ x: 40, y: 26 }], target: "gb1" });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/cannot_initiate_melee", rule: "FNF-MEL-1" });
  });

  it("FNF-ART-5: a battery is captured when swept, damaged and silenced when driven back, and a struggle damages it", () => {
    const bat = { id: "gb1", side: "gb", kind: "battery", arm: "artillery", bases: 1, battery: { type: "FOOT" }, position: { x: 20, y: 30 }, facing: 270 };
    const swept = fight(contact({}, {}, { gb1: bat }), [6, 6, 1, 1]);
    expect(unit(swept, "gb1").removed).toBe("captured");
    const driven = fight(contact({}, {}, { gb1: bat }), [2, 2, 2, 2]);
    expect(results(driven)).toEqual(["DRIVEN_BACK"]);
    expect(unit(driven, "gb1").battery).toMatchObject({ damaged: true, silenced: true, limbered: true, withdrawn: true });
    const struggle = fight(contact({}, {}, { gb1: bat }), [1, 1, 4, 4, 6, 6, 1, 1]);
    expect(results(struggle)[0]).toBe("DESPERATE_STRUGGLE");
    expect(events(struggle, "fnf/damaged")[0]?.rule).toBe("FNF-ART-5");
  });

  it("FNF-DET-4: a defending detachment is destroyed by any result of 0 or more", () => {
    const det = { id: "gb1", side: "gb", kind: "detachment", arm: "infantry", bases: 1, position: { x: 20, y: 30 }, facing: 270 };
    const s = fight(contact({}, {}, { gb1: det }), [1, 1, 2, 2]);
    expect(unit(s, "gb1").removed).toBe("destroyed");
  });

  it("FNF-MEL-5: Charge repulsed beyond −10 costs one more captured stand per point; at −10 none", () => {
    const at10 = fight(contact({ nation: "other" }), [1, 1, 6, 6]);
    expect(events(at10, "fnf/meleeRolled")[0]).toMatchObject({ difference: -10, result: "CHARGE_REPULSED" });
    expect(unit(at10, "fr1").bases).toBe(5);
    expect(at10.fnf?.captured["gb"]).toBe(1);
    const at11 = fight(contact({ nation: "other" }, { nation: "russian" }), [1, 1, 6, 6]);
    expect(events(at11, "fnf/meleeRolled")[0]).toMatchObject({ difference: -11, result: "CHARGE_REPULSED" });
    expect(unit(at11, "fr1").bases).toBe(4);
    expect(at11.fnf?.captured["gb"]).toBe(2);
  });

  it("FNF-MEL-7: on Driven back the attacker may break through instead of carrying the position", () => {
    const carry = fight(contact(), [4, 4, 2, 2]);
    expect(events(carry, "fnf/carriedPosition")).toHaveLength(1);
    expect(events(carry, "fnf/breakthrough")).toHaveLength(0);
    // The breakthrough reaches the brigade it drove back: that new melee is fought at once, fr1 leading with +1.
    const through = fight(contact(), [4, 4, 2, 2, 3, 3, 3, 3], { drivenBack: "breakthrough" });
    expect(results(through)[0]).toBe("DRIVEN_BACK");
    expect(events(through, "fnf/breakthrough")[0]).toMatchObject({ unit: "fr1", rule: "FNF-MEL-7", target: "gb1", contact: true });
    expect(events(through, "fnf/meleeRolled")).toHaveLength(2);
    expect(events(through, "fnf/meleeRolled")[1]).toMatchObject({ lead: "fr1", defender: "gb1", round: 1 });
    expect(results(through)).toEqual(["DRIVEN_BACK", "DRIVEN_BACK"]);
    // Having broken through once this turn, fr1 carries the position after the second result instead.
    expect(events(through, "fnf/carriedPosition").map((e) => e["unit"])).toEqual(["fr1"]);
  });

  it("FNF-ART-5: a battery Hard pressed is silenced and withdrawn beyond musket range, neither damaged nor disordered", () => {
    const bat = { id: "gb1", side: "gb", kind: "battery", arm: "artillery", bases: 1, battery: { type: "FOOT" }, position: { x: 20, y: 30 }, facing: 270 };
    const s = fight(contact({}, {}, { gb1: bat }), [1, 1, 3, 3], { advance: false });
    expect(events(s, "fnf/meleeRolled")[0]).toMatchObject({ difference: 2, result: "HARD_PRESSED" });
    expect(events(s, "fnf/silenced")[0]).toMatchObject({ unit: "gb1", rule: "FNF-ART-5" });
    expect(unit(s, "gb1")).toMatchObject({ bases: 1, disordered: false, removed: null, battery: { silenced: true, withdrawn: true, damaged: false, limbered: true } });
    expect(unit(s, "gb1").position.y).toBeGreaterThan(34);
  });

  it("FNF-DET-4: a defending detachment survives a result below 0 and is destroyed at exactly 0", () => {
    const det = { id: "gb1", side: "gb", kind: "detachment", arm: "infantry", bases: 1, position: { x: 20, y: 30 }, facing: 270 };
    const below = fight(contact({}, {}, { gb1: det }), [1, 1, 4, 5]);
    expect(events(below, "fnf/meleeRolled")[0]).toMatchObject({ difference: -1, result: "ASSAULT_CHECKED" });
    expect(unit(below, "gb1").removed).toBeNull();
    expect(unit(below, "fr1").disordered).toBe(true);
    const zero = fight(contact({}, {}, { gb1: det }), [1, 1, 4, 4]);
    expect(events(zero, "fnf/meleeRolled")[0]).toMatchObject({ difference: 0 });
    expect(unit(zero, "gb1").removed).toBe("destroyed");
    expect(events(zero, "fnf/meleeRolled")).toHaveLength(1);
  });

  it("FNF-MEL-5 and FNF-MEL-8: the events of a melee name the lead, the round, both dice, totals and each loss in order", () => {
    const s = contact();
    const r = apply(withScriptedDice(s, [1, 2, 2, 2, 1, 1, 1, 1]), { type: "fnf/resolveMelee", melee: "melee-1" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events.map((e) => [e.type, e.rule])).toEqual([
      ["fnf/meleeRolled", "FNF-MEL-5"],
      ["fnf/disordered", "FNF-MEL-5"],
      ["fnf/basesLost", "FNF-MEL-6"],
      ["fnf/disordered", "FNF-MEL-5"],
      ["fnf/basesLost", "FNF-MEL-6"],
      ["fnf/meleeRolled", "FNF-MEL-5"],
      ["fnf/meleeResult", "FNF-MEL-5"],
      ["fnf/disordered", "FNF-MEL-5"],
      ["fnf/movedAway", "FNF-MEL-6"],
      ["fnf/carriedPosition", "FNF-MEL-7"],
    ]);
    const [first, dis1, lost1, dis2, lost2, second, result] = r.events;
    expect(first).toMatchObject({ lead: "fr1", defender: "gb1", round: 1, attackerDice: [1, 2], defenderDice: [2, 2], attackerTotal: 6, defenderTotal: 6, difference: 0, result: "DESPERATE_STRUGGLE" });
    expect([dis1, lost1, dis2, lost2]).toMatchObject([{ unit: "fr1" }, { unit: "fr1", bases: 1, how: "lost", left: 5 }, { unit: "gb1" }, { unit: "gb1", bases: 1, how: "lost", left: 5 }]);
    expect(second).toMatchObject({ lead: "fr1", defender: "gb1", round: 2, attackerDice: [1, 1], defenderDice: [1, 1], attackerTotal: 1, defenderTotal: 0, difference: 1, result: "HARD_PRESSED" });
    expect(result).toMatchObject({ defender: "gb1", lead: "fr1", result: "HARD_PRESSED", difference: 1 });
    expect(r.state.fnf?.melees).toEqual({});
  });

  it("FNF-MEL-1: the lead named must be one of the melee's attackers; naming the only one changes nothing", () => {
    const s = contact();
    const bad = apply(withScriptedDice(s, [3, 3, 3, 3]), { type: "fnf/resolveMelee", melee: "melee-1", lead: "gb1" });
    expect(bad.ok ? null : bad.violation).toMatchObject({ code: "fnf/bad_lead", rule: "FNF-MEL-1", melee: "melee-1", lead: "gb1" });
    const unknown = apply(withScriptedDice(s, [3, 3, 3, 3]), { type: "fnf/resolveMelee", melee: "melee-9" });
    expect(unknown.ok ? null : unknown.violation).toMatchObject({ code: "fnf/unknown_melee", rule: "FNF-MEL-1a", melee: "melee-9" });
    const named = fight(s, [3, 3, 3, 3], { lead: "fr1" });
    expect(events(named, "fnf/meleeRolled")[0]).toMatchObject({ lead: "fr1", difference: 1 });
  });

  it("FNF-MEL-5 and FNF-MEL-6: each result's losses, disorder and moves are logged with their rule and kind", () => {
    const trace = (st: S, dice: number[]) => {
      const r = apply(withScriptedDice(st, dice), { type: "fnf/resolveMelee", melee: "melee-1" });
      if (!r.ok) throw new Error(r.violation.code);
      return r.events.slice(2).map((e) => { const x = e as unknown as Record<string, unknown>; return [e.type, e.rule, x["how"] ?? x["unit"]]; });
    };
    expect(trace(contact(), [4, 4, 2, 2])).toEqual([
      ["fnf/disordered", "FNF-MEL-5", "gb1"],
      ["fnf/basesLost", "FNF-MEL-6", "fled"],
      ["fnf/movedAway", "FNF-MEL-6", "beyondMusket"],
      ["fnf/carriedPosition", "FNF-MEL-7", "fr1"],
    ]);
    expect(trace(contact(), [1, 1, 2, 3])).toEqual([
      ["fnf/disordered", "FNF-MEL-5", "fr1"],
      ["fnf/movedAway", "FNF-MEL-6", "recoil"],
    ]);
    expect(trace(contact(), [1, 1, 4, 4])).toEqual([
      ["fnf/basesLost", "FNF-MEL-5", "fled"],
      ["fnf/disordered", "FNF-MEL-5", "fr1"],
      ["fnf/movedAway", "FNF-MEL-6", "beyondMusket"],
    ]);
    expect(trace(contact(), [1, 1, 6, 6])).toEqual([
      ["fnf/brigadierLost", "FNF-LDR-3", "captured"],
      ["fnf/basesLost", "FNF-MEL-5", "captured"],
      ["fnf/disordered", "FNF-MEL-5", "fr1"],
      ["fnf/movedAway", "FNF-MEL-6", "fullMove"],
    ]);
    // Two desperate struggles: the second round's disorder is FNF-MEL-8's; then Swept by 11.
    expect(trace(contact(), [1, 2, 2, 2, 1, 2, 2, 2, 6, 6, 1, 1]).filter(([type]) => type !== "fnf/meleeRolled")).toEqual([
      ["fnf/basesLost", "FNF-MEL-6", "lost"],
      ["fnf/disordered", "FNF-MEL-5", "gb1"],
      ["fnf/basesLost", "FNF-MEL-6", "lost"],
      ["fnf/disordered", "FNF-MEL-8", "fr1"],
      ["fnf/basesLost", "FNF-MEL-6", "lost"],
      ["fnf/disordered", "FNF-MEL-8", "gb1"],
      ["fnf/basesLost", "FNF-MEL-6", "lost"],
      ["fnf/meleeResult", "FNF-MEL-5", undefined],
      ["fnf/disordered", "FNF-MEL-5", "gb1"],
      ["fnf/basesLost", "FNF-MEL-5", "captured"],
      ["fnf/basesLost", "FNF-MEL-5", "fled"],
      ["fnf/movedAway", "FNF-MEL-6", "fullMove"],
      ["fnf/breakthrough", "FNF-MEL-7", "fr1"],
    ]);
  });

  it("FNF-ART-5: a struggle silences and damages a battery without withdrawing or limbering it", () => {
    const bat = { id: "gb1", side: "gb", kind: "battery", arm: "artillery", bases: 1, battery: { type: "FOOT" }, position: { x: 20, y: 30 }, facing: 270 };
    const s = fight(contact({}, {}, { gb1: bat }), [1, 1, 4, 4, 1, 1, 5, 5]);
    expect(results(s)).toEqual(["DESPERATE_STRUGGLE", "ASSAULT_FALTERS"]);
    expect(events(s, "fnf/silenced")[0]).toMatchObject({ unit: "gb1", rule: "FNF-MEL-5" });
    expect(unit(s, "gb1")).toMatchObject({ bases: 1, battery: { silenced: true, damaged: true, withdrawn: false, limbered: false } });
    expect(unit(s, "fr1")).toMatchObject({ bases: 4, disordered: true });
  });

  it("FNF-DET-4: the detachment is removed at once, before any struggle or result touches the attacker", () => {
    const det = { id: "gb1", side: "gb", kind: "detachment", arm: "infantry", bases: 1, position: { x: 20, y: 30 }, facing: 270 };
    for (const dice of [[1, 1, 4, 4], [1, 1, 3, 4]]) {
      const s = fight(contact({}, {}, { gb1: det }), dice);
      expect(events(s, "fnf/unitRemoved")[0]).toMatchObject({ unit: "gb1", rule: "FNF-DET-4" });
      expect(unit(s, "gb1").removed).toBe("destroyed");
      expect(unit(s, "fr1")).toMatchObject({ bases: 6, disordered: false });
      expect(events(s, "fnf/meleeRolled")).toHaveLength(1);
      expect(s.fnf?.melees).toEqual({});
    }
  });

  it("FNF-MEL-1: with two attackers the one with most bases in contact leads, not the first to arrive; stand losses fall on the lead only", () => {
    const s = twoMelees();
    expect(s.fnf?.melees["melee-1"]?.attackers).toEqual(["fr1", "fr2"]);
    // Assault falters (2 + 3 − 10 = −5): both attackers disordered, the lead loses one stand.
    const byContact = fight(s, [1, 1, 4, 4]);
    expect(events(byContact, "fnf/meleeRolled")[0]).toMatchObject({ lead: "fr2", difference: -5, result: "ASSAULT_FALTERS" });
    expect([unit(byContact, "fr1").bases, unit(byContact, "fr2").bases]).toEqual([2, 3]);
    expect([unit(byContact, "fr1").disordered, unit(byContact, "fr2").disordered]).toEqual([true, true]);
    const named = fight(s, [1, 1, 4, 4], { lead: "fr1" });
    expect(events(named, "fnf/meleeRolled")[0]).toMatchObject({ lead: "fr1", difference: -5, result: "ASSAULT_FALTERS" });
    expect([unit(named, "fr1").bases, unit(named, "fr2").bases]).toEqual([1, 4]);
  });

  it("FNF-MEL-1a: fighting one melee removes only that melee; the other is still pending and is fought next", () => {
    const s = twoMelees();
    const first = fight(s, [3, 3, 3, 3]);
    expect(Object.keys(first.fnf?.melees ?? {})).toEqual(["melee-2"]);
    expect(first.fnf?.melees["melee-2"]).toMatchObject({ defender: "gb3", attackers: ["fr3"] });
    expect(unit(first, "gb3")).toMatchObject({ bases: 6, disordered: false });
    const second = playWith(first, [3, 3, 3, 3], { type: "fnf/resolveMelee", melee: "melee-2" });
    expect(events(second, "fnf/meleeRolled").map((e) => [e["lead"], e["defender"], e["result"]])).toEqual([
      ["fr2", "gb1", "HARD_PRESSED"],
      ["fr3", "gb3", "HARD_PRESSED"],
    ]);
    expect(second.fnf?.melees).toEqual({});
  });

  it("FNF-ART-5 and FNF-MEL-5: a battery swept is captured and credited; driven back it is silenced, damaged and withdrawn, each logged", () => {
    const bat = { id: "gb1", side: "gb", kind: "battery", arm: "artillery", bases: 1, battery: { type: "FOOT" }, position: { x: 20, y: 30 }, facing: 270 };
    const trace = (st: S, dice: number[]) => {
      const r = apply(withScriptedDice(st, dice), { type: "fnf/resolveMelee", melee: "melee-1" });
      if (!r.ok) throw new Error(r.violation.code);
      return { state: r.state, events: r.events.slice(1).map((e) => { const x = e as unknown as Record<string, unknown>; return [e.type, e.rule, x["unit"] ?? x["defender"], x["how"] ?? x["reason"] ?? x["result"]]; }) };
    };
    const swept = trace(contact({}, {}, { gb1: bat }), [6, 6, 1, 1]);
    expect(swept.events).toEqual([
      ["fnf/meleeResult", "FNF-MEL-5", "gb1", "SWEPT"],
      ["fnf/unitRemoved", "FNF-MEL-5", "gb1", "captured"],
    ]);
    expect(swept.state.fnf?.captured["fr"]).toBe(1);
    const driven = trace(contact({}, {}, { gb1: bat }), [2, 2, 2, 2]);
    expect(driven.events).toEqual([
      ["fnf/meleeResult", "FNF-MEL-5", "gb1", "DRIVEN_BACK"],
      ["fnf/silenced", "FNF-MEL-5", "gb1", undefined],
      ["fnf/damaged", "FNF-ART-5", "gb1", undefined],
      ["fnf/movedAway", "FNF-MEL-6", "gb1", "beyondMusket"],
      ["fnf/carriedPosition", "FNF-MEL-7", "fr1", undefined],
    ]);
    expect(driven.state.fnf?.captured["fr"] ?? 0).toBe(0);
  });

  it("FNF-MEL-5: Swept captures the defender's attached leaders before its stands", () => {
    const leaders = { gbd: { id: "gbd", side: "gb", rank: "division", position: { x: 22, y: 31 }, attachedTo: "gb1" } };
    const r = apply(withScriptedDice(contact({}, {}, {}, leaders), [6, 6, 1, 1]), { type: "fnf/resolveMelee", melee: "melee-1" });
    if (!r.ok) throw new Error(r.violation.code);
    expect(r.events.map((e) => e.type)).toEqual(["fnf/meleeRolled", "fnf/meleeResult", "fnf/leaderLost", "fnf/disordered", "fnf/basesLost", "fnf/basesLost", "fnf/movedAway", "fnf/breakthrough"]);
    expect(r.events[1]).toMatchObject({ result: "SWEPT", difference: 10 });
    expect(r.events[2]).toMatchObject({ leader: "gbd", how: "captured", rule: "FNF-LDR-3" });
    expect(r.state.fnf?.leaders["gbd"]?.lost).toBe("captured");
    expect(unit(r.state, "gb1")).toMatchObject({ bases: 4, disordered: true });
  });

  it("FNF-MEL-7: a Swept breakthrough that contacts another enemy fights that melee at once, the breaker leading with +1", () => {
    // gb2 stands 1" right of gb1, its front facing west: fr1 turns toward it and makes contact within half a move.
    const s = contact({}, {}, { gb2: brigade("gb2", "gb", 25.8, 36, { facing: 180 }) });
    const r = fight(s, [6, 6, 1, 1, 3, 3, 3, 3]);
    expect(events(r, "fnf/breakthrough")).toEqual([expect.objectContaining({ unit: "fr1", target: "gb2", contact: true })]);
    expect(events(r, "fnf/meleeRolled").map((e) => [e["lead"], e["defender"], e["difference"], e["result"]])).toEqual([
      ["fr1", "gb1", 11, "SWEPT"],
      ["fr1", "gb2", 2, "HARD_PRESSED"],
    ]);
    expect(events(r, "fnf/meleeRolled")[1]?.["attackerModifiers"]).toEqual([
      { name: "fresh", value: 2 },
      { name: "frenchOrCavalryAttacker", value: 1 },
      { name: "breakthrough", value: 1 },
    ]);
    expect(unit(r, "gb2")).toMatchObject({ disordered: true, bases: 6 });
    expect(r.fnf?.melees).toEqual({});
  });

  it("FNF-MEL-1a: a melee lapses only when one side has no unit left; a removed attacker leaves the other to fight alone", () => {
    const s = twoMelees();
    const gone = (st: S, ...ids: string[]): S => {
      const units = { ...st.fnf?.units };
      for (const id of ids) units[id] = { ...unit(st, id), removed: "destroyed" };
      return { ...st, fnf: { ...st.fnf, units } } as S;
    };
    // fr2 gone: fr1 leads alone and counts only its own 2 stands against 6 (outnumbered 3:1).
    const alone = fight(gone(s, "fr2"), [3, 3, 3, 3]);
    expect(events(alone, "fnf/meleeRolled")[0]).toMatchObject({ lead: "fr1", defender: "gb1" });
    expect(events(alone, "fnf/meleeRolled")[0]?.["attackerModifiers"]).toContainEqual({ name: "outnumbered3to1", value: -3 });
    expect(Object.keys(alone.fnf?.melees ?? {})).toEqual(["melee-2"]);
    // The defender gone, or every attacker gone: no roll, the melee is dropped, the other stays.
    for (const ids of [["gb1"], ["fr1", "fr2"]]) {
      const lapsed = fight(gone(s, ...ids), []);
      expect(events(lapsed, "fnf/meleeRolled")).toEqual([]);
      expect(Object.keys(lapsed.fnf?.melees ?? {})).toEqual(["melee-2"]);
    }
  });

  it("FNF-MEL-1a: a melee not fought in the melee phase is fought when the next turn begins", () => {
    const s = play(withDice(contact(), [3, 3, 3, 3]), { type: "turn/advance" });
    expect(s.fnf?.melees).toEqual({});
    expect(events(s, "fnf/meleeRolled")).toHaveLength(1);
  });
});

/**
 * Two melees (FNF-MEL-1a): fr1 (2 stands) touches gb1 with 2 bases first, then fr2 (4 stands) with
 * all 5 of its bases; fr3 contacts gb3 alone 30" away.
 */
function twoMelees(): S {
  let s = fnfBattle({
    units: {
      fr1: brigade("fr1", "fr", 25.32, 20, { bases: 2, nation: "french" }),
      fr2: brigade("fr2", "fr", 19, 20, { bases: 4, nation: "french" }),
      gb1: brigade("gb1", "gb", 20, 30),
      fr3: brigade("fr3", "fr", 50, 20, { nation: "french" }),
      gb3: brigade("gb3", "gb", 50, 30),
    },
  });
  s = advanceTo(s, "maneuver");
  for (const [id, x, target] of [["fr1", 25.32, "gb1"], ["fr2", 19, "gb1"], ["fr3", 50, "gb3"]] as const) {
    s = playWith(s, [6, 6], { type: "fnf/maneuver", unit: id });
    s = play(s, { type: "fnf/move", unit: id, path: [{ x, y: 30 }], target });
  }
  return advanceTo(s, "melee");
}

function withDice(s: S, d: number[]): S {
  return { ...s, dice: { kind: "scripted", d6: d, angles: [], draws: 0 } } as S;
}
