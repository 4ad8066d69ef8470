// fnfD (seventh session, issue #17): melee.ts as a whole, by direct calls of resolveMelee,
// fightRemainingMelees and meleeSides with scripted dice: the refusals, every charge-table result's
// whole event log (FNF-MEL-5/6/7), desperate struggles (FNF-MEL-8), the lead attacker (FNF-MEL-1),
// detachments (FNF-DET-4), batteries (FNF-ART-5) and the captures of leaders and stands.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { DEFAULT_CHOICES, fightMelee, fightRemainingMelees, meleeSides, resolveMelee } from "../../src/rules/fnf/melee.js";
import { brigade, fnfBattle, unit } from "./helpers.js";
import { batteryInput, leaderInput, recorder, rounded, type Logged } from "../fixtures/fnfD.js";

type Melee = { id: string; defender: string; attackers: string[]; breakthrough?: string[] };

/** A battle with the given units and leaders and melees pending (in this order). */
function battle(units: Record<string, unknown>, melees: Melee[], leaders: Record<string, unknown> = {}): BattleState {
  const s = fnfBattle({ leaders, units });
  const fnf = s.fnf;
  if (fnf === null) throw new Error("not fnf");
  const ms = Object.fromEntries(melees.map((m) => [m.id, { breakthrough: [], ...m }]));
  return { ...s, fnf: { ...fnf, melees: ms } };
}

/** fr1 (6 bases, fresh, nation other) front to front with gb1 (6 bases) at (20, 30): melee m1. */
const duel = (fr: Record<string, unknown> = {}, gb: Record<string, unknown> = {}, leaders: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  battle({ fr1: brigade("fr1", "fr", 20, 30, fr), gb1: brigade("gb1", "gb", 20, 30, gb), ...extra }, [{ id: "m1", defender: "gb1", attackers: ["fr1"] }], leaders);

const choose = (over: Record<string, unknown> = {}) => ({ type: "fnf/resolveMelee", melee: "m1", lead: null, drivenBack: "carry", advance: true, ...over }) as never;

/** Fights m1 with the dice; the state and the rounded log. */
function fight(s: BattleState, dice: number[], over: Record<string, unknown> = {}): { state: BattleState; log: Logged[] } {
  const { ctx, log } = recorder(s, dice);
  const r = resolveMelee(s, choose(over), ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  return { state: r.state, log: rounded(log) };
}

const fresh = [{ name: "fresh", value: 2 }];
/** The roll event of round 1 with both sides only Fresh. */
const rolled = (ad: number[], dd: number[], result: string, extra: Record<string, unknown> = {}) => ({
  type: "fnf/meleeRolled",
  rule: "FNF-MEL-5",
  lead: "fr1",
  defender: "gb1",
  round: 1,
  attackerDice: ad,
  defenderDice: dd,
  attackerModifiers: fresh,
  defenderModifiers: fresh,
  attackerTotal: (ad[0] ?? 0) + (ad[1] ?? 0) + 2,
  defenderTotal: (dd[0] ?? 0) + (dd[1] ?? 0) + 2,
  difference: (ad[0] ?? 0) + (ad[1] ?? 0) - (dd[0] ?? 0) - (dd[1] ?? 0),
  result,
  ...extra,
});
const resultEv = (result: string, difference: number) => ({ type: "fnf/meleeResult", rule: "FNF-MEL-5", defender: "gb1", lead: "fr1", result, difference });
const away = (u: string, from: string, distance: number, direction: number[], how: string) => ({ type: "fnf/movedAway", rule: "FNF-MEL-6", unit: u, from, distance, direction, how });

describe("fnfD: refusals of fnf/resolveMelee (FNF-MEL-1a, FNF-MEL-1)", () => {
  it("FNF-MEL-1a: an unknown melee is refused naming it; nothing is rolled", () => {
    const s = duel();
    const { ctx, log } = recorder(s, []);
    expect(resolveMelee(s, choose({ melee: "m9" }), ctx)).toEqual({ ok: false, violation: { melee: "m9", code: "fnf/unknown_melee", rule: "FNF-MEL-1a" } });
    expect(log).toEqual([]);
  });
  it("FNF-MEL-1: a lead that is not one of the melee's attackers is refused naming the melee and the lead", () => {
    const s = duel();
    const { ctx, log } = recorder(s, []);
    expect(resolveMelee(s, choose({ lead: "gb1" }), ctx)).toEqual({ ok: false, violation: { melee: "m1", lead: "gb1", code: "fnf/bad_lead", rule: "FNF-MEL-1" } });
    expect(log).toEqual([]);
  });
  it("FNF-MEL-1: naming the attacker as lead is accepted and fights the melee", () => {
    const r = fight(duel(), [4, 3, 3, 3], { lead: "fr1", advance: false });
    expect(r.log[0]).toEqual(rolled([4, 3], [3, 3], "HARD_PRESSED"));
    expect(r.state.fnf?.melees).toEqual({});
  });
  it("FNF-MEL-1a: fightMelee on a melee that is not pending leaves the state as it is", () => {
    const s = duel();
    const { ctx, log } = recorder(s, []);
    expect(fightMelee(s, "m9", DEFAULT_CHOICES, ctx)).toBe(s);
    expect(log).toEqual([]);
  });
});

describe("fnfD: each charge-table result, whole log (FNF-MEL-5, FNF-MEL-6, FNF-MEL-7)", () => {
  it("FNF-MEL-5: Hard pressed (+1): the defender is disordered and recoils 2\"; the attacker carries the position 1\" short", () => {
    const r = fight(duel(), [4, 3, 3, 3]);
    expect(r.log).toEqual([
      rolled([4, 3], [3, 3], "HARD_PRESSED"),
      resultEv("HARD_PRESSED", 1),
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "gb1" },
      away("gb1", "fr1", 2, [0, 1], "recoil"),
      { type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 1 },
    ]);
    expect(unit(r.state, "gb1")).toMatchObject({ disordered: true, bases: 6, position: { x: 20, y: 32 } });
    expect(unit(r.state, "fr1").position.y).toBeCloseTo(31, 6);
    expect(unit(r.state, "fr1").disordered).toBe(false);
    expect(r.state.fnf?.melees).toEqual({});
  });
  it("FNF-MEL-7: Hard pressed with no advance chosen: the attacker stays where it is and nothing is said of it", () => {
    const r = fight(duel(), [4, 3, 3, 3], { advance: false });
    expect(r.log.map((e) => e["type"])).toEqual(["fnf/meleeRolled", "fnf/meleeResult", "fnf/disordered", "fnf/movedAway"]);
    expect(unit(r.state, "fr1")).toEqual(unit(duel(), "fr1"));
  });
  it("FNF-MEL-5/6: Driven back (+4): disordered, one stand flees, the defender goes beyond musket range; the attacker carries 3\"", () => {
    const r = fight(duel(), [5, 5, 3, 3]);
    expect(r.log).toEqual([
      rolled([5, 5], [3, 3], "DRIVEN_BACK"),
      resultEv("DRIVEN_BACK", 4),
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "gb1" },
      { type: "fnf/basesLost", rule: "FNF-MEL-6", unit: "gb1", bases: 1, how: "fled", left: 5 },
      away("gb1", "fr1", 4.808604, [-0.5547, 0.83205], "beyondMusket"),
      { type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 3 },
    ]);
    expect(unit(r.state, "gb1")).toMatchObject({ disordered: true, bases: 5 });
    expect(r.state.fnf?.captured).toEqual(duel().fnf?.captured);
  });
  it("FNF-MEL-7: Driven back with a breakthrough chosen: the attacker turns to the nearest enemy and charges it instead of carrying", () => {
    // gb2 stands ahead and to the right of fr1, nearer than the driven-back gb1.
    const s = duel({}, {}, {}, { gb2: brigade("gb2", "gb", 32, 33) });
    const r = fight(s, [5, 5, 3, 3], { drivenBack: "breakthrough" });
    expect(r.log.slice(4).map((e) => [e["type"], e["unit"], e["target"] ?? null, e["contact"] ?? null])).toEqual([
      ["fnf/movedAway", "gb1", null, null],
      ["fnf/breakthrough", "fr1", "gb2", false],
    ]);
    expect(unit(r.state, "fr1").turn.breakthrough).toBe(true);
    expect(unit(r.state, "fr1").facing).not.toBe(90);
    expect(r.state.fnf?.melees).toEqual({});
  });
  it("FNF-MEL-7: Driven back, carry chosen without advance: the defender goes, the attacker stays", () => {
    const r = fight(duel(), [5, 5, 3, 3], { advance: false });
    expect(r.log.map((e) => e["type"])).toEqual(["fnf/meleeRolled", "fnf/meleeResult", "fnf/disordered", "fnf/basesLost", "fnf/movedAway"]);
    expect(unit(r.state, "fr1").position).toEqual({ x: 20, y: 30 });
  });
  it("FNF-MEL-5: Swept (+9): disordered, one stand captured and credited, one flees, a full move away; every attacker breaks through", () => {
    const r = fight(duel(), [6, 6, 2, 1]);
    expect(r.log).toEqual([
      rolled([6, 6], [2, 1], "SWEPT"),
      resultEv("SWEPT", 9),
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "gb1" },
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "gb1", bases: 1, how: "captured", left: 5 },
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "gb1", bases: 1, how: "fled", left: 4 },
      away("gb1", "fr1", 12, [-0.8, 0.6], "fullMove"),
      { type: "fnf/breakthrough", rule: "FNF-MEL-7", unit: "fr1", target: "gb1", distance: 6, contact: false },
    ]);
    expect(r.state.fnf?.captured["fr"]).toBe(1);
    expect(r.state.fnf?.captured["gb"] ?? 0).toBe(0);
    expect(unit(r.state, "gb1")).toMatchObject({ disordered: true, bases: 4 });
  });
  it("FNF-MEL-5: Swept by 11 captures one stand more (1 + 11 − 10), by 10 none more", () => {
    // gb1 has lost a base before (7 at the start): not Fresh, so no modifier.
    const s = duel({}, { startingBases: 7 });
    const at11 = fight(s, [6, 6, 1, 2]);
    expect(at11.log[1]).toEqual(resultEv("SWEPT", 11));
    expect(at11.log[3]).toEqual({ type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "gb1", bases: 2, how: "captured", left: 4 });
    expect(at11.state.fnf?.captured["fr"]).toBe(2);
    const at10 = fight(s, [6, 5, 1, 2]);
    expect(at10.log[1]).toEqual(resultEv("SWEPT", 10));
    expect(at10.log[3]).toEqual({ type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "gb1", bases: 1, how: "captured", left: 5 });
    expect(at10.state.fnf?.captured["fr"]).toBe(1);
  });
  it("FNF-MEL-5: Assault checked (−1): the attacker is disordered and recoils 2\" from the defender; the defender is untouched", () => {
    const r = fight(duel(), [3, 3, 4, 3]);
    expect(r.log).toEqual([
      rolled([3, 3], [4, 3], "ASSAULT_CHECKED"),
      resultEv("ASSAULT_CHECKED", -1),
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "fr1" },
      away("fr1", "gb1", 2, [0, -1], "recoil"),
    ]);
    expect(unit(r.state, "fr1")).toMatchObject({ disordered: true, bases: 6, position: { x: 20, y: 28 } });
    expect(unit(r.state, "gb1")).toEqual(unit(duel(), "gb1"));
  });
  it("FNF-MEL-5/6: Assault falters (−4): the lead loses a stand that flees, is disordered and goes beyond musket range", () => {
    const r = fight(duel(), [2, 2, 4, 4]);
    expect(r.log).toEqual([
      rolled([2, 2], [4, 4], "ASSAULT_FALTERS"),
      resultEv("ASSAULT_FALTERS", -4),
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr1", bases: 1, how: "fled", left: 5 },
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "fr1" },
      away("fr1", "gb1", 4.808604, [0.5547, -0.83205], "beyondMusket"),
    ]);
    expect(r.state.fnf?.captured).toEqual(duel().fnf?.captured);
  });
  it("FNF-MEL-5/6: Charge repulsed (−9): the brigadier and a stand are captured, the attacker disordered, a full move back", () => {
    const r = fight(duel(), [1, 1, 6, 5]);
    expect(r.log).toEqual([
      rolled([1, 1], [6, 5], "CHARGE_REPULSED"),
      resultEv("CHARGE_REPULSED", -9),
      { type: "fnf/brigadierLost", rule: "FNF-LDR-3", unit: "fr1", how: "captured", wasExceptional: false },
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr1", bases: 1, how: "captured", left: 5 },
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "fr1" },
      away("fr1", "gb1", 12, [0.5547, -0.83205], "fullMove"),
    ]);
    expect(r.state.fnf?.captured["gb"]).toBe(1);
    expect(r.state.fnf?.captured["fr"] ?? 0).toBe(0);
  });
  it("FNF-MEL-5, FNF-LDR-3: Charge repulsed takes the senior attached leader (corps over division), not the brigadier", () => {
    const leaders = { frd: leaderInput("frd", "fr", "division", 18, 29, { attachedTo: "fr1" }), frc: leaderInput("frc", "fr", "corps", 22, 29, { attachedTo: "fr1" }) };
    const r = fight(duel({ exceptionalBrigadier: true }, {}, leaders), [1, 1, 6, 6]);
    expect(r.log[0]?.["attackerModifiers"]).toEqual([{ name: "leader", value: 1 }, ...fresh]);
    expect(r.log.slice(1, 4)).toEqual([
      resultEv("CHARGE_REPULSED", -9),
      { type: "fnf/leaderLost", rule: "FNF-LDR-3", leader: "frc", how: "captured" },
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr1", bases: 1, how: "captured", left: 5 },
    ]);
    expect(r.state.fnf?.leaders["frc"]).toMatchObject({ lost: "captured", attachedTo: null });
    expect(r.state.fnf?.leaders["frd"]).toMatchObject({ lost: null, attachedTo: "fr1" });
    expect(unit(r.state, "fr1").exceptionalBrigadier).toBe(true);
  });
  it("FNF-MEL-5, FNF-LDR-3: an exceptional brigadier captured is replaced by an ordinary one", () => {
    const r = fight(duel({ exceptionalBrigadier: true }), [1, 1, 6, 6]);
    expect(r.log[0]?.["attackerModifiers"]).toEqual([{ name: "leader", value: 1 }, ...fresh]);
    expect(r.log[2]).toEqual({ type: "fnf/brigadierLost", rule: "FNF-LDR-3", unit: "fr1", how: "captured", wasExceptional: true });
    expect(unit(r.state, "fr1").exceptionalBrigadier).toBe(false);
  });
  it("FNF-MEL-5: Charge repulsed by 12 captures 1 + 2 stands", () => {
    const r = fight(duel({ startingBases: 7 }), [1, 1, 6, 6]);
    expect(r.log[1]).toEqual(resultEv("CHARGE_REPULSED", -12));
    expect(r.log[3]).toEqual({ type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr1", bases: 3, how: "captured", left: 3 });
    expect(r.state.fnf?.captured["gb"]).toBe(3);
  });
});

describe("fnfD: desperate struggles (FNF-MEL-5, FNF-MEL-8)", () => {
  it("FNF-MEL-8: each struggle disorders both leads and costs each a stand; the first under FNF-MEL-5, later ones FNF-MEL-8; modifiers recomputed", () => {
    const r = fight(duel(), [3, 3, 3, 3, 2, 2, 2, 2, 4, 3, 3, 3], { advance: false });
    const worn = [
      { name: "disordered", value: -1 },
      { name: "perStandLost", value: -1 },
    ];
    // Two stands of six lost: Spent (FNF-STAT-2) from the third round on.
    const worn2 = [
      { name: "spent", value: -2 },
      { name: "disordered", value: -1 },
      { name: "perStandLost", value: -2 },
    ];
    const struggle = (rule: string, left: number) => [
      { type: "fnf/disordered", rule, unit: "fr1" },
      { type: "fnf/basesLost", rule: "FNF-MEL-6", unit: "fr1", bases: 1, how: "lost", left },
      { type: "fnf/disordered", rule, unit: "gb1" },
      { type: "fnf/basesLost", rule: "FNF-MEL-6", unit: "gb1", bases: 1, how: "lost", left },
    ];
    expect(r.log).toEqual([
      rolled([3, 3], [3, 3], "DESPERATE_STRUGGLE"),
      ...struggle("FNF-MEL-5", 5),
      { ...rolled([2, 2], [2, 2], "DESPERATE_STRUGGLE"), round: 2, attackerModifiers: worn, defenderModifiers: worn, attackerTotal: 2, defenderTotal: 2 },
      ...struggle("FNF-MEL-8", 4),
      { ...rolled([4, 3], [3, 3], "HARD_PRESSED"), round: 3, attackerModifiers: worn2, defenderModifiers: worn2, attackerTotal: 2, defenderTotal: 1 },
      resultEv("HARD_PRESSED", 1),
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "gb1" },
      away("gb1", "fr1", 2, [-0.936329, 0.351123], "recoil"),
    ]);
    expect([unit(r.state, "fr1").bases, unit(r.state, "gb1").bases]).toEqual([4, 4]);
    expect(r.state.fnf?.captured).toEqual(duel().fnf?.captured);
  });
  it("FNF-MEL-8, FNF-ORG-2: a struggle that eliminates the defender ends the melee with no result", () => {
    // gb1 (1 stand against 6): Fresh +2, outnumbered 3:1 −3; 8 against 9 − 1 = 0.
    const r = fight(duel({}, { bases: 1 }), [3, 3, 5, 4]);
    expect(r.log.map((e) => [e["type"], e["unit"] ?? e["result"]])).toEqual([
      ["fnf/meleeRolled", "DESPERATE_STRUGGLE"],
      ["fnf/disordered", "fr1"],
      ["fnf/basesLost", "fr1"],
      ["fnf/disordered", "gb1"],
      ["fnf/basesLost", "gb1"],
      ["fnf/unitRemoved", "gb1"],
    ]);
    expect(unit(r.state, "gb1").removed).toBe("eliminated");
    expect(r.state.fnf?.melees).toEqual({});
  });
  it("FNF-ART-5: a struggle silences a battery and damages it once; the battery is not disordered", () => {
    const s = battle({ fr1: brigade("fr1", "fr", 20, 30), gb1: batteryInput("gb1", "gb", 20, 30) }, [{ id: "m1", defender: "gb1", attackers: ["fr1"] }]);
    const r = fight(s, [1, 1, 4, 3, 1, 1, 1, 1], { advance: false });
    expect(r.log).toEqual([
      { ...rolled([1, 1], [4, 3], "DESPERATE_STRUGGLE"), defenderModifiers: [{ name: "outnumbered3to1", value: -3 }], defenderTotal: 4, difference: 0 },
      { type: "fnf/disordered", rule: "FNF-MEL-5", unit: "fr1" },
      { type: "fnf/basesLost", rule: "FNF-MEL-6", unit: "fr1", bases: 1, how: "lost", left: 5 },
      { type: "fnf/silenced", rule: "FNF-MEL-5", unit: "gb1" },
      { type: "fnf/damaged", rule: "FNF-ART-5", unit: "gb1" },
      {
        ...rolled([1, 1], [1, 1], "HARD_PRESSED"),
        round: 2,
        attackerModifiers: [{ name: "disordered", value: -1 }, { name: "perStandLost", value: -1 }],
        defenderModifiers: [{ name: "outnumbered3to1", value: -3 }, { name: "perStandLost", value: -1 }],
        attackerTotal: 0,
        defenderTotal: -2,
        difference: 2,
      },
      { type: "fnf/meleeResult", rule: "FNF-MEL-5", defender: "gb1", lead: "fr1", result: "HARD_PRESSED", difference: 2 },
      { type: "fnf/silenced", rule: "FNF-ART-5", unit: "gb1" },
      away("gb1", "fr1", 4.257319, [-0.341743, 0.939793], "beyondMusket"),
    ]);
    expect(unit(r.state, "gb1").battery).toMatchObject({ silenced: true, damaged: true, withdrawn: true });
    expect(unit(r.state, "gb1").disordered).toBe(false);
  });
});

describe("fnfD: detachments in melee (FNF-DET-4)", () => {
  const det = () =>
    battle(
      { fr1: brigade("fr1", "fr", 20, 30), gb0: brigade("gb0", "gb", 60, 40, { bases: 5, detached: 1 }), gb1: brigade("gb1", "gb", 20, 30, { kind: "detachment", bases: 1, parent: "gb0" }) },
      [{ id: "m1", defender: "gb1", attackers: ["fr1"] }],
    );
  it("FNF-DET-4: a defending detachment is destroyed on a difference of exactly 0, at once, its parent losing the base", () => {
    const s = det();
    const r = fight(s, [3, 3, 6, 5]); // 6 + 2 fresh against 11 − 3 (one stand against six): 0
    expect(r.log.map((e) => [e["type"], e["rule"], e["unit"] ?? null, e["reason"] ?? e["difference"] ?? null])).toEqual([
      ["fnf/meleeRolled", "FNF-MEL-5", null, 0],
      ["fnf/unitRemoved", "FNF-DET-4", "gb1", "destroyed"],
    ]);
    expect(unit(r.state, "gb0").detached).toBe(0);
    expect(unit(r.state, "fr1")).toEqual(unit(s, "fr1"));
    expect(r.state.fnf?.melees).toEqual({});
  });
  it("FNF-DET-4: at −1 the detachment holds (Assault checked against the attacker)", () => {
    const r = fight(det(), [3, 3, 6, 6]);
    expect(r.log.map((e) => e["type"])).toEqual(["fnf/meleeRolled", "fnf/meleeResult", "fnf/disordered", "fnf/movedAway"]);
    expect(r.log[1]).toMatchObject({ result: "ASSAULT_CHECKED", difference: -1 });
    expect(unit(r.state, "gb1").removed).toBeNull();
  });
  it("FNF-MEL-5: an attacking detachment checked is never marked disordered, but still recoils", () => {
    const s = battle(
      { fr0: brigade("fr0", "fr", 60, 10, { bases: 5, detached: 1 }), fr1: brigade("fr1", "fr", 20, 30, { kind: "detachment", bases: 1, parent: "fr0" }), gb1: brigade("gb1", "gb", 20, 30) },
      [{ id: "m1", defender: "gb1", attackers: ["fr1"] }],
    );
    const r = fight(s, [4, 4, 3, 3]); // 8 vs 6 + 2 fresh... the attacker outnumbered 3:1 (−3): −3
    expect(r.log[1]).toMatchObject({ type: "fnf/meleeResult", result: "ASSAULT_CHECKED" });
    expect(r.log.slice(2).map((e) => [e["type"], e["unit"]])).toEqual([["fnf/movedAway", "fr1"]]);
    expect(unit(r.state, "fr1").disordered).toBe(false);
  });
});

describe("fnfD: two attackers (FNF-MEL-1, FNF-MEL-5)", () => {
  // fr1 (2 bases) touches gb1 with 3 bases (command included), fr2 (3 bases) with 4: fr2 leads by contact.
  const pair = (breakthrough: string[] = []) =>
    battle(
      { fr1: brigade("fr1", "fr", 16.5, 30, { bases: 2 }), fr2: brigade("fr2", "fr", 22.5, 30, { bases: 3 }), gb1: brigade("gb1", "gb", 20, 30) },
      [{ id: "m1", defender: "gb1", attackers: ["fr1", "fr2"], breakthrough }],
    );
  it("FNF-MEL-1: the lead is the attacker with most bases in contact, unless one is named; the breakthrough mark is the lead's", () => {
    const s = pair(["fr1"]);
    const by = meleeSides(s, "m1", null);
    expect([by?.att.lead.id, by?.att.units.map((u) => u.id), by?.att.attacking, by?.att.breakthrough]).toEqual(["fr2", ["fr1", "fr2"], true, false]);
    expect([by?.def.lead.id, by?.def.units.map((u) => u.id), by?.def.attacking, by?.def.breakthrough]).toEqual(["gb1", ["gb1"], false, false]);
    const named = meleeSides(s, "m1", "fr1");
    expect([named?.att.lead.id, named?.att.breakthrough]).toEqual(["fr1", true]);
    expect(meleeSides(s, "m1", "nobody")?.att.lead.id).toBe("fr2");
    expect(meleeSides(s, "m9", null)).toBeNull();
  });
  it("FNF-MEL-1a: with the defender or every attacker gone there are no sides", () => {
    const s = pair();
    const gone = (st: BattleState, ...ids: string[]): BattleState => {
      const units = { ...st.fnf?.units };
      for (const id of ids) units[id] = { ...unit(st, id), removed: "destroyed" };
      return { ...st, fnf: { ...st.fnf, units } } as BattleState;
    };
    expect(meleeSides(gone(s, "gb1"), "m1", null)).toBeNull();
    expect(meleeSides(gone(s, "fr1", "fr2"), "m1", null)).toBeNull();
    expect(meleeSides(gone(s, "fr2"), "m1", null)?.att.units.map((u) => u.id)).toEqual(["fr1"]);
  });
  it("FNF-MEL-5: Assault checked disorders and recoils every attacker, in the melee's order", () => {
    // fr2: 1+1 +2 fresh; gb1: 3+3 +2 fresh; 5 attacking stands vs 6 (not 3:2): −4... see the roll.
    const r = fight(pair(), [2, 2, 3, 3]);
    expect(r.log[1]).toMatchObject({ type: "fnf/meleeResult", lead: "fr2", result: "ASSAULT_CHECKED", difference: -2 });
    expect(r.log.slice(2).map((e) => [e["type"], e["unit"], e["how"] ?? null])).toEqual([
      ["fnf/disordered", "fr1", null],
      ["fnf/movedAway", "fr1", "recoil"],
      ["fnf/disordered", "fr2", null],
      ["fnf/movedAway", "fr2", "recoil"],
    ]);
  });
  it("FNF-MEL-5: Charge repulsed captures from the lead only; every attacker is disordered and goes a full move", () => {
    const r = fight(pair(), [1, 1, 6, 6]);
    expect(r.log[1]).toMatchObject({ type: "fnf/meleeResult", lead: "fr2", result: "CHARGE_REPULSED", difference: -10 });
    expect(r.log.slice(2).map((e) => [e["type"], e["unit"], e["how"] ?? null])).toEqual([
      ["fnf/brigadierLost", "fr2", "captured"],
      ["fnf/basesLost", "fr2", "captured"],
      ["fnf/disordered", "fr1", null],
      ["fnf/movedAway", "fr1", "fullMove"],
      ["fnf/disordered", "fr2", null],
      ["fnf/movedAway", "fr2", "fullMove"],
    ]);
    expect([unit(r.state, "fr1").bases, unit(r.state, "fr2").bases]).toEqual([2, 2]);
  });
  it("FNF-MEL-5: Assault falters costs the lead one stand only", () => {
    const r = fight(pair(), [1, 1, 4, 4]);
    expect(r.log[1]).toMatchObject({ result: "ASSAULT_FALTERS", lead: "fr2" });
    expect(r.log.filter((e) => e["type"] === "fnf/basesLost")).toEqual([{ type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr2", bases: 1, how: "fled", left: 2 }]);
    expect(r.log.filter((e) => e["type"] === "fnf/disordered").map((e) => e["unit"])).toEqual(["fr1", "fr2"]);
  });
});

describe("fnfD: melees left at the end of the phase (FNF-TURN-1)", () => {
  it("FNF-TURN-1: every pending melee is fought in the order made, with the default choices (carry, advance)", () => {
    const s = battle(
      { fr1: brigade("fr1", "fr", 20, 30), gb1: brigade("gb1", "gb", 20, 30), fr3: brigade("fr3", "fr", 50, 30), gb3: brigade("gb3", "gb", 50, 30) },
      [
        { id: "m2", defender: "gb3", attackers: ["fr3"] },
        { id: "m1", defender: "gb1", attackers: ["fr1"] },
      ],
    );
    const { ctx, log } = recorder(s, [4, 3, 3, 3, 3, 3, 4, 3]);
    const r = fightRemainingMelees(s, ctx);
    expect(log.filter((e) => e["type"] === "fnf/meleeResult").map((e) => [e["lead"], e["defender"], e["result"]])).toEqual([
      ["fr3", "gb3", "HARD_PRESSED"],
      ["fr1", "gb1", "ASSAULT_CHECKED"],
    ]);
    expect(log.filter((e) => e["type"] === "fnf/carriedPosition").map((e) => e["unit"])).toEqual(["fr3"]);
    expect(r.fnf?.melees).toEqual({});
  });
  it("FNF-TURN-1: with no melee pending the state is returned as it is", () => {
    const s = battle({ fr1: brigade("fr1", "fr", 20, 10) }, []);
    const { ctx, log } = recorder(s, []);
    expect(fightRemainingMelees(s, ctx)).toBe(s);
    expect(log).toEqual([]);
  });
});
