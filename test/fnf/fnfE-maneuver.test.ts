import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import { hasCompulsoryMove } from "../../src/rules/fnf/maneuver.js";
import { advanceTo, brigade, events, fnfBattle, playWith, unit } from "./helpers.js";
import { withScriptedDice } from "../../src/index.js";

const battery = (id: string, x: number, y: number, gun: Record<string, unknown> = {}) =>
  ({ id, side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", ...gun }, position: { x, y }, facing: 90 }) as const;

/** French brigades (one disordered, one skirmishing light) and a detachment in the French maneuver phase; a British brigade 30" off. */
function scene(): BattleState {
  return advanceTo(
    fnfBattle({
      units: {
        fr1: brigade("fr1", "fr", 20, 10),
        fr2: brigade("fr2", "fr", 40, 10, { disordered: true }),
        fr3: brigade("fr3", "fr", 60, 10, { light: true, skirmishing: true }),
        frd: { ...brigade("frd", "fr", 5, 10), kind: "detachment", bases: 1, parent: "fr1" },
        gb1: brigade("gb1", "gb", 20, 40),
      },
    }),
    "maneuver",
    "fr",
  );
}

const S = scene();

function put(s: BattleState, id: string, over: Record<string, unknown>): BattleState {
  if (s.fnf === null) throw new Error("no fnf");
  return { ...s, fnf: { ...s.fnf, units: { ...s.fnf.units, [id]: { ...unit(s, id), ...over } } } } as BattleState;
}

function refusal(s: BattleState, action: unknown) {
  const r = apply(withScriptedDice(s, [3, 3]), action);
  return r.ok ? null : r.violation;
}

const roll = (unitId: string, badGoing = false) => ({ type: "fnf/maneuver", unit: unitId, badGoing });
const record = (over: Record<string, unknown>) => ({ allowance: 0, mayChange: false, fullChangeAllowed: false, mayContact: false, badGoing: false, moved: false, changed: false, ...over });
const rolled = (unitId: string, dice: number[], modifiers: { name: string; value: number }[], score: number, result: string, column: string, seq: number) =>
  ({ type: "fnf/maneuverRolled", rule: "FNF-MAN-2", seq, gameTurn: 1, unit: unitId, dice, modifiers, score, result, column });

describe("fnfE: who may roll on the maneuver table (FNF-MAN-1, FNF-DET-3, FNF-FIRE-9, FNF-ART-2)", () => {
  it("FNF-MAN-1: an unknown unit, an enemy unit and a unit that already rolled are refused, naming the unit", () => {
    expect(refusal(S, roll("zz"))).toEqual({ code: "fnf/unknown_unit", rule: "FNF-MAN-1", unit: "zz" });
    expect(refusal(S, roll("gb1"))).toEqual({ code: "fnf/not_your_unit", rule: "FNF-MAN-1", unit: "gb1" });
    const once = playWith(S, [3, 3], roll("fr1"));
    expect(refusal(once, roll("fr1"))).toEqual({ code: "fnf/already_rolled", rule: "FNF-MAN-1", unit: "fr1" });
  });

  it("FNF-DET-3: a detachment never rolls", () => {
    expect(refusal(S, roll("frd"))).toEqual({ code: "fnf/detachment_no_maneuver", rule: "FNF-DET-3", unit: "frd" });
  });

  it("FNF-FIRE-9, FNF-ART-2: a unit owing a compulsory move may not roll, whether it made it or not (brigade and battery rules)", () => {
    expect(refusal(put(S, "fr1", { lowAmmo: true }), roll("fr1"))).toEqual({ code: "fnf/compulsory_move", rule: "FNF-FIRE-9", unit: "fr1" });
    const moved = put(S, "fr1", { turn: { ...unit(S, "fr1").turn, compulsoryMoved: true } });
    expect(refusal(moved, roll("fr1"))).toEqual({ code: "fnf/compulsory_move", rule: "FNF-FIRE-9", unit: "fr1" });
    const b = advanceTo(fnfBattle({ units: { frb: battery("frb", 30, 10), gb1: brigade("gb1", "gb", 30, 40) } }), "maneuver", "fr");
    expect(refusal(put(b, "frb", { battery: { ...unit(b, "frb").battery, silenced: true } }), roll("frb"))).toEqual({ code: "fnf/compulsory_move", rule: "FNF-ART-2", unit: "frb" });
    expect(refusal(put(b, "frb", { lowAmmo: true }), roll("frb"))).toEqual({ code: "fnf/compulsory_move", rule: "FNF-ART-2", unit: "frb" });
    expect(refusal(b, roll("frb"))).toBeNull();
  });

  it("FNF-FIRE-9, FNF-ART-4: a compulsory move is owed by a silenced or low battery and a low brigade in good order only", () => {
    const b = advanceTo(fnfBattle({ units: { frb: battery("frb", 30, 10), gb1: brigade("gb1", "gb", 30, 40) } }), "maneuver", "fr");
    const gun = unit(b, "frb");
    const inf = unit(S, "fr1");
    if (gun.battery === null) throw new Error("no battery");
    expect(hasCompulsoryMove(gun)).toBe(false);
    expect(hasCompulsoryMove({ ...gun, battery: { ...gun.battery, silenced: true } })).toBe(true);
    expect(hasCompulsoryMove({ ...gun, lowAmmo: true })).toBe(true);
    expect(hasCompulsoryMove({ ...gun, lowAmmo: true, disordered: true })).toBe(true);
    expect(hasCompulsoryMove(inf)).toBe(false);
    expect(hasCompulsoryMove({ ...inf, lowAmmo: true })).toBe(true);
    expect(hasCompulsoryMove({ ...inf, lowAmmo: true, disordered: true })).toBe(false);
    expect(hasCompulsoryMove({ ...inf, disordered: true })).toBe(false);
    expect(hasCompulsoryMove({ ...unit(S, "frd"), lowAmmo: true })).toBe(false);
  });
});

describe("fnfE: the roll and its record (FNF-MAN-2, FNF-MAN-3, FNF-MAN-5)", () => {
  it("FNF-MAN-5: a close-order brigade in good order failing in declared bad going (Disengage) is disordered; the roll and record are whole", () => {
    const s = playWith(S, [1, 1], roll("fr1", true));
    expect(events(s, "fnf/maneuverRolled")).toEqual([rolled("fr1", [1, 1], [{ name: "fresh", value: 2 }, { name: "closeOrderBadGoing", value: -2 }], 2, "DISENGAGE", "goodOrder", 2)]);
    expect(unit(s, "fr1").turn.maneuver).toEqual({ result: "DISENGAGE", score: 2, ...record({ badGoing: true }) });
    expect(events(s, "fnf/disordered")).toEqual([{ type: "fnf/disordered", rule: "FNF-MAN-5", seq: 3, gameTurn: 1, unit: "fr1", reason: "failed to move in bad going" }]);
    expect(unit(s, "fr1").disordered).toBe(true);
  });

  it("FNF-MAN-5: no disorder for a failure in good going, a success in bad going, skirmishers, or a unit already disordered", () => {
    const good = playWith(S, [1, 2], roll("fr1", false));
    expect(unit(good, "fr1").turn.maneuver?.result).toBe("HOLD");
    expect([unit(good, "fr1").disordered, events(good, "fnf/disordered")]).toEqual([false, []]);
    const tardy = playWith(S, [3, 3], roll("fr1", true));
    expect(unit(tardy, "fr1").turn.maneuver).toEqual({ result: "TARDY", score: 6, ...record({ allowance: 6, mayChange: true, badGoing: true }) });
    expect([unit(tardy, "fr1").disordered, events(tardy, "fnf/disordered")]).toEqual([false, []]);
    const skirm = playWith(S, [1, 1], roll("fr3", true));
    // Skirmishers take no close-order bad-going modifier: 2 + 2 = Hold, still a failure in bad going.
    expect(unit(skirm, "fr3").turn.maneuver?.result).toBe("HOLD");
    expect([unit(skirm, "fr3").disordered, events(skirm, "fnf/disordered")]).toEqual([false, []]);
    const already = playWith(S, [2, 2], roll("fr2", true));
    expect(events(already, "fnf/maneuverRolled")).toEqual([rolled("fr2", [2, 2], [{ name: "fresh", value: 2 }, { name: "closeOrderBadGoing", value: -2 }], 4, "WAVERING", "disordered", 2)]);
    expect(events(already, "fnf/disordered")).toEqual([]);
  });

  it("FNF-MAN-3: a disordered brigade rolling Rally with élan is rallied and gets a full move with contact", () => {
    const s = playWith(S, [6, 5], roll("fr2"));
    expect(events(s, "fnf/maneuverRolled")).toEqual([rolled("fr2", [6, 5], [{ name: "fresh", value: 2 }], 13, "RALLY_ELAN", "disordered", 2)]);
    expect(events(s, "fnf/rallied")).toEqual([{ type: "fnf/rallied", rule: "FNF-MAN-3", seq: 3, gameTurn: 1, unit: "fr2", result: "RALLY_ELAN" }]);
    expect(unit(s, "fr2").disordered).toBe(false);
    expect(unit(s, "fr2").turn.maneuver).toEqual({ result: "RALLY_ELAN", score: 13, ...record({ allowance: 12, mayChange: true, fullChangeAllowed: true, mayContact: true }) });
  });

  it("FNF-MAN-3: a disordered brigade Wavering stays disordered; a brigade in good order rolling Well handled is not 'rallied'", () => {
    const w = playWith(S, [1, 2], roll("fr2"));
    expect(unit(w, "fr2").turn.maneuver).toEqual({ result: "WAVERING", score: 5, ...record({}) });
    expect([unit(w, "fr2").disordered, events(w, "fnf/rallied")]).toEqual([true, []]);
    const wh = playWith(S, [4, 4], roll("fr1"));
    expect(unit(wh, "fr1").turn.maneuver).toEqual({ result: "WELL_HANDLED", score: 10, ...record({ allowance: 12, mayChange: true, fullChangeAllowed: true, mayContact: true }) });
    expect(events(wh, "fnf/rallied")).toEqual([]);
  });

  it("FNF-FIRE-9: a disordered brigade low on ammunition rolls; a result with a move is spent on its withdrawal (no change, no contact)", () => {
    const low = put(S, "fr2", { lowAmmo: true });
    const s = playWith(low, [6, 5], roll("fr2"));
    expect(unit(s, "fr2").turn.maneuver).toEqual({ result: "RALLY_ELAN", score: 13, ...record({ allowance: 0, fullChangeAllowed: true, moved: true }) });
    const hold = playWith(low, [1, 2], roll("fr2"));
    expect(unit(hold, "fr2").turn.maneuver).toEqual({ result: "WAVERING", score: 5, ...record({}) });
    expect(unit(hold, "fr2").position).toEqual(unit(low, "fr2").position);
  });

  it("FNF-MAN-3: a disordered brigade Broken loses a base and falls back a full move from the nearest enemy", () => {
    const s = playWith(S, [1, 1], roll("fr2", true));
    expect(unit(s, "fr2").turn.maneuver?.result).toBe("BROKEN");
    expect(events(s, "fnf/basesLost")).toEqual([{ type: "fnf/basesLost", rule: "FNF-MAN-3", seq: 3, gameTurn: 1, unit: "fr2", bases: 1, how: "lost", left: 5 }]);
    expect(unit(s, "fr2").bases).toBe(5);
    expect(unit(s, "fr2").position.y).toBeLessThan(unit(S, "fr2").position.y);
  });

  it("FNF-MAN-3: a brigade in good order rolling Retire falls back; one rolling Hold stays", () => {
    const s = playWith(put(S, "fr1", { quality: "MILITIA" }), [1, 1], roll("fr1", true));
    expect(unit(s, "fr1").turn.maneuver?.result).toBe("RETIRE");
    expect(unit(s, "fr1").position.y).toBeLessThan(unit(S, "fr1").position.y);
    const h = playWith(S, [1, 2], roll("fr1"));
    expect(unit(h, "fr1").position).toEqual(unit(S, "fr1").position);
  });
});
