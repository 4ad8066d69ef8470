import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { historyOf } from "../fixtures/history.js";
import { advanceTo, brigade, events, fnfBattle, playWith, unit } from "./helpers.js";

/** French infantry fr1 facing a British unlimbered foot battery gbb 4" off (and gb2 far off), offensive fire. */
function scene(): BattleState {
  return advanceTo(
    fnfBattle({
      units: {
        fr1: brigade("fr1", "fr", 20, 20),
        gbb: { id: "gbb", side: "gb", kind: "battery", arm: "artillery", bases: 1, formation: "LINE", battery: { type: "FOOT", limbered: false }, position: { x: 20, y: 24 }, facing: 270 },
        gb2: brigade("gb2", "gb", 60, 44),
      },
    }),
    "offensiveFire",
    "fr",
  );
}

const fire = { type: "fnf/fire", firer: "fr1", target: "gbb" };
const after = (s: BattleState, dice: number[]) => {
  const t = playWith(s, dice, fire);
  const seq0 = Math.min(...events(t, "fnf/fired").map((e) => e.seq));
  return { state: t, events: historyOf(t).filter((e) => e.seq >= seq0).map(({ seq: _s, gameTurn: _g, ...e }) => e) };
};

const FIRED = (dice: number[], score: number, effect: string) => ({
  type: "fnf/fired", rule: "FNF-FIRE-6", firer: "fr1", target: "gbb", points: 3, halved: false,
  bases: [1, 2, 3].map(() => ({ range: 4, points: 1, enfilade: false })), dice,
  modifiers: [{ name: "openGroundSmallTarget", value: -1 }], score, effect,
});

describe("fnfB: fire effects on a battery (FNF-FIRE-6/7, FNF-ART-3, AMB-87)", () => {
  const s = scene();
  it("FNF-FIRE-6: 3 points, -1 for a small target in the open: a modified 8 is Desultory and leaves the battery as it was", () => {
    const r = after(s, [4, 5]);
    expect(r.events).toEqual([FIRED([4, 5], 8, "DESULTORY")]);
    expect(unit(r.state, "gbb")).toEqual(unit(s, "gbb"));
  });
  it("FNF-FIRE-7: a modified 9 is Lively: the battery is silenced, no more", () => {
    const r = after(s, [5, 5]);
    expect(r.events).toEqual([FIRED([5, 5], 9, "LIVELY"), { type: "fnf/silenced", rule: "FNF-FIRE-7", unit: "gbb" }]);
    expect(unit(r.state, "gbb").battery).toMatchObject({ silenced: true, withdrawn: false, damaged: false });
  });
  it("FNF-FIRE-7, FNF-FIRE-8, AMB-87: a modified 11 is Telling: silenced and damaged; the natural 12 makes the firer low, and a battery has no officer to roll for", () => {
    const r = after(s, [6, 6, 1, 1]);
    expect(r.events).toEqual([
      FIRED([6, 6], 11, "TELLING"),
      { type: "fnf/silenced", rule: "FNF-FIRE-7", unit: "gbb" },
      { type: "fnf/damaged", rule: "FNF-FIRE-7", unit: "gbb" },
      { type: "fnf/lowOnAmmo", rule: "FNF-FIRE-8", unit: "fr1", natural: 12 },
    ]);
    expect(unit(r.state, "gbb").battery).toMatchObject({ silenced: true, damaged: true });
  });
});

describe("fnfB: a battery wrecked by a battery (FNF-FIRE-7, FNF-ART-3)", () => {
  it("FNF-FIRE-7: a foot battery's 10 points at canister range, modified 11, is Deadly: the target battery is wrecked and removed", () => {
    const s0 = scene();
    const fnf = s0.fnf;
    const gun = unit(s0, "gbb").battery;
    if (fnf === null || gun === null) throw new Error("scene");
    const s = { ...s0, fnf: { ...fnf, units: { ...fnf.units, fr1: { ...unit(s0, "fr1"), kind: "battery" as const, arm: "artillery" as const, bases: 1, battery: { ...gun } } } } };
    const r = after(s, [6, 6, 1, 1]);
    expect(r.events).toEqual([
      { ...FIRED([6, 6], 11, "DEADLY"), points: 10, bases: [{ range: 4, points: 10, enfilade: false }] },
      { type: "fnf/unitRemoved", rule: "FNF-FIRE-7", unit: "gbb", reason: "wrecked" },
      { type: "fnf/lowOnAmmo", rule: "FNF-FIRE-8", unit: "fr1", natural: 12 },
    ]);
    expect(unit(r.state, "gbb").removed).not.toBeNull();
    const telling = after(s, [6, 5, 1, 1]);
    expect(telling.events.map((e) => e.type)).toEqual(["fnf/fired", "fnf/silenced", "fnf/damaged", "fnf/lowOnAmmo"]);
    expect(unit(telling.state, "gbb").removed).toBeNull();
  });
});

describe("fnfB: fire effects on a detachment (FNF-DET-4)", () => {
  /** gbb replaced by a one-base British detachment of gb2 at the same spot. */
  function detScene(): BattleState {
    const s0 = scene();
    const fnf = s0.fnf;
    if (fnf === null) throw new Error("scene");
    const gb2 = unit(s0, "gb2");
    const det = { ...gb2, id: "gbd", kind: "detachment" as const, bases: 1, startingBases: 1, parent: "gb2", formation: "LINE" as const, position: { x: 20, y: 24 }, facing: 270 };
    const { gbb: _gone, ...rest } = fnf.units;
    return { ...s0, fnf: { ...fnf, units: { ...rest, gbd: det } } };
  }
  const atDet = (s: BattleState, dice: number[]) => {
    const t = playWith(s, dice, { type: "fnf/fire", firer: "fr1", target: "gbd" });
    const seq0 = Math.min(...events(t, "fnf/fired").map((e) => e.seq));
    return { state: t, events: historyOf(t).filter((e) => e.seq >= seq0).map(({ seq: _s, gameTurn: _g, ...e }) => e) };
  };
  it("FNF-DET-4: a Lively result (a disorder) leaves a detachment untouched", () => {
    const s = detScene();
    const r = atDet(s, [5, 5]);
    expect(r.events.map((e) => [e.type, "effect" in e ? e.effect : null])).toEqual([["fnf/fired", "LIVELY"]]);
    expect(unit(r.state, "gbd")).toEqual(unit(s, "gbd"));
  });
  it("FNF-DET-4: a Telling result destroys it", () => {
    const r = atDet(detScene(), [6, 5, 1, 1]);
    expect(r.events.slice(1)).toEqual([
      { type: "fnf/unitRemoved", rule: "FNF-DET-4", unit: "gbd", reason: "destroyed" },
      { type: "fnf/lowOnAmmo", rule: "FNF-FIRE-8", unit: "fr1", natural: 11 },
    ]);
    expect(unit(r.state, "gbd").removed).not.toBeNull();
  });
});
