/**
 * bodies.ts, the two builders read from units (WHN-DIS-2, CORE-SAVE-1, WHN-ART-14, WHN-ART-15) and
 * the wound-pool branches of the enumerated gun hit that the earlier sprint left loose.
 */
import { describe, expect, it } from "vitest";
import { gunBody, gunHitOutcomes, freshGun, troopBody, type GunBody } from "../../src/rules/whn/artillery/bodies.js";
import { battle, gun, line, patch, patchGun, unit } from "../fixtures/artillery.js";
import { regiment } from "../fixtures/setups.js";

const s = () => battle([gun("fr-art", "fr", { gun: "light" }), line("gb-1", 20), regiment("gb-hus", "gb", { position: { x: 10, y: 30 }, facing: 270, figures: 6, files: 6 })]);

describe("troopBody (WHN-ART-10, WHN-DIS-2, CORE-SAVE-1)", () => {
  it("WHN-ART-10: foot in the open: the body carries figures, W, wounds taken, the to-wound need and no save", () => {
    const u = unit(patch(s(), "gb-1", { woundsTaken: 0, figures: 9 }), "gb-1");
    expect(troopBody(u, 5)).toEqual({ kind: "troops", id: "gb-1", figures: 9, W: 1, woundsTaken: 0, woundNeed: 2, saveNeed: null });
  });

  it("WHN-DIS-2: a DISORDERED unit is one Toughness lower (S3 against T3 wounds on 4+, against T2 on 3+)", () => {
    expect(troopBody(unit(s(), "gb-1"), 3).woundNeed).toBe(4);
    expect(troopBody(unit(patch(s(), "gb-1", { order: "DISORDERED" }), "gb-1"), 3).woundNeed).toBe(3);
  });

  it("CORE-SAVE-1: the save comes from the equipment given and counts being mounted (light armour: mounted 5+, on foot 6+)", () => {
    const st = s();
    const hus = unit(st, "gb-hus");
    const armoured = troopBody(hus, 3, { ...hus.equipment, armour: "light", shield: false, barding: false });
    expect(armoured.saveNeed).toBe(5);
    const foot = unit(st, "gb-1");
    expect(troopBody(foot, 3, { ...foot.equipment, armour: "light", shield: false, barding: false }).saveNeed).toBe(6);
  });
});

describe("gunBody (WHN-ART-14, WHN-ART-15)", () => {
  it("WHN-ART-14: a light gun (T6 W2) hit at S5: gun 5+, limber (T7) 6+, horses (T3) 2+, crew S5 v T3 2+; standing damage carried", () => {
    const st = patchGun(s(), "fr-art", { gunWoundsTaken: 1, limberWoundsTaken: 2, limberDisabled: true });
    const g = unit(st, "fr-art");
    expect(gunBody(g, 5, "woundPool")).toEqual({
      kind: "gun",
      id: "fr-art",
      crew: troopBody(g, 5),
      crewHittable: true,
      gunNeed: 5,
      limberNeed: 6,
      horsesNeed: 2,
      gunW: 2,
      gunTaken: 1,
      limberTaken: 2,
      limberDisabled: true,
      mode: "woundPool",
    });
    expect(troopBody(g, 5)).toEqual({ kind: "troops", id: "fr-art", figures: 4, W: 1, woundsTaken: 0, woundNeed: 2, saveNeed: null });
  });
});

describe("gunHitOutcomes, wound pool (WHN-ART-15, AMB-45)", () => {
  const body = (over: Partial<GunBody> = {}): GunBody => ({ kind: "gun", id: "g", crew: { kind: "troops", id: "g", figures: 4, W: 1, woundsTaken: 0, woundNeed: 2, saveNeed: null }, crewHittable: false, gunNeed: 1, limberNeed: 1, horsesNeed: null, gunW: 3, gunTaken: 0, limberTaken: 0, limberDisabled: false, mode: "woundPool", ...over });

  it("WHN-ART-15: an already disabled limber takes one wound a hit, no wounds die; a fresh one splits over the die", () => {
    const b = body({ limberDisabled: true, limberTaken: 3 });
    const g = freshGun(b);
    const limber = gunHitOutcomes(b, g, "d6").filter(([, t]) => t.locations[0] === "limber");
    expect(limber).toEqual([[1 / 6, { ...g, hits: 1, locations: ["limber"], limberTaken: 3, limberDisabled: true }]]);
    const fresh = body();
    expect(gunHitOutcomes(fresh, freshGun(fresh), "d6").filter(([, t]) => t.locations[0] === "limber")).toHaveLength(6);
  });

  it("WHN-ART-15: with one wound left on the gun the die cannot matter (one branch); with two it is split", () => {
    const one = body({ gunTaken: 2 });
    const g1 = freshGun(one);
    expect(gunHitOutcomes(one, g1, "d3").filter(([, t]) => t.locations[0] === "gun")).toEqual([[1 / 6, { ...g1, hits: 1, locations: ["gun"], gunTaken: 3, gunDestroyed: true }]]);
    const two = body({ gunTaken: 1 });
    expect(gunHitOutcomes(two, freshGun(two), "d3").filter(([, t]) => t.locations[0] === "gun")).toHaveLength(3);
  });

  it("WHN-ART-15: in the immediate mode a gun wound destroys at once, whatever the die", () => {
    const b = body({ mode: "immediate" });
    const g = freshGun(b);
    expect(gunHitOutcomes(b, g, "d6").filter(([, t]) => t.locations[0] === "gun")).toEqual([[1 / 6, { ...g, hits: 1, locations: ["gun"], gunDestroyed: true }]]);
  });
});
