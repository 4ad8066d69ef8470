/**
 * situation.ts as a whole: every refusal of `shotSituation` compared complete (code, rule and every
 * detail), every order of the shooter's checks, the facts of a legal shot, and the memory of
 * readings (each part of the state it depends on, changed alone under the same units record).
 */
import { describe, expect, it } from "vitest";
import { unitId, type BattleState } from "../../src/index.js";
import { shotSituation } from "../../src/rules/whn/shooting/situation.js";
import { battalion, duel, leader, patchUnit, shooterSetup, shootingBattle, targetSetup, unit } from "../fixtures/shooting.js";
import { gun } from "../fixtures/artillery.js";
import { engage, legal, read, refusal, req, whnOptions, hrOptions } from "../fixtures/shtA.js";

const flags = (s: BattleState, id: string, f: Record<string, boolean>) => patchUnit(s, id, { flags: { ...unit(s, id).flags, ...f } });
const WOOD = { id: "wood", kind: "woods", polygon: [{ x: 30, y: 14 }, { x: 42, y: 14 }, { x: 42, y: 16 }, { x: 30, y: 16 }], tags: { blocksLos: true } };

describe("the shooter's own checks (CORE-SHOOT-1, WHN-SHOOT-8, CORE-CHRG-6/8, CORE-RALLY-4)", () => {
  it("CORE-SHOOT-1: an unknown shooter, or one no longer in play, is refused by id", () => {
    expect(refusal(read(duel(10), "fr-9", "gb-1"))).toEqual({ code: "shooting/unknown_unit", rule: "CORE-SHOOT-1", unit: "fr-9" });
    const gone = patchUnit(duel(10), "fr-1", { figures: 0, removed: { reason: "destroyed", turn: 1 } } as never);
    expect(refusal(read(gone, "fr-1", "gb-1"))).toEqual({ code: "shooting/unknown_unit", rule: "CORE-SHOOT-1", unit: "fr-1" });
  });

  it("CORE-SHOOT-1: a gun fires with the artillery actions, not this one", () => {
    const s = shootingBattle([gun("fr-1", "fr"), targetSetup(10)]);
    expect(refusal(read(s, "fr-1", "gb-1"))).toEqual({ code: "shooting/artillery", rule: "CORE-SHOOT-1", unit: "fr-1" });
  });

  it("CORE-SHOOT-1: no missile weapon, fleeing, engaged: each refused with the unit named", () => {
    expect(refusal(read(duel(10, { equipment: { missile: null, melee: "handWeapon" } }), "fr-1", "gb-1"))).toEqual({ code: "shooting/no_missile_weapon", rule: "CORE-SHOOT-1", unit: "fr-1" });
    expect(refusal(read(duel(10, { order: "FLEEING" }), "fr-1", "gb-1"))).toEqual({ code: "shooting/fleeing", rule: "CORE-SHOOT-1", unit: "fr-1" });
    const foe = shootingBattle([shooterSetup(), targetSetup(10), battalion("gb-2", "gb", { position: { x: 10, y: 10 } })]);
    expect(refusal(read(engage(foe, "fr-1", "gb-2"), "fr-1", "gb-1"))).toEqual({ code: "shooting/engaged", rule: "CORE-SHOOT-1", unit: "fr-1" });
    // Stand and shoot does not lift these.
    expect(refusal(read(engage(foe, "fr-1", "gb-2"), "fr-1", "gb-1", { standAndShoot: true }))).toEqual({ code: "shooting/engaged", rule: "CORE-SHOOT-1", unit: "fr-1" });
    expect(refusal(read(duel(10, { order: "FLEEING" }), "fr-1", "gb-1", { standAndShoot: true }))).toMatchObject({ code: "shooting/fleeing" });
  });

  it("CORE-SHOOT-1: the other side's unit shoots only to stand and shoot", () => {
    const s = duel(10);
    expect(refusal(read(s, "gb-1", "fr-1"))).toEqual({ code: "shooting/not_active_side", rule: "CORE-SHOOT-1", unit: "gb-1", side: "gb" });
    expect(legal(read(s, "gb-1", "fr-1", { standAndShoot: true })).standAndShoot).toBe(true);
  });

  it("WHN-SHOOT-8: marched is refused; a march column may fire after marching only with the option", () => {
    const s = flags(duel(10), "fr-1", { marched: true, moved: true });
    expect(refusal(read(s, "fr-1", "gb-1"))).toEqual({ code: "shooting/marched", rule: "WHN-SHOOT-8", unit: "fr-1" });
    expect(refusal(read(whnOptions(s, { marchColumnFiresAfterMarch: true }), "fr-1", "gb-1"))).toEqual({ code: "shooting/marched", rule: "WHN-SHOOT-8", unit: "fr-1" });
    const col = flags(duel(10, { formation: "MARCH_COLUMN", files: 2 }), "fr-1", { marched: true, moved: true });
    expect(refusal(read(col, "fr-1", "gb-1"))).toEqual({ code: "shooting/marched", rule: "WHN-SHOOT-8", unit: "fr-1" });
    expect(legal(read(whnOptions(col, { marchColumnFiresAfterMarch: true }), "fr-1", "gb-1")).firers).toEqual({ count: 2, rule: "WHN-SHOOT-9" });
    // Stand and shoot skips the turn's flags.
    expect(legal(read(s, "fr-1", "gb-1", { standAndShoot: true })).toHit.modifiers).toEqual([
      { key: "longRange", value: -1, rule: "WHN-SHOOT-3" },
      { key: "standAndShoot", value: -1, rule: "CORE-CHRG-3" },
    ]);
  });

  it("CORE-CHRG-8 / CORE-CHRG-6: charged and failed charge, each with its own rule", () => {
    expect(refusal(read(flags(duel(10), "fr-1", { charged: true }), "fr-1", "gb-1"))).toEqual({ code: "shooting/charged", rule: "CORE-CHRG-8", unit: "fr-1" });
    expect(refusal(read(flags(duel(10), "fr-1", { failedCharge: true }), "fr-1", "gb-1"))).toEqual({ code: "shooting/failed_charge", rule: "CORE-CHRG-6", unit: "fr-1" });
    expect(refusal(read(flags(duel(10), "fr-1", { charged: true, failedCharge: true, marched: true }), "fr-1", "gb-1"))).toMatchObject({ code: "shooting/marched" });
    expect(refusal(read(flags(duel(10), "fr-1", { charged: true, failedCharge: true }), "fr-1", "gb-1"))).toMatchObject({ code: "shooting/charged" });
  });

  it("WHN-RALLY-3: under WHN a unit that rallied shoots at BS −1; CORE-RALLY-4: under the core rules it may not", () => {
    const s = flags(duel(10), "fr-1", { rallied: true });
    expect(legal(read(s, "fr-1", "gb-1")).toHit).toEqual({ bs: 2, need: 6, modifiers: [{ key: "longRange", value: -1, rule: "WHN-SHOOT-3" }] });
    const fromFleeing = flags(duel(10), "fr-1", { ralliedFromFleeing: true });
    expect(legal(read(fromFleeing, "fr-1", "gb-1")).toHit.bs).toBe(2);
  });

  it("CORE-SHOOT-1: the order of the checks — gun before weapon before fleeing before engaged before side", () => {
    const s = duel(10, { order: "FLEEING", equipment: { missile: null, melee: "handWeapon" } });
    expect(refusal(read(s, "fr-1", "gb-1")).code).toBe("shooting/no_missile_weapon");
    const foe = shootingBattle([shooterSetup({ order: "FLEEING" }), targetSetup(10), battalion("gb-2", "gb", { position: { x: 10, y: 10 } })]);
    expect(refusal(read(engage(foe, "fr-1", "gb-2"), "fr-1", "gb-1")).code).toBe("shooting/fleeing");
    const their = { ...duel(10), turn: { ...duel(10).turn, activeSide: "gb" } } as BattleState;
    expect(refusal(read(flags(their, "fr-1", { marched: true }), "fr-1", "gb-1")).code).toBe("shooting/not_active_side");
  });
});

describe("the target's checks (CORE-SHOOT-1, WHN-ART-7, CORE-GEO-15/16, WHN-SHOOT-3)", () => {
  it("CORE-SHOOT-1: an unknown target, a removed unit or character, and a friend are refused", () => {
    expect(refusal(read(duel(10), "fr-1", "zz"))).toEqual({ code: "shooting/unknown_target", rule: "CORE-SHOOT-1", target: "zz" });
    const gone = patchUnit(duel(10), "gb-1", { figures: 0, removed: { reason: "destroyed", turn: 1 } } as never);
    expect(refusal(read(gone, "fr-1", "gb-1"))).toEqual({ code: "shooting/unknown_target", rule: "CORE-SHOOT-1", target: "gb-1" });
    expect(refusal(read(duel(10), "fr-1", "toString"))).toEqual({ code: "shooting/unknown_target", rule: "CORE-SHOOT-1", target: "toString" });
    const s = shootingBattle([shooterSetup(), targetSetup(10), battalion("fr-2", "fr", { position: { x: 36, y: 30 }, facing: 270 })]);
    expect(refusal(read(s, "fr-1", "fr-2"))).toEqual({ code: "shooting/not_an_enemy", rule: "CORE-SHOOT-1", target: "fr-2" });
    const dead = shootingBattle([shooterSetup(), targetSetup(12)], { characters: [leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 })] });
    const killed = { ...dead, characters: { ...dead.characters, wel: { ...dead.characters["wel" as never]!, removed: { reason: "destroyed", turn: 1 } } } } as BattleState;
    expect(refusal(read(killed, "fr-1", "wel"))).toEqual({ code: "shooting/unknown_target", rule: "CORE-SHOOT-1", target: "wel" });
    const friend = shootingBattle([shooterSetup(), targetSetup(12)], { characters: [leader("nap", "fr", { position: { x: 36, y: 18 }, facing: 270 })] });
    expect(refusal(read(friend, "fr-1", "nap"))).toEqual({ code: "shooting/not_an_enemy", rule: "CORE-SHOOT-1", target: "nap" });
  });

  it("CORE-SHOOT-1: a character joined to a unit out of play is no target", () => {
    const s = shootingBattle([shooterSetup(), targetSetup(10)], { characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270 })] });
    const gone = patchUnit(s, "gb-1", { figures: 0, removed: { reason: "destroyed", turn: 1 } } as never);
    expect(refusal(read(gone, "fr-1", "ney"))).toEqual({ code: "shooting/unknown_target", rule: "CORE-SHOOT-1", target: "ney" });
  });

  it("CORE-SHOOT-1: an engaged target unit, or a joined character's engaged unit, may not be shot at", () => {
    const s = shootingBattle([shooterSetup(), targetSetup(10), battalion("fr-2", "fr", { position: { x: 10, y: 10 } })], {
      characters: [leader("ney", "gb", { joinedTo: "gb-1", position: { x: 36, y: 20 }, facing: 270 })],
    });
    const e = engage(s, "fr-2", "gb-1");
    expect(refusal(read(e, "fr-1", "gb-1"))).toEqual({ code: "shooting/target_engaged", rule: "CORE-SHOOT-1", target: "gb-1" });
    expect(refusal(read(e, "fr-1", "ney"))).toEqual({ code: "shooting/target_engaged", rule: "CORE-SHOOT-1", target: "gb-1" });
  });

  it("WHN-ART-7: crew sheltering in a square are no target; a crew at its gun is", () => {
    const s = shootingBattle([shooterSetup(), gun("gb-1", "gb", {}, { position: { x: 36, y: 20 }, facing: 270 })]);
    const g = unit(s, "gb-1");
    const sheltering = patchUnit(s, "gb-1", { artillery: { ...g.artillery!, shelteringIn: unitId("gb-5") } });
    expect(refusal(read(sheltering, "fr-1", "gb-1"))).toEqual({ code: "shooting/crew_sheltering", rule: "WHN-ART-7", target: "gb-1" });
    expect(read(s, "fr-1", "gb-1").ok).toBe(true);
  });

  it("CORE-SHOOT-1: a line that already shot is refused, unless it stands and shoots", () => {
    const s = flags(duel(10), "fr-1", { shot: true });
    expect(refusal(read(s, "fr-1", "gb-1"))).toEqual({ code: "shooting/already_shot", rule: "CORE-SHOOT-1", unit: "fr-1" });
    expect(legal(read(s, "fr-1", "gb-1", { standAndShoot: true })).band).toBe("long");
  });

  it("CORE-GEO-15: a target behind the shooter is not in its arc", () => {
    const behind = duel(10, { facing: 270, position: { x: 36, y: 10 - (20 / 25.4) * 2 } });
    expect(refusal(read(behind, "fr-1", "gb-1"))).toEqual({ code: "shooting/not_in_arc", rule: "CORE-GEO-15", unit: "fr-1", target: "gb-1" });
  });

  it("CORE-GEO-16: a unit or terrain in the way blocks, named in the refusal", () => {
    const s = shootingBattle([shooterSetup(), targetSetup(10), battalion("gb-2", "gb", { figures: 6, files: 6, light: true, formation: "LINE", position: { x: 36, y: 15 }, facing: 270 })]);
    expect(refusal(read(s, "fr-1", "gb-1"))).toEqual({ code: "shooting/no_line_of_sight", rule: "CORE-GEO-16", unit: "fr-1", target: "gb-1", blockedBy: ["gb-2"] });
    const w = duel(10, {}, {}, { terrain: [WOOD] } as never);
    expect(refusal(read(w, "fr-1", "gb-1"))).toEqual({ code: "shooting/no_line_of_sight", rule: "CORE-GEO-16", unit: "fr-1", target: "gb-1", blockedBy: ["wood"] });
  });

  it("WHN-SHOOT-3: 24\" is in extreme range, 24.01\" is out, with the reach and the distance given", () => {
    const far = legal(read(duel(24), "fr-1", "gb-1"));
    expect(far.band).toBe("extreme");
    expect(far.toHit).toEqual({ bs: 3, need: 6, modifiers: [{ key: "extremeRange", value: -2, rule: "WHN-SHOOT-3" }] });
    const v = refusal(read(duel(24.01), "fr-1", "gb-1"));
    expect(v).toEqual({ code: "shooting/out_of_range", rule: "WHN-SHOOT-3", unit: "fr-1", target: "gb-1", max: 24, actual: v["actual"] });
    expect(v["actual"]).toBeCloseTo(24.01, 6);
  });
});

describe("a legal shot's facts (WHN-SHOOT-3…9, CORE-WOUND-1, CORE-SAVE-1)", () => {
  const STATS = { close: 8, long: 12, extreme: 24, strength: 3, coverKind: "firearms", firearm: true, bow: false };
  it("WHN-SHOOT-3: at 10\" a musket line fires 6 at long range, 5+ to hit, 4+ to wound, no save", () => {
    const { shooter, target, ...rest } = legal(read(duel(10), "fr-1", "gb-1"));
    expect(shooter.id).toBe("fr-1");
    expect(target).toMatchObject({ kind: "unit", unit: { id: "gb-1" } });
    expect(rest).toEqual({
      face: null, weapon: "musket", stats: STATS, range: 10, band: "long", firers: { count: 6, rule: "WHN-SHOOT-9" },
      cover: { terrain: "none", units: "none", screening: [] }, toHit: { bs: 3, need: 5, modifiers: [{ key: "longRange", value: -1, rule: "WHN-SHOOT-3" }] },
      strength: 3, scores: { woundNeed: 4, saveNeed: null }, characterScores: null, screen: null, initialVolley: false, standAndShoot: false,
    });
  });

  it("WHN-SHOOT-6: the first shooting at close range is the initial volley (+2); not once used, nor at long range", () => {
    const s = legal(read(duel(8), "fr-1", "gb-1"));
    expect(s.initialVolley).toBe(true);
    expect(s.toHit).toEqual({ bs: 3, need: 2, modifiers: [{ key: "initialVolley", value: 2, rule: "WHN-SHOOT-6" }] });
    expect(legal(read(duel(8, { initialVolleyUsed: true }), "fr-1", "gb-1")).initialVolley).toBe(false);
    expect(legal(read(duel(8.01), "fr-1", "gb-1")).initialVolley).toBe(false);
  });

  it("WHN-SHOOT-6: bows have no initial volley; skirmishers neither", () => {
    const bows = legal(read(duel(8, { equipment: { missile: "bow", melee: "handWeapon" } }), "fr-1", "gb-1"));
    expect(bows.initialVolley).toBe(false);
    expect(bows.band).toBe("close");
    const sk = legal(read(duel(8, { formation: "OPEN_ORDER", light: true, files: 4 }), "fr-1", "gb-1"));
    expect(sk.initialVolley).toBe(false);
    expect(sk.firers).toEqual({ count: 8, rule: "WHN-SHOOT-9" });
  });

  it("WHN-DIS-2: a disordered shooter has BS and S −1 and fires its front rank; a disordered target T −1", () => {
    const s = legal(read(duel(10, { order: "DISORDERED" }), "fr-1", "gb-1"));
    expect(s.firers).toEqual({ count: 4, rule: "WHN-SHOOT-11" });
    expect(s.toHit).toEqual({ bs: 2, need: 6, modifiers: [{ key: "longRange", value: -1, rule: "WHN-SHOOT-3" }] });
    // Muskets hit at their own Strength 3 whatever the firer's S.
    expect(s.strength).toBe(3);
    const jav = legal(read(duel(4, { order: "DISORDERED", equipment: { missile: "javelin", melee: "handWeapon" } }), "fr-1", "gb-1"));
    expect(jav.strength).toBe(2);
    expect(jav.scores).toEqual({ woundNeed: 5, saveNeed: null });
    const t = legal(read(duel(10, {}, { order: "DISORDERED" }), "fr-1", "gb-1"));
    expect(t.scores).toEqual({ woundNeed: 3, saveNeed: null });
  });

  it("WHN-SHOOT-8: a shooter that moved fires −1 and its front rank only; stand and shoot does not count the move", () => {
    const s = flags(duel(10), "fr-1", { moved: true });
    const m = legal(read(s, "fr-1", "gb-1"));
    expect(m.firers).toEqual({ count: 4, rule: "WHN-SHOOT-9" });
    expect(m.toHit.modifiers).toEqual([
      { key: "longRange", value: -1, rule: "WHN-SHOOT-3" },
      { key: "moved", value: -1, rule: "WHN-SHOOT-8" },
    ]);
    const sns = legal(read(s, "fr-1", "gb-1", { standAndShoot: true }));
    expect(sns.firers).toEqual({ count: 6, rule: "WHN-SHOOT-9" });
    expect(sns.toHit.need).toBe(6);
  });

  it("WHN-SHOOT-5: a skirmishing target and a mounted shooter", () => {
    const open = legal(read(duel(10, {}, { formation: "OPEN_ORDER", light: true, files: 5 }), "fr-1", "gb-1"));
    expect(open.toHit.modifiers).toEqual([
      { key: "longRange", value: -1, rule: "WHN-SHOOT-3" },
      { key: "targetOpenOrder", value: -1, rule: "WHN-SHOOT-5" },
    ]);
  });

  it("WHN-SHOOT-7: veteran lights in line get +1 against skirmishers only with the option", () => {
    const base = duel(10, { quality: "VETERAN", light: true }, { formation: "OPEN_ORDER", light: true, files: 5 });
    expect(legal(read(base, "fr-1", "gb-1")).toHit.need).toBe(6);
    expect(legal(read(whnOptions(base, { vetLightsBonusAnyFormation: true }), "fr-1", "gb-1")).toHit.need).toBe(5);
  });

  it("WHN-SHOOT-2: the carbine's long band follows the option", () => {
    const s = duel(11, { equipment: { missile: "carbine", melee: "handWeapon" } });
    expect(legal(read(s, "fr-1", "gb-1")).band).toBe("extreme");
    expect(legal(read(whnOptions(s, { carbineLongRange: 12 }), "fr-1", "gb-1")).band).toBe("long");
  });

  it("HR-HILL-1: a line wholly on a hill fires two full ranks with the switch on", () => {
    const hill = { id: "hill", kind: "hill", polygon: [{ x: 20, y: 0 }, { x: 52, y: 0 }, { x: 52, y: 12 }, { x: 20, y: 12 }], tags: { hill: 1 } };
    const s = duel(10, {}, {}, { terrain: [hill] } as never);
    expect(legal(read(s, "fr-1", "gb-1")).firers).toEqual({ count: 6, rule: "WHN-SHOOT-9" });
    expect(legal(read(hrOptions(s, { hillsTwoRanks: true }), "fr-1", "gb-1")).firers).toEqual({ count: 8, rule: "HR-HILL-1" });
  });
});

describe("the reading is remembered only while every part it read is the same (issue 12)", () => {
  it("CORE-SHOOT-1: the same request on the same state returns the very same reading", () => {
    const s = duel(10);
    expect(shotSituation(s, req("fr-1", "gb-1"))).toBe(shotSituation(s, req("fr-1", "gb-1")));
  });

  it("WHN-SHOOT-8: new options under the same units give a new reading", () => {
    const s = flags(duel(10, { formation: "MARCH_COLUMN", files: 2 }), "fr-1", { marched: true });
    expect(read(s, "fr-1", "gb-1").ok).toBe(false);
    const o = whnOptions(s, { marchColumnFiresAfterMarch: true });
    expect(o.units).toBe(s.units);
    expect(read(o, "fr-1", "gb-1").ok).toBe(true);
  });

  it("CORE-GEO-16: new terrain under the same units gives a new reading", () => {
    const s = duel(10);
    expect(read(s, "fr-1", "gb-1").ok).toBe(true);
    const w = { ...s, terrain: [WOOD] } as unknown as BattleState;
    expect(refusal(read(w, "fr-1", "gb-1")).code).toBe("shooting/no_line_of_sight");
  });

  it("CORE-SHOOT-1: new characters under the same units give a new reading", () => {
    const s = shootingBattle([shooterSetup(), targetSetup(12)], { characters: [leader("wel", "gb", { position: { x: 36, y: 18 }, facing: 270 })] });
    expect(read(s, "fr-1", "wel").ok).toBe(true);
    const gone = { ...s, characters: {} } as BattleState;
    expect(refusal(read(gone, "fr-1", "wel")).code).toBe("shooting/unknown_target");
  });

  it("CORE-CHRG-3: the stand-and-shoot reading is kept apart from the ordinary one", () => {
    const s = flags(duel(10), "fr-1", { shot: true });
    expect(read(s, "fr-1", "gb-1").ok).toBe(false);
    expect(read(s, "fr-1", "gb-1", { standAndShoot: true }).ok).toBe(true);
    expect(read(s, "fr-1", "gb-1").ok).toBe(false);
  });
});
