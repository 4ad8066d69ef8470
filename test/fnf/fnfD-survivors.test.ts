// fnfD (seventh session, issue #17): the seed-5/6 survivors named for fnfD's files, each pinned by a
// direct call with an outcome that changes if the line is mutated: pricingOf's roads (withdraw.ts:17),
// the last step of an advance (breakthrough.ts:24), a second breakthrough (breakthrough.ts:54), a rejoin
// by the other side (detachments.ts:73), armoured cavalry (meleeMods.ts:85), command radius out of
// command (command.ts:15).
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { pricingOf } from "../../src/rules/fnf/withdraw.js";
import { breakthrough, carryPosition } from "../../src/rules/fnf/breakthrough.js";
import { rejoin } from "../../src/rules/fnf/detachments.js";
import { meleeModifiers, type MeleeSide } from "../../src/rules/fnf/meleeMods.js";
import { commandRadius } from "../../src/rules/fnf/command.js";
import { MOVE_RATES } from "../../src/rules/fnf/tables/maneuver.js";
import type { Leader, Unit } from "../../src/rules/fnf/units.js";
import { brigade, fnfBattle, unit } from "./helpers.js";
import { batteryInput, leaderInput, recorder, withUnits } from "../fixtures/fnfD.js";

const noFight = (): BattleState => {
  throw new Error("no melee expected");
};

describe("fnfD: how a unit prices a move (withdraw.ts pricingOf, FNF-MOVE-2/4)", () => {
  const s = fnfBattle({
    leaders: {},
    units: {
      line: brigade("line", "fr", 10, 10),
      col: brigade("col", "fr", 30, 10, { formation: "COLUMN_OF_ROUTE" }),
      cav: brigade("cav", "fr", 50, 10, { arm: "cavalry", formation: "COLUMN_OF_ROUTE" }),
      foot: batteryInput("foot", "fr", 10, 30),
      horse: batteryInput("horse", "fr", 30, 30, { type: "HORSE", limbered: true }),
    },
  });
  it("FNF-MOVE-2: a brigade in COLUMN OF ROUTE uses roads; in LINE it does not", () => {
    expect(pricingOf(unit(s, "col"))).toEqual({ rate: MOVE_RATES.infantry, roads: true, roughFree: false });
    expect(pricingOf(unit(s, "line"))).toEqual({ rate: MOVE_RATES.infantry, roads: false, roughFree: false });
    expect(pricingOf(unit(s, "cav"))).toEqual({ rate: MOVE_RATES.cavalry, roads: true, roughFree: false });
  });
  it("FNF-MOVE-2/4: skirmishers in COLUMN OF ROUTE take no road but cross rough going free", () => {
    expect(pricingOf({ ...unit(s, "col"), skirmishing: true })).toEqual({ rate: MOVE_RATES.infantry, roads: false, roughFree: true });
  });
  it("FNF-MOVE-2: a detachment marked COLUMN OF ROUTE is no brigade: no roads", () => {
    expect(pricingOf({ ...unit(s, "col"), kind: "detachment" })).toEqual({ rate: MOVE_RATES.infantry, roads: false, roughFree: false });
  });
  it("FNF-MOVE-2, FNF-ART-1: a battery uses roads only limbered, whatever its formation", () => {
    expect(pricingOf(unit(s, "horse"))).toEqual({ rate: MOVE_RATES.horseGuns, roads: true, roughFree: false });
    expect(pricingOf(unit(s, "foot"))).toEqual({ rate: MOVE_RATES.footGuns, roads: false, roughFree: false });
    const foot = unit(s, "foot");
    const marked = { ...foot, formation: "COLUMN_OF_ROUTE" } as Unit;
    expect(pricingOf(marked)).toEqual({ rate: MOVE_RATES.footGuns, roads: false, roughFree: false });
  });
});

describe("fnfD: the last step of an advance (breakthrough.ts advanceLimit, FNF-MEL-7)", () => {
  it("FNF-MEL-7: with no enemy within reach the unit carries the whole distance, not only the last 0.05\" step", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 40) } });
    const { ctx, log } = recorder(s);
    const r = carryPosition(s, "fr1", 5.03, true, ctx);
    expect(log).toEqual([{ type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 5.03 }]);
    expect(unit(r, "fr1").position.y).toBeCloseTo(25.03, 9);
  });
  it("FNF-MEL-7: when the full distance would end within 1\" of the enemy, the advance keeps the last safe step", () => {
    // Fronts 6.02" apart: 5.02" is the most that leaves 1"; 5.03" is refused, so 5.00" (the last step).
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 26.02) } });
    const { ctx, log } = recorder(s);
    const r = carryPosition(s, "fr1", 5.03, true, ctx);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1" });
    expect(log[0]?.["distance"]).toBeCloseTo(5, 9);
    expect(unit(r, "fr1").position.y).toBeCloseTo(25, 9);
  });
  it("FNF-MEL-7: an enemy already within 1\" stops the advance at once: the event says 0 and nothing moves", () => {
    const s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 21) } });
    const { ctx, log } = recorder(s);
    const r = carryPosition(s, "fr1", 3, true, ctx);
    expect(log).toEqual([{ type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 0 }]);
    expect(r).toBe(s);
  });
});

describe("fnfD: one breakthrough per phase (breakthrough.ts:54, FNF-MEL-7, AMB-89)", () => {
  it("FNF-MEL-7: a unit that already broke through this phase carries the position straight ahead instead of turning to the enemy", () => {
    // gb1 is due east within half a move: a breakthrough would turn and contact it; the flag stops that.
    const s0 = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 30, 20, { facing: 180 }) } });
    const fr1 = unit(s0, "fr1");
    const s = withUnits(s0, { ...fr1, turn: { ...fr1.turn, breakthrough: true } });
    const { ctx, log } = recorder(s);
    const r = breakthrough(s, "fr1", 2, ctx, noFight);
    expect(log).toEqual([{ type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 2 }]);
    expect(unit(r, "fr1")).toEqual({ ...unit(s, "fr1"), position: { x: 20, y: 22 } });
    expect(r.fnf?.melees).toEqual({});
  });
  it("FNF-MEL-7: with the flag set and no advance distance nothing happens at all", () => {
    const s0 = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 30, 20, { facing: 180 }) } });
    const fr1 = unit(s0, "fr1");
    const s = withUnits(s0, { ...fr1, turn: { ...fr1.turn, breakthrough: true } });
    const { ctx, log } = recorder(s);
    expect(breakthrough(s, "fr1", 0, ctx, noFight)).toBe(s);
    expect(log).toEqual([]);
  });
  it("FNF-MEL-7: an unknown or removed unit makes no breakthrough", () => {
    const s0 = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 30, 20, { facing: 180 }) } });
    const s = withUnits(s0, { ...unit(s0, "fr1"), removed: "eliminated" });
    const { ctx, log } = recorder(s);
    expect(breakthrough(s, "fr1", 5, ctx, noFight)).toBe(s);
    expect(breakthrough(s, "nobody", 5, ctx, noFight)).toBe(s);
    expect(log).toEqual([]);
  });
});

describe("fnfD: rejoining is for the phasing side (detachments.ts:73, FNF-DET-2)", () => {
  it("FNF-DET-2: the other side's detachment cannot rejoin: refused naming the parent", () => {
    const s = fnfBattle({
      leaders: {},
      units: {
        fr1: brigade("fr1", "fr", 20, 10),
        gb1: brigade("gb1", "gb", 20, 40, { bases: 5, detached: 1 }),
        gb1d: brigade("gb1d", "gb", 30, 40, { kind: "detachment", bases: 1, parent: "gb1" }),
      },
    });
    expect(s.turn.activeSide).toBe("fr");
    const { ctx, log } = recorder(s);
    expect(rejoin(s, { type: "fnf/rejoin", detachment: "gb1d" }, ctx)).toEqual({ ok: false, violation: { unit: "gb1", code: "fnf/not_your_unit", rule: "FNF-DET-2" } });
    expect(log).toEqual([]);
  });
});

describe("fnfD: armoured cavalry (meleeMods.ts:85, FNF-MEL-3)", () => {
  const s = fnfBattle({
    leaders: {},
    units: {
      cuir: brigade("cuir", "fr", 10, 10, { arm: "cavalry", armored: true }),
      hus: brigade("hus", "fr", 40, 10, { arm: "cavalry" }),
      foe: brigade("foe", "gb", 25, 40),
    },
  });
  const side = (u: Unit, attacking: boolean): MeleeSide => ({ lead: u, units: [u], attacking, breakthrough: false });
  it("FNF-MEL-3: armoured cavalry add +1 for armour on top of +1 for cavalry", () => {
    expect(meleeModifiers(s, side(unit(s, "cuir"), true), side(unit(s, "foe"), false))).toEqual([
      { name: "fresh", value: 2 },
      { name: "frenchOrCavalryAttacker", value: 1 },
      { name: "cavalry", value: 1 },
      { name: "armoured", value: 1 },
    ]);
  });
  it("FNF-MEL-3: cavalry without armour get no armour bonus", () => {
    expect(meleeModifiers(s, side(unit(s, "hus"), true), side(unit(s, "foe"), false))).toEqual([
      { name: "fresh", value: 2 },
      { name: "frenchOrCavalryAttacker", value: 1 },
      { name: "cavalry", value: 1 },
    ]);
  });
  it("FNF-MEL-3: an armour flag on infantry counts for nothing (armour is a cavalry bonus)", () => {
    const inf = { ...unit(s, "cuir"), arm: "infantry" } as Unit;
    expect(meleeModifiers(s, side(inf, true), side(unit(s, "foe"), false))).toEqual([{ name: "fresh", value: 2 }]);
  });
});

describe("fnfD: command radius by rating, one grade lower out of command (command.ts:15, FNF-CMD-1/2)", () => {
  const s = fnfBattle({ leaders: { d: leaderInput("d", "fr", "division", 5, 5) }, units: { fr1: brigade("fr1", "fr", 20, 20) } });
  const base = s.fnf?.leaders["d"] as Leader;
  const r = (rank: Leader["rank"], rating: Leader["rating"], outOfCommand: boolean) => commandRadius({ ...base, rank, rating, outOfCommand });
  it("FNF-CMD-1: in command a leader commands at his own rating's radius", () => {
    expect([r("division", "exceptional", false), r("division", "normal", false), r("division", "poor", false)]).toEqual([12, 8, 6]);
    expect([r("corps", "exceptional", false), r("corps", "normal", false), r("corps", "poor", false)]).toEqual([24, 18, 12]);
    expect([r("army", "exceptional", false), r("army", "normal", false), r("army", "poor", false)]).toEqual([24, 18, 12]);
  });
  it("FNF-CMD-2: out of command he commands one grade lower; a poor leader out of command has no radius", () => {
    expect([r("division", "exceptional", true), r("division", "normal", true), r("division", "poor", true)]).toEqual([8, 6, 0]);
    expect([r("corps", "exceptional", true), r("corps", "normal", true), r("corps", "poor", true)]).toEqual([18, 12, 0]);
  });
});
