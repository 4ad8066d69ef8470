// fnfD (seventh session, issue #17): units.ts as a whole by direct calls — lookups, losses and the
// Fresh/Spent states (FNF-STAT-1/2), move classes (FNF-MOVE-1), seniority (AMB-71), removing units and
// detachments (FNF-DET-4, FNF-MAN-3), captures (FNF-MEL-6), stand losses to elimination (FNF-ORG-2);
// and withdraw.ts's blocked battery (FNF-GEO-9).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { FusilladeError } from "../../src/engine/violation.js";
import {
  activeLeaders,
  activeUnits,
  attachedLeaders,
  basesLost,
  creditCaptured,
  fnfOf,
  isFresh,
  isSpent,
  leaderOf,
  loseBases,
  moveClass,
  normalMove,
  removeUnit,
  seniorAttached,
  spentThreshold,
  unitOf,
  updateUnit,
  type Leader,
} from "../../src/rules/fnf/units.js";
import { withdraw } from "../../src/rules/fnf/withdraw.js";
import { brigade, fnfBattle, unit } from "./helpers.js";
import { batteryInput, leaderInput, recorder, rounded, withLeaders, withUnits } from "../fixtures/fnfD.js";

const leader = (s: BattleState, id: string): Leader => {
  const l = s.fnf?.leaders[id];
  if (l === undefined) throw new Error(`no leader ${id}`);
  return l;
};

const world = () =>
  fnfBattle({
    leaders: {
      fd: leaderInput("fd", "fr", "division", 20, 18, { attachedTo: "fr1" }),
      fa: leaderInput("fa", "fr", "army", 22, 18, { attachedTo: "fr1" }),
      fc: leaderInput("fc", "fr", "corps", 24, 18, { attachedTo: "fr1" }),
      gd: leaderInput("gd", "gb", "division", 60, 40),
    },
    units: {
      fr1: brigade("fr1", "fr", 20, 20),
      fr2: brigade("fr2", "fr", 40, 10, { bases: 4, startingBases: 6, detached: 1 }),
      frd: brigade("frd", "fr", 40, 20, { kind: "detachment", bases: 1, parent: "fr2" }),
      frb: batteryInput("frb", "fr", 60, 10, { type: "HORSE" }),
      frc: brigade("frc", "fr", 60, 20, { arm: "cavalry" }),
      gb1: brigade("gb1", "gb", 20, 40),
    },
  });

describe("fnfD: lookups (units.ts)", () => {
  it("FNF-GEN-1: a battle without an FnF part is a programmer error, named", () => {
    const s = world();
    let err: unknown;
    try {
      fnfOf({ ...s, fnf: null });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(FusilladeError);
    expect([(err as FusilladeError).code, (err as FusilladeError).message]).toEqual(["engine/misuse", "fusillade: an FnF battle has no fnf state"]);
  });
  it("FNF-TURN-1: removed units and lost leaders are not on the table; the lists keep the side asked for", () => {
    const s0 = world();
    const s = withLeaders(withUnits(s0, { ...unit(s0, "fr2"), removed: "eliminated" }), { ...leader(s0, "fc"), lost: "casualty" });
    expect(unitOf(s, "fr2")).toBeUndefined();
    expect(unitOf(s, "zz")).toBeUndefined();
    expect(unitOf(s, "fr1")).toBe(unit(s, "fr1"));
    expect(leaderOf(s, "fc")).toBeUndefined();
    expect(leaderOf(s, "zz")).toBeUndefined();
    expect(leaderOf(s, "fd")).toBe(leader(s, "fd"));
    expect(activeUnits(s).map((u) => u.id)).toEqual(["fr1", "frd", "frb", "frc", "gb1"]);
    expect(activeUnits(s, "gb").map((u) => u.id)).toEqual(["gb1"]);
    expect(activeLeaders(s).map((l) => l.id)).toEqual(["fd", "fa", "gd"]);
    expect(activeLeaders(s, "fr").map((l) => l.id)).toEqual(["fd", "fa"]);
    expect(attachedLeaders(s, "fr1").map((l) => l.id)).toEqual(["fd", "fa"]);
  });
  it("AMB-71: the senior attached leader is the army commander, then a corps, then a division leader, whatever the order", () => {
    const s = world();
    expect(seniorAttached(s, "fr1")?.id).toBe("fa");
    const noArmy = withLeaders(s, { ...leader(s, "fa"), attachedTo: null });
    expect(seniorAttached(noArmy, "fr1")?.id).toBe("fc");
    expect(seniorAttached(s, "gb1")).toBeUndefined();
  });
  it("FNF-GEN-1: updating an unknown unit changes nothing", () => {
    const s = world();
    expect(updateUnit(s, "zz", (u) => ({ ...u, bases: 0 }))).toBe(s);
    expect(unit(updateUnit(s, "fr1", (u) => ({ ...u, disordered: true })), "fr1").disordered).toBe(true);
  });
});

describe("fnfD: losses, Fresh and Spent (FNF-STAT-1, FNF-STAT-2), move classes (FNF-MOVE-1)", () => {
  it("FNF-STAT-1: bases lost are the starting bases less those on the table and those detached, never below 0", () => {
    const s = world();
    expect(basesLost(unit(s, "fr2"))).toBe(1);
    expect(basesLost({ ...unit(s, "fr2"), bases: 6 })).toBe(0);
    expect(basesLost({ ...unit(s, "fr2"), bases: 2, detached: 0 })).toBe(4);
  });
  it("FNF-STAT-2: the Spent threshold is ceil(N × fraction): 6 average → 2, 6 veteran → 3, 6 raw → 2, 9 raw → 3", () => {
    const o = world().options;
    expect(spentThreshold({ startingBases: 6, morale: "AVERAGE" }, o)).toBe(2);
    expect(spentThreshold({ startingBases: 6, morale: "VETERAN" }, o)).toBe(3);
    expect(spentThreshold({ startingBases: 6, morale: "RAW" }, o)).toBe(2);
    expect(spentThreshold({ startingBases: 9, morale: "RAW" }, o)).toBe(3);
    expect(spentThreshold({ startingBases: 7, morale: "AVERAGE" }, o)).toBe(3);
  });
  it("FNF-STAT-1: a brigade is Fresh with no loss and Spent at the threshold, not one short; batteries and detachments are neither", () => {
    const s = world();
    const o = s.options;
    const fr1 = unit(s, "fr1");
    expect([isFresh(fr1), isSpent(fr1, o)]).toEqual([true, false]);
    const one = { ...fr1, bases: 5 };
    expect([isFresh(one), isSpent(one, o)]).toEqual([false, false]);
    const two = { ...fr1, bases: 4 };
    expect([isFresh(two), isSpent(two, o)]).toEqual([false, true]);
    const det = unit(s, "frd");
    expect([isFresh(det), isSpent({ ...det, startingBases: 3 }, o)]).toEqual([false, false]);
    const bat = unit(s, "frb");
    expect([isFresh(bat), isSpent({ ...bat, startingBases: 3 }, o)]).toEqual([false, false]);
  });
  it("FNF-MOVE-1, FNF-ART-1: infantry 12\", cavalry 18\", horse guns 12\", foot guns 8\"", () => {
    const s = world();
    expect([moveClass(unit(s, "fr1")), moveClass(unit(s, "frc")), moveClass(unit(s, "frb")), moveClass({ arm: "artillery", battery: { ...unit(s, "frb").battery!, type: "FOOT" } })]).toEqual(["infantry", "cavalry", "horseGuns", "footGuns"]);
    expect([normalMove(unit(s, "fr1")), normalMove(unit(s, "frc")), normalMove(unit(s, "frb")), normalMove({ arm: "artillery", battery: { ...unit(s, "frb").battery!, type: "HEAVY" } })]).toEqual([12, 18, 12, 8]);
  });
});

describe("fnfD: removing units and losing stands (FNF-MAN-3, FNF-DET-4, FNF-MEL-6, FNF-ORG-2)", () => {
  it("FNF-MAN-3: a removed unit leaves its attached leaders where they stand, unattached; removing it again does nothing", () => {
    const s = world();
    const { ctx, log } = recorder(s);
    const r = removeUnit(s, "fr1", "quitField", "FNF-MAN-3", ctx);
    expect(unit(r, "fr1")).toEqual({ ...unit(s, "fr1"), removed: "quitField" });
    expect(["fd", "fa", "fc"].map((id) => [leader(r, id).attachedTo, leader(r, id).position])).toEqual(["fd", "fa", "fc"].map((id) => [null, leader(s, id).position]));
    expect(removeUnit(r, "fr1", "destroyed", "FNF-DET-4", ctx)).toBe(r);
    expect(removeUnit(r, "zz", "destroyed", "FNF-DET-4", ctx)).toBe(r);
    expect(log).toEqual([{ type: "fnf/unitRemoved", rule: "FNF-MAN-3", unit: "fr1", reason: "quitField" }]);
  });
  it("FNF-DET-4: a destroyed detachment is a base its parent has lost; one that rejoins is not", () => {
    const s = world();
    const { ctx } = recorder(s);
    const destroyed = removeUnit(s, "frd", "destroyed", "FNF-DET-4", ctx);
    expect(unit(destroyed, "fr2")).toEqual({ ...unit(s, "fr2"), detached: 0 });
    expect(basesLost(unit(destroyed, "fr2"))).toBe(2);
    const rejoined = removeUnit(s, "frd", "rejoined", "FNF-DET-2", ctx);
    expect(unit(rejoined, "fr2")).toEqual(unit(s, "fr2"));
    const none = withUnits(s, { ...unit(s, "fr2"), detached: 0 });
    expect(unit(removeUnit(none, "frd", "destroyed", "FNF-DET-4", ctx), "fr2").detached).toBe(0);
  });
  it("FNF-MEL-6: captured stands are credited to the captor's side, added to what it has; none for 0", () => {
    const s = world();
    expect(creditCaptured(s, "fr", 0)).toBe(s);
    expect(creditCaptured(s, "fr", -1)).toBe(s);
    const once = creditCaptured(s, "fr", 2);
    expect(once.fnf?.captured).toEqual({ ...s.fnf?.captured, fr: 2 });
    expect(creditCaptured(once, "fr", 3).fnf?.captured).toEqual({ ...s.fnf?.captured, fr: 5 });
  });
  it("FNF-MEL-6: stands lost are logged with how and what is left, counted for the turn; only captured stands with a captor are credited", () => {
    const s = world();
    const { ctx, log } = recorder(s);
    const a = loseBases(s, "fr1", 2, "FNF-FIRE-7", ctx);
    const b = loseBases(a, "fr1", 1, "FNF-MEL-5", ctx, "captured", "gb");
    const c = loseBases(b, "fr1", 1, "FNF-MEL-5", ctx, "captured");
    const d = loseBases(c, "fr1", 1, "FNF-MEL-5", ctx, "fled", "gb");
    expect(log).toEqual([
      { type: "fnf/basesLost", rule: "FNF-FIRE-7", unit: "fr1", bases: 2, how: "lost", left: 4 },
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr1", bases: 1, how: "captured", left: 3 },
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr1", bases: 1, how: "captured", left: 2 },
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr1", bases: 1, how: "fled", left: 1 },
    ]);
    expect([unit(d, "fr1").bases, unit(d, "fr1").turn.basesLost, unit(d, "fr1").removed]).toEqual([1, 5, null]);
    expect(d.fnf?.captured).toEqual({ ...s.fnf?.captured, gb: 1 });
  });
  it("FNF-ORG-2: more stands than a brigade has takes what it has and eliminates it", () => {
    const s = world();
    const { ctx, log } = recorder(s);
    const r = loseBases(s, "fr2", 9, "FNF-MEL-5", ctx, "captured", "gb");
    expect(log).toEqual([
      { type: "fnf/basesLost", rule: "FNF-MEL-5", unit: "fr2", bases: 4, how: "captured", left: 0 },
      { type: "fnf/unitRemoved", rule: "FNF-ORG-2", unit: "fr2", reason: "eliminated" },
    ]);
    expect(r.fnf?.captured).toEqual({ ...s.fnf?.captured, gb: 4 });
  });
  it("FNF-DET-4, FNF-ART-5: a detachment losing any stand is destroyed; a battery, no stand, or a unit gone changes nothing", () => {
    const s = world();
    const { ctx, log } = recorder(s);
    const r = loseBases(s, "frd", 1, "FNF-FIRE-7", ctx);
    expect(log).toEqual([{ type: "fnf/unitRemoved", rule: "FNF-DET-4", unit: "frd", reason: "destroyed" }]);
    expect(unit(r, "fr2").detached).toBe(0);
    const { ctx: c2, log: l2 } = recorder(s);
    expect(loseBases(s, "frb", 1, "FNF-FIRE-7", c2)).toBe(s);
    expect(loseBases(s, "fr1", 0, "FNF-FIRE-7", c2)).toBe(s);
    expect(loseBases(s, "zz", 1, "FNF-FIRE-7", c2)).toBe(s);
    expect(l2).toEqual([]);
  });
});

describe("fnfD: a battery blocked while moving away (withdraw.ts, FNF-GEO-9)", () => {
  it("FNF-GEO-9: a battery with enemies on every way out is captured whole and credited to the enemy", () => {
    // The battery (front at y = 30, facing the French) is shut in: fr1 in front, fr4 behind, two short columns at its sides.
    const box = {
      fr1: brigade("fr1", "fr", 20, 28.5),
      fr4: brigade("fr4", "fr", 20, 33.1, { facing: 270 }),
      frl: brigade("frl", "fr", 18, 33, { formation: "COLUMN_OF_ROUTE", bases: 2, facing: 90 }),
      frr: brigade("frr", "fr", 22, 33, { formation: "COLUMN_OF_ROUTE", bases: 2, facing: 90 }),
    };
    const s = fnfBattle({ leaders: {}, units: { gb1: batteryInput("gb1", "gb", 20, 30), ...box } });
    const { ctx, log } = recorder(s);
    const r = withdraw(s, "gb1", unit(s, "fr1"), "fullMove", [unit(s, "fr1")], "FNF-MEL-6", ctx);
    expect(rounded(log).map((e) => (e["type"] === "fnf/movedAway" ? { ...e, distance: "d" } : e))).toEqual([
      { type: "fnf/movedAway", rule: "FNF-MEL-6", unit: "gb1", from: "fr1", distance: "d", direction: [0, 1], how: "fullMove" },
      { type: "fnf/blocked", rule: "FNF-GEO-9", unit: "gb1" },
      { type: "fnf/unitRemoved", rule: "FNF-GEO-9", unit: "gb1", reason: "captured" },
    ]);
    expect(unit(r.state, "gb1").removed).toBe("captured");
    expect(r.state.fnf?.captured).toEqual({ fr: 1 });
  });
  it("FNF-GEO-9: an unknown unit does not move", () => {
    const s = world();
    const { ctx, log } = recorder(s);
    expect(withdraw(s, "zz", unit(s, "gb1"), "recoil", [], "FNF-MEL-6", ctx)).toEqual({ state: s, distance: 0 });
    expect(log).toEqual([]);
  });
});
