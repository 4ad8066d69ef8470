// fnfA (sixth session, sprint on issue #17): detachments.ts — every refusal of detach and rejoin with its
// exact violation, the allowance and distance limits just inside and outside, and the whole success.
import { describe, expect, it } from "vitest";
import { applyUnknown as apply, type BattleState } from "../../src/index.js";
import { layoutOf } from "../../src/rules/fnf/geometry/layout.js";
import { basesDistance, rectsOf } from "../../src/rules/fnf/geometry/measure.js";
import { advanceTo, brigade, events, fnfBattle, play, playWith, unit } from "./helpers.js";

const town = { id: "t", kind: "buildings", polygon: [{ x: 30, y: 15 }, { x: 50, y: 15 }, { x: 50, y: 25 }, { x: 30, y: 25 }], tags: {} };
const battery = (id: string, side: "fr" | "gb", x: number, y: number) =>
  ({ id, side, kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT" }, position: { x, y }, facing: side === "fr" ? 90 : 270 }) as const;

/** fr1 (LINE 6 at 20,20) beside a town; French maneuver phase; fr1 rolled Well handled (12"). */
function ready(extra: Record<string, unknown> = {}, leaders: Record<string, unknown> = {}, roll = true): BattleState {
  let s = advanceTo(fnfBattle({ leaders, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 44), ...extra } }, [town]), "maneuver");
  if (roll) s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
  return s;
}
const detach = (unitId: string, x = 36, y = 20, id = "fr1d") => ({ type: "fnf/detach", unit: unitId, id, position: { x, y }, facing: 90 });
const refusal = (s: BattleState, a: unknown) => {
  const r = apply(s, a);
  return r.ok ? null : r.violation;
};
/** The state with fr1's maneuver record changed. */
function withRecord(s: BattleState, over: Record<string, unknown>): BattleState {
  const u = unit(s, "fr1");
  const rec = u.turn.maneuver;
  if (rec === null) throw new Error("no roll");
  return { ...s, fnf: { ...s.fnf, units: { ...s.fnf?.units, fr1: { ...u, turn: { ...u.turn, maneuver: { ...rec, ...over } } } } } } as BattleState;
}

describe("fnfA: making a detachment (FNF-DET-1, FNF-DET-2)", () => {
  it("FNF-DET-2: a detachment is one base of the brigade; the parent spends half its move as a formation change", () => {
    const s0 = ready();
    expect(unit(s0, "fr1").turn.maneuver?.allowance).toBe(12);
    const r = apply(s0, detach("fr1"));
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect(r.events.map((e) => ({ ...e, seq: 0, gameTurn: 0 }))).toEqual([{ type: "fnf/detached", rule: "FNF-DET-2", unit: "fr1", detachment: "fr1d", position: [36, 20], seq: 0, gameTurn: 0 }]);
    const p = unit(r.state, "fr1");
    expect([p.bases, p.detached, p.turn.changedFormation, p.turn.maneuver?.changed, p.turn.maneuver?.allowance]).toEqual([5, 1, true, true, 6]);
    const d = unit(r.state, "fr1d");
    expect(d).toEqual({
      ...unit(s0, "fr1"),
      id: "fr1d",
      name: `${unit(s0, "fr1").name} (detachment)`,
      kind: "detachment",
      bases: 1,
      startingBases: 1,
      detached: 0,
      parent: "fr1",
      formation: "LINE",
      position: { x: 36, y: 20 },
      facing: 90,
      exceptionalBrigadier: false,
      turn: { maneuver: null, changedFormation: false, fired: false, basesLost: 0, breakthrough: false, compulsoryMoved: false },
    });
  });

  it("FNF-DET-2: only an infantry brigade detaches (cavalry, batteries, detachments and unknown ids are refused)", () => {
    const s = ready({ cav: brigade("cav", "fr", 60, 10, { arm: "cavalry" }), frb: battery("frb", "fr", 60, 30) });
    for (const id of ["cav", "frb", "nobody"]) expect(refusal(s, detach(id))).toEqual({ code: "fnf/cannot_detach", rule: "FNF-DET-2", unit: id });
    const made = play(s, detach("fr1"));
    expect(refusal(made, detach("fr1d", 40, 20, "x"))).toEqual({ code: "fnf/cannot_detach", rule: "FNF-DET-2", unit: "fr1d" });
  });

  it("FNF-DET-2: the enemy's brigade is refused as not yours", () => {
    expect(refusal(ready(), detach("gb1"))).toEqual({ code: "fnf/not_your_unit", rule: "FNF-DET-2", unit: "gb1" });
  });

  it("FNF-DET-2 and FNF-FORM-4: a brigade must have rolled, may change, not have changed or moved, and keep half a move", () => {
    expect(refusal(ready({}, {}, false), detach("fr1"))).toEqual({ code: "fnf/must_roll_first", rule: "FNF-DET-2", unit: "fr1" });
    const s = ready();
    for (const over of [{ mayChange: false }, { changed: true }, { moved: true }]) {
      expect(refusal(withRecord(s, over), detach("fr1"))).toEqual({ code: "fnf/no_formation_change", rule: "FNF-DET-2", unit: "fr1" });
    }
    // Half of a 12" move: exactly 6" left still allows it, a hair less does not.
    expect(apply(withRecord(s, { allowance: 6 }), detach("fr1")).ok).toBe(true);
    expect(refusal(withRecord(s, { allowance: 5.99 }), detach("fr1"))).toEqual({ code: "fnf/too_far", rule: "FNF-DET-2", unit: "fr1" });
  });

  it("FNF-DET-2: a brigade of one base cannot detach (the refusal gives its bases)", () => {
    const s = ready();
    const one = { ...s, fnf: { ...s.fnf, units: { ...s.fnf?.units, fr1: { ...unit(s, "fr1"), bases: 1 } } } } as BattleState;
    expect(refusal(one, detach("fr1"))).toEqual({ code: "fnf/cannot_detach", rule: "FNF-DET-2", unit: "fr1", bases: 1 });
    const two = { ...s, fnf: { ...s.fnf, units: { ...s.fnf?.units, fr1: { ...unit(s, "fr1"), bases: 2 } } } } as BattleState;
    expect(apply(two, detach("fr1", 32)).ok).toBe(true);
  });

  it("FNF-DET-2: the new id may not be a unit's or a leader's", () => {
    const s = ready({}, { frd: { id: "frd", side: "fr", rank: "division", position: { x: 5, y: 5 } } });
    expect(refusal(s, detach("fr1", 36, 20, "gb1"))).toEqual({ code: "fnf/id_taken", rule: "FNF-DET-2", unit: "fr1", id: "gb1" });
    expect(refusal(s, detach("fr1", 36, 20, "frd"))).toEqual({ code: "fnf/id_taken", rule: "FNF-DET-2", unit: "fr1", id: "frd" });
  });

  it("FNF-DET-1: the base must stand in hard cover", () => {
    expect(refusal(ready(), detach("fr1", 28, 20))).toEqual({ code: "fnf/not_hard_cover", rule: "FNF-DET-1", unit: "fr1" });
  });

  it("FNF-DET-2: the base may stand up to one normal move (12\") from the parent's bases, not beyond", () => {
    const s = ready();
    const gap = (x: number) => basesDistance(rectsOf(layoutOf({ ...unit(s, "fr1"), kind: "detachment", bases: 1, position: { x, y: 20 }, facing: 90 })), rectsOf(layoutOf(unit(s, "fr1"))));
    const at12 = 40 - gap(40) + 12;
    expect(gap(at12)).toBeCloseTo(12, 9);
    expect(apply(s, detach("fr1", at12 - 0.01)).ok).toBe(true);
    expect(refusal(s, detach("fr1", at12 + 0.01))).toEqual({ code: "fnf/detachment_too_far", rule: "FNF-DET-2", unit: "fr1", max: 12 });
  });

  it("FNF-GEO-2a: the base may not overlap another unit (the parent itself excepted)", () => {
    const s = ready({ fr2: brigade("fr2", "fr", 36, 20, { bases: 2 }) });
    const on = layoutOf(unit(s, "fr2")).bases.find((b) => !b.command)?.rect.center ?? { x: 0, y: 0 };
    expect(refusal(s, detach("fr1", on.x, on.y))).toEqual({ code: "fnf/overlap", rule: "FNF-GEO-2a", unit: "fr1", other: "fr2" });
  });
});

describe("fnfA: rejoining (FNF-DET-2, FNF-DET-3)", () => {
  /** fr1 detached fr1d at (36, 20) last French turn; it is France's maneuver phase again. */
  function detachedLastTurn(roll = true): BattleState {
    let s = play(ready(), detach("fr1"));
    s = advanceTo(play(s, { type: "turn/advance" }), "maneuver", "fr");
    if (roll) s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    return s;
  }

  it("FNF-DET-2: the detachment rejoins: removed as rejoined, the parent gets its base back and spends half a move", () => {
    const s = detachedLastTurn();
    const r = apply(s, { type: "fnf/rejoin", detachment: "fr1d" });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    expect((r.events as unknown as Record<string, unknown>[]).map((e) => [e.type, e.rule, e["unit"], e["detachment"] ?? e["reason"]])).toEqual([
      ["fnf/unitRemoved", "FNF-DET-2", "fr1d", "rejoined"],
      ["fnf/rejoined", "FNF-DET-2", "fr1", "fr1d"],
    ]);
    const p = unit(r.state, "fr1");
    expect([p.bases, p.detached, p.turn.changedFormation, p.turn.maneuver?.changed, p.turn.maneuver?.allowance]).toEqual([6, 0, true, true, 6]);
  });

  it("FNF-DET-2: the parent must have rolled to rejoin; a brigade or unknown id cannot rejoin", () => {
    const s = detachedLastTurn(false);
    expect(refusal(s, { type: "fnf/rejoin", detachment: "fr1d" })).toEqual({ code: "fnf/must_roll_first", rule: "FNF-DET-2", unit: "fr1" });
    expect(refusal(s, { type: "fnf/rejoin", detachment: "fr1" })).toEqual({ code: "fnf/cannot_rejoin", rule: "FNF-DET-3", detachment: "fr1" });
    expect(refusal(s, { type: "fnf/rejoin", detachment: "nobody" })).toEqual({ code: "fnf/cannot_rejoin", rule: "FNF-DET-3", detachment: "nobody" });
  });

  it("FNF-DET-2: a detachment whose parent is gone cannot rejoin", () => {
    const s = detachedLastTurn();
    const gone = { ...s, fnf: { ...s.fnf, units: Object.fromEntries(Object.entries(s.fnf?.units ?? {}).filter(([k]) => k !== "fr1")) } } as BattleState;
    expect(refusal(gone, { type: "fnf/rejoin", detachment: "fr1d" })).toEqual({ code: "fnf/cannot_rejoin", rule: "FNF-DET-3", detachment: "fr1d" });
  });

  it("FNF-DET-2: a detachment more than one move from its parent may not rejoin", () => {
    const s = detachedLastTurn();
    const far = { ...s, fnf: { ...s.fnf, units: { ...s.fnf?.units, fr1d: { ...unit(s, "fr1d"), position: { x: 60, y: 20 } } } } } as BattleState;
    expect(refusal(far, { type: "fnf/rejoin", detachment: "fr1d" })).toEqual({ code: "fnf/detachment_too_far", rule: "FNF-DET-2", detachment: "fr1d", max: 12 });
    expect(events(s, "fnf/rejoined")).toEqual([]);
  });
});
