import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { firePoints, fireModifiers } from "../../src/rules/fnf/firePoints.js";
import { advanceTo, brigade, events, fnfBattle, playWith, unit } from "./helpers.js";

const corps = (id: string, side: "fr" | "gb", x: number, y: number) => ({ id, side, rank: "corps", position: { x, y } });

/** A French brigade reduced to one firing base and disordered (1/2 a fire point), a lone British corps leader 2" ahead, in French offensive fire. */
function scene(): BattleState {
  const s = advanceTo(
    fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20, { disordered: true }), gb1: brigade("gb1", "gb", 60, 44) }, leaders: { gbc: corps("gbc", "gb", 20, 22) } }),
    "offensiveFire",
    "fr",
  );
  if (s.fnf === null) throw new Error("no fnf");
  return { ...s, fnf: { ...s.fnf, units: { ...s.fnf.units, fr1: { ...unit(s, "fr1"), bases: 1 } } } } as BattleState;
}

const S = scene();
const FIRE = { type: "fnf/fire", firer: "fr1", target: "gbc" };
const strip = (es: readonly unknown[]) => es.map((e) => ({ ...(e as object), seq: 0 }));

describe("fnfE: fire at a lone leader and the 11–12 roll (FNF-LDR-4, FNF-FIRE-8)", () => {
  it("FNF-FIRE-4, FNF-FIRE-5: the scene is half a point at the leader, −1 for a staff officer in the open", () => {
    expect(firePoints(S, unit(S, "fr1"), "gbc").points).toBe(0.5);
    expect(fireModifiers(S, unit(S, "fr1"), "gbc")).toEqual([{ name: "openGroundSmallTarget", value: -1 }]);
  });

  it("FNF-FIRE-8: a natural 11 that scores only Desultory still runs the firer low, and the lone leader it aimed at rolls on the Fallen Leaders table", () => {
    const s = playWith(S, [5, 6, 4, 4], FIRE);
    expect(strip(events(s, "fnf/fired"))).toEqual([
      { type: "fnf/fired", rule: "FNF-FIRE-6", seq: 0, gameTurn: 1, firer: "fr1", target: "gbc", points: 0.5, halved: true, bases: [{ range: expect.any(Number), points: 1, enfilade: false }], dice: [5, 6], modifiers: [{ name: "openGroundSmallTarget", value: -1 }], score: 10, effect: "DESULTORY" },
    ]);
    expect(strip(events(s, "fnf/lowOnAmmo"))).toEqual([{ type: "fnf/lowOnAmmo", rule: "FNF-FIRE-8", seq: 0, gameTurn: 1, unit: "fr1", natural: 11 }]);
    expect(strip(events(s, "fnf/fallenLeaders"))).toEqual([{ type: "fnf/fallenLeaders", rule: "FNF-LDR-1", seq: 0, gameTurn: 1, roll: 8, text: "Coolly ignores the fire", casualty: false, leader: "gbc" }]);
    expect(unit(s, "fr1")).toMatchObject({ lowAmmo: true, turn: { fired: true } });
  });

  it("FNF-FIRE-8: a natural 10 scoring Desultory leaves the firer supplied and the leader unharmed", () => {
    const s = playWith(S, [5, 5], FIRE);
    expect(strip(events(s, "fnf/fired"))[0]).toMatchObject({ dice: [5, 5], score: 9, effect: "DESULTORY" });
    expect([events(s, "fnf/lowOnAmmo"), events(s, "fnf/fallenLeaders"), unit(s, "fr1").lowAmmo]).toEqual([[], [], false]);
  });

  it("FNF-LDR-4, FNF-FIRE-8: a natural 12 that hits the leader (Lively) rolls for him once only, though the firer runs low", () => {
    const s = playWith(S, [6, 6, 3, 4, 2, 2], FIRE);
    expect(strip(events(s, "fnf/fired"))[0]).toMatchObject({ dice: [6, 6], score: 11, effect: "LIVELY" });
    expect(strip(events(s, "fnf/fallenLeaders"))).toEqual([{ type: "fnf/fallenLeaders", rule: "FNF-LDR-1", seq: 0, gameTurn: 1, roll: 7, text: "Disabled", casualty: true, leader: "gbc" }]);
    expect(strip(events(s, "fnf/lowOnAmmo"))).toEqual([{ type: "fnf/lowOnAmmo", rule: "FNF-FIRE-8", seq: 0, gameTurn: 1, unit: "fr1", natural: 12 }]);
  });
});

describe("fnfE: the officer at risk when a brigade is fired on with 11–12 (FNF-FIRE-8, AMB-87)", () => {
  it("FNF-FIRE-8: with no leader attached, the target's brigadier rolls", () => {
    const s0 = advanceTo(fnfBattle({ units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 23) } }), "offensiveFire", "fr");
    const s = playWith(s0, [6, 5, 4, 4], { type: "fnf/fire", firer: "fr1", target: "gb1" });
    expect(strip(events(s, "fnf/fallenLeaders"))).toEqual([{ type: "fnf/fallenLeaders", rule: "FNF-LDR-1", seq: 0, gameTurn: 1, roll: 8, text: "Coolly ignores the fire", casualty: false, brigadierOf: "gb1" }]);
    expect(unit(s, "fr1").lowAmmo).toBe(true);
  });
});
