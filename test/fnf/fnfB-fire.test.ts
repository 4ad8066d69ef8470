import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import { firePoints } from "../../src/rules/fnf/firePoints.js";
import { historyOf } from "../fixtures/history.js";
import { advanceTo, brigade, events, fnfBattle, playWith, unit } from "./helpers.js";

const battery = (id: string, x: number, limbered: boolean) =>
  ({ id, side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered }, position: { x, y: 20 }, facing: 90 }) as const;

/** French infantry fr1 4" short of British gb1, a cavalry brigade, a limbered and an unlimbered battery; gb2 far off; a French lone leader. */
function scene(phase: "offensiveFire" | "defensiveFire" = "offensiveFire"): BattleState {
  return advanceTo(
    fnfBattle({
      units: {
        fr1: brigade("fr1", "fr", 20, 20),
        frh: brigade("frh", "fr", 40, 20, { arm: "cavalry", bases: 4 }),
        frl: battery("frl", 52, true),
        fru: battery("fru", 62, false),
        gb1: brigade("gb1", "gb", 20, 24),
        gb2: brigade("gb2", "gb", 60, 44),
      },
      leaders: { frc: { id: "frc", side: "fr", rank: "corps", position: { x: 5, y: 5 } } },
    }),
    phase,
    "fr",
  );
}

function refusal(s: BattleState, firer: string, target: string) {
  const r = apply(s, { type: "fnf/fire", firer, target });
  return r.ok ? null : r.violation;
}

describe("fnfB: fire refusals (FNF-FIRE-1, FNF-TURN-1, FNF-ART-1/4, FNF-FIRE-3)", () => {
  const s = scene();
  it("FNF-FIRE-1: an unknown firer", () => {
    expect(refusal(s, "zz", "gb1")).toEqual({ code: "fnf/unknown_unit", rule: "FNF-FIRE-1", firer: "zz", target: "gb1" });
  });
  it("FNF-TURN-1: the phasing side does not fire in the defensive fire phase, nor the other side in the offensive one", () => {
    const d = scene("defensiveFire");
    expect(refusal(d, "fr1", "gb1")).toEqual({ code: "fnf/not_your_fire_phase", rule: "FNF-TURN-1", firer: "fr1", target: "gb1", phase: "defensiveFire" });
    expect(refusal(s, "gb1", "fr1")).toEqual({ code: "fnf/not_your_fire_phase", rule: "FNF-TURN-1", firer: "gb1", target: "fr1", phase: "offensiveFire" });
  });
  it("FNF-FIRE-1: cavalry do not fire", () => {
    expect(refusal(s, "frh", "gb1")).toEqual({ code: "fnf/cavalry_do_not_fire", rule: "FNF-FIRE-1", firer: "frh", target: "gb1" });
  });
  it("FNF-ART-1: a limbered battery does not fire", () => {
    expect(refusal(s, "frl", "gb1")).toEqual({ code: "fnf/limbered_cannot_fire", rule: "FNF-ART-1", firer: "frl", target: "gb1" });
  });
  it("FNF-ART-4: a silenced battery does not fire", () => {
    const fnf = s.fnf;
    if (fnf === null) throw new Error("no fnf");
    const u = unit(s, "fru");
    const b = u.battery;
    if (b === null) throw new Error("no battery");
    const silenced = { ...s, fnf: { ...fnf, units: { ...fnf.units, fru: { ...u, battery: { ...b, silenced: true } } } } };
    expect(refusal(silenced, "fru", "gb1")).toEqual({ code: "fnf/silenced", rule: "FNF-ART-4", firer: "fru", target: "gb1" });
  });
  it("FNF-FIRE-1: a friendly unit, a friendly leader or an unknown id is no target", () => {
    expect(refusal(s, "fr1", "frh")).toEqual({ code: "fnf/bad_target", rule: "FNF-FIRE-1", firer: "fr1", target: "frh" });
    expect(refusal(s, "fr1", "frc")).toEqual({ code: "fnf/bad_target", rule: "FNF-FIRE-1", firer: "fr1", target: "frc" });
    expect(refusal(s, "fr1", "nobody")).toEqual({ code: "fnf/bad_target", rule: "FNF-FIRE-1", firer: "fr1", target: "nobody" });
  });
  it("FNF-FIRE-1: a unit in a melee fires only at its melee enemies", () => {
    const fnf = s.fnf;
    if (fnf === null) throw new Error("no fnf");
    const m = { ...s, fnf: { ...fnf, melees: { m1: { id: "m1", defender: "gb2", attackers: ["fr1"], breakthrough: [] } } } };
    expect(refusal(m, "fr1", "gb1")).toEqual({ code: "fnf/must_fire_at_melee", rule: "FNF-FIRE-1", firer: "fr1", target: "gb1", melee: ["gb2"] });
  });
  it("FNF-FIRE-3: a target beyond every base's range scores no fire points", () => {
    expect(refusal(s, "fr1", "gb2")).toEqual({ code: "fnf/no_fire_points", rule: "FNF-FIRE-3", firer: "fr1", target: "gb2", bases: 0 });
  });
});

describe("fnfB: a volley, scripted (FNF-FIRE-6/8)", () => {
  it("FNF-FIRE-6: the fired event carries points, bases, dice, modifiers, score and effect; the firer is marked and may not fire again", () => {
    const s = scene();
    const fp = firePoints(s, unit(s, "fr1"), "gb1");
    const after = playWith(s, [1, 1], { type: "fnf/fire", firer: "fr1", target: "gb1" });
    const fired = events(after, "fnf/fired");
    const six = Array.from({ length: 6 }, () => ({ range: 4, points: 1, enfilade: false }));
    expect(fp).toEqual({ bases: six, doubledAll: false, halved: false, points: 6 });
    expect(fired).toEqual([
      { type: "fnf/fired", rule: "FNF-FIRE-6", seq: 4, gameTurn: 1, firer: "fr1", target: "gb1", points: 6, halved: false, bases: six, dice: [1, 1], modifiers: [], score: 2, effect: "DESULTORY" },
    ]);
    expect(unit(after, "gb1")).toEqual(unit(s, "gb1"));
    expect(unit(after, "fr1").turn.fired).toBe(true);
    expect(refusal(after, "fr1", "gb1")).toEqual({ code: "fnf/already_fired", rule: "FNF-FIRE-1", firer: "fr1", target: "gb1" });
  });
});

function withFr1(s: BattleState, over: Record<string, unknown>): BattleState {
  const fnf = s.fnf;
  if (fnf === null) throw new Error("no fnf");
  return { ...s, fnf: { ...fnf, units: { ...fnf.units, fr1: { ...unit(s, "fr1"), ...over } } } };
}

describe("fnfB: fire points, halving and fractions (FNF-FIRE-3/4, AMB-67)", () => {
  const s = scene();
  const one = { range: 4, points: 1, enfilade: false };
  it("FNF-FIRE-4: a disordered firer's six points are halved to 3", () => {
    const d = withFr1(s, { disordered: true });
    expect(firePoints(d, unit(d, "fr1"), "gb1")).toEqual({ bases: [one, one, one, one, one, one], doubledAll: false, halved: true, points: 3 });
  });
  it("FNF-FIRE-4: a low-ammo firer is halved too, once, with disorder as well (6 → 3)", () => {
    const d = withFr1(s, { disordered: true, lowAmmo: true });
    expect(firePoints(d, unit(d, "fr1"), "gb1")).toEqual({ bases: [one, one, one, one, one, one], doubledAll: false, halved: true, points: 3 });
  });
  it("AMB-67: halved 3 rounds down to 1; halved 1 stays 1/2", () => {
    const three = withFr1(s, { bases: 3, disordered: true });
    expect(firePoints(three, unit(three, "fr1"), "gb1").points).toBe(1);
    const lone = withFr1(s, { bases: 1, disordered: true });
    expect(firePoints(lone, unit(lone, "fr1"), "gb1")).toEqual({ bases: [one], doubledAll: false, halved: true, points: 0.5 });
  });
  it("FNF-FIRE-3: a firer at an unknown target scores nothing", () => {
    expect(firePoints(s, unit(s, "fr1"), "nobody")).toEqual({ bases: [], doubledAll: false, halved: false, points: 0 });
  });
});

describe("fnfB: a telling roll (FNF-FIRE-7/8, FNF-LDR-1)", () => {
  it("FNF-FIRE-8: a natural 12 makes the firer low on ammo and the target's brigadier rolls on the Fallen Leaders table", () => {
    const s = scene();
    const after = playWith(s, [6, 6, 1, 1], { type: "fnf/fire", firer: "fr1", target: "gb1" });
    const six = Array.from({ length: 6 }, () => ({ range: 4, points: 1, enfilade: false }));
    const seq0 = Math.min(...events(after, "fnf/fired").map((e) => e.seq));
    const out = historyOf(after).filter((e) => e.seq >= seq0).map((e) => ({ ...e }));
    expect(out[0]).toEqual({ type: "fnf/fired", rule: "FNF-FIRE-6", seq: seq0, gameTurn: 1, firer: "fr1", target: "gb1", points: 6, halved: false, bases: six, dice: [6, 6], modifiers: [], score: 12, effect: "DEADLY" });
    expect(out.slice(1).map(({ seq: _s, gameTurn: _g, ...e }) => e)).toEqual([
      { type: "fnf/disordered", rule: "FNF-FIRE-7", unit: "gb1", effect: "DEADLY" },
      { type: "fnf/basesLost", rule: "FNF-FIRE-7", unit: "gb1", bases: 2, how: "lost", left: 4 },
      { type: "fnf/lowOnAmmo", rule: "FNF-FIRE-8", unit: "fr1", natural: 12 },
      { type: "fnf/fallenLeaders", rule: "FNF-LDR-1", roll: 2, text: "Felled by a sniper", casualty: true, brigadierOf: "gb1" },
      { type: "fnf/brigadierLost", rule: "FNF-LDR-3", unit: "gb1", how: "casualty", wasExceptional: false },
    ]);
    expect(unit(after, "fr1").lowAmmo).toBe(true);
    expect(unit(after, "gb1")).toMatchObject({ bases: 4, disordered: true });
  });
});

describe("fnfB: the low-ammo roll's limit (FNF-FIRE-8)", () => {
  it("FNF-FIRE-8: a natural 11 makes the firer low on ammo; a natural 10 does not", () => {
    const s = scene();
    const eleven = playWith(s, [5, 6, 6, 6], { type: "fnf/fire", firer: "fr1", target: "gb1" });
    expect(events(eleven, "fnf/lowOnAmmo").map((e) => ({ ...e, seq: 0 }))).toEqual([{ type: "fnf/lowOnAmmo", rule: "FNF-FIRE-8", seq: 0, gameTurn: 1, unit: "fr1", natural: 11 }]);
    expect(unit(eleven, "fr1").lowAmmo).toBe(true);
    const ten = playWith(s, [5, 5, 6, 6], { type: "fnf/fire", firer: "fr1", target: "gb1" });
    expect(events(ten, "fnf/lowOnAmmo")).toEqual([]);
    expect(events(ten, "fnf/fallenLeaders")).toEqual([]);
    expect(unit(ten, "fr1").lowAmmo).toBe(false);
  });
});
