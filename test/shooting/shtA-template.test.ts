/**
 * template.ts as a whole: every refusal of `shooting/volley` compared complete, the aim's range
 * limits from both sides, the placement roll's score (leader's BS, fixed −1, a skirmishing aim unit),
 * the full event list of a volley, models touched (Large Targets, guns) and the volley leader's BS.
 */
import { describe, expect, it } from "vitest";
import type { BattleEvent, UnitSetup } from "../../src/index.js";
import type { BattleSetup } from "../../src/state/setup.js";
import { touchedModels, volleyLeaderBs } from "../../src/rules/whn/shooting/template.js";
import { battalion, leader, patchUnit, play, refuse, regiment, shooterSetup, shootingBattle, unit } from "../fixtures/shooting.js";
import { gun } from "../fixtures/artillery.js";

const BOWS = { equipment: { missile: "bow" as const, melee: "handWeapon" as const } };
const archers = (over: Partial<UnitSetup> = {}) => shooterSetup({ ...BOWS, figures: 20, files: 10, ...over });
const foot = (id: string, x: number, y: number, over: Partial<UnitSetup> = {}) =>
  battalion(id, "gb", { figures: 10, files: 5, formation: "LINE", position: { x, y }, facing: 270, command: {}, ...over });
const field = (units: UnitSetup[], over: Partial<BattleSetup> = {}) => shootingBattle(units, { options: { hr: { volley: true } }, ...over } as Partial<BattleSetup>);
const volley = (shooter: string, aim: unknown) => ({ type: "shooting/volley", shooter, aim });
const plain = (events: readonly BattleEvent[]) => events.map(({ seq: _s, gameTurn: _g, ...e }) => e);
/** A field with the archers and a British line far off to the side (nothing near the aim points). */
const open = () => field([archers(), foot("gb-1", 4, 40)]);

describe("volley refusals (HR-GEN-1, HR-VOLLEY-1, HR-VOLLEY-2, CORE-SHOOT-1)", () => {
  it("HR-GEN-1: with the house rule off there is no volley", () => {
    const s = shootingBattle([archers(), foot("gb-1", 36, 26)]);
    expect(refuse(s, volley("fr-1", { x: 36, y: 27 }))).toEqual({ code: "shooting/volley_off", rule: "HR-GEN-1" });
  });

  it("CORE-SHOOT-1: a shooter's own problem, and a unit that already shot", () => {
    expect(refuse(field([archers({ order: "FLEEING" }), foot("gb-1", 4, 40)]), volley("fr-1", { x: 36, y: 27 }))).toEqual({ code: "shooting/fleeing", rule: "CORE-SHOOT-1", unit: "fr-1" });
    const s = open();
    const shot = patchUnit(s, "fr-1", { flags: { ...unit(s, "fr-1").flags, shot: true } });
    expect(refuse(shot, volley("fr-1", { x: 36, y: 27 }))).toEqual({ code: "shooting/already_shot", rule: "CORE-SHOOT-1", unit: "fr-1" });
  });

  it("HR-VOLLEY-1: muskets and crossbows cannot; skirmishing archers cannot", () => {
    expect(refuse(field([shooterSetup(), foot("gb-1", 4, 40)]), volley("fr-1", { x: 36, y: 27 }))).toEqual({
      code: "shooting/volley_not_bows", rule: "HR-VOLLEY-1", unit: "fr-1", weapon: "musket",
    });
    expect(refuse(field([shooterSetup({ equipment: { missile: "crossbow", melee: "handWeapon" } }), foot("gb-1", 4, 40)]), volley("fr-1", { x: 36, y: 27 }))).toEqual({
      code: "shooting/volley_not_bows", rule: "HR-VOLLEY-1", unit: "fr-1", weapon: "crossbow",
    });
    expect(refuse(field([archers({ formation: "OPEN_ORDER", light: true }), foot("gb-1", 4, 40)]), volley("fr-1", { x: 36, y: 27 }))).toEqual({
      code: "shooting/volley_skirmishing", rule: "HR-VOLLEY-1", unit: "fr-1",
    });
  });

  it("HR-VOLLEY-2: an aim unit unknown or out of play, or unseen", () => {
    expect(refuse(open(), volley("fr-1", { unit: "gb-8" }))).toEqual({ code: "shooting/unknown_target", rule: "CORE-SHOOT-1", target: "gb-8" });
    const wood = { id: "wood", kind: "woods", polygon: [{ x: 20, y: 18 }, { x: 52, y: 18 }, { x: 52, y: 20 }, { x: 20, y: 20 }], tags: { blocksLos: true } };
    const hidden = field([archers(), foot("gb-1", 36, 26)], { terrain: [wood] } as Partial<BattleSetup>);
    expect(refuse(hidden, volley("fr-1", { unit: "gb-1" }))).toEqual({ code: "shooting/volley_unseen_unit", rule: "HR-VOLLEY-2", target: "gb-1" });
  });

  it("HR-VOLLEY-2: the aim must lie beyond half the bow's reach (12\") and within it (24\")", () => {
    const s = open();
    const v12 = refuse(s, volley("fr-1", { x: 36, y: 22 }));
    expect(v12).toEqual({ code: "shooting/volley_range", rule: "HR-VOLLEY-2", unit: "fr-1", min: 12, max: 24, actual: v12["actual"] });
    expect(v12["actual"]).toBeCloseTo(12, 9);
    const v24 = refuse(s, volley("fr-1", { x: 36, y: 34.01 }));
    expect(v24).toMatchObject({ code: "shooting/volley_range", min: 12, max: 24 });
    expect(v24["actual"]).toBeCloseTo(24.01, 9);
    expect(play(s, volley("fr-1", { x: 36, y: 22.01 }), [6]).events.map((e) => e.type)).toEqual(["shooting/volleyPlaced", "shooting/volleyRolls"]);
    expect(play(s, volley("fr-1", { x: 36, y: 34 }), [6]).events.map((e) => e.type)).toEqual(["shooting/volleyPlaced", "shooting/volleyRolls"]);
  });

  it("HR-VOLLEY-2: an aim point outside the shooter's arc, with the point given", () => {
    expect(refuse(open(), volley("fr-1", { x: 56, y: 12 }))).toEqual({ code: "shooting/volley_arc", rule: "HR-VOLLEY-2", unit: "fr-1", x: 56, y: 12 });
  });
});

describe("a volley, event by event (HR-VOLLEY-3 … HR-VOLLEY-9)", () => {
  it("HR-VOLLEY-9: placed on a line 16.8\" off: 10 of 20 rolls at long range (5+), wounds, a loss and the Panic test", () => {
    const s = field([archers(), foot("gb-1", 36, 26)]);
    const r = play(s, volley("fr-1", { x: 36, y: 26.8 }), [6, 5, 6, 1, 1, 1, 1, 1, 1, 1, 1, 4, 3, 3, 3]);
    const ev = plain(r.events);
    expect(ev.slice(0, 6)).toEqual([
      { type: "shooting/volleyPlaced", rule: "HR-VOLLEY-3", shooter: "fr-1", aim: { x: 36, y: 26.8 }, need: 5, hit: true, scatter: null, centre: { x: 36, y: 26.8 } },
      { type: "shooting/volleyRolls", rule: "HR-VOLLEY-6", shooter: "fr-1", shooters: 20, touched: [{ unit: "gb-1", models: 10 }], allocation: [{ unit: "gb-1", rolls: 10 }], mode: "roundRobin" },
      { type: "shooting/hits", rule: "HR-VOLLEY-9", shooter: "fr-1", unit: "gb-1", rolls: 10, need: 5, hits: 2 },
      { type: "shooting/wounds", rule: "CORE-WOUND-1", unit: "gb-1", hits: 2, need: 4, wounds: 1 },
      { type: "shooting/saves", rule: "CORE-SAVE-1", unit: "gb-1", wounds: 1, need: null, saved: 0 },
      { type: "unit/casualties", rule: "WHN-FORM-8", unit: "gb-1", removed: 1, wounds: 1, figures: 9, commandLost: [] },
    ]);
    expect(ev[6]).toEqual({ type: "shooting/panicThreshold", rule: "WHN-PANIC-2", unit: "gb-1", casualties: 1, figuresAtStart: 10, quality: "REGULAR" });
    expect(unit(r.state, "fr-1").flags.shot).toBe(true);
    expect(unit(r.state, "gb-1").figures).toBe(9);
  });

  it("HR-VOLLEY-7: with all ranks switched off, only those who could fire count (15 of 20); all missing leaves no wounds event", () => {
    const s = field([archers(), foot("gb-1", 36, 26, { figures: 20, files: 10 })], { options: { hr: { volley: true, volleyAllRanks: false } } } as Partial<BattleSetup>);
    const r = play(s, volley("fr-1", { x: 36, y: 26.8 }), [6, ...new Array<number>(20).fill(1)]);
    const rolls = plain(r.events)[1] as Record<string, unknown>;
    expect(rolls["shooters"]).toBe(15);
    expect(r.events.map((e) => e.type)).toEqual(["shooting/volleyPlaced", "shooting/volleyRolls", "shooting/hits"]);
  });

  it("HR-VOLLEY-3: aimed at a skirmishing unit, the placement takes its −1 as well as the fixed −1", () => {
    const s = field([archers(), foot("gb-1", 36, 26, { formation: "OPEN_ORDER", light: true })]);
    const r = play(s, volley("fr-1", { unit: "gb-1" }), [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(plain(r.events)[0]).toMatchObject({ type: "shooting/volleyPlaced", need: 6, hit: true, scatter: null });
    const line = field([archers(), foot("gb-1", 36, 26)]);
    const r2 = play(line, volley("fr-1", { unit: "gb-1" }), [5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(plain(r2.events)[0]).toMatchObject({ type: "shooting/volleyPlaced", need: 5, hit: true });
  });

  it("HR-VOLLEY-3: a disordered or moved shooter places at BS −1 or −1 more", () => {
    const dis = field([archers({ order: "DISORDERED" }), foot("gb-1", 4, 40)]);
    expect(plain(play(dis, volley("fr-1", { x: 36, y: 26 }), [6]).events)[0]).toMatchObject({ need: 6 });
    const s = open();
    const moved = patchUnit(s, "fr-1", { flags: { ...unit(s, "fr-1").flags, moved: true } });
    expect(plain(play(moved, volley("fr-1", { x: 36, y: 26 }), [6]).events)[0]).toMatchObject({ need: 6 });
  });

  it("HR-VOLLEY-9: a volley scattered back inside 12\" shoots at close range", () => {
    const s = field([archers(), foot("gb-1", 36, 20)]);
    // Aim 13" off, miss (4 < 5), scatter 2 + 2 = 4" toward the shooter (angle 270): centre 9" off.
    const r = play(s, volley("fr-1", { x: 36, y: 23 }), [4, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [270]);
    const ev = plain(r.events);
    expect(ev[0]).toMatchObject({ hit: false, scatter: { distance: 4, angle: 270 } });
    expect((ev[0] as unknown as { centre: { y: number } }).centre.y).toBeCloseTo(19, 9);
    expect(ev[2]).toMatchObject({ type: "shooting/hits", need: 4 });
  });
});

describe("models touched and the volley leader (HR-VOLLEY-3, HR-VOLLEY-8)", () => {
  it("HR-VOLLEY-8: a Large Target counts the small bases its base holds; an explicit flag wins", () => {
    const s = shootingBattle([archers(), regiment("gb-1", "gb", { position: { x: 36, y: 26 }, facing: 270 })]);
    const cav = unit(s, "gb-1");
    const c = { x: 36, y: 26.5 };
    const touched = touchedModels(cav, c, 1e9);
    expect(touched).toBeGreaterThan(0);
    // 25 × 50 mm holds 1 × 2 bases of 20 mm.
    expect(touchedModels(cav, c, 1250)).toBe(touched * 2);
    expect(touchedModels(cav, c, 1251)).toBe(touched);
    expect(touchedModels({ ...cav, largeTarget: true }, c, 1e9)).toBe(touched * 2);
    expect(touchedModels({ ...cav, largeTarget: false }, c, 1)).toBe(touched);
    expect(touchedModels(cav, { x: 80, y: 80 }, 1)).toBe(0);
  });

  it("CORE-GEO-29: a gun touched counts as its crew", () => {
    const s = shootingBattle([archers(), gun("gb-1", "gb", {}, { position: { x: 36, y: 26 }, facing: 270 })]);
    const g = unit(s, "gb-1");
    expect(touchedModels(g, { x: 36, y: 26.3 }, 1)).toBe(g.figures);
    expect(touchedModels(g, { x: 80, y: 80 }, 1)).toBe(0);
  });

  it("HR-VOLLEY-3: the leader's BS is the best of the champion and joined characters, else the unit's", () => {
    const s = shootingBattle([archers({ command: { leader: true } }), foot("gb-1", 4, 40)], {
      characters: [leader("robin", "fr", { joinedTo: "fr-1", profile: { M: 4, WS: 4, BS: 5, S: 3, T: 3, W: 2, I: 4, A: 2, Ld: 8 }, position: { x: 36, y: 10 } })],
    });
    const u = unit(s, "fr-1");
    expect(volleyLeaderBs(s, u)).toBe(5);
    expect(volleyLeaderBs(s, { ...u, champion: { ...u.profile, BS: 6 } } as never)).toBe(6);
    const bare = shootingBattle([archers({ command: {} }), foot("gb-1", 4, 40)]);
    const b = unit(bare, "fr-1");
    expect(volleyLeaderBs(bare, b)).toBe(3);
    expect(volleyLeaderBs(bare, { ...b, profile: { ...b.profile, BS: 4 } })).toBe(4);
    const led = shootingBattle([archers({ command: { leader: true } }), foot("gb-1", 4, 40)]);
    const l = unit(led, "fr-1");
    expect(volleyLeaderBs(led, { ...l, champion: { ...l.profile, BS: 2 } } as never)).toBe(2);
    expect(volleyLeaderBs(led, { ...l, champion: null } as never)).toBe(3);
  });
});
