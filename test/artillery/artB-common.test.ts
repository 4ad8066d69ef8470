import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/index.js";
import { formatViolation } from "../../src/engine/format.js";
import type { Violation } from "../../src/engine/violation.js";
import { checkStep, findGun, isEngaged, isViolation, ownGunInStep, ownPiece, put, refuse, unmanned, whyStationary } from "../../src/rules/whn/artillery/common.js";
import type { Unit } from "../../src/state/unit.js";
import { battalion, battle, gun, line, patch, patchGun, unit } from "../fixtures/artillery.js";

const W = 50 / 25.4; // an unlimbered gun's footprint width
const withText = (v: Violation | Unit | null): unknown => (v === null || !isViolation(v as Unit | Violation) ? v : { ...(v as Violation), text: formatViolation(v as Violation) });
const base = (at: Parameters<typeof battle>[1] = { phase: "movement", step: "remaining" }, extra = [line("gb-1", 44)]): BattleState =>
  battle([gun("fr-art", "fr", {}, { position: { x: 36, y: 20 } }), battalion("fr-1", "fr", { position: { x: 10, y: 10 } }), ...extra], at);
const flagsOf = (s: BattleState, id: string) => unit(s, id).flags;

describe("refuse and isViolation", () => {
  it("builds artillery/<code> violations with the rule and details; a unit is not a violation", () => {
    expect(refuse("x_y", "WHN-ART-1", { unit: "u", n: 2 })).toEqual({ code: "artillery/x_y", rule: "WHN-ART-1", unit: "u", n: 2 });
    expect(refuse("z", null)).toEqual({ code: "artillery/z", rule: null });
    expect(isViolation(refuse("z", null))).toBe(true);
    expect(isViolation(unit(base(), "fr-art"))).toBe(false);
  });
});

describe("findGun (WHN-ART-1)", () => {
  it("WHN-ART-1: a gun in play, abandoned or not, is returned", () => {
    const s = base();
    expect(findGun(s, unit(s, "fr-art").id)).toBe(unit(s, "fr-art"));
    const left = patchGun(s, "fr-art", { abandoned: true });
    expect(findGun(left, unit(s, "fr-art").id)).toBe(unit(left, "fr-art"));
  });

  it("WHN-ART-1: unknown and removed units, and units without a gun, are refused", () => {
    const s = base();
    expect(withText(findGun(s, "ghost" as never))).toEqual({ code: "artillery/unknown_unit", rule: null, unit: "ghost", text: 'There is no unit "ghost" in play.' });
    const gone = patch(s, "fr-art", { removed: { reason: "captured", gameTurn: 1 } });
    expect(withText(findGun(gone, "fr-art" as never))).toEqual({ code: "artillery/unknown_unit", rule: null, unit: "fr-art", text: 'There is no unit "fr-art" in play.' });
    expect(withText(findGun(s, "fr-1" as never))).toEqual({ code: "artillery/not_artillery", rule: "WHN-ART-1", unit: "fr-1", text: "Unit fr-1 is not an artillery unit. [WHN-ART-1]" });
  });

  it("WHN-ART-1: a heavy gun recorded as horse artillery is refused; light and medium horse guns are not", () => {
    const s = base();
    const heavyHorse = patchGun(s, "fr-art", { gun: "heavy", arm: "horse" });
    expect(withText(findGun(heavyHorse, "fr-art" as never))).toEqual({
      code: "artillery/heavy_never_horse", rule: "WHN-ART-1", unit: "fr-art", gun: "heavy", text: "Unit fr-art: heavy guns are never horse artillery. [WHN-ART-1]",
    });
    for (const g of ["light", "medium", "howitzer"] as const) {
      const ok = patchGun(s, "fr-art", { gun: g, arm: "horse" });
      expect(findGun(ok, "fr-art" as never)).toBe(unit(ok, "fr-art"));
    }
    const heavyFoot = patchGun(s, "fr-art", { gun: "heavy", arm: "foot" });
    expect(findGun(heavyFoot, "fr-art" as never)).toBe(unit(heavyFoot, "fr-art"));
  });
});

describe("unmanned (WHN-ART-2, WHN-ART-7, WHN-ART-15, WHN-ART-16)", () => {
  const s = base();
  const g = unit(s, "fr-art");
  const a = g.artillery!;
  it("a manned gun is worked; a unit without a gun is refused", () => {
    expect(unmanned(g)).toBeNull();
    expect(withText(unmanned(unit(s, "fr-1")))).toEqual({ code: "artillery/not_artillery", rule: "WHN-ART-1", unit: "fr-1", text: "Unit fr-1 is not an artillery unit. [WHN-ART-1]" });
  });

  it("WHN-ART-15, WHN-ART-7, WHN-ART-16, WHN-ART-2: destroyed, sheltering, abandoned, crewless — in that order", () => {
    const all = { ...g, figures: 0, artillery: { ...a, gunDestroyed: true, shelteringIn: "sq" as never, abandoned: true } };
    expect(withText(unmanned(all))).toEqual({ code: "artillery/gun_destroyed", rule: "WHN-ART-15", unit: "fr-art", text: "The gun of fr-art is destroyed. [WHN-ART-15]" });
    const sheltering = { ...all, artillery: { ...all.artillery, gunDestroyed: false } };
    expect(withText(unmanned(sheltering))).toEqual({ code: "artillery/crew_sheltering", rule: "WHN-ART-7", unit: "fr-art", square: "sq", text: "The crew of fr-art are sheltering in a square. [WHN-ART-7]" });
    const abandoned = { ...sheltering, artillery: { ...sheltering.artillery, shelteringIn: null } };
    expect(withText(unmanned(abandoned))).toEqual({ code: "artillery/gun_abandoned", rule: "WHN-ART-16", unit: "fr-art", text: "The gun of fr-art has been left by its crew. [WHN-ART-16]" });
    const crewless = { ...abandoned, artillery: { ...abandoned.artillery, abandoned: false } };
    expect(withText(unmanned(crewless))).toEqual({ code: "artillery/no_crew", rule: "WHN-ART-2", unit: "fr-art", text: "Gun fr-art has no crew to work it. [WHN-ART-2]" });
    expect(unmanned({ ...crewless, figures: 1 })).toBeNull();
  });
});

describe("checkStep (CORE-TURN-2)", () => {
  it("CORE-TURN-2: null in a listed movement step; otherwise the phase, the step and the allowed steps", () => {
    expect(checkStep(base(), ["remaining"])).toBeNull();
    expect(checkStep(base({ phase: "movement", step: "compulsory" }), ["rally", "compulsory"])).toBeNull();
    const comp = base({ phase: "movement", step: "compulsory" });
    const steps = ["remaining"] as const;
    const v = checkStep(comp, steps);
    expect(withText(v)).toEqual({ code: "artillery/wrong_step", rule: "CORE-TURN-2", phase: "movement", step: "compulsory", allowed: ["remaining"], text: "This is done in the movement phase's remaining step, not now. [CORE-TURN-2]" });
    expect((v as Violation)["allowed"]).not.toBe(steps);
    expect(checkStep(base({ phase: "shooting" }), ["remaining"], "WHN-ART-7")).toEqual({ code: "artillery/wrong_step", rule: "WHN-ART-7", phase: "shooting", step: null, allowed: ["remaining"] });
    // a movement phase with no step set is not any step
    const noStep = { ...base(), turn: { ...base().turn, step: null } } as BattleState;
    expect(checkStep(noStep, ["remaining"])).toEqual({ code: "artillery/wrong_step", rule: "CORE-TURN-2", phase: "movement", step: null, allowed: ["remaining"] });
    // the right step name in another phase is still wrong
    const odd = { ...base({ phase: "shooting" }), turn: { ...base({ phase: "shooting" }).turn, step: "remaining" } } as BattleState;
    expect(checkStep(odd, ["remaining"])).toEqual({ code: "artillery/wrong_step", rule: "CORE-TURN-2", phase: "shooting", step: "remaining", allowed: ["remaining"] });
  });
});

describe("isEngaged (CORE-GEO-12)", () => {
  it("CORE-GEO-12: in a close combat, or touching an enemy; a touching friend or an enemy 0.01\" away does not count", () => {
    const lone = base();
    expect(isEngaged(lone, unit(lone, "fr-art"))).toBe(false);
    const touching = base(undefined, [gun("gb-art", "gb", {}, { position: { x: 36 + W, y: 20 } }), line("gb-1", 44)]);
    expect(isEngaged(touching, unit(touching, "fr-art"))).toBe(true);
    const near = base(undefined, [gun("gb-art", "gb", {}, { position: { x: 36 + W + 0.01, y: 20 } }), line("gb-1", 44)]);
    expect(isEngaged(near, unit(near, "fr-art"))).toBe(false);
    const friend = base(undefined, [gun("fr-2", "fr", {}, { position: { x: 36 + W, y: 20 } }), line("gb-1", 44)]);
    expect(isEngaged(friend, unit(friend, "fr-art"))).toBe(false);
    expect(isEngaged(friend, unit(friend, "fr-2"))).toBe(false);
    const removedEnemy = patch(touching, "gb-art", { removed: { reason: "destroyed", gameTurn: 1 } });
    expect(isEngaged(removedEnemy, unit(removedEnemy, "fr-art"))).toBe(false);
    const inCombat = { ...lone, combats: { c1: { id: "c1", units: ["fr-art", "gb-1"], chargers: [], lastWinner: null, rounds: 0, squareness: {} } } } as unknown as BattleState;
    expect(isEngaged(inCombat, unit(inCombat, "fr-art"))).toBe(true);
    expect(isEngaged(inCombat, unit(inCombat, "fr-1"))).toBe(false);
  });
});

describe("whyStationary (CORE-FLEE-1, WHN-MOVE-6, CORE-RALLY-4, CORE-CHRG-5, CORE-MOVE-4)", () => {
  const s = base();
  const why = (p: Partial<Unit>, st: BattleState = s) => withText(whyStationary(patch(st, "fr-art", p), unit(patch(st, "fr-art", p), "fr-art")));
  const fl = flagsOf(s, "fr-art");

  it("a free unit may move", () => {
    expect(whyStationary(s, unit(s, "fr-art"))).toBeNull();
  });

  it("CORE-FLEE-1, WHN-MOVE-6: fleeing comes before disordered", () => {
    expect(why({ order: "FLEEING", flags: { ...fl, ralliedFromFleeing: true } })).toEqual({ code: "artillery/fleeing", rule: "CORE-FLEE-1", unit: "fr-art", text: "Unit fr-art is fleeing. [CORE-FLEE-1]" });
    expect(why({ order: "DISORDERED", flags: { ...fl, ralliedFromFleeing: true } })).toEqual({ code: "artillery/disordered", rule: "WHN-MOVE-6", unit: "fr-art", text: "Unit fr-art is disordered and stays put this turn. [WHN-MOVE-6]" });
  });

  it("CORE-RALLY-4: a unit that rallied this turn", () => {
    expect(why({ flags: { ...fl, ralliedFromFleeing: true, charged: true } })).toEqual({ code: "artillery/rallied_from_fleeing", rule: "CORE-RALLY-4", unit: "fr-art", text: "Unit fr-art rallied this turn and may not move. [CORE-RALLY-4]" });
  });

  it("CORE-CHRG-5: a declared, made or failed charge each hold the unit", () => {
    const text = { code: "artillery/charged_this_turn", rule: "CORE-CHRG-5", unit: "fr-art", text: "Unit fr-art is charging this turn. [CORE-CHRG-5]" };
    expect(why({ flags: { ...fl, declaredCharge: true } })).toEqual(text);
    expect(why({ flags: { ...fl, charged: true } })).toEqual(text);
    expect(why({ flags: { ...fl, failedCharge: true } })).toEqual(text);
  });

  it("CORE-MOVE-4: an engaged unit", () => {
    const touching = base(undefined, [gun("gb-art", "gb", {}, { position: { x: 36 + W, y: 20 } }), line("gb-1", 44)]);
    expect(withText(whyStationary(touching, unit(touching, "fr-art")))).toEqual({ code: "artillery/engaged", rule: "CORE-MOVE-4", unit: "fr-art", text: "Unit fr-art is in close combat. [CORE-MOVE-4]" });
  });
});

describe("ownPiece, put and ownGunInStep (CORE-TURN-2)", () => {
  it("CORE-TURN-2: the active side's piece passes; the other side's is refused with its side", () => {
    const s = base(undefined, [gun("gb-art", "gb", {}, { position: { x: 10, y: 30 } }), line("gb-1", 44)]);
    expect(ownPiece(s, unit(s, "fr-art"))).toBeNull();
    expect(withText(ownPiece(s, unit(s, "gb-art")))).toEqual({ code: "artillery/not_your_unit", rule: "CORE-TURN-2", unit: "gb-art", side: "gb", text: "Unit gb-art is not the active player's. [CORE-TURN-2]" });
  });

  it("put replaces one unit and leaves the rest", () => {
    const s = base();
    const moved = put(s, { ...unit(s, "fr-art"), figures: 2 });
    expect(unit(moved, "fr-art").figures).toBe(2);
    expect(unit(moved, "fr-1")).toBe(unit(s, "fr-1"));
    expect(unit(s, "fr-art").figures).toBe(4);
  });

  it("CORE-TURN-2: step first, then the gun, then its owner", () => {
    const s = base(undefined, [gun("gb-art", "gb", {}, { position: { x: 10, y: 30 } }), line("gb-1", 44)]);
    expect(ownGunInStep(s, "fr-art" as never)).toBe(unit(s, "fr-art"));
    expect(ownGunInStep(s, "gb-art" as never)).toEqual({ code: "artillery/not_your_unit", rule: "CORE-TURN-2", unit: "gb-art", side: "gb" });
    expect(ownGunInStep(s, "fr-1" as never)).toEqual({ code: "artillery/not_artillery", rule: "WHN-ART-1", unit: "fr-1" });
    const comp = { ...s, turn: { ...s.turn, step: "compulsory" } } as BattleState;
    expect(ownGunInStep(comp, "fr-1" as never)).toEqual({ code: "artillery/wrong_step", rule: "CORE-TURN-2", phase: "movement", step: "compulsory", allowed: ["remaining"] });
  });
});
