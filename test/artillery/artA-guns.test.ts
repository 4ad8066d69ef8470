import { describe, expect, it } from "vitest";
import type { Unit } from "../../src/state/unit.js";
import { ammunitionRange, crewMove, gunMoveRate, gunOf, gunServesArm, hitLocation, mayFireShell, HIT_LOCATIONS } from "../../src/rules/whn/artillery/guns.js";
import { battle, gun, line, patch, patchGun, unit } from "../fixtures/artillery.js";

// Guns as data (WHN-ART-1 … WHN-ART-3, WHN-ART-8, WHN-ART-12, WHN-ART-14, WHN-ART-15), read through a real unit.
const g = (spec: Parameters<typeof gun>[2] = {}, over: Partial<Unit> = {}, art: Partial<NonNullable<Unit["artillery"]>> = {}): Unit => {
  const s = battle([gun("a", "fr", spec), line("gb-1", 40)]);
  return unit(patchGun(patch(s, "a", over), "a", art), "a");
};

describe("guns (WHN-ART-1, WHN-ART-3, WHN-ART-8, WHN-ART-14)", () => {
  it("WHN-ART-14: location die faces 1…6 → limber, horses, crew ×3, gun; out-of-range faces clamp", () => {
    expect([1, 2, 3, 4, 5, 6].map(hitLocation)).toEqual(["limber", "horses", "crew", "crew", "crew", "gun"]);
    expect(HIT_LOCATIONS).toEqual(["limber", "horses", "crew", "crew", "crew", "gun"]);
    expect(hitLocation(0)).toBe("limber");
    expect(hitLocation(7)).toBe("gun");
  });

  it("WHN-ART-1: heavy guns never serve as horse artillery; the others serve both arms", () => {
    expect(gunServesArm("heavy", "horse")).toBe(false);
    expect(gunServesArm("heavy", "foot")).toBe(true);
    for (const t of ["light", "medium", "howitzer"] as const) {
      expect(gunServesArm(t, "horse")).toBe(true);
      expect(gunServesArm(t, "foot")).toBe(true);
    }
  });

  it("WHN-ART-12: shell only from British guns or howitzers of any nation", () => {
    expect(mayFireShell(g({ gun: "medium" }))).toBe(false);
    expect(mayFireShell(g({ gun: "medium", british: true }))).toBe(true);
    expect(mayFireShell(g({ gun: "howitzer" }))).toBe(true);
    expect(mayFireShell(g({ gun: "heavy" }))).toBe(false);
  });

  it("WHN-ART-8: ranges by ammunition for each piece", () => {
    const r = (t: "light" | "medium" | "heavy" | "howitzer") => (["shot", "canister", "shell"] as const).map((a) => ammunitionRange(g({ gun: t }), a));
    expect(r("light")).toEqual([36, 12, 24]);
    expect(r("medium")).toEqual([48, 18, 36]);
    expect(r("heavy")).toEqual([60, 24, 48]);
    expect(r("howitzer")).toEqual([48, 8, 48]);
  });

  it("WHN-ART-3: unlimbered rate whatever the team; limbered by arm, less a horse hit each, never below 0", () => {
    expect(gunMoveRate(g({ gun: "light" }))).toBe(3);
    expect(gunMoveRate(g({ gun: "heavy" }))).toBe(1);
    expect(gunMoveRate(g({ gun: "light", arm: "horse" }), "LIMBERED")).toBe(8);
    expect(gunMoveRate(g({ gun: "light" }), "LIMBERED")).toBe(6);
    expect(gunMoveRate(g({ gun: "medium" }, { formation: "LIMBERED" }))).toBe(4);
    expect(gunMoveRate(g({ gun: "medium" }, { formation: "LIMBERED" }, { horseHits: 1 }))).toBe(3);
    expect(gunMoveRate(g({ gun: "medium" }, { formation: "LIMBERED" }, { horseHits: 4 }))).toBe(0);
    expect(gunMoveRate(g({ gun: "medium" }, { formation: "LIMBERED" }, { horseHits: 5 }))).toBe(0);
    expect(gunMoveRate(g({ gun: "medium" }, { formation: "LIMBERED" }, { horseHits: 1 }), "UNLIMBERED")).toBe(2);
  });

  it("WHN-ART-15: a disabled limber moves 0 limbered but keeps its unlimbered rate", () => {
    // A heavy gun has no horse team: a (patched) horse-arm heavy moves 0 limbered.
    expect(gunMoveRate(g({ gun: "heavy" }, {}, { arm: "horse" }), "LIMBERED")).toBe(0);
    expect(gunMoveRate(g({ gun: "heavy" }), "LIMBERED")).toBe(3);
    const d = g({ gun: "light", arm: "horse" }, {}, { limberDisabled: true });
    expect(gunMoveRate(d, "LIMBERED")).toBe(0);
    expect(gunMoveRate(d, "UNLIMBERED")).toBe(3);
  });

  it("WHN-ART-2: horse-artillery crew move 8\" (or their own M if more); foot crews their M", () => {
    expect(crewMove(g({ arm: "horse" }))).toBe(8);
    expect(crewMove(g({ arm: "horse" }, { profile: { ...g().profile, M: 9 } }))).toBe(9);
    expect(crewMove(g({ arm: "foot" }))).toBe(4);
    expect(crewMove(g({ arm: "foot" }, { profile: { ...g().profile, M: 9 } }))).toBe(9);
  });

  it("gunOf: a non-artillery unit is a programmer error (RangeError naming it)", () => {
    const s = battle([gun("a", "fr"), line("gb-1", 40)]);
    expect(() => gunOf(unit(s, "gb-1"))).toThrow(new RangeError('artillery: unit "gb-1" is not an artillery unit'));
    expect(gunOf(unit(s, "a")).gun).toBe("medium");
  });
});
