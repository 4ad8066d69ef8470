import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { roller, seedDice, withScriptedDice } from "../../src/index.js";
import { CHARGE_TABLE, FIRE_EFFECTS, chargeResult, fireEffect, fireOdds, maneuverOdds, maneuverResult, meleeOdds, meleeOddsFor, musketryRow } from "../../src/rules/fnf/index.js";
import { fcParams } from "../dice/fc-params.js";
import { advanceTo, brigade, fnfBattle, play, playWith, unit } from "./helpers.js";

const N = 20_000;
/** 99.9 % two-sided bound for a sampled frequency (z = 3.29). */
const bound = (p: number): number => 3.29 * Math.sqrt((p * (1 - p)) / N) + 1e-9;
const FIRE_POINT_LEVELS = [0.5, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 45, 50, 60];

describe("FnF exact odds", () => {
  it("FNF-MAN-2: maneuver odds sum to 1 and match 20 000 samples within 99.9 %", () => {
    const odds = maneuverOdds(2, false);
    expect(Object.values(odds).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(odds.WELL_HANDLED).toBeCloseTo(26 / 36, 12);
    const dice = roller(seedDice("maneuver"));
    const counts = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const r = maneuverResult(dice.d6() + dice.d6() + 2, false);
      counts.set(r, (counts.get(r) ?? 0) + 1);
    }
    for (const [r, p] of Object.entries(odds)) expect(Math.abs((counts.get(r) ?? 0) / N - p)).toBeLessThanOrEqual(bound(p));
  });

  it("FNF-FIRE-6 and FNF-FIRE-8: fire odds match sampling; LOW ON AMMO is 3/36", () => {
    const o = fireOdds(12, -1);
    expect(o.lowAmmo).toBeCloseTo(3 / 36, 12);
    expect(o.effects.DEADLY).toBeCloseTo(3 / 36, 12);
    expect(o.effects.DESULTORY).toBeCloseTo(6 / 36, 12);
    const dice = roller(seedDice("fire"));
    const row = musketryRow(12);
    if (row === null) throw new Error("row");
    const counts = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const e = fireEffect(row, dice.d6() + dice.d6() - 1);
      counts.set(e, (counts.get(e) ?? 0) + 1);
    }
    for (const [e, p] of Object.entries(o.effects)) expect(Math.abs((counts.get(e) ?? 0) / N - p)).toBeLessThanOrEqual(bound(p));
  });

  it("FNF-FIRE-6: more fire points never lower the chance of a worse effect (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: FIRE_POINT_LEVELS.length - 2 }), fc.integer({ min: -4, max: 4 }), fc.integer({ min: 1, max: 4 }), (i, mod, k) => {
        const lo = fireOdds(FIRE_POINT_LEVELS[i] as number, mod).effects;
        const hi = fireOdds(FIRE_POINT_LEVELS[Math.min(i + 1, FIRE_POINT_LEVELS.length - 1)] as number, mod).effects;
        const atLeast = (e: typeof lo) => FIRE_EFFECTS.slice(k).reduce((a, x) => a + e[x], 0);
        return atLeast(hi) >= atLeast(lo) - 1e-12;
      }),
      fcParams(200),
    );
  });

  it("FNF-MEL-5: every modified difference maps to exactly one charge-table row (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), (d) => {
        const rows = CHARGE_TABLE.filter((r) => (r.min === null || d >= r.min) && (r.max === null || d <= r.max));
        return rows.length === 1 && rows[0]?.result === chargeResult(d);
      }),
      fcParams(300),
    );
  });

  it("FNF-MEL-8: melee odds follow chains of desperate struggles and match sampling", () => {
    const a = (k: number) => 3 - 2 * k;
    const d = (k: number) => 2 - 2 * k;
    const o = meleeOdds(a, d);
    expect(Object.values(o.final).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    expect(o.firstRoll.DESPERATE_STRUGGLE).toBeCloseTo(meleeOdds(() => 1, () => 0).firstRoll.DESPERATE_STRUGGLE, 12);
    const dice = roller(seedDice("melee"));
    const counts = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      let k = 0;
      for (;;) {
        const r = chargeResult(dice.d6() + dice.d6() + a(k) - (dice.d6() + dice.d6() + d(k)));
        if (r !== "DESPERATE_STRUGGLE" || k > 30) {
          counts.set(r, (counts.get(r) ?? 0) + 1);
          break;
        }
        k++;
      }
    }
    for (const [r, p] of Object.entries(o.final)) expect(Math.abs((counts.get(r) ?? 0) / N - p)).toBeLessThanOrEqual(bound(p));
  });

  it("FNF-MEL-3: odds of a pending melee use the state's modifiers, recomputed after each struggle", () => {
    let s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20, { nation: "french" }), gb1: brigade("gb1", "gb", 20, 30) } });
    s = advanceTo(s, "maneuver");
    s = playWith(s, [6, 6], { type: "fnf/maneuver", unit: "fr1" });
    s = advanceTo(play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30 }], target: "gb1" }), "melee");
    const o = meleeOddsFor(s, "melee-1");
    const plain = meleeOdds(() => 3, () => 2);
    expect(o.firstRoll).toEqual(plain.firstRoll);
    expect(o.final.SWEPT).toBeGreaterThan(plain.firstRoll.SWEPT);
  });
});

describe("FnF invariants", () => {
  it("FNF-FIRE-7: bases never go negative and a brigade left with only its command base is eliminated (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (bases, a, b) => {
        let s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 22, { bases, startingBases: 6 }) } });
        s = advanceTo(s, "offensiveFire");
        s = play(withScriptedDice(s, [a, b, 1, 1]), { type: "fnf/fire", firer: "fr1", target: "gb1" });
        const g = unit(s, "gb1");
        expect(g.bases).toBeGreaterThanOrEqual(0);
        expect(g.bases === 0).toBe(g.removed === "eliminated");
      }),
      fcParams(40),
    );
  });

  it("FNF-ORG-2: the command base never fires and is never lost; an eliminated brigade keeps no bases", () => {
    let s = fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 22, { bases: 1, startingBases: 6 }) } });
    s = advanceTo(s, "offensiveFire");
    s = playWith(s, [6, 5, 1, 1], { type: "fnf/fire", firer: "fr1", target: "gb1" });
    expect(unit(s, "gb1")).toMatchObject({ bases: 0, removed: "eliminated" });
  });
});
