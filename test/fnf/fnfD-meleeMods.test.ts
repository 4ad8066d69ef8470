// fnfD (seventh session, issue #17): meleeMods.ts as a whole — the defender's best defensive terrain
// (FNF-MEL-3, FNF-GEO-6/7) for every kind and their ranking, terrain and envelopment counted for the
// defender only, surrounded (FNF-GEO-4), support by brigades only (FNF-GEO-5), stands in melee (FNF-MEL-2)
// and the order of the modifier list.
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { basesInContact, defensiveTerrain, facesAttacked, isSupported, meleeModifiers, standsOf, type MeleeSide } from "../../src/rules/fnf/meleeMods.js";
import type { Unit } from "../../src/rules/fnf/units.js";
import { brigade, fnfBattle, unit } from "./helpers.js";
import { batteryInput } from "../fixtures/fnfD.js";

const sq = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const area = (id: string, kind: string, polygon: { x: number; y: number }[], tags: Record<string, unknown> = {}) => ({ id, kind, polygon, tags });
const line = (id: string, kind: string, y: number, x0 = 0, x1 = 72, width?: number) => ({ id, kind, polygon: [], polyline: [{ x: x0, y }, { x: x1, y }], tags: {}, ...(width === undefined ? {} : { width }) });

/** fr1 and gb1 front to front along y = 30 (fr1's bases below, gb1's above), with terrain. */
const duel = (terrain: unknown[] = [], extra: Record<string, unknown> = {}) =>
  fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 30), gb1: brigade("gb1", "gb", 20, 30), ...extra } }, terrain);
const dt = (s: BattleState) => defensiveTerrain(s, unit(s, "gb1"), [unit(s, "fr1")]);
const side = (u: Unit, attacking: boolean, units: Unit[] = [u]): MeleeSide => ({ lead: u, units, attacking, breakthrough: false });

describe("fnfD: the defender's defensive terrain (FNF-MEL-3, FNF-GEO-6, FNF-GEO-7)", () => {
  it("FNF-MEL-3: open ground gives nothing", () => {
    expect(dt(duel())).toBeNull();
  });
  it("FNF-GEO-7: a line between attacker and defender: stone wall +2, works +3, stream +1 (a deep stream as a stream), ford +1", () => {
    expect(dt(duel([line("w", "stoneWall", 30)]))).toEqual({ name: "stoneWall", value: 2 });
    expect(dt(duel([line("w", "works", 30)]))).toEqual({ name: "works", value: 3 });
    expect(dt(duel([line("w", "stream", 30)]))).toEqual({ name: "stream", value: 1 });
    expect(dt(duel([line("w", "deepStream", 30)]))).toEqual({ name: "stream", value: 1 });
    expect(dt(duel([line("w", "ford", 30)]))).toEqual({ name: "ford", value: 1 });
  });
  it("FNF-GEO-7: a line behind the defender, or across too few of the contacts, is not between them", () => {
    expect(dt(duel([line("w", "stoneWall", 33)]))).toBeNull();
    // Covers the attacker's left bases only (3 of 7 contacts): not more than half.
    expect(dt(duel([line("w", "stoneWall", 30, 0, 18.5)]))).toBeNull();
  });
  it("FNF-GEO-7: mostly in woods +1, buildings +2, a sunken road +2; an attacker in woods gives the defender nothing", () => {
    expect(dt(duel([area("wd", "woods", sq(10, 30.1, 30, 36))]))).toEqual({ name: "woods", value: 1 });
    expect(dt(duel([area("b", "buildings", sq(10, 30.1, 30, 36))]))).toEqual({ name: "buildings", value: 2 });
    expect(dt(duel([line("r", "sunkenRoad", 30.6, 0, 72, 1)]))).toEqual({ name: "sunkenRoad", value: 2 });
    expect(dt(duel([area("wd", "woods", sq(10, 24, 30, 29.9))]))).toBeNull();
  });
  it("FNF-GEO-6: a defender uphill of every attacker +1; not when an attacker stands as high", () => {
    expect(dt(duel([area("h", "hill", sq(0, 30.1, 72, 40), { hill: 1 })]))).toEqual({ name: "hill", value: 1 });
    expect(dt(duel([area("h", "hill", sq(0, 20, 72, 40), { hill: 1 })]))).toBeNull();
    // Two attackers: one below, one as high as the defender.
    const s = duel([area("h", "hill", sq(0, 30.1, 72, 40), { hill: 1 }), area("h2", "hill", sq(40, 20, 72, 30), { hill: 1 })], { fr2: brigade("fr2", "fr", 50, 25) });
    expect(defensiveTerrain(s, unit(s, "gb1"), [unit(s, "fr1")])).toEqual({ name: "hill", value: 1 });
    expect(defensiveTerrain(s, unit(s, "gb1"), [unit(s, "fr1"), unit(s, "fr2")])).toBeNull();
  });
  it("FNF-MEL-3: only the best applies: works over a wall, buildings over woods, a wall over a hill; ties keep the hill", () => {
    expect(dt(duel([line("w", "stoneWall", 30), line("k", "works", 30)]))).toEqual({ name: "works", value: 3 });
    expect(dt(duel([area("wd", "woods", sq(10, 30.1, 30, 36)), area("b", "buildings", sq(10, 30.1, 30, 36))]))).toEqual({ name: "buildings", value: 2 });
    expect(dt(duel([area("h", "hill", sq(0, 30.1, 72, 40), { hill: 1 }), line("w", "stoneWall", 30)]))).toEqual({ name: "stoneWall", value: 2 });
    expect(dt(duel([line("w", "stream", 30), area("h", "hill", sq(0, 30.1, 72, 40), { hill: 1 })]))).toEqual({ name: "hill", value: 1 });
  });
  it("FNF-MEL-3: terrain counts for the defender's side only, after the losses in the list", () => {
    const s = duel([line("w", "stoneWall", 30)]);
    const fr1 = unit(s, "fr1");
    const gb1 = { ...unit(s, "gb1"), turn: { ...unit(s, "gb1").turn, basesLost: 1 } };
    expect(meleeModifiers(s, side(gb1, false), side(fr1, true))).toEqual([
      { name: "fresh", value: 2 },
      { name: "perStandLost", value: -1 },
      { name: "terrain:stoneWall", value: 2 },
    ]);
    expect(meleeModifiers(s, side(fr1, true), side(gb1, false))).toEqual([{ name: "fresh", value: 2 }]);
  });
});

describe("fnfD: faces attacked and envelopment (FNF-GEO-4, FNF-MEL-3)", () => {
  it("FNF-GEO-4: attackers at the front and the rear surround the defender (−5); the attackers themselves are never enveloped", () => {
    // fr2 faces the defender's rear edge (gb1 is one base deep: 30 + 30 mm).
    const rear = 30 + 30 / 25.4;
    const s = duel([], { fr2: brigade("fr2", "fr", 20, rear, { facing: 270 }) });
    const gb1 = unit(s, "gb1");
    const att = [unit(s, "fr1"), unit(s, "fr2")];
    expect([...facesAttacked(gb1, att)].sort()).toEqual(["front", "rear"]);
    expect([...facesAttacked(gb1, [unit(s, "fr1")])]).toEqual(["front"]);
    expect(meleeModifiers(s, side(gb1, false), { lead: att[0] as Unit, units: att, attacking: true, breakthrough: false })).toEqual([
      { name: "fresh", value: 2 },
      { name: "outnumbered2to1", value: -2 },
      { name: "surrounded", value: -5 },
    ]);
    expect(meleeModifiers(s, { lead: att[0] as Unit, units: att, attacking: true, breakthrough: false }, side(gb1, false))).toEqual([{ name: "fresh", value: 2 }]);
  });
  it("FNF-GEO-4: a rear attack alone outflanks (−3)", () => {
    const rear = 30 + 30 / 25.4;
    const s = fnfBattle({ leaders: {}, units: { gb1: brigade("gb1", "gb", 20, 30), fr2: brigade("fr2", "fr", 20, rear, { facing: 270 }) } });
    expect(meleeModifiers(s, side(unit(s, "gb1"), false), side(unit(s, "fr2"), true))).toEqual([
      { name: "fresh", value: 2 },
      { name: "outflanked", value: -3 },
    ]);
  });
});

describe("fnfD: support, stands and contact (FNF-GEO-5, FNF-MEL-2, FNF-MEL-1)", () => {
  it("FNF-GEO-5: only another friendly brigade behind supports: not a battery, not an enemy, not the unit itself", () => {
    const with_ = (u: Record<string, unknown>) => fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20), x: u } });
    expect(isSupported(with_(brigade("x", "fr", 20, 16)), unit(with_(brigade("x", "fr", 20, 16)), "fr1"))).toBe(true);
    const bat = with_(batteryInput("x", "fr", 20, 16));
    expect(isSupported(bat, unit(bat, "fr1"))).toBe(false);
    const foe = with_(brigade("x", "gb", 20, 14, { facing: 90 }));
    expect(isSupported(foe, unit(foe, "fr1"))).toBe(false);
    const alone = fnfBattle({ leaders: {}, units: { fr1: brigade("fr1", "fr", 20, 20) } });
    expect(isSupported(alone, unit(alone, "fr1"))).toBe(false);
    // A supported battery gets no +1 (brigades only), a supported brigade does.
    const b2 = fnfBattle({ leaders: {}, units: { frb: batteryInput("frb", "fr", 20, 20), x: brigade("x", "fr", 20, 16), gb1: brigade("gb1", "gb", 20, 40) } });
    expect(meleeModifiers(b2, side(unit(b2, "frb"), false), side(unit(b2, "gb1"), true)).map((m) => m.name)).not.toContain("supported");
  });
  it("FNF-MEL-2: a column of route counts two stands (one if it has one); skirmishers in column count all; others all; a battery or detachment one", () => {
    const s = duel();
    const u = unit(s, "fr1");
    expect(standsOf({ ...u, formation: "COLUMN_OF_ROUTE" })).toBe(2);
    expect(standsOf({ ...u, formation: "COLUMN_OF_ROUTE", bases: 1 })).toBe(1);
    expect(standsOf({ ...u, formation: "COLUMN_OF_ROUTE", skirmishing: true })).toBe(6);
    expect(standsOf({ ...u, formation: "LINE", bases: 5 })).toBe(5);
    expect(standsOf({ ...u, kind: "detachment", bases: 3 })).toBe(1);
    expect(standsOf({ ...u, kind: "battery", bases: 3 })).toBe(1);
  });
  it("FNF-MEL-1: bases in contact count the attacker's bases touching the defender, none when apart", () => {
    const s = duel([], { fr2: brigade("fr2", "fr", 50, 10) });
    expect(basesInContact(unit(s, "fr1"), unit(s, "gb1"))).toBe(7);
    expect(basesInContact(unit(s, "fr2"), unit(s, "gb1"))).toBe(0);
  });
});
