// fnfA (sixth session, sprint on issue #17): rule tests for the branches that seed-5 survivors showed
// unpinned in breakthrough.ts, withdraw.ts, detachments.ts and meleeMods.ts.
import { describe, expect, it } from "vitest";
import { applyUnknown as apply } from "../../src/index.js";
import { pricingOf } from "../../src/rules/fnf/withdraw.js";
import { meleeModifiers, type MeleeSide } from "../../src/rules/fnf/meleeMods.js";
import { MOVE_RATES } from "../../src/rules/fnf/tables/maneuver.js";
import { advanceTo, brigade, events, fnfBattle, play, playWith, unit } from "./helpers.js";

type S = ReturnType<typeof fnfBattle>;

const village = { id: "v", kind: "buildings", polygon: [{ x: 26, y: 22 }, { x: 32, y: 22 }, { x: 32, y: 27 }, { x: 26, y: 27 }], tags: {} };
const battery = (id: string, side: "fr" | "gb", x: number, y: number, gun: Record<string, unknown> = {}) =>
  ({ id, side, kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", ...gun }, position: { x, y }, facing: side === "fr" ? 90 : 270 }) as const;

/** fr1 (French, LINE 6) contacts gb1 on a Well handled roll; the melee phase starts. */
function contact(extra: Record<string, unknown> = {}): S {
  let s = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20, { nation: "french" }), gb1: brigade("gb1", "gb", 20, 30), ...extra } });
  s = advanceTo(s, "maneuver");
  s = playWith(s, [6, 6], { type: "fnf/maneuver", unit: "fr1" });
  s = play(s, { type: "fnf/move", unit: "fr1", path: [{ x: 20, y: 30 }], target: "gb1" });
  return advanceTo(s, "melee");
}

describe("fnfA: breakthrough, once per melee phase (breakthrough.ts:54)", () => {
  it("FNF-MEL-7 (AMB-89): a brigade that already broke through this phase carries the position after a second Swept instead of breaking through again", () => {
    const s = contact({ gb2: brigade("gb2", "gb", 25.8, 36, { facing: 180 }) });
    const r = playWith(s, [6, 6, 1, 1, 6, 6, 1, 1], { type: "fnf/resolveMelee", melee: "melee-1" });
    expect(events(r, "fnf/meleeRolled").map((e) => [e["lead"], e["defender"], e["result"]])).toEqual([
      ["fr1", "gb1", "SWEPT"],
      ["fr1", "gb2", "SWEPT"],
    ]);
    // One breakthrough only (the first, into gb2); the second Swept carries the position.
    expect(events(r, "fnf/breakthrough").map((e) => [e["unit"], e["target"], e["contact"]])).toEqual([["fr1", "gb2", true]]);
    const carried = events(r, "fnf/carriedPosition");
    // gb2 fled its full 12" (FNF-GEO-9), so fr1 may advance up to 12" and, nothing within 1", takes all of it.
    expect(carried.map((e) => ({ type: e.type, rule: e.rule, unit: e["unit"], distance: e["distance"] }))).toEqual([
      { type: "fnf/carriedPosition", rule: "FNF-MEL-7", unit: "fr1", distance: 12 },
    ]);
    expect(unit(r, "fr1").turn.breakthrough).toBe(true);
  });
});

describe("fnfA: road movement (withdraw.ts:17 pricingOf)", () => {
  const s = fnfBattle({
    leaders: {},
    units: {
      line: brigade("line", "fr", 10, 10),
      route: brigade("route", "fr", 30, 10, { formation: "COLUMN_OF_ROUTE" }),
      routeSk: brigade("routeSk", "fr", 50, 10, { formation: "COLUMN_OF_ROUTE", skirmishing: true, bases: 2 }),
      limb: battery("limb", "fr", 10, 30, { limbered: true }),
      unlimb: battery("unlimb", "fr", 30, 30, { limbered: false }),
      gb1: brigade("gb1", "gb", 60, 44),
    },
  });
  it("FNF-MOVE-2/FNF-MOVE-4: only COLUMN OF ROUTE (not skirmishing) and limbered batteries use roads; skirmishers cross rough ground freely", () => {
    const p = (id: string) => pricingOf(unit(s, id));
    expect(p("line")).toEqual({ rate: MOVE_RATES.infantry, roads: false, roughFree: false });
    expect(p("route")).toEqual({ rate: MOVE_RATES.infantry, roads: true, roughFree: false });
    expect(p("routeSk")).toEqual({ rate: MOVE_RATES.infantry, roads: false, roughFree: true });
    expect(p("limb")).toEqual({ rate: MOVE_RATES.footGuns, roads: true, roughFree: false });
    expect(p("unlimb")).toEqual({ rate: MOVE_RATES.footGuns, roads: false, roughFree: false });
  });
});

describe("fnfA: rejoining on the enemy's turn (detachments.ts:73)", () => {
  it("FNF-DET-2: a detachment cannot rejoin while the other side is active; the refusal names the parent and changes nothing", () => {
    let s = advanceTo(fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), gb1: brigade("gb1", "gb", 20, 44) } }, [village]), "maneuver");
    s = playWith(s, [3, 3], { type: "fnf/maneuver", unit: "fr1" });
    s = play(s, { type: "fnf/detach", unit: "fr1", id: "fr1d", position: { x: 27.5, y: 23 }, facing: 90 });
    s = advanceTo(play(s, { type: "turn/advance" }), "maneuver", "gb");
    const r = apply(s, { type: "fnf/rejoin", detachment: "fr1d" });
    expect(r.ok ? null : r.violation).toEqual({ code: "fnf/not_your_unit", rule: "FNF-DET-2", unit: "fr1" });
  });
});

describe("fnfA: armoured cavalry (meleeMods.ts:85)", () => {
  const s = fnfBattle({
    leaders: {},
    units: {
      cuir: brigade("cuir", "fr", 10, 10, { arm: "cavalry", armored: true, bases: 4 }),
      huss: brigade("huss", "fr", 40, 10, { arm: "cavalry", bases: 4 }),
      inf: brigade("inf", "gb", 10, 40, { bases: 4 }),
    },
  });
  const side = (id: string, attacking: boolean): MeleeSide => ({ lead: unit(s, id), units: [unit(s, id)], attacking, breakthrough: false });
  it("FNF-MEL-3: armoured cavalry adds +1 in melee, attacking or defending; unarmoured cavalry does not", () => {
    const names = (id: string, attacking: boolean) => meleeModifiers(s, side(id, attacking), side("inf", !attacking));
    expect(names("cuir", true)).toEqual([
      { name: "fresh", value: 2 },
      { name: "frenchOrCavalryAttacker", value: 1 },
      { name: "cavalry", value: 1 },
      { name: "armoured", value: 1 },
    ]);
    expect(names("huss", true)).not.toContainEqual({ name: "armoured", value: 1 });
    expect(names("cuir", false)).toContainEqual({ name: "armoured", value: 1 });
  });
});
