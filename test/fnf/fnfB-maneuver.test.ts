import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import { advanceTo, brigade, fnfBattle, playWith, unit } from "./helpers.js";

const corps = (id: string, side: "fr" | "gb", x: number, y: number) => ({ id, side, rank: "corps", position: { x, y } });

/** French fr1 (and fr2, low on ammunition unless told), a French and a British corps leader, British gb1, in the French maneuver phase. */
function scene(fr2Over: Record<string, unknown> = { lowAmmo: true }): BattleState {
  return advanceTo(
    fnfBattle({
      units: {
        fr1: brigade("fr1", "fr", 20, 10),
        fr2: brigade("fr2", "fr", 50, 10, fr2Over),
        gb1: brigade("gb1", "gb", 20, 40),
      },
      leaders: { frc: corps("frc", "fr", 20, 5), gbc: corps("gbc", "gb", 30, 45) },
    }),
    "maneuver",
    "fr",
  );
}

function refusal(s: BattleState, action: Record<string, unknown>) {
  const r = apply(s, action);
  return r.ok ? null : r.violation;
}

describe("fnfB: leader move refusals (FNF-CMD-5)", () => {
  const s = scene({});
  const ride = (over: Record<string, unknown>) => ({ type: "fnf/moveLeader", leader: "frc", to: { x: 20, y: 23 }, ...over });

  it("FNF-CMD-5: an unknown or lost leader", () => {
    expect(refusal(s, ride({ leader: "zz" }))).toEqual({ code: "fnf/unknown_leader", rule: "FNF-CMD-5", leader: "zz" });
    const fnf = s.fnf;
    if (fnf === null) throw new Error("no fnf");
    const frc = fnf.leaders.frc;
    if (frc === undefined) throw new Error("no frc");
    const lost = { ...s, fnf: { ...fnf, leaders: { ...fnf.leaders, frc: { ...frc, lost: "casualty" as const } } } };
    expect(refusal(lost, ride({}))).toEqual({ code: "fnf/unknown_leader", rule: "FNF-CMD-5", leader: "frc" });
  });
  it("FNF-CMD-5: the other side's leader", () => {
    expect(refusal(s, ride({ leader: "gbc", to: { x: 30, y: 44 } }))).toEqual({ code: "fnf/not_your_leader", rule: "FNF-CMD-5", leader: "gbc" });
  });
  it("FNF-CMD-5: 18\" is the limit: 18\" in the open is allowed, 19\" refused with its cost", () => {
    expect(refusal(s, ride({}))).toBeNull();
    expect(refusal(s, ride({ to: { x: 20, y: 24 } }))).toEqual({ code: "fnf/leader_too_far", rule: "FNF-CMD-5", leader: "frc", cost: expect.closeTo(19, 9), max: 18 });
  });
  it("FNF-CMD-5: a leader moves once a phase", () => {
    const moved = playWith(s, [], ride({}));
    expect(moved.fnf?.leaders.frc).toMatchObject({ position: { x: 20, y: 23 }, moved: true, attachedTo: null });
    expect(refusal(moved, ride({ to: { x: 20, y: 22 } }))).toEqual({ code: "fnf/leader_already_moved", rule: "FNF-CMD-5", leader: "frc" });
  });
  it("FNF-CMD-5: he attaches only to a unit of his side whose bases he touches", () => {
    expect(refusal(s, ride({ to: { x: 30, y: 10 }, attachTo: "gb1" }))).toEqual({ code: "fnf/bad_attachment", rule: "FNF-CMD-5", leader: "frc", unit: "gb1" });
    expect(refusal(s, ride({ to: { x: 30, y: 10 }, attachTo: "zz" }))).toEqual({ code: "fnf/bad_attachment", rule: "FNF-CMD-5", leader: "frc", unit: "zz" });
    expect(refusal(s, ride({ to: { x: 30, y: 10 }, attachTo: "fr1" }))).toEqual({ code: "fnf/not_in_contact", rule: "FNF-CMD-5", leader: "frc", unit: "fr1", distance: expect.closeTo(3.8976377952755925, 9) });
  });
});

describe("fnfB: maneuver roll refusals (FNF-MAN-1, FNF-FIRE-9, FNF-ART-2)", () => {
  const s = scene();
  const roll = (u: string) => ({ type: "fnf/maneuver", unit: u });
  it("FNF-MAN-1: an unknown unit, or one of the other side", () => {
    expect(refusal(s, roll("zz"))).toEqual({ code: "fnf/unknown_unit", rule: "FNF-MAN-1", unit: "zz" });
    expect(refusal(s, roll("gb1"))).toEqual({ code: "fnf/not_your_unit", rule: "FNF-MAN-1", unit: "gb1" });
  });
  it("FNF-MAN-1: a unit rolls once", () => {
    const rolled = playWith(s, [3, 3], roll("fr1"));
    expect(refusal(rolled, roll("fr1"))).toEqual({ code: "fnf/already_rolled", rule: "FNF-MAN-1", unit: "fr1" });
  });
  it("FNF-FIRE-9: a low-ammo brigade makes its compulsory move instead of a roll", () => {
    expect(refusal(s, roll("fr2"))).toEqual({ code: "fnf/compulsory_move", rule: "FNF-FIRE-9", unit: "fr2" });
  });
  it("FNF-ART-2: a silenced battery (not yet moved) makes its compulsory move instead of a roll", () => {
    const fnf = s.fnf;
    if (fnf === null) throw new Error("no fnf");
    const bat = { ...unit(s, "fr1"), id: "frb", kind: "battery" as const, arm: "artillery" as const, bases: 1, battery: { type: "FOOT" as const, limbered: false, silenced: true, damaged: false, withdrawn: false } };
    const withBat = { ...s, fnf: { ...fnf, units: { ...fnf.units, frb: bat } } };
    expect(refusal(withBat, roll("frb"))).toEqual({ code: "fnf/compulsory_move", rule: "FNF-ART-2", unit: "frb" });
  });
});
