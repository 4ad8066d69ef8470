import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { fnfCandidates } from "../../src/rules/fnf/legal.js";
import { advanceTo, brigade, fnfBattle, playWith } from "./helpers.js";

/** The listing's candidates, deferred ones resolved (null ones dropped). */
function listed(s: BattleState) {
  return fnfCandidates(s)
    .map((c) => (typeof c === "function" ? c() : c))
    .filter((a) => a !== null);
}

const maneuverPhase = (units: Record<string, unknown>, terrain: unknown[] = [], leaders: Record<string, unknown> = {}) => advanceTo(fnfBattle({ units, leaders }, terrain), "maneuver", "fr");
const rollFor = (s: BattleState, id: string, dice: number[]) => playWith(s, dice, { type: "fnf/maneuver", unit: id, badGoing: false });
const battery = (id: string, x: number, y: number, limbered: boolean) => ({ id, side: "fr", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered }, position: { x, y }, facing: 90 });
const change = (unit: string, to: string, facing?: number) => ({ type: "fnf/move", unit, path: [], change: facing === undefined ? { to, when: "after" } : { to, facing, when: "after" }, target: null });
const ride = (x: number, y: number, attachTo: string) => ({ type: "fnf/moveLeader", leader: "frc", to: { x, y }, via: [], attachTo });

describe("fnfE: leader rides (FNF-CMD-5)", () => {
  const leaders = { frc: { id: "frc", side: "fr", rank: "corps", position: { x: 30, y: 10 }, attachedTo: "fa" } };
  const units = {
    fa: brigade("fa", "fr", 30, 12),
    fb: brigade("fb", "fr", 40, 10),
    fc: brigade("fc", "fr", 20, 10),
    fd: brigade("fd", "fr", 30, 2, { facing: 270 }),
    fe: brigade("fe", "fr", 50, 10),
    gb1: brigade("gb1", "gb", 60, 44),
  };
  const rides = (s: BattleState) => listed(s).filter((a) => a.type === "fnf/moveLeader");

  it("FNF-CMD-5: the three nearest own command bases within 18\", nearest first; not the unit he is with, not one beyond 18\"", () => {
    expect(rides(maneuverPhase(units, [], leaders))).toEqual([ride(24.72, 9.41, "fc"), ride(25.28, 2.59, "fd"), ride(44.72, 9.41, "fb")]);
  });

  it("FNF-CMD-5: a fourth unit within reach but farther than the third is left out", () => {
    const more = { ...units, ff: brigade("ff", "fr", 30, 26) };
    expect(rides(maneuverPhase(more, [], leaders))).toEqual([ride(24.72, 9.41, "fc"), ride(25.28, 2.59, "fd"), ride(44.72, 9.41, "fb")]);
    const { fb: _gone, ...withoutFb } = more;
    expect(rides(maneuverPhase(withoutFb, [], leaders)).map((a) => (a.type === "fnf/moveLeader" ? a.attachTo : null))).toEqual(["fc", "fd", "ff"]);
  });

  it("FNF-CMD-5: a leader who is with no unit may ride to that one too", () => {
    const free = { frc: { ...leaders.frc, attachedTo: null } };
    expect(rides(maneuverPhase(units, [], free))[0]).toMatchObject({ attachTo: "fa" });
  });

  it("FNF-CMD-5: a leader who has moved is offered nothing more", () => {
    const s = maneuverPhase(units, [], leaders);
    const moved = playWith(s, [], ride(24.72, 9.41, "fc"));
    expect(rides(moved)).toEqual([]);
  });
});

describe("fnfE: detachments into hard cover (FNF-DET-1, FNF-DET-2)", () => {
  const town = { id: "t", kind: "buildings", polygon: [{ x: 10, y: 20 }, { x: 16, y: 20 }, { x: 16, y: 26 }, { x: 10, y: 26 }], tags: {} };
  // Leg middles (35, 20) at 18" and (40, 25) at 25" from the brigade: one in reach (12" + 12"), one past it.
  const wall = { id: "sw", kind: "stoneWall", polygon: [], polyline: [{ x: 30, y: 20 }, { x: 40, y: 20 }, { x: 40, y: 30 }], tags: {} };
  const far = { id: "far", kind: "buildings", polygon: [{ x: 60, y: 2 }, { x: 66, y: 2 }, { x: 66, y: 6 }, { x: 60, y: 6 }], tags: {} };
  const woods = { id: "w", kind: "woods", polygon: [{ x: 20, y: 14 }, { x: 26, y: 14 }, { x: 26, y: 18 }, { x: 20, y: 18 }], tags: {} };
  const terrain = [town, wall, far, woods];
  const detach = (id: string, x: number, y: number, facing: number) => ({ type: "fnf/detach", unit: "fr1", id, position: { x, y }, facing });
  const detaches = (s: BattleState) => listed(s).filter((a) => a.type === "fnf/detach");

  it("FNF-DET-2: the middle of each building and each wall leg within one move plus 12\", facing the nearest enemy; soft cover is no spot", () => {
    const s = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 44) }, terrain), "fr1", [2, 2]);
    expect(detaches(s)).toEqual([detach("fr1-det1", 13, 23, 72), detach("fr1-det1", 35, 20, 122)]);
  });

  it("FNF-DET-2: the detachment's id skips one already used", () => {
    const s = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), "fr1-det1": brigade("fr1-det1", "fr", 60, 30), gb1: brigade("gb1", "gb", 20, 44) }, terrain), "fr1", [2, 2]);
    expect(detaches(s)).toEqual([detach("fr1-det2", 13, 23, 72), detach("fr1-det2", 35, 20, 122)]);
  });

  it("FNF-DET-1: no detachment from cavalry, from a brigade of one base, nor on a result with no formation change", () => {
    const cav = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10, { arm: "cavalry", bases: 4, formation: "SUPPORTED_LINE" }), gb1: brigade("gb1", "gb", 20, 44) }, terrain), "fr1", [2, 2]);
    expect(detaches(cav)).toEqual([]);
    const one = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10, { bases: 1 }), gb1: brigade("gb1", "gb", 20, 44) }, terrain), "fr1", [2, 2]);
    expect(detaches(one)).toEqual([]);
    const two = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10, { bases: 2 }), gb1: brigade("gb1", "gb", 20, 44) }, terrain), "fr1", [2, 2]);
    expect(detaches(two)).toHaveLength(2);
    const held = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10), gb1: brigade("gb1", "gb", 20, 44) }, terrain), "fr1", [1, 2]);
    expect(detaches(held)).toEqual([]);
  });

  it("FNF-DET-2: no enemy on the table: the detachment keeps the brigade's facing", () => {
    const s = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10) }, terrain), "fr1", [2, 2]);
    expect(detaches(s)).toEqual([detach("fr1-det1", 13, 23, 90), detach("fr1-det1", 35, 20, 90)]);
  });

  it("FNF-DET-2: a temporary detachment is offered to rejoin; a permanent one is not", () => {
    const s = maneuverPhase({
      fr1: brigade("fr1", "fr", 20, 10),
      tmp: { ...brigade("tmp", "fr", 40, 10), kind: "detachment", bases: 1, parent: "fr1" },
      perm: { ...brigade("perm", "fr", 50, 10), kind: "detachment", bases: 1 },
      gb1: brigade("gb1", "gb", 20, 44),
    });
    expect(listed(s).filter((a) => a.type === "fnf/rejoin")).toEqual([{ type: "fnf/rejoin", detachment: "tmp" }]);
    expect(listed(s).filter((a) => a.type === "fnf/maneuver")).toEqual([{ type: "fnf/maneuver", unit: "fr1", badGoing: false }]);
  });
});

describe("fnfE: formation changes of batteries and light infantry (FNF-ART-1, FNF-SKIRM-1)", () => {
  it("FNF-ART-1: a limbered battery moves or unlimbers; an unlimbered one holds, limbers either way or pivots to the enemy", () => {
    let s = maneuverPhase({ fr1: battery("fr1", 20, 10, true), fr2: battery("fr2", 40, 10, false), gb1: brigade("gb1", "gb", 30, 40) });
    s = rollFor(rollFor(s, "fr1", [4, 4]), "fr2", [4, 4]);
    const hold = (unit: string) => ({ type: "fnf/move", unit, path: [], change: null, target: null });
    const step = (x: number, y: number) => ({ type: "fnf/move", unit: "fr1", path: [{ x, y }], change: null, target: null });
    expect(listed(s)).toEqual([
      hold("fr1"),
      step(22.53, 17.59),
      step(21.26, 13.79),
      change("fr1", "UNLIMBERED"),
      change("fr1", "UNLIMBERED", 72),
      hold("fr2"),
      change("fr2", "LIMBERED"),
      change("fr2", "LIMBERED", 108),
      change("fr2", "PIVOT", 108),
    ]);
  });

  it("FNF-SKIRM-1: light infantry may also go skirmishing; skirmishers may only return to close order", () => {
    let s = maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10, { light: true }), fr2: brigade("fr2", "fr", 40, 10, { light: true, skirmishing: true }), gb1: brigade("gb1", "gb", 30, 40) });
    s = rollFor(rollFor(s, "fr1", [4, 4]), "fr2", [4, 4]);
    expect(listed(s).filter((a) => a.type === "fnf/move" && a.change !== null)).toEqual([
      change("fr1", "LINE", 72),
      change("fr1", "SUPPORTED_LINE"),
      change("fr1", "SUPPORTED_LINE", 72),
      change("fr1", "COLUMN_OF_ROUTE"),
      change("fr1", "COLUMN_OF_ROUTE", 72),
      change("fr1", "COLUMN_OF_ATTACK"),
      change("fr1", "COLUMN_OF_ATTACK", 72),
      change("fr1", "SKIRMISH"),
      change("fr1", "SKIRMISH", 72),
      change("fr2", "CLOSE_ORDER"),
      change("fr2", "CLOSE_ORDER", 108),
    ]);
  });

  it("FNF-FORM-1: cavalry are offered their two formations only", () => {
    const s = rollFor(maneuverPhase({ fr1: brigade("fr1", "fr", 20, 10, { arm: "cavalry", bases: 4, formation: "SUPPORTED_LINE" }), gb1: brigade("gb1", "gb", 20, 40) }), "fr1", [4, 4]);
    expect(listed(s).filter((a) => a.type === "fnf/move" && a.change !== null)).toEqual([change("fr1", "COLUMN_OF_ROUTE")]);
  });
});
