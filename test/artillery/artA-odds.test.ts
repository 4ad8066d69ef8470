import { describe, expect, it } from "vitest";
import type { Dist } from "../../src/dice/index.js";
import { specOdds } from "../../src/rules/whn/artillery/odds.js";
import type { GunFireSpec } from "../../src/rules/whn/artillery/sample.js";
import type { GunBody, TroopBody } from "../../src/rules/whn/artillery/bodies.js";

// specOdds on hand-built canister specs (WHN-ART-11): the number of hits is binomial in the shots,
// each hit one wound; a gun target's damage goes through the location table (WHN-ART-14).
const troops = (over: Partial<TroopBody> = {}): TroopBody => ({ kind: "troops", id: "t", figures: 4, W: 1, woundsTaken: 0, woundNeed: 4, saveNeed: null, ...over });
const gunBody = (over: Partial<GunBody> = {}): GunBody => ({
  kind: "gun",
  id: "g",
  crew: troops({ id: "g" }),
  crewHittable: true,
  gunNeed: null,
  limberNeed: 1,
  horsesNeed: 1,
  gunW: 3,
  gunTaken: 0,
  limberTaken: 0,
  limberDisabled: false,
  mode: "immediate",
  ...over,
});
const spec = (target: string, bodies: GunFireSpec["bodies"], over: Partial<GunFireSpec> = {}): GunFireSpec => ({
  gun: "art",
  target,
  ammunition: "canister",
  need: 4,
  muzzle: { x: 0, y: 0 },
  aim: { x: 0, y: 10 },
  targets: [],
  bodies,
  woundsDie: "d6",
  canisterShots: 2,
  shellDiameter: 0,
  crewCounts: {},
  ...over,
});
const close = (d: Dist, want: ReadonlyArray<readonly [number, number]>): void => {
  const got = d.entries();
  expect(got.map(([x]) => x)).toEqual(want.map(([x]) => x));
  got.forEach(([, p], i) => expect(p).toBeCloseTo((want[i] as readonly [number, number])[1], 12));
};

describe("specOdds, canister (WHN-ART-11)", () => {
  it("WHN-ART-11: two shots at 4+, wounding on 4+ with no save — exact hits and casualties", () => {
    const o = specOdds(spec("t", { t: troops() }));
    expect(o).toMatchObject({ ammunition: "canister", need: 4, pHit: 0.5, pDud: 0, pFire: 0 });
    expect(o.units).toHaveLength(1);
    const u = o.units[0];
    expect(u?.id).toBe("t");
    expect(u?.gun).toBe(null);
    expect(u?.pStruck).toBeCloseTo(0.75, 12);
    close(u?.hits as Dist, [
      [0, 0.25],
      [1, 0.5],
      [2, 0.25],
    ]);
    close(u?.casualties as Dist, [
      [0, 0.5625],
      [1, 0.375],
      [2, 0.0625],
    ]);
  });

  it("WHN-ART-11: a save (5+) lowers the wounding chance to 1/3 a hit", () => {
    const u = specOdds(spec("t", { t: troops({ saveNeed: 5 }) }, { canisterShots: 1 })).units[0];
    close(u?.casualties as Dist, [
      [0, 1 - 0.5 / 3],
      [1, 0.5 / 3],
    ]);
  });

  it("WHN-ART-11: a target with no body (not in reach) gives no unit odds", () => {
    expect(specOdds(spec("x", { t: troops() })).units).toEqual([]);
  });

  it("WHN-ART-14: canister on a gun — limber and horses certain to wound, gun never; crew W1 wound on 4+", () => {
    const o = specOdds(spec("g", { g: gunBody() }, { canisterShots: 1, need: 2 }));
    const u = o.units[0];
    expect(u?.id).toBe("g");
    expect(u?.pStruck).toBeCloseTo(5 / 6, 12);
    // one hit (5/6): limber 1/6 disabled, horses 1/6 one hit, crew 3/6 × 1/2 one killed, gun 1/6 nothing.
    expect(u?.gun?.pLimberDisabled).toBeCloseTo((5 / 6) * (1 / 6), 12);
    expect(u?.gun?.pDestroyed).toBe(0);
    close(u?.gun?.horseHits as Dist, [
      [0, 1 - (5 / 6) * (1 / 6)],
      [1, (5 / 6) * (1 / 6)],
    ]);
    close(u?.casualties as Dist, [
      [0, 1 - (5 / 6) * (1 / 4)],
      [1, (5 / 6) * (1 / 4)],
    ]);
  });

  it("WHN-ART-15: an already disabled limber is not counted again; immediate gun wound counts as destroyed", () => {
    const u = specOdds(spec("g", { g: gunBody({ limberDisabled: true, gunNeed: 1 }) }, { canisterShots: 1, need: 2 })).units[0];
    expect(u?.gun?.pLimberDisabled).toBe(0);
    expect(u?.gun?.pDestroyed).toBeCloseTo((5 / 6) * (1 / 6), 12);
  });

  it("WHN-ART-15: canister hits on a gun in the wound pool take one wound each (no wounds die)", () => {
    const b = gunBody({ mode: "woundPool", gunNeed: 1, limberNeed: null, horsesNeed: null, crewHittable: false, gunTaken: 1 });
    const u = specOdds(spec("g", { g: b }, { canisterShots: 1, need: 2 })).units[0];
    expect(u?.gun?.pDestroyed).toBe(0);
    const last = specOdds(spec("g", { g: { ...b, gunTaken: 2 } }, { canisterShots: 1, need: 2 })).units[0];
    expect(last?.gun?.pDestroyed).toBeCloseTo((5 / 6) * (1 / 6), 12);
  });
});
