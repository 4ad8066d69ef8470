import { describe, expect, it } from "vitest";
import { roller, scriptedDice } from "../../src/dice/index.js";
import {
  dealWounds,
  freshGun,
  freshTroops,
  gunFinished,
  gunHitOutcomes,
  rollGunHit,
  rollTroopHit,
  troopHitOutcomes,
  troopsGone,
  woundsLeft,
  type GunBody,
  type GunTally,
  type TroopBody,
  type TroopTally,
} from "../../src/rules/whn/artillery/bodies.js";

// Pure tests of the hit state machine (WHN-ART-10, WHN-ART-14, WHN-ART-15) on hand-built bodies.
const dice = (d6: number[]) => roller(scriptedDice(d6));
const troops = (over: Partial<TroopBody> = {}): TroopBody => ({ kind: "troops", id: "t", figures: 4, W: 1, woundsTaken: 0, woundNeed: 4, saveNeed: null, ...over });
const crew = (over: Partial<TroopBody> = {}): TroopBody => troops({ id: "c", woundNeed: 2, ...over });
const gunB = (over: Partial<GunBody> = {}): GunBody => ({
  kind: "gun",
  id: "g",
  crew: crew(),
  crewHittable: true,
  gunNeed: 4,
  limberNeed: 4,
  horsesNeed: 2,
  gunW: 3,
  gunTaken: 0,
  limberTaken: 0,
  limberDisabled: false,
  mode: "immediate",
  ...over,
});
const tally = (t: Partial<TroopTally> = {}): TroopTally => ({ hits: 0, unsaved: 0, killed: 0, taken: 0, ...t });
const sumP = (o: ReadonlyArray<readonly [number, unknown]>): number => o.reduce((a, [p]) => a + p, 0);
/** Outcomes equal branch by branch: probabilities to 12 places, tallies exactly. */
function expectOutcomes<T>(got: ReadonlyArray<readonly [number, T]>, want: ReadonlyArray<readonly [number, T]>): void {
  expect(got.map(([, t]) => t)).toEqual(want.map(([, t]) => t));
  got.forEach(([p], i) => expect(p).toBeCloseTo((want[i] as readonly [number, T])[0], 12));
}
const expectPs = (got: readonly number[], want: readonly number[]): void => {
  expect(got).toHaveLength(want.length);
  got.forEach((p, i) => expect(p).toBeCloseTo(want[i] as number, 12));
};

describe("troop hits (WHN-ART-10, CORE-SAVE-2)", () => {
  it("WHN-ART-10: freshTroops starts from the body's wounds taken", () => {
    expect(freshTroops(troops({ woundsTaken: 1, W: 2 }))).toEqual({ hits: 0, unsaved: 0, killed: 0, taken: 1 });
  });

  it("WHN-ART-10: woundsLeft counts each live model's W less the wounds on the wounded one; none once all are dead", () => {
    const b = troops({ figures: 3, W: 2 });
    expect(woundsLeft(b, tally({ killed: 1, taken: 1 }))).toBe(3);
    expect(woundsLeft(b, tally({ killed: 3 }))).toBe(0);
    expect(woundsLeft(b, tally({ killed: 4 }))).toBe(0);
  });

  it("WHN-ART-10: troopsGone exactly when every model is killed", () => {
    expect(troopsGone(troops({ figures: 2 }), tally({ killed: 1 }))).toBe(false);
    expect(troopsGone(troops({ figures: 2 }), tally({ killed: 2 }))).toBe(true);
  });

  it("CORE-SAVE-2: without spread one hit kills at most one model, whatever its wounds", () => {
    const b = troops({ figures: 3, W: 2 });
    expect(dealWounds(b, tally(), 5, false)).toEqual({ hits: 0, unsaved: 1, killed: 1, taken: 0 });
    expect(dealWounds(b, tally(), 1, false)).toEqual({ hits: 0, unsaved: 1, killed: 0, taken: 1 });
    expect(dealWounds(b, tally({ taken: 1 }), 1, false)).toEqual({ hits: 0, unsaved: 1, killed: 1, taken: 0 });
  });

  it("WHN-ART-15: with spread the wounds go on from model to model, stopping at the last", () => {
    const b = troops({ figures: 3, W: 2 });
    expect(dealWounds(b, tally(), 3, true)).toEqual({ hits: 0, unsaved: 1, killed: 1, taken: 1 });
    expect(dealWounds(b, tally(), 6, true)).toEqual({ hits: 0, unsaved: 1, killed: 3, taken: 0 });
    expect(dealWounds(b, tally({ killed: 2, taken: 1 }), 6, true)).toEqual({ hits: 0, unsaved: 1, killed: 3, taken: 0 });
    expect(dealWounds(b, tally({ killed: 3 }), 2, true)).toEqual({ hits: 0, unsaved: 1, killed: 3, taken: 0 });
  });

  it("WHN-ART-10: to-wound just under the need fails; at the need with no save it deals one wound (W1: no wounds die)", () => {
    const b = troops();
    const d = dice([3]);
    expect(rollTroopHit(d, b, tally(), "d6")).toEqual({ hits: 1, unsaved: 0, killed: 0, taken: 0 });
    expect(d.draws).toBe(1);
    const d2 = dice([4]);
    expect(rollTroopHit(d2, b, tally(), "d6")).toEqual({ hits: 1, unsaved: 1, killed: 1, taken: 0 });
    expect(d2.draws).toBe(1);
  });

  it("CORE-SAVE-1: a save at its need stops the hit; one under lets it through", () => {
    const b = troops({ saveNeed: 5 });
    expect(rollTroopHit(dice([6, 5]), b, tally(), null)).toEqual({ hits: 1, unsaved: 0, killed: 0, taken: 0 });
    expect(rollTroopHit(dice([6, 4]), b, tally(), null)).toEqual({ hits: 1, unsaved: 1, killed: 1, taken: 0 });
  });

  it("WHN-ART-10: no to-wound need or a body already gone rolls nothing and only counts the hit", () => {
    const d = dice([]);
    expect(rollTroopHit(d, troops({ woundNeed: null }), tally(), "d6")).toEqual({ hits: 1, unsaved: 0, killed: 0, taken: 0 });
    expect(rollTroopHit(d, troops({ figures: 1 }), tally({ killed: 1 }), "d6")).toEqual({ hits: 1, unsaved: 0, killed: 1, taken: 0 });
    expect(d.draws).toBe(0);
  });

  it("WHN-ART-10: the wounds die is rolled when more than one wound could count (W3 model: d3 face 5 → 3 wounds kill it)", () => {
    const b = troops({ figures: 2, W: 3 });
    expect(rollTroopHit(dice([4, 5]), b, tally(), "d3")).toEqual({ hits: 1, unsaved: 1, killed: 1, taken: 0 });
    expect(rollTroopHit(dice([4, 2]), b, tally(), "d6")).toEqual({ hits: 1, unsaved: 1, killed: 0, taken: 2 });
  });

  it("WHN-ART-10: without spread the die is skipped when the wounded model has one wound left; with spread it is rolled while the unit has 2+", () => {
    const b = troops({ figures: 2, W: 2 });
    const d = dice([4]);
    expect(rollTroopHit(d, b, tally({ taken: 1 }), "d6")).toEqual({ hits: 1, unsaved: 1, killed: 1, taken: 0 });
    expect(d.draws).toBe(1);
    const d2 = dice([4, 6]);
    expect(rollTroopHit(d2, b, tally({ taken: 1 }), "d6", true)).toEqual({ hits: 1, unsaved: 1, killed: 2, taken: 0 });
    expect(d2.draws).toBe(2);
    // spread, W1 crew with exactly 1 wound left in the unit: no die.
    const d3 = dice([4]);
    expect(rollTroopHit(d3, troops({ figures: 2 }), tally({ killed: 1 }), "d6", true)).toEqual({ hits: 1, unsaved: 1, killed: 2, taken: 0 });
    expect(d3.draws).toBe(1);
  });

  it("WHN-ART-10: troopHitOutcomes — miss share and one success share, summing to 1 (wound 4+, save 5+)", () => {
    const o = troopHitOutcomes(troops({ saveNeed: 5 }), tally(), null);
    expectOutcomes(o, [
      [1 - 1 / 3, { hits: 1, unsaved: 0, killed: 0, taken: 0 }],
      [1 / 3, { hits: 1, unsaved: 1, killed: 1, taken: 0 }],
    ]);
  });

  it("WHN-ART-10: troopHitOutcomes splits the success over the wounds die's faces when it matters", () => {
    const o = troopHitOutcomes(troops({ figures: 1, W: 3, woundNeed: 2 }), tally(), "d3");
    expectPs(o.map(([p]) => p), [1 / 6, 5 / 18, 5 / 18, 5 / 18]);
    expect(o.map(([, t]) => t)).toEqual([
      { hits: 1, unsaved: 0, killed: 0, taken: 0 },
      { hits: 1, unsaved: 1, killed: 0, taken: 1 },
      { hits: 1, unsaved: 1, killed: 0, taken: 2 },
      { hits: 1, unsaved: 1, killed: 1, taken: 0 },
    ]);
  });

  it("WHN-ART-10: a certain wound (need 1, no save) has no miss branch; an impossible one has no success branch", () => {
    expect(troopHitOutcomes(troops({ woundNeed: 1 }), tally(), null)).toEqual([[1, { hits: 1, unsaved: 1, killed: 1, taken: 0 }]]);
    expect(troopHitOutcomes(troops({ woundNeed: null }), tally(), null)).toEqual([[1, { hits: 1, unsaved: 0, killed: 0, taken: 0 }]]);
    expect(troopHitOutcomes(troops({ saveNeed: 1 }), tally(), null)).toEqual([[1, { hits: 1, unsaved: 0, killed: 0, taken: 0 }]]);
    expect(troopHitOutcomes(troops({ figures: 1 }), tally({ killed: 1 }), null)).toEqual([[1, { hits: 1, unsaved: 0, killed: 1, taken: 0 }]]);
  });
});

const gt = (b: GunBody, over: Partial<GunTally> = {}): GunTally => ({ ...freshGun(b), ...over });

describe("gun hits (WHN-ART-14, WHN-ART-15)", () => {
  it("WHN-ART-15: freshGun copies the gun's standing damage", () => {
    const b = gunB({ crew: crew({ woundsTaken: 0 }), limberTaken: 2, gunTaken: 1, limberDisabled: true });
    expect(freshGun(b)).toEqual({ hits: 0, locations: [], crew: { hits: 0, unsaved: 0, killed: 0, taken: 0 }, horseHits: 0, limberDisabled: true, limberTaken: 2, gunTaken: 1, gunDestroyed: false });
  });

  it("WHN-ART-17: gunFinished once destroyed, or when hittable crew are all dead — not when the crew are away", () => {
    const b = gunB();
    expect(gunFinished(b, gt(b))).toBe(false);
    expect(gunFinished(b, gt(b, { gunDestroyed: true }))).toBe(true);
    expect(gunFinished(b, gt(b, { crew: tally({ killed: 4 }) }))).toBe(true);
    const away = gunB({ crewHittable: false });
    expect(gunFinished(away, gt(away, { crew: tally({ killed: 4 }) }))).toBe(false);
  });

  it("WHN-ART-14: location 1 limber — a wound (immediate option) disables it", () => {
    const b = gunB();
    expect(rollGunHit(dice([1, 4]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["limber"], limberDisabled: true });
    expect(rollGunHit(dice([1, 3]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["limber"] });
  });

  it("WHN-ART-14: location 2 horses — a wound against T3 adds a horse hit; a failed roll does not", () => {
    const b = gunB({ horsesNeed: 4 });
    expect(rollGunHit(dice([2, 4]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["horses"], horseHits: 1 });
    expect(rollGunHit(dice([2, 3]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["horses"] });
    const none = gunB({ horsesNeed: null });
    expect(rollGunHit(dice([2]), none, gt(none), "d6")).toEqual({ ...gt(none), hits: 1, locations: ["horses"] });
  });

  it("WHN-ART-14: locations 3–5 crew — the crew roll to wound and their own hit counter is left alone", () => {
    const b = gunB();
    for (const face of [3, 4, 5]) {
      expect(rollGunHit(dice([face, 2, 2]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["crew"], crew: { hits: 0, unsaved: 1, killed: 2, taken: 0 } });
    }
    const away = gunB({ crewHittable: false });
    const d = dice([3]);
    expect(rollGunHit(d, away, gt(away), "d6")).toEqual({ ...gt(away), hits: 1, locations: ["crew"] });
    expect(d.draws).toBe(1);
  });

  it("WHN-ART-14: location 6 gun — a wound destroys it at once (immediate option)", () => {
    const b = gunB();
    expect(rollGunHit(dice([6, 4]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["gun"], gunDestroyed: true });
    expect(rollGunHit(dice([6, 3]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["gun"] });
    const tough = gunB({ gunNeed: null });
    expect(rollGunHit(dice([6]), tough, gt(tough), "d6")).toEqual({ ...gt(tough), hits: 1, locations: ["gun"] });
  });

  it("WHN-ART-15 (AMB-45): wound-pool option — the gun takes the wounds die and is destroyed only at its W", () => {
    const b = gunB({ mode: "woundPool" });
    expect(rollGunHit(dice([6, 4, 2]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["gun"], gunTaken: 2 });
    expect(rollGunHit(dice([6, 4, 3]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["gun"], gunTaken: 3, gunDestroyed: true });
    expect(rollGunHit(dice([6, 4, 6]), b, gt(b), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["gun"], gunTaken: 3, gunDestroyed: true });
    // one wound left on the gun: no wounds die.
    const d = dice([6, 4]);
    expect(rollGunHit(d, b, gt(b, { gunTaken: 2 }), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["gun"], gunTaken: 3, gunDestroyed: true });
    expect(d.draws).toBe(2);
    // no wounds die at all (null): one wound.
    expect(rollGunHit(dice([6, 4]), b, gt(b), null)).toEqual({ ...gt(b), hits: 1, locations: ["gun"], gunTaken: 1 });
  });

  it("WHN-ART-15 (AMB-45): wound-pool limber — disabled at 3 wounds; an already disabled limber rolls no wounds die", () => {
    const b = gunB({ mode: "woundPool" });
    expect(rollGunHit(dice([1, 4, 1]), b, gt(b), "d3")).toEqual({ ...gt(b), hits: 1, locations: ["limber"], limberTaken: 1 });
    expect(rollGunHit(dice([1, 4, 4]), b, gt(b, { limberTaken: 1 }), "d3")).toEqual({ ...gt(b), hits: 1, locations: ["limber"], limberTaken: 3, limberDisabled: true });
    const d = dice([1, 4]);
    expect(rollGunHit(d, b, gt(b, { limberDisabled: true }), "d6")).toEqual({ ...gt(b), hits: 1, locations: ["limber"], limberTaken: 1, limberDisabled: true });
    expect(d.draws).toBe(2);
  });

  it("WHN-ART-14: a finished gun takes further hits without rolling", () => {
    const b = gunB();
    const d = dice([]);
    expect(rollGunHit(d, b, gt(b, { gunDestroyed: true }), "d6")).toEqual({ ...gt(b), hits: 1, gunDestroyed: true });
    expect(gunHitOutcomes(b, gt(b, { gunDestroyed: true }), "d6")).toEqual([[1, { ...gt(b), hits: 1, gunDestroyed: true }]]);
  });

  it("WHN-ART-14: gunHitOutcomes weighs limber, horses and gun 1/6 each and crew 3/6 (immediate, all needs 4+, no wounds die)", () => {
    const b = gunB({ horsesNeed: 4, crew: crew({ woundNeed: 4 }) });
    const g = gt(b);
    const o = gunHitOutcomes(b, g, null);
    expectOutcomes(o, [
      [1 / 12, { ...g, hits: 1, locations: ["limber"] }],
      [1 / 12, { ...g, hits: 1, locations: ["limber"], limberDisabled: true }],
      [1 / 12, { ...g, hits: 1, locations: ["horses"] }],
      [1 / 12, { ...g, hits: 1, locations: ["horses"], horseHits: 1 }],
      [1 / 4, { ...g, hits: 1, locations: ["crew"], crew: { hits: 0, unsaved: 0, killed: 0, taken: 0 } }],
      [1 / 4, { ...g, hits: 1, locations: ["crew"], crew: { hits: 0, unsaved: 1, killed: 1, taken: 0 } }],
      [1 / 12, { ...g, hits: 1, locations: ["gun"] }],
      [1 / 12, { ...g, hits: 1, locations: ["gun"], gunDestroyed: true }],
    ]);
    expect(sumP(o)).toBeCloseTo(1, 12);
  });

  it("WHN-ART-14: gunHitOutcomes — crew away is one 3/6 branch; certain and impossible parts have one branch each", () => {
    const b = gunB({ crewHittable: false, horsesNeed: 1, limberNeed: null, gunNeed: null });
    const g = gt(b);
    expect(gunHitOutcomes(b, g, "d6")).toEqual([
      [1 / 6, { ...g, hits: 1, locations: ["limber"] }],
      [1 / 6, { ...g, hits: 1, locations: ["horses"], horseHits: 1 }],
      [3 / 6, { ...g, hits: 1, locations: ["crew"] }],
      [1 / 6, { ...g, hits: 1, locations: ["gun"] }],
    ]);
  });

  it("WHN-ART-15: gunHitOutcomes in the wound pool splits the gun's and limber's wounds over the die's faces", () => {
    const b = gunB({ mode: "woundPool", limberNeed: 1, gunNeed: 1, horsesNeed: null, crewHittable: false });
    const g = gt(b, { gunTaken: 1 });
    const o = gunHitOutcomes(b, g, "d3");
    expectOutcomes(o, [
      [1 / 18, { ...g, hits: 1, locations: ["limber"], limberTaken: 1 }],
      [1 / 18, { ...g, hits: 1, locations: ["limber"], limberTaken: 2 }],
      [1 / 18, { ...g, hits: 1, locations: ["limber"], limberTaken: 3, limberDisabled: true }],
      [1 / 6, { ...g, hits: 1, locations: ["horses"] }],
      [3 / 6, { ...g, hits: 1, locations: ["crew"] }],
      [1 / 18, { ...g, hits: 1, locations: ["gun"], gunTaken: 2 }],
      [1 / 18, { ...g, hits: 1, locations: ["gun"], gunTaken: 3, gunDestroyed: true }],
      [1 / 18, { ...g, hits: 1, locations: ["gun"], gunTaken: 3, gunDestroyed: true }],
    ]);
    expect(sumP(o)).toBeCloseTo(1, 12);
  });

  it("WHN-ART-15: gunHitOutcomes crew branch is weighted 3/6 times each crew outcome", () => {
    const b = gunB({ limberNeed: null, gunNeed: null, horsesNeed: null, crew: crew({ woundNeed: 5, figures: 2, W: 2 }) });
    const g = gt(b);
    const o = gunHitOutcomes(b, g, "d3").filter(([, t]) => t.locations[0] === "crew");
    expectPs(o.map(([p]) => p), [0.5 * (2 / 3), (0.5 * (1 / 3)) / 3, (0.5 * (1 / 3)) / 3, (0.5 * (1 / 3)) / 3]);
    expect(o.map(([, t]) => t.crew)).toEqual([
      { hits: 0, unsaved: 0, killed: 0, taken: 0 },
      { hits: 0, unsaved: 1, killed: 0, taken: 1 },
      { hits: 0, unsaved: 1, killed: 1, taken: 0 },
      { hits: 0, unsaved: 1, killed: 1, taken: 1 },
    ]);
  });
});
