import { describe, expect, it } from "vitest";
import { applyUnknown as apply, withScriptedDice } from "../../src/index.js";
import { advanceTo, brigade, events, fnfBattle, play, playWith, unit } from "./helpers.js";

const leaders = {
  c1: { id: "c1", side: "fr", rank: "corps", position: { x: 20, y: 12 } },
  d1: { id: "d1", side: "fr", rank: "division", superior: "c1", position: { x: 20, y: 16 } },
} as const;

function battle(fr: Record<string, unknown> = {}, extraUnits: Record<string, unknown> = {}, terrain: unknown[] = [], moreLeaders: Record<string, unknown> = {}) {
  return advanceTo(
    fnfBattle(
      {
        leaders: { ...leaders, ...moreLeaders },
        units: { fr1: brigade("fr1", "fr", 20, 20, { division: "d1", ...fr }), gb1: brigade("gb1", "gb", 20, 40), ...extraUnits },
      },
      terrain,
    ),
    "maneuver",
  );
}

const rolled = (s: ReturnType<typeof battle>) => events(s, "fnf/maneuverRolled").at(-1);

describe("FnF maneuver", () => {
  it("FNF-MAN-1 and FNF-MAN-4: a fresh brigade in command rolls 2D6 +2", () => {
    const s = playWith(battle(), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(s)).toMatchObject({ dice: [3, 3], score: 8, result: "WELL_HANDLED", modifiers: [{ name: "fresh", value: 2 }] });
    expect(unit(s, "fr1").turn.maneuver).toMatchObject({ allowance: 12, mayContact: true });
  });

  it("FNF-CLASS-1 and FNF-MAN-4: column +1, Guard +1, militia −1, exceptional brigadier +1, nation −1 (AMB-63)", () => {
    const s = playWith(battle({ formation: "COLUMN_OF_ATTACK", quality: "GUARD", exceptionalBrigadier: true, nation: "austrian" }), [1, 1], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(s)?.["score"]).toBe(2 + 1 + 1 + 2 + 1 - 1);
    const m = playWith(battle({ quality: "MILITIA" }), [1, 1], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(m)?.["score"]).toBe(2 + 2 - 1);
  });

  it("FNF-STAT-1: a brigade that lost bases is not Fresh; at its threshold it is Spent (−2)", () => {
    const notFresh = playWith(battle({ bases: 5, startingBases: 6 }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(notFresh)?.["score"]).toBe(6);
    const spent = playWith(battle({ bases: 4, startingBases: 6 }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(spent)?.["score"]).toBe(4);
  });

  it("FNF-MAN-3: Retire a full move directly away from the nearest enemy (FNF-GEO-9)", () => {
    const s = playWith(battle({ bases: 4, startingBases: 6 }), [1, 1], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(s)?.["result"]).toBe("RETIRE");
    expect(unit(s, "fr1").position.y).toBeCloseTo(8, 3);
    expect(unit(s, "fr1").position.x).toBeCloseTo(20, 3);
  });

  it("FNF-MAN-3: Disengage moves until more than 4\" from every enemy base", () => {
    const s0 = battle({ bases: 5, startingBases: 6 }, { gb1: brigade("gb1", "gb", 20, 22.5) });
    const s = playWith(s0, [1, 2], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(s)?.["result"]).toBe("DISENGAGE");
    expect(unit(s, "fr1").position.y).toBeCloseTo(18.5, 2);
  });

  it("FNF-MAN-3: Quit the field removes a disordered brigade; attached leaders stay", () => {
    const s0 = battle({ bases: 4, startingBases: 6, disordered: true });
    const s = playWith(s0, [1, 1], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(s)?.["result"]).toBe("QUIT_FIELD");
    expect(unit(s, "fr1").removed).toBe("quitField");
  });

  it("FNF-MAN-3: Broken loses a base and retires, staying disordered", () => {
    const s = playWith(battle({ bases: 4, startingBases: 6, disordered: true }), [2, 2], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(s)?.["result"]).toBe("BROKEN");
    expect(unit(s, "fr1")).toMatchObject({ bases: 3, disordered: true });
    // FNF-GEO-2: the lost stand comes off the left, so P moves half a base (20 mm) east; then it
    // retires 12" directly away from gb1, centre to centre (FNF-GEO-9).
    const half = 20 / 25.4;
    const depth = 30 / 25.4;
    const gap = { x: half, y: 20 - depth / 2 - (40 + depth / 2) };
    const len = Math.hypot(gap.x, gap.y);
    expect(unit(s, "fr1").position.x).toBeCloseTo(20 + half + (12 * gap.x) / len, 9);
    expect(unit(s, "fr1").position.y).toBeCloseTo(20 + (12 * gap.y) / len, 9);
  });

  it("FNF-STAT-3 and FNF-MAN-3: Shaken removes DISORDERED; Wavering keeps it; only a rally result clears it", () => {
    const shaken = playWith(battle({ disordered: true }), [2, 2], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(shaken)?.["result"]).toBe("SHAKEN");
    expect(unit(shaken, "fr1").disordered).toBe(false);
    const wav = playWith(battle({ disordered: true }), [1, 1], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(wav)?.["result"]).toBe("WAVERING");
    expect(unit(wav, "fr1").disordered).toBe(true);
  });

  it("FNF-MAN-3: Rally and half move, then a 6\" move; Hold allows no move", () => {
    const s = playWith(battle({ disordered: true }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(unit(s, "fr1").turn.maneuver).toMatchObject({ result: "RALLY_HALF_MOVE", allowance: 6 });
    expect(apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 26.5 }] }).ok).toBe(false);
    expect(unit(play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 26 }] }), "fr1").position.y).toBe(26);
    const hold = playWith(battle({ bases: 5, startingBases: 6 }), [2, 2], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(hold, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 21 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/too_far", rule: "FNF-MOVE-2" });
  });

  it("FNF-FORM-2 and FNF-FORM-4: a half-move change on Tardy; none on Hold", () => {
    const s = playWith(battle({ bases: 5, startingBases: 6, formation: "COLUMN_OF_ATTACK" }), [2, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(unit(s, "fr1").turn.maneuver?.result).toBe("TARDY");
    const changed = play(s, { type: "fnf/move", unit: "fr1", change: { to: "LINE" } });
    expect(unit(changed, "fr1").formation).toBe("LINE");
    expect(events(changed, "fnf/formationChanged")[0]).toMatchObject({ rule: "FNF-FORM-2", cost: 6 });
    const hold = playWith(battle({ bases: 5, startingBases: 6 }), [2, 2], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(hold, { type: "fnf/move", unit: "fr1", change: { to: "SUPPORTED_LINE" } });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/no_formation_change", rule: "FNF-FORM-4" });
  });

  it("FNF-FORM-3: a change moving a base more than a full move costs a full move, refused on Tardy", () => {
    const big = { bases: 12, startingBases: 12 };
    const tardy = playWith(battle({ ...big, startingBases: 13 }), [3, 4], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(tardy, { type: "fnf/move", unit: "fr1", change: { to: "COLUMN_OF_ROUTE" } });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/full_change_not_allowed", rule: "FNF-FORM-3" });
    const wh = playWith(battle(big), [4, 4], { type: "fnf/maneuver", unit: "fr1" });
    const ok = play(wh, { type: "fnf/move", unit: "fr1", change: { to: "COLUMN_OF_ROUTE" } });
    expect(events(ok, "fnf/formationChanged")[0]).toMatchObject({ rule: "FNF-FORM-3", cost: 12 });
  });

  it("FNF-FORM-1: cavalry may not form LINE or COLUMN OF ATTACK", () => {
    const s = playWith(battle({ arm: "cavalry", formation: "SUPPORTED_LINE" }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(s, { type: "fnf/move", unit: "fr1", change: { to: "COLUMN_OF_ATTACK" } });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/illegal_formation", rule: "FNF-FORM-1" });
  });

  it("FNF-SKIRM-1: a LIGHT brigade goes into skirmish order for half a move; others may not", () => {
    const s = playWith(battle({ light: true }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const sk = play(s, { type: "fnf/move", unit: "fr1", change: { to: "SKIRMISH" } });
    expect(unit(sk, "fr1")).toMatchObject({ skirmishing: true, formation: "LINE" });
    const n = playWith(battle(), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(n, { type: "fnf/move", unit: "fr1", change: { to: "SKIRMISH" } });
    expect(r.ok ? null : r.violation).toMatchObject({ rule: "FNF-SKIRM-1" });
  });

  it("FNF-MAN-3: the 2\" rule forbids ending within 2\" without contact (AMB-81)", () => {
    const s = playWith(battle({}, { gb1: brigade("gb1", "gb", 20, 32) }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30.5 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/two_inch_rule", rule: "FNF-MAN-3" });
    expect(apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 29.9 }] }).ok).toBe(true);
  });

  it("FNF-MEL-1a: a contact move names a touched target and makes a melee; contact needs Well handled", () => {
    const s = playWith(battle({}, { gb1: brigade("gb1", "gb", 20, 30) }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const unnamed = apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30 }] });
    expect(unnamed.ok ? null : unnamed.violation).toMatchObject({ code: "fnf/name_contact_target", rule: "FNF-MEL-1a" });
    const c = play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30 }], target: "gb1" });
    expect(Object.values(c.fnf?.melees ?? {})).toEqual([{ id: "melee-1", defender: "gb1", attackers: ["fr1"], breakthrough: [] }]);
    const tardy = playWith(battle({ bases: 5, startingBases: 6 }, { gb1: brigade("gb1", "gb", 20, 26) }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(tardy, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 26 }], target: "gb1" });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/contact_not_allowed", rule: "FNF-MAN-3" });
  });

  it("FNF-MAN-5: bad going must be declared; it costs close order −2 and a failed move disorders", () => {
    const woods = { id: "w", kind: "woods", polygon: [{ x: 0, y: 22 }, { x: 40, y: 22 }, { x: 40, y: 30 }, { x: 0, y: 30 }], tags: {} };
    const s = playWith(battle({}, {}, [woods]), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    const r = apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 24 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/undeclared_bad_going", rule: "FNF-MAN-5" });
    const d = playWith(battle({ bases: 5, startingBases: 6 }, {}, [woods]), [2, 2], { type: "fnf/maneuver", unit: "fr1", badGoing: true });
    expect(rolled(d)).toMatchObject({ score: 2, result: "DISENGAGE" });
    expect(unit(d, "fr1").disordered).toBe(true);
    expect(events(d, "fnf/disordered")[0]?.rule).toBe("FNF-MAN-5");
  });

  it("FNF-MOVE-2: rough ground costs double for infantry (AMB-65)", () => {
    const rough = { id: "r", kind: "rough", polygon: [{ x: 0, y: 22 }, { x: 40, y: 22 }, { x: 40, y: 30 }, { x: 0, y: 30 }], tags: {} };
    const s = playWith(battle({}, {}, [rough]), [3, 3], { type: "fnf/maneuver", unit: "fr1", badGoing: true });
    expect(rolled(s)?.["result"]).toBe("TARDY");
    const s2 = playWith(battle({}, {}, [rough]), [4, 4], { type: "fnf/maneuver", unit: "fr1", badGoing: true });
    expect(apply(s2, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 28 }] }).ok).toBe(false);
    expect(apply(s2, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 26 }] }).ok).toBe(true);
  });

  it("FNF-MOVE-3: passing through a friendly brigade costs 3\"", () => {
    const s = playWith(battle({}, { fr2: brigade("fr2", "fr", 20, 25, { division: "d1" }) }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(apply(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 29.5 }] }).ok).toBe(false);
    const ok = play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 28.5 }] });
    expect(events(ok, "fnf/moved")[0]?.["cost"]).toBeCloseTo(11.5, 6);
  });

  it("FNF-CMD-4: out of division radius −1; beyond 18\" −2 instead (AMB-82)", () => {
    const out = playWith(battle({}, {}, [], { d1: { ...leaders.d1, position: { x: 20, y: 8 } } }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(out)?.["score"]).toBe(6 + 2 - 1);
    const far = playWith(battle({}, {}, [], { d1: { ...leaders.d1, position: { x: 60, y: 20 } } }), [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(far)?.["score"]).toBe(6 + 2 - 2);
  });

  it("FNF-CMD-2 and FNF-CMD-3: a division leader beyond his corps leader's radius is out of command; corps leaders never are", () => {
    const s = battle({}, {}, [], { c1: { ...leaders.c1, position: { x: 60, y: 3 } }, d1: { ...leaders.d1, rating: "poor" } });
    expect(events(s, "fnf/outOfCommand")).toEqual([expect.objectContaining({ leader: "d1", rule: "FNF-CMD-2", radius: 18 })]);
    expect(s.fnf?.leaders["d1"]?.outOfCommand).toBe(true);
    const r = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(r)?.["score"]).toBe(6 + 2 - 1);
  });

  it("FNF-CMD-5: leaders move up to 18\" before units roll and attach by contact (+1, exceptional +2)", () => {
    let s = battle({}, {}, [], { d1: { ...leaders.d1, rating: "exceptional" } });
    const far = apply(s, { type: "fnf/moveLeader", leader: "c1", to: { x: 20, y: 31 } });
    expect(far.ok ? null : far.violation).toMatchObject({ code: "fnf/leader_too_far", rule: "FNF-CMD-5" });
    s = play(s, { type: "fnf/moveLeader", leader: "c1", to: { x: 18, y: 19.4 }, attachTo: "fr1" });
    s = play(s, { type: "fnf/moveLeader", leader: "d1", to: { x: 22, y: 19.4 }, attachTo: "fr1" });
    s = playWith(s, [1, 1], { type: "fnf/maneuver", unit: "fr1" });
    expect(rolled(s)?.["score"]).toBe(2 + 2 + 1 + 2);
    const late = apply(s, { type: "fnf/moveLeader", leader: "c1", to: { x: 18, y: 15 } });
    expect(late.ok ? null : late.violation).toMatchObject({ code: "fnf/leader_already_moved" });
  });

  it("FNF-ART-1 and FNF-ART-2: a battery rolls without brigade modifiers, limbers for half a move, moves only limbered", () => {
    const bat = { id: "b1", side: "fr", kind: "battery", arm: "artillery", bases: 1, battery: { type: "FOOT" }, division: "d1", position: { x: 28, y: 20 }, facing: 90 };
    let s = playWith(battle({}, { b1: bat }), [4, 4], { type: "fnf/maneuver", unit: "b1" });
    expect(rolled(s)).toMatchObject({ score: 8, modifiers: [] });
    const r = apply(s, { type: "fnf/move", unit: "b1", path: [{ x: 28, y: 22 }] });
    expect(r.ok ? null : r.violation).toMatchObject({ code: "fnf/unlimbered_cannot_move", rule: "FNF-ART-1" });
    s = play(s, { type: "fnf/move", unit: "b1", path: [{ x: 28, y: 23 }], change: { to: "LIMBERED", when: "before" } });
    expect(unit(s, "b1")).toMatchObject({ battery: { limbered: true }, position: { x: 28, y: 23 } });
  });

  it("FNF-STAT-3: batteries are never disordered by a failed bad-going move (AMB-83)", () => {
    const bat = { id: "b1", side: "fr", kind: "battery", arm: "artillery", bases: 1, battery: { type: "FOOT", limbered: true }, position: { x: 30, y: 20 }, facing: 90 };
    const s = withScriptedDice(battle({}, { b1: bat }), [1, 1]);
    const r = play(s, { type: "fnf/maneuver", unit: "b1", badGoing: true });
    expect(unit(r, "b1").disordered).toBe(false);
  });
});
