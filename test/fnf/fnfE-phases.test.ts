import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { unitDistance } from "../../src/rules/fnf/world.js";
import { advanceTo, brigade, events, fnfBattle, mustCreate, play, unit } from "./helpers.js";

const gbBattery = (id: string, x: number, y: number) =>
  ({ id, side: "gb", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered: false }, position: { x, y }, facing: 270 }) as const;

/** A disordered French brigade low on ammunition (no compulsory move) and one British unit, at defensive fire of the French turn. */
function lowScene(enemy: Record<string, unknown>, musketOnly = false): BattleState {
  const s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10, { lowAmmo: true, disordered: true }), gb1: enemy } }, [], { fnf: { ammoRecoveryMusketRangeOnly: musketOnly } });
  return advanceTo(advanceTo(s, "maneuver", "fr"), "defensiveFire", "fr");
}

function gap(s: BattleState): number {
  return unitDistance(unit(s, "fr1"), unit(s, "gb1"));
}

const replenished = (s: BattleState) => events(s, "fnf/ammoReplenished").map((e) => ({ type: e.type, rule: e.rule, unit: (e as unknown as { unit: string }).unit }));
const REPLENISHED = [{ type: "fnf/ammoReplenished", rule: "FNF-FIRE-9", unit: "fr1" }];

describe("fnfE: LOW ON AMMO lifted out of every enemy's range as defensive fire begins (FNF-FIRE-9, AMB-69)", () => {
  it("FNF-FIRE-9: enemy infantry within its 4\" musket range keeps the brigade low; beyond it the status lifts", () => {
    const near = lowScene(brigade("gb1", "gb", 20, 13));
    expect(gap(near)).toBeGreaterThan(0);
    expect(gap(near)).toBeLessThan(4);
    expect([unit(near, "fr1").lowAmmo, replenished(near)]).toEqual([true, []]);
    const far = lowScene(brigade("gb1", "gb", 20, 15));
    expect(gap(far)).toBeGreaterThan(4.01);
    expect(gap(far)).toBeLessThan(6);
    expect([unit(far, "fr1").lowAmmo, replenished(far)]).toEqual([false, REPLENISHED]);
  });

  it("FNF-FIRE-9: exactly 4\" off enemy infantry is within range; 4.01\" is not", () => {
    const at = lowScene(brigade("gb1", "gb", 20, 14));
    expect(gap(at)).toBeCloseTo(4, 9);
    expect([unit(at, "fr1").lowAmmo, replenished(at)]).toEqual([true, []]);
    const past = lowScene(brigade("gb1", "gb", 20, 14.01));
    expect(gap(past)).toBeCloseTo(4.01, 9);
    expect([unit(past, "fr1").lowAmmo, replenished(past)]).toEqual([false, REPLENISHED]);
  });

  it("FNF-FIRE-9: enemy rifles reach 6\": the same gap stays low", () => {
    const rifles = lowScene(brigade("gb1", "gb", 20, 15, { rifles: true }));
    expect([unit(rifles, "fr1").lowAmmo, replenished(rifles)]).toEqual([true, []]);
  });

  it("FNF-FIRE-9: cavalry have no range: even close, the status lifts; the musket-range option counts them at 4\"", () => {
    const cav = { ...brigade("gb1", "gb", 20, 13), arm: "cavalry", bases: 4, formation: "SUPPORTED_LINE" };
    const plain = lowScene(cav);
    expect(gap(plain)).toBeLessThan(4);
    expect([unit(plain, "fr1").lowAmmo, replenished(plain)]).toEqual([false, REPLENISHED]);
    const option = lowScene(cav, true);
    expect([unit(option, "fr1").lowAmmo, replenished(option)]).toEqual([true, []]);
  });

  it("FNF-FIRE-9: a foot battery reaches 24\": 10\" off it stays low, unless only musket range counts (option)", () => {
    const guns = lowScene(gbBattery("gb1", 20, 24));
    expect(gap(guns)).toBeGreaterThan(4.01);
    expect(gap(guns)).toBeLessThan(24);
    expect([unit(guns, "fr1").lowAmmo, replenished(guns)]).toEqual([true, []]);
    const option = lowScene(gbBattery("gb1", 20, 24), true);
    expect([unit(option, "fr1").lowAmmo, replenished(option)]).toEqual([false, REPLENISHED]);
  });

  it("FNF-FIRE-9: only the phasing side's units recover at this point", () => {
    const s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 40, { lowAmmo: true, disordered: true }) } });
    const d = advanceTo(advanceTo(s, "maneuver", "fr"), "defensiveFire", "fr");
    expect([unit(d, "gb1").lowAmmo, replenished(d)]).toEqual([true, []]);
  });
});

/** A one-turn battle played to its end, the British having lost `gbLost` bases and the French `frLost`. */
function finished(frLost: number, gbLost: number): BattleState {
  let s = mustCreate({
    ruleset: "fnf",
    seed: 7,
    maxTurns: 1,
    sides: [{ id: "fr", name: "French" }, { id: "gb", name: "British" }],
    units: [],
    wind: 0,
    terrain: [],
    fnf: { leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 10, { bases: 6 - frLost, startingBases: 6 }), gb1: brigade("gb1", "gb", 20, 40, { bases: 6 - gbLost, startingBases: 6 }) } },
  });
  for (let i = 0; i < 40 && s.turn.phase !== "finished"; i++) s = play(s, { type: "turn/advance" });
  return s;
}

describe("fnfE: the battle judged at its end (FNF-TURN-1)", () => {
  it("FNF-TURN-1: the British, having lost fewer bases, win; the event gives both sides' losses", () => {
    const s = finished(3, 1);
    expect(s.result).toEqual({ winner: "gb", reason: "bases lost: fr 3, gb 1", rule: "FNF-TURN-1" });
    expect(events(s, "fnf/battleJudged").map((e) => ({ ...e, seq: 0 }))).toEqual([{ type: "fnf/battleJudged", rule: "FNF-TURN-1", seq: 0, gameTurn: 1, losses: { fr: 3, gb: 1 }, winner: "gb" }]);
  });

  it("FNF-TURN-1: equal losses are a draw", () => {
    const s = finished(2, 2);
    expect(s.result).toEqual({ winner: null, reason: "bases lost: fr 2, gb 2", rule: "FNF-TURN-1" });
  });
});
